"""The dataset tree: sources and the operations chained on them.

Every node yields rows, a row being a tuple of numpy arrays (one per column). Nothing runs until an
iterator is made; the iterator runs the whole tree on a background thread (see ``iterators.py``).
"""
import builtins

import numpy as np

from .. import _random
from . import validators as V

__all__ = [
    "Dataset", "MappableDataset", "SourceDataset", "GeneratorDataset", "NumpySlicesDataset", "BatchDataset",
    "BatchInfo", "MapDataset", "ShuffleDataset", "RepeatDataset", "TakeDataset", "SkipDataset",
    "ProjectDataset", "RenameDataset", "ZipDataset", "ConcatDataset", "FilterDataset", "zip",
]


class _Ctx:
    """State of one run of a tree: the base seed and how often each random node has started."""

    def __init__(self, root, base_seed):
        self.base_seed = base_seed
        self.ids = {}
        self.passes = {}
        self.epoch = 0
        stack = [root]
        while stack:  # deterministic numbering of the nodes, whatever their ids
            node = stack.pop()
            if id(node) not in self.ids:
                self.ids[id(node)] = len(self.ids)
                stack.extend(reversed(node.children))

    def rng(self, node):
        key = self.ids.get(id(node), 0)
        n = self.passes.get(key, 0)
        self.passes[key] = n + 1
        return _random.make_rng(self.base_seed, key, n)


def _as_array(x):
    if isinstance(x, np.ndarray):
        return x
    asnumpy = getattr(x, "asnumpy", None)
    if asnumpy is not None:
        return np.asarray(asnumpy())
    return np.asarray(x)


def _to_row(value):
    """A value from a source or a pyfunc turned into a row, after MindSpore's ``_convert_row``."""
    if isinstance(value, dict):
        raise TypeError("Input data is expected to be int, float, str, bytes, numpy.ndarray, Tensor or list/tuple of "
                        "them, but got dict.")
    if isinstance(value, (tuple, list)):
        return tuple(_as_array(v) for v in value)
    return (_as_array(value),)


class BatchInfo:
    """What a callable ``batch_size`` or ``per_batch_map`` is told about the batch being made."""

    def __init__(self, batch_num, epoch_num):
        self._batch_num = batch_num
        self._epoch_num = epoch_num

    def get_batch_num(self):
        return self._batch_num

    def get_epoch_num(self):
        return self._epoch_num


