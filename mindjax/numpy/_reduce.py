"""``mindspore.numpy`` reductions and scans (re-exported by math_ops) over ``mindjax.ops``."""
from __future__ import annotations

import numpy as onp

from .. import _dtype as mstype
from .. import ops
from .._tensor import Tensor
from .utils import to_tensor, to_float, norm_axis, to_dtype


def _check_keepdims(keepdims):
    if not isinstance(keepdims, (bool, onp.bool_)):
        raise TypeError(f"For 'ReduceMean', the 'keep_dims' must be bool, but got {type(keepdims)}.")


def _axes(a: Tensor, axis) -> tuple:
    return norm_axis(axis, a.ndim)


def _count(a: Tensor, axes: tuple) -> int:
    return int(onp.prod([a.shape[i] for i in axes])) if axes else 1


def _dt(res: Tensor, dtype) -> Tensor:
    dt = to_dtype(dtype)
    return ops.cast(res, dt) if dt is not None else res


def _keep(res: Tensor, a: Tensor, axes: tuple, keepdims: bool) -> Tensor:
    if keepdims:
        return ops.reshape(res, tuple(1 if i in axes else s for i, s in enumerate(a.shape)))
    return res


def sum_(a, axis=None, dtype=None, keepdims=False, initial=None) -> Tensor:
    """The sum over ``axis``; bool and int inputs sum to int64 (MindSpore's rule).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.sum(np.array([[1, 2], [3, 4]]), 1))
        [3 7]
    """
    a = to_tensor(a)
    _check_keepdims(keepdims)
    axes = _axes(a, axis)
    if a.dtype.kind in "iub":
        a = ops.cast(a, mstype.int64)
    res = ops.sum(a, axes, keepdims) if axes else (ops.identity(a) if not keepdims else a)
    if initial is not None:
        res = res + initial
    return _dt(res, dtype)


def mean(a, axis=None, keepdims=False, dtype=None) -> Tensor:
    """The arithmetic mean over ``axis``; an int input keeps its dtype (the mean truncated, as in MindSpore).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.mean(np.array([1., 2.])))
        1.5
    """
    a = to_tensor(a)
    _check_keepdims(keepdims)
    axes = _axes(a, axis)
    res = ops.mean(to_float(a), axes, keepdims) if axes else to_float(a)
    if a.dtype.kind in "iu":
        res = ops.cast(res, a.dtype)
    return _dt(res, dtype)


def var(x, axis=None, ddof=0, keepdims=False) -> Tensor:
    """The variance over ``axis`` with ``ddof`` delta degrees of freedom (float32 for ints).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.var(np.array([1., 3.])))
        1.0
    """
    x = to_tensor(x)
    _check_keepdims(keepdims)
    axes = _axes(x, axis)
    center = to_float(mean(x, axes, True))  # an int input's mean is truncated first, as in MindSpore
    x = to_float(x)
    dev = x - center
    return ops.sum(dev * dev, axes, keepdims) / float(max(_count(x, axes) - ddof, 0))


def std(x, axis=None, ddof=0, keepdims=False) -> Tensor:
    """The standard deviation over ``axis``.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.std(np.array([1., 3.])))
        1.0
    """
    return ops.sqrt(var(x, axis, ddof, keepdims))


def average(x, axis=None, weights=None, returned=False):
    """The (weighted) average over ``axis``; with ``returned``, also the sum of the weights.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.average(np.array([1., 3.]), weights=np.array([3., 1.])))
        1.5
    """
    x = to_tensor(x)
    axes = _axes(x, axis)
    if weights is None:
        res = mean(x, axis)
        wsum = ops.full(res.shape, float(_count(x, axes)), dtype=res.dtype if res.dtype.kind == "f" else mstype.float32)
    else:
        w = to_float(to_tensor(weights))
        xf = to_float(x)
        if w.shape != x.shape:
            if axis is None or w.ndim != 1 or len(axes) != 1 or w.shape[0] != x.shape[axes[0]]:
                raise ValueError("Shape of weights must be consistent with shape of x along specified axis.")
            w = ops.reshape(w, tuple(w.shape[0] if i == axes[0] else 1 for i in range(x.ndim)))
        w = ops.broadcast_to(w, x.shape)
        wsum = ops.sum(w, axes)
        res = ops.sum(xf * w, axes) / wsum
    if returned:
        return res, ops.broadcast_to(ops.cast(wsum, res.dtype), res.shape)
    return res


