"""Image sources in MindSpore's layouts, continued: USPS (libsvm text, non-mappable), FakeImage
(MindSpore's generator reproduced) and more folder layouts."""
import os

import numpy as np

from . import _errors as E
from . import validators as V
from .datasets import GeneratorDataset, MappableDataset
from .sources_text import _Corpus

__all__ = ["USPSDataset", "FakeImageDataset", "Flowers102Dataset", "Places365Dataset", "DIV2KDataset",
           "RenderedSST2Dataset", "FlickrDataset", "ManifestDataset", "SBDataset"]


class USPSDataset(_Corpus):
    """USPS digits, libsvm lines in ``usps`` (train) / ``usps.t`` (test): ``image`` uint8 (16, 16, 1)
    (pixels in [-1, 1] mapped to [0, 255]), ``label`` uint32. Non-mappable, read as MindSpore's file
    readers read.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.USPSDataset("usps", usage="test", shuffle=False)
    """

    _splits = {"train": "usps", "test": "usps.t"}
    _valid = ("train", "test", "all")
    _names = ("image", "label")
    _label = ("USPSDataset", "usps")

    def _check_files(self):
        for u, f in (("train", "usps"), ("test", "usps.t")):
            path = os.path.join(self.dataset_dir, f)
            if (self.usage in (u, "all")) and not os.path.isfile(path):
                raise E.pipeline_error(f"Invalid file, USPS dataset {u} file: {path} does not exist or is a "
                                       f"directory.")

    def _read(self, path):
        rows = []
        with open(path, encoding="utf-8") as f:
            for line in f.read().split("\n"):
                if not line:
                    continue
                items = line.split(" ")[:-1]  # as MindSpore, a field counts when a space follows it
                if len(items) != 257:
                    raise E.pipeline_error(f"Invalid data, the number of split characters ':' in USPS data file is "
                                           f"corrupted, should be 257, but got {len(items)}.")
                label = np.array(int(items[0]) - 1, np.uint32)
                pix = np.empty(256, np.uint8)
                for k, item in enumerate(items[1:]):
                    key, _, value = item.partition(":")
                    if int(key) != k + 1:
                        raise E.pipeline_error(f"Invalid data, the character before ':' should be {k + 1}, but got "
                                               f"{key}.")
                    pix[k] = int((float(np.float32(value)) + 1.0) / 2.0 * 255.0)
                rows.append((pix.reshape(16, 16, 1), label))
        return rows




