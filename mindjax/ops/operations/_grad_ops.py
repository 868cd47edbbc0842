"""``mindspore.ops.operations._grad_ops``: MindSpore's gradient Primitives (``G.ReluGrad()``,
``G.BiasAddGrad()``, ...) that tests and custom bprops call directly. Each is the formula of
the gradient written with the functional ops, so it is differentiable in turn."""
from __future__ import annotations

from ... import _dtype as mstype
from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import simple, check_call_attrs, set_attrs


def _one_minus_sq(y):
    return F.sub(1, F.mul(y, y))


def _cj(t):
    # complex inputs: MindSpore's kernels take dout * conj(f'(x)) (InvGrad and TanhGrad do not conjugate)
    return F.conj(t) if t.dtype in (mstype.complex64, mstype.complex128) else t


def _gt(x, v):
    return F.cast(F.greater(x, v), x.dtype)


ReluGrad = simple("ReluGrad", lambda dy, x: F.mul(dy, _gt(x, 0)),
                  "``G.ReluGrad()(y_backprop, x)``: y_backprop where x > 0, else 0.")
ReLU6Grad = simple("ReLU6Grad", lambda dy, x: F.mul(dy, F.cast(F.logical_and(F.greater(x, 0), F.less_equal(x, 6)),
                                                                 dy.dtype)),
                   "``G.ReLU6Grad()(y_backprop, x)``: y_backprop where 0 < x <= 6, else 0.")
SigmoidGrad = simple("SigmoidGrad", lambda y, dy: F.mul(dy, _cj(F.mul(y, F.sub(1, y)))),
                     "``G.SigmoidGrad()(y, dy)``: dy * conj(y * (1 - y)), y the sigmoid output.")
TanhGrad = simple("TanhGrad", lambda y, dy: F.mul(dy, _one_minus_sq(y)),
                  "``G.TanhGrad()(y, dy)``: dy * (1 - y ** 2), y the tanh output.")
SqrtGrad = simple("SqrtGrad", lambda y, dy: F.div(dy, _cj(F.mul(y, 2))),
                  "``G.SqrtGrad()(y, dy)``: dy / (2 y), y the sqrt output.")
RsqrtGrad = simple("RsqrtGrad", lambda y, dy: F.mul(dy, _cj(F.mul(F.mul(F.mul(y, y), y), -0.5))),
                   "``G.RsqrtGrad()(y, dy)``: -0.5 * dy * y ** 3, y the rsqrt output.")
ReciprocalGrad = simple("ReciprocalGrad", lambda y, dy: F.neg(F.mul(dy, _cj(F.mul(y, y)))),
                        "``G.ReciprocalGrad()(y, dy)``: -dy * y ** 2, y the reciprocal output.")
InvGrad = simple("InvGrad", lambda y, dy: F.neg(F.mul(dy, F.mul(y, y))),
                 "``G.InvGrad()(y, dy)``: -dy * y ** 2, y the reciprocal output.")
AsinGrad = simple("AsinGrad", lambda x, dout: F.mul(dout, _cj(F.rsqrt(_one_minus_sq(x)))),
                  "``G.AsinGrad()(x, dout)``: dout / sqrt(1 - x ** 2).")
ACosGrad = simple("ACosGrad", lambda x, dout: F.neg(F.mul(dout, _cj(F.rsqrt(_one_minus_sq(x))))),
                  "``G.ACosGrad()(x, dout)``: -dout / sqrt(1 - x ** 2).")
AtanGrad = simple("AtanGrad", lambda x, dout: F.div(dout, _cj(F.add(F.mul(x, x), 1))),
                  "``G.AtanGrad()(x, dout)``: dout / (1 + x ** 2).")
AsinhGrad = simple("AsinhGrad", lambda out, dout: F.div(dout, _cj(F.cosh(out))),
                   "``G.AsinhGrad()(out, dout)``: dout / cosh(out), out the asinh output.")
AcoshGrad = simple("AcoshGrad", lambda out, dout: F.div(dout, _cj(F.sinh(out))),
                   "``G.AcoshGrad()(out, dout)``: dout / sinh(out), out the acosh output.")
EluGrad = simple("EluGrad", lambda dout, out: F.mul(dout, F.select(F.greater(out, 0), F.ones_like(out),
                                                                   F.add(out, 1))),
                 "``G.EluGrad()(dout, out)``: dout where out > 0, else dout * (out + 1) (alpha 1).")
SoftplusGrad = simple("SoftplusGrad", lambda dout, x: F.mul(dout, F.sigmoid(x)),
                      "``G.SoftplusGrad()(dout, x)``: dout * sigmoid(x).")
HSigmoidGrad = simple("HSigmoidGrad", lambda g, x: F.mul(g, F.mul(F.cast(F.logical_and(
    F.greater(x, -3), F.less(x, 3)), g.dtype), 1.0 / 6)),
    "``G.HSigmoidGrad()(grads, x)``: grads / 6 where -3 < x < 3, else 0.")


