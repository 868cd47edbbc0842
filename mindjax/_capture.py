"""The captured-sequence mode of PyNative (``MINDJAX_PYNATIVE_CAPTURE=1``, or
``set_context(pynative_capture=True)``).

With capture on, ``ops._primitive.apply`` does not launch an op's kernel: it appends the op
(its identity, attributes, where each input comes from, the inputs' shapes and dtypes) to the
open *segment* and returns Tensors holding placeholders (``Lazy``) with the outputs' shapes and
dtypes (from ``jax.eval_shape`` of the kernel, cached per op, attributes and input avals). The
tape records its nodes as in plain PyNative, and bprops run through ``apply``, so the backward
pass joins the same segment.

A segment is run (*flushed*) when a placeholder's value is read: ``asnumpy``, ``item``,
``print``, ``bool`` (Python control flow on a value), a host-side check, a hook or a jit
call that reads its inputs' values, or anything else that asks ``Tensor._data`` for the array,
and at the end of an optimizer step. Hooks and prints are ordinary Python, so they run on every
step, as in PyNative; a read is a boundary of the segment.

The key of a segment is the sequence of its records and which of its values are still
referenced (weakly, through the placeholders) when it closes: those are its outputs. The first
time a key is seen the segment runs op by op with the PyNative kernels; when the same key closes
again, the segment is compiled with ``jax.jit`` into one XLA program (XLA fuses across ops) and
every later segment with that key runs that program. A step that differs (another op, shape,
dtype, branch) has another key: it runs op by op, then is compiled if it repeats.

Capture is off while ``pynative_synchronize`` or ``check_nan`` is on, so errors are raised at the
user's line; with capture on, an error that shapes and dtypes reveal (``jax.eval_shape``) is still
raised by the op that caused it, at its line.
"""
from __future__ import annotations

import os
import threading
import weakref

import jax

from . import _heap
from ._state import state, top_level

MAX_RECORDS = 4096     # a segment longer than this is run (a loop that never reads a value)
MIN_COMPILED = 3       # shorter segments always run op by op (their kernels are compiled already)
_MAX_KEYS = 512        # segment keys remembered (seen once, or compiled)


stats = {"recorded": 0, "flushes": 0, "compiled": 0, "replayed": 0, "op_by_op": 0}


class Lazy:
    """The placeholder a captured op's Tensor holds until its segment runs."""

    __slots__ = ("shape", "dtype", "weak_type", "seg", "idx", "value", "__weakref__")

    def __init__(self, seg, idx, aval):
        self.seg = seg
        self.idx = idx
        self.shape, self.dtype, self.weak_type = aval
        self.value = None

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    def get(self):
        """The value (runs the segment that computes it, if it has not run)."""
        v = self.value
        if v is None:
            seg = self.seg
            flush(seg)
            v = self.value
            if v is None:
                if seg is not None and seg.error is not None:  # its segment failed: the same error
                    raise type(seg.error)(str(seg.error)) from None
                # not reachable: a live placeholder is an output of its segment
                raise RuntimeError("For 'PyNative capture', a captured value was lost.")
        return v

    def __repr__(self):
        return f"Lazy(shape={self.shape}, dtype={self.dtype})"


class _Segment:
    __slots__ = ("recs", "keys", "ext", "ext_ids", "outs", "error")

    def __init__(self):
        self.recs = []      # (op, attrs, refs, single): refs >= 0 a value of the segment, < 0 ~index in ext
        self.keys = []      # one hashable per record
        self.ext = []       # the arrays that come from outside the segment
        self.ext_ids = {}
        self.outs = []      # weak references to the placeholders, one per value
        self.error = None   # the error its run raised (raised again when another of its values is read)


_cur = None
_MAIN = threading.main_thread().ident
_avals = {}      # (op, attrs key, input avals) -> (single, output avals), or None: not capturable
_programs = {}   # sequence of records -> _Entry


def enabled_by_env() -> bool:
    return os.environ.get("MINDJAX_PYNATIVE_CAPTURE", "0").strip().lower() in ("1", "true", "on", "yes")


