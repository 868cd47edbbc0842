"""More image sources in MindSpore's folder layouts: SVHN, Caltech101/256, Omniglot, Semeion, STL10,
USPS, QMNIST, SBU, Food101 and SUN397 (each checked against MindSpore 2.10 on tiny fake folders)."""
import os
import struct

import numpy as np

from . import _errors as E
from . import validators as V
from .datasets import GeneratorDataset, MappableDataset

__all__ = ["SVHNDataset", "Caltech101Dataset", "Caltech256Dataset", "OmniglotDataset", "SemeionDataset",
           "STL10Dataset", "QMnistDataset", "SBUDataset", "Food101Dataset", "SUN397Dataset"]


def _image(path, decode):
    data = np.fromfile(path, dtype=np.uint8)
    if not decode:
        return data
    from ..vision.transforms import _decode
    try:
        return _decode(data)
    except Exception:
        raise E.pipeline_error(f"Invalid image, {path} decode failed, the image is broken or permission "
                               f"denied.") from None


class _Listed(MappableDataset):
    """A source whose rows are a list of items found in ``dataset_dir`` on first use."""

    _names = ("image", "label")

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, decode=False):
        V.check_dataset_dir(dataset_dir)
        V.type_check(decode, (bool,), "decode")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self.decode = decode
        self._items = None

    def _list(self):
        raise NotImplementedError

    def _scan(self):
        if self._items is None:
            self._items = self._list()
        return self._items

    def _columns(self):
        return list(self._names)

    def _len(self):
        return len(self._scan())

    def _class_ids(self):
        out = {}
        for i, item in enumerate(self._scan()):
            out.setdefault(int(np.asarray(item[-1]).reshape(-1)[0]) if np.asarray(item[-1]).dtype.kind in "iu"
                           else str(item[-1]), []).append(i)
        return out


# ---- Python sources in MindSpore (GeneratorDataset underneath) --------------------------------------

class _SVHNSource:
    def __init__(self, dataset_dir, usage):
        from scipy.io import loadmat
        images, labels = [], []
        for u in (["train", "test", "extra"] if usage == "all" else [usage]):
            mat = loadmat(os.path.join(dataset_dir, u + "_32x32.mat"))
            images.append(np.transpose(mat["X"], [3, 0, 1, 2]))
            lab = mat["y"].astype(np.uint32).squeeze()
            labels.append(np.where(lab == 10, 0, lab).astype(np.uint32))
        self.images = np.concatenate(images)
        self.labels = np.concatenate(labels)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.images[i], self.labels[i]