class Dataset:
    """Base of every dataset node; holds the methods chaining operations and making iterators."""

    def __init__(self, children=None, num_parallel_workers=None):
        if children is None:
            children = []
        elif isinstance(children, Dataset):
            children = [children]
        self.children = list(children)
        self.num_parallel_workers = num_parallel_workers
        self._size_cache = None

    # ---- what a node must say -------------------------------------------------------------------
    def _columns(self):
        raise NotImplementedError

    def _iter(self, ctx):
        raise NotImplementedError

    def _size(self):
        raise NotImplementedError

    # ---- chaining -------------------------------------------------------------------------------
    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kw):
        """Stack ``batch_size`` consecutive rows into one (a new leading axis on each column)."""
        return BatchDataset(self, batch_size, drop_remainder, num_parallel_workers, **kw)

    def map(self, operations, input_columns=None, output_columns=None, num_parallel_workers=None, **kwargs):
        """Apply ``operations`` (a callable or a list of them) to ``input_columns`` of every row.

        With ``num_parallel_workers`` > 1 the rows are transformed by that many threads (in order).
        ``python_multiprocessing``, ``cache``, ``callbacks``, ``max_rowsize``, ``offload`` are accepted
        and ignored.
        """
        return MapDataset(self, operations, input_columns, output_columns, num_parallel_workers)

    def padded_batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, pad_info=None):
        """``batch`` padding each column listed in ``pad_info`` {name: (shape or None, value)}."""
        return BatchDataset(self, batch_size, drop_remainder, num_parallel_workers, pad_info=pad_info or {})

    def shuffle(self, buffer_size):
        """Shuffle through a buffer of ``buffer_size`` rows (>= 2)."""
        return ShuffleDataset(self, buffer_size)

    def repeat(self, count=None):
        """Run the dataset ``count`` times (``None`` or -1: forever)."""
        return RepeatDataset(self, count)

    def take(self, count=-1):
        return TakeDataset(self, count)

    def skip(self, count):
        return SkipDataset(self, count)

    def project(self, columns):
        return ProjectDataset(self, columns)

    def rename(self, input_columns, output_columns):
        return RenameDataset(self, input_columns, output_columns)

    def filter(self, predicate, input_columns=None, num_parallel_workers=None):
        return FilterDataset(self, predicate, input_columns)

    def zip(self, datasets):
        if isinstance(datasets, Dataset):
            datasets = (datasets,)
        elif not isinstance(datasets, tuple):
            raise TypeError(f"Invalid datasets, expected Dataset object or tuple of Dataset, but got {datasets}.")
        return ZipDataset((self,) + tuple(datasets))

    def concat(self, datasets):
        if isinstance(datasets, Dataset):
            datasets = [datasets]
        if not isinstance(datasets, list):
            raise TypeError(f"Invalid datasets, expected Dataset object or list of Dataset, but got {datasets}.")
        return ConcatDataset([self] + datasets)

    def __add__(self, other):
        return self.concat(other)

    def apply(self, apply_func):
        if not callable(apply_func):
            raise TypeError("apply_func should be a function.")
        out = apply_func(self)
        if not isinstance(out, Dataset):
            raise TypeError("apply_func must return a dataset.")
        return out

    # ---- iterators ------------------------------------------------------------------------------
    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False, do_copy=False):
        """Iterator over rows as lists of Tensors (numpy arrays with ``output_numpy=True``)."""
        from .iterators import TupleIterator
        return TupleIterator(self, columns, num_epochs, output_numpy, do_copy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=False):
        """Iterator over rows as dicts {column name: Tensor}."""
        from .iterators import DictIterator
        return DictIterator(self, num_epochs, output_numpy, do_copy)

    def __iter__(self):
        return iter(self.create_tuple_iterator())

    # ---- queries --------------------------------------------------------------------------------
    def get_col_names(self):
        return list(self._columns())

    def get_dataset_size(self):
        """Number of rows (batches after ``batch``) in one epoch."""
        if self._size_cache is None:
            self._size_cache = int(self._size())
        return self._size_cache

    def _first_row(self):
        ctx = _Ctx(self, _random.new_base_seed())
        gen = self._iter(ctx)
        try:
            return next(gen)
        except StopIteration:
            raise RuntimeError("The dataset is empty, cannot get its output shapes or types.") from None
        finally:
            gen.close()

    def output_shapes(self, estimate=False):
        return [list(a.shape) for a in self._first_row()]

    def output_types(self):
        return [a.dtype for a in self._first_row()]

    def get_batch_size(self):
        for child in self.children:
            return child.get_batch_size()
        return 1

    def get_repeat_count(self):
        for child in self.children:
            return child.get_repeat_count()
        return 1

    def get_class_indexing(self):
        return {}

    def num_classes(self):
        return None

    def reset(self):
        self._size_cache = None

    def __deepcopy__(self, memo):
        import copy
        new = object.__new__(type(self))
        memo[id(self)] = new
        for k, v in self.__dict__.items():
            setattr(new, k, copy.deepcopy(v, memo) if k == "children" else v)
        return new


class SourceDataset(Dataset):
    pass


