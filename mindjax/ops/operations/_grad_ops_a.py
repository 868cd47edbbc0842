"""Gradient Primitives of ``mindspore.ops.operations._grad_ops`` that MindSpore's tests call directly:
KLDivLossGrad, LayerNormGrad, LRNGrad, L2NormalizeGrad, DropoutGrad, DeformableOffsetsGrad,
FractionalMaxPoolGrad, FractionalAvgPoolGrad, Conv2DBackpropFilter and ConcatOffset.

Each kernel is the gradient's math in jax: a closed formula (KLDivLossGrad, LayerNormGrad, L2NormalizeGrad, the fractional
pools) or ``jax.vjp`` of the forward op's own jax function (LRN, DeformableOffsets, Conv2D), so
the gradient op agrees with the forward op's bprop; their own bprop is "vjp" (second-order gradients)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from .. import functional as F
from .._base import tensor_of
from .._primitive import Op, Primitive, apply
from .._nn_more import _lrn_fwd
from .._ops4_image import _deform_fwd
from .._fractional import _windows
from ._utils import _is_int, check_bool, check_float, check_int, check_str, set_attrs

__all__ = ["KLDivLossGrad", "LayerNormGrad", "LRNGrad", "L2NormalizeGrad", "DropoutGrad", "DeformableOffsetsGrad",
           "FractionalMaxPoolGrad", "FractionalAvgPoolGrad", "Conv2DBackpropFilter", "ConcatOffset"]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)


def _floats(name: str, *pairs) -> None:
    for arg, t in pairs:
        if t.dtype not in _FLOATS:
            raise TypeError(f"For '{name}', the type of '{arg}' should be one of [Float16, Float32, Float64], but "
                            f"got {t.dtype}.")


def _vjp_wrt_first(fwd, dy, x, *rest, **attrs):
    """d(fwd(x, *rest))/dx applied to ``dy``, computed in float32 at least (float16 inputs)."""
    wide = jnp.promote_types(x.dtype, jnp.float32)
    _, pull = jax.vjp(lambda v: fwd(v, *rest, **attrs), x.astype(wide))
    return pull(dy.astype(wide))[0].astype(x.dtype)


# ---- KLDivLossGrad ------------------------------------------------------------------------------------------------
def _kl_grad_fwd(dy, x, target, *, reduction):
    # loss = target * (log(target) - x): d/dx = -target, scaled by the reduction's 1/size, 1/batch or 1
    t = jnp.broadcast_to(target, x.shape)
    if reduction == "none":
        return (-(t * jnp.broadcast_to(dy, x.shape))).astype(x.dtype)
    coef = -1.0
    if reduction == "mean":
        coef /= max(x.size, 1)
    elif reduction == "batchmean":
        coef /= x.shape[0] if x.ndim else 1
    return t * (jnp.asarray(coef, x.dtype) * dy.reshape(-1)[0])


_kl_grad = Op("KLDivLossGrad", _kl_grad_fwd, "vjp")


class KLDivLossGrad(Primitive):
    """``G.KLDivLossGrad(reduction='mean')(grads, x, target)``: the gradient of ``ops.kl_div`` w.r.t. ``x``,
    ``-target * grads`` divided by x's size ('mean'), its first dimension ('batchmean') or 1 ('sum')."""

    def __init__(self, reduction: str = "mean"):
        super().__init__("KLDivLossGrad")
        if not isinstance(reduction, str) or reduction not in ("none", "mean", "batchmean", "sum"):
            raise ValueError(f"For 'KLDivLossGrad', the 'reduction' must be str and must be in "
                             f"'['none', 'mean', 'batchmean', 'sum']', but got '{reduction}'.")
        set_attrs(self, reduction=reduction)

    def __call__(self, grads, x, target) -> Tensor:
        g, xx, t = (tensor_of(v, self.name) for v in (grads, x, target))
        _floats(self.name, ("grads", g), ("x", xx), ("target", t))
        return apply(_kl_grad, (g, xx, t), {"reduction": self.reduction})


