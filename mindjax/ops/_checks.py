"""Index bounds checks shared by the gathering, scattering and indexing ops.

MindSpore refuses an out-of-range index, in PyNative and in graph mode on CPU; XLA clamps a gather
and drops a scatter instead, silently. So every op that takes indices checks them here:

* **PyNative** (the indices are concrete arrays): the check runs on the host before the kernel and
  raises MindSpore's class and message at the user's line. Reading the indices waits for them to
  be computed; its cost per op is measured by ``make bench`` (row "bounds check").
* **Under jit** the indices are unknown while compiling. By default the compiled program keeps
  XLA's behaviour (a gather clamps, a scatter drops the update), which is what MindSpore's graph
  mode gives on GPU. ``set_context(pynative_synchronize=True)`` or the environment variable
  ``MINDJAX_CHECK_INDICES=1`` compile a runtime check into the program instead (a host callback):
  the call then raises MindSpore's error class after it runs.
"""
from __future__ import annotations

import logging
import os
import threading
import weakref

import jax
import numpy as np

from .._state import state

_pending = threading.local()


class _QuietChecks(logging.Filter):
    """JAX logs an exception raised inside a host callback, traceback and all, before the program
    fails; a failed bounds check is reported once, as the caller's MindSpore error, instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not getattr(exc, "_mj_check", False)


for _name in ("jax._src.debugging", "jax._src.callback"):
    logging.getLogger(_name).addFilter(_QuietChecks())


def checks_in_jit() -> bool:
    """Whether compiled programs check their indices at run time."""
    return state.sync or os.environ.get("MINDJAX_CHECK_INDICES", "0") not in ("", "0")


def concrete(a) -> np.ndarray | None:
    """The value of a jax array as numpy, or None for a tracer (value unknown while compiling)."""
    if isinstance(a, jax.core.Tracer):
        return None
    return np.asarray(a)


# (weak reference to the last index array found in range, its smallest value, its largest + 1), replaced
# as one tuple so that threads never pair one array with another's range
_last = [None]


def check_range(arr, lo: int, hi: int, error) -> None:
    """Raise ``error(bad_value)`` when an element of ``arr`` (a jax array of indices) lies outside
    ``[lo, hi)``. ``error`` builds the exception, MindSpore's class and message."""
    if arr.size == 0:
        return
    if isinstance(arr, jax.core.Tracer):
        if checks_in_jit():
            def find(a):
                a = np.asarray(a)
                bad = a[(a < lo) | (a >= hi)]
                return error(int(bad.flat[0])) if bad.size else None
            _check_at_run_time(find, arr)
        return
    memo = _last[0]
    if memo is not None and memo[0]() is arr and memo[1] >= lo and memo[2] <= hi:
        return  # the same immutable array, already found inside a range at least this narrow
    v = np.asarray(arr)
    if v.size <= 1024:  # small index arrays: Python's min/max on a list beat numpy's reductions
        flat = v.ravel().tolist()
        mn, mx = min(flat), max(flat)
    else:
        mn, mx = int(v.min()), int(v.max())
    if mn < lo or mx >= hi:
        bad = v[(v < lo) | (v >= hi)]
        raise error(int(bad.flat[0]))
    try:
        _last[0] = (weakref.ref(arr), mn, mx + 1)
    except TypeError:  # not weak-referenceable: no memo
        _last[0] = None


def take_pending():
    """The index error a compiled program's check raised (and forget it), or None; the jit caller
    re-raises it in place of XLA's runtime error."""
    err = getattr(_pending, "error", None)
    _pending.error = None
    return err


def gather_error(name: str, size: int):
    """MindSpore's Gather message for an index outside ``[-size, size)``."""
    return lambda v: RuntimeError(f"For '{name}', the 'input_indices' should be in the range [0, {size}), "
                                  f"but got {v}.")


def check_rows(idx, shape, error) -> None:
    """Scatter indices: ``idx`` has shape (..., k) and addresses the first k axes of ``shape``; every
    row must lie in ``[0, shape[j])``. ``error(row_number, row, shape_k)`` builds the exception for
    the first bad row (MindSpore's scatter kernels refuse negative indices too)."""
    k = idx.shape[-1] if idx.ndim else 0
    if idx.size == 0 or k == 0:
        return
    bound = np.asarray(shape[:k])

    def find(a):
        rows = np.asarray(a).reshape(-1, k)
        bad = np.nonzero(((rows < 0) | (rows >= bound)).any(axis=1))[0]
        return None if not bad.size else error(int(bad[0]), [int(v) for v in rows[bad[0]]], list(shape[:k]))

    v = concrete(idx)
    if v is not None:
        err = find(v)
        if err is not None:
            raise err
        return
    if checks_in_jit():
        _check_at_run_time(find, idx)


def _check_at_run_time(find, arr) -> None:
    """Compile a host callback into the program: ``find(values)`` returns the error to raise, or None.
    The error is kept for the jit caller, which raises it in place of XLA's runtime error."""
    def host_check(a):
        err = find(a)
        if err is not None:
            _pending.error = err
            err._mj_check = True
            raise err
    jax.debug.callback(host_check, arr)
