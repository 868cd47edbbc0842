"""Convolution layers: Conv2d, Conv1d, Conv2dTranspose."""
from __future__ import annotations

import math

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...common.initializer import initializer, HeUniform, Uniform
from ... import ops
from ..cell import Cell
from ._check import positive_int, one_of, pair, check_bool, _is_int

__all__ = ["Conv2d", "Conv1d", "Conv2dTranspose"]


class _Conv(Cell):
    dims = 2
    transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, data_format="NCHW", dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        self.in_channels = positive_int(cls, "in_channels", in_channels)
        self.out_channels = positive_int(cls, "out_channels", out_channels)
        n = self.dims
        self.kernel_size = pair(cls, "kernel_size", kernel_size, n, TypeError)
        self.stride = pair(cls, "stride", stride, n, TypeError)
        self.dilation = pair(cls, "dilation", dilation, n, TypeError)
        self.pad_mode = one_of(cls, "pad_mode", pad_mode, ("same", "valid", "pad"))
        if not (_is_int(padding) or (isinstance(padding, (tuple, list)) and all(_is_int(p) for p in padding))):
            raise TypeError(f"For '{cls}', the 'padding' must be an int or a tuple of ints, but got "
                            f"{type(padding).__name__}.")
        if _is_int(padding):
            if padding < 0:
                raise ValueError(f"For '{cls}', the 'padding' must be non-negative, but got {padding}.")
        elif any(p < 0 for p in padding):
            raise ValueError(f"For '{cls}', the 'padding' must be non-negative, but got {padding}.")
        if pad_mode != "pad" and padding != 0 and padding != (0,) * len(padding if not _is_int(padding) else ()):
            raise ValueError(f"For '{cls}', the 'padding' must be 0 when 'pad_mode' is not 'pad', but got "
                             f"padding={padding}, pad_mode={pad_mode!r}.")
        self.padding = padding
        self.group = positive_int(cls, "group", group)
        if in_channels % group or out_channels % group:
            raise ValueError(f"For '{cls}', the 'in_channels' {in_channels} and 'out_channels' {out_channels} must "
                             f"be divisible by 'group' {group}.")
        self.has_bias = check_bool(cls, "has_bias", has_bias)
        one_of(cls, "format", data_format, ("NCHW", "NHWC", "NCDHW"))
        if data_format != "NCHW":
            raise ValueError(f"For '{cls}', only the 'NCHW' format is supported, but got the 'format' "
                             f"{data_format!r}; transpose the input to NCHW instead.")
        self.format = data_format
        if self.transposed:
            shape = [in_channels, out_channels // group] + list(self.kernel_size)
        else:
            shape = [out_channels, in_channels // group] + list(self.kernel_size)
        self.weight_init = weight_init if weight_init is not None else "normal"
        w_init = weight_init if weight_init is not None else HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(w_init, shape, dtype), name="weight")
        self.bias_init = bias_init if bias_init is not None else "zeros"
        self.bias = None
        if has_bias:
            fan_in = shape[1] * math.prod(self.kernel_size)
            b_init = bias_init if bias_init is not None else Uniform(1 / math.sqrt(fan_in))
            self.bias = Parameter(initializer(b_init, [out_channels], dtype), name="bias")

    def _check_input(self, x):
        cls = type(self).__name__
        if not isinstance(x, Tensor):
            raise TypeError(f"For '{cls}', the input must be a Tensor, but got {type(x).__name__}.")
        if x.ndim != self.dims + 2:
            raise ValueError(f"For '{cls}', the input must be a {self.dims + 2}-D Tensor, but got shape "
                             f"{list(x.shape)}.")
        if x.shape[1] != self.in_channels:
            # MindSpore 2.10 raises RuntimeError here (the Conv2D kernel's shape check)
            raise RuntimeError(f"For '{cls}', the input channels (axis 1 of the input) must equal 'in_channels' "
                               f"{self.in_channels}, but got input shape {list(x.shape)}.")

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, kernel_size="
                f"{self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, padding={self.padding}, "
                f"dilation={self.dilation}, group={self.group}, has_bias={self.has_bias}, "
                f"weight_init={self.weight_init}, bias_init={self.bias_init}, format={self.format}")


