"""Value-dependent shapes under jit: a graph break at the op, exact values, no second run.

MindSpore's graph mode compiles ``nonzero``, ``masked_select``, ``argwhere``, boolean-mask
indexing, one-argument ``where`` and ``unique`` as dynamic-shape kernels. An XLA program
has static shapes, so mindjax cannot put these ops in a program. It gives their exact
values instead, with the semantics of a PIJit graph break:

1. **Break at the op, inside the trace.** A jit call traces the user's Python once on
   JAX tracers. When an op needs the values of a tracer to know its output shape
   (``concrete(name, tensor)`` below), and that tracer belongs to the top-level trace of
   the program being made for this call, mindjax evaluates it there: the part of the
   program traced so far that the tracer depends on (a backward slice of the partial
   jaxpr, without the ``print`` callbacks and other side effects that do not feed it)
   runs on this call's real inputs. The op gets a numpy value, its output shape is then
   known, and the trace goes on; only the value-dependent part (the indices) becomes a
   constant, so a gather of a Tensor at those indices stays differentiable. The program
   made this way is right for this call's values only: it runs once.
2. **Later calls of that signature run op by op** (PyNative), as PIJit runs the Python
   around a break: the values are exact for every call. Other signatures of the
   function are unaffected (they trace, and break again only if they meet such an op).
3. **Where the value is not reachable** (inside a ``lax.cond``/``while`` branch that the
   source pass made of a tensor ``if``/``while``, in the symbolic trace of ``set_inputs``
   with ``None`` dimensions, under a PyNative gradient's VJP trace), the trace stops with
   ``DynamicShapeError`` and that call, and later ones of its signature, run op by op.
4. **Side effects run once per call.** In case 1 the Python runs exactly once (in the
   trace); the program then runs once. In case 3 the trace was stopped before its end:
   what it did is undone as for any failed trace (Parameters, globals and argument
   Tensors written inside return to their values, the random key is not advanced,
   ``print`` is a host callback of the program and so never ran), and the call runs as
   PyNative. Only a mutation of a plain Python object (``list.append``, an attribute of
   a user object) made before the op in such a nested branch would be seen twice.
5. **Gradients.** A PyNative gradient through such a call records the op-by-op run on
   the tape (each op's bprop); a gradient taken inside the jit function (``ops.grad``
   in the traced code) is traced with the constant indices of case 1.
6. **Record and warning.** The break points are counted in the function's PIJit record
   (``get_code_extra(...)['break_count_']``); a warning naming the op and the user's
   line is logged once per op and line.
7. **Python that needs a value** (``python_value``: ``Tensor.asnumpy``, ``str`` of a
   Tensor inside a jit function, where MindSpore's JIT Fallback runs Python at run time)
   breaks the graph the same way. A hook being probed (``hooks.call_hook``) suspends
   this: such a hook runs as a host callback on every call instead.
"""
from __future__ import annotations

import logging
import os
import sys

import jax
import numpy as np

from .errors import DynamicShapeError, dynamic_shape_error

logger = logging.getLogger("mindspore")

_top = []  # the top-level program traces in progress (innermost last)
_warned = set()
_suspended = [0]  # >0: no graph break (a hook being probed: it runs as a host callback instead)


class suspended:
    """``with suspended():`` code that needs a value raises, rather than breaking the graph."""

    def __enter__(self):
        _suspended[0] += 1

    def __exit__(self, *exc) -> None:
        _suspended[0] -= 1


class _Top:
    __slots__ = ("prog", "leaves", "trace")

    def __init__(self, prog, leaves) -> None:
        self.prog = prog
        self.leaves = leaves
        self.trace = None


class calling:
    """``with calling(prog, args):`` around the jitted call of ``prog``: its trace (if one
    happens) may evaluate tracers on ``args``, the call's concrete inputs."""

    def __init__(self, prog, args) -> None:
        self.top = _Top(prog, args)

    def __enter__(self):
        _top.append(self.top)
        return self.top

    def __exit__(self, *exc) -> None:
        _top.remove(self.top)


def entered(prog, key) -> None:
    """Called at the start of ``prog``'s traced function: remember the trace that owns its inputs."""
    if not _top:
        return
    top = _top[-1]
    if top.prog is prog and top.trace is None and isinstance(key, jax.core.Tracer):
        from jax._src.interpreters import partial_eval as pe
        trace = getattr(key, "_trace", None)
        if isinstance(trace, pe.DynamicJaxprTrace):
            top.trace = trace


def _internal(fname: str) -> bool:
    from .errors import _internal_dirs
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the mindjax package
    f = os.path.abspath(fname)
    return f.startswith(_internal_dirs()) or f.startswith(here)


def user_line(tb=None) -> str:
    """``file:line`` of the innermost user frame of the current stack (or of a traceback)."""
    if tb is not None:
        where = ""
        while tb is not None:
            if not _internal(tb.tb_frame.f_code.co_filename):
                where = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
            tb = tb.tb_next
        return where
    f = sys._getframe(1)
    while f is not None:
        if not _internal(f.f_code.co_filename):
            return f"{f.f_code.co_filename}:{f.f_lineno}"
        f = f.f_back
    return ""


def warn_once(what: str, where: str, nested: bool = False) -> None:
    if (what, where) in _warned:
        return
    _warned.add((what, where))
    how = ("this call and later calls with the same input shapes run op by op (PyNative)" if nested else
           "its value is computed for this call, and later calls with the same input shapes run op by op (PyNative)")
    logger.warning(f"For 'jit', {what} at {where or 'an unknown line'} gives an output shape that depends on the "
                   f"values, which a compiled program cannot hold: graph break, {how}.")


