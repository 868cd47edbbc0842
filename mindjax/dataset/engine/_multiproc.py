"""Worker processes for ``python_multiprocessing=True`` (GeneratorDataset's ``__getitem__``, map).

As MindSpore: forked workers (so lambdas and closures work), task ``k`` goes to worker ``k % n`` and
results are taken back in task order, so the rows come out in the single-process order. Large numpy
arrays of a result travel through a shared-memory block of each worker (``max_rowsize`` MB per slot)
instead of the pipe. A user exception is wrapped in the worker with its traceback (MindSpore's
``Exception thrown from user defined Python function in dataset``). Workers ignore Ctrl-C (the main
process stops them), exit when the main process is gone, and are terminated on close, on error, at
interpreter exit, or when the iterator that owns them is dropped.
"""
import atexit
import multiprocessing as mp
import os
import pickle
import queue
import signal
import warnings
import weakref

import numpy as np

from . import _errors

_SLOTS = 3            # results a worker may have waiting; also the tasks handed to it ahead
_MIN_SHM = 1 << 16    # arrays smaller than this go through the pipe
_POLL = 0.1
_live = weakref.WeakSet()


class _Remote(Exception):
    """An error a worker reported: the message of the RuntimeError to raise in the main process."""


def _encode(value, buf, base, size, used):
    """``value`` with its large arrays written into ``buf[base:base+size]``; returns (payload, used)."""
    if isinstance(value, np.ndarray) and value.dtype.kind not in "OUSV" and value.nbytes >= _MIN_SHM \
            and buf is not None and used + value.nbytes <= size:
        a = np.ascontiguousarray(value)
        np.frombuffer(buf, np.uint8, a.nbytes, base + used)[:] = a.reshape(-1).view(np.uint8)
        return ("shm", used, a.dtype.str, a.shape), used + a.nbytes
    if isinstance(value, tuple):
        out = []
        for v in value:
            enc, used = _encode(v, buf, base, size, used)
            out.append(enc)
        return ("tuple", out), used
    return ("obj", value), used


def _decode(payload, buf, base):
    kind = payload[0]
    if kind == "shm":
        _, off, dtype, shape = payload
        n = int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
        return np.frombuffer(buf, np.uint8, n, base + off).view(dtype).reshape(shape).copy()
    if kind == "tuple":
        return tuple(_decode(p, buf, base) for p in payload[1])
    return payload[1]


def _worker(fn, inq, outq, free, shm, slot_size, parent):
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    buf = shm.buf if shm is not None else None
    k = 0
    while True:
        try:
            task = inq.get(timeout=1.0)
        except queue.Empty:
            if os.getppid() != parent:  # the main process is gone
                return
            continue
        if task is None:
            return
        seq, arg = task
        while not free.acquire(timeout=1.0):
            if os.getppid() != parent:
                return
        slot = k % _SLOTS
        k += 1
        try:
            result = fn(arg)
            payload, _ = _encode(result, buf, slot * slot_size, slot_size, 0)
            msg = (seq, slot, "ok", payload)
            data = pickle.dumps(msg, protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as e:  # noqa: BLE001 - reported to the main process
            wrapped = e if _errors.is_wrapped(e) else _errors.wrap_source(e)
            data = pickle.dumps((seq, slot, "err", str(wrapped)))
        outq.put(data)


class WorkerPool:
    """``n`` forked processes running ``fn`` on the items of ``imap``, results in input order."""

    def __init__(self, fn, n, max_rowsize=None, what="dataset"):
        ctx = mp.get_context("fork")
        self.n = n
        self.what = what
        mb = 6 if max_rowsize is None or max_rowsize == -1 else max_rowsize
        self.slot_size = int(mb * (1 << 20))
        self._shms = []
        self._procs = []
        self._inqs, self._outqs, self._free = [], [], []
        self._closed = False
        parent = os.getpid()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # JAX warns about fork; workers run numpy and user code only
            for _ in range(n):
                shm = self._make_shm()
                inq, outq, free = ctx.Queue(), ctx.Queue(), ctx.Semaphore(_SLOTS)
                p = ctx.Process(target=_worker, args=(fn, inq, outq, free, shm, self.slot_size, parent),
                                daemon=True, name="mindjax-dataset-worker")
                p.start()
                self._procs.append(p)
                self._inqs.append(inq)
                self._outqs.append(outq)
                self._free.append(free)
                self._shms.append(shm)
        self._finalizer = weakref.finalize(self, _cleanup, list(self._procs), list(self._inqs), list(self._shms))
        _live.add(self)

    def _make_shm(self):
        if self.slot_size <= 0:
            return None
        try:
            from multiprocessing import shared_memory
            return shared_memory.SharedMemory(create=True, size=self.slot_size * _SLOTS)
        except (OSError, ValueError):  # no room in /dev/shm: results go through the pipe
            return None

    def pids(self):
        return [p.pid for p in self._procs]

    def _result(self, w):
        outq = self._outqs[w]
        while True:
            try:
                data = outq.get(timeout=_POLL)
                break
            except queue.Empty:
                if not self._procs[w].is_alive():
                    self.close()
                    raise RuntimeError(
                        f"Exception thrown from user defined Python function in dataset. The subprocess of "
                        f"{self.what} (pid {self._procs[w].pid}) exited unexpectedly (exit code "
                        f"{self._procs[w].exitcode}): it may have been killed, or run out of memory.") from None
        seq, slot, status, payload = pickle.loads(data)
        if status == "err":
            self.close()
            raise _errors._mark(RuntimeError(payload))
        shm = self._shms[w]
        value = _decode(payload, shm.buf if shm is not None else None, slot * self.slot_size)
        self._free[w].release()
        return value

    def imap(self, items):
        """``fn(item)`` for each item, in order, with up to ``_SLOTS`` tasks ahead per worker."""
        items = iter(items)
        sent = done = 0
        exhausted = False
        try:
            while True:
                while not exhausted and sent - done < self.n * _SLOTS:
                    try:
                        item = next(items)
                    except StopIteration:
                        exhausted = True
                        break
                    self._inqs[sent % self.n].put((sent, item))
                    sent += 1
                if done == sent:
                    return
                yield self._result(done % self.n)
                done += 1
        except BaseException:
            self.close()
            raise

    def close(self):
        if not self._closed:
            self._closed = True
            self._finalizer()


def _cleanup(procs, inqs, shms):
    for q in inqs:
        try:
            q.put_nowait(None)
        except Exception:  # noqa: BLE001 - a broken queue: the process is terminated below
            pass
    for p in procs:
        p.join(timeout=0.5)
    for p in procs:
        if p.is_alive():
            p.terminate()
            p.join(timeout=2.0)
        if p.is_alive():
            p.kill()
            p.join(timeout=1.0)
    for q in inqs:
        q.cancel_join_thread()
        q.close()
    for shm in shms:
        if shm is not None:
            try:
                shm.close()
                shm.unlink()
            except (OSError, BufferError):
                pass


@atexit.register
def _close_all():
    for pool in list(_live):
        pool.close()

