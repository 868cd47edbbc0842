"""More basic layers of ``mindspore.nn``: OneHot, Tril, Triu, Roll, Upsample, Dropout3d, BiDense,
Softmax2d, RReLU, LRN, TimeDistributed and the combined Conv2dBnAct / DenseBnAct. Each calls ops."""
from __future__ import annotations

import math
import numbers

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...common.initializer import initializer, Uniform
from ... import ops
from ..cell import Cell
from ._check import check_bool
from .basic import Dense
from .conv import Conv2d
from .normalization import BatchNorm1d, BatchNorm2d
from .activation import LeakyReLU, get_activation

__all__ = ["OneHot", "Tril", "Triu", "Roll", "Upsample", "Dropout3d", "BiDense", "Softmax2d", "RReLU", "LRN",
           "TimeDistributed", "Conv2dBnAct", "DenseBnAct"]


def _type_check(cls, arg, v, types, names):
    if isinstance(v, bool) and bool not in types or not isinstance(v, types):
        raise TypeError(f"For '{cls}', the type of '{arg}' should be {names}, but got type '{type(v).__name__}'.")


class OneHot(Cell):
    """``nn.OneHot(axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32)``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.OneHot(depth=3)(ms.Tensor(np.array([0, 2]), ms.int32)).shape
        (2, 3)
    """

    def __init__(self, axis: int = -1, depth: int = 1, on_value: float = 1.0, off_value: float = 0.0,
                 dtype=mstype.float32):
        super().__init__()
        self.axis, self.depth, self.dtype = axis, depth, dtype
        self.on_value, self.off_value = on_value, off_value

    def construct(self, indices):
        on = ops.cast(Tensor(self.on_value), self.dtype)
        off = ops.cast(Tensor(self.off_value), self.dtype)
        return ops.one_hot(indices, self.depth, on, off, self.axis)


class _Band(Cell):
    op = None

    def construct(self, x, k: int = 0):
        # MindSpore multiplies in float32 by a 0/1 mask, then casts back
        return ops.cast(type(self).op(ops.cast(x, mstype.float32), k), x.dtype)


class Tril(_Band):
    """``nn.Tril()``: ``construct(x, k=0)`` keeps the lower triangle (on and below diagonal ``k``).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.Tril()(ms.Tensor(np.ones((2, 2)), ms.float32)).asnumpy().tolist()
        [[1.0, 0.0], [1.0, 1.0]]
    """
    op = staticmethod(ops.tril)


class Triu(_Band):
    """``nn.Triu()``: ``construct(x, k=0)`` keeps the upper triangle (on and above diagonal ``k``).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.Triu()(ms.Tensor(np.ones((2, 2)), ms.float32)).asnumpy().tolist()
        [[1.0, 1.0], [0.0, 1.0]]
    """
    op = staticmethod(ops.triu)


class Roll(Cell):
    """``nn.Roll(shift, axis)``: roll the elements along each axis by its shift.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.Roll(1, 0)(ms.Tensor(np.array([1., 2., 3.]), ms.float32)).asnumpy().tolist()
        [3.0, 1.0, 2.0]
    """

    def __init__(self, shift, axis):
        super().__init__()
        _type_check("Roll", "shift", shift, (int, tuple, list), "one of '['int', 'tuple', 'list']'")
        _type_check("Roll", "axis", axis, (int, tuple, list), "one of '['int', 'tuple', 'list']'")
        self.shift = list(shift) if isinstance(shift, (tuple, list)) else [shift]
        self.axis = list(axis) if isinstance(axis, (tuple, list)) else [axis]
        if len(self.shift) != len(self.axis):
            raise ValueError(f"For 'Roll', the shape of 'shift' and the shape of 'axis' must be the same, but got the "
                             f"length of 'shift' {len(self.shift)} and the length of 'axis' {len(self.axis)}.")

    def construct(self, x):
        for s, a in zip(self.shift, self.axis):
            if not -x.ndim <= a < x.ndim:
                raise ValueError(f"For 'Roll', the 'axis' must be in range [{-x.ndim}, {x.ndim}), but got {a}.")
            x = ops.roll(x, s, a % x.ndim)
        return x


