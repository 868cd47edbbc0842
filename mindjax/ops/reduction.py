"""Reductions (sum, mean, max, argmax, ...) and cumulative ops."""
from __future__ import annotations

import builtins

import jax.numpy as jnp

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import broadcast_to, cast, tensor_of, check_axis, check_int_tuple
from ._primitive import Op, apply
from . import math as M


def _axes(axis, ndim):
    if axis is None or axis == () or axis == []:
        return tuple(range(ndim))
    axis = check_int_tuple("Reduce", axis, "axis")
    out = []
    for a in axis:
        if not -builtin_max(ndim, 1) <= a < builtin_max(ndim, 1):
            raise ValueError(f"For 'Reduce', the 'axis' must be in range [{-builtin_max(ndim, 1)}, {builtin_max(ndim, 1)}), "
                             f"but got {a}.")
        a = a % ndim if ndim else 0
        if a in out and ndim:
            raise RuntimeError(f"dim={a} appears multiple times in the list of dims")
        out.append(a)
    return tuple(sorted(out)) if ndim else ()


# MindSpore's sum and prod functions (not the ReduceSum/ReduceProd Primitives) accumulate bool,
# int8, int16, int32 and uint8 in int64; the wider unsigned and the float types keep theirs.
_WIDEN_TO_INT64 = frozenset(("bool", "int8", "int16", "int32", "uint8"))


def _widened(x):
    return jnp.dtype(jnp.int64) if str(x._raw.dtype) in _WIDEN_TO_INT64 else x._raw.dtype


def _kept_shape(shape, axes):
    return tuple(1 if i in axes else s for i, s in enumerate(shape))


def _reduce_sum_fwd(x, *, axes, keep, dtype):
    return jnp.sum(x, axis=axes, keepdims=keep, dtype=dtype)


def _reduce_sum_bprop(ctx, dout):
    x = ctx.inputs[0]
    axes = ctx.attrs[1]["axes"]
    g = dout.reshape(_kept_shape(x.shape, axes))
    return (cast(broadcast_to(g, x.shape), x.dtype),)


_reduce_sum = Op("ReduceSum", _reduce_sum_fwd, _reduce_sum_bprop)


def sum(input, dim=None, keepdim=False, *, dtype=None) -> Tensor:
    """``ops.sum``: the sum over ``dim`` (all axes by default).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.sum(ms.Tensor([[1., 2.], [3., 4.]]), 1))
        [3. 7.]
    """
    x = tensor_of(input, "ReduceSum")
    dt = mstype.to_dtype(dtype).np if dtype is not None else _widened(x)
    return apply(_reduce_sum, (x,), {"axes": _axes(dim, x.ndim), "keep": bool(keepdim), "dtype": dt})


def reduce_sum(x, axis=(), keep_dims=False) -> Tensor:
    x = tensor_of(x, "ReduceSum")
    return apply(_reduce_sum, (x,), {"axes": _axes(axis, x.ndim), "keep": bool(keep_dims),
                                     "dtype": x._raw.dtype})


def mean(input, axis=None, keep_dims=False) -> Tensor:
    """``ops.mean``: the mean over ``axis`` (all axes by default)."""
    x = tensor_of(input, "ReduceMean")
    if x.dtype.kind in "biu":
        x = cast(x, mstype.float32)
    axes = _axes(axis, x.ndim)
    n = 1
    for a in axes:
        n *= x.shape[a]
    s = apply(_reduce_sum, (x,), {"axes": axes, "keep": bool(keep_dims), "dtype": x._raw.dtype})
    # the mean of nothing is 0/0 = nan, as numpy (MindSpore 2.10 answers inf: a bug, see DESIGN.md)
    return M.div(s, n) if n != 1 else s


reduce_mean = mean


