"""The node of ``Dataset.bucket_batch_by_length`` (MindSpore's BucketBatchByLengthOp)."""
import builtins

import numpy as np

from . import validators as V
from .datasets import Dataset


class BucketBatchByLengthDataset(Dataset):
    """The node of :meth:`Dataset.bucket_batch_by_length`."""

    def __init__(self, child, column_names, bucket_boundaries, bucket_batch_sizes, element_length_function,
                 pad_info, pad_to_bucket_boundary, drop_remainder):
        for name, v in (("column_names", column_names), ("bucket_boundaries", bucket_boundaries),
                        ("bucket_batch_sizes", bucket_batch_sizes)):
            V.type_check(v, (list,), name)
        V.type_check(pad_to_bucket_boundary, (bool,), "pad_to_bucket_boundary")
        V.type_check(drop_remainder, (bool,), "drop_remainder")
        column_names = V.to_str_list(column_names, "column_names")
        if element_length_function is None and len(column_names) != 1:
            raise ValueError("If element_length_function is not specified, exactly one column name should be passed.")
        if element_length_function is not None and not callable(element_length_function):
            raise TypeError("element_length_function object is not callable.")
        if not bucket_boundaries:
            raise ValueError("bucket_boundaries cannot be empty.")
        if not builtins.all(isinstance(b, int) for b in bucket_boundaries):
            raise TypeError("bucket_boundaries should be a list of int.")
        if not builtins.all(b > 0 for b in bucket_boundaries):
            raise ValueError("bucket_boundaries must only contain positive numbers.")
        for a, b in builtins.zip(bucket_boundaries, bucket_boundaries[1:]):
            if not b > a:
                raise ValueError("bucket_boundaries should be strictly increasing.")
        if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
            raise ValueError("bucket_batch_sizes must contain one element more than bucket_boundaries.")
        if not builtins.all(isinstance(b, int) for b in bucket_batch_sizes):
            raise TypeError("bucket_batch_sizes should be a list of int.")
        if not builtins.all(b > 0 for b in bucket_batch_sizes):
            raise ValueError("bucket_batch_sizes should be a list of positive numbers.")
        super().__init__(child)
        self.column_names = column_names
        self.bounds = [0] + list(bucket_boundaries)
        self.sizes = list(bucket_batch_sizes)
        self.length_fn = element_length_function
        self.pad_info = dict(pad_info or {})
        self.pad_to_bucket_boundary = pad_to_bucket_boundary
        self.drop_remainder = drop_remainder
        cols = child._columns()
        for c in column_names:
            if c not in cols:
                raise ValueError(f"Invalid parameter, input column name: {c} doesn't exist in the dataset columns.")

    def _columns(self):
        return self.children[0]._columns()

    def _size(self):
        from .datasets import _Ctx
        from .. import _random
        return builtins.sum(1 for _ in self._iter(_Ctx(self, _random.new_base_seed())))

    def _length(self, row, cols):
        if self.length_fn is None:
            return int(row[0].shape[0])  # MindSpore measures the row's first column
        from . import _errors
        try:
            val = self.length_fn(*(row[cols.index(c)] for c in self.column_names))
        except Exception as e:
            raise _errors.wrap_map(e, self.length_fn) from e
        return int(np.asarray(val).reshape(-1)[0])

    def _emit(self, rows, i, names):
        from .operations import _pad
        info = {}
        for name, spec in self.pad_info.items():
            shape, value = spec if spec is not None else (None, 0)
            if self.pad_to_bucket_boundary and shape is not None:  # a None shape has no dims to fix
                if any(s is None for s in shape) and i + 1 >= len(self.bounds):
                    from . import _errors
                    raise _errors.pipeline_error(
                        f"Invalid data, requested to pad to bucket boundary failed, bucket index should be less than "
                        f"{len(self.bounds)}, but got {i}")
                shape = [self.bounds[i + 1] - 1 if s is None else s for s in shape]
            info[name] = (shape, value)
        out = []
        for c, name in enumerate(names):
            items = [r[c] for r in rows]
            if name in info:
                items = _pad(items, info[name])
            out.append(np.stack(items))
        return tuple(out)

    def _iter(self, ctx):
        names = self._columns()
        buckets = [[] for _ in self.sizes]
        for row in self.children[0]._iter(ctx):
            length = self._length(row, names)
            if length < 0:
                from . import _errors
                raise _errors.pipeline_error("Invalid element_length_function, element_length_function must return "
                                             f"an integer greater than or equal to 0, but got{length}")
            i = len(self.bounds) - 1
            while length < self.bounds[i]:
                i -= 1
            buckets[i].append(row)
            if len(buckets[i]) == self.sizes[i]:
                yield self._emit(buckets[i], i, names)
                buckets[i] = []
        if not self.drop_remainder:
            for i, b in enumerate(buckets):
                if b:
                    yield self._emit(b, i, names)
