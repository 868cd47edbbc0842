"""Pooling with indices, unpooling, adaptive max pooling, Lp pooling, im2col/col2im and the 3-D
convolution functions.

Max pooling with indices gathers every window (the window index table is built with numpy at
trace time from the static shapes), takes the max and the argmax over the window axis; the
indices are flat positions in the input's spatial plane, as MindSpore returns them.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply
from . import _nn3d_ops as N3
from . import math as M

__all__ = ["max_pool3d", "avg_pool1d", "avg_pool3d", "adaptive_avg_pool1d", "adaptive_avg_pool3d",
           "adaptive_max_pool1d", "adaptive_max_pool3d", "lp_pool1d", "lp_pool2d", "max_unpool1d", "max_unpool2d",
           "max_unpool3d", "fold", "unfold", "conv3d", "conv3d_transpose", "adaptive_max_pool2d"]


def _tuple(name, arg, v, n, allow_zero=False):
    t = (v,) * n if isinstance(v, int) and not isinstance(v, bool) else tuple(v) if isinstance(v, (tuple, list)) \
        else None
    if t is None or len(t) != n or not all(isinstance(e, int) and not isinstance(e, bool) for e in t) \
            or any(e < (0 if allow_zero else 1) for e in t):
        kind = "non-negative" if allow_zero else "positive"
        raise ValueError(f"For '{name}', the '{arg}' must be a {kind} int or a tuple of {n} {kind} ints, but got {v}.")
    return t


# ---- window tables -------------------------------------------------------------------------------------
def _axis_windows(n, k, s, d, lo, ceil):
    eff = d * (k - 1) + 1
    span = n + 2 * lo - eff
    out = (-(-span // s) if ceil else span // s) + 1
    if ceil and (out - 1) * s >= n + lo:
        out -= 1
    taps = np.arange(out)[:, None] * s - lo + np.arange(k)[None, :] * d
    return taps, (taps >= 0) & (taps < n)


def _adaptive_windows(n, o):
    starts = (np.arange(o) * n) // o
    ends = -(-((np.arange(o) + 1) * n) // o)
    k = int((ends - starts).max())
    taps = starts[:, None] + np.arange(k)[None, :]
    return np.minimum(taps, n - 1), taps < ends[:, None]


def _combine(spatial, per_axis):
    """Flat spatial indices (out..., K) and validity of the windows given per axis."""
    idx, valid = None, None
    strides = np.cumprod((1,) + tuple(spatial[::-1]))[::-1][1:]
    for ax, (taps, ok) in enumerate(per_axis):
        shape_o = [1] * len(per_axis)
        shape_o[ax] = taps.shape[0]
        shape_k = [1] * len(per_axis)
        shape_k[ax] = taps.shape[1]
        t = np.clip(taps, 0, spatial[ax] - 1).reshape(shape_o + shape_k) * strides[ax]
        m = ok.reshape(shape_o + shape_k)
        idx = t if idx is None else idx + t
        valid = m if valid is None else valid & m
    nd = len(per_axis)
    out_shape = idx.shape[:nd]
    return idx.reshape(out_shape + (-1,)), valid.reshape(out_shape + (-1,))


def _max_with_idx_fwd(x, *, windows):
    spatial = x.shape[2:]
    idx, valid = _combine(spatial, windows)
    flat = x.reshape(x.shape[:2] + (-1,))
    vals = jnp.take(flat, jnp.asarray(idx.reshape(-1)), axis=2).reshape(x.shape[:2] + idx.shape)
    low = -jnp.inf if x.dtype.kind == "f" else jnp.iinfo(x.dtype).min
    vals = jnp.where(jnp.asarray(valid), vals, low)
    arg = jnp.argmax(vals, axis=-1)
    out = jnp.take_along_axis(vals, arg[..., None], -1)[..., 0]
    pos = jnp.take_along_axis(jnp.broadcast_to(jnp.asarray(idx), vals.shape), arg[..., None], -1)[..., 0]
    return out, pos


def _freeze(windows):
    # numpy tables as nested tuples, so that they can key the kernel cache
    return tuple((tuple(map(tuple, t.tolist())), tuple(map(tuple, ok.tolist()))) for t, ok in windows)


def _thaw(windows):
    return tuple((np.asarray(t), np.asarray(ok, bool)) for t, ok in windows)


def _thaw_fwd(x, *, windows):
    return _max_with_idx_fwd(x, windows=_thaw(windows))


def _max_idx_grad_fwd(pos, d, *, windows, shape):
    """The input gradient: each output's gradient added at its argmax (``pos``, a flat position in
    the spatial plane); outputs whose window lies wholly in the padding get none, as the derived
    gradient of the forward's ``where`` gives."""
    spatial = shape[2:]
    _, valid = _combine(spatial, _thaw(windows))
    d = jnp.where(jnp.asarray(valid.any(-1)), d, jnp.zeros((), d.dtype))
    n, c = shape[:2]
    flat = jnp.zeros((n, c, int(np.prod(spatial))), d.dtype)
    flat = flat.at[jnp.arange(n)[:, None, None], jnp.arange(c)[None, :, None], pos.reshape(n, c, -1)].add(
        d.reshape(n, c, -1))
    return flat.reshape(shape)


