"""JIT Fallback: Python on Tensor values inside compiled code, as MindSpore's graph mode gives it.

* ``int``/``float``/``bool``, ``Tensor.item``/``tolist``/``asnumpy`` on a value known while
  compiling run as Python. On a value known only at run time they give a 0-d Tensor marked
  with the Python type; used in Tensor arithmetic it is a Tensor, and returned from the
  compiled function it becomes the Python value (or numpy array) after the call, which is
  what MindSpore 2.10 returns.
* ``print`` prints on every call, with the values, in MindSpore's graph format (each
  argument on its own line; 0-d Tensors as their value; others as
  ``Tensor(shape=..., dtype=..., value=...)``), through a host callback.
* ``raise`` in a branch taken on a run-time condition, and ``assert`` on a run-time
  condition, become checks: the program runs, and the error (the user's class and
  message) is raised after the call returns.
"""
from __future__ import annotations

import builtins
import sys

import jax
import jax.numpy as jnp
import numpy as np

from .._state import state
from .._tensor import Tensor

_pending: list = []  # errors found by run-time checks, raised after the call
_checks = {"n": 0}  # run-time checks staged so far (a program with none never waits for them)
_CONVERT = {int: "int", float: "float", bool: "bool"}


def _traced(x) -> bool:
    return isinstance(x, Tensor) and isinstance(x._data, jax.core.Tracer)


def _marked(arr, kind) -> Tensor:
    t = Tensor._make(arr)
    t.__dict__["_mj_py"] = kind
    return t


def convert_call(f, args, kwargs):
    """A builtin conversion or Tensor method on a run-time value (None: not one of them)."""
    if f in _CONVERT and len(args) == 1 and not kwargs and _traced(args[0]):
        a = args[0]._data
        if a.size != 1:
            raise TypeError(f"only one element tensors can be converted to Python scalars, but got shape "
                            f"{list(a.shape)}.")
        kind = _CONVERT[f]
        from . import varscalar  # a run-time Python scalar: its arithmetic follows Python's rules
        return varscalar.make(a.reshape(()).astype(varscalar._DT[kind]), kind)
    self = getattr(f, "__self__", None)
    name = getattr(f, "__name__", "")
    if _traced(self) and name in ("item", "tolist", "asnumpy", "numpy") and not kwargs and not args:
        a = self._data
        if name == "item" or (name == "tolist" and a.ndim == 0):
            if a.size != 1:
                raise ValueError(f"For 'Tensor.item', the Tensor must have exactly one element, but got shape "
                                 f"{list(a.shape)}.")
            kind = "bool" if a.dtype == jnp.bool_ else "int" if jnp.issubdtype(a.dtype, jnp.integer) else "float"
            return _marked(a.reshape(()), kind)
        return _marked(a, "list" if name == "tolist" else "numpy")
    return None


def to_python(arr, kind):
    """A marked output's value after the call."""
    a = np.asarray(arr)
    if kind == "numpy":
        return a
    if kind == "list":
        return a.tolist()
    return {"int": int, "float": float, "bool": bool}[kind](a.item())


# ------------------------------------------------------------------ f-strings

class LazyStr:
    """An f-string with run-time Tensor values (also inside lists, tuples and dicts): formatted
    when printed or raised, on the host, with the values of that call."""

    def __init__(self, parts, values):
        self.parts, self.values = parts, values  # parts: str, or (index, conversion, format spec)

    def leaves(self) -> list:
        """The run-time Tensors the values hold, in order."""
        out = []
        _traced_leaves(self.values, out)
        return out

    def render_flat(self, arrays) -> str:
        """The text with the run-time Tensors given the concrete ``arrays`` (in ``leaves`` order)."""
        it = iter(arrays)
        with jax.ensure_compile_time_eval():  # while tracing: concrete Tensors, not staged constants
            return self.render([_concrete_value(v, it) for v in self.values])

    def render(self, concrete) -> str:
        out = []
        for p in self.parts:
            if isinstance(p, str):
                out.append(p)
                continue
            i, conv, spec = p
            v = concrete[i]
            if isinstance(v, np.ndarray):
                v = Tensor._make(jnp.asarray(v))
            if isinstance(v, (list, tuple, dict)) and conv in ("", "s", "r") and _holds_tensor(v):
                v = _seq_str(v)  # MindSpore shows a Tensor inside a list by its values
            else:
                v = {"r": repr, "s": str, "a": ascii}[conv](v) if conv else v
            out.append(format(v, spec))
        return "".join(out)

    def __str__(self):
        return self.render(self.values)


def _traced_leaves(v, out) -> None:
    if isinstance(v, Tensor):
        if _traced(v):
            out.append(v)
    elif isinstance(v, (list, tuple)):
        for x in v:
            _traced_leaves(x, out)
    elif isinstance(v, dict):
        for x in v.values():
            _traced_leaves(x, out)


