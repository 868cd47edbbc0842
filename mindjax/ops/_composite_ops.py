"""Ops that MindSpore 2.10 defines as composites: ``tensor_dot``, ``batch_dot``, ``vecdot``,
``count_nonzero``, ``cummin``, ``repeat_elements``, ``sequence_mask`` and the composite
``matmul`` (with ``dtype``). Each is one Op (a jax forward; the bprop is jax's VJP of it)
or a few existing ops.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._state import state
from .._tensor import Tensor
from ._base import check_tensor, check_axis, _is_int
from ._primitive import Op, apply


def _same_float(name: str, x: Tensor, y: Tensor, allowed) -> None:
    for arg, t in (("x1", x), ("x2", y)):
        if t.dtype not in allowed:
            raise TypeError(f"For '{name}', the '{arg}' must be a Tensor of "
                            f"{[str(a) for a in allowed]}, but got {t.dtype}.")
    if x.dtype != y.dtype:
        raise TypeError(f"For '{name}', the inputs must be the same type, but got x1_type: {x.dtype} and "
                        f"x2_type: {y.dtype}.")


# ---- tensor_dot -----------------------------------------------------------------------------
_tensor_dot = Op("TensorDot", lambda a, b, *, axes: jnp.tensordot(a, b, axes), "vjp")


def _dot_axes(name: str, axes, nd1: int, nd2: int):
    if _is_int(axes):
        if axes < 0:
            raise ValueError(f"For '{name}', the 'axes' must be a non-negative int, but got {axes}.")
        if axes > nd1 or axes > nd2:
            raise ValueError(f"For '{name}', the 'axes' must not be greater than the rank of the inputs, but got "
                             f"{axes}.")
        return (tuple(range(nd1 - axes, nd1)), tuple(range(axes)))
    if not isinstance(axes, (tuple, list)) or len(axes) != 2:
        raise TypeError(f"For '{name}', the 'axes' must be an int or a pair of ints or of int sequences, but got "
                        f"{axes!r}.")
    a, b = ((v,) if _is_int(v) else tuple(v) for v in axes)
    if len(a) != len(b):
        raise ValueError(f"For '{name}', the two sequences in 'axes' must have the same length, but got {axes!r}.")
    a = tuple(check_axis(name, v, nd1, "axes") for v in a)
    b = tuple(check_axis(name, v, nd2, "axes") for v in b)
    return a, b


def tensor_dot(x1, x2, axes) -> Tensor:
    """``ops.tensor_dot``: sum of products over the axes ``axes`` of ``x1`` and ``x2``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x1 = ms.Tensor(np.ones((1, 2, 3)), ms.float32)
        >>> x2 = ms.Tensor(np.ones((3, 1, 2)), ms.float32)
        >>> print(ms.ops.tensor_dot(x1, x2, ((0, 1), (1, 2))))
        [[2. 2. 2.]
         [2. 2. 2.]
         [2. 2. 2.]]
    """
    x1, x2 = check_tensor("tensor_dot", "x1", x1), check_tensor("tensor_dot", "x2", x2)
    a, b = _dot_axes("tensor_dot", axes, x1.ndim, x2.ndim)
    for i, j in zip(a, b):
        if x1.shape[i] != x2.shape[j]:
            raise ValueError(f"For 'tensor_dot', the axes of x1 and x2 to contract must have the same sizes, but "
                             f"got x1.shape[{i}] = {x1.shape[i]} and x2.shape[{j}] = {x2.shape[j]}.")
    if x1.dtype != x2.dtype:
        raise TypeError(f"For 'tensor_dot', the inputs must have the same dtype, but got {x1.dtype} and "
                        f"{x2.dtype}.")
    return apply(_tensor_dot, (x1, x2), {"axes": (a, b)})


# ---- batch_dot ------------------------------------------------------------------------------
def _batch_dot_fwd(a, b, *, axes, both2d):
    out = jax.lax.dot_general(a, b, (((axes[0],), (axes[1],)), ((0,), (0,))))
    return out[:, None] if both2d else out


_batch_dot = Op("BatchDot", _batch_dot_fwd, "vjp")


def batch_dot(x1, x2, axes=None) -> Tensor:
    """``ops.batch_dot``: per batch entry (axis 0), the dot product over ``axes``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x1 = ms.Tensor(np.ones((2, 2, 3)), ms.float32)
        >>> x2 = ms.Tensor(np.ones((2, 3, 2)), ms.float32)
        >>> print(ms.ops.batch_dot(x1, x2, (-1, -2)).shape)
        (2, 2, 2)
    """
    x1, x2 = check_tensor("batch_dot", "x1", x1), check_tensor("batch_dot", "x2", x2)
    n1, n2 = x1.ndim, x2.ndim
    if n1 < 2 or n2 < 2:
        raise ValueError(f"For 'batch_dot', the inputs x1, x2 should have 'dimension >= 2', but got "
                         f"'len(x1_shape)': ({n1}) and 'len(x2_shape)': ({n2}).")
    _same_float("batch_dot", x1, x2, (mstype.float32,))
    if x1.shape[0] != x2.shape[0]:
        raise ValueError(f"For 'batch_dot', the inputs 'x1', 'x2' should have the same batch sizes, but got "
                         f"'x1_batch_size': {x1.shape[0]} and 'x2_batch_size': {x2.shape[0]}.")
    if axes is None:
        axes = [n1 - 1, n2 - 1] if n2 == 2 else [n1 - 1, n2 - 2]
    if isinstance(axes, (tuple, list)):
        if 0 in axes:
            raise ValueError(f"For 'batch_dot', the 'axes' cannot contain 0, but got axes: {axes}.")
        if len(axes) != 2:
            raise ValueError(f"For 'batch_dot', the length of 'axes' must be equal to 2, but got {len(axes)}.")
        if not all(_is_int(a) for a in axes):
            raise TypeError(f"For 'batch_dot', the 'axes' must be ints, but got {axes!r}.")
        ax = [axes[0] + n1 if axes[0] < 0 else axes[0], axes[1] + n2 if axes[1] < 0 else axes[1]]
        if ax[0] < 0 or ax[1] < 0 or ax[0] >= n1 or ax[1] >= n2:
            raise ValueError(f"For 'batch_dot', axes[0] must be less than len(x1_shape) and axes[1] less than "
                             f"len(x2_shape). But got 'axes': {list(axes)}, 'x1_shape': {x1.shape}, "
                             f"'x2_shape': {x2.shape}.")
    elif _is_int(axes):
        if axes == 0 or axes >= n1 or axes >= n2 or axes < -min(n1, n2):
            raise ValueError(f"For 'batch_dot', the 'axes' must be a valid non-zero axis of both inputs, but got "
                             f"'axes': {axes}, 'x1_shape': {x1.shape}, 'x2_shape': {x2.shape}.")
        ax = [axes + n1, axes + n2] if axes < 0 else [axes, axes]
    else:
        raise ValueError(f"For 'batch_dot', the type of 'axes' must be one of those: int, tuple(int), list(int), "
                         f"but got {type(axes).__name__}.")
    if x1.shape[ax[0]] != x2.shape[ax[1]]:
        raise ValueError(f"For 'batch_dot', the contracted axes must have the same size, but got "
                         f"x1.shape[{ax[0]}] = {x1.shape[ax[0]]} and x2.shape[{ax[1]}] = {x2.shape[ax[1]]}.")
    return apply(_batch_dot, (x1, x2), {"axes": tuple(ax), "both2d": n1 == 2 and n2 == 2})


_dot = Op("Dot", lambda a, b: jnp.tensordot(a, b, axes=(a.ndim - 1, b.ndim - 2)), "vjp")


def dot(input, other) -> Tensor:
    """``ops.dot``: the dot product of the last axis of ``input`` with the second-to-last of ``other``
    (both of rank >= 2, Float16 or Float32); the shape is ``input.shape[:-1] + other.shape[:-2] + other.shape[-1:]``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> print(ms.ops.dot(ms.Tensor(np.ones((2, 3)), ms.float32), ms.Tensor(np.ones((3, 2)), ms.float32)))
        [[3. 3.]
         [3. 3.]]
    """
    a, b = check_tensor("dot", "input", input), check_tensor("dot", "other", other)
    for arg, t in (("input", a), ("other", b)):
        if t.dtype not in (mstype.float16, mstype.float32):
            raise TypeError(f"For 'dot', the '{arg}' must be a Tensor of [Float16, Float32], but got {t.dtype}.")
    if a.dtype != b.dtype:
        raise TypeError(f"For 'dot', the inputs must be the same type, but got x1_type: {a.dtype} and "
                        f"x2_type: {b.dtype}.")
    if a.ndim < 2 or b.ndim < 2:
        raise ValueError(f"For 'dot', the inputs x1, x2 should have 'dimension >= 2',but got 'len(x1_shape)': "
                         f"({a.ndim}) and 'len(x2_shape)': ({b.ndim}).")
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"For 'dot', the last dimension of 'input' must equal the second-to-last of 'other', but "
                         f"got {list(a.shape)} and {list(b.shape)}.")
    return apply(_dot, (a, b), {})


_conj = Op("Conj", jnp.conj, None)
_conj.def_bprop(lambda ctx, d: (apply(_conj, (d,), {}),))


def vecdot(x, y, *, axis: int = -1) -> Tensor:
    """``ops.vecdot``: ``sum(conj(x) * y, axis)``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.vecdot(ms.Tensor([[1, 2], [3, 4]]), ms.Tensor([[5, 6], [7, 8]])))
        [17 53]
    """
    if not isinstance(x, Tensor) or not isinstance(y, Tensor):
        raise TypeError("For vecdot, x or y must be Tensor.")
    if not _is_int(axis):
        raise TypeError(f"For vecdot, the dim should be int, but got {type(axis)}.")
    ndim = max(x.ndim, y.ndim)
    if axis < -ndim or axis >= ndim:
        raise ValueError("For vecdot, the dim is out of range.")
    if x.dtype.kind == "c":
        x = apply(_conj, (x,), {})
    return (x * y).sum(axis=axis)


# ---- count_nonzero --------------------------------------------------------------------------
_count_nonzero = Op("CountNonZero", lambda x, *, axes, keep, dtype:
                    jnp.sum(x != 0, axis=axes, keepdims=keep).astype(dtype), "vjp")


def count_nonzero(x, axis=(), keep_dims: bool = False, dtype=mstype.int32) -> Tensor:
    """``ops.count_nonzero``: the number of non-zero values over ``axis`` (all axes by default).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.count_nonzero(ms.Tensor([[0, 1, 2], [0, 0, 3]]), axis=1))
        [2 1]
    """
    x = check_tensor("count_nonzero", "x", x)
    if x.dtype == mstype.bool_:
        raise TypeError(f"For 'count_nonzero', the 'input x' must be a Tensor of number type, but got {x.dtype}.")
    if not isinstance(keep_dims, bool):
        raise TypeError(f"For 'count_nonzero', the 'keep_dims' must be a bool, but got {type(keep_dims).__name__}.")
    if _is_int(axis):
        axis = (axis,)
    if not isinstance(axis, (tuple, list)) or not all(_is_int(a) for a in axis):
        raise TypeError(f"For 'count_nonzero', the 'axis' must be an int or a tuple/list of ints, but got "
                        f"{axis!r}.")
    axes = tuple(sorted({check_axis("count_nonzero", a, x.ndim) for a in axis})) if axis else None
    if x.ndim == 0:
        axes = None
    dt = mstype.to_dtype(dtype)
    return apply(_count_nonzero, (x,), {"axes": axes, "keep": keep_dims, "dtype": dt.np})


# ---- cummin ---------------------------------------------------------------------------------
def _cummin_fwd(x, *, axis):
    idx = jax.lax.broadcasted_iota(jnp.int32, x.shape, axis)  # MindSpore's indices are Int32

    def combine(a, b):
        va, ia = a
        vb, ib = b
        # a NaN stays the minimum once seen; ties take the later index, as MindSpore's kernel does
        take_b = (vb <= va) | jnp.isnan(vb)
        if jnp.issubdtype(va.dtype, jnp.floating):
            take_b = take_b & ~(jnp.isnan(va) & ~jnp.isnan(vb))
        return jnp.where(take_b, vb, va), jnp.where(take_b, ib, ia)

    return jax.lax.associative_scan(combine, (x, idx), axis=axis)


_cummin = Op("Cummin", _cummin_fwd, "vjp", n_out=2)


def cummin(input, axis: int):
    """``ops.cummin``: running minimum along ``axis`` and the index where it was found.

    Examples:
        >>> import mindjax as ms
        >>> values, indices = ms.ops.cummin(ms.Tensor([3., 1., 2., 0.]), 0)
        >>> print(values, indices)
        [3. 1. 1. 0.] [0 1 1 3]
    """
    x = check_tensor("cummin", "input", input)
    if x.dtype == mstype.bool_ or x.dtype.kind == "c":
        raise TypeError(f"For 'cummin', the 'input' must be a Tensor of real number type, but got {x.dtype}.")
    ax = check_axis("cummin", axis, x.ndim)
    if x.ndim == 0:
        return x, Tensor._make(jnp.zeros((), jnp.int32))
    values, indices = apply(_cummin, (x,), {"axis": ax})
    return values, indices


# ---- repeat_elements, sequence_mask ---------------------------------------------------------
_repeat = Op("RepeatElements", lambda x, *, rep, axis: jnp.repeat(x, rep, axis=axis), "vjp")


def repeat_elements(x, rep: int, axis: int = 0) -> Tensor:
    """``ops.repeat_elements``: each slice of ``x`` along ``axis`` repeated ``rep`` times.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.repeat_elements(ms.Tensor([[0, 1], [2, 3]]), 2, axis=1))
        [[0 0 1 1]
         [2 2 3 3]]
    """
    x = check_tensor("repeat_elements", "x", x)
    if not _is_int(rep):
        raise TypeError(f"For 'repeat_elements', the 'rep' must be an int, but got {type(rep).__name__}.")
    if rep <= 0:
        raise ValueError(f"For 'repeat_elements', the 'rep' must be a positive int, but got {rep}.")
    ax = check_axis("repeat_elements", axis, x.ndim)
    if x.ndim == 0:
        x = x.reshape((1,))
    return apply(_repeat, (x,), {"rep": int(rep), "axis": ax})


_seq_mask = Op("SequenceMask", lambda n, *, maxlen: jnp.arange(maxlen, dtype=n.dtype) < n[..., None], None)


def sequence_mask(lengths, maxlen=None) -> Tensor:
    """``ops.sequence_mask``: ``mask[..., j] = j < lengths[...]`` (``maxlen`` columns; default: the max length).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.sequence_mask(ms.Tensor([1, 3]), 4))
        [[ True False False False]
         [ True  True  True False]]
    """
    n = check_tensor("sequence_mask", "lengths", lengths)
    if n.dtype not in (mstype.int32, mstype.int64):
        raise TypeError(f"For 'sequence_mask', the 'lengths' must be a Tensor of [Int32, Int64], but got "
                        f"{n.dtype}.")
    if maxlen is None:
        if state.jit_depth:
            from .._jit.errors import dynamic_shape_error
            raise dynamic_shape_error("sequence_mask with maxlen=None (the output width is the largest length)")
        maxlen = int(np.max(n.asnumpy())) if n.size else 0
    elif not _is_int(maxlen) or maxlen <= 0:
        raise ValueError(f"For 'sequence_mask', the 'maxlen' must be a positive int, but got {maxlen!r}.")
    return apply(_seq_mask, (n,), {"maxlen": int(maxlen)})


def matmul(x1, x2, dtype=None) -> Tensor:
    """``ops.composite.matmul``: ``ops.matmul(x1, x2)``, cast to ``dtype`` when given.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops import composite as C
        >>> print(C.matmul(ms.Tensor(np.ones((1, 2)), ms.float32), ms.Tensor(np.ones(2), ms.float32), ms.float16))
        [2.]
    """
    from .math import matmul as _mm
    res = _mm(x1, x2)
    if dtype is not None:
        res = res.astype(dtype)
    return res


__all__ = ["dot", "tensor_dot", "batch_dot", "vecdot", "count_nonzero", "cummin", "repeat_elements", "sequence_mask"]