class Upsample(Cell):
    """``nn.Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)``: ``ops.interpolate`` as a layer.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.Upsample(size=(4, 4))(ms.Tensor(np.ones((1, 1, 2, 2)), ms.float32)).shape
        (1, 1, 4, 4)
    """

    def __init__(self, size=None, scale_factor=None, mode: str = "nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, x):
        return ops.interpolate(x, self.size, self.scale_factor, self.mode, self.align_corners,
                               self.recompute_scale_factor)


class Dropout3d(Cell):
    """``nn.Dropout3d(p=0.5)``: zeroes whole channels of an (N, C, D, H, W) input in training.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.Dropout3d(0.5)(ms.Tensor(np.ones((1, 2, 1, 1, 1)), ms.float32)).shape  # eval: identity
        (1, 2, 1, 1, 1)
    """

    def __init__(self, p: float = 0.5):
        super().__init__()
        _type_check("Dropout3d", "p", p, (float,), "'float'")
        if p < 0 or p > 1:
            raise ValueError(f"For 'Dropout3d', the 'p' must be a number in range [0, 1], but got {p}.")
        self.keep_prob = 1.0 - p

    def construct(self, x):
        if not self.training or self.keep_prob == 1:
            return x
        return ops.dropout3d(x, 1.0 - self.keep_prob, True)

    def extend_repr(self):
        return f"p={self.keep_prob}"


class BiDense(Cell):
    """``nn.BiDense(in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
    dtype=mstype.float32)``: y = x1^T A x2 + b, ``weight`` (out, in1, in2) and ``bias`` (out,), both
    Uniform(1/sqrt(in1_channels)) by default.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> net = ms.nn.BiDense(3, 4, 5)
        >>> net(ms.Tensor(np.ones((2, 3)), ms.float32), ms.Tensor(np.ones((2, 4)), ms.float32)).shape
        (2, 5)
    """

    def __init__(self, in1_channels: int, in2_channels: int, out_channels: int, weight_init=None, bias_init=None,
                 has_bias: bool = True, dtype=mstype.float32):
        super().__init__()
        for arg, v in (("in1_channels", in1_channels), ("in2_channels", in2_channels),
                       ("out_channels", out_channels)):
            if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
                raise (ValueError if isinstance(v, int) and not isinstance(v, bool) else TypeError)(
                    f"For 'BiDense', the '{arg}' must be int and must > 0, but got '{v}' with type "
                    f"'{type(v).__name__}'.")
        self.has_bias = check_bool("BiDense", "has_bias", has_bias)
        self.in1_channels, self.in2_channels, self.out_channels = in1_channels, in2_channels, out_channels
        bound = 1 / math.sqrt(in1_channels)
        if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != (out_channels, in1_channels, in2_channels):
            raise ValueError(f"For 'BiDense', weight init shape error. The ndim of 'weight_init' must be equal to 3, "
                             f"the first dim must be equal to 'out_channels', the second dim must be equal to "
                             f"'in1_channels', and the third dim must be equal to 'in2_channels'.")
        self.weight = Parameter(initializer(weight_init if weight_init is not None else Uniform(bound),
                                            (out_channels, in1_channels, in2_channels), dtype), "weight")
        self.bias = None
        if has_bias:
            if isinstance(bias_init, Tensor) and tuple(bias_init.shape) != (out_channels,):
                raise ValueError("For 'BiDense', bias init shape error. The ndim of 'bias_init' should be equal to "
                                 "1, and the first dim must be equal to 'out_channels'.")
            self.bias = Parameter(initializer(bias_init if bias_init is not None else Uniform(bound),
                                              [out_channels], dtype), name="bias")

    def construct(self, input1, input2):
        for arg, v in (("input1", input1), ("input2", input2)):
            if not isinstance(v, Tensor):
                raise TypeError(f"For 'BiDense', the '{arg}' must be a Tensor, but got {type(v).__name__}.")
        if input1.shape[-1] != self.in1_channels or input2.shape[-1] != self.in2_channels:
            raise ValueError(f"For 'BiDense', the last dimensions of 'input1' and 'input2' must be 'in1_channels' "
                             f"{self.in1_channels} and 'in2_channels' {self.in2_channels}, but got shapes "
                             f"{list(input1.shape)} and {list(input2.shape)}.")
        if input1.shape[:-1] != input2.shape[:-1]:
            raise ValueError(f"For 'BiDense', the shapes of 'input1' and 'input2' must be the same except the last "
                             f"dimension, but got {list(input1.shape)} and {list(input2.shape)}.")
        return ops.bidense(input1, input2, self.weight, self.bias)

    def extend_repr(self):
        s = f"in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, output_channels={self.out_channels}"
        return s + (f", has_bias={self.has_bias}" if self.has_bias else "")


class Softmax2d(Cell):
    """``nn.Softmax2d()``: softmax over the channel axis (-3) of a 3-D or 4-D input.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.Softmax2d()(ms.Tensor(np.zeros((2, 1, 1)), ms.float32)).asnumpy().ravel().tolist()
        [0.5, 0.5]
    """

    def construct(self, x):
        if x.ndim not in (3, 4):
            raise ValueError(f"For 'Softmax2d', the in_shape must have 3 or 4 dims, but got {x.ndim}.")
        return ops.softmax(x, -3)


class RReLU(Cell):
    """``nn.RReLU(lower=1/8, upper=1/3)``: x where x >= 0, a * x elsewhere with a ~ U(lower, upper)
    drawn for every element at every call (MindSpore draws it in eval mode too).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.RReLU()(ms.Tensor(np.array([1., 2.]), ms.float32)).asnumpy().tolist()
        [1.0, 2.0]
    """

    def __init__(self, lower: float = 1 / 8, upper: float = 1 / 3):
        super().__init__()
        _type_check("RReLU", "upper", upper, (float, int), "one of '['float', 'int']'")
        _type_check("RReLU", "lower", lower, (float, int), "one of '['float', 'int']'")
        if lower > upper:
            raise ValueError(f"For RReLU, the value of 'upper' must be greater than or equal to 'lower', but got "
                             f"upper: {upper}, lower: {lower}. ")
        self.lower, self.upper = lower, upper

    def construct(self, x):
        if not isinstance(x, Tensor):
            raise TypeError(f"For 'rrelu', the input must be a Tensor, but got {type(x)}.")
        return ops.rrelu(x, self.lower, self.upper)


class LRN(Cell):
    """``nn.LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS')``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.LRN()(ms.Tensor(np.ones((1, 3, 2, 2)), ms.float32)).shape
        (1, 3, 2, 2)
    """

    def __init__(self, depth_radius: int = 5, bias: float = 1.0, alpha: float = 1.0, beta: float = 0.5,
                 norm_region: str = "ACROSS_CHANNELS"):
        super().__init__()
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, input_x):
        return ops.lrn(input_x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)


