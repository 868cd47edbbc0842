"""``mindspore.ops.operations.nn_ops``: activations, convolution, pooling, normalization,
dropout, padding and losses as Primitive classes over the functional ops."""
from __future__ import annotations

from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import simple, check_call_attrs, check_bool, check_float, check_str, set_attrs, _is_int, type_error

ReLU = simple("ReLU", F.relu)
ReLU6 = simple("ReLU6", F.relu6)
Sigmoid = simple("Sigmoid", F.sigmoid)
Tanh = simple("Tanh", F.tanh)
GeLU = simple("GeLU", lambda x: F.gelu(x, approximate="tanh"),
              "``ops.GeLU()(x)``: the GELU activation in its tanh form, as MindSpore's kernel.")
HSwish = simple("HSwish", F.hardswish)
HSigmoid = simple("HSigmoid", F.hardsigmoid)
Softplus = simple("Softplus", F.softplus)
Softsign = simple("Softsign", F.softsign)
Mish = simple("Mish", F.mish)
SeLU = simple("SeLU", F.selu)
PReLU = simple("PReLU", F.prelu)
Flatten = simple("Flatten", lambda x: F.flatten(x), "``ops.Flatten()(x)``: every axis but the first merged.")
L2Loss = simple("L2Loss", lambda x: F.div(F.sum(F.square(x)), 2), "``ops.L2Loss()(x)``: sum(x ** 2) / 2.")
SigmoidCrossEntropyWithLogits = simple(
    "SigmoidCrossEntropyWithLogits", lambda x, y: F.binary_cross_entropy_with_logits(x, y, reduction="none"),
    "``ops.SigmoidCrossEntropyWithLogits()(logits, labels)``: elementwise binary cross-entropy of the logits.")


def _fast_gelu(x):
    # x * sigmoid(1.702 x), as MindSpore's FastGeLU: x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))
    return F.mul(x, F.sigmoid(F.mul(x, 1.702)))


FastGeLU = simple("FastGeLU", _fast_gelu, "``ops.FastGeLU()(x)``: x * sigmoid(1.702 x).")

class OneHot(Primitive):
    """``ops.OneHot(axis=-1)(indices, depth, on_value, off_value)``: one-hot vectors along ``axis``."""

    def __init__(self, axis: int = -1):
        super().__init__("OneHot")
        set_attrs(self, axis=axis)

    def __call__(self, indices, depth, on_value, off_value):
        check_call_attrs(self, axis="int")
        return F.one_hot(indices, depth, on_value, off_value, self.axis)


class Elu(Primitive):
    """``ops.Elu(alpha=1.0)(input_x)``: x for x > 0, alpha * (exp(x) - 1) otherwise."""

    def __init__(self, alpha: float = 1.0):
        super().__init__("Elu")
        set_attrs(self, alpha=alpha)

    def __call__(self, x):
        check_call_attrs(self, alpha="float")
        return F.elu(x, self.alpha)


