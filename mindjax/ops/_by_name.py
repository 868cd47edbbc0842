"""Kernels found by a Primitive's name, for Primitive subclasses written outside mindjax.

In MindSpore a Primitive is a name and attributes: a subclass of ``PrimitiveWithInfer`` that
defines only ``__init__`` and shape inference (``class Shift(PrimitiveWithInfer)``) runs the
backend kernel registered under its class name, with its attributes. MindSpore's own tests
define such classes for kernels that have no public Python class, and user code does it to
reach a kernel under another signature. Here the name is looked up in turn among

1. mindjax's Primitive classes (``ops.operations.Add``...): the class is built from the
   attributes the subclass registered (those its ``__init__`` accepts) and called;
2. the kernels below, which MindSpore's backends have without a public Primitive class;

and a name found in neither raises MindSpore's RuntimeError, "Unsupported op [Name] on CPU".
"""
from __future__ import annotations

import inspect

import jax.numpy as jnp

from ._primitive import Op

_cache: dict = {}


# ---- kernels without a public Primitive class ------------------------------------------------
def _shift_forward(x, fill_value, *, periods, axis):
    """out[..., i, ...] = x[..., i - periods, ...] along ``axis``; the vacated places hold
    ``fill_value`` (cast to x's dtype). |periods| >= the axis' length fills everything."""
    n = x.shape[axis]
    fill = jnp.asarray(fill_value).astype(x.dtype)
    if periods == 0:
        return x
    k = min(abs(periods), n)
    filled = jnp.broadcast_to(fill, x.shape[:axis % x.ndim] + (k,) + x.shape[axis % x.ndim + 1:])
    kept = jnp.take(x, jnp.arange(0, n - k) if periods > 0 else jnp.arange(k, n), axis=axis)
    parts = (filled, kept) if periods > 0 else (kept, filled)
    return jnp.concatenate(parts, axis=axis)


_SHIFT = Op("Shift", _shift_forward, "vjp")


def _shift(prim):
    periods, axis = int(prim.attrs.get("periods", 1)), int(prim.attrs.get("axis", -1))

    def call(x, fill_value):
        from .._tensor import Tensor
        if not isinstance(fill_value, Tensor):
            fill_value = Tensor(fill_value)
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"For 'Shift', the 'axis' must be in [{-x.ndim}, {x.ndim}), but got {axis}.")
        return _SHIFT(x, fill_value, periods=periods, axis=axis)
    return call


_KERNELS = {"Shift": _shift}


# ---- the look-up ---------------------------------------------------------------------------
def _public_class(name: str, own: type):
    from . import operations
    cls = getattr(operations, name, None)
    if not isinstance(cls, type) or cls is own or issubclass(own, cls) or "__call__" not in _mro_dicts(cls):
        return None
    return cls


def _mro_dicts(cls) -> set:
    from ._primitive import Primitive
    names = set()
    for c in cls.__mro__:
        if c is Primitive:
            break
        names |= set(vars(c))
    return names


def kernel_for(prim):
    """The callable that runs ``prim`` (a Primitive subclass without a ``__call__`` of its own)."""
    attrs = dict(getattr(prim, "attrs", {}))
    key = (type(prim), prim.name, tuple(sorted((k, repr(v)) for k, v in attrs.items())))
    fn = _cache.get(key)
    if fn is not None:
        return fn
    cls = _public_class(prim.name, type(prim))
    if cls is not None:
        params = inspect.signature(cls.__init__).parameters
        takes_any = any(p.kind is p.VAR_KEYWORD for p in params.values())
        fn = cls(**{k: v for k, v in attrs.items() if takes_any or k in params})
    elif prim.name in _KERNELS:
        fn = _KERNELS[prim.name](prim)
    else:
        raise RuntimeError(f"Unsupported op [{prim.name}] on CPU: mindjax has no kernel of that name. Define "
                           f"'__call__' (or 'construct') on the Primitive class, or use the op from 'mindspore.ops'.")
    _cache[key] = fn
    return fn
