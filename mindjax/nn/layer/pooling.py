"""MaxPool2d, AvgPool2d, AdaptiveAvgPool2d."""
from __future__ import annotations

from ... import ops
from ..cell import Cell
from ._check import one_of, pair

__all__ = ["MaxPool2d", "AvgPool2d", "AdaptiveAvgPool2d", "AdaptiveMaxPool2d", "MaxPool1d", "AvgPool1d"]


class _Pool2d(Cell):
    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, data_format="NCHW",
                 **kwargs):
        super().__init__()
        cls = type(self).__name__
        self.kernel_size = pair(cls, "kernel_size", kernel_size)
        self.stride = pair(cls, "stride", stride if stride is not None else kernel_size)
        self.pad_mode = one_of(cls, "pad_mode", pad_mode.lower(), ("same", "valid", "pad"))
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
        self.k, self.s, self.pad_mode = kernel_size, stride, pad_mode

    def construct(self, x):
        return ops.squeeze(ops.max_pool2d(ops.expand_dims(x, 2), (1, self.k), (1, self.s), 0, self.pad_mode), 2)


class AvgPool1d(MaxPool1d):
    def construct(self, x):
        return ops.squeeze(ops.avg_pool2d(ops.expand_dims(x, 2), (1, self.k), (1, self.s), 0, self.pad_mode), 2)


class AdaptiveAvgPool2d(Cell):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def construct(self, x):
        return ops.adaptive_avg_pool2d(x, self.output_size)


class AdaptiveMaxPool2d(AdaptiveAvgPool2d):
    def construct(self, x):
        return ops.adaptive_max_pool2d(x, self.output_size)