def _minmax(fn, fill, a, axis, keepdims, initial, where):
    a = to_tensor(a)
    if initial is not None and not isinstance(initial, (int, float, bool, Tensor)):
        raise TypeError("initial must be scalar")
    axes = _axes(a, axis)
    if where is not None:
        if initial is None:
            raise ValueError("initial value must be provided if where is given")
        w = ops.broadcast_to(ops.cast(to_tensor(where), mstype.bool_), a.shape)
        a = ops.where(w, a, ops.full_like(a, fill(a.dtype)))
    res = fn(a, axes, keepdims) if axes else a
    if initial is not None:
        init = Tensor(onp.asarray(initial, a.dtype.np), a.dtype)
        res = (ops.maximum if fn is ops.amax else ops.minimum)(res, init)
    return res


def _lowest(dt):
    return -onp.inf if dt.kind == "f" else onp.iinfo(dt.np).min


def _highest(dt):
    return onp.inf if dt.kind == "f" else onp.iinfo(dt.np).max


def amax(a, axis=None, keepdims=False, initial=None, where=None) -> Tensor:
    """The maximum over ``axis`` (``initial`` joins the comparison; ``where`` masks elements).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.amax(np.array([[1, 5], [3, 2]]), 0))
        [3 5]
    """
    return _minmax(ops.amax, _lowest, a, axis, keepdims, initial, where)


def amin(a, axis=None, keepdims=False, initial=None, where=None) -> Tensor:
    """The minimum over ``axis`` (``initial`` joins the comparison; ``where`` masks elements).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.amin(np.array([[1, 5], [3, 2]]), 0))
        [1 2]
    """
    return _minmax(ops.amin, _highest, a, axis, keepdims, initial, where)


def ptp(x, axis=None, keepdims=False) -> Tensor:
    """The range (max - min) over ``axis``.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.ptp(np.array([4., 9., 2.])))
        7.0
    """
    return amax(x, axis, keepdims) - amin(x, axis, keepdims)


def _nan_zero(a: Tensor, value=0.0):
    if a.dtype.kind != "f":
        return a, None
    nan = ops.isnan(a)
    return ops.where(nan, ops.full_like(a, value), a), nan


def nansum(a, axis=None, dtype=None, keepdims=False) -> Tensor:
    """The sum ignoring NaNs.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.nansum(np.array([1., np.nan, 2.])))
        3.0
    """
    a = to_tensor(a)
    axes = _axes(a, axis)
    z, _ = _nan_zero(a)
    # MindSpore's numpy sums keep the input's dtype (its ReduceSum), where ops.sum widens ints to int64
    return _dt(ops.cast(ops.sum(z, axes, keepdims), z.dtype), dtype)


def _nan_count(a, axes, keepdims):
    _, nan = _nan_zero(a)
    if nan is None:
        return ops.full(ops.sum(a, axes, keepdims).shape, float(_count(a, axes)), dtype=mstype.float32)
    return ops.sum(ops.cast(ops.logical_not(nan), a.dtype), axes, keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False) -> Tensor:
    """The mean ignoring NaNs (NaN where every element is NaN).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.nanmean(np.array([1., np.nan, 2.])))
        1.5
    """
    a = to_float(to_tensor(a))
    axes = _axes(a, axis)
    z, _ = _nan_zero(a)
    return _dt(ops.sum(z, axes, keepdims) / _nan_count(a, axes, keepdims), dtype)


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False) -> Tensor:
    """The variance ignoring NaNs.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.nanvar(np.array([1., np.nan, 3.])))
        1.0
    """
    a = to_float(to_tensor(a))
    axes = _axes(a, axis)
    m = nanmean(a, axis, keepdims=True)
    z, nan = _nan_zero(a - m)
    n = _nan_count(a, axes, keepdims)
    return _dt(ops.sum(z * z, axes, keepdims) / (n - ddof), dtype)


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False) -> Tensor:
    """The standard deviation ignoring NaNs.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.nanstd(np.array([1., np.nan, 3.])))
        1.0
    """
    return ops.sqrt(nanvar(a, axis, dtype, ddof, keepdims))


def nanmax(a, axis=None, dtype=None, keepdims=False) -> Tensor:
    """The maximum ignoring NaNs (NaN where every element is NaN).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.nanmax(np.array([1., np.nan, 2.])))
        2.0
    """
    a = to_tensor(a)
    axes = _axes(a, axis)
    z, nan = _nan_zero(a, -onp.inf)
    res = ops.amax(z, axes, keepdims)
    if nan is not None:
        res = ops.where(ops.reduce_all(nan, axes, keepdims), ops.full_like(res, onp.nan), res)
    return _dt(res, dtype)


