"""Conv3d, Conv3dTranspose and Conv1dTranspose."""
from __future__ import annotations

import math

import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...common.initializer import initializer, HeUniform, Uniform
from ...ops import _nn3d_ops as P
from ..cell import Cell
from ._check import positive_int, check_bool, _is_int

__all__ = ["Conv3d", "Conv3dTranspose", "Conv1dTranspose"]


def _triple(cls: str, arg: str, v, greater_zero: bool = True) -> tuple:
    if _is_int(v):
        v = (v,) * 3
    ok = isinstance(v, tuple) and len(v) == 3 and all(_is_int(x) and (x > 0 if greater_zero else x >= 0) for x in v)
    if not ok:
        kind = "positive" if greater_zero else "non-negative"
        raise ValueError(f"For '{cls}', the parameter '{arg}' must be an {kind} integer or a tuple of three {kind} "
                         f"integer, but got {v}")
    return v


def _check_padding(cls: str, padding, n: int):
    if not (_is_int(padding) or isinstance(padding, tuple)):
        raise TypeError(f"For '{cls}', the type of 'padding' must be int or tuple(int), but got "
                        f"{type(padding).__name__}.")
    items = (padding,) if _is_int(padding) else padding
    if isinstance(padding, tuple) and len(padding) != n:
        raise ValueError(f"For '{cls}', the 'padding size' must be int and must = {n}, but got '{len(padding)}' "
                         f"with type 'int'.")
    for p in items:
        if not _is_int(p):
            raise TypeError(f"For '{cls}', the 'padding item' must be int, but got {type(p).__name__}.")
        if p < 0:
            raise ValueError(f"For '{cls}', the 'padding item' must be >= 0, but got {p}.")
    return padding


