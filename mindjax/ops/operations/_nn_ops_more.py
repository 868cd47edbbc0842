"""The Primitive classes of ``mindspore.ops.operations.nn_ops`` added for the op library (issue #11):
optimizer apply-ops, pooling with indices, 3-D pooling and convolution, grid sampling, CTC decoding,
losses and normalisations. Star-imported by ``nn_ops`` (where MindSpore defines them)."""
from __future__ import annotations

from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import simple, check_call_attrs, check_bool, check_float, check_str, set_attrs, _is_int, type_error
from .nn_ops import _check_positive_pair


# ---- optimizer apply-ops (the update rules are in ops/_apply_ops.py) ------------------------------------
from .. import _apply_ops as _ap  # noqa: E402


def _use_locking(prim, use_locking):
    set_attrs(prim, use_locking=check_bool(prim.name, "use_locking", use_locking))


ApplyGradientDescent = simple("ApplyGradientDescent", _ap.apply_gradient_descent,
                              "``ops.ApplyGradientDescent()(var, alpha, delta)``: var -= alpha * delta in place.")
ApplyProximalGradientDescent = simple(
    "ApplyProximalGradientDescent", _ap.apply_proximal_gradient_descent,
    "``ops.ApplyProximalGradientDescent()(var, alpha, l1, l2, delta)``: the FOBOS step in place.")
ApplyAdaMax = simple("ApplyAdaMax", _ap.apply_ada_max,
                     "``ops.ApplyAdaMax()(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad)``: AdaMax in place.")
ApplyAdadelta = simple("ApplyAdadelta", _ap.apply_adadelta,
                       "``ops.ApplyAdadelta()(var, accum, accum_update, lr, rho, epsilon, grad)``: Adadelta in place.")
ApplyAddSign = simple("ApplyAddSign", _ap.apply_add_sign,
                      "``ops.ApplyAddSign()(var, m, lr, alpha, sign_decay, beta, grad)``: AddSign in place.")
ApplyPowerSign = simple("ApplyPowerSign", lambda *a: _ap.apply_add_sign(*a, power=True),
                        "``ops.ApplyPowerSign()(var, m, lr, logbase, sign_decay, beta, grad)``: PowerSign in place.")


class ApplyMomentum(Primitive):
    """``ops.ApplyMomentum(use_nesterov=False, use_locking=False, gradient_scale=1.0)(variable, accumulation,
    learning_rate, gradient, momentum)``: the momentum step, in place; returns ``variable``.

    Examples:
        >>> import mindjax as ms
        >>> v, a = ms.Parameter(ms.Tensor([1.0]), "v"), ms.Parameter(ms.Tensor([0.0]), "a")
        >>> print(ms.ops.ApplyMomentum()(v, a, 0.1, ms.Tensor([1.0]), 0.9))
        [0.9]
    """

    def __init__(self, use_nesterov=False, use_locking=False, gradient_scale=1.0):
        super().__init__("ApplyMomentum")
        set_attrs(self, use_nesterov=check_bool(self.name, "use_nesterov", use_nesterov),
                  use_locking=check_bool(self.name, "use_locking", use_locking),
                  gradient_scale=check_float(self.name, "gradient_scale", gradient_scale))

    def __call__(self, variable, accumulation, learning_rate, gradient, momentum):
        return _ap.apply_momentum(variable, accumulation, learning_rate, gradient, momentum, self.use_nesterov)


class Adam(Primitive):
    """``ops.Adam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power, beta2_power, lr, beta1, beta2,
    epsilon, gradient)``: the Adam step, in place; returns (var, m, v)."""

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__("Adam")
        _use_locking(self, use_locking)
        set_attrs(self, use_nesterov=check_bool(self.name, "use_nesterov", use_nesterov))

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        return _ap.adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient, self.use_nesterov)


class _Locking(Primitive):
    _fn = None

    def __init__(self, use_locking=False):
        super().__init__(type(self).__name__)
        _use_locking(self, use_locking)

    def __call__(self, *args):
        return type(self)._fn(*args)


class AdamWeightDecay(_Locking):
    """``ops.AdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon, decay, gradient)``:
    Adam with decoupled weight decay, in place; returns (var, m, v)."""
    _fn = staticmethod(_ap.adam_weight_decay)


class ApplyAdagradDA(_Locking):
    """``ops.ApplyAdagradDA(use_locking=False)(var, gradient_accumulator, gradient_squared_accumulator, grad, lr,
    l1, l2, global_step)``: dual-averaging Adagrad, in place; returns var."""
    _fn = staticmethod(_ap.apply_adagrad_da)


class ApplyAdamWithAmsgradV2(_Locking):
    """``ops.ApplyAdamWithAmsgradV2(use_locking=False)(var, m, v, vhat, beta1_power, beta2_power, lr, beta1,
    beta2, epsilon, grad)``: AMSGrad, in place; returns (var, m, v, vhat)."""
    _fn = staticmethod(_ap.apply_adam_with_amsgrad)


