"""``MindDataset``: MindRecord files (see ``mindjax.mindrecord``) as a source, in MindSpore's orders.

Without a user sampler MindSpore orders a MindRecord source with its own shard operators, not the
generic samplers; what this module reproduces (checked against recorded MindSpore 2.10 orders):

* global shuffle: each epoch ``std::shuffle`` of the previous epoch's permutation with
  ``std::default_random_engine`` (``minstd_rand0``) seeded ``seed + epoch``; with ``num_samples``, draws
  with replacement, draw ``k`` being ``uniform_int(0, n - 1)`` of a ``mt19937`` seeded ``seed + epoch + k``;
* ``Shuffle.FILES``: the files' order shuffled, the rows of a file keeping their order;
  ``Shuffle.INFILE``: the rows shuffled inside each file, the files in order;
* ``num_shards``: the (shuffled afresh each epoch) rows dealt round-robin, shard ``i`` taking rows
  ``i, i + num_shards, ...`` (``ceil(n / num_shards)`` of them, wrapping to the start).
"""
import os

import numpy as np

from ...mindrecord.filereader import MindRecordSet
from .. import config
from . import _errors as E
from . import _stdrandom as R
from . import samplers as S
from . import validators as V
from .datasets import MappableDataset

__all__ = ["MindDataset"]

_NP = {"int32": np.int32, "int64": np.int64, "float32": np.float32, "float64": np.float64}


class _MinStdRand0:
    """``std::minstd_rand0`` (libstdc++'s ``default_random_engine``)."""

    min, max = 1, 2 ** 31 - 2

    def __init__(self, seed):
        self.x = int(seed) % (2 ** 31 - 1) or 1

    def __call__(self):
        self.x = self.x * 16807 % (2 ** 31 - 1)
        return self.x


class _Run:
    def __init__(self, sampler, n, source):
        self.sampler, self.n, self.source = sampler, n, source
        self.epoch = 0
        self.perm = None
        self.seed = sampler._run_seed()

    def next(self):
        self.epoch += 1
        return np.asarray(self.sampler._pass(self), np.int64)