class CeLU(Primitive):
    """``ops.CeLU(alpha=1.0)(x)``: max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""

    def __init__(self, alpha: float = 1.0):
        super().__init__("CeLU")
        set_attrs(self, alpha=alpha)

    def __call__(self, x):
        check_call_attrs(self, alpha="float")
        return F.celu(x, self.alpha)


class _Shrink(Primitive):
    def __init__(self, lambd: float = 0.5):
        super().__init__(type(self).__name__)
        set_attrs(self, lambd=lambd)

    def __call__(self, input):
        check_call_attrs(self, lambd="float")
        if self.lambd < 0:
            raise ValueError(f"For '{self.name}', the 'lambd' must be greater than or equal to 0.0, but got "
                             f"{self.lambd}.")
        x = tensor_of(input, self.name)
        keep = F.greater(F.abs(x), self.lambd)
        return F.select(keep, self._outside(x), F.zeros_like(x))


class HShrink(_Shrink):
    """``ops.HShrink(lambd=0.5)(input)``: x where |x| > lambd, else 0."""

    def _outside(self, x):
        return x


class SoftShrink(_Shrink):
    """``ops.SoftShrink(lambd=0.5)(input)``: x - sign(x) * lambd where |x| > lambd, else 0."""

    def _outside(self, x):
        return F.sub(x, F.mul(F.sign(x), self.lambd))


class Softmax(Primitive):
    """``ops.Softmax(axis=-1)(input)``: the softmax along ``axis``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import operations as P
        >>> print(P.Softmax()(ms.Tensor([0., 0.])))
        [0.5 0.5]
    """

    def __init__(self, axis=-1):
        super().__init__(type(self).__name__)
        if _is_int(axis):
            axis = (int(axis),)
        elif not isinstance(axis, tuple):
            raise TypeError(f"For '{self.name}', the type of 'axis' should be one of '[int, tuple of int]', but got "
                            f"{type(axis)}.")
        set_attrs(self, axis=axis)

    def __call__(self, x):
        if len(self.axis) != 1 or not _is_int(self.axis[0]):
            raise TypeError(f"For '{self.name}', the 'axis' must be an int or a tuple of one int, but got "
                            f"{self.axis}.")
        return F.softmax(x, self.axis[0])


class LogSoftmax(Primitive):
    """``ops.LogSoftmax(axis=-1)(logits)``: the log of the softmax along ``axis``."""

    def __init__(self, axis: int = -1):
        super().__init__("LogSoftmax")
        set_attrs(self, axis=axis)

    def __call__(self, logits):
        check_call_attrs(self, axis="int")
        return F.log_softmax(logits, self.axis)


class LeakyReLU(Primitive):
    """``LeakyReLU(alpha=0.2)(x)``: x for x > 0, alpha * x otherwise."""

    def __init__(self, alpha=0.2):
        super().__init__("LeakyReLU")
        set_attrs(self, alpha=alpha)

    def __call__(self, x):
        return F.leaky_relu(x, self.alpha)


def _check_positive_pair(prim, arg, value, allow4=False):
    ok = _is_int(value) and value > 0
    if isinstance(value, tuple) and len(value) in ((2, 4) if allow4 else (2,)) and all(_is_int(v) and v > 0
                                                                                      for v in value):
        ok = True
    if not ok:
        raise ValueError(f"For '{prim}' attr '{arg}' must be an positive int number or a tuple of two positive int "
                         f"numbers, but got {value}")
    return (value, value) if _is_int(value) else tuple(value[-2:])


class Conv2D(Primitive):
    """``ops.Conv2D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1,
    group=1, data_format='NCHW')(x, weight)``: 2-D convolution of NCHW input with OIHW weights."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1, group=1,
                 data_format="NCHW"):
        super().__init__("Conv2D")
        if not _is_int(out_channel) or out_channel <= 0:
            raise ValueError(f"For 'Conv2D', the 'out_channel' must be int and must > 0, but got '{out_channel}' "
                             f"with type '{type(out_channel).__name__}'.")
        _check_positive_pair("Conv2D", "kernel_size", kernel_size)
        pad_mode = check_str("Conv2D", "pad_mode", pad_mode.lower() if isinstance(pad_mode, str) else pad_mode,
                             ("valid", "same", "pad"))
        pad4 = (pad,) * 4 if _is_int(pad) else tuple(pad)
        if len(pad4) != 4 or any(not _is_int(p) or p < 0 for p in pad4):
            raise ValueError(f"For 'Conv2D', the 'pad' must be a non-negative int or a tuple of four non-negative "
                             f"ints, but got {pad}.")
        if pad_mode != "pad" and any(pad4):
            raise ValueError(f"For 'Conv2D', the 'pad' must be zero when 'pad_mode' is not 'pad', but got 'pad': "
                             f"{pad4} and 'pad_mode': {pad_mode}.")
        stride4 = (1, 1) + _check_positive_pair("Conv2D", "stride", stride, allow4=True)
        dil4 = (1, 1) + _check_positive_pair("Conv2D", "dilation", dilation, allow4=True)
        if not _is_int(group) or group <= 0:
            raise ValueError(f"For 'Conv2D', the 'group' must be int and must > 0, but got '{group}'.")
        if data_format != "NCHW":  # mindjax's convolution is NCHW (as MindSpore's CPU kernels)
            raise ValueError(f"For 'Conv2D', the 'data_format' only supports 'NCHW' here, but got {data_format!r}.")
        set_attrs(self, out_channel=out_channel, kernel_size=kernel_size, mode=mode, pad_mode=pad_mode, pad=pad4,
                  stride=stride4, dilation=dil4, group=group, data_format=data_format, groups=group)

    def __call__(self, x, weight):
        p = self.pad
        padding = (p[0], p[1], p[2], p[3])
        return F.conv2d(x, weight, None, self.stride[2:], self.pad_mode, padding, self.dilation[2:], self.group)