class ApplyCenteredRMSProp(_Locking):
    """``ops.ApplyCenteredRMSProp(use_locking=False)(var, mean_gradient, mean_square, moment, grad,
    learning_rate, decay, momentum, epsilon)``: centered RMSProp, in place; returns var."""
    _fn = staticmethod(_ap.apply_centered_rms_prop)


class ApplyRMSProp(_Locking):
    """``ops.ApplyRMSProp(use_locking=False)(var, mean_square, moment, learning_rate, grad, decay, momentum,
    epsilon)``: RMSProp, in place; returns var."""
    _fn = staticmethod(_ap.apply_rms_prop)


class ApplyFtrl(_Locking):
    """``ops.ApplyFtrl(use_locking=False)(var, accum, linear, grad, lr, l1, l2, lr_power)``: FTRL, in place;
    returns var."""
    _fn = staticmethod(_ap.apply_ftrl)


class ApplyProximalAdagrad(_Locking):
    """``ops.ApplyProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad)``: proximal Adagrad, in place;
    returns (var, accum)."""
    _fn = staticmethod(_ap.apply_proximal_adagrad)


class ApplyAdamWithAmsgrad(Primitive):
    """``ops.ApplyAdamWithAmsgrad(beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False)(var, m, v, vhat,
    beta1_power, beta2_power, lr, grad)``: AMSGrad, in place; returns (var, m, v, vhat)."""

    def __init__(self, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False):
        super().__init__("ApplyAdamWithAmsgrad")
        set_attrs(self, beta1=check_float(self.name, "beta1", beta1), beta2=check_float(self.name, "beta2", beta2),
                  epsilon=check_float(self.name, "epsilon", epsilon))
        _use_locking(self, use_locking)

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, grad):
        return _ap.apply_adam_with_amsgrad(var, m, v, vhat, beta1_power, beta2_power, lr, self.beta1, self.beta2,
                                           self.epsilon, grad, name="ApplyAdamWithAmsgrad")


class ApplyAdagrad(Primitive):
    """``ops.ApplyAdagrad(update_slots=True)(var, accum, lr, grad)``: Adagrad, in place; returns (var, accum)."""

    def __init__(self, update_slots=True):
        super().__init__("ApplyAdagrad")
        set_attrs(self, update_slots=check_bool(self.name, "update_slots", update_slots))

    def __call__(self, var, accum, lr, grad):
        return _ap.apply_adagrad(var, accum, lr, grad, self.update_slots)


class ApplyAdagradV2(Primitive):
    """``ops.ApplyAdagradV2(epsilon, update_slots=True)(var, accum, lr, grad)``: Adagrad with epsilon, in place;
    returns (var, accum)."""

    def __init__(self, epsilon, update_slots=True):
        super().__init__("ApplyAdagradV2")
        set_attrs(self, epsilon=check_float(self.name, "epsilon", epsilon),
                  update_slots=check_bool(self.name, "update_slots", update_slots))

    def __call__(self, var, accum, lr, grad):
        return _ap.apply_adagrad(var, accum, lr, grad, self.update_slots, self.epsilon)


class SGD(Primitive):
    """``ops.SGD(dampening=0.0, weight_decay=0.0, nesterov=False)(parameters, gradient, learning_rate, accum,
    momentum, stat)``: SGD with momentum, in place; returns parameters."""

    def __init__(self, dampening=0.0, weight_decay=0.0, nesterov=False):
        super().__init__("SGD")
        if nesterov and dampening != 0:
            raise ValueError(f"For 'SGD', the 'dampening' must be 0 when 'nesterov' is True, but got {dampening}.")
        set_attrs(self, dampening=check_float(self.name, "dampening", dampening),
                  weight_decay=check_float(self.name, "weight_decay", weight_decay),
                  nesterov=check_bool(self.name, "nesterov", nesterov))

    def __call__(self, parameters, gradient, learning_rate, accum, momentum, stat):
        return _ap.sgd(parameters, gradient, learning_rate, accum, momentum, stat, self.dampening,
                       self.weight_decay, self.nesterov)


class SparseApplyAdagrad(Primitive):
    """``ops.SparseApplyAdagrad(lr, update_slots=True, use_locking=False)(var, accum, grad, indices)``: Adagrad on
    the rows ``indices``, in place; returns (var, accum)."""

    def __init__(self, lr, update_slots=True, use_locking=False):
        super().__init__("SparseApplyAdagrad")
        set_attrs(self, lr=check_float(self.name, "lr", lr),
                  update_slots=check_bool(self.name, "update_slots", update_slots))
        _use_locking(self, use_locking)

    def __call__(self, var, accum, grad, indices):
        return _ap.sparse_apply_adagrad(var, accum, grad, indices, self.lr, None, self.update_slots)


class SparseApplyAdagradV2(Primitive):
    """``ops.SparseApplyAdagradV2(lr, epsilon, use_locking=False, update_slots=True)(var, accum, grad, indices)``:
    Adagrad with epsilon on the rows ``indices``, in place; returns (var, accum)."""

    def __init__(self, lr, epsilon, use_locking=False, update_slots=True):
        super().__init__("SparseApplyAdagradV2")
        set_attrs(self, lr=check_float(self.name, "lr", lr), epsilon=check_float(self.name, "epsilon", epsilon),
                  update_slots=check_bool(self.name, "update_slots", update_slots))
        _use_locking(self, use_locking)

    def __call__(self, var, accum, grad, indices):
        return _ap.sparse_apply_adagrad(var, accum, grad, indices, self.lr, self.epsilon, self.update_slots)


