"""Padding layers: Pad, ConstantPad1d/2d/3d, ZeroPad2d, ReflectionPad1d/2d/3d,
ReplicationPad1d/2d/3d."""
from __future__ import annotations

from ..._tensor import Tensor
from ...ops import _nn3d_ops as P
from ..cell import Cell
from ._check import _is_int

__all__ = ["Pad", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ZeroPad2d", "ReflectionPad1d",
           "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d"]


def _tensor(cls: str, x) -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{cls}', the input must be a Tensor, but got {type(x).__name__}.")
    return x


def _check_result(cls: str, shape, pairs):
    """A negative width may crop, but never below one element (MindSpore's PadV3 checks)."""
    for n, (lo, hi) in zip(shape, pairs):
        for p in (lo, hi):
            if p < -n:
                raise ValueError(f"For 'PadV3', the paddings_value must be greater than or equal to {-n}, "
                                 f"but got {p}.")
        if n + lo + hi <= 0:
            raise ValueError(f"For 'PadV3', the output size must be greater than 0, but got {n + lo + hi}.")


class Pad(Cell):
    """``nn.Pad(paddings, mode='CONSTANT')``: ``paddings`` is a tuple of (before, after)
    pairs, one per input axis, from the first; mode 'CONSTANT' (zeros), 'REFLECT' or
    'SYMMETRIC'.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> pad = ms.nn.Pad(((1, 1), (2, 2)), mode="REFLECT")
        >>> pad(ms.Tensor(np.arange(6).reshape(2, 3), ms.float32)).shape
        (4, 7)
    """

    def __init__(self, paddings: tuple, mode: str = "CONSTANT") -> None:
        super().__init__()
        if not isinstance(mode, str) or mode not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
            raise ValueError(f"For 'Pad', the 'mode' must be str and must be in '['CONSTANT', 'REFLECT', "
                             f"'SYMMETRIC']', but got {mode!r}.")
        if not isinstance(paddings, tuple):
            raise TypeError(f"For 'Pad', the type of 'paddings' must be tuple, but got {type(paddings).__name__}.")
        for item in paddings:
            if not isinstance(item, (tuple, list)) or len(item) != 2 or not all(_is_int(v) for v in item):
                raise ValueError(f"For 'Pad', the dimension of 'paddings' must be (n, 2), but got {paddings}.")
        if len(paddings) > 4:
            raise ValueError(f"For 'Pad', only 'paddings' up to 4 dims is supported, but got {len(paddings)}.")
        self.mode = mode
        self.paddings = paddings

    def construct(self, x: Tensor) -> Tensor:
        x = _tensor("Pad", x)
        if self.mode == "CONSTANT":
            if len(self.paddings) != x.ndim:
                raise ValueError(f"For 'Pad', the length of 'paddings' must be equal to the rank of 'input_x', "
                                 f"but got {len(self.paddings)} vs {x.ndim}")
            for i, (lo, hi) in enumerate(self.paddings):
                if lo < 0 or hi < 0:
                    raise ValueError(f"For 'Pad', all elements of 'paddings' must be >= 0, but got paddings[{i}][0] "
                                     f"= {lo}, paddings[{i}][1] = {hi}")
            return P.pad_pairs(x, self.paddings, "constant", 0)
        if len(self.paddings) != x.ndim:
            raise ValueError(f"For 'MirrorPad', paddings.shape[0] must equal to input's rank, but got "
                             f"{len(self.paddings)}")
        _check_mirror("MirrorPad", x.shape, self.paddings, self.mode == "REFLECT")
        return P.pad_pairs(x, self.paddings, self.mode.lower(), 0)


def _check_mirror(cls, shape, pairs, reflect):
    # REFLECT never repeats the edge, so it needs a width < the axis; SYMMETRIC allows <=
    for n, (lo, hi) in zip(shape, pairs):
        if lo < 0 or hi < 0:
            raise ValueError(f"For '{cls}', all elements of 'paddings' must be >= 0, but got {(lo, hi)}.")
        if reflect and (lo >= n or hi >= n):
            raise ValueError(f"For '{cls}', paddings must be no greater than the dimension size: [{lo}], [{hi}] "
                             f"not less than [{n}]")
        if not reflect and (lo > n or hi > n):
            raise ValueError(f"For '{cls}', paddings must be no greater than the dimension size: [{lo}], [{hi}] "
                             f"greater than [{n}]")