class TimeDistributed(Cell):
    """``nn.TimeDistributed(layer, time_axis, reshape_with_axis=None)``: apply ``layer`` to every time
    slice. Without ``reshape_with_axis`` the slices are taken one by one and stacked; with it the time
    axis is merged into ``reshape_with_axis`` for one call, then split again.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> net = ms.nn.TimeDistributed(ms.nn.Dense(3, 2), time_axis=1, reshape_with_axis=0)
        >>> net(ms.Tensor(np.ones((4, 5, 3)), ms.float32)).shape
        (4, 5, 2)
    """

    def __init__(self, layer, time_axis: int, reshape_with_axis=None):
        if not isinstance(layer, Cell) and not callable(layer):
            raise TypeError(f"For 'TimeDistributed', the 'layer' must be Cell or Primitive instance, but got type: "
                            f"{type(layer).__name__}.")
        super().__init__()
        for arg, v in (("time_axis", time_axis), ("reshape_with_axis", reshape_with_axis)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, numbers.Integral)):
                raise TypeError(f"For 'TimeDistributed', the '{arg}' must be int, but got {type(v).__name__}.")
        self.layer, self.time_axis, self.reshape_with_axis = layer, time_axis, reshape_with_axis

    def construct(self, inputs):
        if not isinstance(inputs, Tensor):
            raise TypeError("For 'TimeDistributed', the inputs and outputs must be a Tensor.")
        if inputs.ndim < 3:
            raise ValueError(f"For 'TimeDistributed', the inputs shape must be at least 3D, but got {inputs.ndim}.")
        nd = inputs.ndim
        t = self.time_axis % nd
        if self.reshape_with_axis is None:
            ys = [self.layer(item) for item in ops.unstack(inputs, t)]
            return ops.stack(ys, t)
        r = self.reshape_with_axis % nd
        # move the time axis next to the merge axis, merge, run once, then split again
        t_new = nd - 2 if r == nd - 1 else (r + 1 if t > r else r - 1)
        pos = min(t_new, r)
        perm = list(range(nd))
        a, b = sorted((t_new, t))
        perm = perm[:a] + [perm[b]] + perm[a:b] + perm[b + 1:]
        x = ops.transpose(inputs, tuple(perm))
        shp = x.shape
        y = self.layer(ops.reshape(x, shp[:pos] + (-1,) + shp[pos + 2:]))
        out_shape = (-1,) + (y.shape[:pos] + shp[pos:pos + 2] + y.shape[pos + 1:])[1:]
        return ops.reshape(y, out_shape)