class MappableDataset(SourceDataset):
    """A source read by index: shuffle, num_samples and sharding pick the indices of each pass."""

    def __init__(self, num_samples=None, shuffle=None, num_shards=None, shard_id=None, sampler=None,
                 num_parallel_workers=None):
        super().__init__(num_parallel_workers=num_parallel_workers)
        V.check_num_samples(num_samples)
        if shuffle is not None:
            V.type_check(shuffle, (bool,), "shuffle")
        V.check_shard(num_shards, shard_id)
        if sampler is not None and (shuffle is not None or num_shards is not None):
            raise RuntimeError("sampler and shuffle/num_shards cannot be specified at the same time.")
        self.num_samples = num_samples or None
        self.shuffle_flag = True if shuffle is None else shuffle
        self.num_shards = num_shards
        self.shard_id = shard_id
        self.sampler = sampler

    def _len(self):
        raise NotImplementedError

    def _get(self, index):
        raise NotImplementedError

    def _indices(self, rng):
        n = self._len()
        if self.sampler is not None:
            idx = _sampler_indices(self.sampler, n, rng)
        else:
            idx = rng.permutation(n) if (self.shuffle_flag and rng is not None) else np.arange(n)
            if self.num_shards is not None:
                per = -(-n // self.num_shards)
                padded = np.resize(idx, per * self.num_shards) if n else idx
                idx = padded[self.shard_id::self.num_shards]
        if self.num_samples is not None:
            idx = idx[:self.num_samples]
        return idx

    def _size(self):
        return len(self._indices(None))

    def _iter(self, ctx):
        rng = ctx.rng(self)
        for i in self._indices(rng):
            yield self._get(int(i))


def _sampler_indices(sampler, n, rng):
    if hasattr(sampler, "_indices"):
        return np.asarray(sampler._indices(n, rng), dtype=np.int64)
    return np.asarray(list(iter(sampler)), dtype=np.int64)


class GeneratorDataset(MappableDataset):
    """A dataset whose rows come from Python.

    ``source`` is a callable returning an iterator (e.g. a generator function), an iterable, or a
    random-access object with ``__getitem__`` and ``__len__``. Each item is a tuple/list with one value
    per column, or a single value for a one-column dataset.

    Examples:
        >>> import numpy as np, mindjax.dataset as ds
        >>> d = ds.GeneratorDataset(lambda: ((np.array(i),) for i in range(3)), ["x"], shuffle=False)
        >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 1, 2]
    """

    def __init__(self, source, column_names=None, column_types=None, schema=None, num_samples=None,
                 num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 python_multiprocessing=True, max_rowsize=None, batch_sampler=None, collate_fn=None):
        if batch_sampler is not None or collate_fn is not None:
            raise NotImplementedError("GeneratorDataset: batch_sampler and collate_fn are not supported by mindjax.")
        random_access = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        if not (random_access or callable(source) or hasattr(source, "__iter__") or hasattr(source, "__next__")):
            raise TypeError("Input `source` function of GeneratorDataset should be callable, iterable or random "
                            "accessible, commonly it should implement one of the method like yield, __getitem__ or "
                            "__next__(__iter__).")
        if column_names is None and schema is None:
            raise ValueError("Neither columns_names nor schema are provided.")
        if isinstance(column_names, (list, tuple)) and not column_names:
            raise ValueError("column_names should not be empty.")
        names = V.to_str_list(column_names, "column_names") if column_names is not None else None
        if names is None:
            names = list(getattr(schema, "columns", None) or [])
        if (not random_access) and shuffle:
            shuffle = False  # MindSpore accepts and ignores it for plain iterables
        if (not random_access) and (sampler is not None or num_shards is not None):
            raise ValueError("sampler and sharding are only supported for random accessible source.")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.source = source
        self.random_access = random_access
        self.column_names = names
        self.column_types = column_types

    def _columns(self):
        return self.column_names

    def _len(self):
        return len(self.source)

    def _check(self, row):
        if len(row) != len(self.column_names):
            raise RuntimeError(
                f"Mismatched columns: the source returned {len(row)} column(s) but column_names has "
                f"{len(self.column_names)}: {self.column_names}.")
        if self.column_types is not None:
            row = tuple(a.astype(_np_dtype(t), copy=False) for a, t in builtins.zip(row, self.column_types))
        return row

    def _get(self, index):
        return self._check(_to_row(self.source[index]))

    def _raw_iter(self):
        src = self.source
        if callable(src) and not hasattr(src, "__iter__") and not hasattr(src, "__next__"):
            return iter(src())
        return iter(src)

    def _iter(self, ctx):
        if self.random_access:
            yield from super()._iter(ctx)
            return
        limit = self.num_samples
        for k, value in enumerate(self._raw_iter()):
            if limit is not None and k >= limit:
                break
            yield self._check(_to_row(value))

    def _size(self):
        if self.random_access:
            return super()._size()
        n = getattr(self.source, "__len__", None)
        if n is not None:
            size = len(self.source)
        else:
            size = 0
            for _ in self._raw_iter():  # MindSpore also runs the generator once to count
                size += 1
                if self.num_samples is not None and size >= self.num_samples:
                    break
        return size if self.num_samples is None else min(size, self.num_samples)


def _np_dtype(t):
    from ..transforms.transforms import _np_dtype as conv
    return conv(t, "column_types")


class _Slices:
    def __init__(self, columns):
        self.columns = columns

    def __len__(self):
        return len(self.columns[0])

    def __getitem__(self, i):
        return tuple(c[i] for c in self.columns)


class NumpySlicesDataset(GeneratorDataset):
    """Rows sliced along the first axis of ``data`` (a list, tuple of columns, dict or ndarray).

    Examples:
        >>> import mindjax.dataset as ds
        >>> d = ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4]}, shuffle=False)
        >>> d.get_col_names(), d.get_dataset_size()
        (['a', 'b'], 2)
    """

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None):
        if isinstance(data, dict):
            names = list(data.keys())
            cols = [_as_array(v) for v in data.values()]
        elif isinstance(data, tuple):
            names = [f"column_{i}" for i in range(len(data))]
            cols = [_as_array(v) for v in data]
        elif isinstance(data, (list, np.ndarray)) or hasattr(data, "asnumpy"):
            names = ["column_0"]
            cols = [_as_array(data)]
        else:
            raise TypeError(f"Unsupported data type: {type(data)}, only support some common python data type, "
                            "like list, tuple, dict, and numpy array.")
        for c in cols:
            if c.ndim == 0:
                raise ValueError("Data of NumpySlicesDataset should be sliceable along its first dimension.")
        if len({len(c) for c in cols}) > 1:
            raise ValueError("Data length in each column is not equal.")
        if column_names is not None:
            names = V.to_str_list(column_names, "column_names")
            if len(names) != len(cols):
                raise ValueError(f"Input column_names has {len(names)} names but the data has {len(cols)} columns.")
        super().__init__(_Slices(cols), names, num_samples=num_samples, num_parallel_workers=num_parallel_workers,
                         shuffle=shuffle, sampler=sampler, num_shards=num_shards, shard_id=shard_id)