class _ConvNd(Cell):
    transposed = False
    prim = "Conv3D"

    def _setup(self, in_channels, out_channels, kernel, stride, pad_mode, padding, dilation, group, has_bias,
               weight_init, bias_init, dtype):
        cls = type(self).__name__
        self.in_channels = positive_int(cls, "in_channels", in_channels)
        self.out_channels = positive_int(cls, "out_channels", out_channels)
        self.group = positive_int(cls, "group", group)
        if in_channels % group or out_channels % group:
            raise ValueError("The argument 'group' should be divisible by 'in_channels' and 'out_channels'")
        if not isinstance(pad_mode, str) or pad_mode not in ("same", "valid", "pad"):
            raise ValueError(f"For '{cls}', the 'pad_mode' must be str and must be in '['valid', 'same', 'pad']', "
                             f"but got {pad_mode!r}.")
        flat = (padding,) if _is_int(padding) else padding
        if pad_mode != "pad" and any(flat):
            raise ValueError(f"For '{self.prim}', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) when 'pad_mode' is "
                             f"not \"pad\", but got 'pad' is {padding} and 'pad_mode' is {pad_mode}.")
        self.kernel_size, self.stride, self.dilation = kernel, stride, dilation
        self.pad_mode, self.padding = pad_mode, padding
        self.has_bias = check_bool(cls, "has_bias", has_bias)
        if self.transposed:
            shape = [in_channels, out_channels // group, *kernel]
        else:
            shape = [out_channels, in_channels // group, *kernel]
        self.weight_init = HeUniform(math.sqrt(5)) if weight_init is None else weight_init
        self.weight = Parameter(initializer(self.weight_init, shape, dtype), name="weight")
        self.bias_init = bias_init
        self.bias = None
        if has_bias:
            if bias_init is None:
                bias_init = Uniform(1 / math.sqrt(shape[1] * math.prod(kernel)))
                self.bias_init = bias_init
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")

    def _pairs(self):
        """The explicit (lo, hi) padding of the spatial axes in 'pad' mode."""
        p = self.padding
        if _is_int(p):
            return ((p, p),) * len(self.kernel_size)
        return tuple((p[2 * i], p[2 * i + 1]) for i in range(len(p) // 2))

    def _check_input(self, x, nd):
        if not isinstance(x, Tensor):
            raise TypeError(f"For '{type(self).__name__}', the input must be a Tensor, but got {type(x).__name__}.")
        if x.ndim != nd:
            raise ValueError(f"For primitive[{self.prim}], the x shape size must be equal to {nd}, but got {x.ndim}.")

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, kernel_size="
                f"{self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, padding={self.padding}, "
                f"dilation={self.dilation}, group={self.group}, has_bias={self.has_bias}, "
                f"weight_init={self.weight_init}, bias_init={self.bias_init}, format={self.format}")


class Conv3d(_ConvNd):
    """``nn.Conv3d``: 3-D convolution of NCDHW input; weight (out, in/group, kd, kh, kw);
    ``padding`` an int or (front, back, top, bottom, left, right) with pad_mode 'pad'.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> conv = ms.nn.Conv3d(3, 4, 3, pad_mode="valid")
        >>> conv(ms.Tensor(np.ones([1, 3, 5, 5, 5]), ms.float32)).shape
        (1, 4, 3, 3, 3)
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, pad_mode: str = "same",
                 padding=0, dilation=1, group: int = 1, has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCDHW", dtype=mstype.float32) -> None:
        super().__init__()
        cls = type(self).__name__
        k = _triple(cls, "kernel_size", kernel_size)
        s = _triple(cls, "stride", stride)
        d = _triple(cls, "dilation", dilation)
        _check_padding(cls, padding, 6)
        if data_format != "NCDHW":
            raise ValueError(f"For '{self.prim}', the 'data_format' must be str and must be in '['NCDHW']', but got "
                             f"{data_format!r}.")
        self.format = data_format
        self._setup(in_channels, out_channels, k, s, pad_mode, padding, d, group, has_bias, weight_init, bias_init,
                    dtype)

    def construct(self, x: Tensor) -> Tensor:
        self._check_input(x, 5)
        if x.shape[1] != self.in_channels:
            raise ValueError(f"For 'Conv3D', 'C_in' of input 'x' shape divide by parameter 'group' must be equal to "
                             f"'C_in' of input 'weight' shape: {self.in_channels // self.group}, but got 'C_in' of "
                             f"input 'x' shape: {x.shape[1]}, and 'group': {self.group}.")
        if self.pad_mode == "same":
            pads = P.same_pads(x.shape[2:], self.kernel_size, self.stride, self.dilation)
        elif self.pad_mode == "valid":
            pads = ((0, 0),) * 3
        else:
            pads = self._pairs()
        return P.conv_nd(x, self.weight, self.bias, self.stride, pads, self.dilation, self.group)


def _transpose_pads(mode, k, s, d, pairs):
    """(lo, hi) crops and the zero extension at the end that make a transposed convolution
    the input-gradient of the matching forward convolution ('same': n*s outputs;
    'valid': max(n*s, (n-1)*s + extent))."""
    pads, extra = [], []
    for kk, ss, dd, pr in zip(k, s, d, pairs):
        eff = dd * (kk - 1) + 1
        if mode == "same":
            total = max(eff - ss, 0)
            pads.append((total // 2, total - total // 2))
            extra.append(max(ss - eff, 0))
        elif mode == "valid":
            pads.append((0, 0))
            extra.append(max(ss - eff, 0))
        else:
            pads.append(pr)
            extra.append(0)
    return tuple(pads), tuple(extra)


class Conv3dTranspose(_ConvNd):
    """``nn.Conv3dTranspose``: 3-D transposed convolution; weight (in, out/group, kd, kh, kw).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> conv = ms.nn.Conv3dTranspose(4, 2, 3, stride=2)
        >>> conv(ms.Tensor(np.ones([1, 4, 3, 3, 3]), ms.float32)).shape
        (1, 2, 6, 6, 6)
    """
    transposed = True
    prim = "Conv3DTranspose"

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, pad_mode: str = "same",
                 padding=0, dilation=1, group: int = 1, output_padding=0, has_bias: bool = False, weight_init=None,
                 bias_init=None, data_format: str = "NCDHW", dtype=mstype.float32) -> None:
        super().__init__()
        cls = type(self).__name__
        k = _triple(cls, "kernel_size", kernel_size)
        s = _triple(cls, "stride", stride)
        d = _triple(cls, "dilation", dilation)
        _check_padding(cls, padding, 6)
        self.output_padding = _triple(cls, "output_padding", output_padding, greater_zero=False)
        if pad_mode != "pad" and any(self.output_padding):
            raise ValueError(f"For 'Conv3DTranspose', the 'output_padding' must be zero or (0, 0, 0) when 'pad_mode' "
                             f"is not \"pad\", but got 'output_padding' is {self.output_padding} and 'pad_mode' is "
                             f"{pad_mode}.")
        if data_format != "NCDHW":
            raise ValueError(f"For '{self.prim}', the 'data_format' must be str and must be in '['NCDHW']', but got "
                             f"{data_format!r}.")
        self.format = data_format
        self._setup(in_channels, out_channels, k, s, pad_mode, padding, d, group, has_bias, weight_init, bias_init,
                    dtype)

    def construct(self, x: Tensor) -> Tensor:
        self._check_input(x, 5)
        if x.shape[1] != self.in_channels:
            raise ValueError(f"For 'Conv3DTranspose', the 'C_in' of input 'x' must be equal to 'in_channel' "
                             f"{self.in_channels}, but got {x.shape[1]}.")
        pads, extra = _transpose_pads(self.pad_mode, self.kernel_size, self.stride, self.dilation, self._pairs())
        out_pad = tuple(e + o for e, o in zip(extra, self.output_padding))
        return P.conv_transpose_nd(x, self.weight, self.bias, self.stride, pads, out_pad, self.dilation, self.group)


class Conv1dTranspose(_ConvNd):
    """``nn.Conv1dTranspose``: 1-D transposed convolution of (N, C, W) input. As in MindSpore,
    the weight is stored 4-D, (in, out/group, 1, k), and ``padding`` is kept as (0, 0, p, p).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> conv = ms.nn.Conv1dTranspose(3, 2, 4, stride=2, pad_mode="valid")
        >>> conv(ms.Tensor(np.ones([1, 3, 5]), ms.float32)).shape
        (1, 2, 12)
    """
    transposed = True
    prim = "Conv2DBackpropInput"

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 pad_mode: str = "same", padding: int = 0, dilation: int = 1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None, dtype=mstype.float32) -> None:
        super().__init__()
        cls = type(self).__name__
        for arg, v in (("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
                       ("dilation", dilation)):
            if not _is_int(v):
                raise TypeError(f"For '{cls}', the type of '{arg}' should be 'int', but got type "
                                f"'{type(v).__name__}'.")
            if v < (0 if arg == "padding" else 1):
                raise ValueError(f"For '{cls}', the '{arg}' must be {'>= 0' if arg == 'padding' else '>= 1'}, "
                                 f"but got {v}.")
        if isinstance(weight_init, Tensor):
            if weight_init.ndim != 3:
                raise ValueError(f"For '{cls}', the 'weight_init_shape' must be equal to 3, but got "
                                 f"{weight_init.ndim}.")
            weight_init = Tensor(np.expand_dims(weight_init.asnumpy(), 2), weight_init.dtype)
        self.format = "NCHW"
        self._setup(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode, padding, (1, dilation),
                    group, has_bias, weight_init, bias_init, dtype)
        self.padding = (0, 0, padding, padding)

    def construct(self, x: Tensor) -> Tensor:
        if not isinstance(x, Tensor):
            raise TypeError(f"For 'Conv1dTranspose', the input must be a Tensor, but got {type(x).__name__}.")
        if x.ndim != 3:
            raise ValueError(f"For 'Conv1dTranspose', the dimension of input must be 3d, but got {x.ndim}.")
        pads, extra = _transpose_pads(self.pad_mode, self.kernel_size, self.stride, self.dilation, self._pairs())
        x4 = x.expand_dims(2)
        y = P.conv_transpose_nd(x4, self.weight, self.bias, self.stride, pads, extra, self.dilation, self.group)
        return y.squeeze(2)
