"""``RandomDataset``: rows of random bytes, generated exactly as MindSpore's RandomDataOp does."""
import numpy as np

from . import _stdrandom as R
from . import samplers as S
from . import validators as V
from .datasets import SourceDataset

__all__ = ["RandomDataset"]

_MAX_COLUMNS, _MAX_RANK, _MAX_DIM, _MAX_ROWS = 4, 4, 32, 1024
# MindSpore's DataType enumeration from DE_BOOL (1) to DE_FLOAT64 (12)
_DE_TYPES = [None, "bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16",
             "float32", "float64"]


class RandomDataset(SourceDataset):
    """``total_rows`` rows (random in [1, 1024] when not given) following ``schema`` (a random schema of up
    to 4 columns when not given); each tensor is one random byte repeated, drawn from std::mt19937
    seeded with the dataset seed, as MindSpore draws it.

    Examples:
        >>> import mindjax as ms, mindjax.dataset as ds
        >>> s = ds.Schema(); s.add_column("x", ms.uint8, [2])
        >>> ds.RandomDataset(total_rows=3, schema=s).get_dataset_size()
        3
    """

    def __init__(self, total_rows=None, schema=None, columns_list=None, num_samples=None, num_parallel_workers=None,
                 cache=None, shuffle=None, num_shards=None, shard_id=None):
        if total_rows is not None:
            V.type_check(total_rows, (int,), "total_rows")
            V.check_value(total_rows, 0, V.INT32_MAX, "total_rows")
        V.check_num_samples(num_samples)
        if columns_list is not None:
            columns_list = V.to_str_list(columns_list, "columns_list")
        super().__init__(num_parallel_workers=num_parallel_workers)
        rows = total_rows or 0
        if rows and num_samples:
            rows = min(rows, num_samples)
        if num_samples:
            rows = num_samples
        self.total_rows = rows
        self.schema = schema
        self.columns_list = columns_list or []
        self._cache = {}

    def _schema_cols(self):
        if self.schema is None:
            return None
        cols = [(c["name"], c["type"], list(c.get("shape", [-1] * c.get("rank", 1)))) for c in self.schema.columns]
        if self.columns_list:
            by_name = {c[0]: c for c in cols}
            cols = [by_name[n] for n in self.columns_list]
        return cols

    def _generate(self, seed):
        if seed in self._cache:
            return self._cache[seed]
        g = R.MT19937(seed)
        total = self.total_rows or R.uniform_int(g, 1, _MAX_ROWS)
        cols = self._schema_cols()
        if cols is None:
            cols = []
            for i in range(R.uniform_int(g, 1, _MAX_COLUMNS)):
                dtype = _DE_TYPES[R.uniform_int(g, 1, 12)]
                rank = R.uniform_int(g, 1, _MAX_RANK)
                dims = [R.uniform_int(g, 0, _MAX_DIM) or -1 for _ in range(rank)]
                cols.append((f"c{i}", dtype, dims))
        rows = []
        for _ in range(total):
            row = []
            for _name, dtype, dims in cols:
                shape = [d if d != -1 else R.uniform_int(g, 1, _MAX_DIM) for d in dims]
                byte = R.uniform_int(g, 0, 255)
                dt = np.dtype(dtype)
                raw = np.full(int(np.prod(shape)) * dt.itemsize, byte, np.uint8)
                row.append(raw.view(dt).reshape(shape))
            rows.append(tuple(row))
        self._cache = {seed: ([c[0] for c in cols], rows)}
        return self._cache[seed]

    def _columns(self):
        cols = self._schema_cols()
        if cols is not None:
            return [c[0] for c in cols]
        return self._generate(S._get_seed())[0]

    def _size(self):
        if self.total_rows:
            return self.total_rows
        return len(self._generate(S._get_seed())[1])

    def _iter(self, ctx):
        seed = ctx.state(self, S._get_seed)
        yield from self._generate(seed)[1]