class _Pool(Primitive):
    kind = "max"

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        name = type(self).__name__
        super().__init__(name)
        k = _check_positive_pair(name, "kernel_size", kernel_size, allow4=True)
        s = _check_positive_pair(name, "strides", strides, allow4=True)
        mode = check_str(name, "pad_mode", pad_mode).upper()
        if mode not in ("VALID", "SAME"):
            raise ValueError(f"For '{name}', the 'pad_mode' must be str and must be in '['VALID', 'SAME']', but got "
                             f"'{mode}'.")
        if data_format != "NCHW":
            raise ValueError(f"For '{name}', the 'data_format' only supports 'NCHW' here, but got {data_format!r}.")
        set_attrs(self, kernel_size=(1, 1) + k, strides=(1, 1) + s, pad_mode=mode, data_format=data_format)

    def __call__(self, x):
        f = F.max_pool2d if self.kind == "max" else F.avg_pool2d
        return f(x, self.kernel_size[2:], self.strides[2:], 0, self.pad_mode.lower())


class MaxPool(_Pool):
    """``ops.MaxPool(kernel_size=1, strides=1, pad_mode='valid')(x)``: 2-D max pooling of NCHW input."""
    kind = "max"


class AvgPool(_Pool):
    """``ops.AvgPool(kernel_size=1, strides=1, pad_mode='valid')(x)``: 2-D average pooling of NCHW input."""
    kind = "avg"


class AdaptiveAvgPool2D(Primitive):
    """``ops.AdaptiveAvgPool2D(output_size)(x)``: average pooling to a fixed output size."""

    def __init__(self, output_size):
        super().__init__("AdaptiveAvgPool2D")
        set_attrs(self, output_size=(output_size, output_size) if _is_int(output_size) else tuple(output_size))

    def __call__(self, x):
        return F.adaptive_avg_pool2d(x, self.output_size)


class BiasAdd(Primitive):
    """``ops.BiasAdd(data_format='NCHW')(input_x, bias)``: ``bias`` added along the channel axis."""

    def __init__(self, data_format: str = "NCHW"):
        super().__init__("BiasAdd")
        if not isinstance(data_format, str):
            raise TypeError(f"For 'BiasAdd', the input 'data_format' should be a str, but got {type(data_format)}.")
        set_attrs(self, data_format=data_format)

    def __call__(self, input_x, bias):
        if self.data_format not in ("NCHW", "NHWC", "NCDHW"):
            raise ValueError(f"For 'BiasAdd', the 'data_format' must be one of 'NCHW', 'NHWC', 'NCDHW', but got "
                             f"{self.data_format!r}.")
        x = tensor_of(input_x, "BiasAdd")
        b = tensor_of(bias, "BiasAdd")
        axis = x.ndim - 1 if self.data_format == "NHWC" else 1
        if b.ndim != 1 or x.ndim < 2 or b.shape[0] != x.shape[axis]:
            raise ValueError(f"For 'BiasAdd', the 'bias' must be 1-D with the size of the channel axis of 'input_x', "
                             f"but got 'bias' shape {list(b.shape)} and 'input_x' shape {list(x.shape)}.")
        shape = [1] * x.ndim
        shape[axis] = -1
        return F.add(x, F.reshape(b, tuple(shape)))


class BatchNorm(Primitive):
    """``ops.BatchNorm(is_training=False, epsilon=1e-5, momentum=0.1)(x, scale, bias, mean, variance)``."""

    def __init__(self, is_training=False, epsilon=1e-5, momentum=0.1, data_format="NCHW"):
        super().__init__("BatchNorm")
        set_attrs(self, is_training=is_training, epsilon=epsilon, momentum=momentum, data_format=data_format)

    def __call__(self, x, scale, bias, mean, variance):
        y = F.batch_norm(x, mean, variance, scale, bias, self.is_training, self.momentum, self.epsilon)
        if not self.is_training:  # MindSpore's inference kernel leaves the four statistics outputs at zero
            z = F.zeros_like(mean)
            return y, z, z, z, z
        return y, mean, variance, mean, variance


class LayerNorm(Primitive):
    """``ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(input_x, gamma, beta)``:
    returns (output, mean, variance), the statistics over the axes from ``begin_norm_axis`` on."""

    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7):
        super().__init__("LayerNorm")
        set_attrs(self, begin_norm_axis=begin_norm_axis, begin_params_axis=begin_params_axis, epsilon=epsilon)

    def __call__(self, input_x, gamma, beta):
        check_call_attrs(self, begin_norm_axis="int", begin_params_axis="int", epsilon="float")
        x = tensor_of(input_x, "LayerNorm")
        a = self.begin_norm_axis % x.ndim
        axes = tuple(range(a, x.ndim))
        mean = F.mean(x, axes, True)
        var = F.mean(F.square(F.sub(x, mean)), axes, True)
        y = F.div(F.sub(x, mean), F.sqrt(F.add(var, self.epsilon)))
        return F.add(F.mul(y, gamma), beta), mean, var


