"""Shared pieces of op definitions: argument conversion, dtype promotion, sum-to-shape."""
from __future__ import annotations

import numbers

import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._state import state
from .._tensor import Tensor
from ._primitive import Op, apply


def is_scalar(x) -> bool:
    return isinstance(x, (bool, numbers.Number, np.generic)) and not isinstance(x, Tensor)


def check_tensor(name: str, arg: str, x) -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{name}', the '{arg}' must be a Tensor, but got {type(x).__name__}.")
    return x


def tensor_of(x, name: str = "op", dtype: mstype.Type | None = None) -> Tensor:
    """``x`` as a Tensor for op input: scalars and lists are converted, Tensors pass."""
    if isinstance(x, Tensor):
        return x
    if isinstance(x, (bool, numbers.Number, np.generic, list, tuple, np.ndarray)):
        return Tensor(x, dtype)
    raise TypeError(f"For '{name}', the input must be a Tensor or a number, but got {type(x).__name__}.")


_consts: dict = {}


def scalar_tensor(value, dt: mstype.Type) -> Tensor:
    """A 0-d Tensor of ``value`` in dtype ``dt``; small constants are made once and reused."""
    if state.jit_depth:  # inside a trace: a literal of the program
        return Tensor._make(np.asarray(value, dt.np))
    key = (type(value), value, dt.name)
    try:
        arr = _consts[key]
    except (KeyError, TypeError):
        arr = jnp.asarray(np.asarray(value, dt.np))
        if len(_consts) < 4096 and value == value:  # NaN keys never match: don't store them
            _consts[key] = arr
    return Tensor._make(arr)


def binary_args(name: str, x, y):
    """Two op inputs as Tensors, with MindSpore's result dtype for the op."""
    xt, yt = isinstance(x, Tensor), isinstance(y, Tensor)
    if xt and yt:
        return x, y, mstype.promote(x.dtype, y.dtype)
    if xt:
        if is_scalar(y):
            dt = mstype.promote_scalar(x.dtype, y)
            return x, scalar_tensor(y, dt), dt
        y = tensor_of(y, name)
        return x, y, mstype.promote(x.dtype, y.dtype)
    if yt:
        if is_scalar(x):
            dt = mstype.promote_scalar(y.dtype, x)
            return scalar_tensor(x, dt), y, dt
        x = tensor_of(x, name)
        return x, y, mstype.promote(x.dtype, y.dtype)
    x, y = tensor_of(x, name), tensor_of(y, name)
    return x, y, mstype.promote(x.dtype, y.dtype)


def _is_int(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def check_axis(name: str, axis, ndim: int, arg: str = "axis") -> int:
    """``axis`` as an int in [0, ndim) (0-d counts as rank 1); TypeError/ValueError in MindSpore's style."""
    if isinstance(axis, Tensor) and axis.ndim == 0 and axis.dtype.kind in "iu":
        axis = axis.item()
    if not _is_int(axis):
        raise TypeError(f"For '{name}', the '{arg}' must be an int, but got {type(axis).__name__}.")
    n = max(ndim, 1)
    if not -n <= axis < n:
        raise ValueError(f"For '{name}', the '{arg}' must be in range [{-n}, {n}), but got {axis}.")
    return int(axis) % n


def check_int_tuple(name: str, value, arg: str) -> tuple:
    """An int, or a tuple/list (or 1-D int Tensor) of ints, as a tuple of Python ints."""
    if isinstance(value, Tensor):
        if value.dtype.kind not in "iu" or value.ndim > 1:
            raise TypeError(f"For '{name}', the '{arg}' must be a tuple of ints, but got a {value.dtype} Tensor "
                            f"of rank {value.ndim}.")
        value = value.tolist()
    if _is_int(value):
        return (int(value),)
    if not isinstance(value, (tuple, list)) or not all(_is_int(v) for v in value):
        raise TypeError(f"For '{name}', the '{arg}' must be an int or a tuple of ints, but got "
                        f"{type(value).__name__}" + (f" {value!r}." if isinstance(value, (tuple, list)) else "."))
    return tuple(int(v) for v in value)


def broadcast_shape(name: str, a: tuple, b: tuple) -> tuple:
    try:
        return tuple(np.broadcast_shapes(a, b))
    except TypeError:  # symbolic dimensions (set_inputs with None): JAX's broadcasting rule
        return tuple(jnp.broadcast_shapes(a, b))
    except ValueError:
        raise ValueError(f"For '{name}', x.shape and y.shape need to broadcast. The value of x.shape[-1] or "
                         f"y.shape[-1] must be 1 or -1 when they are not the same, but got x.shape = {list(a)} "
                         f"and y.shape = {list(b)}.") from None


# ---- sum_to: the gradient of broadcasting ------------------------------------------
def _sum_to_fwd(x, *, shape):
    lead = x.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(i + lead for i, s in enumerate(shape) if s == 1 and x.shape[i + lead] != 1)
    if axes:
        x = jnp.sum(x, axis=axes, keepdims=True)
    return x.reshape(shape)


def _sum_to_bprop(ctx, dout):
    return (broadcast_to(dout, ctx.inputs[0].shape),)


_sum_to = Op("SumTo", _sum_to_fwd, _sum_to_bprop)


def _broadcast_fwd(x, *, shape):
    return jnp.broadcast_to(x, shape)


def _broadcast_bprop(ctx, dout):
    return (sum_to(dout, ctx.inputs[0].shape),)


_broadcast = Op("BroadcastTo", _broadcast_fwd, _broadcast_bprop, saves=(False, False))


def sum_to(g: Tensor, shape: tuple) -> Tensor:
    """Sum ``g`` over the axes that broadcasting added to reach its shape from ``shape``."""
    shape = tuple(shape)
    if g.shape == shape:
        return g
    return apply(_sum_to, (g,), {"shape": shape})


def broadcast_to(x: Tensor, shape) -> Tensor:
    x = tensor_of(x, "BroadcastTo")
    shape = check_int_tuple("BroadcastTo", shape, "shape")
    if any(s == -1 for s in shape):
        lead = len(shape) - x.ndim
        if lead < 0 or any(s == -1 for s in shape[:lead]):
            raise ValueError(f"For 'BroadcastTo', -1 in 'shape' {list(shape)} must match an axis of the input "
                             f"shape {list(x.shape)}.")
        shape = tuple(x.shape[i - lead] if s == -1 else s for i, s in enumerate(shape))
    if x.shape == shape:
        return x
    try:
        if any(s < 0 for s in shape) or np.broadcast_shapes(x.shape, shape) != shape:
            raise ValueError
    except ValueError:
        raise ValueError(f"For 'BroadcastTo', the input shape {list(x.shape)} can not be broadcast to "
                         f"{list(shape)}.") from None
    return apply(_broadcast, (x,), {"shape": shape})


def _cast_fwd(x, *, dtype):
    return x.astype(dtype)


def _cast_bprop(ctx, dout):
    return (cast(dout, ctx.inputs[0].dtype),)


_cast = Op("Cast", _cast_fwd, _cast_bprop, saves=(False, False))


def cast(x, dtype) -> Tensor:
    """``ops.cast``: ``x`` converted to ``dtype``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.cast(ms.Tensor([1.7, -2.5]), ms.int32))
        [ 1 -2]
    """
    dt = mstype.to_dtype(dtype)
    x = tensor_of(x, "Cast")
    if x._raw.dtype == dt.np:
        return x
    return apply(_cast, (x,), {"dtype": dt.np})
