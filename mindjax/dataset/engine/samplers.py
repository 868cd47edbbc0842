"""Samplers: which indices of a random-access source a pass reads."""
import numpy as np

from . import validators as V

__all__ = ["Sampler", "BuiltinSampler", "SequentialSampler", "RandomSampler", "DistributedSampler",
           "SubsetRandomSampler", "SubsetSampler"]


class BuiltinSampler:
    def __init__(self, num_samples=None):
        V.check_num_samples(num_samples)
        self.num_samples = num_samples or None

    def _cut(self, idx):
        return idx if self.num_samples is None else idx[:self.num_samples]

    def get_num_samples(self):
        return self.num_samples


class Sampler(BuiltinSampler):
    """User sampler: subclass and implement ``__iter__`` yielding indices (``self.dataset_size`` is set)."""

    def __init__(self, num_samples=None):
        super().__init__(num_samples)
        self.dataset_size = 0

    def _indices(self, n, rng):
        self.dataset_size = n
        return self._cut(np.asarray(list(iter(self)), dtype=np.int64))


class SequentialSampler(BuiltinSampler):
    def __init__(self, start_index=None, num_samples=None):
        super().__init__(num_samples)
        self.start_index = start_index or 0

    def _indices(self, n, rng):
        return self._cut(np.arange(self.start_index, n))


class RandomSampler(BuiltinSampler):
    def __init__(self, replacement=False, num_samples=None):
        super().__init__(num_samples)
        self.replacement = replacement

    def _indices(self, n, rng):
        rng = rng if rng is not None else np.random.default_rng(0)
        if self.replacement:
            return rng.integers(0, n, size=self.num_samples or n)
        return self._cut(rng.permutation(n))


class DistributedSampler(BuiltinSampler):
    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        super().__init__(num_samples)
        V.check_shard(num_shards, shard_id)
        self.num_shards, self.shard_id, self.shuffle = num_shards, shard_id, shuffle

    def _indices(self, n, rng):
        idx = rng.permutation(n) if (self.shuffle and rng is not None) else np.arange(n)
        per = -(-n // self.num_shards)
        idx = np.resize(idx, per * self.num_shards) if n else idx
        return self._cut(idx[self.shard_id::self.num_shards])


class SubsetSampler(BuiltinSampler):
    def __init__(self, indices, num_samples=None):
        super().__init__(num_samples)
        self.indices = np.asarray(list(indices), dtype=np.int64)

    def _indices(self, n, rng):
        return self._cut(self.indices)


class SubsetRandomSampler(SubsetSampler):
    def _indices(self, n, rng):
        rng = rng if rng is not None else np.random.default_rng(0)
        return self._cut(self.indices[rng.permutation(len(self.indices))])
