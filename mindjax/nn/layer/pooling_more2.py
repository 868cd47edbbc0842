"""LPPool1d/2d, MaxUnpool1d/2d/3d and AdaptiveMaxPool3d (``mindspore.nn.layer.pooling``)."""
from __future__ import annotations

from ... import ops
from ..cell import Cell

__all__ = ["LPPool1d", "LPPool2d", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d", "AdaptiveMaxPool3d"]


class _LPPool(Cell):
    op = None

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode: bool = False):
        super().__init__()
        self.norm_type, self.kernel_size, self.stride, self.ceil_mode = norm_type, kernel_size, stride, ceil_mode

    def construct(self, x):
        return type(self).op(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class LPPool1d(_LPPool):
    """``nn.LPPool1d(norm_type, kernel_size, stride=None, ceil_mode=False)``: (sum of x^p over each
    window)^(1/p) on (N, C, L) or (C, L) inputs.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.LPPool1d(2, 3, 2)(ms.Tensor(np.ones((1, 2, 7)), ms.float32)).shape
        (1, 2, 3)
    """
    op = staticmethod(ops.lp_pool1d)


class LPPool2d(_LPPool):
    """``nn.LPPool2d(norm_type, kernel_size, stride=None, ceil_mode=False)`` on (N, C, H, W) inputs.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.LPPool2d(2, 2)(ms.Tensor(np.ones((1, 2, 4, 4)), ms.float32)).shape
        (1, 2, 2, 2)
    """
    op = staticmethod(ops.lp_pool2d)


class _MaxUnpool(Cell):
    op = None

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding = padding

    def construct(self, x, indices, output_size=None):
        cls = type(self).__name__
        if output_size is None:
            output_size = ()
        else:
            if not isinstance(output_size, tuple):
                raise ValueError(f"For {cls}, output_size must be tuple, but type {type(output_size)}.")
            if not output_size:
                raise ValueError(f"For {cls}, the length of output_size must be positive, but got 0.")
        return type(self).op(x, indices, self.kernel_size, stride=self.stride, padding=self.padding,
                             output_size=output_size)


class MaxUnpool1d(_MaxUnpool):
    """``nn.MaxUnpool1d(kernel_size, stride=None, padding=0)``: ``construct(x, indices, output_size=None)``
    scatters each value of ``x`` to its ``indices`` (from MaxPool1d with ``return_indices``), zeros elsewhere.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x, i = ms.Tensor(np.array([[[2., 4.]]]), ms.float32), ms.Tensor(np.array([[[1, 3]]]), ms.int64)
        >>> ms.nn.MaxUnpool1d(2)(x, i).asnumpy().tolist()
        [[[0.0, 2.0, 0.0, 4.0]]]
    """
    op = staticmethod(ops.max_unpool1d)


class MaxUnpool2d(_MaxUnpool):
    """``nn.MaxUnpool2d(kernel_size, stride=None, padding=0)``, the inverse of MaxPool2d's indices.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x, i = ms.Tensor(np.array([[[[5.]]]]), ms.float32), ms.Tensor(np.array([[[[3]]]]), ms.int64)
        >>> ms.nn.MaxUnpool2d(2)(x, i).asnumpy().ravel().tolist()
        [0.0, 0.0, 0.0, 5.0]
    """
    op = staticmethod(ops.max_unpool2d)


class MaxUnpool3d(_MaxUnpool):
    """``nn.MaxUnpool3d(kernel_size, stride=None, padding=0)``, the inverse of MaxPool3d's indices.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x, i = ms.Tensor(np.array([[[[[5.]]]]]), ms.float32), ms.Tensor(np.array([[[[[7]]]]]), ms.int64)
        >>> ms.nn.MaxUnpool3d(2)(x, i).shape
        (1, 1, 2, 2, 2)
    """
    op = staticmethod(ops.max_unpool3d)


class AdaptiveMaxPool3d(Cell):
    """``nn.AdaptiveMaxPool3d(output_size, return_indices=False)`` on (N, C, D, H, W) or (C, D, H, W).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.AdaptiveMaxPool3d(2)(ms.Tensor(np.ones((1, 1, 4, 4, 4)), ms.float32)).shape
        (1, 1, 2, 2, 2)
    """

    def __init__(self, output_size, return_indices: bool = False):
        super().__init__()
        self.output_size = (output_size,) * 3 if isinstance(output_size, int) else tuple(output_size)
        self.return_indices = return_indices

    def construct(self, input):
        return ops.adaptive_max_pool3d(input, self.output_size, self.return_indices)