def _hswish_grad(g, x):
    mid = F.div(F.add(F.mul(x, 2), 3), 6)
    d = F.select(F.less_equal(x, -3), F.zeros_like(x), F.select(F.greater_equal(x, 3), F.ones_like(x), mid))
    return F.mul(g, d)


HSwishGrad = simple("HSwishGrad", _hswish_grad, "``G.HSwishGrad()(y_grad, x)``: y_grad * hswish'(x).")


def _gelu_grad(dy, x, y):
    # GeLU is 0.5 x (1 + tanh(k (x + 0.044715 x^3))); its derivative
    # 0.5 (1 + t) + 0.5 x (1 - t^2) k (1 + 3 * 0.044715 x^2)
    k = 0.7978845608028654
    x2 = F.mul(x, x)
    t = F.tanh(F.mul(F.add(x, F.mul(F.mul(x2, x), 0.044715)), k))
    inner = F.mul(F.add(F.mul(x2, 3 * 0.044715), 1), k)
    d = F.add(F.mul(F.add(t, 1), 0.5), F.mul(F.mul(F.mul(x, 0.5), F.sub(1, F.mul(t, t))), inner))
    return F.mul(dy, d)


GeLUGrad = simple("GeLUGrad", _gelu_grad, "``G.GeLUGrad()(dy, x, y)``: dy * gelu'(x) (the tanh form of GeLU).")


class BiasAddGrad(Primitive):
    """``G.BiasAddGrad(data_format='NCHW')(dout)``: dout summed over every axis but the channel axis."""

    def __init__(self, data_format="NCHW"):
        super().__init__("BiasAddGrad")
        set_attrs(self, data_format=data_format)

    def __call__(self, dout):
        check_call_attrs(self, data_format="str")
        d = tensor_of(dout, "BiasAddGrad")
        c = d.ndim - 1 if self.data_format == "NHWC" else 1
        return F.sum(d, tuple(i for i in range(d.ndim) if i != c))


class LogSoftmaxGrad(Primitive):
    """``G.LogSoftmaxGrad(axis=-1)(logits, grad)``: grad - exp(logits) * sum(grad), logits the
    log-softmax output."""

    def __init__(self, axis=-1):
        super().__init__("LogSoftmaxGrad")
        set_attrs(self, axis=axis)

    def __call__(self, logits, grad):
        check_call_attrs(self, axis="int")
        return F.sub(grad, F.mul(F.exp(logits), F.sum(grad, self.axis, True)))


class _ShrinkGrad(Primitive):
    def __init__(self, lambd=0.5):
        super().__init__(type(self).__name__)
        set_attrs(self, lambd=lambd)

    def __call__(self, grad, x):
        check_call_attrs(self, lambd="float")
        return F.select(F.greater(F.abs(x), self.lambd), grad, F.zeros_like(grad))


class HShrinkGrad(_ShrinkGrad):
    """``G.HShrinkGrad(lambd=0.5)(gradients, features)``: gradients where |features| > lambd, else 0."""


class SoftShrinkGrad(_ShrinkGrad):
    """``G.SoftShrinkGrad(lambd=0.5)(input_grad, input_x)``: input_grad where |input_x| > lambd, else 0."""


class _MinMaxGrad(Primitive):
    _pick = None

    def __init__(self, grad_x=True, grad_y=True):
        super().__init__(type(self).__name__)
        set_attrs(self, grad_x=grad_x, grad_y=grad_y)

    def __call__(self, x, y, grads):
        check_call_attrs(self, grad_x="bool", grad_y="bool")
        to_x = F.cast(type(self)._pick(x, y), grads.dtype)
        dx = F.sum_to(F.mul(grads, to_x), x.shape)
        dy = F.sum_to(F.mul(grads, F.sub(1, to_x)), y.shape)
        return dx, dy


class MaximumGrad(_MinMaxGrad):
    """``G.MaximumGrad(grad_x=True, grad_y=True)(x, y, grads)``: (dx, dy) of maximum; ties go to x."""
    _pick = staticmethod(F.greater_equal)


class MinimumGrad(_MinMaxGrad):
    """``G.MinimumGrad(grad_x=True, grad_y=True)(x1, x2, grads)``: (dx, dy) of minimum; ties go to x."""
    _pick = staticmethod(F.less_equal)


class SmoothL1LossGrad(Primitive):
    """``G.SmoothL1LossGrad(beta=1.0, reduction='none')(prediction, target, dout)``."""

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__("SmoothL1LossGrad")
        set_attrs(self, beta=beta, reduction=reduction)

    def __call__(self, prediction, target, dout):
        check_call_attrs(self, beta="float", reduction="str")
        d = F.sub(prediction, target)
        g = F.select(F.less(F.abs(d), self.beta), F.div(d, self.beta), F.sign(d))
        if self.reduction == "mean":
            dout = F.div(dout, d.size)
        return F.mul(g, dout)

from ._grad_ops_a import *  # noqa: E402,F401,F403  (KLDivLossGrad, LayerNormGrad, LRNGrad, ...)
from .._grad_prims_b import PSROIPoolingGrad, ResizeBilinearGrad, SliceGrad, StridedSliceGrad  # noqa: E402,F401
from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)