# (its own gradient, for grad of grad, is derived: a masked gather of dd at pos)
_max_idx_grad = Op("MaxPoolGradWithArgmax", _max_idx_grad_fwd, "vjp")


def _max_idx_bprop(ctx, dout):
    # the gradient is a scatter of dout at the saved argmax: one update per output, where the derived
    # gradient scattered every window's k*k values (4x slower at 8x64x112x112, 3x3/2)
    x, pos = ctx.inputs[0], ctx.out_tensor(1)
    return (apply(_max_idx_grad, (pos, dout[0]), {"windows": ctx.attrs[1]["windows"], "shape": tuple(x.shape)}),)


_max_idx = Op("MaxPoolWithArgmax", _thaw_fwd, _max_idx_bprop, n_out=2, saves=(False, True))


def pool_max_indices(x: Tensor, kernel, stride, pads, dilation, ceil_mode):
    nd = x.ndim - 2
    wins = [_axis_windows(n, k, s, d, p, ceil_mode) for n, k, s, d, p in
            zip(x.shape[2:], kernel, stride, dilation, pads)]
    del nd
    return apply(_max_idx, (x,), {"windows": _freeze(wins)})


def adaptive_max_indices(x: Tensor, out):
    wins = [_adaptive_windows(n, o) for n, o in zip(x.shape[x.ndim - len(out):], out)]
    return apply(_max_idx, (x,), {"windows": _freeze(wins)})


# ---- functional pooling ---------------------------------------------------------------------------------
def _nc(name, x, nd):
    x = tensor_of(x, name)
    if x.ndim not in (nd + 1, nd + 2):
        raise ValueError(f"For '{name}', the input must be a {nd + 1}-D or {nd + 2}-D Tensor, but got {x.ndim}-D.")
    return x


def _batched(x, nd, fn):
    from . import array as A
    if x.ndim == nd + 1:
        out = fn(A.expand_dims(x, 0))
        return tuple(A.squeeze(o, 0) for o in out) if isinstance(out, tuple) else A.squeeze(out, 0)
    return fn(x)


def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """``ops.max_pool3d``: 3-D max pooling of (N, C, D, H, W) input; with ``return_indices`` also the flat
    D*H*W positions of the maxima (int64)."""
    x = _nc("MaxPool3D", x, 3)
    k = _tuple("MaxPool3D", "kernel_size", kernel_size, 3)
    s = _tuple("MaxPool3D", "stride", stride if stride is not None else kernel_size, 3)
    p = _tuple("MaxPool3D", "padding", padding, 3, True)
    d = _tuple("MaxPool3D", "dilation", dilation, 3)
    out, pos = _batched(x, 3, lambda t: pool_max_indices(t, k, s, p, d, ceil_mode))
    return (out, pos) if return_indices else out