def _slice(jaxpr, out):
    """The equations of ``jaxpr`` that ``out`` depends on (side effects that do not feed it are left out)."""
    from jax._src import core
    need = {out} if isinstance(out, core.Var) else set()
    kept = []
    for eqn in reversed(jaxpr.eqns):
        if any(v in need for v in eqn.outvars):
            kept.append(eqn)
            need.update(v for v in eqn.invars if isinstance(v, core.Var))
    return jaxpr.replace(eqns=kept[::-1], outvars=[out])


def _evaluate(top: _Top, tracer) -> np.ndarray:
    from jax._src import core, source_info_util
    trace = top.trace
    frame = trace.frame
    leaves = jax.tree_util.tree_leaves(top.leaves)
    if len(frame.invars) != len(leaves):
        raise DynamicShapeError("inputs do not match the trace", "")
    info = frame.debug_info._replace(result_paths=("",))  # one output, named by no path
    jaxpr, consts = frame.to_jaxpr(trace, [tracer], info, source_info_util.current())
    jaxpr = _slice(jaxpr, jaxpr.outvars[0])
    with core.eval_context():
        (out,) = core.eval_jaxpr(jaxpr, consts, *leaves)
    return np.asarray(out)


def _owning_call(a):
    """The top-level jit call whose trace the tracer ``a`` belongs to (None: another trace, or
    no top-level call is active)."""
    top = _top[-1] if _top and not _suspended[0] else None
    if top is None or top.trace is None or getattr(a, "_trace", None) is not top.trace:
        return None
    return top


def constant_value(t):
    """The value of Tensor ``t`` where it does not depend on the call's inputs (a Tensor made inside
    the function: a constant of MindSpore's graph), None otherwise."""
    a = t._data
    if not isinstance(a, jax.core.Tracer):
        return np.asarray(a)
    top = _owning_call(a)
    if top is None:
        return None
    try:
        from jax._src import core, source_info_util
        trace = top.trace
        frame = trace.frame
        info = frame.debug_info._replace(result_paths=("",))
        jaxpr, consts = frame.to_jaxpr(trace, [a], info, source_info_util.current())
        jaxpr = _slice(jaxpr, jaxpr.outvars[0])
        used = {v for e in jaxpr.eqns for v in e.invars if isinstance(v, core.Var)}
        used.update(v for v in jaxpr.outvars if isinstance(v, core.Var))
        if used & set(jaxpr.invars):
            return None
        with core.eval_context():
            (out,) = core.eval_jaxpr(jaxpr, consts, *jax.tree_util.tree_leaves(top.leaves))
        return np.asarray(out)
    except Exception:  # noqa: BLE001 - not evaluable now: a run-time value
        return None


def concrete(what: str, t) -> np.ndarray:
    """The value of Tensor ``t`` as numpy, for an op whose output shape depends on it (``what``).

    Outside jit it is ``t``'s value. Inside the top-level trace of a jit call it is
    evaluated on the call's inputs (a graph break at this op, see the module's notes);
    elsewhere inside jit ``DynamicShapeError`` stops the trace and the call runs op by op.
    """
    a = t._data
    if not isinstance(a, jax.core.Tracer):
        return np.asarray(a)
    top = _owning_call(a)
    if top is None:
        raise dynamic_shape_error(what)
    try:
        value = _evaluate(top, a)
    except DynamicShapeError:
        raise dynamic_shape_error(what) from None
    except Exception:  # noqa: BLE001 - a JAX layout this slice does not know: stop the trace instead
        raise dynamic_shape_error(what) from None
    where = user_line()
    top.prog.breaks.append((what, where))
    warn_once(what, where)
    return value


def python_value(what: str, t):
    """The value of Tensor ``t`` for Python code that needs it inside a jit function
    (``Tensor.asnumpy``, ``bool`` of a Tensor outside a compiled ``if``): a graph break as for a
    value-dependent shape, or None where the value is not reachable (see ``concrete``)."""
    try:
        return concrete(what, t)
    except DynamicShapeError:
        return None


def value_now(t):
    """The value of Tensor ``t`` evaluated now on the call's inputs, where it belongs to the
    top-level trace (None elsewhere); no graph break is recorded (the caller only formats it)."""
    a = t._data
    if not isinstance(a, jax.core.Tracer):
        return np.asarray(a)
    top = _owning_call(a)
    if top is None:
        return None
    try:
        return _evaluate(top, a)
    except Exception:  # noqa: BLE001 - not reachable from the inputs: the caller keeps the lazy text
        return None


def warn_value_break(what: str, where: str) -> None:
    if (what, where) in _warned:
        return
    _warned.add((what, where))
    logger.warning(
        f"For 'jit', {what} at {where or 'an unknown line'} needs a value known only at run time (JIT Fallback): "
        f"graph break, this call and later calls with the same input shapes run op by op (PyNative).")


def value_needed(prog, e) -> bool:
    """Whether a trace failed because Python code asked for a Tensor's value (``asnumpy``,
    ``int(x)``, a Python list indexed by a Tensor, ``bool(x)`` as Python's tuple comparison or
    ``tuple.index`` ask it) at the LAX syntax level."""
    if prog.out_spec is not None or prog.level != 2:
        return False
    if type(e) is RuntimeError:
        return str(e).startswith("For 'Tensor.asnumpy', the value is not known while a jit function")
    from .errors import BranchStructureError, JitControlFlowError, PythonValueNeeded
    return type(e) in (PythonValueNeeded, BranchStructureError) or (
        type(e) is JitControlFlowError and str(e).startswith("A Tensor's value decides Python control flow"))
