"""The dataset tree: sources and the operations chained on them.

Every node yields rows, a row being a tuple of numpy arrays (one per column). Nothing runs until an
iterator is made; the iterator runs the whole tree on a background thread (see ``iterators.py``).
"""
import builtins

import numpy as np

from .. import _random
from . import validators as V
from . import _errors
from . import samplers as S
from ._more_ops import MoreMethods

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
        self.closers = []  # called when the run ends (worker pools)
        stack = [root]
        while stack:  # deterministic numbering of the nodes, whatever their ids
            node = stack.pop()
            if id(node) not in self.ids:
                self.ids[id(node)] = len(self.ids)
                stack.extend(reversed(node.children))

    def state(self, node, make):
        """Per-iterator state of ``node`` (a sampler's run, a shuffle's generator), made on first use."""
        key = ("state", self.ids.get(id(node), id(node)))
        if key not in self.passes:
            self.passes[key] = make()
        return self.passes[key]

    def pool(self, node, make):
        """The worker pool of ``node`` for this run (one for all its epochs), made on first use."""
        key = ("pool", id(node))
        if key not in self.passes:
            self.passes[key] = make()
            self.closers.append(self.passes[key].close)
        return self.passes[key]

    def close(self):
        """End of the run: release what nodes opened for it (worker processes)."""
        while self.closers:
            self.closers.pop()()

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


_PRIM = (int, float, str, bytes, np.ndarray, np.number, np.bool_)


def _is_tensor(x):
    return hasattr(x, "asnumpy") and not isinstance(x, np.ndarray)


def _to_row(value):
    """A value from a source or a pyfunc turned into a row, as MindSpore's ``_convert_row``: a single
    value is one column, a dict is kept as a Python-object column, anything else is iterated."""
    if isinstance(value, _PRIM) or _is_tensor(value):
        if _is_tensor(value):
            return (np.asarray(value.asnumpy()),)
        item = np.asarray(value)
        if item.dtype == object:
            raise TypeError("Data type of the input or its converted Numpy array is expected to be int or float or "
                            f"str, but got {item.dtype}.")
        return (item,)
    if isinstance(value, dict):
        return (value,)
    out = []
    for idx, x in enumerate(value, 1):  # iterating None raises TypeError, as in MindSpore
        if _is_tensor(x):
            out.append(np.asarray(x.asnumpy()))
        elif isinstance(x, dict):
            out.append(x)
        else:
            item = np.asarray(x)
            if item.dtype == object:
                raise TypeError(f"Data type of {idx}th item of the input or its converted Numpy array is expected "
                                f"to be int or float or str, but got {item.dtype}.")
            out.append(item)
    return tuple(out)


class BatchInfo:
    """What a callable ``batch_size`` or ``per_batch_map`` is told about the batch being made."""

    def __init__(self, batch_num, epoch_num):
        self._batch_num = batch_num
        self._epoch_num = epoch_num

    def get_batch_num(self):
        return self._batch_num

    def get_epoch_num(self):
        return self._epoch_num


