"""Iterators: the tree runs on a background thread that keeps a bounded queue of ready rows.

The producer thread never holds a reference to the iterator object, so dropping the iterator (or
leaving the ``for`` loop early and letting it go) runs a finalizer that tells the thread to stop; the
thread also stops at the end of the last epoch. An exception raised anywhere in the pipeline (a user
generator, a map function, a batch of mismatched shapes) travels through the queue and is re-raised
in the consumer, with its original traceback.
"""
import queue
import threading
import weakref

import numpy as np


from .. import _random
from .. import config

__all__ = ["Iterator", "TupleIterator", "DictIterator", "_to_tensor"]

_ROW, _EOE, _EOF, _ERR = 0, 1, 2, 3
_POLL = 0.05
_live_threads = weakref.WeakSet()  # for tests: threads of iterators not yet finished


def _to_tensor(array):
    """Wrap one numpy column value in a mindjax Tensor (strings stay numpy, as Tensors cannot hold them).

    The Tensor is marked numpy-backed: MindSpore prints such Tensors with numpy's formatting."""
    if array.dtype.kind in "USO":
        return array
    from mindjax._tensor import Tensor
    t = Tensor(array)
    t._np_repr = True
    return t


def _output(value, to_numpy):
    """A column value as the iterator hands it out; Python-object columns (dicts, lists inside them)
    are converted item by item, as MindSpore does."""
    if isinstance(value, dict):
        return {k: _output(v, to_numpy) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_output(v, to_numpy) for v in value)
    if not isinstance(value, np.ndarray):
        if hasattr(value, "asnumpy") or not isinstance(value, (int, float, bool, str, bytes, np.generic)):
            return value
        value = np.asarray(value)
    return value if to_numpy else _to_tensor(value)


def _put(q, item, stop):
    while not stop.is_set():
        try:
            q.put(item, timeout=_POLL)
            return True
        except queue.Full:
            continue
    return False


def _produce(root, ctx, q, stop, num_epochs):
    try:
        epoch = 0
        while num_epochs < 0 or epoch < num_epochs:
            ctx.epoch = epoch
            gen = root._iter(ctx)
            try:
                for row in gen:
                    if not _put(q, (_ROW, row), stop):
                        return
            finally:
                gen.close()
            epoch += 1
            if not _put(q, (_EOE, None), stop):
                return
        _put(q, (_EOF, None), stop)
    except BaseException as e:  # noqa: BLE001 - handed to the consumer
        _put(q, (_ERR, e), stop)
    finally:
        ctx.close()  # worker processes end with the run


def _shutdown(stop, q):
    stop.set()
    try:  # free the rows held by the queue now
        while True:
            q.get_nowait()
    except queue.Empty:
        pass


class Iterator:
    """Base iterator: one background producer thread per iterator, one epoch per ``for`` loop."""

    def __init__(self, dataset, num_epochs=-1, output_numpy=False, do_copy=False):
        from .datasets import _Ctx
        from . import validators as V
        V.type_check(num_epochs, (int,), "num_epochs")
        if num_epochs != -1 and num_epochs < 1:
            raise ValueError(f"Input num_epochs is not within the required interval of [-1, 0) or [1, "
                             f"{V.INT32_MAX}], got {num_epochs}.")
        V.type_check(output_numpy, (bool,), "output_numpy")
        self.dataset = dataset
        self.num_epochs = num_epochs
        self.output_numpy = output_numpy
        self.do_copy = do_copy
        self._col_names = dataset.get_col_names()
        self._finished = False
        self._epochs_done = 0
        self._q = queue.Queue(maxsize=max(1, int(config.get_prefetch_size())))
        self._stop = threading.Event()
        ctx = _Ctx(dataset, _random.new_base_seed())
        self._thread = threading.Thread(target=_produce, args=(dataset, ctx, self._q, self._stop, num_epochs),
                                        name="mindjax-dataset-prefetch", daemon=True)
        self._finalizer = weakref.finalize(self, _shutdown, self._stop, self._q)
        self._thread.start()
        _live_threads.add(self._thread)

    def __iter__(self):
        return self

    def _get(self):
        while True:
            try:
                return self._q.get(timeout=_POLL)
            except queue.Empty:
                if not self._thread.is_alive() and self._q.empty():
                    raise RuntimeError("The dataset pipeline thread ended without a result.") from None

    def __next__(self):
        if self._finished:
            raise RuntimeError("Iterator does not have a running C++ pipeline: all its epochs are exhausted "
                               "(create the iterator with a larger num_epochs to iterate again).")
        kind, value = self._get()
        if kind == _ROW:
            return self._wrap(value)
        if kind == _EOE:
            return self._end_epoch()
        if kind == _EOF:
            self.stop()
            raise StopIteration
        self.stop()
        raise value

    def _end_epoch(self):
        self._epochs_done += 1
        if 0 < self.num_epochs <= self._epochs_done:
            # that was the last epoch: finish now, so the thread is gone when the loop ends
            self.stop()
            self._finished = True
        raise StopIteration

    def _wrap(self, row):
        raise NotImplementedError

    def _convert(self, a):
        return _output(a, self.output_numpy)

    def stop(self):
        """Stop the producer thread now and wait for it."""
        self._finalizer()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=10.0)

    def get_col_names(self):
        return list(self._col_names)

    def __del__(self):
        fin = getattr(self, "_finalizer", None)
        if fin is not None:
            fin()


class TupleIterator(Iterator):
    """Yields each row as a list of Tensors (numpy arrays with ``output_numpy=True``)."""

    def __init__(self, dataset, columns=None, num_epochs=-1, output_numpy=False, do_copy=False):
        if columns is not None:
            dataset = dataset.project(columns)
        super().__init__(dataset, num_epochs, output_numpy, do_copy)

    def _wrap(self, row):
        return [self._convert(a) for a in row]


class DictIterator(Iterator):
    """Yields each row as a dict {column name: Tensor or numpy array}."""

    def _wrap(self, row):
        return {n: self._convert(a) for n, a in zip(self._col_names, row)}