def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True) -> Tensor:
    """``ops.avg_pool1d``: 1-D average pooling of (N, C, L) input."""
    x = _nc("AvgPool1D", input_x, 1)
    k, s = _tuple("AvgPool1D", "kernel_size", kernel_size, 1), _tuple("AvgPool1D", "stride", stride, 1)
    p = _tuple("AvgPool1D", "padding", padding, 1, True)
    return _batched(x, 1, lambda t: N3.pool_nd(t, "avg", k, s, "pad", ((p[0], p[0]),), None, ceil_mode,
                                               count_include_pad))


def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0) -> Tensor:
    """``ops.avg_pool3d``: 3-D average pooling of (N, C, D, H, W) input."""
    x = _nc("AvgPool3D", input_x, 3)
    k, s = _tuple("AvgPool3D", "kernel_size", kernel_size, 3), _tuple("AvgPool3D", "stride", stride, 3)
    p = _tuple("AvgPool3D", "padding", padding, 6, True) if isinstance(padding, (tuple, list)) and \
        len(padding) == 6 else tuple(x for x in _tuple("AvgPool3D", "padding", padding, 3, True) for _ in (0, 1))
    pairs = ((p[0], p[1]), (p[2], p[3]), (p[4], p[5]))
    return _batched(x, 3, lambda t: N3.pool_nd(t, "avg", k, s, "pad", pairs, None, ceil_mode, count_include_pad,
                                               divisor_override))


def _divisible(name, x, o):
    if x.shape[-1] % o[0]:
        raise ValueError(f"For {name} input's last dimension must be divisible by output size {o[0]}, but got "
                         f"{x.shape[-1]}.")


def adaptive_avg_pool1d(input, output_size) -> Tensor:
    """``ops.adaptive_avg_pool1d``: (N, C, L) averaged to ``output_size`` bins (L a multiple of it)."""
    x = _nc("AdaptiveAvgPool1D", input, 1)
    o = _tuple("AdaptiveAvgPool1D", "output_size", output_size, 1)
    _divisible("adaptive_avg_pool1d", x, o)
    return N3.adaptive_avg_pool_nd(x, o)


def _out_size(name, x, output_size, nd):
    t = (output_size,) * nd if isinstance(output_size, int) else tuple(output_size)
    if len(t) != nd:
        raise ValueError(f"For '{name}', the 'output_size' must have {nd} elements, but got {output_size}.")
    return tuple(x.shape[x.ndim - nd + i] if o is None else o for i, o in enumerate(t))


def adaptive_avg_pool3d(input, output_size) -> Tensor:
    """``ops.adaptive_avg_pool3d``: the last three axes averaged to ``output_size`` bins (None keeps a size)."""
    x = _nc("AdaptiveAvgPool3D", input, 3)
    return N3.adaptive_avg_pool_nd(x, _out_size("AdaptiveAvgPool3D", x, output_size, 3))


def adaptive_max_pool1d(input, output_size) -> Tensor:
    """``ops.adaptive_max_pool1d``: (N, C, L) max-pooled to ``output_size`` bins."""
    x = _nc("AdaptiveMaxPool1D", input, 1)
    o = _tuple("AdaptiveMaxPool1D", "output_size", output_size, 1)
    _divisible("adaptive_max_pool1d", x, o)
    return _batched(x, 1, lambda t: adaptive_max_indices(t, o))[0]