def _bn_act_activation(cls, activation, alpha):
    if activation == "leakyrelu":
        return LeakyReLU(alpha)
    act = get_activation(activation) if isinstance(activation, str) else activation
    if activation is not None and not isinstance(act, Cell) and not callable(act):
        raise TypeError(f"For '{cls}', the 'activation' must be str or Cell or Primitive, but got "
                        f"{type(activation).__name__}.")
    return act


class Conv2dBnAct(Cell):
    """``nn.Conv2dBnAct(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros', has_bn=False,
    momentum=0.997, eps=1e-5, activation=None, alpha=0.2, after_fake=True)``: Conv2d, then an optional
    BatchNorm2d (``batchnorm``) and activation.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> net = ms.nn.Conv2dBnAct(3, 4, 3, has_bn=True, activation='relu')
        >>> net(ms.Tensor(np.ones((1, 3, 5, 5)), ms.float32)).shape
        (1, 4, 5, 5)
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, pad_mode: str = "same",
                 padding=0, dilation=1, group: int = 1, has_bias: bool = False, weight_init="normal",
                 bias_init="zeros", has_bn: bool = False, momentum: float = 0.997, eps: float = 1e-5,
                 activation=None, alpha: float = 0.2, after_fake: bool = True):
        super().__init__()
        self.conv = Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride, pad_mode=pad_mode,
                           padding=padding, dilation=dilation, group=group, has_bias=has_bias,
                           weight_init=weight_init, bias_init=bias_init)
        self.has_bn = check_bool("Conv2dBnAct", "has_bn", has_bn)
        self.has_act = activation is not None
        self.after_fake = check_bool("Conv2dBnAct", "after_fake", after_fake)
        if has_bn:
            self.batchnorm = BatchNorm2d(out_channels, eps, momentum)
        self.activation = _bn_act_activation("Conv2dBnAct", activation, alpha)

    def construct(self, x):
        x = self.conv(x)
        if self.has_bn:
            x = self.batchnorm(x)
        return self.activation(x) if self.has_act else x


class DenseBnAct(Cell):
    """``nn.DenseBnAct(in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True,
    has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2, after_fake=True)``: Dense, then
    an optional BatchNorm1d (``batchnorm``) and activation.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.DenseBnAct(3, 4, activation='relu')(ms.Tensor(np.ones((2, 3)), ms.float32)).shape
        (2, 4)
    """

    def __init__(self, in_channels: int, out_channels: int, weight_init="normal", bias_init="zeros",
                 has_bias: bool = True, has_bn: bool = False, momentum: float = 0.9, eps: float = 1e-5,
                 activation=None, alpha: float = 0.2, after_fake: bool = True):
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self.has_bn = check_bool("DenseBnAct", "has_bn", has_bn)
        self.has_act = activation is not None
        self.after_fake = check_bool("DenseBnAct", "after_fake", after_fake)
        if has_bn:
            self.batchnorm = BatchNorm1d(out_channels, eps, momentum)
        self.activation = _bn_act_activation("DenseBnAct", activation, alpha)

    def construct(self, x):
        x = self.dense(x)
        if self.has_bn:
            x = self.batchnorm(x)
        return self.activation(x) if self.has_act else x