# ---- LayerNormGrad ------------------------------------------------------------------------------------------------
def _ln_grad_fwd(x, dy, var, mean, gamma, *, bna, bpa, eps):
    """dx, dgamma, dbeta of y = (x - mean) / sqrt(var + eps) * gamma + beta, mean and var over axes >= bna
    (dx through mean and var too); computed in float32 (float64 for float64) as MindSpore's CPU kernel does."""
    f32 = jnp.promote_types(x.dtype, jnp.float32)
    nd = x.ndim
    norm_axes = tuple(range(bna, nd))
    param_axes = tuple(range(bpa))
    stat_shape = x.shape[:bna] + (1,) * (nd - bna)
    xf, dyf = x.astype(f32), dy.astype(f32)
    m, v = mean.astype(f32).reshape(stat_shape), var.astype(f32).reshape(stat_shape)
    g = gamma.astype(f32).reshape((1,) * bpa + x.shape[bpa:])
    rstd = (v + eps) ** -0.5
    dxm = xf - m
    dg = jnp.sum(dyf * rstd * dxm, param_axes).reshape(gamma.shape)
    db = jnp.sum(dyf, param_axes).reshape(gamma.shape)
    n = float(np.prod(x.shape[bna:]))
    dyg = dyf * g
    sum1 = -0.5 * jnp.sum(dyg * dxm, norm_axes, keepdims=True) * (v + eps) ** -1.5
    sum2 = jnp.sum(dyg, norm_axes, keepdims=True)
    sum3 = -2.0 * jnp.sum(dxm, norm_axes, keepdims=True)
    dx = dyg * rstd + dxm * (2.0 * sum1 / n) + (-rstd * sum2 + sum1 * sum3 / n) / n
    return dx.astype(x.dtype), dg.astype(x.dtype), db.astype(x.dtype)


_ln_grad = Op("LayerNormGrad", _ln_grad_fwd, "vjp", n_out=3)


class LayerNormGrad(Primitive):
    """``G.LayerNormGrad(begin_norm_axis=1, begin_params_axis=1)(x, dy, variance, mean, gamma)``:
    (dx, dgamma, dbeta) of LayerNorm, epsilon 1e-7 (MindSpore's CPU kernel without an 'epsilon' attribute)."""

    def __init__(self, begin_norm_axis: int = 1, begin_params_axis: int = 1):
        super().__init__("LayerNormGrad")
        set_attrs(self, begin_norm_axis=check_int(self.name, "begin_norm_axis", begin_norm_axis),
                  begin_params_axis=check_int(self.name, "begin_params_axis", begin_params_axis))

    def __call__(self, x, dy, variance, mean, gamma):
        ts = [tensor_of(v, self.name) for v in (x, dy, variance, mean, gamma)]
        nd = ts[0].ndim
        axes = []
        for arg in ("begin_norm_axis", "begin_params_axis"):
            a = getattr(self, arg)
            if not -nd <= a < max(nd, 1):
                raise ValueError(f"For '{self.name}', the '{arg}' must be in range [{-nd}, {nd}), but got {a}.")
            axes.append(a % nd if nd else 0)
        eps = float(self.attrs.get("epsilon", 1e-7))
        return apply(_ln_grad, tuple(ts), {"bna": axes[0], "bpa": axes[1], "eps": eps})


# ---- LRNGrad ------------------------------------------------------------------------------------------------------
def _lrn_grad_fwd(dy, x, y, *, r, bias, alpha, beta):
    del y  # the forward output: the gradient is recomputed from x exactly
    return _vjp_wrt_first(_lrn_fwd, dy, x, r=r, bias=bias, alpha=alpha, beta=beta)


_lrn_grad = Op("LRNGrad", _lrn_grad_fwd, "vjp")