# ---- operations -----------------------------------------------------------------------------------

class BatchDataset(Dataset):
    def __init__(self, child, batch_size, drop_remainder=False, num_parallel_workers=None, per_batch_map=None,
                 input_columns=None, output_columns=None, column_order=None, pad_info=None,
                 python_multiprocessing=False, max_rowsize=None):
        if not callable(batch_size):
            if isinstance(batch_size, bool) or not isinstance(batch_size, int):
                raise TypeError("batch_size should either be an int or a callable.")
            V.check_value(batch_size, 1, V.INT32_MAX, "batch_size")
        V.type_check(drop_remainder, (bool,), "drop_remainder")
        if per_batch_map is not None and not callable(per_batch_map):
            raise TypeError("per_batch_map should be callable.")
        super().__init__(child, num_parallel_workers)
        self.batch_size = batch_size
        self.drop_remainder = drop_remainder
        self.per_batch_map = per_batch_map
        self.input_columns = V.to_str_list(input_columns, "input_columns")
        self.output_columns = V.to_str_list(output_columns, "output_columns")
        self.pad_info = pad_info
        if per_batch_map is None and (self.input_columns or self.output_columns):
            raise ValueError("input_columns and output_columns can only be used with per_batch_map.")
        self._columns()  # checks the column names now

    def _columns(self):
        cols = self.children[0]._columns()
        if self.per_batch_map is None:
            return cols
        ins = self.input_columns or cols
        for c in ins:
            if c not in cols:
                raise ValueError(f"Invalid parameter, input column name: {c} doesn't exist in the dataset columns.")
        return _map_columns(cols, ins, self.output_columns or ins)

    def get_batch_size(self):
        return self.batch_size if isinstance(self.batch_size, int) else 1

    def _size(self):
        n = self.children[0].get_dataset_size()
        if callable(self.batch_size):
            return -(-n // max(int(self.batch_size(BatchInfo(0, 0))), 1))
        return n // self.batch_size if self.drop_remainder else -(-n // self.batch_size)

    def _stack(self, rows, names, first_index):
        out = []
        for c in range(len(rows[0])):
            items = [r[c] for r in rows]
            if self.pad_info and names[c] in self.pad_info:
                items = _pad(items, self.pad_info[names[c]])
            shape0 = items[0].shape
            for k, a in enumerate(items):
                if a.shape != shape0:
                    raise ValueError(
                        f"Inconsistent batch shapes, batch operation expects same shape for each data row, but got "
                        f"inconsistent shape in column {c} ('{names[c]}'): sample {first_index + k} (row {k} of "
                        f"the batch) has shape {tuple(a.shape)} while sample {first_index} (row 0) has shape "
                        f"{tuple(shape0)}.")
            out.append(np.stack(items))
        return tuple(out)

    def _iter(self, ctx):
        child = self.children[0]
        names = child._columns()
        batch_num = 0
        buf = []
        first = 0
        seen = 0

        def size_now():
            if callable(self.batch_size):
                s = self.batch_size(BatchInfo(batch_num, ctx.epoch))
                if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or s < 1:
                    raise ValueError(f"batch_size function should return a positive integer, but got {s!r}.")
                return int(s)
            return self.batch_size

        target = size_now()
        for row in child._iter(ctx):
            buf.append(row)
            seen += 1
            if len(buf) == target:
                yield self._finish(buf, names, first, batch_num, ctx)
                batch_num += 1
                first = seen
                buf = []
                target = size_now()
        if buf and not self.drop_remainder:
            yield self._finish(buf, names, first, batch_num, ctx)

    def _finish(self, rows, names, first, batch_num, ctx):
        if self.per_batch_map is None:
            return self._stack(rows, names, first)
        ins = self.input_columns or names
        pos = [names.index(c) for c in ins]
        args = [[r[p] for r in rows] for p in pos]
        res = self.per_batch_map(*args, BatchInfo(batch_num, ctx.epoch))
        if not isinstance(res, tuple):
            res = (res,)
        outs = self.output_columns or ins
        if len(res) != len(outs):
            raise ValueError(f"per_batch_map returned {len(res)} column(s) but {len(outs)} output column(s) "
                             f"are expected: {outs}.")
        batched = []
        for col in res:
            if isinstance(col, (list, tuple)):
                col = np.stack([_as_array(x) for x in col])
            batched.append(_as_array(col))
        rest = [c for c in range(len(names)) if names[c] not in ins]
        rest_stacked = self._stack([tuple(r[c] for c in rest) for r in rows], [names[c] for c in rest], first) \
            if rest else ()
        return _reorder(names, ins, outs, tuple(batched), rows=None, rest=rest_stacked)


def _pad(items, spec):
    shape, value = spec if spec is not None else (None, 0)
    if shape is None:
        shape = [max(a.shape[d] for a in items) for d in range(items[0].ndim)]
    shape = [max(a.shape[d] for a in items) if s is None else s for d, s in enumerate(shape)]
    out = []
    for a in items:
        b = np.full(shape, value, dtype=a.dtype)
        sl = tuple(slice(0, min(s, d)) for s, d in builtins.zip(shape, a.shape))
        b[sl] = a[sl]
        out.append(b)
    return out


def _map_columns(cols, ins, outs):
    """Column order after a map, as MindSpore 2.x: same count replaces in place, else outputs first."""
    if len(ins) == len(outs):
        new = list(cols)
        for i, o in builtins.zip(ins, outs):
            new[cols.index(i)] = o
        result = new
    else:
        result = list(outs) + [c for c in cols if c not in ins]
    if len(set(result)) != len(result):
        raise ValueError(f"Invalid columns: the output columns {outs} duplicate existing columns: {result}.")
    return result


def _reorder(cols, ins, outs, produced, rows=None, rest=None, row=None):
    if len(ins) == len(outs):
        new = list(row) if row is not None else None
        if new is None:  # batch path: rebuild from rest + produced in column order
            it_rest = iter(rest)
            new = []
            for c in cols:
                new.append(produced[ins.index(c)] if c in ins else next(it_rest))
            return tuple(new)
        for i, v in builtins.zip(ins, produced):
            new[cols.index(i)] = v
        return tuple(new)
    if row is not None:
        return tuple(produced) + tuple(row[k] for k, c in enumerate(cols) if c not in ins)
    return tuple(produced) + tuple(rest)


class MapDataset(Dataset):
    def __init__(self, child, operations, input_columns=None, output_columns=None, num_parallel_workers=None):
        if not isinstance(operations, list):
            operations = [operations]
        if not operations:
            raise ValueError("operations can not be empty.")
        for op in operations:
            if not callable(op):
                raise ValueError(f"Parameter operations's element of method map should be a python function or "
                                 f"class method which should be callable, but got: {op}. It doesn't need "
                                 f"parentheses for python function or class method.")
        super().__init__(child, num_parallel_workers)
        self.operations = operations
        self.input_columns = V.to_str_list(input_columns, "input_columns")
        self.output_columns = V.to_str_list(output_columns, "output_columns")
        self._columns()

    def _ins(self):
        cols = self.children[0]._columns()
        ins = self.input_columns or cols[:1]
        for c in ins:
            if c not in cols:
                raise ValueError(f"Invalid parameter, input column name: {c} doesn't exist in the dataset columns.")
        return cols, ins

    def _columns(self):
        cols, ins = self._ins()
        return _map_columns(cols, ins, self.output_columns or ins)

    def _size(self):
        return self.children[0].get_dataset_size()

    def _apply(self, args):
        for op in self.operations:
            try:
                res = op(*args)
            except Exception as e:
                name = getattr(op, "__name__", None) or type(op).__name__
                e.add_note(f"map operation: [{name}] failed (mindjax.dataset map on columns {self._ins()[1]}).")
                raise
            args = _to_row(res)
        return args

    def _iter(self, ctx):
        cols, ins = self._ins()
        outs = self.output_columns or ins
        pos = [cols.index(c) for c in ins]
        rng = ctx.rng(self)
        workers = self.num_parallel_workers or 1
        if workers > 1:
            yield from self._iter_parallel(ctx, rng, workers, cols, ins, outs, pos)
            return
        for row in self.children[0]._iter(ctx):
            with _random.use(rng):
                produced = self._apply(tuple(row[p] for p in pos))
            yield self._finish(cols, ins, outs, produced, row)

    def _finish(self, cols, ins, outs, produced, row):
        if len(produced) != len(outs):
            raise RuntimeError(f"map operation returned {len(produced)} column(s) but output_columns "
                               f"{outs} has {len(outs)}.")
        return _reorder(cols, ins, outs, produced, row=row)

    def _one(self, args, seed):
        with _random.use(np.random.default_rng(seed)):
            return self._apply(args)

    def _iter_parallel(self, ctx, rng, workers, cols, ins, outs, pos):
        """Rows transformed by a thread pool, in order; each row gets its own seeded generator."""
        import collections
        from concurrent.futures import ThreadPoolExecutor
        pending = collections.deque()
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mindjax-dataset-map")
        try:
            for row in self.children[0]._iter(ctx):
                seed = int(rng.integers(0, 2 ** 63))
                pending.append((row, pool.submit(self._one, tuple(row[p] for p in pos), seed)))
                if len(pending) >= 2 * workers:
                    r, fut = pending.popleft()
                    yield self._finish(cols, ins, outs, fut.result(), r)
            while pending:
                r, fut = pending.popleft()
                yield self._finish(cols, ins, outs, fut.result(), r)
        finally:
            for _, fut in pending:
                fut.cancel()
            pool.shutdown(wait=True, cancel_futures=True)


class FilterDataset(Dataset):
    def __init__(self, child, predicate, input_columns=None):
        if not callable(predicate):
            raise TypeError("predicate should be callable.")
        super().__init__(child)
        self.predicate = predicate
        self.input_columns = V.to_str_list(input_columns, "input_columns")

    def _columns(self):
        return self.children[0]._columns()

    def _iter(self, ctx):
        cols = self._columns()
        pos = [cols.index(c) for c in (self.input_columns or cols)]
        for row in self.children[0]._iter(ctx):
            if bool(np.asarray(self.predicate(*(row[p] for p in pos)))):
                yield row

    def _size(self):
        ctx = _Ctx(self, _random.new_base_seed())
        return builtins.sum(1 for _ in self._iter(ctx))


class ShuffleDataset(Dataset):
    def __init__(self, child, buffer_size):
        V.type_check(buffer_size, (int,), "buffer_size")
        V.check_value(buffer_size, 2, V.INT32_MAX, "buffer_size")
        super().__init__(child)
        self.buffer_size = buffer_size

    def _columns(self):
        return self.children[0]._columns()

    def _size(self):
        return self.children[0].get_dataset_size()

    def _iter(self, ctx):
        rng = ctx.rng(self)
        buf = []
        for row in self.children[0]._iter(ctx):
            if len(buf) < self.buffer_size:
                buf.append(row)
                continue
            j = int(rng.integers(len(buf)))
            out, buf[j] = buf[j], row
            yield out
        for j in rng.permutation(len(buf)):
            yield buf[j]


class RepeatDataset(Dataset):
    def __init__(self, child, count=None):
        if count is None:
            count = -1
        V.type_check(count, (int,), "count")
        if count != -1 and (count <= 0 or count > V.INT32_MAX):
            raise ValueError("count should be either -1 or positive integer, range[1, INT32_MAX].")
        super().__init__(child)
        self.count = count

    def _columns(self):
        return self.children[0]._columns()

    def _size(self):
        n = self.children[0].get_dataset_size()
        return n if self.count == -1 else n * self.count  # MindSpore answers the child's size for -1

    def get_repeat_count(self):
        return self.count

    def _iter(self, ctx):
        k = 0
        while self.count == -1 or k < self.count:
            yield from self.children[0]._iter(ctx)
            k += 1


class TakeDataset(Dataset):
    def __init__(self, child, count=-1):
        V.type_check(count, (int,), "count")
        if count != -1 and (count <= 0 or count > V.INT32_MAX):
            raise ValueError(f"count should be either -1 or within the required interval of (0, 2147483647], "
                             f"got {count}.")
        super().__init__(child)
        self.count = count

    def _columns(self):
        return self.children[0]._columns()

    def _size(self):
        n = self.children[0].get_dataset_size()
        return n if self.count == -1 else min(n, self.count)

    def _iter(self, ctx):
        if self.count == -1:
            yield from self.children[0]._iter(ctx)
            return
        if self.count == 0:
            return
        gen = self.children[0]._iter(ctx)
        try:
            for k, row in enumerate(gen):
                yield row
                if k + 1 >= self.count:
                    break
        finally:
            gen.close()


class SkipDataset(Dataset):
    def __init__(self, child, count):
        V.type_check(count, (int,), "count")
        V.check_value(count, 0, V.INT32_MAX, "count")
        super().__init__(child)
        self.count = count

    def _columns(self):
        return self.children[0]._columns()

    def _size(self):
        return max(self.children[0].get_dataset_size() - self.count, 0)

    def _iter(self, ctx):
        for k, row in enumerate(self.children[0]._iter(ctx)):
            if k >= self.count:
                yield row


class ProjectDataset(Dataset):
    def __init__(self, child, columns):
        super().__init__(child)
        self.columns = V.to_str_list(columns, "columns")
        if not self.columns:
            raise ValueError("columns should not be empty.")
        self._columns()

    def _columns(self):
        cols = self.children[0]._columns()
        for c in self.columns:
            if c not in cols:
                raise ValueError(f"Invalid column, column name: {c} does not exist.")
        return list(self.columns)

    def _size(self):
        return self.children[0].get_dataset_size()

    def _iter(self, ctx):
        cols = self.children[0]._columns()
        pos = [cols.index(c) for c in self.columns]
        for row in self.children[0]._iter(ctx):
            yield tuple(row[p] for p in pos)


class RenameDataset(Dataset):
    def __init__(self, child, input_columns, output_columns):
        super().__init__(child)
        self.input_columns = V.to_str_list(input_columns, "input_columns")
        self.output_columns = V.to_str_list(output_columns, "output_columns")
        if len(self.input_columns) != len(self.output_columns):
            raise ValueError("Number of column in input_columns and output_columns is not equal.")
        self._columns()

    def _columns(self):
        cols = list(self.children[0]._columns())
        for i, o in builtins.zip(self.input_columns, self.output_columns):
            if i not in cols:
                raise ValueError(f"Invalid column, column to be renamed does not exist: {i}.")
            cols[cols.index(i)] = o
        if len(set(cols)) != len(cols):
            raise ValueError(f"Invalid column, the renamed columns are not unique: {cols}.")
        return cols

    def _size(self):
        return self.children[0].get_dataset_size()

    def _iter(self, ctx):
        return self.children[0]._iter(ctx)


class ZipDataset(Dataset):
    def __init__(self, datasets):
        for d in datasets:
            if not isinstance(d, Dataset):
                raise TypeError(f"Invalid dataset, expected Dataset object, but got {type(d)}.")
        super().__init__(list(datasets))
        self._columns()

    def _columns(self):
        cols = [c for d in self.children for c in d._columns()]
        if len(set(cols)) != len(cols):
            raise ValueError(f"Invalid column, zip cannot join datasets with the same column names: {cols}.")
        return cols

    def _size(self):
        return min(d.get_dataset_size() for d in self.children)

    def _iter(self, ctx):
        gens = [d._iter(ctx) for d in self.children]
        try:
            for rows in builtins.zip(*gens):
                yield tuple(a for r in rows for a in r)
        finally:
            for g in gens:
                g.close()

    def get_batch_size(self):
        return 1


class ConcatDataset(Dataset):
    def __init__(self, datasets):
        for d in datasets:
            if not isinstance(d, Dataset):
                raise TypeError(f"Invalid dataset, expected Dataset object, but got {type(d)}.")
        super().__init__(list(datasets))
        cols = datasets[0]._columns()
        for d in datasets[1:]:
            if d._columns() != cols:
                raise ValueError(f"Invalid columns, the datasets to concat have different columns: "
                                 f"{cols} and {d._columns()}.")

    def _columns(self):
        return self.children[0]._columns()

    def _size(self):
        return builtins.sum(d.get_dataset_size() for d in self.children)

    def _iter(self, ctx):
        for d in self.children:
            yield from d._iter(ctx)


def zip(datasets):
    """``mindspore.dataset.zip``: join the columns of datasets row by row."""
    if not isinstance(datasets, tuple):
        raise TypeError(f"Invalid datasets, expected tuple of Dataset, but got {datasets}.")
    if len(datasets) <= 1:
        raise ValueError("Can't zip empty or just one dataset!")
    return ZipDataset(datasets)