class FakeImageDataset(MappableDataset):
    """Random images, as MindSpore generates them: row ``i``'s label is ``uniform_int(0, num_classes - 1)``
    of a ``std::mt19937`` seeded ``base_seed + i``; its image comes from the same generator re-seeded,
    normal(0, 1) doubles clipped to [0, 255] whose leading bytes MindSpore hands out as the uint8
    image (shape ``image_size``). ``label`` uint32.

    Examples:
        >>> import mindjax.dataset as ds
        >>> d = ds.FakeImageDataset(num_images=4, image_size=(2, 2, 3), num_classes=3, shuffle=False)
        >>> d.get_dataset_size()
        4
    """

    def __init__(self, num_images=1000, image_size=(224, 224, 3), num_classes=10, base_seed=0, num_samples=None,
                 num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        V.type_check(num_images, (int,), "num_images")
        V.check_value(num_images, 1, V.INT32_MAX, "num_images")
        V.type_check(image_size, (tuple, list), "image_size")
        if len(image_size) != 3:
            raise ValueError(f"image_size should be a list or tuple of length 3, but got {len(image_size)}")
        for v in image_size:
            V.type_check(v, (int,), "image_size")
            V.check_value(v, 1, V.INT32_MAX, "image_size")
        V.type_check(num_classes, (int,), "num_classes")
        V.check_value(num_classes, 1, V.INT32_MAX, "num_classes")
        V.type_check(base_seed, (int,), "base_seed")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.num_images, self.image_size = num_images, tuple(image_size)
        self.num_classes, self.base_seed = num_classes, base_seed
        self._images = {}

    def _columns(self):
        return ["image", "label"]

    def _len(self):
        return self.num_images

    def _label(self, index):
        from . import _stdrandom as R
        return R.uniform_int(R.MT19937((self.base_seed + index) & 0xFFFFFFFF), 0, self.num_classes - 1)

    def _image(self, index):
        from . import _stdrandom as R
        n = int(np.prod(self.image_size))
        g = R.MT19937((self.base_seed + index) & 0xFFFFFFFF)
        out = np.empty(-(-n // 8), np.float64)
        k = 0
        while k < out.size:  # libstdc++'s normal_distribution: the polar method, two values per draw
            while True:
                x = 2.0 * R.canonical(g) - 1.0
                y = 2.0 * R.canonical(g) - 1.0
                r2 = x * x + y * y
                if 0.0 < r2 <= 1.0:
                    break
            mult = np.sqrt(-2.0 * np.log(r2) / r2)
            out[k] = y * mult
            if k + 1 < out.size:
                out[k + 1] = x * mult
            k += 2
        return np.clip(out, 0, 255).view(np.uint8)[:n].reshape(self.image_size).copy()

    def _get(self, index):
        if index not in self._images:
            self._images[index] = self._image(index)
        return self._images[index], np.array(self._label(index), np.uint32)

    def _class_ids(self):
        out = {}
        for i in range(self.num_images):
            out.setdefault(self._label(i), []).append(i)
        return out



def _image(path, decode):
    from .sources_folders2 import _image as read
    return read(path, decode)


class _Items(MappableDataset):
    """A mappable source whose rows are a list of items found on first use (``_list``, ``_row``)."""

    _names = ("image", "label")

    def __init__(self, dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                 decode=False):
        V.check_dataset_dir(dataset_dir)
        V.type_check(decode, (bool,), "decode")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self.decode = decode
        self._items = None

    def _scan(self):
        if self._items is None:
            self._items = self._list()
        return self._items

    def _columns(self):
        return list(self._names)

    def _len(self):
        return len(self._scan())

    def _get(self, index):
        return self._row(self._scan()[index])


class _Flowers102Source:
    def __init__(self, dataset_dir, task, usage, decode):
        from scipy.io import loadmat
        self.dir, self.task, self.decode = dataset_dir, task, decode
        self.labels = (loadmat(os.path.join(dataset_dir, "imagelabels.mat"))["labels"][0] - 1).astype(np.uint32)
        setid = loadmat(os.path.join(dataset_dir, "setid.mat"))
        keys = {"train": ["trnid"], "test": ["tstid"], "valid": ["valid"], "all": ["trnid", "tstid", "valid"]}[usage]
        self.indices = [int(i) for k in keys for i in setid[k][0].tolist()]

    def __len__(self):
        return len(self.indices)

    def _read(self, path, what):
        if not os.path.exists(path):
            raise RuntimeError(f"Can not find {what} file: " + path)
        if self.decode:
            from PIL import Image
            return np.asarray(Image.open(path).convert("RGB"))
        return np.fromfile(path, dtype=np.uint8)

    def __getitem__(self, index):
        i = self.indices[index]
        image = self._read(os.path.join(self.dir, "jpg", "image_%05d.jpg" % i), "image")
        label = self.labels[i - 1]
        if self.task == "Segmentation":
            seg = self._read(os.path.join(self.dir, "segmim", "segmim_%05d.jpg" % i), "segmentation")
            return image, seg, label
        return image, label


class Flowers102Dataset(GeneratorDataset):
    """Oxford 102 Flowers: ``jpg/image_NNNNN.jpg`` with ``imagelabels.mat`` and ``setid.mat`` (and
    ``segmim`` for ``task='Segmentation'``); ``label`` uint32 in 0..101.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.Flowers102Dataset("flowers102", usage="train", decode=True, shuffle=False)
    """

    def __init__(self, dataset_dir, task="Classification", usage="all", num_samples=None, num_parallel_workers=1,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None):
        V.check_dataset_dir(dataset_dir)
        V.type_check(task, (str,), "task")
        if task not in ("Classification", "Segmentation"):
            raise ValueError("Input task is not within the valid set of ['Classification', 'Segmentation'].")
        V.check_usage(usage, ["train", "valid", "test", "all"])
        for sub in ("jpg",) + (("segmim",) if task == "Segmentation" else ()):
            V.check_dataset_dir(os.path.join(dataset_dir, sub))
        for name in ("imagelabels.mat", "setid.mat"):
            path = os.path.join(dataset_dir, name)
            if not os.path.isfile(path):
                raise ValueError(f"The file {path} does not exist or permission denied!")
        self.dataset_dir, self.task, self.usage, self.decode = dataset_dir, task, usage or "all", bool(decode)
        src = _Flowers102Source(os.path.realpath(dataset_dir), task, self.usage, self.decode)
        names = ["image", "label"] if task == "Classification" else ["image", "segmentation", "label"]
        super().__init__(src, names, num_samples=num_samples, num_parallel_workers=num_parallel_workers,
                         shuffle=shuffle, sampler=sampler, num_shards=num_shards, shard_id=shard_id)


class Places365Dataset(_Items):
    """Places365: ``places365_train_standard.txt`` / ``places365_train_challenge.txt`` /
    ``places365_val.txt`` list images (under ``data_256_standard`` ..., ``val_256`` or the ``large``
    folders with ``small=False``) and labels (uint32); ``categories_places365.txt`` names the classes.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.Places365Dataset("places365", usage="val", small=True, decode=True, shuffle=False)
    """

    def __init__(self, dataset_dir, usage=None, small=True, decode=False, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_usage(usage, ["train-standard", "train-challenge", "val"])
        V.type_check(small, (bool,), "small")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.usage, self.small = usage or "train-standard", small

    def _open(self, name):
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            raise E.pipeline_error(f"Invalid file, failed to open {path}: Places365 file is damaged or permission "
                                   f"denied.")
        with open(path, encoding="utf-8") as f:
            return [ln.split() for ln in f.read().split("\n") if ln.strip()]

    def _list(self):
        self._open("categories_places365.txt")
        size = "256" if self.small else "large"
        if self.usage == "val":
            folder = os.path.join(self.dataset_dir, f"val_{size}")
            lines = self._open("places365_val.txt")
            return [(os.path.join(folder, p), int(k)) for p, k in lines]
        kind = self.usage.split("-")[1]
        folder = os.path.join(self.dataset_dir, f"data_{size}_{kind}")
        lines = self._open(f"places365_train_{kind}.txt")
        return [(folder + p if p.startswith("/") else os.path.join(folder, p), int(k)) for p, k in lines]

    def _row(self, item):
        return _image(item[0], self.decode), np.array(item[1], np.uint32)


class DIV2KDataset(_Items):
    """DIV2K super-resolution pairs: ``hr_image`` from ``DIV2K_<usage>_HR/NNNN.png`` and ``lr_image``
    from ``DIV2K_<usage>_LR_<downgrade>/X<scale>/NNNNx<scale>.png`` (``..._LR_mild/NNNNx4m.png`` for
    mild, difficult (d) and wild (w)); 'all' reads train then valid.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.DIV2KDataset("DIV2K", usage="train", downgrade="bicubic", scale=2, decode=True)
    """

    _names = ("hr_image", "lr_image")
    _SCALES = {"bicubic": (2, 3, 4, 8), "unknown": (2, 3, 4), "mild": (4,), "difficult": (4,), "wild": (4,)}

    def __init__(self, dataset_dir, usage="train", downgrade="bicubic", scale=2, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        V.check_usage(usage, ["train", "valid", "all"])
        V.type_check(downgrade, (str,), "downgrade")
        if downgrade not in self._SCALES:
            raise ValueError("Input downgrade is not within the valid set of ['bicubic', 'unknown', 'mild', "
                             "'difficult', 'wild'].")
        V.type_check(scale, (int,), "scale")
        if scale not in (2, 3, 4, 8):
            raise ValueError("Input scale is not within the valid set of [2, 3, 4, 8].")
        if scale not in self._SCALES[downgrade]:
            if downgrade == "unknown":
                raise ValueError("DIV2KNode: scale 8 only can be used when downgrade is 'bicubic'.")
            raise ValueError(f"DIV2KNode: {downgrade} downgrade requires scale equal to 4.")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.usage, self.downgrade, self.scale = usage or "train", downgrade, scale

    def _list(self):
        items = []
        for u in (["train", "valid"] if self.usage == "all" else [self.usage]):
            hr = os.path.join(self.dataset_dir, f"DIV2K_{u}_HR")
            if not os.path.isdir(hr):
                raise E.pipeline_error(f"Invalid path, div2k hr image dir: {hr} is not a directory.")
            if self.downgrade in ("bicubic", "unknown"):
                lr = os.path.join(self.dataset_dir, f"DIV2K_{u}_LR_{self.downgrade}", f"X{self.scale}")
                suffix = f"x{self.scale}"
            else:
                lr = os.path.join(self.dataset_dir, f"DIV2K_{u}_LR_{self.downgrade}")
                suffix = "x4" + self.downgrade[0]
            if not os.path.isdir(lr):
                raise E.pipeline_error(f"Invalid path, div2k lr image dir: {lr} is not a directory.")
            for name in sorted(os.listdir(hr)):
                stem, ext = os.path.splitext(name)
                lr_path = os.path.join(lr, stem + suffix + ext)
                if not os.path.isfile(lr_path):
                    raise E.pipeline_error(f"Invalid file, can not find lr image {lr_path} of hr image "
                                           f"{os.path.join(hr, name)}.")
                items.append((os.path.join(hr, name), lr_path))
        return items

    def _row(self, item):
        return _image(item[0], self.decode), _image(item[1], self.decode)


class RenderedSST2Dataset(_Items):
    """Rendered SST-2: ``<split>/<negative|positive>/*.png`` (split folders train, valid, test; usage
    'val' reads valid); ``label`` uint32 (negative 0, positive 1); 'all' reads the splits in sorted
    folder order.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.RenderedSST2Dataset("rendered-sst2", usage="test", decode=True, shuffle=False)
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        if usage is not None and usage not in ("val", "all", "train", "test"):
            raise ValueError("Input  is not within the valid set of ['val', 'all', 'train', 'test'].")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         decode)
        self.usage = usage or "all"

    def _list(self):
        splits = sorted(["train", "valid", "test"]) if self.usage == "all" else \
            [{"val": "valid"}.get(self.usage, self.usage)]
        items = []
        for split in splits:
            for k, lab in enumerate(("negative", "positive")):
                folder = os.path.join(self.dataset_dir, split, lab)
                if os.path.isdir(folder):
                    items.extend((os.path.join(folder, n), k) for n in sorted(os.listdir(folder)))
        if not items:
            raise E.pipeline_error(f"Invalid data, RenderedSST2Dataset API can't read the data file (interface "
                                   f"mismatch or no data found). Check rendered sst2 file path: {self.dataset_dir}")
        return items

    def _row(self, item):
        return _image(item[0], self.decode), np.array(item[1], np.uint32)


class FlickrDataset(_Items):
    """Flickr8k / Flickr30k: images in ``dataset_dir`` and an ``annotation_file`` of lines
    ``<image>#<k>\\t<caption>``; ``annotation`` is the 1-D string array of an image's captions, images in
    the order they first appear.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.FlickrDataset("Flickr8k_Dataset", "Flickr8k.token.txt", decode=True, shuffle=False)
    """

    _names = ("image", "annotation")

    def __init__(self, dataset_dir, annotation_file, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_dataset_dir(dataset_dir)
        if not os.path.isfile(annotation_file):
            raise ValueError(f"The file {annotation_file} does not exist or permission denied!")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         bool(decode))
        self.annotation_file = annotation_file

    def _list(self):
        caps = {}
        with open(self.annotation_file, encoding="utf-8") as f:
            for line in f.read().split("\n"):
                if not line.strip():
                    continue
                key, _, cap = line.partition("\t")
                name = key.split("#")[0]
                path = os.path.join(self.dataset_dir, name)
                if name not in caps:
                    if not os.path.isfile(path):
                        raise E.pipeline_error(f"Invalid file path, flickr dataset file: {path} does not exist.")
                    caps[name] = []
                caps[name].append(cap.strip())
        return [(os.path.join(self.dataset_dir, n), c) for n, c in caps.items()]

    def _row(self, item):
        return _image(item[0], self.decode), np.array(item[1])


class ManifestDataset(MappableDataset):
    """Rows of a manifest file: JSON lines ``{"source": image path, "usage": ..., "annotation":
    [{"name": class, ...}]}``; rows of ``usage`` ('train', 'eval' or 'inference'), ``label`` int32 the
    class index (sorted class names, or ``class_indexing``), a 1-D array when a row has several.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.ManifestDataset("data.manifest", usage="eval", decode=True, shuffle=False)
    """

    def __init__(self, dataset_file, usage="train", num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None):
        V.type_check(dataset_file, (str,), "dataset_file")
        if not os.path.isfile(dataset_file):
            raise ValueError(f"The file {dataset_file} does not exist or permission denied!")
        if class_indexing is not None:
            V.type_check(class_indexing, (dict,), "class_indexing")
        V.type_check(decode, (bool,), "decode")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_file, self.usage, self.decode = dataset_file, usage, decode
        self.class_indexing = class_indexing
        self._items = None
        self._classes = None

    def _scan(self):
        if self._items is None:
            import json
            if self.usage not in ("train", "eval", "inference"):
                from .sources_text import _syntax_error
                raise _syntax_error(f"ManifestDataset: {self.usage} does not match any mode in [ inference eval "
                                    f"train ]")
            items, names = [], set()
            with open(self.dataset_file, encoding="utf-8") as f:
                for line in f:
                    if not line.strip():
                        continue
                    rec = json.loads(line)
                    if rec.get("usage", "").lower() != self.usage:
                        continue
                    labels = [a["name"] for a in rec.get("annotation", [])]
                    names.update(labels)
                    items.append((rec["source"], labels))
            self._classes = dict(self.class_indexing) if self.class_indexing else \
                {n: i for i, n in enumerate(sorted(names))}
            self._items = items
        return self._items

    def _columns(self):
        return ["image", "label"]

    def _len(self):
        return len(self._scan())

    def _get(self, index):
        path, labels = self._scan()[index]
        ids = [self._classes[n] for n in labels]
        label = np.array(ids[0] if len(ids) == 1 else ids, np.int32)
        return _image(path, self.decode), label

    def get_class_indexing(self):
        self._scan()
        return dict(self._classes)

    def _class_ids(self):
        out = {}
        for i, (_, labels) in enumerate(self._scan()):
            out.setdefault(self._classes[labels[0]] if labels else -1, []).append(i)
        return out


class _SBDSource:
    def __init__(self, dataset_dir, task, usage, decode):
        self.task, self.decode = task, decode
        names = []
        for u in (["train", "val"] if usage == "all" else [usage]):
            path = os.path.join(dataset_dir, u + ".txt")
            if not os.path.exists(path):
                raise FileNotFoundError("SBDataset: {0} not found".format(path))
            with open(path) as f:
                names += [x.strip() for x in f.readlines()]
        self.images = [os.path.join(dataset_dir, "img", n + ".jpg") for n in names]
        self.mats = [os.path.join(dataset_dir, "cls", n + ".mat") for n in names]

    def __len__(self):
        return len(self.images)

    def _target(self, path):
        from scipy.io import loadmat
        gt = loadmat(path)["GTcls"][0][self.task][0]
        if self.task == "Boundaries":  # the 20 class boundary maps, stacked
            return np.concatenate([np.expand_dims(gt[i][0].toarray(), 0) for i in range(20)], axis=0)
        return np.asarray(gt)

    def __getitem__(self, idx):
        if self.decode:
            from PIL import Image
            image = np.asarray(Image.open(self.images[idx]).convert("RGB"))
        else:
            image = np.fromfile(self.images[idx], dtype=np.uint8)
        return image, self._target(self.mats[idx])


class SBDataset(GeneratorDataset):
    """Semantic Boundaries Dataset: ``img/<name>.jpg`` and ``cls/<name>.mat`` listed by ``train.txt`` /
    ``val.txt``; ``task`` 'Boundaries' (the 20 class boundary maps, uint8 (20, H, W)) or 'Segmentation'
    (the class map); columns ``image``, ``task``.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.SBDataset("benchmark_RELEASE/dataset", task="Segmentation", usage="val", shuffle=False)
    """

    def __init__(self, dataset_dir, task="Boundaries", usage="all", num_samples=None, num_parallel_workers=1,
                 shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None):
        V.check_dataset_dir(dataset_dir)
        V.type_check(task, (str,), "task")
        if task not in ("Boundaries", "Segmentation"):
            raise ValueError("Input task is not within the valid set of ['Boundaries', 'Segmentation'].")
        V.check_usage(usage, ["train", "val", "train_noval", "all"])
        src = _SBDSource(dataset_dir, task, usage or "all", bool(decode))
        self.dataset_dir, self.task, self.usage = dataset_dir, task, usage
        super().__init__(src, ["image", "task"], num_samples=num_samples, num_parallel_workers=num_parallel_workers,
                         shuffle=shuffle, sampler=sampler, num_shards=num_shards, shard_id=shard_id)
