"""``nn.FractionalMaxPool2d`` and ``nn.FractionalMaxPool3d``: Cells over ``ops.fractional_max_pool2d/3d``."""
from __future__ import annotations

from ...ops import _fractional as _fr
from ..cell import Cell

__all__ = ["FractionalMaxPool2d", "FractionalMaxPool3d"]


class FractionalMaxPool2d(Cell):
    """``nn.FractionalMaxPool2d(kernel_size, output_size=None, output_ratio=None, return_indices=False,
    _random_samples=None)``: 2-D fractional max pooling of (N, C, H, W) or (C, H, W) input. Without
    ``_random_samples`` (N, C, 2) the window offsets are drawn anew at each call.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> pool = nn.FractionalMaxPool2d(2, output_size=(3, 3))
        >>> pool(ms.ops.ones((1, 2, 6, 6))).shape
        (1, 2, 3, 3)
    """

    _fn = staticmethod(_fr.fractional_max_pool2d)

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices: bool = False,
                 _random_samples=None):
        super().__init__()
        self.kernel_size, self.output_size, self.output_ratio = kernel_size, output_size, output_ratio
        self.return_indices, self._random_samples = return_indices, _random_samples

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return type(self)._fn(input, self.kernel_size, self.output_size, self.output_ratio, self.return_indices,
                              self._random_samples)


class FractionalMaxPool3d(FractionalMaxPool2d):
    """``nn.FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None, return_indices=False,
    _random_samples=None)``: 3-D fractional max pooling of (N, C, D, H, W) or (C, D, H, W) input;
    ``_random_samples`` (N, C, 3) has the input's dtype.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> pool = nn.FractionalMaxPool3d(2, output_ratio=(0.5, 0.5, 0.5))
        >>> pool(ms.ops.ones((1, 2, 6, 6, 6))).shape
        (1, 2, 3, 3, 3)
    """

    _fn = staticmethod(_fr.fractional_max_pool3d)