class SparseApplyFtrl(Primitive):
    """``ops.SparseApplyFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad, indices)``: FTRL on
    the rows ``indices``, in place; returns (var, accum, linear)."""

    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        super().__init__("SparseApplyFtrl")
        set_attrs(self, lr=check_float(self.name, "lr", lr), l1=check_float(self.name, "l1", l1),
                  l2=check_float(self.name, "l2", l2), lr_power=check_float(self.name, "lr_power", lr_power))
        _use_locking(self, use_locking)

    def __call__(self, var, accum, linear, grad, indices):
        return _ap.sparse_apply_ftrl(var, accum, linear, grad, indices, self.lr, self.l1, self.l2, self.lr_power)


# ---- more nn Primitives (the ops are in ops/_nn_more.py) -------------------------------------------------
from .. import _nn_more as _nm  # noqa: E402

Dense = simple("Dense", lambda x, w, b=None: _nm.dense(x, w, b),
               "``ops.Dense()(x, w, b=None)``: x @ w.T (+ b).")


class GLU(Primitive):
    """``ops.GLU(axis=-1)(x)``: a * sigmoid(b), a and b the two halves of ``x`` along ``axis``."""

    def __init__(self, axis=-1):
        super().__init__("GLU")
        set_attrs(self, axis=axis)

    def __call__(self, x):
        check_call_attrs(self, axis="int")
        return F.glu(x, self.axis)


class RmsNorm(Primitive):
    """``ops.RmsNorm(epsilon=1e-6)(x, gamma)``: (x * rstd * gamma, rstd), rstd = 1 / sqrt(mean(x ** 2) + eps)."""

    def __init__(self, epsilon=1e-6):
        super().__init__("RmsNorm")
        set_attrs(self, epsilon=check_float(self.name, "epsilon", epsilon))

    def __call__(self, x, gamma):
        return _nm.rms_norm(x, gamma, self.epsilon)


class Dropout3D(Primitive):
    """``ops.Dropout3D(keep_prob=0.5)(x)``: whole channels of NCDHW ``x`` dropped; returns (output, mask)."""

    def __init__(self, keep_prob=0.5):
        super().__init__("Dropout3D")
        keep_prob = check_float(self.name, "keep_prob", keep_prob)
        if not 0 <= keep_prob <= 1:
            raise ValueError(f"For 'Dropout3D', the 'keep_prob' must be in range [0, 1], but got {keep_prob}.")
        set_attrs(self, keep_prob=keep_prob)

    def __call__(self, x):
        from .._channel_dropout import channel_dropout
        return channel_dropout("Dropout3D", x, self.keep_prob, 5)


class ChannelShuffle(Primitive):
    """``ops.ChannelShuffle(group)(x)``: the channels regrouped as (group, C / group) transposed."""

    def __init__(self, group):
        super().__init__("ChannelShuffle")
        if not _is_int(group) or group < 1:
            raise ValueError(f"For 'ChannelShuffle', the 'group' must be a positive int, but got {group}.")
        set_attrs(self, group=group)

    def __call__(self, x):
        return _nm.channel_shuffle(x, self.group)