class L2Normalize(Primitive):
    """``ops.L2Normalize(axis=0, epsilon=1e-4)(x)``: x / sqrt(max(sum(x ** 2, axis), epsilon))."""

    def __init__(self, axis=0, epsilon=1e-4):
        super().__init__("L2Normalize")
        if _is_int(axis):
            axis = (int(axis),)
        elif not isinstance(axis, (tuple, list)):
            raise TypeError(f"For 'L2Normalize', the type of 'axis' should be one of '['list', 'tuple']', but got "
                            f"type '{type(axis).__name__}'.")
        set_attrs(self, axis=list(axis),
                  epsilon=check_float("L2Normalize", "epsilon", epsilon))

    def __call__(self, x):
        s = F.sum(F.square(x), self.axis, True)
        return F.div(x, F.sqrt(F.maximum(s, self.epsilon)))


class Dropout(Primitive):
    """``ops.Dropout(keep_prob=0.5, Seed0=0, Seed1=0)(x)``: returns (output, mask)."""

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):  # noqa: N803 - MindSpore's names
        super().__init__("Dropout")
        set_attrs(self, keep_prob=keep_prob, Seed0=Seed0, Seed1=Seed1)

    def __call__(self, x):
        check_call_attrs(self, keep_prob="float", Seed0="int", Seed1="int")
        if not 0 < self.keep_prob <= 1:  # MindSpore raises this at run time, as a RuntimeError
            raise RuntimeError(f"For 'Dropout', the 'keep_prob' must be in (0.0, 1.0], but got {self.keep_prob}")
        from ..nn_ops import _mask
        x = tensor_of(x, "Dropout")
        mask = _mask(x.shape, self.keep_prob, x._raw.dtype)
        return F.mul(x, F.mul(mask, 1.0 / self.keep_prob)), mask


class Dropout2D(Primitive):
    """``ops.Dropout2D(keep_prob=0.5)(x)``: whole channels dropped; returns (output, mask)."""

    def __init__(self, keep_prob=0.5):
        super().__init__("Dropout2D")
        keep_prob = check_float("Dropout2D", "keep_prob", keep_prob)
        if not 0 <= keep_prob <= 1:
            raise ValueError(f"For 'Dropout2D', the 'keep_prob' must be in range [0, 1], but got {keep_prob}.")
        set_attrs(self, keep_prob=keep_prob)

    def __call__(self, x):
        from .._channel_dropout import channel_dropout
        return channel_dropout("Dropout2D", x, self.keep_prob, 4)


class SoftmaxCrossEntropyWithLogits(Primitive):
    """``ops.SoftmaxCrossEntropyWithLogits()(logits, labels)``: (loss per sample, its gradient)."""

    def __init__(self):
        super().__init__("SoftmaxCrossEntropyWithLogits")

    def __call__(self, logits, labels):
        loss = F.softmax_cross_entropy_with_logits(logits, labels)
        return loss, F.sub(F.softmax(logits, -1), labels)


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    """``ops.SparseSoftmaxCrossEntropyWithLogits(is_grad=False)(logits, labels)``: the mean loss,
    or with ``is_grad`` the gradient w.r.t. the logits."""

    def __init__(self, is_grad=False):
        super().__init__("SparseSoftmaxCrossEntropyWithLogits")
        set_attrs(self, is_grad=check_bool(self.name, "is_grad", is_grad))

    def __call__(self, logits, labels):
        if self.is_grad:
            n = logits.shape[0]
            onehot = F.cast(F.one_hot(labels, logits.shape[-1], 1.0, 0.0), logits.dtype)
            return F.div(F.sub(F.softmax(logits, -1), onehot), n)
        return F.mean(F.sparse_softmax_cross_entropy(logits, labels))


_REDUCTIONS = ("none", "mean", "sum")


def _check_reduction(prim):
    check_call_attrs(prim, reduction="str")
    if prim.reduction not in _REDUCTIONS:
        raise ValueError(f"For '{prim.name}', the 'reduction' must be in {list(_REDUCTIONS)}, but got "
                         f"'{prim.reduction}'.")


class _Loss(Primitive):
    def __init__(self, reduction="mean"):
        super().__init__(type(self).__name__)
        set_attrs(self, reduction=reduction)


class BCEWithLogitsLoss(_Loss):
    """``ops.BCEWithLogitsLoss(reduction='mean')(input, target, weight=None, posWeight=None)``."""

    def __call__(self, input, target, weight=None, posWeight=None):  # noqa: N803 - MindSpore's name
        _check_reduction(self)
        return F.binary_cross_entropy_with_logits(input, target, weight, posWeight, self.reduction)