def _concrete_value(v, it):
    """``v`` with its run-time Tensors replaced by their values from ``it`` (a ``mutable``
    scalar becomes the Python scalar it stands for)."""
    if isinstance(v, Tensor):
        if not _traced(v):
            return v
        a = next(it)
        py = v.__dict__.get("_mj_py")
        return to_python(a, py) if py in ("int", "float", "bool") else Tensor._make(jnp.asarray(a))
    if isinstance(v, (list, tuple)) and not hasattr(type(v), "_fields"):
        return type(v)(_concrete_value(x, it) for x in v)
    if isinstance(v, dict):
        return {k: _concrete_value(x, it) for k, x in v.items()}
    return v


def _holds_tensor(v) -> bool:
    if isinstance(v, Tensor):
        return True
    if isinstance(v, (list, tuple)):
        return any(_holds_tensor(x) for x in v)
    if isinstance(v, dict):
        return any(_holds_tensor(x) for x in v.values())
    return False


def _seq_str(v) -> str:
    if isinstance(v, Tensor):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_seq_str(x) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ", ".join(_seq_str(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k!r}: {_seq_str(x)}" for k, x in v.items()) + "}"
    return repr(v)


class LazyPercent(LazyStr):
    """``"..." % values`` with run-time Tensor values: formatted like an f-string, when printed or raised."""

    def __init__(self, fmt, value):
        super().__init__((), (value,))
        self.fmt = fmt

    def render(self, concrete) -> str:
        return self.fmt % concrete[0]


def strmod(fmt, value):
    """``fmt % value`` in compiled code where ``fmt`` is a string literal: a LazyPercent where a value is
    known only at run time."""
    if isinstance(fmt, str):
        leaves = []
        _traced_leaves(value, leaves)
        if leaves:
            return LazyPercent(fmt, value)
    return fmt % value


def fstr(parts, values):
    """``f"..."`` in compiled code: a str, or a LazyStr where a value is known only at run time."""
    lazy = LazyStr(parts, values)
    if not lazy.leaves():
        return lazy.render(values)
    return lazy


def render_now(lazy):
    """A LazyStr's text where its values can be computed while tracing (a ``raise`` outside any
    branch: MindSpore's JIT Fallback formats it with the call's values); None otherwise."""
    from .dynamic_break import value_now
    arrays = []
    for t in lazy.leaves():
        a = value_now(t)
        if a is None:
            return None
        arrays.append(a)
    return lazy.render_flat(arrays)


# ------------------------------------------------------------------ print

def _scalar_str(a) -> str:
    v = a.item()
    if isinstance(v, float):
        return np.format_float_positional(np.asarray(a).astype(np.float64).item() if a.dtype == np.float64
                                          else float(a), trim="-")
    return str(v)


def graph_str(v) -> str:
    """How MindSpore's graph-mode ``print`` shows one argument."""
    if isinstance(v, np.ndarray) or isinstance(v, Tensor):
        from ..common import dtype as mstype
        a = np.asarray(v._data if isinstance(v, Tensor) else v)
        if a.ndim == 0:
            return _scalar_str(a)
        digits = {np.dtype(np.float16): 4, np.dtype(np.float32): 8, np.dtype(np.float64): 16}.get(a.dtype)
        shown = a.astype(np.float32) if a.dtype.name == "bfloat16" else a
        if digits is None and shown.dtype.kind == "f":
            digits = 8
        fmt = {"float_kind": (lambda x: f"{x: .{digits}e}")} if digits else None
        body = np.array2string(shown, separator=" ", formatter=fmt, threshold=1000)
        dt = mstype.dtype_to_type(a.dtype) if hasattr(mstype, "dtype_to_type") else None
        name = str(dt) if dt is not None else _ms_name(a.dtype)
        sep = "\n" if a.ndim > 1 else ""
        return f"Tensor(shape={list(a.shape)}, dtype={name}, value={sep}{body})"
    if isinstance(v, tuple) and _numbers_only(v):  # graph mode's tuples: (1, 2), and (1) for one item
        return "(" + ", ".join(graph_str(x) for x in v) + ")"
    return str(v)


def _numbers_only(v) -> bool:
    if isinstance(v, (tuple, list)):
        return all(_numbers_only(x) for x in v)
    return isinstance(v, (bool, int, float)) and not isinstance(v, Tensor)


def _ms_name(dt) -> str:
    return Tensor._make(np.zeros((), dt)).dtype.__str__()


def _python_str(a, kind) -> str:
    """How Python's ``print`` shows a value of the call (a Tensor as ``str(Tensor)``)."""
    if kind == "numpy":
        return str(a)
    if kind in ("int", "float", "bool"):
        return str(to_python(a, kind))
    return str(Tensor._make(jnp.asarray(a)))


