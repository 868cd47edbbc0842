"""Samplers: which indices of a random-access source each pass reads, in MindSpore's order.

Each built-in sampler makes, per iterator, a run object whose ``next()`` gives the indices of one
pass (one epoch, or one repeat). The random ones draw exactly as MindSpore's C++ samplers do
(``_stdrandom``): same generator, same seeding per pass, same algorithms, so that under
``dataset.config.set_seed(n)`` the orders are MindSpore's.
"""
import numbers

import numpy as np

from .. import config
from . import _stdrandom as R
from . import validators as V

__all__ = ["Sampler", "BuiltinSampler", "SequentialSampler", "RandomSampler", "DistributedSampler",
           "SubsetRandomSampler", "SubsetSampler", "WeightedRandomSampler", "PKSampler"]

_DEFAULT_SEED = 5489


def _get_seed() -> int:
    """MindSpore's GetSeed: the configured seed, or a fresh random one while it is the default."""
    s = config.get_seed()
    return R.fresh_seed() if s == _DEFAULT_SEED else s


def _check_num_samples(num_samples):
    if num_samples is not None:
        if isinstance(num_samples, bool) or not isinstance(num_samples, int):
            raise TypeError(f"num_samples must be integer but was: {num_samples}.")
        if num_samples < 0 or num_samples > V.INT64_MAX:
            raise ValueError(f"num_samples exceeds the boundary between 0 and {V.INT64_MAX}(INT64_MAX)!")


class _Run:
    """One iterator's state of a sampler; ``next()`` gives one pass of indices."""

    def __init__(self, sampler, n, source):
        self.sampler, self.n, self.source = sampler, n, source
        self.child = sampler.child_sampler._make_run(n, source) if sampler.child_sampler is not None else None
        self.passes = 0

    def next(self):
        child_ids = self.child.next() if self.child is not None else None
        n = len(child_ids) if child_ids is not None else self.n
        ids = np.asarray(self.sampler._pass(self, n, self.passes), dtype=np.int64)
        self.passes += 1
        if child_ids is not None:
            ids = child_ids[ids]
        return ids


class BuiltinSampler:
    """Base of the built-in samplers (``add_child`` chains a child whose output this one samples)."""

    def __init__(self, num_samples=None):
        self.child_sampler = None
        self.num_samples = num_samples

    def add_child(self, sampler):
        """Sample from the output of ``sampler`` instead of the whole dataset."""
        if self.child_sampler is not None:
            raise RuntimeError("Cannot add child sampler, this sampler already has a child.")
        self.child_sampler = sampler

    def get_child(self):
        return self.child_sampler

    def get_num_samples(self):
        """``num_samples`` of this sampler combined with its child's (the smaller one)."""
        child = self.child_sampler.get_num_samples() if self.child_sampler is not None else None
        if self.num_samples is None:
            return child
        return self.num_samples if child is None else min(self.num_samples, child)

    def is_shuffled(self):
        return False

    def is_sharded(self):
        return self.child_sampler.is_sharded() if self.child_sampler is not None else False

    def _make_run(self, n, source=None):
        run = _Run(self, n, source)
        self._init_run(run, n if self.child_sampler is None else self.child_sampler._count(n))
        return run

    def _init_run(self, run, n):
        pass

    def _count(self, n):
        """Rows one pass yields from a source of ``n`` rows."""
        if self.child_sampler is not None:
            n = self.child_sampler._count(n)
        return n if not self.num_samples else min(n, self.num_samples)


class SequentialSampler(BuiltinSampler):
    """Indices ``start_index, start_index + 1, ...`` (at most ``num_samples``)."""

    def __init__(self, start_index=None, num_samples=None):
        if start_index is not None and (isinstance(start_index, bool) or not isinstance(start_index, int)):
            raise TypeError(f"start_index must be integer but was: {start_index}.")
        _check_num_samples(num_samples)
        self.start_index = start_index
        super().__init__(num_samples)

    def _count(self, n):
        if self.child_sampler is not None:
            n = self.child_sampler._count(n)
        n = max(n - (self.start_index or 0), 0)
        return n if not self.num_samples else min(n, self.num_samples)

    def _pass(self, run, n, k):
        start = self.start_index or 0
        if start >= n and n:
            raise RuntimeError(f"Invalid parameter, start_index must be less than num_rows, but got start_index: "
                               f"{start}, num_rows: {n}.")
        ids = np.arange(start, n)
        return ids if not self.num_samples else ids[:self.num_samples]