class _ConstantPadNd(Cell):
    _n = 1
    _max_len = 2

    def __init__(self, padding, value) -> None:
        super().__init__()
        cls = type(self).__name__
        if _is_int(padding):
            padding = (padding,) * (2 * self._n)
        elif isinstance(padding, tuple):
            if len(padding) % 2:
                raise ValueError(f"For '{cls}', the length of parameter 'padding' with tuple type must be a "
                                 f"multiple of 2, but got {len(padding)}")
            if self._n == 1 and len(padding) != 2:
                raise ValueError(f"For '{cls}', the length of parameter 'padding' with tuple type must equal to 2."
                                 f"but got {len(padding)}")
            if len(padding) > 2 * self._n:
                raise ValueError(f"For '{cls}', the length of parameter 'padding' with tuple type must no more than "
                                 f"{2 * self._n}.but got {len(padding)}")
        else:
            raise TypeError(f"For '{cls}', the type of parameter 'padding' must be in [int, tuple], but got "
                            f"{type(padding)}")
        if not isinstance(value, (int, float)):
            raise TypeError(f"For '{cls}', the type of parameter 'value' must be in [int, float], but got "
                            f"{type(value)}")
        self.padding = padding
        self.value = value

    def construct(self, x: Tensor) -> Tensor:
        cls = type(self).__name__
        x = _tensor(cls, x)
        if len(self.padding) // 2 > x.ndim:
            raise ValueError(f"For '{cls}', paddings length too large for input dims, the pad dims must be less "
                             f"than or equal to {x.ndim}")
        pairs = P.last_dims_pairs(x.ndim, self.padding)
        _check_result(cls, x.shape, pairs)
        return P.pad_pairs(x, pairs, "constant", self.value)


class ConstantPad1d(_ConstantPadNd):
    """``nn.ConstantPad1d(padding, value)``: pads the last axis with ``value``
    (``padding`` an int or (left, right); negative widths crop).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.ConstantPad1d((0, 1), 0.5)(ms.Tensor(np.ones((1, 2, 3, 4)), ms.float32)).shape
        (1, 2, 3, 5)
    """


class ConstantPad2d(_ConstantPadNd):
    """``nn.ConstantPad2d(padding, value)``: pads the last two axes, ``padding`` an int or
    (left, right, top, bottom).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.ConstantPad2d((1, 1, 0, 1), 0.5)(ms.Tensor(np.ones((1, 2, 3, 4)), ms.float32)).shape
        (1, 2, 4, 6)
    """
    _n = 2


class ConstantPad3d(_ConstantPadNd):
    """``nn.ConstantPad3d(padding, value)``: pads the last three axes, ``padding`` an int or a
    6-tuple (last axis first).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.ConstantPad3d((1, 1, 0, 1, 1, 0), 0.5)(ms.Tensor(np.ones((1, 2, 3, 4)), ms.float32)).shape
        (1, 3, 4, 6)
    """
    _n = 3


class ZeroPad2d(_ConstantPadNd):
    """``nn.ZeroPad2d(padding)``: ConstantPad2d with zeros.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.ZeroPad2d(1)(ms.Tensor(np.ones((1, 2, 3, 4)), ms.float32)).shape
        (1, 2, 5, 6)
    """
    _n = 2

    def __init__(self, padding) -> None:
        super().__init__(padding, 0)


def _flat_padding(cls: str, padding, n: int, allow_negative: bool) -> tuple:
    if _is_int(padding):
        padding = (padding,) * (2 * n)
    if not isinstance(padding, tuple):
        raise TypeError(f"For '{cls}' the input 'padding' must be an integer or tuple, but got "
                        f"{type(padding).__name__}")
    if len(padding) % 2:
        raise ValueError(f"For '{cls}' the length of input 'padding' must be divisible by 2, but got padding of "
                         f"length {len(padding)}. ")
    if not all(_is_int(i) for i in padding):
        raise TypeError(f"For '{cls}' every element in 'padding' must be integer, but got {padding}. ")
    if not allow_negative and not all(i >= 0 for i in padding):
        raise ValueError(f"For '{cls}' every element in 'padding' must be >= 0. but got {padding}. ")
    return padding