def graph_print(args, kwargs):
    """``print`` inside compiled code: each argument on its own line, on every call."""
    arrays, spec = [], []
    # an argument that only Python can print (a numpy array, a dict): MindSpore runs the whole print as
    # Python's (JIT Fallback), on one line
    python = any(isinstance(a, (np.ndarray, dict)) or (isinstance(a, Tensor) and a.__dict__.get("_mj_py") == "numpy")
                 for a in args)
    for a in args:
        if isinstance(a, Tensor):
            spec.append(("T", len(arrays), a.__dict__.get("_mj_py")))
            arrays.append(a._data)
        elif isinstance(a, LazyStr):
            leaves = [t._data for t in a.leaves()]
            spec.append(("L", a, (len(arrays), len(arrays) + len(leaves))))
            arrays += leaves
        else:
            spec.append(("C", a, None))
    file = kwargs.get("file")

    def host(*vals):
        out = file or sys.stdout
        if python:
            texts = [x.render_flat([np.asarray(v) for v in vals[idx[0]:idx[1]]]) if kind == "L" else
                     _python_str(np.asarray(vals[x]), idx) if kind == "T" else str(x) for kind, x, idx in spec]
            out.write(kwargs.get("sep", " ").join(texts) + kwargs.get("end", "\n"))
            out.flush()
            return
        for kind, x, idx in spec:
            if kind == "L":
                text = x.render_flat([np.asarray(v) for v in vals[idx[0]:idx[1]]])
            else:
                text = graph_str(np.asarray(vals[x])) if kind == "T" else graph_str(x)
            out.write(text + "\n")
        out.flush()
    jax.debug.callback(host, *arrays, ordered=not _in_branch())


_branch = {"n": 0}


def _in_branch() -> bool:
    return _branch["n"] > 0


class in_branch:
    """While tracing a branch or loop body (ordered callbacks are not allowed there)."""

    def __enter__(self):
        _branch["n"] += 1

    def __exit__(self, *exc):
        _branch["n"] -= 1


# ------------------------------------------------------------------ raise / assert

def mark(exc):
    """The value of a ``raise`` statement in compiled code, marked as the user's."""
    e = exc() if isinstance(exc, type) else exc
    if not _in_branch() and isinstance(e, BaseException) and any(isinstance(a, LazyStr) for a in e.args):
        e.args = tuple(_now_or_lazy(a) for a in e.args)
    try:
        e._mj_user_raise = True
    except AttributeError:
        pass
    return e


def is_user_raise(e) -> bool:
    return getattr(e, "_mj_user_raise", False)


def _now_or_lazy(a):
    if not isinstance(a, LazyStr):
        return a
    text = render_now(a)
    return a if text is None else text


def stage_error(e) -> None:
    """In a branch taken at run time: report ``e`` after the call instead of now (its message
    formatted with the values of that call)."""
    _checks["n"] += 1
    lazy = [(i, a, len(a.leaves())) for i, a in enumerate(getattr(e, "args", ())) if isinstance(a, LazyStr)]
    arrays = [t._data for _, a, _ in lazy for t in a.leaves()]

    def host(*vals):
        if lazy:
            args, k = list(e.args), 0
            for i, a, n in lazy:
                args[i] = a.render_flat([np.asarray(v) for v in vals[k:k + n]])
                k += n
            e.args = tuple(args)
        _pending.append(e)
    jax.debug.callback(host, *arrays)


def assert_(cond, msg=None):
    if not _traced(cond) and not (isinstance(cond, jax.core.Tracer)):
        if not cond:
            raise AssertionError(*(() if msg is None else (msg(),)))
        return
    from .control import _pred_array
    text = None if msg is None else msg()
    _checks["n"] += 1
    err = _with_stack(AssertionError(*(() if text is None else (text,))))
    lazy = text if isinstance(text, LazyStr) else None
    leaves = [t._data for t in lazy.leaves()] if lazy is not None else []

    def host(p, *vals):
        if not bool(p):
            if lazy is not None:  # the message with the values of this call
                err.args = (lazy.render_flat([np.asarray(v) for v in vals]),)
            _pending.append(err)
    jax.debug.callback(host, _pred_array(cond), *leaves)


def _with_stack(e):
    """``e`` with a traceback of the frames being traced (the user's assert line among them),
    up to the jit call."""
    import os
    import types
    api = os.path.join(os.path.dirname(os.path.abspath(__file__)), "api.py")
    frames, f = [], sys._getframe(2)
    while f is not None and os.path.abspath(f.f_code.co_filename) != api:
        frames.append(f)
        f = f.f_back
    tb = None
    for fr in frames:
        tb = types.TracebackType(tb, fr, fr.f_lasti, fr.f_lineno)
    return e.with_traceback(tb)


def raise_pending(out_arrays) -> None:
    """After a call whose program has checks: raise the first error they found."""
    jax.block_until_ready(out_arrays)
    jax.effects_barrier()
    if _pending:
        e = _pending[0]
        _pending.clear()
        from .errors import clean_exception
        raise clean_exception(e)


def is_print(f) -> bool:
    return f is builtins.print and bool(state.jit_depth)