class LRNGrad(Primitive):
    """``G.LRNGrad(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5)(grads, x, y)``: the gradient of
    ``ops.LRN`` w.r.t. NCHW ``x`` (y the forward output)."""

    def __init__(self, depth_radius: int = 5, bias: float = 1.0, alpha: float = 1.0, beta: float = 0.5):
        super().__init__("LRNGrad")
        set_attrs(self, depth_radius=check_int(self.name, "depth_radius", depth_radius),
                  bias=check_float(self.name, "bias", bias), alpha=check_float(self.name, "alpha", alpha),
                  beta=check_float(self.name, "beta", beta))

    def __call__(self, grads, x, y):
        ts = tuple(tensor_of(v, self.name) for v in (grads, x, y))
        if ts[1].ndim != 4:
            raise ValueError(f"For '{self.name}', the 'x' must be a 4-D Tensor, but got {ts[1].ndim}-D.")
        return apply(_lrn_grad, ts, {"r": self.depth_radius, "bias": self.bias, "alpha": self.alpha,
                                     "beta": self.beta})


# ---- L2NormalizeGrad ----------------------------------------------------------------------------------------------
def _l2n_grad_fwd(x, out, dout, *, axis, eps):
    # MindSpore's kernel: (dout - out * sum(out * dout)) / max(||x||, epsilon), out the forward's output
    s = jnp.sum(out * dout, axis, keepdims=True)
    norm = jnp.sqrt(jnp.sum(x * x, axis, keepdims=True))
    return ((dout - out * s) / jnp.maximum(norm, jnp.asarray(eps, x.dtype))).astype(x.dtype)


_l2n_grad = Op("L2NormalizeGrad", _l2n_grad_fwd, "vjp")


class L2NormalizeGrad(Primitive):
    """``G.L2NormalizeGrad(axis=0, epsilon=1e-4)(x, out, dout)``: the gradient of ``ops.L2Normalize`` w.r.t.
    ``x``: (dout - out * sum(out * dout)) / max(sqrt(sum(x ** 2)), epsilon)."""

    def __init__(self, axis=0, epsilon: float = 1e-4):
        super().__init__("L2NormalizeGrad")
        if _is_int(axis):
            axis = [int(axis)]
        elif not isinstance(axis, (tuple, list)):
            raise TypeError(f"For '{self.name}', the type of 'axis' should be one of '['list', 'tuple']', but got "
                            f"type '{type(axis).__name__}'.")
        set_attrs(self, axis=list(axis), epsilon=check_float(self.name, "epsilon", epsilon))

    def __call__(self, x, out, dout):
        ts = tuple(tensor_of(v, self.name) for v in (x, out, dout))
        nd = ts[0].ndim
        axis = tuple(int(a) % max(nd, 1) for a in self.axis)
        return apply(_l2n_grad, ts, {"axis": axis, "eps": self.epsilon})


# ---- DropoutGrad --------------------------------------------------------------------------------------------------
class DropoutGrad(Primitive):
    """``G.DropoutGrad(keep_prob=0.5)(dy, mask)``: dy * mask / keep_prob, the gradient of ``ops.Dropout``."""

    def __init__(self, keep_prob: float = 0.5):
        super().__init__("DropoutGrad")
        kp = check_float(self.name, "keep_prob", keep_prob)
        if not 0 < kp <= 1:
            raise ValueError(f"For '{self.name}', the 'keep_prob' must be in range (0, 1], but got {keep_prob}.")
        set_attrs(self, keep_prob=kp)

    def __call__(self, dy, mask):
        d, m = tensor_of(dy, self.name), tensor_of(mask, self.name)
        return F.mul(F.mul(d, F.cast(m, d.dtype)), 1.0 / self.keep_prob)


# ---- DeformableOffsetsGrad ----------------------------------------------------------------------------------------
def _deform_grad_fwd(dout, x, offsets, *, nhwc, **attrs):
    if nhwc:  # the forward is NCHW: move channels first, and the gradients back
        dout, x, offsets = (jnp.moveaxis(a, 3, 1) for a in (dout, x, offsets))
    wide = jnp.promote_types(x.dtype, jnp.float32)
    _, pull = jax.vjp(lambda a, b: _deform_fwd(a, b, **attrs), x.astype(wide), offsets.astype(wide))
    dx, doff = pull(dout.astype(wide))
    dx, doff = dx.astype(x.dtype), doff.astype(x.dtype)
    if nhwc:
        dx, doff = jnp.moveaxis(dx, 1, 3), jnp.moveaxis(doff, 1, 3)
    return dx, doff


