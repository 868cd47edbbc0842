"""MaxPool2d, AvgPool2d, AdaptiveAvgPool2d."""
from __future__ import annotations

from ... import ops
from ..cell import Cell
from ._check import one_of, pair, positive_int, _is_int

__all__ = ["MaxPool2d", "AvgPool2d", "AdaptiveAvgPool2d", "AdaptiveMaxPool2d", "MaxPool1d", "AvgPool1d"]


class _Pool2d(Cell):
    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, data_format="NCHW",
                 **kwargs):
        super().__init__()
        cls = type(self).__name__
        self.kernel_size = pair(cls, "kernel_size", kernel_size)
        self.stride = pair(cls, "stride", stride if stride is not None else kernel_size)
        if not isinstance(pad_mode, str):
            raise TypeError(f"For '{cls}', the 'pad_mode' must be a str, but got {type(pad_mode).__name__}.")
        self.pad_mode = one_of(cls, "pad_mode", pad_mode.lower(), ("same", "valid", "pad"))
        if not (_is_int(padding) or (isinstance(padding, (tuple, list)) and all(_is_int(p) for p in padding))):
            raise TypeError(f"For '{cls}', the 'padding' must be an int or a tuple of ints, but got "
                            f"{type(padding).__name__}.")
        if any(p < 0 for p in ((padding,) if _is_int(padding) else padding)):
            raise ValueError(f"For '{cls}', the 'padding' must be non-negative, but got {padding}.")
        self.padding = padding

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode.upper()}"


class MaxPool2d(_Pool2d):
    """``nn.MaxPool2d(kernel_size=1, stride=1, pad_mode='valid')``."""

    def construct(self, x):
        return ops.max_pool2d(x, self.kernel_size, self.stride, self.padding, self.pad_mode)


class AvgPool2d(_Pool2d):
    def construct(self, x):
        return ops.avg_pool2d(x, self.kernel_size, self.stride, self.padding, self.pad_mode)


class MaxPool1d(Cell):
    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", **kwargs):
        super().__init__()
        cls = type(self).__name__
        self.k = positive_int(cls, "kernel_size", kernel_size)
        self.s = positive_int(cls, "stride", stride)
        if not isinstance(pad_mode, str):
            raise TypeError(f"For '{cls}', the 'pad_mode' must be a str, but got {type(pad_mode).__name__}.")
        self.pad_mode = one_of(cls, "pad_mode", pad_mode.lower(), ("same", "valid", "pad"))

    def construct(self, x):
        return ops.squeeze(ops.max_pool2d(ops.expand_dims(x, 2), (1, self.k), (1, self.s), 0, self.pad_mode), 2)


class AvgPool1d(MaxPool1d):
    def construct(self, x):
        return ops.squeeze(ops.avg_pool2d(ops.expand_dims(x, 2), (1, self.k), (1, self.s), 0, self.pad_mode), 2)


class AdaptiveAvgPool2d(Cell):
    def __init__(self, output_size):
        super().__init__()
        ok = _is_int(output_size) or (isinstance(output_size, (tuple, list)) and len(output_size) == 2 and
                                      all(o is None or _is_int(o) for o in output_size))
        if not ok:
            raise TypeError(f"For '{type(self).__name__}', the type of 'output_size' should be one of ['int', "
                            f"'tuple'], but got type '{type(output_size).__name__}'.")
        self.output_size = output_size

    def construct(self, x):
        return ops.adaptive_avg_pool2d(x, self.output_size)


class AdaptiveMaxPool2d(AdaptiveAvgPool2d):
    def construct(self, x):
        return ops.adaptive_max_pool2d(x, self.output_size)
