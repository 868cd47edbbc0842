"""More Dataset methods: split, bucket_batch_by_length, sync_wait / sync_update, is_shuffled /
is_sharded (a mixin of ``Dataset``; the nodes they build live in _bucket.py and _sync.py)."""
import builtins
import logging

from . import validators as V

_log = logging.getLogger("mindjax.dataset")


class MoreMethods:
    """Methods of ``Dataset`` kept out of datasets.py to keep it readable."""

    def is_shuffled(self) -> bool:
        """Whether some node of the tree shuffles (a shuffle op or a random sampler)."""
        return builtins.any(c.is_shuffled() for c in self.children)

    def is_sharded(self) -> bool:
        """Whether some source of the tree reads only one shard."""
        return builtins.any(c.is_sharded() for c in self.children)

    def get_sync_notifiers(self) -> dict:
        """{condition name: release function} of the sync_wait nodes of the tree."""
        out = {}
        for c in self.children:
            out.update(c.get_sync_notifiers())
        return out

    def disable_sync(self) -> None:
        for c in self.children:
            c.disable_sync()

    def sync_wait(self, condition_name, num_batch=1, callback=None):
        """Pause the pipeline after ``num_batch`` batches until :meth:`sync_update` is called with the
        same ``condition_name`` (``callback(data)`` runs on each update).

        Examples:
            >>> import numpy as np, mindjax.dataset as ds
            >>> d = ds.NumpySlicesDataset(np.arange(4), shuffle=False).sync_wait("c", 1).batch(2)
            >>> it = d.create_tuple_iterator(output_numpy=True)
            >>> first = next(it); d.sync_update("c"); second = next(it)
            >>> second[0].tolist()
            [2, 3]
        """
        from ._sync import SyncWaitDataset
        return SyncWaitDataset(self, condition_name, num_batch, callback)

    def sync_update(self, condition_name, num_batch=None, data=None):
        """Release ``num_batch`` (default: the number given to sync_wait) more batches of the pipeline."""
        if (not isinstance(num_batch, int) and num_batch is not None) or \
                (isinstance(num_batch, int) and num_batch <= 0):
            self.disable_sync()
            raise RuntimeError(f"Sync_update batch size can only be positive integer, got: {num_batch}.")
        notifiers = self.get_sync_notifiers()
        if not isinstance(condition_name, str):
            raise TypeError(f"Argument condition_name with value {condition_name} is not of type str, but got "
                            f"{type(condition_name)}.")
        if condition_name not in notifiers:
            self.disable_sync()
            raise RuntimeError("Condition name not found.")
        if num_batch is not None:
            num_batch *= self.get_batch_size()
        notifiers[condition_name](num_batch, data)

    def _split_sizes(self, sizes):
        n = self.get_dataset_size()
        if n is None or n <= 0:
            raise RuntimeError("dataset_size is unknown, unable to split.")
        if builtins.all(isinstance(s, int) for s in sizes):
            if builtins.sum(sizes) != n:
                raise RuntimeError(f"Sum of split sizes {builtins.sum(sizes)} is not equal to dataset size {n}.")
            return list(sizes)
        out = []
        for s in sizes:
            k = int(round(s * n))
            if k == 0:
                raise RuntimeError(f"Split percentage {s} is too small.")
            out.append(k)
        diff = int(n - builtins.sum(out))
        if diff > 0:  # more rows needed: the first split takes them
            out[0] += diff
        else:  # too many: taken from the first split that can spare them
            for i, k in enumerate(out):
                if k + diff > 0:
                    out[i] += diff
                    break
        if builtins.sum(out) != n:
            raise RuntimeError(f"Sum of calculated split sizes {builtins.sum(out)} is not equal to dataset size {n}.")
        return out

    def split(self, sizes, randomize=True):
        """Split into non-overlapping datasets of ``sizes`` rows (ints) or fractions (floats summing to 1).

        With ``randomize`` the rows are permuted first, the same way every epoch; as in MindSpore the
        splits agree on that permutation only when a seed is set (``dataset.config.set_seed``).

        Examples:
            >>> import numpy as np, mindjax.dataset as ds
            >>> a, b = ds.NumpySlicesDataset(np.arange(10), shuffle=False).split([0.8, 0.2], randomize=False)
            >>> a.get_dataset_size(), b.get_dataset_size()
            (8, 2)
        """
        import copy
        from . import samplers as S
        from .datasets import MappableDataset
        _check_split(sizes, randomize)
        if self.is_shuffled():
            _log.warning("Dataset is shuffled before split.")
        if self.is_sharded():
            raise RuntimeError("Dataset should not be sharded before split.")
        sizes = self._split_sizes(sizes)
        out = []
        start = 0
        for size in sizes:
            part = copy.deepcopy(self)
            if isinstance(self, MappableDataset) and getattr(self, "random_access", True):
                part._size_cache = None
                if randomize:
                    rs = S.RandomSampler()
                    rs.reshuffle_each_epoch = False
                    part.add_sampler(rs)
                part.add_sampler(S.SequentialSampler(start, size))
                part.add_sampler(S.SequentialSampler())
            else:
                if randomize:
                    part = part.shuffle(10000)
                    part.reshuffle_each_epoch = False
                if start > 0:
                    part = part.skip(start)
                part = part.take(size)
            out.append(part)
            start += size
        return tuple(out)

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes,
                               element_length_function=None, pad_info=None, pad_to_bucket_boundary=False,
                               drop_remainder=False):
        """Batch rows of similar length together: a row of length L goes to the bucket i with
        ``bucket_boundaries[i-1] <= L < bucket_boundaries[i]``; a bucket is padded and emitted when it
        holds ``bucket_batch_sizes[i]`` rows (the rest at the end of the epoch).

        Examples:
            >>> import numpy as np, mindjax.dataset as ds
            >>> d = ds.GeneratorDataset(lambda: ((np.ones(n),) for n in (1, 3, 2)), ["x"])
            >>> d = d.bucket_batch_by_length(["x"], [2], [2, 2], pad_info={"x": (None, 0)})
            >>> [b[0].shape for b in d.create_tuple_iterator(output_numpy=True)]
            [(2, 3), (1, 1)]
        """
        from ._bucket import BucketBatchByLengthDataset
        return BucketBatchByLengthDataset(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                          element_length_function, pad_info, pad_to_bucket_boundary, drop_remainder)


def _check_split(sizes, randomize):
    V.type_check(sizes, (list,), "sizes")
    V.type_check(randomize, (bool,), "randomize")
    if not sizes:
        raise ValueError("sizes cannot be empty.")
    all_int = builtins.all(isinstance(s, int) for s in sizes)
    all_float = builtins.all(isinstance(s, float) for s in sizes)
    if not (all_int or all_float):
        raise ValueError("sizes should be list of int or list of float.")
    if all_int and not builtins.all(s > 0 for s in sizes):
        raise ValueError("sizes is a list of int, but there should be no negative or zero numbers.")
    if all_float:
        if not builtins.all(0 < s <= 1 for s in sizes):
            raise ValueError("sizes is a list of float, but there should be no numbers outside the range (0, 1].")
        if not abs(builtins.sum(sizes) - 1) < 0.00001:
            raise ValueError("sizes is a list of float, but the percentages do not sum up to 1.")