class LRN(Primitive):
    """``ops.LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS')(x)``."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        super().__init__("LRN")
        if not _is_int(depth_radius):
            raise type_error("LRN", "depth_radius", "int", depth_radius)
        set_attrs(self, depth_radius=depth_radius, bias=check_float(self.name, "bias", bias),
                  alpha=check_float(self.name, "alpha", alpha), beta=check_float(self.name, "beta", beta),
                  norm_region=check_str(self.name, "norm_region", norm_region, ("ACROSS_CHANNELS",)))

    def __call__(self, x):
        return _nm.lrn(x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)


class MirrorPad(Primitive):
    """``ops.MirrorPad(mode='REFLECT')(input_x, paddings)``: reflect or symmetric padding."""

    def __init__(self, mode="REFLECT"):
        super().__init__("MirrorPad")
        set_attrs(self, mode=check_str(self.name, "mode", mode, ("REFLECT", "SYMMETRIC")))

    def __call__(self, input_x, paddings):
        return _nm.mirror_pad(input_x, paddings, self.mode)


class PadV3(Primitive):
    """``ops.PadV3(mode='constant', paddings_contiguous=True)(x, paddings, value=None)``: ``paddings`` lists
    (before, after) from the last axis back (contiguous) or all befores then all afters."""

    def __init__(self, mode="constant", paddings_contiguous=True):
        super().__init__("PadV3")
        set_attrs(self, mode=check_str(self.name, "mode", mode, ("constant", "reflect", "edge", "circular")),
                  paddings_contiguous=check_bool(self.name, "paddings_contiguous", paddings_contiguous))

    def __call__(self, x, paddings, value=None):
        x = tensor_of(x, "PadV3")
        p = paddings.asnumpy().tolist() if hasattr(paddings, "asnumpy") else list(paddings)
        if len(p) % 2 or len(p) // 2 > x.ndim:
            raise ValueError(f"For 'PadV3', the length of 'paddings' must be even and at most 2 * rank, but got "
                             f"{len(p)}.")
        if not self.paddings_contiguous:
            k = len(p) // 2
            p = [v for pair in zip(p[:k], p[k:]) for v in pair]
        if self.mode != "constant" and x.ndim != len(p) // 2 + 2:
            raise ValueError(f"For 'PadV3', the input dims when padding's size equal {len(p)} must be equal to "
                             f"{len(p) // 2 + 2}, but got {x.ndim}.")
        if self.mode != "constant" and x.ndim != len(p) // 2 + 2:
            raise ValueError(f"For 'PadV3', the input dims when padding's size equal {len(p)} must be equal to "
                             f"{len(p) // 2 + 2}, but got {x.ndim}.")
        if self.mode == "circular":
            return F.pad(x, tuple(p), "circular")
        from .._nn3d_ops import pad_pairs, last_dims_pairs
        if value is not None and self.mode != "constant":
            raise ValueError(f"For 'PadV3', the 'constant_value' can only be given in 'constant' mode, but got mode "
                             f"'{self.mode}'.")
        v = 0 if value is None else (value.asnumpy().item() if hasattr(value, "asnumpy") else value)
        return pad_pairs(x, last_dims_pairs(x.ndim, p), self.mode, v)


class SoftMarginLoss(Primitive):
    """``ops.SoftMarginLoss(reduction='mean')(logits, labels)``: log(1 + exp(-labels * logits)), reduced."""

    def __init__(self, reduction="mean"):
        super().__init__("SoftMarginLoss")
        set_attrs(self, reduction=check_str(self.name, "reduction", reduction, ("none", "mean", "sum")))

    def __call__(self, logits, labels):
        return _nm.soft_margin_loss(logits, labels, self.reduction)


class TripletMarginLoss(Primitive):
    """``ops.TripletMarginLoss(p=2, swap=False, eps=1e-6, reduction='mean')(x, positive, negative, margin)``."""

    def __init__(self, p=2, swap=False, eps=1e-6, reduction="mean"):
        super().__init__("TripletMarginLoss")
        if not _is_int(p):
            raise type_error(self.name, "p", "int", p)
        set_attrs(self, p=p, swap=check_bool(self.name, "swap", swap), eps=check_float(self.name, "eps", eps),
                  reduction=check_str(self.name, "reduction", reduction, ("none", "mean", "sum")))

    def __call__(self, x, positive, negative, margin):
        return _nm.triplet_margin_loss(x, positive, negative, margin, self.p, self.eps, self.swap, self.reduction)


class MultilabelMarginLoss(Primitive):
    """``ops.MultilabelMarginLoss(reduction='mean')(x, target)``: (loss, is_target)."""

    def __init__(self, reduction="mean"):
        super().__init__("MultilabelMarginLoss")
        set_attrs(self, reduction=check_str(self.name, "reduction", reduction, ("none", "mean", "sum")))

    def __call__(self, x, target):
        return _nm.multilabel_margin_loss_with_target(x, target, self.reduction)


class MultiMarginLoss(Primitive):
    """``ops.MultiMarginLoss(p=1, margin=1.0, reduction='mean')(inputs, target, weight=None)``."""

    def __init__(self, p=1, margin=1.0, reduction="mean"):
        super().__init__("MultiMarginLoss")
        if p not in (1, 2) or isinstance(p, bool):
            raise ValueError(f"For 'MultiMarginLoss', the 'p' must be 1 or 2, but got {p}.")
        set_attrs(self, p=p, margin=check_float(self.name, "margin", margin),
                  reduction=check_str(self.name, "reduction", reduction, ("none", "mean", "sum")))

    def __call__(self, inputs, target, weight=None):
        return F.multi_margin_loss(inputs, target, self.p, self.margin, weight, self.reduction)


# ---- pooling with indices, 3-D pooling and convolution Primitives (ops in ops/_pool_more.py) ---------------
import numpy as np  # noqa: E402

from .. import _pool_more as _pm  # noqa: E402
from .. import _nn3d_ops as _n3  # noqa: E402


def _ntuple(prim, arg, v, n, allow_zero=False):
    return _pm._tuple(prim, arg, v, n, allow_zero)


def _last(v, n):
    """MindSpore accepts (k,) * n or the full (1, 1, k...) form of a window attribute."""
    v = (v,) * n if _is_int(v) else tuple(v)
    return v[-n:] if len(v) > n else v


class MaxPoolWithArgmax(Primitive):
    """``ops.MaxPoolWithArgmax(kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW')(x)``:
    (max pooling of NCHW ``x``, int32 flat H*W index of each maximum)."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        super().__init__("MaxPoolWithArgmax")
        k = _check_positive_pair(self.name, "kernel_size", kernel_size, allow4=True)
        s = _check_positive_pair(self.name, "strides", strides, allow4=True)
        mode = check_str(self.name, "pad_mode", pad_mode.lower() if isinstance(pad_mode, str) else pad_mode,
                         ("valid", "same"))
        set_attrs(self, kernel_size=(1, 1) + k, strides=(1, 1) + s, pad_mode=mode.upper(), data_format=data_format)

    def __call__(self, x):
        from ... import _dtype as mstype
        x = tensor_of(x, self.name)
        k, s = self.kernel_size[2:], self.strides[2:]
        if self.pad_mode == "SAME":
            # MindSpore's CPU kernel puts the whole 'same' padding after the input
            out = tuple(-(-n // st) for n, st in zip(x.shape[2:], s))
            wins = [(np.arange(o)[:, None] * st + np.arange(kk)[None, :]) for o, st, kk in zip(out, s, k)]
            wins = [(t, t < n) for t, n in zip(wins, x.shape[2:])]
            y, pos = _pm.apply(_pm._max_idx, (x,), {"windows": _pm._freeze(wins)})
        else:
            y, pos = _pm.pool_max_indices(x, k, s, (0, 0), (1, 1), False)
        # this (old) Primitive counts the index over C * H * W: the channel's offset is added
        c, hw = x.shape[1], x.shape[2] * x.shape[3]
        pos = F.add(pos, F.reshape(F.mul(F.arange(0, c, 1), hw), (1, c, 1, 1)))
        return y, F.cast(pos, mstype.int32)


class MaxPoolWithArgmaxV2(Primitive):
    """``ops.MaxPoolWithArgmaxV2(kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False,
    argmax_type=mindspore.int64)(x)``: (max pooling of NCHW ``x``, flat H*W index of each maximum)."""

    def __init__(self, kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False, argmax_type=None):
        super().__init__("MaxPoolWithArgmaxV2")
        from ... import _dtype as mstype
        argmax_type = mstype.int64 if argmax_type is None else argmax_type
        if argmax_type not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.name}', the 'argmax_type' must be mindspore.int32 or mindspore.int64, but "
                            f"got {argmax_type}.")
        k = _ntuple(self.name, "kernel_size", _last(kernel_size, 2), 2)
        s = _ntuple(self.name, "strides", _last(strides if strides is not None else kernel_size, 2), 2)
        set_attrs(self, kernel_size=k, strides=s, pads=_ntuple(self.name, "pads", _last(pads, 2), 2, True),
                  dilation=_ntuple(self.name, "dilation", _last(dilation, 2), 2),
                  ceil_mode=check_bool(self.name, "ceil_mode", ceil_mode), argmax_type=argmax_type)

    def __call__(self, x):
        x = tensor_of(x, self.name)
        if x.ndim != 4:
            raise ValueError(f"For '{self.name}', the input must be a 4-D Tensor, but got {x.ndim}-D.")
        y, pos = _pm.pool_max_indices(x, self.kernel_size, self.strides, self.pads, self.dilation, self.ceil_mode)
        return y, F.cast(pos, self.argmax_type)


class MaxPool3DWithArgmax(Primitive):
    """``ops.MaxPool3DWithArgmax(ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False, data_format='NCDHW',
    argmax_type=mindspore.int64)(x)``: (3-D max pooling, flat D*H*W index of each maximum)."""

    def __init__(self, ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False, data_format="NCDHW",
                 argmax_type=None):
        super().__init__("MaxPool3DWithArgmax")
        from ... import _dtype as mstype
        argmax_type = mstype.int64 if argmax_type is None else argmax_type
        set_attrs(self, ksize=_ntuple(self.name, "ksize", _last(ksize, 3), 3),
                  strides=_ntuple(self.name, "strides", _last(strides, 3), 3),
                  pads=_ntuple(self.name, "pads", _last(pads, 3), 3, True),
                  dilation=_ntuple(self.name, "dilation", _last(dilation, 3), 3),
                  ceil_mode=check_bool(self.name, "ceil_mode", ceil_mode), data_format=data_format,
                  argmax_type=argmax_type)

    def __call__(self, x):
        x = tensor_of(x, self.name)
        if x.ndim != 5:
            raise ValueError(f"For '{self.name}', the input must be a 5-D Tensor, but got {x.ndim}-D.")
        y, pos = _pm.pool_max_indices(x, self.ksize, self.strides, self.pads, self.dilation, self.ceil_mode)
        return y, F.cast(pos, self.argmax_type)


class MaxPool3D(Primitive):
    """``ops.MaxPool3D(kernel_size=1, strides=1, pad_mode='VALID', pad_list=0, ceil_mode=None,
    data_format='NCDHW')(x)``: 3-D max pooling."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", pad_list=0, ceil_mode=None, data_format="NCDHW"):
        super().__init__("MaxPool3D")
        mode = check_str(self.name, "pad_mode", pad_mode.upper() if isinstance(pad_mode, str) else pad_mode,
                         ("VALID", "SAME", "PAD"))
        pl = (pad_list,) * 6 if _is_int(pad_list) else tuple(pad_list)
        if len(pl) == 3:
            pl = tuple(q for q in pl for _ in (0, 1))
        if mode != "PAD" and any(pl):
            raise ValueError(f"For '{self.name}', the 'pad_list' must be zero when 'pad_mode' is not 'PAD', but got "
                             f"{pad_list}.")
        set_attrs(self, kernel_size=(1, 1) + _ntuple(self.name, "kernel_size", _last(kernel_size, 3), 3),
                  strides=(1, 1) + _ntuple(self.name, "strides", _last(strides, 3), 3), pad_mode=mode,
                  pad_list=pl, ceil_mode=bool(ceil_mode), data_format=data_format)

    def __call__(self, x):
        x = tensor_of(x, self.name)
        pairs = tuple((self.pad_list[2 * i], self.pad_list[2 * i + 1]) for i in range(3))
        return _n3.pool_nd(x, "max", self.kernel_size[2:], self.strides[2:], self.pad_mode.lower(), pairs, None,
                           self.ceil_mode)


class AvgPool3D(Primitive):
    """``ops.AvgPool3D(kernel_size=1, strides=1, pad_mode='valid', pad=0, ceil_mode=False, count_include_pad=True,
    divisor_override=0, data_format='NCDHW')(x)``: 3-D average pooling."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", pad=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=0, data_format="NCDHW"):
        super().__init__("AvgPool3D")
        mode = check_str(self.name, "pad_mode", pad_mode.lower() if isinstance(pad_mode, str) else pad_mode,
                         ("valid", "same", "pad"))
        p = (pad,) * 6 if _is_int(pad) else tuple(pad)
        set_attrs(self, kernel_size=_ntuple(self.name, "kernel_size", _last(kernel_size, 3), 3),
                  strides=_ntuple(self.name, "strides", _last(strides, 3), 3), pad_mode=mode, pad=p,
                  ceil_mode=check_bool(self.name, "ceil_mode", ceil_mode),
                  count_include_pad=check_bool(self.name, "count_include_pad", count_include_pad),
                  divisor_override=divisor_override, data_format=data_format)

    def __call__(self, x):
        x = tensor_of(x, self.name)
        pairs = tuple((self.pad[2 * i], self.pad[2 * i + 1]) for i in range(3))
        return _n3.pool_nd(x, "avg", self.kernel_size, self.strides, self.pad_mode, pairs, None, self.ceil_mode,
                           self.count_include_pad, self.divisor_override)


