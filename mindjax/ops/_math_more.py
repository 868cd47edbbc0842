"""Elementwise math, special functions, bitwise ops and reductions beyond ops/math.py and ops/reduction.py.

The elementwise special functions and complex ops live in ``_special.py``; this module adds the
cumulative ops, the statistics reductions (median, quantile, nan-reductions, histograms) and
small sequence helpers (trapz, vander)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import cast, check_axis, check_int_tuple, tensor_of
from ._primitive import Op, apply
from . import _special
from ._special import *  # noqa: F401,F403


def _scan_arg(x, axis, better):
    """Running extreme along ``axis`` and the index where it was reached (last one on ties, NaN the extreme)."""
    idx = jax.lax.broadcasted_iota(jnp.int64, x.shape, axis)

    def comb(a, b):
        take = better(b[0], a[0])
        if jnp.issubdtype(x.dtype, jnp.inexact):  # NaN is the extreme (ties: the later index), as MindSpore's kernel
            na, nb = jnp.isnan(a[0]), jnp.isnan(b[0])
            take = nb | (take & ~na)
        return jnp.where(take, b[0], a[0]), jnp.where(take, b[1], a[1])
    return jax.lax.associative_scan(comb, (x, idx), axis=axis)


def _cum_fwd(x, *, axis, is_max, idx_dtype):
    v, i = _scan_arg(x, axis, (lambda b, a: b >= a) if is_max else (lambda b, a: b <= a))
    return v, i.astype(idx_dtype)


_cum = Op("Cummax", _cum_fwd, "vjp", n_out=2)


def cummax(input, axis: int):
    """``ops.cummax``: the running maximum along ``axis`` and its indices (Int64).

    Examples:
        >>> import mindjax as ms
        >>> v, i = ms.ops.cummax(ms.Tensor([1.0, 3.0, 2.0]), 0)
        >>> print(v, i)
        [1. 3. 3.] [0 1 1]
    """
    x = tensor_of(input, "Cummax")
    ax = _cum_axis("Cummax", axis, x.ndim)
    return apply(_cum, (x,), {"axis": ax, "is_max": True, "idx_dtype": np.int64})


def _cum_axis(name, axis, ndim):
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"For '{name}', the 'axis' must be an int, but got {type(axis).__name__}.")
    if not -ndim <= axis < ndim:
        raise ValueError(f"For primitive[{name}], the axis must be in [{-ndim},{ndim}), but got {axis}.")
    return int(axis) % ndim


def cummin_int32(input, axis: int):
    """The running minimum along ``axis`` and its indices as Int32 (``ops.Cummin``'s output)."""
    x = tensor_of(input, "Cummin")
    ax = _cum_axis("Cummin", axis, x.ndim)
    return apply(_cum, (x,), {"axis": ax, "is_max": False, "idx_dtype": np.int32})


def _logcumsumexp_fwd(x, *, axis, exclusive, reverse):
    if exclusive:
        pad = [(0, 0)] * x.ndim
        pad[axis] = (0, 1) if reverse else (1, 0)
        sl = [slice(None)] * x.ndim
        sl[axis] = slice(1, None) if reverse else slice(0, -1)
        # MindSpore starts an exclusive scan from the lowest finite value, not -inf
        x = jnp.pad(x, pad, constant_values=jnp.finfo(x.dtype).min)[tuple(sl)]
    return jax.lax.cumlogsumexp(x, axis=axis, reverse=reverse)


_logcumsumexp = Op("CumulativeLogsumexp", _logcumsumexp_fwd, "vjp")


def logcumsumexp(input, axis: int, exclusive: bool = False, reverse: bool = False) -> Tensor:
    """``ops.logcumsumexp``: log(cumsum(exp(input))) along ``axis``, computed stably."""
    x = tensor_of(input, "CumulativeLogsumexp")
    ax = check_axis("CumulativeLogsumexp", axis, x.ndim)
    return apply(_logcumsumexp, (x,), {"axis": ax, "exclusive": bool(exclusive), "reverse": bool(reverse)})


def _axes(name, axis, ndim):
    if axis is None or axis == () or axis == []:
        return tuple(range(ndim))
    return tuple(sorted({check_axis(name, a, ndim) for a in check_int_tuple(name, axis, "axis")}))


_nanred = Op("NanReduce", lambda x, *, fn, axes, keepdims, dtype: getattr(jnp, fn)(
    x, axis=axes, keepdims=keepdims).astype(dtype), "vjp")


def _nan_reduce(name, fn, input, axis, keepdims, dtype, float_out):
    x = tensor_of(input, name)
    axes = _axes(name, axis, x.ndim)
    dt = mstype.to_dtype(dtype) if dtype is not None else x.dtype
    if float_out and dt.kind in "biu":
        raise TypeError(f"For '{name}', the input must be a float Tensor, but got {x.dtype}.")
    return apply(_nanred, (x,), {"fn": fn, "axes": axes, "keepdims": bool(keepdims), "dtype": dt.np})


def nansum(input, axis=None, keepdims: bool = False, *, dtype=None) -> Tensor:
    """``ops.nansum``: the sum treating NaN as zero."""
    return _nan_reduce("nansum", "nansum", input, axis, keepdims, dtype, False)


def nanmean(input, axis=None, keepdims: bool = False, *, dtype=None) -> Tensor:
    """``ops.nanmean``: the mean of the non-NaN elements."""
    return _nan_reduce("nanmean", "nanmean", input, axis, keepdims, dtype, True)


def _moments_fwd(x, *, axes, ddof, keepdims, std):
    v = jnp.var(x, axis=axes, ddof=ddof, keepdims=keepdims)
    return (jnp.sqrt(v) if std else v), jnp.mean(x, axis=axes, keepdims=keepdims)


_moments = Op("ReduceStd", _moments_fwd, "vjp", n_out=2)


def var_mean(input, axis=None, ddof: int = 0, keepdims: bool = False):
    """``ops.var_mean``: the variance (with ``ddof``) and the mean over ``axis``."""
    x = tensor_of(input, "var_mean")
    return apply(_moments, (x,), {"axes": _axes("var_mean", axis, x.ndim), "ddof": int(ddof),
                                  "keepdims": bool(keepdims), "std": False})


def std_mean(input, axis=None, ddof: int = 0, keepdims: bool = False):
    """``ops.std_mean``: the standard deviation (with ``ddof``) and the mean over ``axis``."""
    x = tensor_of(input, "std_mean")
    return apply(_moments, (x,), {"axes": _axes("std_mean", axis, x.ndim), "ddof": int(ddof),
                                  "keepdims": bool(keepdims), "std": True})


def reduce_std(x, axis=(), unbiased: bool = True, keep_dims: bool = False):
    """``ops.ReduceStd``'s computation: (std, mean) over ``axis`` (all axes when empty)."""
    x = tensor_of(x, "ReduceStd")
    return apply(_moments, (x,), {"axes": _axes("ReduceStd", axis, x.ndim), "ddof": int(bool(unbiased)),
                                  "keepdims": bool(keep_dims), "std": True})


def _median_fwd(x, *, axis, keepdims, nan):
    if axis is None:
        x, axis = x.reshape(-1), 0
    order = jnp.argsort(x, axis=axis, stable=True)
    n = x.shape[axis]
    if nan:  # the median of the non-NaN values; an all-NaN slice gives NaN
        cnt = jnp.sum(~jnp.isnan(x), axis=axis, keepdims=True)
        pos = jnp.maximum((cnt - 1) // 2, 0)
    else:
        pos = jnp.full([1 if i == axis else s for i, s in enumerate(x.shape)], (n - 1) // 2)
        # NaN sorts last in jax; MindSpore (like torch) returns NaN when the slice has one
        has_nan = jnp.any(jnp.isnan(x), axis=axis, keepdims=True) if x.dtype.kind == "f" else None
        if has_nan is not None:
            first_nan = jnp.argmax(jnp.take_along_axis(jnp.isnan(x), order, axis), axis=axis, keepdims=True)
            pos = jnp.where(has_nan, first_nan, pos)
    idx = jnp.take_along_axis(order, pos, axis)
    val = jnp.take_along_axis(x, idx, axis)
    if not keepdims:
        val, idx = jnp.squeeze(val, axis), jnp.squeeze(idx, axis)
    return val, idx.astype(jnp.int64)


_median = Op("Median", _median_fwd, "vjp", n_out=2)


def median(input, axis: int = -1, keepdims: bool = False):
    """``ops.median``: the lower median along ``axis`` and its index (Int64).

    Examples:
        >>> import mindjax as ms
        >>> v, i = ms.ops.median(ms.Tensor([[1.0, 5.0, 3.0]]))
        >>> print(v, i)
        [3.] [2]
    """
    x = tensor_of(input, "Median")
    return apply(_median, (x,), {"axis": check_axis("Median", axis, x.ndim), "keepdims": bool(keepdims),
                                 "nan": False})


def nanmedian(input, axis: int = -1, keepdims: bool = False):
    """``ops.nanmedian``: the lower median of the non-NaN values along ``axis`` and its index."""
    x = tensor_of(input, "nanmedian")
    return apply(_median, (x,), {"axis": check_axis("nanmedian", axis, x.ndim), "keepdims": bool(keepdims),
                                 "nan": True})


def global_median(input, keepdims: bool = False, ignore_nan: bool = False):
    """The median of all elements and its flat index (``ops.Median(global_median=True)``); with
    ``ignore_nan`` the median of the non-NaN elements. An empty input gives a scalar NaN (0 for integer
    dtypes) at index 0, whatever ``keepdims``, as MindSpore's CPU kernel does."""
    x = tensor_of(input, "Median")
    if x.size == 0:
        fill = np.nan if x.dtype.kind == "f" else 0
        return Tensor(np.asarray(fill, x.dtype.np)), Tensor(np.asarray(0, np.int64))
    if keepdims:
        raise RuntimeError("For 'Median', when 'global_median' is True, the 'keep_dims' must be False, but got 1.")
    v, _ = apply(_median, (x,), {"axis": None, "keepdims": False, "nan": bool(ignore_nan)})
    # MindSpore documents the index of a global median as meaningless; its kernel returns 0
    return v, Tensor(np.asarray(0, np.int64))


_quantile = Op("Quantile", lambda x, q, *, axis, keepdims, nan: (jnp.nanquantile if nan else jnp.quantile)(
    x, q, axis=axis, keepdims=keepdims).astype(x.dtype), "vjp")


def _quantile_call(name, input, q, axis, keepdims, nan):
    x = tensor_of(input, name)
    if str(x.dtype) not in ("Float32", "Float64"):
        raise TypeError(f"For '{name}', the dtype of input must be float32 or float64, but got {x.dtype}.")
    if isinstance(q, float):
        if not 0 <= q <= 1:
            raise ValueError(f"For '{name}', the q must be in the range [0, 1], but got {q}.")
        qt = Tensor(np.asarray(q, x.dtype.np))
    else:
        qt = cast(tensor_of(q, name), x.dtype)
        if qt.ndim > 1:
            raise ValueError(f"For '{name}', the input q must be a scalar or 1D tensor, but got dimension = {qt.ndim}.")
    ax = None if axis is None else check_axis(name, axis, x.ndim)
    return apply(_quantile, (x, qt), {"axis": ax, "keepdims": bool(keepdims), "nan": nan})


def quantile(input, q, axis=None, keepdims: bool = False) -> Tensor:
    """``ops.quantile``: the q-th quantiles along ``axis`` (linear interpolation)."""
    return _quantile_call("quantile", input, q, axis, keepdims, False)


def nanquantile(input, q, axis=None, keepdims: bool = False) -> Tensor:
    """``ops.nanquantile``: ``quantile`` ignoring NaN values."""
    return _quantile_call("nanquantile", input, q, axis, keepdims, True)


def _histc_fwd(x, *, bins, lo, hi):
    x = x.astype(jnp.float32).reshape(-1)
    if lo == hi:
        lo_, hi_ = jnp.min(x), jnp.max(x)
        same = lo_ == hi_
        lo_, hi_ = jnp.where(same, lo_ - 1, lo_), jnp.where(same, hi_ + 1, hi_)
    else:
        lo_, hi_ = jnp.float32(lo), jnp.float32(hi)
    inside = (x >= lo_) & (x <= hi_)
    b = jnp.clip(jnp.floor((x - lo_) / (hi_ - lo_) * bins).astype(jnp.int32), 0, bins - 1)
    return jnp.zeros(bins, jnp.float32).at[b].add(inside.astype(jnp.float32))


_histc = Op("Histogram", _histc_fwd, None)


def histc(input, bins: int = 100, min: float = 0.0, max: float = 0.0) -> Tensor:  # noqa: A002
    """``ops.histc``: a histogram of ``bins`` equal bins over [min, max] (the data range when equal)."""
    x = tensor_of(input, "Histogram")
    if isinstance(bins, bool) or not isinstance(bins, int) or bins <= 0:
        raise ValueError(f"For 'Histogram', attr 'bins' must be a positive int, but got {bins}.")
    if min > max:
        raise ValueError(f"For 'Histogram', 'max' must be greater than or equal to 'min', but got {max} < {min}.")
    return apply(_histc, (x,), {"bins": bins, "lo": float(min), "hi": float(max)})


_hist_fixed = Op("HistogramFixedWidth", lambda x, r, *, n, dtype: jnp.zeros(n, dtype).at[jnp.clip(jnp.floor(
    (x.reshape(-1) - r[0]) / (r[1] - r[0]) * n).astype(jnp.int32), 0, n - 1)].add(1), None)


def histogram_fixed_width(x, range, nbins: int, dtype=mstype.int32) -> Tensor:  # noqa: A002
    """Counts of ``x`` in ``nbins`` equal bins over ``range`` [lo, hi]; values outside go to the end bins
    (``ops.HistogramFixedWidth``)."""
    x = tensor_of(x, "HistogramFixedWidth")
    r = cast(tensor_of(range, "HistogramFixedWidth"), x.dtype)
    if r.shape != (2,):
        raise ValueError(f"For 'HistogramFixedWidth', 'range' must have shape (2,), but got {list(r.shape)}.")
    return apply(_hist_fixed, (x, r), {"n": int(nbins), "dtype": mstype.to_dtype(dtype).np})


_bincount = Op("Bincount", lambda x, w, *, n: jnp.zeros(n, w.dtype).at[x].add(w), "vjp")


def bincount(input, weights=None, minlength: int = 0) -> Tensor:
    """``ops.bincount``: how many times each value of a 1-D non-negative int Tensor occurs
    (summing ``weights`` when given). The length is read from the data, as in MindSpore."""
    x = tensor_of(input, "bincount")
    if x.dtype.kind not in "iu" or x.ndim != 1:
        raise TypeError(f"For 'bincount', the input must be a 1-D int Tensor, but got {x.dtype} of rank {x.ndim}.")
    from .._jit.dynamic_break import concrete
    data = concrete("ops.bincount", x)  # under jit: a graph break (the output length depends on the values)
    if data.size and data.min() < 0:
        raise ValueError("For 'bincount', elements of 'input' must be non-negative.")
    n = builtins_max(int(data.max()) + 1 if data.size else 0, int(minlength))
    w = Tensor(np.ones(x.shape, np.float32)) if weights is None else tensor_of(weights, "bincount")
    return apply(_bincount, (x, w), {"n": n})


def builtins_max(a, b):
    return a if a >= b else b


def bincount_size(array, size, weights) -> Tensor:
    """``ops.Bincount()(array, size, weights)``: counts of the values below ``size`` weighted by ``weights``."""
    x, w = tensor_of(array, "Bincount"), tensor_of(weights, "Bincount")
    n = int(np.asarray(tensor_of(size)._data))
    if n < 0:
        raise ValueError(f"For 'Bincount', 'size' must be non-negative, but got {n}.")
    return apply(_bincount, (x, w), {"n": n})


_aminmax = Op("Aminmax", lambda x, *, axis, keepdims: (jnp.min(x, axis=axis, keepdims=keepdims),
                                                       jnp.max(x, axis=axis, keepdims=keepdims)), "vjp", n_out=2)


def aminmax(input, *, axis: int = 0, keepdims: bool = False):
    """``ops.aminmax``: the minimum and the maximum along ``axis``."""
    x = tensor_of(input, "aminmax")
    return apply(_aminmax, (x,), {"axis": check_axis("aminmax", axis, x.ndim), "keepdims": bool(keepdims)})


def _lp_fwd(x, *, axes, p, keepdims, eps):
    if p == 0:
        return jnp.sum(x != 0, axis=axes, keepdims=keepdims).astype(x.dtype)
    if p == float("inf"):
        return jnp.max(jnp.abs(x), axis=axes, keepdims=keepdims)
    if p == float("-inf"):
        return jnp.min(jnp.abs(x), axis=axes, keepdims=keepdims)
    return jnp.sum(jnp.abs(x) ** p, axis=axes, keepdims=keepdims) ** (1.0 / p)


_lp = Op("LpNorm", _lp_fwd, "vjp")


def lp_norm(x, axis, p=2, keep_dims: bool = False, epsilon: float = 1e-12) -> Tensor:
    """The p-norm over ``axis`` (``ops.LpNorm``'s computation)."""
    x = tensor_of(x, "LpNorm")
    return apply(_lp, (x,), {"axes": _axes("LpNorm", axis, x.ndim), "p": float(p), "keepdims": bool(keep_dims),
                             "eps": float(epsilon)})


def _renorm_fwd(x, *, p, axis, maxnorm):
    axes = tuple(i for i in range(x.ndim) if i != axis)
    n = _lp_fwd(x, axes=axes, p=p, keepdims=True, eps=0.0)
    scale = jnp.where(n > maxnorm, maxnorm / (n + 1e-7), 1.0)
    return x * scale.astype(x.dtype)


_renorm = Op("Renorm", _renorm_fwd, "vjp")


def renorm(input, p, axis: int, maxnorm: float) -> Tensor:
    """``ops.renorm``: each slice along ``axis`` whose p-norm exceeds ``maxnorm`` scaled down to it."""
    x = tensor_of(input, "Renorm")
    if not isinstance(p, (int, float)) or p <= 0:
        raise ValueError(f"For 'Renorm', the 'p' must be greater than zero, but got {p}.")
    return apply(_renorm, (x,), {"p": float(p), "axis": check_axis("Renorm", axis, x.ndim),
                                 "maxnorm": float(maxnorm)})


_trapz = Op("Trapz", lambda y, *xs, dx, dim: jnp.trapezoid(y, xs[0] if xs else None, dx=dx, axis=dim), "vjp")


def trapz(y, x=None, *, dx: float = 1.0, dim: int = -1) -> Tensor:
    """``ops.trapz``: the trapezoidal rule along ``dim`` with sample points ``x`` or spacing ``dx``."""
    y = tensor_of(y, "trapz")
    ax = check_axis("trapz", dim, y.ndim, "dim")
    xs = () if x is None else (cast(tensor_of(x, "trapz"), y.dtype),)
    return apply(_trapz, (y,) + xs, {"dx": float(dx), "dim": ax})


_vander = Op("Vander", lambda x, *, n: jnp.vander(x, n), "vjp")


def vander(x, N=None) -> Tensor:
    """``ops.vander``: the Vandermonde matrix of a 1-D Tensor (decreasing powers)."""
    x = tensor_of(x, "vander")
    if x.ndim != 1:
        raise ValueError(f"For 'vander', the input must be a 1-D Tensor, but got {x.ndim}-D.")
    return apply(_vander, (x,), {"n": x.shape[0] if N is None else int(N)})


_sgn_complex = Op("Sgn", lambda x: jnp.where(x == 0, jnp.zeros_like(x), x / jnp.where(x == 0, 1, jnp.abs(x))),
                  "vjp")


def sgn(input) -> Tensor:
    """``ops.sgn``: ``x / |x|`` for complex inputs (0 at 0), the sign for real ones.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.ops.sgn(ms.Tensor(np.array([3 + 4j, 0], np.complex64))))
        [0.6+0.8j 0. +0.j ]
    """
    x = tensor_of(input, "Sgn")
    if x.dtype in (mstype.complex64, mstype.complex128):
        return apply(_sgn_complex, (x,), {})
    return _special.sgn(x)


__all__ = list(_special.__all__) + [
    "cummax", "logcumsumexp", "nansum", "nanmean", "var_mean", "std_mean", "median", "nanmedian", "quantile",
    "nanquantile", "histc", "bincount", "aminmax", "renorm", "trapz", "vander"]
