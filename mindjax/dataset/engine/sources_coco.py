"""COCO in MindSpore's layout: an image folder and one annotation JSON, for the tasks Detection,
Stuff, Keypoint, Panoptic and Captioning (columns and padding as MindSpore's CocoOp)."""
import json
import os

import numpy as np

from . import _errors as E
from . import validators as V
from .datasets import MappableDataset

__all__ = ["CocoDataset"]

_PAD = -1.0  # ragged coordinate lists are padded with it
_COLUMNS = {"Detection": ["image", "bbox", "category_id", "iscrowd"],
            "Stuff": ["image", "segmentation", "iscrowd"],
            "Keypoint": ["image", "keypoints", "num_keypoints"],
            "Panoptic": ["image", "bbox", "category_id", "iscrowd", "area"],
            "Captioning": ["image", "captions"]}


class CocoDataset(MappableDataset):
    """COCO images of ``dataset_dir`` with the annotations of ``annotation_file``; images without
    annotations are left out, the others keep the order of the JSON's ``images``.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.CocoDataset("coco/train2017", "coco/annotations/instances_train2017.json", decode=True)
    """

    def __init__(self, dataset_dir, annotation_file, task="Detection", num_samples=None, num_parallel_workers=None,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None, cache=None,
                 extra_metadata=False, decrypt=None):
        V.check_dataset_dir(dataset_dir)
        V.type_check(annotation_file, (str,), "annotation_file")
        if not os.path.isfile(annotation_file):
            raise ValueError(f"The file {annotation_file} does not exist or permission denied!")
        V.type_check(task, (str,), "task")
        if task not in _COLUMNS:
            raise ValueError(f"Invalid task type: {task}.")
        V.type_check(decode, (bool,), "decode")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir, self.annotation_file = os.fspath(dataset_dir), annotation_file
        self.task, self.decode = task, decode
        self._parsed = None

    def _columns(self):
        return list(_COLUMNS[self.task])

    def _need(self, tree, key):
        if not isinstance(tree, dict) or key not in tree:
            raise E.pipeline_error(f"Invalid annotation, the attribute of '{key}' is missing in annotation file: "
                                   f"{self.annotation_file}.")
        return tree[key]

    def _parse(self):
        if self._parsed is not None:
            return self._parsed
        try:
            with open(self.annotation_file) as f:
                js = json.load(f)
        except ValueError as e:
            raise E.pipeline_error(f"Invalid annotation file, Coco Dataset annotation file:{self.annotation_file} "
                                   f"load failed, error description: {e}") from None
        images = self._need(js, "images")
        if not images:
            raise E.pipeline_error(f"Invalid annotation, the 'image' node is missing in annotation file: "
                                   f"{self.annotation_file}.")
        index, order = {}, []
        for img in images:
            name = self._need(img, "file_name")
            index[self._need(img, "id")] = name
            order.append(name)
        categories = []
        category_ids = set()
        if self.task in ("Detection", "Panoptic"):
            for cat in self._need(js, "categories"):
                info = [cat["id"]] + ([cat["isthing"]] if self.task == "Panoptic" else [])
                category_ids.add(cat["id"])
                categories.append((cat["name"], info))
        coords, items, captions = {}, {}, {}
        for ann in self._need(js, "annotations"):
            image_id = self._need(ann, "image_id")
            if image_id not in index:
                raise E.pipeline_error(f"Invalid annotation, the attribute of 'image_id': {image_id} is missing in "
                                       f"the node of 'image' from annotation file: {self.annotation_file}")
            name = index[image_id]
            if self.task == "Detection":
                cat = self._need(ann, "category_id")
                if cat not in category_ids:
                    raise E.pipeline_error(f"Invalid annotation, the attribute of 'category_id': {cat} is missing in "
                                           f"the node of 'categories' from annotation file: {self.annotation_file}")
                coords.setdefault(name, []).append(list(self._need(ann, "bbox")))
                items.setdefault(name, []).append((cat, ann.get("iscrowd", 0)))
            elif self.task == "Stuff":
                crowd = self._need(ann, "iscrowd")
                items.setdefault(name, []).append((crowd,))
                seg = self._need(ann, "segmentation")
                if crowd == 0:
                    for poly in seg:
                        coords.setdefault(name, []).append(list(poly))
                else:
                    coords.setdefault(name, []).append(list(self._need(seg, "counts")))
            elif self.task == "Keypoint":
                items.setdefault(name, []).append((ann["num_keypoints"],))
                coords.setdefault(name, []).append(list(ann["keypoints"]))
            elif self.task == "Panoptic":
                for info in ann["segments_info"]:
                    coords.setdefault(name, []).append(list(info["bbox"]))
                    items.setdefault(name, []).append((info["category_id"], info["iscrowd"], info["area"]))
            else:
                captions.setdefault(name, []).append(self._need(ann, "caption"))
        have = captions if self.task == "Captioning" else coords
        ids = [n for n in order if n in have]
        if not ids:
            raise E.pipeline_error("Invalid data, 'CocoDataset' API can't read the data file (interface mismatch or "
                                   f"no data found). Check file in directory: {self.dataset_dir}.")
        self._parsed = (ids, coords, items, captions, categories)
        return self._parsed

    def _len(self):
        return len(self._parse()[0])

    def _get(self, index):
        ids, coords, items, captions, _ = self._parse()
        name = ids[index]
        path = os.path.join(self.dataset_dir, name)
        image = np.fromfile(path, dtype=np.uint8)
        if self.decode:
            from ..vision.transforms import _decode
            try:
                image = _decode(image)
            except Exception:
                raise E.pipeline_error(f"Invalid image, failed to decode {path}: the image is broken or permission "
                                       f"denied.") from None
        if self.task == "Captioning":
            return image, np.array(captions[name]).reshape(-1, 1)
        rows = coords[name]
        width = max(len(r) for r in rows)
        coord = np.array([list(r) + [_PAD] * (width - len(r)) for r in rows], np.float32).reshape(len(rows), width)
        cols = list(zip(*items[name]))
        return (image, coord) + tuple(np.array(c, np.uint32).reshape(-1, 1) for c in cols)

    def get_class_indexing(self):
        """{category name: [id]} (Panoptic: [id, isthing]) of a Detection or Panoptic dataset."""
        if self.task not in ("Detection", "Panoptic"):
            raise NotImplementedError("Only 'Detection' and 'Panoptic' support get_class_indexing.")
        return {name: info for name, info in self._parse()[4]}