def set_enabled(on: bool) -> None:
    """Turn capture on or off (turning it off runs the open segment)."""
    if not on:
        flush_all()
    state.capture = bool(on)


def _aval(a):
    return (a.shape, a.dtype, getattr(a, "weak_type", False))


def record(op, attrs, tensors, op_error):
    """Append ``op`` to the open segment; its outputs as placeholders (a ``Lazy`` or a tuple of
    them), or None when the op cannot be captured (it then runs eagerly on computed inputs)."""
    global _cur
    if threading.get_ident() != _MAIN:  # one segment, the main thread's: other threads run op by op
        return None
    try:
        akey = tuple(attrs.items()) if attrs else ()
        hash(akey)
    except TypeError:
        return None
    seg = _cur
    if seg is None:
        seg = _cur = _Segment()
    refs = []
    avals = []
    ext, ext_ids = seg.ext, seg.ext_ids
    for t in tensors:
        try:
            a = t._raw
        except AttributeError:
            return None
        if type(a) is Lazy:
            if a.seg is seg:
                refs.append(a.idx)
                avals.append((a.shape, a.dtype, a.weak_type))
                continue
            a = a.get()
        if isinstance(a, jax.core.Tracer) or not hasattr(a, "dtype"):
            return None
        k = ext_ids.get(id(a))
        if k is None:
            k = ext_ids[id(a)] = len(ext)
            ext.append(a)
        refs.append(~k)
        avals.append(_aval(a))
    avals = tuple(avals)
    ikey = (op, akey, avals)
    try:
        sig = _avals[ikey]
    except KeyError:
        sig = _avals[ikey] = _out_avals(op, attrs, avals, tensors, op_error)
    if sig is None:
        return None
    if seg is not _cur:  # working out the shapes read a value of this segment (a Tensor among the
        return None      # attributes, ops.pad's amounts), which ran it: this op runs on the values
    single, outs = sig
    base = len(seg.outs)
    lz = [Lazy(seg, base + i, o) for i, o in enumerate(outs)]
    seg.outs.extend([weakref.ref(x) for x in lz])
    refs = tuple(refs)
    seg.recs.append((op, attrs, refs, single))
    seg.keys.append((op, akey, refs, avals))
    stats["recorded"] += 1
    if len(seg.recs) >= MAX_RECORDS:
        flush(seg)
    return lz[0] if single else tuple(lz)


def _out_avals(op, attrs, avals, tensors, op_error):
    structs = [jax.ShapeDtypeStruct(s, d, weak_type=w) for s, d, w in avals]
    try:
        out = jax.eval_shape(op.kernel(attrs), *structs)
    except Exception as e:  # noqa: BLE001 - raised here, at the op's line, as PyNative raises it
        err = op_error(op, e, tensors)
        if err is None:
            raise
        raise err from None
    single = not isinstance(out, (tuple, list))
    outs = [out] if single else list(out)
    if not all(isinstance(o, jax.ShapeDtypeStruct) for o in outs):
        return None
    if single != (op.n_out == 1):
        return None
    return single, tuple((tuple(o.shape), o.dtype, bool(getattr(o, "weak_type", False))) for o in outs)


def flush_all() -> None:
    """Run the open segment, if any."""
    if _cur is not None:
        flush(_cur)


def pending() -> bool:
    """Whether ops are recorded and not yet run (the runtime's ``query`` is then False)."""
    return _cur is not None and bool(_cur.recs)


def _last_uses(recs, idxs):
    """Per record, the values of the segment whose last reader it is (not those wanted out):
    the op-by-op run drops them after it, as PyNative frees a value once nothing refers to it."""
    last = {}
    for k, (_, _, refs, _) in enumerate(recs):
        for r in refs:
            if r >= 0:
                last[r] = k
    wanted = set(idxs)
    drop = [[] for _ in recs]
    for r, k in last.items():
        if r not in wanted:
            drop[k].append(r)
    return drop