class _MindRecordSampler(S.BuiltinSampler):
    """The order MindSpore's MindRecord reader gives without a user sampler."""

    def __init__(self, mode, num_shards, shard_id, num_samples):
        super().__init__(num_samples)
        self.mode, self.num_shards, self.shard_id = mode, num_shards, shard_id
        self._dist_seed = config.get_seed()  # a DistributedSampler takes the seed when made

    def is_shuffled(self):
        return self.mode != "false"

    def is_sharded(self):
        return self.num_shards is not None

    def _run_seed(self):
        if self.num_shards is not None:
            self._dist_seed += 1  # MindSpore's DistributedSampler adds one each time a pipeline is built
            return self._dist_seed - 1
        return S._get_seed()

    def _make_run(self, n, source=None):
        return _Run(self, n, source)

    def _count(self, n):
        if self.num_shards is not None:
            n = -(-n // self.num_shards)
        return n if not self.num_samples else min(n, self.num_samples)

    def _shuffled(self, run, perm, seed):
        counts = run.source._set().shard_counts
        starts = [0] + counts[:-1]
        if self.mode == "files":
            files = list(range(len(counts)))
            R.shuffle(files, _MinStdRand0(seed))
            return [perm[i] for f in files for i in range(starts[f], counts[f])]
        if self.mode == "infile":
            out = list(perm)
            for a, b in zip(starts, counts):
                part = out[a:b]
                R.shuffle(part, _MinStdRand0(seed))
                out[a:b] = part
            return out
        out = list(perm)
        R.shuffle(out, _MinStdRand0(seed))
        return out

    def _pass(self, run):
        n = run.n
        seed = run.seed + run.epoch
        if self.num_shards is not None:
            rows = self._shuffled(run, list(range(n)), seed) if self.mode != "false" else list(range(n))
            take = -(-n // self.num_shards)
            ids = [rows[(self.shard_id + self.num_shards * i) % n] for i in range(take)] if n else []
            return ids[:self.num_samples] if self.num_samples else ids
        if self.mode == "false":
            ids = list(range(n))
            return ids[:self.num_samples] if self.num_samples else ids
        if self.mode == "global" and self.num_samples:
            return [R.uniform_int(R.MT19937((seed + k) & 0xFFFFFFFF), 0, n - 1) for k in range(self.num_samples)]
        run.perm = self._shuffled(run, run.perm if run.perm is not None else list(range(n)), seed)
        return run.perm


def _shuffle_mode(shuffle):
    if shuffle is None or shuffle is True:
        return "global"
    if shuffle is False:
        return "false"
    value = getattr(shuffle, "value", shuffle)
    if value in ("global", "files", "infile"):
        return value
    raise ValueError("Invalid parameter, shuffle type is not supported.")


class MindDataset(MappableDataset):
    """Rows of MindRecord files (written by ``mindrecord.FileWriter``, MindSpore's or mindjax's).

    ``dataset_files``: one file of a set (every file of the set is read) or a list of files.
    Columns are ``columns_list`` or every field in sorted order: numbers as 0-d arrays of their type,
    ``string`` as a 0-d str array, ``bytes`` as a 1-element bytes array, arrays in their schema shape.
    ``shuffle``: True / ``Shuffle.GLOBAL`` (default), ``Shuffle.FILES``, ``Shuffle.INFILE`` or False.

    Examples:
        >>> import tempfile, os
        >>> from mindjax.mindrecord import FileWriter
        >>> import mindjax.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "m.mindrecord")
        >>> w = FileWriter(path)
        >>> w.add_schema({"label": {"type": "int32"}})
        >>> w.write_raw_data([{"label": i} for i in range(4)])
        >>> w.commit()
        >>> [int(r["label"]) for r in ds.MindDataset(path, shuffle=False).create_dict_iterator(output_numpy=True)]
        [0, 1, 2, 3]
    """

    def __init__(self, dataset_files, columns_list: list = None, num_parallel_workers: int = None, shuffle=None,
                 num_shards: int = None, shard_id: int = None, sampler=None, padded_sample: dict = None,
                 num_padded: int = None, num_samples: int = None, cache=None):
        files = dataset_files if isinstance(dataset_files, list) else [dataset_files]
        if not isinstance(dataset_files, (str, list)):
            raise TypeError(f"Argument dataset_files with value {dataset_files} is not of type [<class 'str'>, "
                            f"<class 'list'>], but got {type(dataset_files)}.")
        for f in files:
            if not isinstance(f, str) or not os.path.isfile(f) or not os.access(f, os.R_OK):
                raise ValueError(f"The file {f} does not exist or permission denied!")
        if columns_list is not None:
            V.type_check(columns_list, (list,), "columns_list")
        mode = _shuffle_mode(shuffle) if sampler is None else "false"
        if num_samples and mode in ("files", "infile"):
            raise ValueError("'Shuffle.FILES' or 'Shuffle.INFILE' and 'num_samples' cannot be specified at the "
                             "same time.")
        super().__init__(num_samples, None if sampler is not None else (mode != "false"), num_shards, shard_id,
                         sampler, num_parallel_workers)
        self.dataset_files = dataset_files
        self.columns_list = list(columns_list or [])
        self.shuffle_option = shuffle
        self.padded_sample = padded_sample
        self.num_padded = num_padded or 0
        if sampler is None:
            self.sampler = _MindRecordSampler(mode, num_shards, shard_id, num_samples)
        self._mr = None

    def _set(self):
        if self._mr is None:
            mr = MindRecordSet(self.dataset_files)
            for c in self.columns_list:
                if c not in mr.schema:
                    raise E.pipeline_error(f"Invalid data, column name: {c} can not found in schema. Please check "
                                           f"the 'column_list'.")
            self._mr = mr
        return self._mr

    def _columns(self):
        return list(self.columns_list) or sorted(self._set().schema)

    def _len(self):
        n = len(self._set())
        if self.num_padded and self.padded_sample is not None:
            n += self.num_padded
        return n

    def _value(self, name, values, blobs):
        spec = self._mr.schema[name]
        kind = spec["type"]
        if name in blobs:
            if kind == "bytes":
                return np.array([blobs[name]], dtype=np.bytes_)
            return np.frombuffer(blobs[name], dtype=kind).reshape(spec["shape"]).copy()
        v = values[name]
        if kind == "string":
            return np.array(v, dtype=np.str_)
        return np.array(v, dtype=_NP[kind])

    def _get(self, index):
        mr = self._set()
        cols = self._columns()
        if index >= len(mr):  # a padded row
            return tuple(_padded_value(self.padded_sample[c]) for c in cols)
        values, blobs = mr.row(index, cols)
        return tuple(self._value(c, values, blobs) for c in cols)

    def output_types(self):
        schema = self._set().schema
        return [np.dtype("S") if schema[c]["type"] == "bytes" else np.dtype("U") if schema[c]["type"] == "string"
                else np.dtype(schema[c]["type"]) for c in self._columns()]


def _padded_value(v):
    if isinstance(v, bytes):
        return np.array([v], dtype=np.bytes_)
    if isinstance(v, str):
        return np.array(v, dtype=np.str_)
    return np.asarray(v)