def adaptive_max_pool2d(input, output_size, return_indices: bool = False):
    """``ops.adaptive_max_pool2d``: the last two axes of (N, C, H, W) or (C, H, W) max-pooled to ``output_size``
    bins (an int, or a pair whose None keeps that size); bin i covers [floor(i * H / oh), ceil((i + 1) * H / oh)),
    so bins overlap when the sizes do not divide. With ``return_indices`` also the int64 flat H * W position of
    each maximum in its plane.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3))
        >>> print(ms.ops.adaptive_max_pool2d(x, 2))
        [[[[4. 5.]
           [7. 8.]]]]
    """
    x = _nc("AdaptiveMaxPool2D", input, 2)
    o = _out_size("AdaptiveMaxPool2D", x, output_size, 2)
    if any(not isinstance(v, int) or v <= 0 for v in o):
        raise ValueError(f"For 'AdaptiveMaxPool2D', the 'output_size' must be positive ints or None, but got "
                         f"{output_size}.")
    out, pos = _batched(x, 2, lambda t: adaptive_max_indices(t, o))
    from ._base import cast
    return (out, cast(pos, mstype.int64)) if return_indices else out


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """``ops.adaptive_max_pool3d``: the last three axes max-pooled to ``output_size`` bins; with
    ``return_indices`` also the flat positions of the maxima."""
    x = _nc("AdaptiveMaxPool3D", input, 3)
    o = _out_size("AdaptiveMaxPool3D", x, output_size, 3)
    out, pos = _batched(x, 3, lambda t: adaptive_max_indices(t, o))
    from ._base import cast
    return (out, cast(pos, mstype.int32)) if return_indices else out


def _lp(name, x, norm_type, kernel_size, stride, ceil_mode, nd):
    x = _nc(name, x, nd)
    k = _tuple(name, "kernel_size", kernel_size, nd)
    s = _tuple(name, "stride", stride if stride is not None else kernel_size, nd)
    p = float(norm_type)
    xp = M.pow(x, p)
    # MindSpore scales the average by the full window size (also for the partial windows of ceil_mode)
    avg = _batched(xp, nd, lambda t: N3.pool_nd(t, "avg", k, s, "valid", None, None, ceil_mode, True))
    summed = M.mul(avg, float(np.prod(k)))
    # sign(s) * relu(|s|) ** (1 / p), as PyTorch and MindSpore
    return M.pow(M.mul(M.sign(summed), M.maximum(M.abs(summed), 0.0)), 1.0 / p)


def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False) -> Tensor:
    """``ops.lp_pool1d``: (sum over each window of x ** p) ** (1 / p) on (N, C, L) input."""
    return _lp("LPPool1d", x, norm_type, kernel_size, stride, ceil_mode, 1)


def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False) -> Tensor:
    """``ops.lp_pool2d``: (sum over each window of x ** p) ** (1 / p) on (N, C, H, W) input."""
    return _lp("LPPool2d", x, norm_type, kernel_size, stride, ceil_mode, 2)


# ---- unpooling --------------------------------------------------------------------------------------------
def _unpool_fwd(x, idx, *, out):
    n, c = x.shape[:2]
    flat = jnp.zeros((n, c, int(np.prod(out))), x.dtype)
    rows = jnp.arange(n)[:, None, None], jnp.arange(c)[None, :, None]
    flat = flat.at[rows[0], rows[1], idx.reshape(n, c, -1)].set(x.reshape(n, c, -1))
    return flat.reshape((n, c) + tuple(out))


_unpool = Op("MaxUnpool", _unpool_fwd, "vjp")


