"""Hooks under jit: which are traced into the program, which run as host callbacks.

A hook that computes its result from its inputs (a forward hook returning
``output * 2``, a ``HookBackward`` function returning a scaled gradient) is ordinary
mindjax code: under jit it runs on tracers and becomes part of the XLA program.

A hook that returns ``None`` is there for its side effects (printing, recording
values). Run on tracers it would print ``Tensor(shape=..., <traced>)`` once at compile
time and never again, so :func:`call_hook` runs it through ``jax.debug.callback``
instead: on every execution of the compiled program it is called with concrete
values wrapped as Tensors. Which kind a hook is, is learnt the first time it is traced
(its output during that probe call is captured and dropped); a hook that needs
concrete values (``asnumpy()``, ``float(t)``, ``if t > 0``) is a callback hook too.
"""
from __future__ import annotations

import contextlib
import io
import sys
import weakref

import jax
import jax.numpy as jnp

from .._state import state
from .._tensor import Tensor

_TRACED, _CALLBACK = "traced", "callback"
_kinds = weakref.WeakKeyDictionary()
_kinds_strong = {}  # hooks that cannot be weakly referenced


def _kind(hook):
    key = getattr(hook, "__func__", hook)
    try:
        return _kinds.get(key)
    except TypeError:
        return _kinds_strong.get(id(key))


def _set_kind(hook, kind):
    key = getattr(hook, "__func__", hook)
    try:
        _kinds[key] = kind
    except TypeError:
        _kinds_strong[id(key)] = kind


def _flatten(obj, arrays):
    if isinstance(obj, Tensor):
        arrays.append(obj._data)
        return ("T", len(arrays) - 1)
    if isinstance(obj, (tuple, list)):
        return (type(obj), tuple(_flatten(o, arrays) for o in obj))
    if isinstance(obj, dict):
        return (dict, tuple((k, _flatten(v, arrays)) for k, v in obj.items()))
    return ("C", obj)


def _unflatten(spec, arrays):
    kind, body = spec
    if kind == "T":
        return Tensor._make(jnp.asarray(arrays[body]))
    if kind in (tuple, list):
        return kind(_unflatten(s, arrays) for s in body)
    if kind is dict:
        return {k: _unflatten(s, arrays) for k, s in body}
    return body


def _has_tracer(args):
    arrays = []
    _flatten(args, arrays)
    return any(isinstance(a, jax.core.Tracer) for a in arrays)


_NEEDS_VALUES = (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
                 jax.errors.TracerBoolConversionError, jax.errors.TracerIntegerConversionError)


def call_hook(hook, *args):
    """Call ``hook(*args)``; under a jit trace a hook that returns None (or needs
    concrete values) runs on every execution of the program, with real values."""
    if not state.jit_depth or not _has_tracer(args):
        return hook(*args)
    kind = _kind(hook)
    if kind == _TRACED:
        return hook(*args)
    if kind is None:
        from .errors import JitControlFlowError
        buf = io.StringIO()
        try:
            from .dynamic_break import suspended
            with contextlib.redirect_stdout(buf), suspended():
                r = hook(*args)
        except (JitControlFlowError, RuntimeError) + _NEEDS_VALUES:
            r = None
        if r is not None:
            _set_kind(hook, _TRACED)
            sys.stdout.write(buf.getvalue())
            return r
        _set_kind(hook, _CALLBACK)
    run_as_callback(hook, args)
    return None


def run_as_callback(fn, args):
    """Stage ``fn(*args)`` as a host callback of the program being traced."""
    arrays = []
    spec = _flatten(args, arrays)

    def host(*concrete):
        depth, state.jit_depth = state.jit_depth, 0
        gdepth, state.grad_depth = state.grad_depth, 0
        try:
            fn(*_unflatten(spec, concrete))
        finally:
            state.jit_depth, state.grad_depth = depth, gdepth
    jax.debug.callback(host, *arrays)
