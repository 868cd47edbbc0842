"""CelebA in MindSpore's layout: ``list_attr_celeba.txt`` (row count, attribute names, then one line
per image: file name and -1/1 attributes), optional ``list_eval_partition.txt`` for ``usage``,
images next to them."""
import os

import numpy as np

from . import _errors as E
from . import validators as V
from .datasets import MappableDataset

__all__ = ["CelebADataset"]


class CelebADataset(MappableDataset):
    """CelebA faces: ``image`` (bytes, or HWC RGB with ``decode``) and ``attr`` uint32 (40 values, 1 where
    the attribute file says 1, else 0). ``usage`` 'train' / 'valid' / 'test' / 'all' follows
    ``list_eval_partition.txt`` (0 / 1 / 2), read line by line alongside the attribute file.

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.CelebADataset("celeba", usage="train", decode=True)
    """

    def __init__(self, dataset_dir, num_parallel_workers=None, shuffle=None, usage="all", sampler=None, decode=False,
                 extensions=None, num_samples=None, num_shards=None, shard_id=None, cache=None, decrypt=None):
        V.check_dataset_dir(dataset_dir)
        if usage is not None:
            V.type_check(usage, (str,), "usage")
            if usage not in ("all", "train", "valid", "test"):
                raise ValueError("usage should be 'all', 'train', 'valid' or 'test'.")
        V.type_check(decode, (bool,), "decode")
        if extensions is not None:
            V.type_check(extensions, (list,), "extensions")
        if usage not in (None, "all"):
            part = os.path.join(os.path.realpath(dataset_dir), "list_eval_partition.txt")
            if not os.path.exists(part):
                raise ValueError("Partition file can not be found when usage is not 'all'.")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.dataset_dir = os.fspath(dataset_dir)
        self.usage = usage or "all"
        self.decode = decode
        self.extensions = list(extensions or [])
        self._rows = None

    def _columns(self):
        return ["image", "attr"]

    def _scan(self):
        if self._rows is not None:
            return self._rows
        attr_path = os.path.join(self.dataset_dir, "list_attr_celeba.txt")
        if not os.path.exists(attr_path):
            raise E.pipeline_error(f"Invalid file path, {attr_path} does not exist.")
        with open(attr_path) as f:
            lines = f.read().split("\n")
        try:
            int(lines[0].strip())
        except ValueError:
            raise E.pipeline_error(f"Invalid rows_num, failed to convert rows_num: {lines[0]} to unsigned long in "
                                   f"{attr_path}.") from None
        parts = iter(())
        if self.usage != "all":
            with open(os.path.join(self.dataset_dir, "list_eval_partition.txt")) as f:
                parts = iter(f.read().split("\n"))
        want = {"train": 0, "valid": 1, "test": 2}.get(self.usage)
        rows = []
        for line in lines[2:]:
            if not line:
                continue
            if want is not None:  # MindSpore advances the partition file once per attribute line
                fields = next(parts, "").split()
                try:
                    if len(fields) != 2 or int(fields[1]) != want:
                        continue
                except ValueError:
                    continue
            fields = line.split()
            if self.extensions and os.path.splitext(fields[0])[1] not in self.extensions:
                continue
            try:
                values = [int(v) for v in fields[1:]]
            except ValueError as e:
                raise E.pipeline_error(f"Invalid label index, the label index in "
                                       f"{os.path.join(self.dataset_dir, fields[0])} should be numeric, but got: "
                                       f"{str(e).split(': ')[-1]}.") from None
            rows.append((fields[0], np.array([1 if v == 1 else 0 for v in values], np.uint32)))
        if not rows:
            raise E.pipeline_error("Invalid data, CelebADataset API can't read the data file (interface mismatch or "
                                   f"no data found). Check file path: {self.dataset_dir}")
        self._rows = rows
        return rows

    def _len(self):
        return len(self._scan())

    def _get(self, index):
        name, attr = self._scan()[index]
        path = os.path.join(self.dataset_dir, name)
        image = np.fromfile(path, dtype=np.uint8)
        if self.decode:
            from ..vision.transforms import _decode
            try:
                image = _decode(image)
            except Exception:
                raise E.pipeline_error(f"Invalid image, {path} decode failed, the image is broken or permission "
                                       f"denied.") from None
        return image, attr.copy()
