"""``Cell.to_float`` on the outermost Cell of a GRAPH_MODE call.

In PyNative ``Cell._call_full`` casts a ``to_float`` Cell's floating inputs and reads its floating
Parameters cast; GRAPH_MODE compiles ``construct`` directly, so ``graph_mode_call`` goes through
here to do the same while the program is traced (and on each call, for the inputs).
"""
from __future__ import annotations

from .._state import state


def call_cast(cell, run, args, kwargs):
    """``run(args, kwargs)`` with ``cell``'s ``to_float`` dtype applied as PyNative applies it."""
    d = cell.__dict__
    args = tuple(cell._cast_float(a) for a in args)
    d["_running"] = d.get("_running", 0) + 1
    amp_outer = state.amp
    if type(amp_outer).__name__ == "_AutoStrategy":  # a Cell's to_float dtype wins over amp 'auto'
        state.amp = None
    try:
        return run(args, kwargs)
    finally:
        d["_running"] -= 1
        state.amp = amp_outer