class Dataset(MoreMethods):
    """Base of every dataset node; holds the methods chaining operations and making iterators."""

    def __init__(self, children=None, num_parallel_workers=None):
        if children is None:
            children = []
        elif isinstance(children, Dataset):
            children = [children]
        self.children = list(children)
        if num_parallel_workers is not None:
            V.check_num_parallel_workers(num_parallel_workers)
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

        With ``num_parallel_workers`` > 1 the rows are transformed by that many threads, or, with
        ``python_multiprocessing=True``, by that many worker processes (large arrays coming back through
        shared memory of ``max_rowsize`` MB per row); either way in order. ``callbacks`` (DSCallback
        objects) are called around each row and epoch; ``cache`` and ``offload`` are accepted and ignored.
        """
        # MindSpore hands **kwargs to MapDataset: an argument it does not take (``column_order``,
        # removed in 2.0, still passed by older model zoos) is a TypeError, never ignored
        for key in kwargs:
            if key not in ("python_multiprocessing", "cache", "callbacks", "max_rowsize", "offload"):
                raise TypeError(f"MapDataset.__init__() got an unexpected keyword argument '{key}'")
        return MapDataset(self, operations, input_columns, output_columns, num_parallel_workers,
                          callbacks=kwargs.get("callbacks"),
                          python_multiprocessing=kwargs.get("python_multiprocessing", False),
                          max_rowsize=kwargs.get("max_rowsize", 16))

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
        return FilterDataset(self, predicate, input_columns, num_parallel_workers)

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
            ctx.close()

    def output_shapes(self, estimate=False):
        """Shape of each column in the first row (a Python-object column reports [0], as MindSpore)."""
        return [[0] if isinstance(a, dict) else list(np.shape(a)) for a in self._first_row()]

    def output_types(self):
        """numpy dtype of each column in the first row (object for a Python-object column)."""
        # a string column is np.str_ ('<U0'), as MindSpore gives, not the first row's width
        return [np.dtype(object) if isinstance(a, dict) else
                (np.dtype(np.str_) if np.asarray(a).dtype.kind == "U" else np.asarray(a).dtype)
                for a in self._first_row()]

    def get_batch_size(self):
        for child in self.children:
            return child.get_batch_size()
        return 1

    def get_repeat_count(self):
        for child in self.children:
            return child.get_repeat_count()
        return 1

    def get_class_indexing(self):
        """{class name: label} of the source below (empty when it has no classes)."""
        for child in self.children:
            return child.get_class_indexing()
        return {}

    def num_classes(self):
        """Number of classes of the source below (None when it has no classes)."""
        for child in self.children:
            return child.num_classes()
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
    """A source read by index: its sampler (given, or chosen from shuffle / num_samples / sharding as
    MindSpore chooses it) picks the indices of each pass."""

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
        self.sampler = _select_sampler(num_samples, sampler, self.shuffle_flag, num_shards, shard_id)

    def is_shuffled(self):
        return bool(self.sampler.is_shuffled())

    def is_sharded(self):
        return bool(self.sampler.is_sharded())

    def add_sampler(self, new_sampler):
        """Chain ``new_sampler`` under the current sampler (it samples what the current one gives)."""
        new_sampler.add_child(self.sampler)
        self.sampler = new_sampler

    def use_sampler(self, new_sampler):
        """Replace the sampler of this source."""
        if new_sampler is None:
            raise TypeError("Input sampler can not be None.")
        self.sampler = new_sampler
        self._size_cache = None

    def _len(self):
        raise NotImplementedError

    def _get(self, index):
        raise NotImplementedError

    def _size(self):
        n = self._len()
        if isinstance(self.sampler, S.PKSampler):
            return len(self.sampler._make_run(n, self).next())
        return self.sampler._count(n)

    def _iter(self, ctx):
        run = ctx.state(self, lambda: self.sampler._make_run(self._len(), self))
        for i in run.next():
            yield self._get(int(i))


def _select_sampler(num_samples, sampler, shuffle, num_shards, shard_id):
    """The sampler MindSpore builds from a source's arguments."""
    if sampler is not None:
        if isinstance(sampler, S.BuiltinSampler):
            if num_samples is not None:
                raise ValueError(f"Conflicting arguments during sampler assignments. num_samples: {num_samples}, "
                                 f"num_shards: {num_shards}, shard_id: {shard_id}, shuffle: None.")
            return sampler
        if isinstance(sampler, (np.ndarray, list, tuple)):
            return S.SubsetSampler(list(sampler), num_samples)
        if isinstance(sampler, (int, np.integer)) and not isinstance(sampler, bool):
            return S.SubsetSampler([int(sampler)])
        if hasattr(sampler, "__iter__"):
            return _IterSampler(sampler, num_samples)
        raise TypeError(f"Unsupported sampler object of type ({type(sampler)})")
    if shuffle:
        if num_shards is not None:
            return S.DistributedSampler(num_shards, shard_id, shuffle=True, num_samples=num_samples)
        if num_samples is not None:  # MindSpore draws with replacement here
            return S.RandomSampler(replacement=True, num_samples=num_samples)
        return S.RandomSampler()
    if num_shards is not None:
        return S.DistributedSampler(num_shards, shard_id, shuffle=False, num_samples=num_samples)
    return S.SequentialSampler(num_samples=num_samples)