class AdaptiveAvgPool3D(Primitive):
    """``ops.AdaptiveAvgPool3D(output_size)(x)``: the last three axes averaged to ``output_size`` bins."""

    def __init__(self, output_size):
        super().__init__("AdaptiveAvgPool3D")
        set_attrs(self, output_size=(output_size,) * 3 if _is_int(output_size) else tuple(output_size))

    def __call__(self, x):
        return _pm.adaptive_avg_pool3d(x, self.output_size)


class AdaptiveMaxPool2D(Primitive):
    """``ops.AdaptiveMaxPool2D(output_size)(input_x)``: (adaptive max pooling, int64 flat H*W argmax)."""

    def __init__(self, output_size):
        super().__init__("AdaptiveMaxPool2D")
        set_attrs(self, output_size=(output_size,) * 2 if _is_int(output_size) else tuple(output_size))

    def __call__(self, input_x):
        x = tensor_of(input_x, self.name)
        if x.ndim not in (3, 4):
            raise ValueError(f"For '{self.name}', the input must be a 3-D or 4-D Tensor, but got {x.ndim}-D.")
        o = _pm._out_size(self.name, x, self.output_size, 2)
        return _pm._batched(x, 2, lambda t: _pm.adaptive_max_indices(t, o))


class AdaptiveMaxPool3D(Primitive):
    """``ops.AdaptiveMaxPool3D()(x, output_size)``: (adaptive max pooling, int32 flat D*H*W argmax)."""

    def __init__(self):
        super().__init__("AdaptiveMaxPool3D")

    def __call__(self, x, output_size):
        from ... import _dtype as mstype
        o = tuple(int(v) for v in (output_size.asnumpy().tolist() if hasattr(output_size, "asnumpy")
                                   else output_size))
        y, pos = _pm.adaptive_max_pool3d(x, o, True)
        return y, F.cast(pos, mstype.int32)