_deform_grad = Op("DeformableOffsetsGrad", _deform_grad_fwd, "vjp", n_out=2)


class DeformableOffsetsGrad(Primitive):
    """``G.DeformableOffsetsGrad(strides, pads, kernel_size, dilations=(1, 1, 1, 1), data_format='NCHW',
    deformable_groups=1, modulated=True)(dout, x, offsets)``: (dx, doffsets) of ``ops.DeformableOffsets``."""

    def __init__(self, strides, pads, kernel_size, dilations=(1, 1, 1, 1), data_format: str = "NCHW",
                 deformable_groups: int = 1, modulated: bool = True):
        super().__init__("DeformableOffsetsGrad")
        check_str(self.name, "data_format", data_format, ("NCHW", "NHWC"))
        if not check_bool(self.name, "modulated", modulated):
            raise ValueError(f"For '{self.name}', the 'modulated' must be True, but got False.")
        set_attrs(self, strides=tuple(strides), pads=tuple(pads), kernel_size=tuple(kernel_size),
                  dilations=tuple(dilations), data_format=data_format,
                  deformable_groups=check_int(self.name, "deformable_groups", deformable_groups), modulated=True)

    def __call__(self, dout, x, offsets):
        ts = tuple(tensor_of(v, self.name) for v in (dout, x, offsets))
        if any(t.ndim != 4 for t in ts):
            raise ValueError(f"For '{self.name}', 'dout', 'x' and 'offsets' must be 4-D, but got "
                             f"{[t.ndim for t in ts]}.")
        hw = (1, 2) if self.data_format == "NHWC" else (2, 3)
        attrs = {"nhwc": self.data_format == "NHWC", "ks": self.kernel_size,
                 "strides": tuple(self.strides[i] for i in hw), "pads": self.pads,
                 "dil": tuple(self.dilations[i] for i in hw), "groups": self.deformable_groups}
        return apply(_deform_grad, ts, attrs)


# ---- FractionalMaxPoolGrad / FractionalAvgPoolGrad ----------------------------------------------------------------
def _frac_flat(h, w, row, col, overlapping):
    rows, rmask = _windows(row, h, overlapping)
    cols, cmask = _windows(col, w, overlapping)
    flat = rows[:, None, :, None] * w + cols[None, :, None, :]  # (OH, OW, LR, LC) positions in h * w
    mask = rmask[:, None, :, None] & cmask[None, :, None, :]
    oh, ow = flat.shape[:2]
    return flat.reshape(oh, ow, -1), mask.reshape(oh, ow, -1)


def _frac_max_grad_fwd(x, y, dy, row, col, *, overlapping):
    # each window's gradient goes to its first maximum (recomputed from x, like the forward's gather)
    del y
    n, h, w, c = x.shape
    flat, mask = _frac_flat(h, w, row, col, overlapping)
    oh, ow = flat.shape[:2]
    xf = x.reshape(n, h * w, c)
    vals = jnp.take(xf, flat.reshape(-1), axis=1).reshape(n, oh, ow, -1, c)
    low = jnp.asarray(-jnp.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min, x.dtype)
    arg = jnp.argmax(jnp.where(mask[None, ..., None], vals, low), axis=3)  # (N, OH, OW, C)
    idx = jnp.take_along_axis(jnp.broadcast_to(flat[None, ..., None], vals.shape), arg[:, :, :, None], 3)[:, :, :, 0]
    out = jnp.zeros((n, h * w, c), dy.dtype)
    ni = jnp.arange(n)[:, None, None, None]
    ci = jnp.arange(c)[None, None, None, :]
    return out.at[ni, idx, ci].add(dy).reshape(n, h, w, c)


