"""Shared helpers of ``mindjax.numpy``: array_like conversion, axis checks, and the rule that a
name exists only when the ``mindjax.ops`` it adapts exists (absent beats fake)."""
from __future__ import annotations

import numbers

import numpy as onp

from .. import _dtype as mstype
from .. import ops
from .._tensor import Tensor

# names whose op is missing at import: name -> the ops names it waits for
MISSING: dict = {}


class _Absent:
    """Marks a function whose op does not exist yet; ``finish`` removes it from its module."""


def needs(*opnames: str):
    """Install the decorated function only if every ``ops.<name>`` exists at import."""
    missing = [n for n in opnames if not hasattr(ops, n)]

    def deco(fn):
        if missing:
            MISSING[fn.__name__.rstrip("_")] = missing
            return _Absent
        return fn
    return deco


def finish(namespace: dict, names: list) -> list:
    """Drop the absent functions from ``namespace``; the ``__all__`` of the present ones."""
    for k in [k for k, v in namespace.items() if v is _Absent]:
        del namespace[k]
    return [n for n in names if n in namespace]


def _raise_type(msg: str, obj=None):
    raise TypeError(msg + ("" if obj is None else f"{type(obj)}"))


def _dtype_of_py(data) -> mstype.Type:
    """mindspore.numpy's defaults for Python data: bool -> bool_, int -> int32, float -> float32."""
    arr = onp.asarray(data)
    if arr.dtype == onp.bool_:
        return mstype.bool_
    if arr.dtype.kind in "iu":
        return mstype.int32
    if arr.dtype.kind == "f":
        return mstype.float32
    raise TypeError(f"input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, but got {type(data)}")


def to_tensor(x, dtype=None) -> Tensor:
    """``x`` (int, float, bool, list, tuple or Tensor) as a Tensor, with mindspore.numpy's dtype defaults."""
    if isinstance(x, Tensor):
        return x if dtype is None else ops.cast(x, dtype)
    if isinstance(x, (bool, numbers.Number, list, tuple)) and not isinstance(x, complex):
        if isinstance(x, (list, tuple)) and any(isinstance(v, Tensor) for v in x):
            return ops.stack([to_tensor(v) for v in x])
        dt = mstype.to_dtype(dtype) if dtype is not None else _dtype_of_py(x)
        return Tensor(onp.asarray(x, dt.np), dt)
    raise TypeError(f"input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, but got {type(x)}")


def array_like(x, name: str = "x") -> Tensor:
    """An operand of an elementwise function: Tensors pass, Python data is converted."""
    if isinstance(x, Tensor):
        return x
    if isinstance(x, (bool, numbers.Number, list, tuple)) and not isinstance(x, complex):
        return to_tensor(x)
    raise TypeError("Expect input to be array like.")


def to_float(x: Tensor, dtype=mstype.float32) -> Tensor:
    """Integer and bool Tensors as float32 (mindspore.numpy's default float); floats pass."""
    return x if x.dtype.kind in "fc" else ops.cast(x, dtype)


def norm_axis(axis, ndim: int, name: str = "axis") -> tuple:
    """``axis`` (None, int or tuple of ints) as a tuple of non-negative axes."""
    if axis is None:
        return tuple(range(ndim))
    seq = axis if isinstance(axis, (tuple, list)) else (axis,)
    out = []
    for a in seq:
        if isinstance(a, bool) or not isinstance(a, (int, onp.integer)):
            raise TypeError(f"axes should be integers, not {type(a)}")
        n = max(ndim, 1)
        if not -n <= a < n:
            raise ValueError(f"axis {a} is out of bounds for array of dimension {ndim}")
        out.append(int(a) % n)
    if len(set(out)) != len(out):
        raise ValueError("duplicate value in 'axis'")
    return tuple(out)


def check_int(v, arg: str, fn: str) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, onp.integer)):
        raise TypeError(f"For '{fn}', the '{arg}' must be int, but got {type(v)}.")
    return int(v)


def check_shape(shape) -> tuple:
    """A shape argument (int or sequence of ints, all >= 0) as a tuple."""
    if isinstance(shape, (int, onp.integer)) and not isinstance(shape, bool):
        shape = (shape,)
    if isinstance(shape, list):
        shape = tuple(shape)
    if not isinstance(shape, tuple) or not all(isinstance(s, (int, onp.integer)) and not isinstance(s, bool)
                                               for s in shape):
        raise TypeError(f"Input tensor dimensions should be integers, but got {shape}.")
    if any(s < 0 for s in shape):
        raise ValueError("each entry in shape should no less than 0.")
    return tuple(int(s) for s in shape)


def to_dtype(dtype):
    """A mindspore dtype from a dtype, numpy dtype, or a name such as 'float32'."""
    if dtype is None:
        return None
    if isinstance(dtype, str):
        names = {"int": "int32", "float": "float32", "uint": "uint32", "bool": "bool_"}
        return getattr(mstype, names.get(dtype, dtype))
    return mstype.to_dtype(dtype)


def moveaxis_to_end(x: Tensor, axis: int) -> Tensor:
    perm = [i for i in range(x.ndim) if i != axis] + [axis]
    return ops.transpose(x, tuple(perm)) if perm != list(range(x.ndim)) else x


def py_float(v) -> float:
    return float(v.item()) if isinstance(v, Tensor) else float(v)