def nanmin(a, axis=None, dtype=None, keepdims=False) -> Tensor:
    """The minimum ignoring NaNs (NaN where every element is NaN).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.nanmin(np.array([1., np.nan, 2.])))
        1.0
    """
    a = to_tensor(a)
    axes = _axes(a, axis)
    z, nan = _nan_zero(a, onp.inf)
    res = ops.amin(z, axes, keepdims)
    if nan is not None:
        res = ops.where(ops.reduce_all(nan, axes, keepdims), ops.full_like(res, onp.nan), res)
    return _dt(res, dtype)


def _scan(fn, a, axis, dtype):
    a = to_tensor(a)
    if axis is None:
        a, axis = ops.reshape(a, (-1,)), 0
    axis = norm_axis(axis, a.ndim)[0]
    if a.dtype == mstype.bool_:
        a = ops.cast(a, mstype.int32)
    dt = to_dtype(dtype)
    if dt is not None:
        a = ops.cast(a, dt)
    return ops.cast(fn(a, axis), a.dtype)  # the input's dtype (ops may widen ints)


def cumsum(a, axis=None, dtype=None) -> Tensor:
    """The cumulative sum along ``axis`` (of the flattened input when None).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.cumsum(np.array([1, 2, 3])))
        [1 3 6]
    """
    return _scan(ops.cumsum, a, axis, dtype)


def nancumsum(a, axis=None, dtype=None) -> Tensor:
    """The cumulative sum with NaNs counted as zero.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.nancumsum(np.array([1., np.nan, 2.])))
        [1. 1. 3.]
    """
    z, _ = _nan_zero(to_tensor(a))
    return _scan(ops.cumsum, z, axis, dtype)


def cumprod(a, axis=None, dtype=None) -> Tensor:
    """The cumulative product along ``axis`` (of the flattened input when None).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.cumprod(np.array([1, 2, 3])))
        [1 2 6]
    """
    a = to_tensor(a)
    if axis is not None and (not isinstance(axis, int) or isinstance(axis, bool)):
        raise TypeError(f"integer axis is expected, but got {axis}")
    if axis is None:
        a, axis = ops.reshape(a, (-1,)), 0
    axis = norm_axis(axis, a.ndim)[0]
    src = a.dtype
    # MindSpore multiplies in float32 (float64 stays) and widens small ints: int8/int16/bool -> int32,
    # uint8/uint16 -> uint32, so products do not wrap at the input's width.
    if dtype is None:
        dt = {mstype.int8: mstype.int32, mstype.int16: mstype.int32, mstype.bool_: mstype.int32,
              mstype.uint8: mstype.uint32, mstype.uint16: mstype.uint32}.get(src, src)
    else:
        dt = to_dtype(dtype)
    work = a if src == mstype.float64 else ops.cast(a, mstype.float32)
    return ops.cast(ops.cumprod(work, axis), dt)


def _arg(fn, a, axis, dt):
    a = to_tensor(a)
    if axis is None:
        a, axis = ops.reshape(a, (-1,)), 0
    axis = norm_axis(axis, a.ndim)[0]
    return ops.cast(fn(a, axis), dt)


def argmax(a, axis=None) -> Tensor:
    """The index of the maximum along ``axis`` (of the flattened input when None), int64.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.argmax(np.array([1., 3., 2.])))
        1
    """
    return _arg(ops.argmax, a, axis, mstype.int64)


def argmin(a, axis=None) -> Tensor:
    """The index of the minimum along ``axis`` (of the flattened input when None), int32 as in MindSpore.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.argmin(np.array([1., 3., 0.])))
        2
    """
    return _arg(ops.argmin, a, axis, mstype.int32)


def count_nonzero(x, axis=None, keepdims=False) -> Tensor:
    """The number of non-zero elements over ``axis`` (int32).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.count_nonzero(np.array([0, 1, 2])))
        2
    """
    x = to_tensor(x)
    if x.dtype == mstype.bool_:
        raise TypeError("The 'input x' doesn't support 'Bool' and expect to receive an int or float Tensor.")
    axes = _axes(x, axis)
    nz = ops.cast(ops.not_equal(x, 0), mstype.int32)
    return ops.cast(ops.sum(nz, axes, keepdims), mstype.int32) if axes else nz