class BinaryCrossEntropy(_Loss):
    """``ops.BinaryCrossEntropy(reduction='mean')(input, target, weight=None)``: input holds probabilities."""

    def __call__(self, input, target, weight=None):
        _check_reduction(self)
        return F.binary_cross_entropy(input, target, weight, self.reduction)


class KLDivLoss(_Loss):
    """``ops.KLDivLoss(reduction='mean')(logits, labels)``: labels * (log(labels) - logits), reduced."""

    def __call__(self, logits, labels):
        check_call_attrs(self, reduction="str")
        if self.reduction not in _REDUCTIONS + ("batchmean",):
            raise ValueError(f"For 'KLDivLoss', the 'reduction' must be in ['none', 'mean', 'sum', 'batchmean'], "
                             f"but got '{self.reduction}'.")
        return F.kl_div(logits, labels, self.reduction)


class SmoothL1Loss(Primitive):
    """``ops.SmoothL1Loss(beta=1.0, reduction='none')(prediction, target)``."""

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__("SmoothL1Loss")
        set_attrs(self, beta=beta, reduction=reduction)

    def __call__(self, prediction, target):
        check_call_attrs(self, beta="float")
        _check_reduction(self)
        if self.beta <= 0:
            raise RuntimeError(f"For 'SmoothL1Loss', the values for beta should greater than 0, but got "
                               f"{self.beta}.")
        return F.smooth_l1_loss(prediction, target, self.beta, self.reduction)


class NLLLoss(Primitive):
    """``ops.NLLLoss(reduction='mean', ignore_index=-100)(logits, labels, weight)``: (loss, total_weight)."""

    def __init__(self, reduction="mean", ignore_index=-100):
        super().__init__("NLLLoss")
        set_attrs(self, reduction=reduction, ignore_index=ignore_index)

    def __call__(self, logits, labels, weight):
        _check_reduction(self)
        check_call_attrs(self, ignore_index="int")
        valid = F.cast(F.not_equal(labels, self.ignore_index), weight.dtype)
        total = F.sum(F.mul(F.gather(weight, F.maximum(labels, 0), 0), valid))
        loss = F.nll_loss(logits, labels, weight, self.ignore_index, self.reduction)
        return loss, total


class Pad(Primitive):
    """``ops.Pad(paddings)(x)``: zero padding, ``paddings[i] = (before, after)`` for dimension i."""

    def __init__(self, paddings):
        super().__init__("Pad")
        if not isinstance(paddings, tuple):
            raise type_error("Pad", "paddings", "tuple", paddings)
        for p in paddings:
            if not isinstance(p, (tuple, list)) or len(p) != 2:
                raise ValueError(f"For 'Pad', each element of 'paddings' must be a pair of ints, but got "
                                 f"{paddings}.")
        set_attrs(self, paddings=paddings)

    def __call__(self, x):
        x = tensor_of(x, "Pad")
        if len(self.paddings) != x.ndim:
            raise ValueError(f"For 'Pad', the length of 'paddings' must equal the rank of 'x' {x.ndim}, but got "
                             f"{len(self.paddings)}.")
        flat = []
        for before, after in reversed(self.paddings):
            flat += [int(before), int(after)]
        return F.pad(x, tuple(flat))



class GetNext(Primitive):
    """``ops.GetNext(types, shapes, output_num, shared_name)()``: the next element of a dataset
    queue. Queues are fed by dataset sinking, which mindjax does not do, so a queue is only
    found when ``mindjax.dataset`` registered one under ``shared_name``."""

    _queues: dict = {}

    def __init__(self, types, shapes, output_num, shared_name):
        super().__init__("GetNext")
        set_attrs(self, types=types, shapes=shapes, output_num=output_num, shared_name=shared_name)

    def __call__(self):
        q = GetNext._queues.get(self.shared_name)
        if q is None:
            raise RuntimeError(f"For 'GetNext', the data queue '{self.shared_name}' does not exist: no dataset is "
                               f"being sent to it. Op Default/GetNext-op0 run failed!")
        items = next(q)
        return items[0] if self.output_num == 1 else tuple(items)



from ._nn_ops_more import *  # noqa: E402,F401,F403  (the apply-ops, pooling, 3-D conv, grid, CTC Primitives)
from ._fractional_ops import FractionalMaxPoolWithFixedKsize  # noqa: E402,F401  (MindSpore has it in nn_ops)


def __getattr__(name: str):
    # Primitives MindSpore has in nn_ops but exports from neither ops nor ops.operations
    if name == "PSROIPooling":
        from ._psroi_prims import PSROIPooling
        return PSROIPooling
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)
