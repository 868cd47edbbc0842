"""Built-in file datasets: MNIST (IDX files) and CIFAR-10 (binary batches)."""
import glob
import os

import numpy as np

from . import validators as V
from .datasets import MappableDataset
from . import _errors as E

builtins_zip = zip

__all__ = ["MnistDataset", "Cifar10Dataset", "FashionMnistDataset", "KMnistDataset"]


def _read_idx_pair(image_path, label_path, name):
    """Images (N, 28, 28) and labels (N,) of one IDX pair, with MindSpore's checks and messages."""
    def read(path, head_len, what):
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            raise E.pipeline_error(f"Invalid {name} file, failed to open {path} : the file is damaged or "
                                   f"permission denied{'!' if what == 'label' else '.'}") from None
    img = read(image_path, 16, "image")
    if len(img) < 16:
        raise E.pipeline_error(f"Invalid {name} file, the first data length of {image_path} should be 16 bytes"
                               f"(contains type, number, row and column), but got {len(img)}.")
    magic, n, rows, cols = (int(v) for v in np.frombuffer(img, ">u4", 4))
    if magic != 2051:
        raise E.pipeline_error(f"Invalid {name} file, the image number of {image_path} should be 2051, but got {magic}")
    if (rows, cols) != (28, 28):
        raise E.pipeline_error(f"Invalid {name} file, shape of image in {image_path} should be (28, 28), but got "
                               f"({rows}, {cols}).")
    if len(img) - 16 != n * rows * cols:  # MindSpore words it with the two numbers this way round
        raise E.pipeline_error(f"Invalid {name} file, truncated data length of {image_path} should be "
                               f"{len(img) - 16}, but got {n * rows * cols}")
    lab = read(label_path, 8, "label")
    if len(lab) < 8:
        raise E.pipeline_error(f"Invalid {name} file, the first data length of {label_path} should be 8 bytes"
                               f"(contains type and number), but got {len(lab)}.")
    magic, m = (int(v) for v in np.frombuffer(lab, ">u4", 2))
    if magic != 2049:
        raise E.pipeline_error(f"Invalid {name} file, the number of labels in {label_path} should be 2049, but "
                               f"got {magic}.")
    if len(lab) - 8 != m:
        raise E.pipeline_error(f"Invalid {name} file, the data length of labels in {label_path} should be "
                               f"{len(lab) - 8}, but got {m}.")
    if n != m:
        raise E.pipeline_error(f"Invalid {name} file, the images number of {image_path} should be equal to the "
                               f"labels number of {label_path}, but got images number: {n}, labels number: {m}.")
    images = np.frombuffer(img, np.uint8, n * 784, 16).reshape(n, 28, 28, 1)
    return images, np.frombuffer(lab, np.uint8, m, 8)


class _ArrayDataset(MappableDataset):
    """A source read from ``dataset_dir`` ('train', 'test' or 'all' of it), whose columns are
    in-memory arrays loaded on first use."""

    _names = ("image", "label")

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        V.check_dataset_dir(dataset_dir)
        V.check_usage(usage, ["train", "test", "all"])
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self.usage = usage or "all"
        self._data = None

    def _load(self):
        raise NotImplementedError

    def _arrays(self):
        if self._data is None:
            self._data = self._load()
        return self._data

    def _columns(self):
        return list(self._names)

    def _len(self):
        return len(self._arrays()[0])

    def _get(self, index):
        return tuple(a[index] for a in self._arrays())

    def _class_ids(self):
        """{label: row indices in order}, what PKSampler draws from."""
        out = {}
        for i, lab in enumerate(self._arrays()[1].tolist()):
            out.setdefault(int(lab), []).append(i)
        return out


class MnistDataset(_ArrayDataset):
    """MNIST from the IDX files in ``dataset_dir``: ``image`` uint8 (28, 28, 1), ``label`` uint32.

    As MindSpore, the folder may hold either split or both: with ``usage`` None or 'all' every
    ``*-images*idx3-ubyte`` / ``*-labels*idx1-ubyte`` pair found is read, in sorted file-name order
    (so 't10k' before 'train'); 'train' / 'test' read only the files named ``train-*`` / ``t10k-*``.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.MnistDataset("MNIST_Data/train")  # a folder holding only the train files
    """

    _label = ("Mnist", "mnist")

    def _walk(self):
        prefix = {"train": "train", "test": "t10k"}.get(self.usage, "")
        images, labels = [], []
        for entry in os.scandir(self.dataset_dir):
            fname = entry.name
            if prefix + "-images" in fname and "idx3-ubyte" in fname:
                images.append(entry.path)
            elif prefix + "-labels" in fname and "idx1-ubyte" in fname:
                labels.append(entry.path)
        images.sort()
        labels.sort()
        if len(images) != len(labels):
            raise E.pipeline_error(f"Invalid {self._label[1]} file, num of images should be equal to num of labels, "
                                   f"but got num of images: {len(images)}, num of labels: {len(labels)}.")
        return images, labels

    def _load(self):
        images, labels = [], []
        for ip, lp in builtins_zip(*self._walk()):
            img, lab = _read_idx_pair(ip, lp, self._label[1])
            images.append(img)
            labels.append(lab.astype(np.uint32))
        if not images or not sum(len(x) for x in images):
            raise E.pipeline_error(f"Invalid data, {self._label[0]}Dataset API can't read the data file (interface "
                                   f"mismatch or no data found). Check {self._label[1]} file in directory: "
                                   f"{self.dataset_dir}")
        return np.concatenate(images), np.concatenate(labels)


class FashionMnistDataset(MnistDataset):
    """Fashion-MNIST: the MNIST file names and layout (see :class:`MnistDataset`)."""

    _label = ("FashionMnist", "fashion mnist")


class KMnistDataset(MnistDataset):
    """Kuzushiji-MNIST: the MNIST file names and layout (see :class:`MnistDataset`)."""

    _label = ("KMnist", "kmnist")


class Cifar10Dataset(_ArrayDataset):
    """CIFAR-10 binary version: ``image`` uint8 (32, 32, 3) HWC, ``label`` uint32.

    ``usage``: 'train' (data_batch_*.bin), 'test' (test_batch.bin) or 'all' (train then test).
    """

    _RECORD = 1 + 3 * 32 * 32

    def _files(self):
        train = sorted(glob.glob(os.path.join(glob.escape(self.dataset_dir), "data_batch_*.bin")))
        test = sorted(glob.glob(os.path.join(glob.escape(self.dataset_dir), "test_batch*.bin")))
        files = {"train": train, "test": test, "all": train + test}[self.usage]
        if not files:
            raise RuntimeError(f"Invalid file, no .bin files found under {self.dataset_dir} for usage "
                               f"'{self.usage}' (expected data_batch_*.bin / test_batch.bin).")
        return files

    def _load(self):
        images, labels = [], []
        for path in self._files():
            raw = np.fromfile(path, dtype=np.uint8)
            if raw.size == 0 or raw.size % self._RECORD:
                raise RuntimeError(f"Invalid cifar10 file, failed to read data from: {path}, re-download dataset"
                                   f"(make sure it is CIFAR-10 binary version).")
            rec = raw.reshape(-1, self._RECORD)
            labels.append(rec[:, 0].astype(np.uint32))
            images.append(rec[:, 1:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1))
        return np.ascontiguousarray(np.concatenate(images)), np.concatenate(labels)