def _run_op_by_op(recs, ext, idxs):
    vals = []
    drop = _last_uses(recs, idxs)
    for k, (op, attrs, refs, single) in enumerate(recs):
        args = [vals[r] if r >= 0 else ext[~r] for r in refs]
        try:
            out = op.kernel(attrs)(*args)
        except Exception as e:  # noqa: BLE001 - the op's failure as PyNative reports it (ops._primitive)
            from ._tensor import Tensor
            from .ops._primitive import _op_error
            err = _op_error(op, e, [Tensor._make(a) for a in args])
            if err is None:
                raise
            raise err from None
        del args
        if single:
            vals.append(out)
        else:
            vals.extend(out)
        for r in drop[k]:
            vals[r] = None
    return [vals[i] for i in idxs]


def _compile(recs, idxs):
    import functools

    fns = [(functools.partial(op.forward, **attrs) if attrs else op.forward, refs, single)
           for op, attrs, refs, single in recs]

    def replay(ext):
        vals = []
        for fn, refs, single in fns:
            out = fn(*[vals[r] if r >= 0 else ext[~r] for r in refs])
            if single:
                vals.append(out)
            else:
                vals.extend(out)
        return [vals[i] for i in idxs]
    return jax.jit(replay)


def flush(seg) -> None:
    """Run ``seg`` (op by op, or as its compiled program) and give its live placeholders their values."""
    global _cur
    if _cur is seg:
        _cur = None
    live = []
    for i, w in enumerate(seg.outs):
        x = w()
        if x is not None:
            live.append(x)
    recs, ext, keys = seg.recs, seg.ext, seg.keys
    seg.recs = seg.keys = seg.ext = seg.outs = ()
    seg.ext_ids = {}
    if not live:
        return
    idxs = tuple(x.idx for x in live)
    stats["flushes"] += 1
    try:
        if top_level():
            values = _run(recs, ext, idxs, keys)
        else:  # a placeholder read while a jit function is traced: its value, not a tracer
            with jax.ensure_compile_time_eval():
                values = _run_op_by_op(recs, ext, idxs)
    except Exception as e:
        seg.error = e
        raise
    for x, v in zip(live, values):
        x.value = v
        x.seg = None


class _Entry:
    """What is known of one sequence of records: the values wanted from it so far, its program."""

    __slots__ = ("idxs", "prog", "bad")

    def __init__(self, idxs):
        self.idxs = frozenset(idxs)
        self.prog = None   # (the program, the value indices it returns)
        self.bad = False


def _run(recs, ext, idxs, keys):
    if len(recs) < MIN_COMPILED:
        stats["op_by_op"] += 1
        return _run_op_by_op(recs, ext, idxs)
    key = tuple(keys)
    ent = _programs.get(key)
    if ent is None:  # first sight: op by op
        if len(_programs) >= _MAX_KEYS:
            _programs.clear()
        _programs[key] = _Entry(idxs)
        stats["op_by_op"] += 1
        return _run_op_by_op(recs, ext, idxs)
    if ent.bad:
        stats["op_by_op"] += 1
        return _run_op_by_op(recs, ext, idxs)
    # the values still referenced when a segment closes can differ from step to step (a Tensor
    # the garbage collector has not freed yet): a program returns the union of those seen
    if ent.prog is None or not ent.idxs.issuperset(idxs):
        ent.idxs = ent.idxs.union(idxs)
        order = tuple(sorted(ent.idxs))
        ent.prog = (_compile(recs, order), order)
        stats["compiled"] += 1
        fresh = True  # XLA compiles the whole segment at this call: see _heap.release
        _heap.release()
    else:
        fresh = False
    prog, order = ent.prog
    try:
        out = prog(ext)
    except Exception:  # noqa: BLE001 - re-run op by op: the op that fails raises its own error
        ent.bad = True
        stats["op_by_op"] += 1
        return _run_op_by_op(recs, ext, idxs)
    if fresh:
        _heap.release()  # and what the compiler freed goes back to the system
    stats["replayed"] += 1
    if order == idxs:
        return out
    at = {i: k for k, i in enumerate(order)}
    return [out[at[i]] for i in idxs]


state.capture = enabled_by_env()