class RandomSampler(BuiltinSampler):
    """A random permutation per epoch (or ``num_samples`` draws with ``replacement``).

    Examples:
        >>> import numpy as np, mindjax.dataset as ds
        >>> ds.config.set_seed(1234)
        >>> d = ds.NumpySlicesDataset(np.arange(10), sampler=ds.RandomSampler())
        >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [5, 3, 0, 8, 2, 7, 1, 6, 4, 9]
    """

    def __init__(self, replacement=False, num_samples=None, shuffle=None):
        if not isinstance(replacement, bool):
            raise TypeError(f"replacement must be a boolean value but was: {replacement}.")
        _check_num_samples(num_samples)
        self.replacement = replacement
        self.reshuffle_each_epoch = True
        self.shuffle = "global" if shuffle is None else shuffle
        super().__init__(num_samples)

    def is_shuffled(self):
        return True

    def _init_run(self, run, n):
        run.seed = _get_seed()
        run.gen = R.MT19937(run.seed)
        run.ids = None

    def _pass(self, run, n, k):
        take = n if not self.num_samples or self.num_samples > n else self.num_samples
        if k > 0:
            if self.reshuffle_each_epoch:
                run.seed = (run.seed + 1) & 0xFFFFFFFF
            run.gen.seed(run.seed)
        if self.replacement:
            return [R.uniform_int(run.gen, 0, n - 1) for _ in range(take)]
        if run.ids is None or len(run.ids) != n:
            run.ids = list(range(n))
            R.shuffle(run.ids, run.gen)
        elif self.reshuffle_each_epoch:
            R.shuffle(run.ids, run.gen)
        return run.ids[:take]