class Conv2d(_Conv):
    """``nn.Conv2d``: 2-D convolution on NCHW input (pad_mode 'same' by default, as MindSpore).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> conv = ms.nn.Conv2d(3, 4, 3, pad_mode="valid")
        >>> conv(ms.Tensor(np.ones([1, 3, 5, 5]), ms.float32)).shape
        (1, 4, 3, 3)
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, pad_mode: str = "same",
                 padding=0, dilation=1, group: int = 1, has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCHW", dtype=mstype.float32) -> None:
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, dtype)
        # the Primitives MindSpore's Conv2d holds: subclasses (weight-standardised convolutions in
        # model zoos) call ``self.conv2d(x, w)`` and ``self.bias_add(y, b)`` with weights of their own
        from ...ops import operations as P
        self.conv2d = P.Conv2D(out_channels, self.kernel_size, pad_mode=self.pad_mode, pad=padding,
                               stride=self.stride, dilation=self.dilation, group=group)
        self.bias_add = P.BiasAdd()

    def construct(self, x):
        self._check_input(x)
        return ops.conv2d(x, self.weight, self.bias, self.stride, self.pad_mode, self.padding, self.dilation,
                          self.group)


class Conv1d(_Conv):
    """``nn.Conv1d``: 1-D convolution on (N, C, L) input. As in MindSpore it is a 2-D convolution
    over a height-1 image: ``kernel_size`` (1, k), ``stride`` (1, s), ``dilation`` (1, d),
    ``padding`` (0, 0, p, p) and a 4-D weight (C_out, C_in / group, 1, k), so that MindSpore's
    checkpoints load unchanged.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> conv = ms.nn.Conv1d(2, 3, 3, pad_mode="valid")
        >>> conv(ms.Tensor(np.ones([1, 2, 7]), ms.float32)).shape, conv.weight.shape
        ((1, 3, 5), (3, 2, 1, 3))
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 pad_mode: str = "same", padding: int = 0, dilation: int = 1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None, dtype=mstype.float32) -> None:
        for arg, v in (("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
                       ("dilation", dilation)):
            if not _is_int(v):
                raise TypeError(f"For 'Conv1d', the type of '{arg}' should be 'int', but got "
                                f"'{type(v).__name__}'.")
            if v < (0 if arg == "padding" else 1):
                raise ValueError(f"For 'Conv1d', the '{arg}' must be {'>= 0' if arg == 'padding' else '>= 1'}, "
                                 f"but got {v}.")
        if isinstance(weight_init, Tensor):
            if weight_init.ndim != 3:
                raise ValueError(f"For 'Conv1d', the 'weight_init_shape' must be 3-D, but got shape "
                                 f"{list(weight_init.shape)}.")
            weight_init = ops.expand_dims(weight_init, 2)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode, padding,
                         (1, dilation), group, has_bias, weight_init, bias_init, "NCHW", dtype)
        self.padding = (0, 0, padding, padding)

    def construct(self, x):
        if not isinstance(x, Tensor) or x.ndim != 3:
            raise ValueError(f"For 'Conv1d', the input must be a 3-D Tensor, but got "
                             f"{list(x.shape) if isinstance(x, Tensor) else type(x).__name__}.")
        if x.shape[1] != self.in_channels:
            raise RuntimeError(f"For 'Conv1d', the input channels (axis 1 of the input) must equal "
                               f"'in_channels' {self.in_channels}, but got input shape {list(x.shape)}.")
        y = ops.conv2d(ops.expand_dims(x, 2), self.weight, None, self.stride, self.pad_mode, self.padding,
                       self.dilation, self.group)
        y = ops.squeeze(y, 2)
        if self.has_bias:
            y = ops.add(y, ops.reshape(self.bias, (1, -1, 1)))
        return y


class Conv2dTranspose(_Conv):
    transposed = True

    def construct(self, x):
        self._check_input(x)
        if self.pad_mode == "same":
            # output = input * stride: pad so that the transposed conv gives exactly that
            k, s, d = self.kernel_size, self.stride, self.dilation
            pads = [max(d_ * (k_ - 1) + 1 - s_, 0) for k_, s_, d_ in zip(k, s, d)]
            pad = tuple(p // 2 for p in pads)
            out_pad = tuple(p % 2 for p in pads)
            y = ops.conv_transpose2d(x, self.weight, None, s, pad, out_pad, self.group, d)
        elif self.pad_mode == "valid":
            y = ops.conv_transpose2d(x, self.weight, None, self.stride, 0, 0, self.group, self.dilation)
        else:
            y = ops.conv_transpose2d(x, self.weight, None, self.stride, self.padding, 0, self.group, self.dilation)
        if self.has_bias:
            y = ops.add(y, ops.reshape(self.bias, (1, -1, 1, 1)))
        return y