class _ReflectionPadNd(Cell):
    _n = 1

    def __init__(self, padding) -> None:
        super().__init__()
        self.padding = _flat_padding(type(self).__name__, padding, self._n, False)

    def construct(self, x: Tensor) -> Tensor:
        x = _tensor(type(self).__name__, x)
        k = len(self.padding) // 2
        if x.ndim < k:
            raise ValueError(f"For padding with length {2 * k}, the dimension of the tensor should be at least {k}, "
                             f"but got {x.ndim}")
        pairs = P.last_dims_pairs(x.ndim, self.padding)
        _check_mirror("MirrorPad", x.shape, pairs, True)
        return P.pad_pairs(x, pairs, "reflect")


class ReflectionPad1d(_ReflectionPadNd):
    """``nn.ReflectionPad1d(padding)``: pads the last axis by reflection (no edge repeat).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> print(ms.nn.ReflectionPad1d(2)(ms.Tensor(np.arange(4).reshape(1, 4), ms.float32)))
        [[2. 1. 0. 1. 2. 3. 2. 1.]]
    """


class ReflectionPad2d(_ReflectionPadNd):
    """``nn.ReflectionPad2d(padding)``: the last two axes, ``padding`` int or (left, right, top, bottom).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.ReflectionPad2d(1)(ms.Tensor(np.ones((1, 3, 4)), ms.float32)).shape
        (1, 5, 6)
    """
    _n = 2


class ReflectionPad3d(_ReflectionPadNd):
    """``nn.ReflectionPad3d(padding)``: the last three axes.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.ReflectionPad3d(1)(ms.Tensor(np.ones((1, 2, 3, 4)), ms.float32)).shape
        (1, 4, 5, 6)
    """
    _n = 3


class _ReplicationPadNd(Cell):
    _n = 1

    def __init__(self, padding) -> None:
        super().__init__()
        self.padding = _flat_padding(type(self).__name__, padding, self._n, True)

    def construct(self, x: Tensor) -> Tensor:
        cls = type(self).__name__
        x = _tensor(cls, x)
        # an input without the batch axis gets one, as MindSpore does
        expand = x.ndim == self._n + 1
        k = len(self.padding) // 2
        nd = x.ndim + 1 if expand else x.ndim
        if nd < 3:
            raise ValueError(f"For 'PadV3', the input dims for edge, reflect or circular mode must be greater than "
                             f"or equal to 3, but got {nd}.")
        if nd != k + 2:
            raise ValueError(f"For 'PadV3', the input dims when padding's size equal {2 * k} must be equal to "
                             f"{k + 2}, but got {nd}.")
        pairs = P.last_dims_pairs(x.ndim, self.padding)
        _check_result(cls, x.shape, pairs)
        return P.pad_pairs(x, pairs, "edge")


class ReplicationPad1d(_ReplicationPadNd):
    """``nn.ReplicationPad1d(padding)``: pads the last axis of a 2-D or 3-D input by repeating
    its edge values (negative widths crop).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> print(ms.nn.ReplicationPad1d((1, 2))(ms.Tensor(np.arange(3).reshape(1, 3), ms.float32)))
        [[0. 0. 1. 2. 2. 2.]]
    """


class ReplicationPad2d(_ReplicationPadNd):
    """``nn.ReplicationPad2d(padding)``: the last two axes of a 3-D or 4-D input.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.ReplicationPad2d(1)(ms.Tensor(np.ones((2, 3, 4)), ms.float32)).shape
        (2, 5, 6)
    """
    _n = 2


class ReplicationPad3d(_ReplicationPadNd):
    """``nn.ReplicationPad3d(padding)``: the last three axes of a 4-D or 5-D input.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.ReplicationPad3d(1)(ms.Tensor(np.ones((1, 2, 3, 4)), ms.float32)).shape
        (1, 4, 5, 6)
    """
    _n = 3