def max_unpool_nd(name, x, indices, kernel_size, stride, padding, output_size, nd):
    x = _nc(name, x, nd)
    idx = tensor_of(indices, name)
    if idx.shape != x.shape:
        raise ValueError(f"For '{name}', the shape of 'indices' must be the shape of 'x' {list(x.shape)}, but got "
                         f"{list(idx.shape)}.")
    if idx.dtype.kind not in "iu":
        raise TypeError(f"For '{name}', the 'indices' must be an int32 or int64 Tensor, but got {idx.dtype}.")
    k = _tuple(name, "kernel_size", kernel_size, nd)
    s = _tuple(name, "stride", stride if stride is not None and stride != 0 else kernel_size, nd)
    p = _tuple(name, "padding", padding, nd, True)
    default = tuple((i - 1) * st - 2 * pp + kk for i, st, pp, kk in zip(x.shape[x.ndim - nd:], s, p, k))
    if output_size is not None and len(output_size) > 0:
        out = tuple(output_size)[-nd:]
        for o, dflt, st in zip(out, default, s):
            if not dflt - st < o < dflt + st:
                raise ValueError(f"For '{name}', the 'output_size' {tuple(output_size)} must be between the default "
                                 f"output size {default} minus and plus 'stride' {s}.")
    else:
        out = default
    return _batched(x, nd, lambda t: apply(_unpool, (t, idx if idx.ndim == t.ndim else
                                                       __import__("mindjax").ops.expand_dims(idx, 0)),
                                           {"out": tuple(out)}))


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None) -> Tensor:
    """``ops.max_unpool1d``: the inverse of max_pool1d: ``x`` placed at ``indices`` of a zero (N, C, L_out)."""
    return max_unpool_nd("MaxUnpool1D", x, indices, kernel_size, stride, padding, output_size, 1)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None) -> Tensor:
    """``ops.max_unpool2d``: the inverse of max_pool2d: ``x`` placed at ``indices`` of a zero (N, C, H, W)."""
    return max_unpool_nd("MaxUnpool2D", x, indices, kernel_size, stride, padding, output_size, 2)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None) -> Tensor:
    """``ops.max_unpool3d``: the inverse of max_pool3d."""
    return max_unpool_nd("MaxUnpool3D", x, indices, kernel_size, stride, padding, output_size, 3)


