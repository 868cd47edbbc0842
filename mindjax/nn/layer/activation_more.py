"""More activation Cells of ``mindspore.nn``: Softmin, Hardtanh, Softsign, Tanhshrink, Threshold,
CELU, GLU, HShrink, SoftShrink, PReLU."""
from __future__ import annotations

import numbers

import numpy as np

from ... import ops
from ..._tensor import Tensor
from ... import _dtype as mstype
from ...ops import _loss_more_ops as L
from ..cell import Cell
from ._check import _is_int

__all__ = ["Softmin", "Hardtanh", "Softsign", "Tanhshrink", "Threshold", "CELU", "GLU", "HShrink", "SoftShrink",
           "PReLU"]


class Softmin(Cell):
    """``nn.Softmin(axis=-1)``: softmax of ``-x``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.Softmin()(ms.Tensor(np.array([0., 0.], np.float32))))
        [0.5 0.5]
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def construct(self, x):
        # MindSpore checks the axis in its Softmax, at the call
        ax = self.axis
        if not (_is_int(ax) or (isinstance(ax, tuple) and all(_is_int(a) for a in ax))):
            raise TypeError(f"For 'Softmax', the type of 'axis' should be one of '[int, tuple of int]', but got "
                            f"{type(ax)}.")
        return L.softmin(x, self.axis)


class Hardtanh(Cell):
    """``nn.Hardtanh(min_val=-1.0, max_val=1.0)``: ``x`` clipped to [min_val, max_val].

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.Hardtanh()(ms.Tensor(np.array([-2., 0.5, 3.], np.float32))))
        [-1.   0.5  1. ]
    """

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        if min_val >= max_val:
            raise ValueError(f"For Hardtanh, min_val should be less than max_val,but got {min_val} and {max_val}")
        self.min_val, self.max_val = min_val, max_val

    def construct(self, x):
        return ops.hardtanh(x, self.min_val, self.max_val)


class Softsign(Cell):
    """``nn.Softsign()``: x / (1 + |x|).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.Softsign()(ms.Tensor(np.array([1., -3.], np.float32))))
        [ 0.5  -0.75]
    """

    def construct(self, x):
        return ops.softsign(x)


class Tanhshrink(Cell):
    """``nn.Tanhshrink()``: x - tanh(x).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.Tanhshrink()(ms.Tensor(np.array([0.], np.float32))))
        [0.]
    """

    def construct(self, x):
        return L.tanhshrink(x)


class Threshold(Cell):
    """``nn.Threshold(threshold, value)``: x where x > threshold, else ``value``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.Threshold(2, 0.)(ms.Tensor(np.array([1., 3.], np.float32))))
        [0. 3.]
    """

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold, self.value = threshold, value

    def construct(self, input_x):
        return L.threshold(input_x, self.threshold, self.value)


class CELU(Cell):
    """``nn.CELU(alpha=1.0)``: max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.CELU()(ms.Tensor(np.array([0., 2.], np.float32))))
        [0. 2.]
    """

    def __init__(self, alpha: float = 1.0):
        super().__init__()
        self.alpha = alpha  # MindSpore checks it only at the call

    def construct(self, x):
        if not isinstance(self.alpha, float):
            raise TypeError(f'Failed calling CeLU with "CeLU(alpha={type(self.alpha).__name__})(x=Tensor)".')
        if self.alpha == 0:
            raise ValueError(f"For primitive[CeLU], the alpha must be not equal to 0 , but got {self.alpha:g}.")
        return ops.celu(x, self.alpha)


class GLU(Cell):
    """``nn.GLU(axis=-1)``: a * sigmoid(b), a and b the halves of ``x`` along ``axis``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.GLU()(ms.Tensor(np.array([2., 0.], np.float32))))
        [1.]
    """

    def __init__(self, axis: int = -1):
        super().__init__()
        self.dim = axis

    def construct(self, x):
        n = x.shape[self.dim]
        if n % 2:
            raise ValueError(f"For 'Split', x_shape[{self.dim % x.ndim}] must be divisible by output_num = 2, but "
                             f"got {n}")
        return L.glu(x, self.dim)


class HShrink(Cell):
    """``nn.HShrink(lambd=0.5)``: x where |x| > lambd, else 0.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.HShrink()(ms.Tensor(np.array([0.2, -1.], np.float32))))
        [ 0. -1.]
    """

    def __init__(self, lambd: float = 0.5):
        super().__init__()
        self.lambd = lambd

    def construct(self, input):
        return L.hardshrink(input, float(self.lambd))


class SoftShrink(Cell):
    """``nn.SoftShrink(lambd=0.5)``: x - lambd above lambd, x + lambd below -lambd, else 0.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.SoftShrink()(ms.Tensor(np.array([0.2, -1.], np.float32))))
        [ 0.  -0.5]
    """

    def __init__(self, lambd: float = 0.5):
        super().__init__()
        self.lambd = lambd

    def construct(self, input):
        return L.softshrink(input, float(self.lambd))


class PReLU(Cell):
    """``nn.PReLU(channel=1, w=0.25)``: x where x > 0, else w * x, with a learnable ``w`` (Parameter
    ``a``) per channel (axis 1).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.nn.PReLU()(ms.Tensor(np.array([[-4., 1.]], np.float32))))
        [[-1.  1.]]
    """

    def __init__(self, channel: int = 1, w=0.25):
        super().__init__()
        from ...common.parameter import Parameter
        if isinstance(channel, bool) or not isinstance(channel, numbers.Integral) or channel <= 0:
            raise ValueError(f"For 'PReLU', the 'channel' must be int and must > 0, but got '{channel}' with type "
                             f"'{type(channel).__name__}'.")
        if isinstance(w, (float, np.float32)):
            w = Tensor(np.full((channel,), w, np.float32))
        elif isinstance(w, list):
            if len(w) != channel:
                raise ValueError(f"For 'PReLU', the length of 'w' must be equal to the 'channel' when the 'w' is a "
                                 f"list, but got the length of 'w': {len(w)}, the 'channel': {channel}.")
            for i in w:
                if not isinstance(i, (float, np.float32)):
                    raise ValueError(f"For 'PReLU', all elements in 'w' must be float when the 'w' is a list, but "
                                     f"got {i}.")
            w = Tensor(np.array(w, np.float32))
        elif isinstance(w, Tensor):
            if w.dtype not in (mstype.float16, mstype.float32):
                raise ValueError(f"For 'PReLU', the dtype of 'w' must be float16 or float32 when the 'w' is a tensor, "
                                 f"but got {w.dtype}.")
            if len(w.shape) != 1 or w.shape[0] != channel:
                raise ValueError(f"For 'PReLU', the dimension of 'w' must be 1, and the elements number should be "
                                 f"equal to the 'channel' when the 'w' is a tensor, but got 'w' shape {w.shape}, the "
                                 f"'channel' {channel}.")
        else:
            raise TypeError(f"For 'PReLU', the 'w' only supported float, list and tensor, but got {type(w).__name__}.")
        self.w = Parameter(w, name="a")

    def construct(self, x):
        return ops.prelu(x, ops.cast(self.w, x.dtype))