class _Unpool(Primitive):
    nd = 2

    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCHW"):
        super().__init__(type(self).__name__)
        set_attrs(self, ksize=_ntuple(self.name, "ksize", _last(ksize, self.nd), self.nd),
                  strides=_ntuple(self.name, "strides", _last(strides if strides else ksize, self.nd), self.nd),
                  pads=_ntuple(self.name, "pads", _last(pads, self.nd), self.nd, True),
                  output_shape=tuple(output_shape), data_format=data_format)

    def __call__(self, x, argmax):
        return _pm.max_unpool_nd(self.name, x, argmax, self.ksize, self.strides, self.pads,
                                 self.output_shape or None, self.nd)


class MaxUnpool2D(_Unpool):
    """``ops.MaxUnpool2D(ksize, strides=0, pads=0, output_shape=(), data_format='NCHW')(x, argmax)``."""
    nd = 2


class MaxUnpool3D(_Unpool):
    """``ops.MaxUnpool3D(ksize, strides=0, pads=0, output_shape=(), data_format='NCDHW')(x, argmax)``."""
    nd = 3


class Conv3D(Primitive):
    """``ops.Conv3D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1, group=1,
    data_format='NCDHW')(x, weight, bias=None)``: 3-D convolution."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1, group=1,
                 data_format="NCDHW"):
        super().__init__("Conv3D")
        if not _is_int(out_channel) or out_channel <= 0:
            raise ValueError(f"For 'Conv3D', the 'out_channel' must be a positive int, but got {out_channel}.")
        mode_ = check_str(self.name, "pad_mode", pad_mode.lower() if isinstance(pad_mode, str) else pad_mode,
                          ("valid", "same", "pad"))
        p = (pad,) * 6 if _is_int(pad) else tuple(pad)
        if mode_ != "pad" and any(p):
            raise ValueError(f"For 'Conv3D', the 'pad' must be zero when 'pad_mode' is not 'pad', but got {pad}.")
        set_attrs(self, out_channel=out_channel, kernel_size=_ntuple(self.name, "kernel_size", kernel_size, 3),
                  mode=mode, pad_mode=mode_, pad=p, stride=_ntuple(self.name, "stride", _last(stride, 3), 3),
                  dilation=_ntuple(self.name, "dilation", _last(dilation, 3), 3), group=group,
                  groups=group, data_format=data_format)

    def __call__(self, x, weight, bias=None):
        return _pm.conv3d(x, weight, bias, self.stride, self.pad_mode, self.pad, self.dilation, self.group)


class Conv3DTranspose(Primitive):
    """``ops.Conv3DTranspose(in_channel, out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1,
    dilation=1, group=1, output_padding=0, data_format='NCDHW')(dout, weight, bias=None)``."""

    def __init__(self, in_channel, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, output_padding=0, data_format="NCDHW"):
        super().__init__("Conv3DTranspose")
        mode_ = check_str(self.name, "pad_mode", pad_mode.lower() if isinstance(pad_mode, str) else pad_mode,
                          ("valid", "same", "pad"))
        p = (pad,) * 6 if _is_int(pad) else tuple(pad)
        set_attrs(self, in_channel=in_channel, out_channel=out_channel,
                  kernel_size=_ntuple(self.name, "kernel_size", kernel_size, 3), mode=mode, pad_mode=mode_, pad=p,
                  stride=_ntuple(self.name, "stride", _last(stride, 3), 3),
                  dilation=_ntuple(self.name, "dilation", _last(dilation, 3), 3), group=group,
                  output_padding=_ntuple(self.name, "output_padding", _last(output_padding, 3), 3, True),
                  data_format=data_format)

    def __call__(self, dout, weight, bias=None):
        y = _pm.conv3d_transpose(dout, weight, self.pad_mode, self.pad, self.stride, self.dilation, self.group,
                                 self.output_padding)
        return y if bias is None else F.add(y, F.reshape(bias, (1, -1, 1, 1, 1)))


class Conv2DBackpropInput(Primitive):
    """``ops.Conv2DBackpropInput(out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=None, mode=1, stride=1,
    dilation=1, group=1, data_format='NCHW')(dout, weight, input_size)``: the gradient of Conv2D w.r.t. its
    input of shape ``input_size`` (the transposed convolution)."""

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=None, mode=1, stride=1,
                 dilation=1, group=1, data_format="NCHW"):
        super().__init__(type(self).__name__)
        mode_ = check_str(self.name, "pad_mode", pad_mode.lower() if isinstance(pad_mode, str) else pad_mode,
                          ("valid", "same", "pad"))
        p = (pad,) * 4 if _is_int(pad) else tuple(pad)
        set_attrs(self, out_channel=out_channel, kernel_size=_ntuple(self.name, "kernel_size", kernel_size, 2),
                  pad_mode=mode_, pad=p, pad_list=pad_list, mode=mode,
                  stride=_ntuple(self.name, "stride", _last(stride, 2), 2),
                  dilation=_ntuple(self.name, "dilation", _last(dilation, 2), 2), group=group,
                  data_format=data_format)

    def __call__(self, dout, weight, input_size):
        dy, w = tensor_of(dout, self.name), tensor_of(weight, self.name)
        size = tuple(int(v) for v in (input_size.asnumpy().tolist() if hasattr(input_size, "asnumpy")
                                      else input_size))
        if len(size) != 4:
            raise ValueError(f"For '{self.name}', the 'input_size' must have 4 elements, but got {size}.")
        if self.pad_mode == "same":
            pads = _n3.same_pads(size[2:], w.shape[2:], self.stride, self.dilation)
        elif self.pad_mode == "pad":
            pads = ((self.pad[0], self.pad[1]), (self.pad[2], self.pad[3]))
        else:
            pads = ((0, 0), (0, 0))
        # the output_padding that makes the transposed convolution exactly input_size
        full = [(n - 1) * s + d * (k - 1) + 1 - lo - hi for n, s, d, k, (lo, hi) in
                zip(dy.shape[2:], self.stride, self.dilation, w.shape[2:], pads)]
        extra = tuple(o - f for o, f in zip(size[2:], full))
        if any(e < 0 for e in extra):
            raise ValueError(f"For '{self.name}', the 'input_size' {size} is too small for 'dout' {list(dy.shape)}.")
        return _n3.conv_transpose_nd(dy, w, None, self.stride, pads, extra, self.dilation, self.group)


class Conv2DTranspose(Conv2DBackpropInput):
    """``ops.Conv2DTranspose(out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=None, mode=1, stride=1,
    dilation=1, group=1, data_format='NCHW')(dout, weight, input_size)``: the transposed 2-D convolution."""


class Im2Col(Primitive):
    """``ops.Im2Col(ksizes, strides=1, dilations=1, pads=0)(x)``: sliding blocks of NCHW ``x`` as
    (N, C, kh * kw, L) columns."""

    def __init__(self, ksizes, strides=1, dilations=1, pads=0):
        super().__init__("Im2Col")
        set_attrs(self, ksizes=_ntuple(self.name, "ksizes", ksizes, 2), strides=_ntuple(self.name, "strides",
                                                                                         strides, 2),
                  dilations=_ntuple(self.name, "dilations", dilations, 2),
                  pads=_ntuple(self.name, "pads", _last(pads, 2) if not (isinstance(pads, (tuple, list))
                                                                         and len(pads) == 4) else pads[::2], 2,
                               True))

    def __call__(self, x):
        cols = _pm.unfold(x, self.ksizes, self.dilations, self.pads, self.strides)
        n, ck, length = cols.shape
        return F.reshape(cols, (n, ck // (self.ksizes[0] * self.ksizes[1]), self.ksizes[0] * self.ksizes[1],
                                length))


class Col2Im(Primitive):
    """``ops.Col2Im(kernel_size, dilation=1, padding=0, stride=1)(x, output_size)``: (N, C, kh * kw, L) columns
    summed back into (N, C, H, W)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__("Col2Im")
        set_attrs(self, kernel_size=_ntuple(self.name, "kernel_size", kernel_size, 2),
                  dilation=_ntuple(self.name, "dilation", dilation, 2),
                  padding=_ntuple(self.name, "padding", padding, 2, True),
                  stride=_ntuple(self.name, "stride", stride, 2))

    def __call__(self, x, output_size):
        x = tensor_of(x, self.name)
        if x.ndim != 4:
            raise ValueError(f"For 'Col2Im', the input must be a 4-D Tensor (N, C, kh * kw, L), but got {x.ndim}-D.")
        cols = F.reshape(x, (x.shape[0], x.shape[1] * x.shape[2], x.shape[3]))
        return _pm.fold(cols, output_size, self.kernel_size, self.dilation, self.padding, self.stride)