def _minmax(name, jfn, pick):
    def fwd(x, *, axes, keep):
        return jfn(x, axis=axes, keepdims=keep)

    def bprop(ctx, dout):
        x = ctx.inputs[0]
        axes, keep = ctx.attrs[1]["axes"], ctx.attrs[1]["keep"]
        shape = _kept_shape(x.shape, axes)
        out = ctx.out.reshape(shape)
        d = dout.reshape(shape)
        mask = cast(M.equal(x, out), d.dtype)
        count = apply(_reduce_sum, (mask,), {"axes": axes, "keep": True, "dtype": mask._raw.dtype})
        # ties share the gradient; an integer input's gradient is an integer Tensor (1/5 -> 0, as MindSpore)
        return (cast(M.mul(M.div(mask, count), d), x.dtype),)

    op = Op(name, fwd, bprop)

    def call(x, axis=None, keepdims=False):
        x = tensor_of(x, name)
        axes = _axes(axis, x.ndim)
        if builtins.any(x.shape[a] == 0 for a in axes):
            raise ValueError(f"For '{name}', the input has no element along the reduced axes {list(axes)} "
                             f"(shape {list(x.shape)}): a maximum or minimum of nothing is undefined.")
        return apply(op, (x,), {"axes": axes, "keep": bool(keepdims)})
    return call


amax = _minmax("ReduceMax", jnp.max, None)
amin = _minmax("ReduceMin", jnp.min, None)


def reduce_max(x, axis=(), keep_dims=False):
    return amax(x, axis, keep_dims)


def reduce_min(x, axis=(), keep_dims=False):
    return amin(x, axis, keep_dims)


def _prod_fwd(x, *, axes, keep):
    return jnp.prod(x, axis=axes, keepdims=keep, dtype=x.dtype)  # jnp would widen int8 and uint8


def _prod_bprop(ctx, dout):
    x = ctx.inputs[0]
    axes = ctx.attrs[1]["axes"]
    shape = _kept_shape(x.shape, axes)
    return (M.div(M.mul(broadcast_to(dout.reshape(shape), x.shape), broadcast_to(ctx.out.reshape(shape), x.shape)), x),)


_prod = Op("ReduceProd", _prod_fwd, "vjp")  # jax.vjp handles zero elements


def prod(input, axis=None, keep_dims=False, dtype=None) -> Tensor:
    """``ops.prod``: the product over ``axis`` (all axes by default), computed in ``dtype``; without
    one, bool and integer inputs up to int32 (and uint8) multiply in int64.

    Examples:
        >>> import mindjax as ms
        >>> x = ms.Tensor([[1, 2], [3, 4]], ms.int32)
        >>> y = ms.ops.prod(x, 1)
        >>> print(y, y.dtype)
        [ 2 12] Int64
    """
    x = tensor_of(input, "ReduceProd")
    x = cast(x, dtype if dtype is not None else mstype.to_dtype(_widened(x)))
    return apply(_prod, (x,), {"axes": _axes(axis, x.ndim), "keep": bool(keep_dims)})


def reduce_prod(input, axis=None, keep_dims=False) -> Tensor:
    """The ReduceProd Primitive's computation: the product in the input's own dtype."""
    x = tensor_of(input, "ReduceProd")
    return apply(_prod, (x,), {"axes": _axes(axis, x.ndim), "keep": bool(keep_dims)})


def _arg(name, jfn):
    op = Op(name, lambda x, *, axis, keep, dtype: jfn(x, axis=axis, keepdims=keep).astype(dtype), None)

    def call(input, axis=None, keepdims=False, output_type=None):
        x = tensor_of(input, name)
        dt = mstype.to_dtype(output_type).np if output_type is not None else jnp.int64
        if axis is None:
            x = x.reshape((-1,))
            axis = 0
        return apply(op, (x,), {"axis": check_axis(name, axis, x.ndim), "keep": bool(keepdims), "dtype": dt})
    return call


argmax = _arg("Argmax", jnp.argmax)
argmin = _arg("Argmin", jnp.argmin)