def _frac_avg_grad_fwd(dy, row, col, *, shape, overlapping):
    # each window's gradient spread evenly over its elements
    n, h, w, c = shape
    flat, mask = _frac_flat(h, w, row, col, overlapping)
    oh, ow, k = flat.shape
    cnt = jnp.sum(mask, -1).astype(dy.dtype)[None, :, :, None]  # (1, OH, OW, 1)
    share = dy / cnt if jnp.issubdtype(dy.dtype, jnp.inexact) else dy // cnt
    contrib = jnp.where(mask[None, ..., None], share[:, :, :, None, :], 0)  # (N, OH, OW, K, C)
    out = jnp.zeros((n, h * w, c), dy.dtype)
    return out.at[:, flat.reshape(-1), :].add(contrib.reshape(n, oh * ow * k, c)).reshape(n, h, w, c)


_frac_max_grad = Op("FractionalMaxPoolGrad", _frac_max_grad_fwd, "vjp")
_frac_avg_grad = Op("FractionalAvgPoolGrad", _frac_avg_grad_fwd, "vjp")


class FractionalMaxPoolGrad(Primitive):
    """``G.FractionalMaxPoolGrad(overlapping=False)(orig_input, orig_output, out_backprop,
    row_pooling_sequence, col_pooling_sequence)``: the gradient of ``ops.FractionalMaxPool`` w.r.t. NHWC
    ``orig_input``: each window's out_backprop at the window's first maximum."""

    def __init__(self, overlapping: bool = False):
        super().__init__("FractionalMaxPoolGrad")
        set_attrs(self, overlapping=check_bool(self.name, "overlapping", overlapping))

    def __call__(self, orig_input, orig_output, out_backprop, row_pooling_sequence, col_pooling_sequence):
        ts = tuple(tensor_of(v, self.name) for v in (orig_input, orig_output, out_backprop, row_pooling_sequence,
                                                      col_pooling_sequence))
        if ts[0].ndim != 4 or ts[2].ndim != 4:
            raise ValueError(f"For '{self.name}', 'orig_input' and 'out_backprop' must be 4-D, but got "
                             f"{ts[0].ndim}-D and {ts[2].ndim}-D.")
        return apply(_frac_max_grad, ts, {"overlapping": self.overlapping})


class FractionalAvgPoolGrad(Primitive):
    """``G.FractionalAvgPoolGrad(overlapping=False)(orig_input_tensor_shape, out_backprop,
    row_pooling_sequence, col_pooling_sequence)``: the gradient of ``ops.FractionalAvgPool`` w.r.t. its
    NHWC input of shape ``orig_input_tensor_shape``."""

    def __init__(self, overlapping: bool = False):
        super().__init__("FractionalAvgPoolGrad")
        set_attrs(self, overlapping=check_bool(self.name, "overlapping", overlapping))

    def __call__(self, orig_input_tensor_shape, out_backprop, row_pooling_sequence, col_pooling_sequence):
        from ..._jit.dynamic_break import concrete
        s = orig_input_tensor_shape
        shape = tuple(int(v) for v in (concrete(self.name, s).tolist() if isinstance(s, Tensor) else s))
        if len(shape) != 4:
            raise ValueError(f"For '{self.name}', the 'orig_input_tensor_shape' must have 4 elements, but got "
                             f"{list(shape)}.")
        ts = tuple(tensor_of(v, self.name) for v in (out_backprop, row_pooling_sequence, col_pooling_sequence))
        return apply(_frac_avg_grad, ts, {"shape": shape, "overlapping": self.overlapping})


# ---- Conv2DBackpropFilter -----------------------------------------------------------------------------------------
def _conv_fwd(w, x, *, stride, pads, dil, group):
    return jax.lax.conv_general_dilated(x, w, stride, pads, rhs_dilation=dil, feature_group_count=group,
                                        dimension_numbers=("NCHW", "OIHW", "NCHW"))


def _conv_filter_fwd(dout, x, *, w_shape, stride, pads, dil, group):
    wide = jnp.promote_types(x.dtype, jnp.float32)
    zeros = jnp.zeros(w_shape, wide)
    _, pull = jax.vjp(lambda w: _conv_fwd(w, x.astype(wide), stride=stride, pads=pads, dil=dil, group=group), zeros)
    return pull(dout.astype(wide))[0].astype(x.dtype)


_conv_filter = Op("Conv2DBackpropFilter", _conv_filter_fwd, "vjp")