class SVHNDataset(GeneratorDataset):
    """SVHN from ``{train,test,extra}_32x32.mat``: ``image`` uint8 (32, 32, 3), ``label`` uint32 (digit 0 is 0).

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.SVHNDataset("svhn", usage="train", shuffle=False)
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None):
        V.check_dataset_dir(dataset_dir)
        V.check_usage(usage, ["train", "test", "extra", "all"])
        self.dataset_dir = os.path.realpath(dataset_dir)
        self.usage = usage or "all"
        super().__init__(_SVHNSource(self.dataset_dir, self.usage), ["image", "label"], num_samples=num_samples,
                         num_parallel_workers=num_parallel_workers, shuffle=shuffle, sampler=sampler,
                         num_shards=num_shards, shard_id=shard_id)


class _Caltech101Source:
    _RENAME = {"Faces": "Faces_2", "Faces_easy": "Faces_3", "Motorbikes": "Motorbikes_16",
               "airplanes": "Airplanes_Side_2"}

    def __init__(self, dataset_dir, target_type, decode):
        self.image_dir = os.path.join(dataset_dir, "101_ObjectCategories")
        self.annotation_dir = os.path.join(dataset_dir, "Annotations")
        self.target_type, self.decode = target_type, decode
        self.classes = sorted(c for c in os.listdir(self.image_dir) if c != "BACKGROUND_Google")
        self.items = []
        for k, cls in enumerate(self.classes):
            sub = os.path.join(self.image_dir, cls)
            if os.path.isdir(sub) and os.access(sub, os.R_OK):
                self.items.extend((k, i) for i in range(1, len(os.listdir(sub)) + 1))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        k, i = self.items[index]
        path = os.path.join(self.image_dir, self.classes[k], "image_{:04d}.jpg".format(i))
        if not os.path.exists(path):
            raise ValueError("The image file {} does not exist or permission denied!".format(path))
        if self.decode:
            from PIL import Image
            image = np.asarray(Image.open(path).convert("RGB"))
        else:
            image = np.fromfile(path, dtype=np.uint8)
        if self.target_type == "category":
            return image, k
        cls = self.classes[k]
        ann = os.path.join(self.annotation_dir, self._RENAME.get(cls, cls), "annotation_{:04d}.mat".format(i))
        if not os.path.exists(ann):
            raise ValueError("The annotation file {} does not exist or permission denied!".format(ann))
        from scipy.io import loadmat
        contour = loadmat(ann)["obj_contour"]
        return (image, contour) if self.target_type == "annotation" else (image, k, contour)


class Caltech101Dataset(GeneratorDataset):
    """Caltech 101: ``101_ObjectCategories/<class>/image_NNNN.jpg`` (and ``Annotations`` for the contours).

    ``target_type`` 'category' (default: ``image``, ``category``), 'annotation' (``image``,
    ``annotation``) or 'all'; classes in sorted name order, ``BACKGROUND_Google`` left out.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.Caltech101Dataset("caltech101", decode=True, shuffle=False)
    """

    def __init__(self, dataset_dir, target_type=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None):
        V.check_dataset_dir(dataset_dir)
        if target_type is not None:
            V.type_check(target_type, (str,), "target_type")
            if target_type not in ("category", "annotation", "all"):
                raise ValueError(f"Input target_type is not within the valid set of ['category', 'annotation', "
                                 f"'all'].")
        self.dataset_dir = dataset_dir
        self.target_type = target_type or "category"
        self.decode = bool(decode)
        src = _Caltech101Source(os.path.realpath(dataset_dir), self.target_type, self.decode)
        names = {"category": ["image", "category"], "annotation": ["image", "annotation"]}.get(
            self.target_type, ["image", "category", "annotation"])
        super().__init__(src, names, num_samples=num_samples, num_parallel_workers=num_parallel_workers,
                         shuffle=shuffle, sampler=sampler, num_shards=num_shards, shard_id=shard_id)
        self._classes = src.classes

    def get_class_indexing(self):
        return {c: i for i, c in enumerate(self._classes)}


# ---- C++ sources in MindSpore ---------------------------------------------------------------------

class Caltech256Dataset(_Listed):
    """Caltech 256: one folder per class (``001.ak47`` ...); ``label`` int32 is the folder's rank.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.Caltech256Dataset("256_ObjectCategories", decode=True, shuffle=False)
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)

    def _list(self):
        root = self.dataset_dir
        items = []
        for k, cls in enumerate(sorted(e.name for e in os.scandir(root) if e.is_dir())):
            folder = os.path.join(root, cls)
            items.extend((os.path.join(folder, f), k) for f in sorted(os.listdir(folder))
                         if os.path.splitext(f)[1].lower() in (".jpg", ".jpeg"))
        if not items:
            raise E.pipeline_error(f"Invalid data, CaltechDataset API can't read the data file (interface mismatch "
                                   f"or no data found). Check caltech file path: {root}")
        return items

    def _get(self, index):
        path, k = self._scan()[index]
        return _image(path, self.decode), np.array(k, np.int32)


