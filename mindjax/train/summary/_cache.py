"""Where the summary Primitives (``ops.ScalarSummary()`` ...) put their values until the
open :class:`SummaryRecord` collects them in ``record(step)``.

Eagerly a summary op appends ``(op name, tag, Tensor)`` at once. Inside a compiled
(jit / Graph mode) network it stages a host callback, so the value is appended each time
the compiled program runs; ``record`` waits for pending callbacks first. Values are kept
only while a SummaryRecord is open (nothing accumulates in programs that never record).
"""
from __future__ import annotations

import threading

_lock = threading.Lock()
_pending: list = []
_open_records = 0


def _set_open(delta: int) -> None:
    global _open_records
    with _lock:
        _open_records = max(0, _open_records + delta)
        if not _open_records:
            _pending.clear()


def _append(op_name: str, tag, value) -> None:
    with _lock:
        if _open_records:
            _pending.append((op_name, tag, value))


def cache_summary_data(op_name: str, tag, value) -> None:
    """Record ``value`` (a Tensor, or a tracer inside jit) under ``tag`` for ``op_name``."""
    from ..._jit.hooks import run_as_callback
    from ..._state import state
    from ..._tensor import Tensor
    if not _open_records and not state.jit_depth:
        return
    if isinstance(value, Tensor) and state.jit_depth:
        import jax
        if isinstance(value._data, jax.core.Tracer):
            run_as_callback(lambda v: _append(op_name, tag, v), (value,))
            return
    if isinstance(value, Tensor):
        value = Tensor._make(value._data)  # a snapshot: a Parameter may be updated in place later
    _append(op_name, tag, value)


def take_pending() -> list:
    """The values recorded since the last call (after the pending host callbacks ran)."""
    import jax
    jax.effects_barrier()
    with _lock:
        items = list(_pending)
        _pending.clear()
    return items
