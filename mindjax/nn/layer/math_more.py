"""Norm, L1Regularizer and ClipByNorm (MindSpore keeps them in nn/layer/basic.py)."""
from __future__ import annotations

import math

from ... import _dtype as mstype
from ... import _checkparam as validator
from ..._tensor import Tensor
from ... import ops
from ..cell import Cell

__all__ = ["Norm", "L1Regularizer", "ClipByNorm"]


class Norm(Cell):
    """``nn.Norm(axis=(), keep_dims=False)``: sqrt(sum(x**2)) over ``axis`` (``()``: all axes).

    As MindSpore's, ``keep_dims=False`` squeezes the reduced axes with ``ops.squeeze(axis)``, so
    ``axis=()`` squeezes every size-1 axis.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.math_more import Norm
        >>> print(Norm(axis=0)(ms.Tensor(np.array([[3.0], [4.0]]), ms.float32)))
        [5.]
    """

    def __init__(self, axis=(), keep_dims: bool = False):
        super().__init__()
        validator.check_value_type("keep_dims", keep_dims, [bool], "Norm")
        self.axis, self.keep_dims = axis, keep_dims

    def construct(self, x):
        axis = self.axis if (isinstance(self.axis, int) or len(self.axis)) else None
        x = ops.sqrt(ops.sum(ops.square(x), axis, True))
        if not self.keep_dims:
            x = ops.squeeze(x, self.axis if axis is not None else None)
        return x

    def extend_repr(self):
        return f"axis={self.axis}, keep_dims={self.keep_dims}"


class L1Regularizer(Cell):
    """``nn.L1Regularizer(scale)``: ``scale * sum(|weights|)``, a float32 scalar (or float64 for
    float64 weights).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.math_more import L1Regularizer
        >>> print(L1Regularizer(0.5)(ms.Tensor(np.array([[1.0, -2.0], [3.0, -4.0]]), ms.float32)))
        5.0
    """

    def __init__(self, scale: int | float):
        super().__init__()
        validator.check_value_type("scale", scale, [int, float], "L1Regularizer")
        if scale <= 0:
            raise ValueError(f"For 'L1Regularizer', the 'scale' must be greater than 0, but got {scale}.")
        if math.isinf(scale) or math.isnan(scale):
            raise ValueError(f"For 'L1Regularizer', the 'scale' can not be INF or NAN, but got {scale}.")
        self.scale = Tensor(scale, dtype=mstype.float32)

    def construct(self, weights):
        if not isinstance(weights, Tensor) or weights.dtype == mstype.bool_:
            got = weights.dtype if isinstance(weights, Tensor) else type(weights).__name__
            raise TypeError(f"For 'L1Regularizer', the 'weights' must be a number Tensor, but got {got}.")
        return ops.mul(self.scale, ops.sum(ops.abs(weights)))


class ClipByNorm(Cell):
    """``nn.ClipByNorm(axis=None)``: ``x * clip_norm / max(L2(x), clip_norm)``, the L2 norm taken over
    ``axis`` (None: all axes); float32 output.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.math_more import ClipByNorm
        >>> out = ClipByNorm()(ms.Tensor(np.array([3.0, 4.0]), ms.float32), ms.Tensor(1.0, ms.float32))
        >>> print(np.round(out.asnumpy(), 4))
        [0.6 0.8]
    """

    def __init__(self, axis=None):
        super().__init__()
        if axis is not None:
            validator.check_value_type("axis", axis, [int, tuple, list], "ClipByNorm")
        self.axis = axis

    def construct(self, x, clip_norm):
        if not isinstance(x, Tensor) or x.dtype not in (mstype.float32, mstype.float16):
            got = x.dtype if isinstance(x, Tensor) else type(x).__name__
            raise TypeError(f"For 'ClipByNorm', the 'x' must be a Tensor of float16 or float32, but got {got}.")
        x = ops.cast(x, mstype.float32)
        clip = ops.cast(clip_norm, mstype.float32)
        axis = None if self.axis is None else (tuple(self.axis) if isinstance(self.axis, (tuple, list))
                                               else self.axis)
        l2 = ops.sqrt(ops.sum(ops.square(x), axis, True))
        return ops.div(ops.mul(x, clip), ops.maximum(l2, clip))