class OmniglotDataset(_Listed):
    """Omniglot: ``images_background`` (or ``images_evaluation`` with ``background=False``) /
    <alphabet>/<character>/*.png; ``label`` int32 numbers the characters in sorted order.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.OmniglotDataset("omniglot", background=True, decode=True, shuffle=False)
    """

    def __init__(self, dataset_dir, background=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.background = True if background is None else bool(background)

    def _list(self):
        root = os.path.join(self.dataset_dir, "images_background" if self.background else "images_evaluation")
        if not os.path.isdir(root):
            raise E.pipeline_error(f"Invalid dataset_dir, {root} may not exist or the path is not a directory.")
        items, k = [], 0
        for alpha in sorted(e.name for e in os.scandir(root) if e.is_dir()):
            for char in sorted(e.name for e in os.scandir(os.path.join(root, alpha)) if e.is_dir()):
                folder = os.path.join(root, alpha, char)
                items.extend((os.path.join(folder, f), k) for f in sorted(os.listdir(folder)))
                k += 1
        return items

    def _get(self, index):
        path, k = self._scan()[index]
        return _image(path, self.decode), np.array(k, np.int32)


class SemeionDataset(_Listed):
    """Semeion digits from ``semeion.data``: ``image`` uint8 (16, 16) of 0/1, ``label`` uint32.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.SemeionDataset("semeion", shuffle=False)
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _list(self):
        path = os.path.join(self.dataset_dir, "semeion.data")
        if not os.path.isfile(path):
            raise E.pipeline_error(f"Invalid file, failed to find semeion file: {self.dataset_dir}")
        items = []
        with open(path) as f:
            for line in f:
                vals = line.split()
                if not vals:
                    continue
                image = np.array([int(float(v)) for v in vals[:256]], np.uint8).reshape(16, 16)
                label = int(np.argmax([int(v) for v in vals[256:266]]))
                items.append((image, np.array(label, np.uint32)))
        return items

    def _get(self, index):
        return self._scan()[index]


class STL10Dataset(_Listed):
    """STL-10 binaries ``{train,test}_X.bin`` / ``_y.bin`` and ``unlabeled_X.bin``: ``image`` uint8
    (96, 96, 3), ``label`` int32 (0..9; -1 for unlabeled). 'all' reads test, train, unlabeled.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.STL10Dataset("stl10_binary", usage="train", shuffle=False)
    """

    _SIZE = 3 * 96 * 96

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_usage(usage, ["train", "test", "unlabeled", "train+unlabeled", "all"])
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.usage = usage or "all"

    def _list(self):
        parts = {"train": ["train"], "test": ["test"], "unlabeled": ["unlabeled"],
                 "train+unlabeled": ["train", "unlabeled"], "all": ["test", "train", "unlabeled"]}[self.usage]
        for p in ("train", "test", "unlabeled"):
            path = os.path.join(self.dataset_dir, p + "_X.bin")
            if p in parts and not os.path.isfile(path):
                raise E.pipeline_error(f"Invalid file, failed to find STL10 {self.usage} data file: {path}")
        images, labels = [], []
        for p in parts:
            raw = np.fromfile(os.path.join(self.dataset_dir, p + "_X.bin"), np.uint8)
            n = raw.size // self._SIZE
            # stored column-major per channel: (N, C, W, H) -> HWC
            images.append(raw[:n * self._SIZE].reshape(n, 3, 96, 96).transpose(0, 3, 2, 1))
            if p == "unlabeled":
                labels.append(np.full(n, -1, np.int32))
            else:
                y = np.fromfile(os.path.join(self.dataset_dir, p + "_y.bin"), np.uint8)
                labels.append(y[:n].astype(np.int32) - 1)
        return list(zip(np.ascontiguousarray(np.concatenate(images)), np.concatenate(labels)))

    def _get(self, index):
        img, lab = self._scan()[index]
        return img, np.array(lab, np.int32)


class QMnistDataset(_Listed):
    """QMNIST IDX files: ``image`` uint8 (28, 28, 1); ``label`` uint32, the class (``compat=True``) or
    the 8 label fields (big-endian int32 in the file). ``usage``: train, test, test10k, test50k, nist or
    all (train, test, nist).

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.QMnistDataset("qmnist", usage="train", shuffle=False)
    """

    def __init__(self, dataset_dir, usage=None, compat=True, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_usage(usage, ["train", "test", "test10k", "test50k", "nist", "all"])
        V.type_check(compat, (bool,), "compat")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.usage = usage or "all"
        self.compat = compat

    def _pair(self, prefix, skip=0, count=None):
        ip = os.path.join(self.dataset_dir, prefix + "-images-idx3-ubyte")
        lp = os.path.join(self.dataset_dir, prefix + "-labels-idx2-int")
        for p in (ip, lp):
            if not os.path.isfile(p):
                raise E.pipeline_error(f"Invalid file path, Qmnist data file: {p} does not exist or is a directory.")
        with open(ip, "rb") as f:
            _, n, rows, cols = struct.unpack(">IIII", f.read(16))
            if count is None:
                count = n - skip
            f.seek(16 + skip * rows * cols)
            data = f.read(count * rows * cols)
        if len(data) != count * rows * cols:
            raise E.pipeline_error(f"Invalid file, failed to read {count * rows * cols} bytes from {ip}: the data "
                                   f"file is damaged or the content is incomplete.")
        with open(lp, "rb") as f:
            _, m, width = struct.unpack(">III", f.read(12))
            f.seek(12 + skip * width * 4)
            lab = np.frombuffer(f.read(count * width * 4), ">i4").reshape(-1, width)
        images = np.frombuffer(data, np.uint8).reshape(count, rows, cols, 1)
        return list(zip(images, lab.astype(np.uint32)))

    def _list(self):
        if self.usage == "all":
            return self._pair("qmnist-train") + self._pair("qmnist-test") + self._pair("xnist")
        if self.usage == "test10k":
            return self._pair("qmnist-test", 0, 10000)
        if self.usage == "test50k":
            return self._pair("qmnist-test", 10000, 50000)
        return self._pair({"train": "qmnist-train", "test": "qmnist-test", "nist": "xnist"}[self.usage])

    def _get(self, index):
        img, lab = self._scan()[index]
        return img, (np.array(lab[0], np.uint32) if self.compat else np.array(lab, np.uint32))


class SBUDataset(_Listed):
    """SBU captioned photos: the url and caption files, images in ``sbu_images`` named after the url;
    ``image`` (raw bytes or decoded) and ``caption`` (a string); urls whose image is absent are skipped.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.SBUDataset("sbu", decode=True, shuffle=False)
    """

    _names = ("image", "caption")

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_dataset_dir(dataset_dir)
        for name in ("SBU_captioned_photo_dataset_urls.txt", "SBU_captioned_photo_dataset_captions.txt"):
            path = os.path.join(dataset_dir, name)
            if not os.path.isfile(path):
                raise ValueError(f"The file {path} does not exist or permission denied!")
        folder = os.path.join(dataset_dir, "sbu_images")
        if not os.path.isdir(folder):
            raise ValueError(f"The folder {folder} does not exist or is not a directory or permission denied!")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)

    def _list(self):
        root = os.path.realpath(self.dataset_dir)
        folder = os.path.join(root, "sbu_images")
        urls_path = os.path.join(root, "SBU_captioned_photo_dataset_urls.txt")
        caps_path = os.path.join(root, "SBU_captioned_photo_dataset_captions.txt")
        with open(urls_path, encoding="utf-8") as f:
            urls = f.read().split("\n")
        with open(caps_path, encoding="utf-8") as f:
            caps = f.read().split("\n")
        items = []
        for k, (url, cap) in enumerate(zip(urls, caps)):
            if bool(url) != bool(cap):
                raise E.pipeline_error(f"Invalid data, SBU url: {urls_path} and caption file: {caps_path} load "
                                       f"empty data at line: {k}.")
            if not url:
                continue
            if len(url) <= 23:
                raise E.pipeline_error(f"Invalid url in {urls_path}: {url}")
            path = os.path.join(folder, url[23:].replace("/", "_"))
            if os.path.isfile(path):
                items.append((path, cap.rstrip(" ")))
        if not items:
            raise E.pipeline_error(f"Invalid data, no valid images in {folder}, check SBU dataset.")
        return items

    def _get(self, index):
        path, cap = self._scan()[index]
        return _image(path, self.decode), np.array(cap)


class Food101Dataset(_Listed):
    """Food-101: ``images/<class>/<id>.jpg`` listed by ``meta/train.txt`` / ``meta/test.txt``;
    ``label`` is the class name (a string). 'all' reads train then test.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.Food101Dataset("food-101", usage="test", decode=True, shuffle=False)
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_usage(usage, ["train", "test", "all"])
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.usage = usage or "all"

    def _list(self):
        images = os.path.join(self.dataset_dir, "images")
        if not os.path.isdir(images):
            raise E.pipeline_error(f"Invalid path, Food101 image path: {images} does not exist.")
        items = []
        for u in (["train", "test"] if self.usage == "all" else [self.usage]):
            meta = os.path.join(self.dataset_dir, "meta", u + ".txt")
            if not os.path.isfile(meta):
                raise E.pipeline_error(f"Invalid file, failed to open Food101 meta file: {meta}")
            with open(meta, encoding="utf-8") as f:
                for line in f.read().split("\n"):
                    if line.strip():
                        items.append((os.path.join(images, line.strip() + ".jpg"), line.strip().split("/")[0]))
        return items

    def _get(self, index):
        path, cls = self._scan()[index]
        return _image(path, self.decode), np.array(cls)


class SUN397Dataset(_Listed):
    """SUN397: classes listed in ``ClassName.txt`` (``/a/abbey`` ...), images under those paths;
    ``label`` uint32 is the class's line in ``ClassName.txt``, rows in sorted class-path order.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.SUN397Dataset("SUN397", decode=True, shuffle=False)
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)

    def _list(self):
        names = os.path.join(self.dataset_dir, "ClassName.txt")
        if not os.path.isfile(names):
            raise E.pipeline_error(f"Invalid file, failed to open {names}: SUN397 file is damaged or permission "
                                   f"denied.")
        with open(names, encoding="utf-8") as f:
            classes = [ln.strip() for ln in f if ln.strip()]
        label = {c: i for i, c in enumerate(classes)}
        items = []
        for cls in sorted(classes):
            folder = os.path.join(self.dataset_dir, cls.lstrip("/"))
            if os.path.isdir(folder):
                items.extend((os.path.join(folder, f), label[cls]) for f in sorted(os.listdir(folder))
                             if os.path.isfile(os.path.join(folder, f)))
        return items

    def _get(self, index):
        path, k = self._scan()[index]
        return _image(path, self.decode), np.array(k, np.uint32)