def _pair(name: str, arg: str, v) -> tuple:
    v = (v, v) if _is_int(v) else tuple(v)
    return tuple(int(e) for e in (v[2:] if len(v) == 4 else v))


class Conv2DBackpropFilter(Primitive):
    """``G.Conv2DBackpropFilter(out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=(0, 0, 0, 0), mode=1,
    stride=(1, 1), dilation=(1, 1, 1, 1), group=1, data_format='NCHW')(dout, x, w_size)``: the gradient of
    Conv2D w.r.t. its weight of shape ``w_size``."""

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=(0, 0, 0, 0), mode=1,
                 stride=(1, 1), dilation=(1, 1, 1, 1), group=1, data_format="NCHW"):
        super().__init__("Conv2DBackpropFilter")
        mode_ = check_str(self.name, "pad_mode", pad_mode.lower() if isinstance(pad_mode, str) else pad_mode,
                          ("valid", "same", "pad"))
        p = (pad,) * 4 if _is_int(pad) else tuple(pad)
        set_attrs(self, out_channel=out_channel, kernel_size=kernel_size, pad_mode=mode_, pad=p,
                  pad_list=tuple(pad_list), mode=mode, stride=_pair(self.name, "stride", stride),
                  dilation=_pair(self.name, "dilation", dilation), group=check_int(self.name, "group", group),
                  data_format=data_format)

    def __call__(self, dout, x, w_size):
        dy, xx = tensor_of(dout, self.name), tensor_of(x, self.name)
        w_shape = tuple(int(v) for v in (w_size.asnumpy().tolist() if isinstance(w_size, Tensor) else w_size))
        if self.pad_mode == "same":
            pads = []
            for n, k, s, d in zip(xx.shape[2:], w_shape[2:], self.stride, self.dilation):
                total = max((-(-n // s) - 1) * s + (k - 1) * d + 1 - n, 0)
                pads.append((total // 2, total - total // 2))
            pads = tuple(pads)
        elif self.pad_mode == "pad":  # MindSpore's kernel pads by pad_list (the bprop of Conv2D sets it)
            pl = self.pad_list
            pads = ((pl[0], pl[1]), (pl[2], pl[3]))
        else:
            pads = ((0, 0), (0, 0))
        want = tuple((n + lo + hi - d * (k - 1) - 1) // s + 1 for n, (lo, hi), k, s, d in
                     zip(xx.shape[2:], pads, w_shape[2:], self.stride, self.dilation))
        if dy.ndim != 4 or tuple(dy.shape[2:]) != want:
            raise ValueError(f"For '{self.name}', the spatial shape of 'dout' must be {list(want)} for 'x' "
                             f"{list(xx.shape)} and the weight {list(w_shape)}, but got {list(dy.shape)}.")
        return apply(_conv_filter, (dy, xx), {"w_shape": w_shape, "stride": self.stride, "pads": pads,
                                              "dil": self.dilation, "group": self.group})


# ---- ConcatOffset -------------------------------------------------------------------------------------------------
class ConcatOffset(Primitive):
    """``G.ConcatOffset(N=2, axis=0)(x)``: for each of the N tensors of ``x``, the offset (per dimension) of
    its slice in their concatenation along ``axis``, as an (N, rank) int64 Tensor."""

    def __init__(self, N: int = 2, axis: int = 0):  # noqa: N803 - MindSpore's name
        super().__init__("ConcatOffset")
        set_attrs(self, N=check_int(self.name, "N", N), axis=check_int(self.name, "axis", axis))

    def __call__(self, x):
        ts = [tensor_of(v, self.name) for v in x]
        rank = ts[0].ndim
        if not -rank <= self.axis < rank:
            raise ValueError(f"For '{self.name}', the 'axis' must be in range [{-rank}, {rank}), but got "
                             f"{self.axis}.")
        ax = self.axis % rank
        out = np.zeros((len(ts), rank), np.int64)
        out[:, ax] = np.cumsum([0] + [t.shape[ax] for t in ts[:-1]])
        return Tensor(out)