# ---- im2col / col2im ------------------------------------------------------------------------------------------
def _unfold_fwd(x, *, k, d, p, s):
    patches = jax.lax.conv_general_dilated_patches(x, k, s, tuple((q, q) for q in p), rhs_dilation=d,
                                                   dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return patches.reshape(x.shape[0], patches.shape[1], -1)


def _fold_fwd(cols, *, out, k, d, p, s):
    n, ck, _ = cols.shape
    c = ck // (k[0] * k[1])
    zero = jnp.zeros((n, c) + tuple(out), cols.dtype)
    _, vjp = jax.vjp(lambda t: _unfold_fwd(t, k=k, d=d, p=p, s=s), zero)
    return vjp(cols)[0]


_unfold = Op("Im2Col", _unfold_fwd, "vjp")
_fold = Op("Col2Im", _fold_fwd, "vjp")


def unfold(input, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """``ops.unfold``: the sliding (kernel) blocks of (N, C, H, W) input as columns, (N, C * kh * kw, L)."""
    x = tensor_of(input, "Im2Col")
    if x.ndim != 4:
        raise ValueError(f"For 'Im2Col', the input must be a 4-D Tensor, but got {x.ndim}-D.")
    attrs = {"k": _tuple("Im2Col", "kernel_size", kernel_size, 2), "d": _tuple("Im2Col", "dilation", dilation, 2),
             "p": _tuple("Im2Col", "padding", padding, 2, True), "s": _tuple("Im2Col", "stride", stride, 2)}
    return apply(_unfold, (x,), attrs)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """``ops.fold``: the inverse of unfold: (N, C * kh * kw, L) columns summed back into (N, C, H, W)."""
    x = tensor_of(input, "Col2Im")
    if isinstance(output_size, Tensor):
        output_size = tuple(int(v) for v in np.asarray(output_size._data).reshape(-1))
    if isinstance(output_size, (tuple, list)) and any(isinstance(v, int) and v < 0 for v in output_size):
        raise ValueError(f"For 'Col2Im', the value of 'output_size' must not be negative, but got "
                         f"{list(output_size)}.")
    out = _tuple("Col2Im", "output_size", output_size, 2)
    k = _tuple("Col2Im", "kernel_size", kernel_size, 2)
    d, p, s = (_tuple("Col2Im", "dilation", dilation, 2), _tuple("Col2Im", "padding", padding, 2, True),
               _tuple("Col2Im", "stride", stride, 2))
    if x.ndim != 3 or x.shape[1] % (k[0] * k[1]):
        raise ValueError(f"For 'Col2Im', the input must be (N, C * {k[0] * k[1]}, L), but got {list(x.shape)}.")
    blocks = [(o + 2 * q - dd * (kk - 1) - 1) // ss + 1 for o, q, dd, kk, ss in zip(out, p, d, k, s)]
    if blocks[0] * blocks[1] != x.shape[2]:
        raise ValueError(f"For 'Col2Im', the length of the last axis {x.shape[2]} must be the number of blocks "
                         f"{blocks[0] * blocks[1]}.")
    return apply(_fold, (x,), {"out": out, "k": k, "d": d, "p": p, "s": s})


# ---- 3-D convolution functions -----------------------------------------------------------------------------
def _conv_pads(name, pad_mode, padding, nd, spatial=None, kernel=None, stride=None, dilation=None):
    if pad_mode not in ("same", "valid", "pad"):
        raise ValueError(f"For '{name}', the 'pad_mode' must be one of ['same', 'valid', 'pad'], but got "
                         f"'{pad_mode}'.")
    if pad_mode == "valid":
        return ((0, 0),) * nd
    if pad_mode == "same":
        return N3.same_pads(spatial, kernel, stride, dilation)
    p = (padding,) * (2 * nd) if isinstance(padding, int) else tuple(padding)
    if len(p) == nd:
        p = tuple(q for q in p for _ in (0, 1))
    return tuple((p[2 * i], p[2 * i + 1]) for i in range(nd))


def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1) -> Tensor:
    """``ops.conv3d``: 3-D convolution of (N, C, D, H, W) input with (O, C / groups, kd, kh, kw) weights."""
    x, w = tensor_of(input, "Conv3D"), tensor_of(weight, "Conv3D")
    if x.ndim != 5 or w.ndim != 5:
        raise ValueError(f"For 'Conv3D', the input and weight must be 5-D, but got {x.ndim}-D and {w.ndim}-D.")
    if x.shape[1] != w.shape[1] * groups:
        raise ValueError(f"For 'Conv3D', the input channels {x.shape[1]} must equal weight channels {w.shape[1]} * "
                         f"groups {groups}.")
    s, d = _tuple("Conv3D", "stride", stride, 3), _tuple("Conv3D", "dilation", dilation, 3)
    pads = _conv_pads("Conv3D", pad_mode, padding, 3, x.shape[2:], w.shape[2:], s, d)
    return N3.conv_nd(x, w, bias, s, pads, d, groups)


def conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1, group=1,
                     output_padding=0) -> Tensor:
    """``ops.conv3d_transpose``: the transposed 3-D convolution (the gradient of conv3d w.r.t. its input);
    ``weight`` is (C_in, C_out / group, kd, kh, kw)."""
    x, w = tensor_of(inputs, "Conv3DTranspose"), tensor_of(weight, "Conv3DTranspose")
    if x.ndim != 5 or w.ndim != 5:
        raise ValueError(f"For 'Conv3DTranspose', the input and weight must be 5-D, but got {x.ndim}-D and "
                         f"{w.ndim}-D.")
    s, d = _tuple("Conv3DTranspose", "stride", stride, 3), _tuple("Conv3DTranspose", "dilation", dilation, 3)
    op = _tuple("Conv3DTranspose", "output_padding", output_padding, 3, True)
    if pad_mode == "same":
        # the output is input * stride: the padding is what a 'same' convolution of that size would use
        pads = N3.same_pads(tuple(n * st for n, st in zip(x.shape[2:], s)), w.shape[2:], s, d)
        pads = tuple((lo, hi) for lo, hi in pads)
        full = [(n - 1) * st + dd * (k - 1) + 1 for n, st, dd, k in zip(x.shape[2:], s, d, w.shape[2:])]
        pads = tuple(((f - n * st) // 2, f - n * st - (f - n * st) // 2) for f, n, st in zip(full, x.shape[2:], s))
        pads = tuple((max(lo, 0), max(hi, 0)) for lo, hi in pads)
    else:
        pads = _conv_pads("Conv3DTranspose", pad_mode, padding, 3)
    return N3.conv_transpose_nd(x, w, None, s, pads, op, d, group)

