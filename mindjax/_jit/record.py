"""PIJit's per-code record, as ``mindspore._c_expression.get_code_extra`` returns it.

MindSpore's PIJit (``jit(capture_mode="bytecode")``) keeps, on each code object it
compiled, a record of what it did; MindSpore's tests read it to check that a function ran
as a graph. mindjax keeps the same record for the functions it compiles in that mode
(``jit(capture_mode="bytecode")`` and ``PIJitCaptureContext``), filled from its own jit
machinery. The dict has MindSpore's keys; in mindjax they mean:

* ``stat``: ``'GRAPH_CALLABLE'``: the code has an entry mindjax calls instead of running
  the Python (a compiled program, or for a graph break the Python itself).
* ``compile_count_``: programs traced for this code, over all input signatures (one per
  signature; a retrace that found a Parameter the first trace was not given counts too).
* ``break_count_``: graph breaks in the entry the last call ran. mindjax compiles a
  function as one whole program, so this is 0, unless the function needed a value
  while compiling (a value-dependent shape, ``Tensor.asnumpy`` on a run-time value...):
  then the count of such points found in that call (see ``dynamic_break.py``).
* ``code``: the entry the last call ran: ``call_count_`` (calls of that entry, i.e. of
  that input signature), ``guard_`` (the input signature the entry is kept for), and
  ``phase_`` (the name of its compiled program) or, for an entry that runs as Python
  after a graph break, ``compiled_code_`` (the code object that runs).

A code object that mindjax has not compiled in this mode (a plain function, an
``ast``-mode jit, a Cell in GRAPH_MODE) has no record: ``None``, as in MindSpore.
"""
from __future__ import annotations

import types
import weakref

_records: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # code object -> CodeRecord


def code_of(obj):
    """The code object behind a function, method, code object or Cell's ``construct`` (or None)."""
    if isinstance(obj, types.CodeType):
        return obj
    obj = getattr(obj, "__func__", obj)
    code = getattr(obj, "__code__", None)
    return code if isinstance(code, types.CodeType) else None


class CodeRecord:
    """What mindjax did with one code object compiled in ``capture_mode="bytecode"``."""

    __slots__ = ("code", "compile_count", "last", "__weakref__")

    def __init__(self, code: types.CodeType) -> None:
        self.code = code
        self.compile_count = 0
        self.last = None  # the Entry the last call ran

    def as_dict(self) -> dict:
        entry = self.last
        code = {"guard_": entry.guard, "call_count_": entry.calls} if entry is not None else {}
        breaks = 0
        if entry is not None:
            if entry.breaks:
                code["compiled_code_"] = self.code
                breaks = len(entry.breaks)
            else:
                code["phase_"] = entry.phase
        return {"code": code, "stat": "GRAPH_CALLABLE", "compile_count_": self.compile_count,
                "break_count_": breaks}


class Entry:
    """One input signature of a recorded code: its program's name, calls and graph breaks."""

    __slots__ = ("phase", "guard", "calls", "breaks")

    def __init__(self, phase: str, guard: str) -> None:
        self.phase = phase
        self.guard = guard
        self.calls = 0
        self.breaks = []  # (what, "file:line") of each point where the trace needed a value


def record_for(holder):
    """The record of a JitFunction compiled in ``capture_mode="bytecode"`` (made on first use),
    or None for other jit functions."""
    cfg = holder.config
    if cfg is None or cfg.get("capture_mode") != "bytecode":
        return None
    code = code_of(holder.fn)
    if code is None:
        return None
    rec = _records.get(code)
    if rec is None:
        rec = _records[code] = CodeRecord(code)
    return rec


def _describe(key) -> tuple:
    """The signature part of a program's name and its guard text, from the program's cache key."""
    from .._dtype import from_numpy
    static, arrays = key[0], key[1]
    parts, lines = [], []
    for i, (shape, dt) in enumerate(arrays):
        try:
            name = str(from_numpy(dt))
        except Exception:  # noqa: BLE001 - a dtype mindjax has no name for: numpy's
            name = str(dt)
        parts.append(f"Tensor[{name}]{tuple(shape)}")
        lines.append(f"  guard input[{i}]: Tensor shape={tuple(shape)} dtype={name}")
    lines.append(f"  guard constants: {static!r}")
    return "_".join(parts) or "()", "\n".join(lines) + "\n"


def new_entry(rec: CodeRecord, key) -> Entry:
    """A program was traced for a new signature of ``rec``'s code: count it and name it."""
    sig, guard = _describe(key) if key is not None else ("()", "")
    code = rec.code
    phase = f"{code.co_filename}_{code.co_firstlineno}_{rec.compile_count}.{code.co_name}_{sig}.pi_jit"
    rec.compile_count += 1
    return Entry(phase, guard)


def get_code_extra(func_or_code):
    """The record mindjax keeps for ``func_or_code`` (a function, method or code object)
    jitted with ``capture_mode="bytecode"`` and called at least once; None otherwise."""
    code = code_of(func_or_code)
    if code is None:
        return None
    rec = _records.get(code)
    if rec is None or rec.last is None:
        return None
    return rec.as_dict()