# ---- grid sampling and CTC (ops in ops/_grid_ctc.py) ------------------------------------------------------
from .. import _grid_ctc as _gc  # noqa: E402


class AffineGrid(Primitive):
    """``ops.AffineGrid(align_corners=False)(theta, output_size)``: the sampling grid of affine matrices."""

    def __init__(self, align_corners=False):
        super().__init__("AffineGrid")
        set_attrs(self, align_corners=check_bool(self.name, "align_corners", align_corners))

    def __call__(self, theta, output_size):
        return _gc.affine_grid(theta, output_size, self.align_corners)


class _GridSampler(Primitive):
    def __init__(self, interpolation_mode="bilinear", padding_mode="zeros", align_corners=False):
        super().__init__(type(self).__name__)
        set_attrs(self, interpolation_mode=check_str(self.name, "interpolation_mode", interpolation_mode,
                                                     ("bilinear", "nearest")),
                  padding_mode=check_str(self.name, "padding_mode", padding_mode, ("zeros", "border", "reflection")),
                  align_corners=check_bool(self.name, "align_corners", align_corners))

    def __call__(self, input_x, grid):
        return _gc.grid_sample(input_x, grid, self.interpolation_mode, self.padding_mode, self.align_corners)


class GridSampler2D(_GridSampler):
    """``ops.GridSampler2D(interpolation_mode='bilinear', padding_mode='zeros', align_corners=False)(input_x,
    grid)``: 2-D grid sampling."""


class GridSampler3D(_GridSampler):
    """``ops.GridSampler3D(interpolation_mode='bilinear', padding_mode='zeros', align_corners=False)(input_x,
    grid)``: 3-D grid sampling."""


class CTCGreedyDecoder(Primitive):
    """``ops.CTCGreedyDecoder(merge_repeated=True)(inputs, sequence_length)``: the best-path decoding (eager)."""

    def __init__(self, merge_repeated=True):
        super().__init__("CTCGreedyDecoder")
        set_attrs(self, merge_repeated=check_bool(self.name, "merge_repeated", merge_repeated))

    def __call__(self, inputs, sequence_length):
        return _gc.ctc_greedy_decoder(inputs, sequence_length, self.merge_repeated)


# MindSpore defines these in ``ops.operations.nn_ops``: they print and pickle under that module
for _cls in [v for v in list(globals().values()) if isinstance(v, type) and v.__module__ == __name__]:
    _cls.__module__ = "mindjax.ops.operations.nn_ops"
del _cls