def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.max``: with ``axis`` None the largest element; otherwise (values, indices)."""
    if axis is None:
        return amax(input, None, keepdims)
    return amax(input, axis, keepdims), argmax(input, axis, keepdims)


def min(input, axis=None, keepdims=False, *, initial=None, where=None):
    if axis is None:
        return amin(input, None, keepdims)
    return amin(input, axis, keepdims), argmin(input, axis, keepdims)


def _bool_reduce(name, jfn):
    op = Op(name, lambda x, *, axes, keep: jfn(x.astype(bool), axis=axes, keepdims=keep), None)

    def call(input, axis=None, keep_dims=False):
        x = tensor_of(input, name)
        return apply(op, (x,), {"axes": _axes(axis, x.ndim), "keep": bool(keep_dims)})
    return call


all = _bool_reduce("ReduceAll", jnp.all)
any = _bool_reduce("ReduceAny", jnp.any)
reduce_all, reduce_any = all, any


def var(input, axis=None, ddof=0, keepdims=False) -> Tensor:
    m = mean(input, axis, True)
    d = M.square(M.sub(input, m))
    axes = _axes(axis, input.ndim)
    n = 1
    for a in axes:
        n *= input.shape[a]
    return M.div(sum(d, axes if axes else None, keepdims), builtin_max(n - ddof, 1))


def std(input, axis=None, ddof=0, keepdims=False) -> Tensor:
    return M.sqrt(var(input, axis, ddof, keepdims))


def logsumexp(input, axis=None, keep_dims=False) -> Tensor:
    m = stop_gradient_(amax(input, axis, True))
    s = M.log(sum(M.exp(M.sub(input, m)), axis, True))
    out = M.add(s, m)
    if not keep_dims:
        axes = _axes(axis, input.ndim)
        out = out.reshape(tuple(d for i, d in enumerate(out.shape) if i not in axes))
    return out


def norm(A, ord=None, dim=None, keepdim=False) -> Tensor:
    """``ops.norm``: a vector norm over one axis (or all elements), a matrix norm over two axes (or of a
    2-D input when ``ord`` is given): 'fro', 'nuc', 1, -1, 2, -2, inf, -inf as MindSpore."""
    A = tensor_of(A, "Norm")
    two = isinstance(dim, (tuple, list)) and len(dim) == 2
    if ord is not None and (two or (dim is None and A.ndim == 2)):
        from ._linalg import matrix_norm
        return matrix_norm(A, ord, tuple(dim) if two else (-2, -1), keepdim)
    if ord is None or ord == 2 or ord == "fro":
        return M.sqrt(sum(M.square(A), dim, keepdim))
    if ord == 1:
        return sum(M.abs(A), dim, keepdim)
    if ord == float("inf"):
        return amax(M.abs(A), dim, keepdim)
    return M.pow(sum(M.pow(M.abs(A), ord), dim, keepdim), 1.0 / ord)


def _cumsum_fwd(x, *, axis, reverse):
    if reverse:
        return jnp.flip(jnp.cumsum(jnp.flip(x, axis), axis), axis)
    return jnp.cumsum(x, axis)


def _cumsum_bprop(ctx, dout):
    at = ctx.attrs[1]
    return (apply(_cumsum, (dout,), {"axis": at["axis"], "reverse": not at["reverse"]}),)


_cumsum = Op("CumSum", _cumsum_fwd, _cumsum_bprop)


def cumsum(x, axis, dtype=None) -> Tensor:
    x = tensor_of(x, "CumSum")
    if dtype is not None:
        x = cast(x, dtype)
    return apply(_cumsum, (x,), {"axis": check_axis("CumSum", axis, x.ndim), "reverse": False})


def cumprod(x, dim, dtype=None) -> Tensor:
    """``ops.cumprod``: running products along ``dim``; integer inputs give Int64 (as MindSpore)."""
    x = tensor_of(x, "CumProd")
    if dtype is not None:
        x = cast(x, dtype)
    elif x.dtype.kind in "iu":
        x = cast(x, mstype.int64)
    return _cumprod(x, dim)


_cumprod_op = Op("CumProd", lambda x, *, axis: jnp.cumprod(x, axis), "vjp")  # exact also where x has zeros


def _cumprod(x, dim):
    return apply(_cumprod_op, (x,), {"axis": check_axis("CumProd", dim, x.ndim, "dim")})


def stop_gradient_(x):
    from .array import stop_gradient
    return stop_gradient(x)


import builtins as _b  # noqa: E402
builtin_max = _b.max