class DistributedSampler(BuiltinSampler):
    """The shard ``shard_id`` of ``num_shards``: row ``num_shards * k + shard_id`` of a permutation
    (shuffle) or of the dataset, wrapping around so that every shard has the same size.

    As MindSpore, the seed is the dataset seed when the sampler is made (5489 when none is set),
    plus one, so that shards of one run agree on the permutation.
    """

    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        if isinstance(num_shards, bool) or not isinstance(num_shards, int):
            raise TypeError(f"num_shards must be integer but was: {num_shards}.")
        if isinstance(shard_id, bool) or not isinstance(shard_id, int):
            raise TypeError(f"shard_id must be integer but was: {shard_id}.")
        if not isinstance(shuffle, (bool, str)):
            raise TypeError(f"shuffle must be a boolean value or valid shuffle mode but was: {shuffle}.")
        _check_num_samples(num_samples)
        if isinstance(offset, bool) or not isinstance(offset, int):
            raise TypeError(f"offset must be integer but was: {offset}.")
        if num_shards <= 0:
            raise RuntimeError(f"Invalid parameter, num_shards must be greater than 0, but got {num_shards}.")
        if shard_id < 0 or shard_id >= num_shards:
            raise RuntimeError(f"Invalid parameter, shard_id must be less than num_shards and greater than or "
                               f"equal to 0, but got shard_id: {shard_id}, num_shards: {num_shards}.")
        if offset > num_shards:
            raise RuntimeError(f"Invalid parameter, offset must be less than or equal to num_shards, but got "
                               f"offset: {offset}, num_shards: {num_shards}.")
        self.num_shards, self.shard_id, self.offset = num_shards, shard_id, offset
        self.shuffle = bool(shuffle) if isinstance(shuffle, bool) else shuffle != "false"
        self.seed = config.get_seed()
        super().__init__(num_samples)

    def is_shuffled(self):
        return self.shuffle

    def is_sharded(self):
        return True

    def _shard_size(self, n):
        if self.offset != -1:
            off = self.offset
            size = (n + off) // self.num_shards
            if self.shard_id < (n + off) % self.num_shards:
                size += 1
            if self.shard_id < off:
                size -= 1
            return size
        return -(-n // self.num_shards)

    def _count(self, n):
        if self.child_sampler is not None:
            n = self.child_sampler._count(n)
        size = max(self._shard_size(n), 1)
        return size if not self.num_samples else min(size, self.num_samples)

    def _init_run(self, run, n):
        run.seed = (self.seed + 1) & 0xFFFFFFFF  # MindSpore adds one when it builds the C++ sampler
        run.gen = R.MT19937(0)
        run.vec = None

    def _pass(self, run, n, k):
        if self.shuffle:
            if run.vec is None:
                run.vec = list(range(n))
            run.gen.seed(run.seed)
            run.seed = (run.seed + 1) & 0xFFFFFFFF
            R.shuffle(run.vec, run.gen)
        take = self._shard_size(n)
        if self.num_samples:
            take = min(take, self.num_samples)
        out = []
        cnt = 0
        while cnt < take:
            mid = self.num_shards * cnt + self.shard_id - (self.offset if self.offset != -1 else 0)
            if mid < 0:
                take += 1
                cnt += 1
                continue
            idx = mid % n
            out.append(run.vec[idx] if self.shuffle else idx)
            cnt += 1
        return out


class SubsetSampler(BuiltinSampler):
    """The given ``indices``, in order (the first ``num_samples`` of them)."""

    def __init__(self, indices, num_samples=None):
        _check_num_samples(num_samples)
        if isinstance(indices, (int, np.integer)) and not isinstance(indices, bool):
            indices = [indices]
        elif isinstance(indices, str) or not hasattr(indices, "__iter__"):
            raise TypeError(f"Unsupported sampler object of type ({type(indices)})")
        else:
            indices = list(indices) if num_samples is None else list(indices)[:num_samples]
        for i, item in enumerate(indices):
            if isinstance(item, bool) or not isinstance(item, (int, np.integer)):
                raise TypeError(f"SubsetSampler: Type of indices element must be int, but got list[{i}]: {item}, "
                                f"type: {type(item)}.")
        self.indices = [int(i) for i in indices]
        super().__init__(num_samples)

    def _count(self, n):
        if self.child_sampler is not None:
            n = self.child_sampler._count(n)
        res = n if not self.num_samples else min(n, self.num_samples)
        return min(res, len(self.indices))

    def _order(self, run):
        return self.indices

    def _pass(self, run, n, k):
        ids = self._order(run)
        if self.num_samples:
            ids = ids[:self.num_samples]
        for i in ids:
            if i >= n or i < 0:
                raise RuntimeError(f"Sample ID ({i}) is out of bound, expected range [0, {n - 1}]")
        return [((i % n) + n) % n for i in ids]


class SubsetRandomSampler(SubsetSampler):
    """The given ``indices`` in a random order, reshuffled every epoch."""

    def is_shuffled(self):
        return True

    def _init_run(self, run, n):
        run.ids = list(self.indices)
        run.gen = R.MT19937(0)

    def _order(self, run):
        run.gen.seed(_get_seed())  # MindSpore re-reads the seed every epoch
        R.shuffle(run.ids, run.gen)
        return run.ids


class WeightedRandomSampler(BuiltinSampler):
    """Indices drawn with probabilities proportional to ``weights`` (index i has weight ``weights[i]``)."""

    def __init__(self, weights, num_samples=None, replacement=True):
        if not isinstance(weights, list):
            weights = [weights]
        for i, w in enumerate(weights):
            if not isinstance(w, numbers.Number):
                raise TypeError(f"type of weights element must be number, but got w[{i}]: {w}, type: {type(w)}.")
        _check_num_samples(num_samples)
        if not isinstance(replacement, bool):
            raise TypeError(f"replacement must be a boolean value but was: {replacement}.")
        self.weights = weights
        self.replacement = replacement
        super().__init__(num_samples)

    def is_shuffled(self):
        return True

    def _init_run(self, run, n):
        run.gen = R.MT19937(0)

    def _pass(self, run, n, k):
        from . import _errors as E
        take = n if not self.num_samples or self.num_samples > n else self.num_samples
        w = [float(x) for x in self.weights]
        if len(w) > n:
            raise E.pipeline_error("Invalid parameter, size of sample weights must be less than or equal to num of "
                                   "data, otherwise might cause generated id out of bound or other errors, but got "
                                   f"weight size: {len(w)}, num of data: {n}")
        if not self.replacement and len(w) < take:
            raise E.pipeline_error("Invalid parameter, without replacement, weight size must be greater than or "
                                   f"equal to num_samples, but got weight size: {len(w)}, num_samples: {take}")
        run.gen.seed(_get_seed())
        if self.replacement:
            dist = R.Discrete(w)
            return [dist(run.gen) for _ in range(take)]
        keyed = [(R.exponential(run.gen) / x if x else float("inf"), i) for i, x in enumerate(w)]
        keyed.sort()
        return [i for _, i in keyed[:take]]


class PKSampler(BuiltinSampler):
    """``num_val`` rows of every class, drawn at random within the class (classes in label order,
    or shuffled with ``shuffle``). Needs a source that knows its labels (Mnist, Cifar, ImageFolder...)."""

    def __init__(self, num_val, num_class=None, shuffle=False, class_column="label", num_samples=None):
        if isinstance(num_val, bool) or not isinstance(num_val, int):
            raise TypeError(f"num_val must be integer but was: {num_val}.")
        if num_class is not None:
            raise NotImplementedError("Not supported to specify num_class for PKSampler.")
        if not isinstance(shuffle, bool):
            raise TypeError(f"shuffle must be a boolean value but was: {shuffle}.")
        if not isinstance(class_column, str):
            raise TypeError(f"class_column must be a str value but was: {class_column}.")
        _check_num_samples(num_samples)
        self.num_val, self.shuffle, self.class_column = num_val, shuffle, class_column
        super().__init__(num_samples)

    def is_shuffled(self):
        return self.shuffle

    def _classes(self, source):
        get = getattr(source, "_class_ids", None)
        if get is None:
            raise RuntimeError("PKSampler needs a dataset with class labels (e.g. MnistDataset, ImageFolderDataset).")
        return get()

    def _count(self, n, source=None):
        return n if not self.num_samples else min(n, self.num_samples)

    def _init_run(self, run, n):
        run.seed = _get_seed()
        run.gen = R.MT19937(run.seed)
        run.seed += 1
        run.by_label = self._classes(run.source)
        labels = sorted(k for k, v in run.by_label.items() if len(v))
        if self.shuffle:
            R.shuffle(labels, run.gen)
        run.labels = labels

    def _pass(self, run, n, k):
        if k > 0:
            run.gen.seed(run.seed)
            run.seed += 1
        total = self.num_val * len(run.labels)
        take = total if not self.num_samples or self.num_samples > total else self.num_samples
        out = []
        for i in range(take):
            ids = run.by_label[run.labels[i // self.num_val]]
            out.append(ids[R.uniform_int(run.gen, 0, len(ids) - 1)])
        return out


class Sampler(BuiltinSampler):
    """User sampler: subclass and implement ``__iter__`` yielding indices (``self.dataset_size`` is set)."""

    def __init__(self, num_samples=None):
        super().__init__(num_samples)
        self.dataset_size = 0
        if self.num_samples is None and hasattr(self, "__len__"):
            self.num_samples = len(self)

    def __iter__(self):
        raise NotImplementedError

    def reset(self):
        pass

    def _count(self, n):
        self.dataset_size = n
        return len(self._pass(None, n, 0))

    def _pass(self, run, n, k):
        self.dataset_size = n
        out = []
        for count, idx in enumerate(self):
            out.extend([idx] if isinstance(idx, numbers.Number) else list(idx))
            if self.num_samples is not None and count + 1 >= self.num_samples:
                break
        return out
