"""``TFRecordDataset``: ``tf.train.Example`` records (see ``_tfrecord``), read as MindSpore reads them.

Without a schema the columns are every feature of the first record, in sorted order: an
``int64_list`` gives int64 (n,), a ``float_list`` float32 (n,), a ``bytes_list`` uint8 bytes (several
values each padded with spaces to the longest, as MindSpore does). A schema (``Schema`` or a JSON
file) names the columns, their order and types: ``string`` gives a str array (n,), an integer or
float type casts the values, ``uint8`` takes the bytes values end to end; a shape reshapes.

Files are read in sorted order. Sharding: by file (file ``i`` to shard ``i % num_shards``) or,
with ``shard_equal_rows=True``, by rows as MindSpore's other file readers (``_Corpus``).
"""
import glob

import numpy as np

from . import _errors as E
from . import validators as V
from ._tfrecord import Example, read_records
from .datasets import SourceDataset
from .schema import Schema
from .sources_more import _shuffle_mode
from .sources_text import _Corpus, _syntax_error

__all__ = ["TFRecordDataset"]


def _find_files(patterns):
    if isinstance(patterns, str):
        patterns = [patterns]
    V.type_check(patterns, (list,), "dataset_files")
    found, unmatched = [], []
    for p in patterns:
        hits = glob.glob(p)
        if hits:
            found.extend(hits)
        else:
            unmatched.append(p)
    if unmatched:
        raise ValueError(f"The following patterns did not match any files: {unmatched}.")
    return sorted(set(found))


class TFRecordDataset(_Corpus):
    """Rows of TFRecord files of ``tf.train.Example`` (see the module docstring for the columns).

    Examples:
        >>> import mindjax.dataset as ds
        >>> # ds.TFRecordDataset("data/*.tfrecord", columns_list=["image", "label"], shuffle=False)
    """

    def __init__(self, dataset_files, schema=None, columns_list=None, num_samples=None, num_parallel_workers=None,
                 shuffle=True, num_shards=None, shard_id=None, shard_equal_rows=False, cache=None,
                 compression_type=None):
        files = _find_files(dataset_files)
        V.check_num_samples(num_samples)
        V.check_shard(num_shards, shard_id)
        compression = compression_type or ""
        if compression not in ("", "GZIP", "ZLIB"):
            raise ValueError(f"Input compression_type can only be either '' (no compression), 'ZLIB', or 'GZIP', but "
                             f"got '{compression_type}'.")
        if compression and num_shards is not None and len(files) < num_shards:
            raise ValueError("Invalid file, the number of dataset files should be greater than or equal to "
                             "num_shards when compression_type is set.")
        if columns_list is not None:
            V.type_check(columns_list, (list,), "columns_list")
        SourceDataset.__init__(self, num_parallel_workers=num_parallel_workers)
        self.dataset_files = files
        self.schema = schema
        self._schema = schema if isinstance(schema, Schema) or schema is None else Schema(schema)
        self.columns_list = list(columns_list or [])
        self.num_samples = num_samples or None
        if self._schema is not None and not self.num_samples:
            rows = self._schema.extra.get("numRows")
            self.num_samples = int(rows) if rows else None
        self.shuffle = _shuffle_mode(shuffle)
        self.num_shards, self.shard_id = num_shards, shard_id
        self.shard_equal_rows = bool(shard_equal_rows)
        self.compression_type = compression
        self._cache = {}
        self._cols = None

    # ---- reading ----

    def _examples(self, path):
        key = ("ex", path)
        if key not in self._cache:
            self._validate()
            self._cache[key] = [Example.FromString(r) for r in read_records(path, self.compression_type)]
        return self._cache[key]

    def _validate(self):
        """MindSpore checks every file before reading any: one that is empty or not TFRecord fails all."""
        if self._cache.get("valid"):
            return
        bad = []
        for f in self.dataset_files:
            try:
                records = read_records(f, self.compression_type)
                Example.FromString(next(records))
            except Exception:  # noqa: BLE001 - unreadable, empty, truncated or not an Example
                bad.append(f)
        if bad:
            raise _syntax_error("Invalid file. The following files either cannot be opened, or are not valid "
                                "TFRecordDataset files:\n" + "".join("    " + f + "\n" for f in bad))
        self._cache["valid"] = True

    def _schema_cols(self):
        if self._cols is None:
            if self._schema is not None and self._schema.columns:
                cols = [(c["name"], c["type"], c.get("shape") or None) for c in self._schema.columns]
            else:
                first = next((ex for f in self.dataset_files for ex in self._examples(f)), None)
                cols = [(name, None, None) for name in sorted(first.features.feature)]
            if self.columns_list:
                by = {c[0]: c for c in cols}
                for name in self.columns_list:
                    if name not in by:
                        raise E.pipeline_error(f"Invalid columns_list, tfrecord file failed to find column name: "
                                               f"{name}")
                cols = [by[n] for n in self.columns_list]
            self._cols = cols
        return self._cols

    def _columns(self):
        return [c[0] for c in self._schema_cols()]

    def _value(self, ex, name, kind, shape):
        feats = ex.features.feature
        if name not in feats:
            raise E.pipeline_error(f"Invalid columns, the column name: {name} does not exist in the TFRecord "
                                   f"file.")
        feat = feats[name]
        which = feat.WhichOneof("kind")
        if which == "bytes_list":
            vals = list(feat.bytes_list.value)
            if kind == "string":
                out = np.array([v.decode("utf-8") for v in vals], dtype=np.str_)
            elif kind is None:
                width = max((len(v) for v in vals), default=0)
                joined = b"".join(v.ljust(width, b" ") for v in vals) if len(vals) > 1 else b"".join(vals)
                out = np.frombuffer(joined, np.uint8).copy()
            else:
                out = np.frombuffer(b"".join(vals), np.uint8).copy().astype(kind)
        elif which == "float_list":
            out = np.array(feat.float_list.value, np.float32)
            if kind is not None and kind != "float32":
                out = out.astype(kind)
        elif which == "int64_list":
            out = np.array(feat.int64_list.value, np.int64)
            if kind is not None and kind != "int64":
                out = out.astype(kind)
        else:
            out = np.zeros(0, np.dtype(kind) if kind not in (None, "string") else np.float32)
        if shape:
            out = out.reshape(shape)
        return out

    def _read(self, path):
        cols = self._schema_cols()
        return [tuple(self._value(ex, n, k, s) for n, k, s in cols) for ex in self._examples(path)]

    _label = ("TFRecordDataset", "tfrecord file")

    def _check_files(self):
        return

    # ---- sharding by file ----

    def _blocks(self, files):
        if self.num_shards is None or self.shard_equal_rows:
            return super()._blocks(files)
        mine = [f for i, f in enumerate(sorted(self.dataset_files)) if i % self.num_shards == self.shard_id]
        return [(f, 0, len(self._rows_of(f))) for f in files if f in mine and self._rows_of(f)]

    def _size(self):
        if self.num_shards is not None and not self.shard_equal_rows:
            n = sum(b - a for _, a, b in self._blocks(list(self.dataset_files)))
        else:
            return super()._size()
        return n if self.num_samples is None else min(n, self.num_samples)

    def output_types(self):
        if self._schema is not None and self._schema.columns:
            by = {c[0]: c for c in self._schema_cols()}
            return [np.dtype("U") if by[n][1] == "string" else np.dtype(by[n][1]) for n in self._columns()]
        return super().output_types()