class _IterSampler(S.Sampler):
    """A user's iterable of indices used as a sampler."""

    def __init__(self, sampler, num_samples=None):
        self._it = sampler
        super().__init__(num_samples)

    def __iter__(self):
        return iter(self._it)


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
            names = schema._names() if hasattr(schema, "_names") else list(getattr(schema, "columns", None) or [])
            if column_types is None and hasattr(schema, "_np_types"):
                column_types = schema._np_types()
        if not random_access:
            shuffle = False  # an iterable is read in order (MindSpore ignores shuffle for it)
        if (not random_access) and (sampler is not None or num_shards is not None):
            raise ValueError("sampler and sharding are only supported for random accessible source.")
        super().__init__(num_samples, shuffle, num_shards, shard_id, sampler, num_parallel_workers)
        self.source = source
        self.random_access = random_access
        self.column_names = names
        self.column_types = column_types
        V.type_check(python_multiprocessing, (bool,), "python_multiprocessing")
        self.python_multiprocessing = python_multiprocessing
        self.max_rowsize = max_rowsize

    def _columns(self):
        return self.column_names

    def _len(self):
        return len(self.source)

    def _check(self, row):
        if len(row) != len(self.column_names):
            raise RuntimeError(
                f"Mismatched columns: the source returned {len(row)} column(s) but column_names has "
                f"{len(self.column_names)}: {self.column_names}.")
        if self.column_types is not None:  # MindSpore checks the types, it does not convert
            for a, t in builtins.zip(row, self.column_types):
                want = np.dtype(t) if isinstance(t, (str, np.dtype)) or isinstance(t, type) else _np_dtype(t)
                if isinstance(a, np.ndarray) and a.dtype != want and not (a.dtype.kind in "US" and want.kind in "US"):
                    raise _errors.wrap_text(
                        "Invalid Python function, type of returned data in 'GeneratorDataset' should be same with "
                        f"specified column_types, but the type of returned data: {type(a)}, specified column "
                        f"type: {_type_label(t)}")
        return row

    def _get_index(self, index):
        return self._get(int(index))

    def _get(self, index):
        try:
            row = _to_row(self.source[index])
        except Exception as e:
            raise _errors.wrap_source(e) from e
        return self._check(row)

    def _raw_iter(self):
        src = self.source
        if callable(src) and not hasattr(src, "__iter__") and not hasattr(src, "__next__"):
            return iter(src())
        return iter(src)

    def _streams(self):
        """An iterable source read in order (no sampler added by split / add_sampler / use_sampler)."""
        smp = self.sampler
        return (not self.random_access and type(smp) is S.SequentialSampler and smp.child_sampler is None
                and not smp.start_index)

    def _stream(self, limit=None):
        try:
            it = self._raw_iter()
        except Exception as e:
            raise _errors.wrap_source(e) from e
        k = 0
        while limit is None or k < limit:
            try:
                row = _to_row(next(it))
            except StopIteration:
                return
            except Exception as e:
                raise _errors.wrap_source(e) from e
            k += 1
            yield self._check(row)

    def _iter(self, ctx):
        if self.random_access:
            workers = self.num_parallel_workers or 1
            if self.python_multiprocessing and workers > 1:
                # MindSpore runs __getitem__ in worker processes then (rows still in sampler order)
                run = ctx.state(self, lambda: self.sampler._make_run(self._len(), self))
                pool = ctx.pool(self, lambda: _worker_pool(self._get_index, workers, self.max_rowsize))
                yield from pool.imap(run.next().tolist())
                return
            yield from super()._iter(ctx)
            return
        if self._streams():
            yield from self._stream(self.num_samples)
            return
        # a sampler over an iterable: MindSpore reads the rows in order and picks by index
        rows = list(self._stream())
        run = ctx.state(self, lambda: self.sampler._make_run(len(rows), self))
        for i in run.next():
            yield rows[int(i)]

    def _size(self):
        if self.random_access:
            return super()._size()
        if not self._streams():
            return self.sampler._count(builtins.sum(1 for _ in self._stream()))
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


def _worker_pool(fn, workers, max_rowsize, what="GeneratorDataset"):
    """A pool of ``workers`` processes running ``fn`` (see ``_multiproc``)."""
    from ._multiproc import WorkerPool
    return WorkerPool(fn, workers, max_rowsize, what)


def _type_label(t):
    name = getattr(t, "name", None)
    if isinstance(name, str) and not isinstance(t, np.dtype):
        return name.lower()
    return np.dtype(t).name


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


# the operation nodes refer back to Dataset, so they are imported once it exists
from .operations import (BatchDataset, MapDataset, FilterDataset, ShuffleDataset, RepeatDataset,  # noqa: E402
                         TakeDataset, SkipDataset, ProjectDataset, RenameDataset, ZipDataset, ConcatDataset, zip)
