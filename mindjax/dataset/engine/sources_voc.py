"""PASCAL VOC in MindSpore's layout: ``ImageSets/{Main,Segmentation}/<usage>.txt`` names the images of
``JPEGImages/<id>.jpg``; detection reads ``Annotations/<id>.xml``, segmentation
``SegmentationClass/<id>.png``."""
import os
import xml.etree.ElementTree as ET

import numpy as np

from . import _errors as E
from . import validators as V
from .datasets import MappableDataset

__all__ = ["VOCDataset"]


def _float(node, name):
    child = node.find(name) if node is not None else None
    if child is None or child.text is None:
        return 0.0
    try:
        return float(child.text.strip())
    except ValueError:
        return 0.0


class VOCDataset(MappableDataset):
    """VOC detection (columns ``image``, ``bbox`` float32 (n, 4) as x, y, w, h, ``label``, ``difficult``,
    ``truncate`` uint32 (n, 1)) or segmentation (``image``, ``target``).

    Labels are numbered in sorted order of the class names met in the annotations, unless
    ``class_indexing`` gives them (objects of other classes are then dropped).

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.VOCDataset("VOC2012", task="Detection", usage="train", decode=True)
    """

    def __init__(self, dataset_dir, task="Segmentation", usage="train", class_indexing=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None,
                 shard_id=None, cache=None, extra_metadata=False, decrypt=None):
        V.check_dataset_dir(dataset_dir)
        V.type_check(task, (str,), "task")
        V.type_check(usage, (str,), "usage")
        if task not in ("Segmentation", "Detection"):
            raise ValueError(f"Invalid task : {task}.")
        if task == "Segmentation" and class_indexing:
            raise ValueError("class_indexing is not supported in Segmentation task.")
        if class_indexing is not None:
            V.type_check(class_indexing, (dict,), "class_indexing")
        V.type_check(decode, (bool,), "decode")
        sets = os.path.join(dataset_dir, "ImageSets", "Main" if task == "Detection" else "Segmentation",
                            usage + ".txt")
        if not os.path.isfile(sets):
            raise ValueError(f"The file {sets} does not exist or permission denied!")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self.task, self.usage, self.decode = task, usage, decode
        self.class_indexing = dict(class_indexing or {})
        self._ids = None
        self._ann = {}
        self._labels = {}

    def _columns(self):
        if self.task == "Segmentation":
            return ["image", "target"]
        return ["image", "bbox", "label", "difficult", "truncate"]

    def _path(self, *parts):
        return os.path.join(self.dataset_dir, *parts)

    def _parse_annotation(self, path):
        if not os.path.exists(path):
            raise E.pipeline_error(f"Invalid file path, {path} does not exist.")
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            raise E.pipeline_error(f"Invalid xml, failed to load {path}: the xml file is damaged or incorrect "
                                   f"format.") from None
        objects = root.findall("object")
        if not objects:
            raise E.pipeline_error(f"Invalid xml, the node of object is missing in {path}.")
        ann = []
        for obj in objects:
            name_node = obj.find("name")
            name = name_node.text if name_node is not None and name_node.text is not None else ""
            difficult, truncated = _float(obj, "difficult"), _float(obj, "truncated")
            box = obj.find("bndbox")
            if box is None:
                raise E.pipeline_error(f"Invalid xml, the node of bndbox is missing in {path}")
            xmin, xmax, ymin, ymax = (_float(box, k) for k in ("xmin", "xmax", "ymin", "ymax"))
            if not (xmin > 0 and ymin > 0 and xmax > xmin and ymax > ymin):
                raise E.pipeline_error(f"Invalid bndbox, the coordinate of bndbox in {path} should be greater than "
                                       f"0, but got {{{int(xmin)}, {int(ymin)}, {int(xmax)}, {int(ymax)}}}")
            if name and (not self.class_indexing or name in self.class_indexing):
                ann.append((name, [xmin, ymin, xmax - xmin, ymax - ymin, difficult, truncated]))
                self._labels[name] = 0
        if ann:
            self._ann[path] = ann

    def _scan(self):
        if self._ids is not None:
            return self._ids
        sub = "Main" if self.task == "Detection" else "Segmentation"
        with open(self._path("ImageSets", sub, self.usage + ".txt"), "rb") as f:
            ids = [ln.decode("utf-8").rstrip("\r") for ln in f.read().split(b"\n")]
        if ids and ids[-1] == "":
            ids.pop()
        if self.task == "Detection":
            kept = []
            for i in ids:
                path = self._path("Annotations", i + ".xml")
                self._parse_annotation(path)
                if path in self._ann:
                    kept.append(i)
            ids = kept
            for k, name in enumerate(sorted(self._labels)):
                self._labels[name] = k
            if not ids:
                raise E.pipeline_error("Invalid data, VOCDataset API can't read the data file (interface mismatch "
                                       f"or no data found). Check file in directory:{self.dataset_dir}")
        self._ids = ids
        return ids

    def _len(self):
        return len(self._scan())

    def _image(self, path):
        data = np.fromfile(path, dtype=np.uint8)
        if self.decode:
            from ..vision.transforms import _decode
            try:
                data = _decode(data)
            except Exception:
                raise E.pipeline_error(f"Invalid image, failed to decode {path}: the image is damaged or "
                                       f"permission denied.") from None
        return data

    def _get(self, index):
        i = self._scan()[index]
        image = self._image(self._path("JPEGImages", i + ".jpg"))
        if self.task == "Segmentation":
            return image, self._image(self._path("SegmentationClass", i + ".png"))
        ann = self._ann[self._path("Annotations", i + ".xml")]
        labels = [self.class_indexing.get(n, self._labels[n]) for n, _ in ann]
        n = len(ann)
        bbox = np.array([b[:4] for _, b in ann], np.float32).reshape(n, 4)
        return (image, bbox, np.array(labels, np.uint32).reshape(n, 1),
                np.array([b[4] for _, b in ann], np.float32).astype(np.uint32).reshape(n, 1),
                np.array([b[5] for _, b in ann], np.float32).astype(np.uint32).reshape(n, 1))

    def _class_ids(self):
        out = {}
        for k, i in enumerate(self._scan()):
            ann = self._ann.get(self._path("Annotations", i + ".xml"), [])
            for name, _ in ann[:1]:
                out.setdefault(self.class_indexing.get(name, self._labels[name]), []).append(k)
        return out

    def get_class_indexing(self):
        """{class name: label} of a detection dataset."""
        if self.task != "Detection":
            raise NotImplementedError("get_class_indexing is not supported in Segmentation task.")
        if self.class_indexing:
            return dict(self.class_indexing)
        self._scan()
        return dict(self._labels)
