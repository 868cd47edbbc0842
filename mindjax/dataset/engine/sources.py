"""Built-in file datasets: MNIST (IDX files) and CIFAR-10 (binary batches)."""
import glob
import os

import numpy as np

from . import validators as V
from .datasets import MappableDataset

__all__ = ["MnistDataset", "Cifar10Dataset", "FashionMnistDataset"]


def _read_idx(path, magic, ndim):
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError:
        raise RuntimeError(f"Invalid file, failed to open file: {path}") from None
    if len(raw) < 4 + 4 * ndim:
        raise RuntimeError(f"Invalid file, failed to read the header of: {path}")
    head = np.frombuffer(raw, dtype=">u4", count=1 + ndim)
    if int(head[0]) != magic:
        raise RuntimeError(f"Invalid file, the magic number of {path} is {int(head[0])} but {magic} is expected.")
    dims = [int(x) for x in head[1:]]
    count = int(np.prod(dims))
    off = 4 + 4 * ndim
    if len(raw) - off < count:
        raise RuntimeError(f"Invalid file, {path} holds {len(raw) - off} bytes of data but its header says {count}.")
    return np.frombuffer(raw, dtype=np.uint8, count=count, offset=off).reshape(dims)


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

    def num_classes(self):
        return 10


class MnistDataset(_ArrayDataset):
    """MNIST from the IDX files in ``dataset_dir``: ``image`` uint8 (28, 28, 1), ``label`` uint32.

    ``usage``: 'train' (train-*-ubyte), 'test' (t10k-*-ubyte) or 'all' (train then test).
    """

    _prefixes = {"train": ["train"], "test": ["t10k"], "all": ["train", "t10k"]}

    def _load(self):
        images, labels = [], []
        for prefix in self._prefixes[self.usage]:
            img = _read_idx(os.path.join(self.dataset_dir, f"{prefix}-images-idx3-ubyte"), 2051, 3)
            lab = _read_idx(os.path.join(self.dataset_dir, f"{prefix}-labels-idx1-ubyte"), 2049, 1)
            if len(img) != len(lab):
                raise RuntimeError(f"Invalid data, the number of images ({len(img)}) and labels ({len(lab)}) "
                                   f"of '{prefix}' in {self.dataset_dir} differ.")
            images.append(img[..., None])
            labels.append(lab.astype(np.uint32))
        return np.concatenate(images), np.concatenate(labels)


class FashionMnistDataset(MnistDataset):
    """Fashion-MNIST: same files and layout as MNIST."""


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
