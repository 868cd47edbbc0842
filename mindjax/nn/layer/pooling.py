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


def _per_axis(cls, arg, v, nd, low):
    """int, 1-sequence or nd-sequence of ints (each >= ``low``) as an nd-tuple."""
    items = (v,) if _is_int(v) else tuple(v) if isinstance(v, (tuple, list)) else None
    if items is None or not all(_is_int(i) for i in items):
        raise TypeError(f"For '{cls}', the '{arg}' must be an int or a tuple of ints, but got {type(v).__name__}.")
    if len(items) not in (1, nd):
        raise ValueError(f"For {cls}, the length of {arg} must equal to {nd}, but got {len(items)}.")
    if any(i < low for i in items):
        raise ValueError(f"For '{cls}', the '{arg}' must be ints not less than {low}, but got {v}.")
    return items * nd if len(items) == 1 else items


def _unbatched(x, nd, fn):
    """Runs ``fn`` on an (N, C, *spatial) input; an unbatched (C, *spatial) input gets a batch axis
    for the call, as MindSpore's pooling Cells accept both."""
    if x.ndim != nd + 1:
        return fn(x)
    out = fn(ops.expand_dims(x, 0))
    return tuple(ops.squeeze(o, 0) for o in out) if isinstance(out, tuple) else ops.squeeze(out, 0)


class _PadMaxPool:
    """pad_mode='pad' max pooling shared by MaxPool1d/2d/3d: explicit padding, dilation, ceil_mode
    and the flat spatial positions of the maxima (int64) with ``return_indices``."""

    def _init_pad(self, nd, kernel, stride, pad_mode, padding, dilation, return_indices, ceil_mode):
        cls = type(self).__name__
        self.use_pad = pad_mode.lower() == "pad"
        self.return_indices = bool(return_indices)
        self.ceil_mode = bool(ceil_mode)
        if not self.use_pad:
            if padding != 0 or dilation != 1 or return_indices or ceil_mode:
                raise ValueError(f"For {cls}, the parameter 'padding', 'dilation', 'return_indices', 'ceil_mode' "
                                 f"can not be set to non-default value when pad_mode is not 'pad', "
                                 f"but got pad_mode:{pad_mode}.")
            return
        self._pk, self._ps = _per_axis(cls, "kernel_size", kernel, nd, 1), _per_axis(cls, "stride", stride, nd, 1)
        self._pp = _per_axis(cls, "padding", padding, nd, 0)
        self._pd = _per_axis(cls, "dilation", dilation, nd, 1)

    def _pad_pool(self, x):
        from ...ops import _pool_more as _PM
        if len(self._pk) == 2 and not (self.return_indices or self.ceil_mode) and self._pd == (1, 1) and \
                all(n + 2 * p >= k for n, p, k in zip(x.shape[2:], self._pp, self._pk)):
            # the Pool op: the same values, and its closed-form gradient (4x faster than the gather's at
            # ResNet's 3x3/2 stem pool, 8x64x112x112: 40 against 175 ms forward and backward)
            return ops.max_pool2d(x, self._pk, self._ps, self._pp, "pad")
        out = _PM.pool_max_indices(x, self._pk, self._ps, self._pp, self._pd, self.ceil_mode)
        if not self.return_indices:
            return out[0]
        return out[0], ops.cast(out[1], mstype.int64)


class MaxPool2d(_Pool2d, _PadMaxPool):
    """``nn.MaxPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1, return_indices=False,
    ceil_mode=False, data_format='NCHW')``: (N, C, H, W) or (C, H, W) input; ``padding``, ``dilation``,
    ``ceil_mode`` and ``return_indices`` need ``pad_mode='pad'``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> pool = ms.nn.MaxPool2d(2, 1, pad_mode="pad", padding=1, return_indices=True)
        >>> [o.shape for o in pool(ms.Tensor(np.ones((3, 4, 5)), ms.float32))]
        [(3, 5, 6), (3, 5, 6)]
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False, data_format: str = "NCHW") -> None:
        pad = isinstance(pad_mode, str) and pad_mode.lower() == "pad"
        super().__init__(kernel_size, stride, pad_mode, 0 if pad else padding, data_format=data_format)
        self._init_pad(2, kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode)
        if self.use_pad:
            self.padding = padding

    def construct(self, x):
        if self.use_pad:
            return _unbatched(x, 2, self._pad_pool)
        return _unbatched(x, 2, lambda t: ops.max_pool2d(t, self.kernel_size, self.stride, 0, self.pad_mode))


class AvgPool2d(_Pool2d):
    def construct(self, x):
        return ops.avg_pool2d(x, self.kernel_size, self.stride, self.padding, self.pad_mode)


class MaxPool1d(Cell, _PadMaxPool):
    """``nn.MaxPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1, return_indices=False,
    ceil_mode=False)``: (N, C, L) or (C, L) input; ``padding``, ``dilation``, ``ceil_mode`` and
    ``return_indices`` need ``pad_mode='pad'``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.MaxPool1d(3, 1)(ms.Tensor(np.ones((1, 2, 4)), ms.float32)).shape
        (1, 2, 2)
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__()
        cls = type(self).__name__
        self.k = positive_int(cls, "kernel_size", kernel_size)
        self.s = positive_int(cls, "stride", stride)
        if not isinstance(pad_mode, str):
            raise TypeError(f"For '{cls}', the 'pad_mode' must be a str, but got {type(pad_mode).__name__}.")
        self.pad_mode = one_of(cls, "pad_mode", pad_mode.lower(), ("same", "valid", "pad"))
        self._init_pad(1, kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode)

    def construct(self, x):
        if self.use_pad:
            return _unbatched(x, 1, self._pad_pool)
        return _unbatched(x, 1, lambda t: ops.squeeze(
            ops.max_pool2d(ops.expand_dims(t, 2), (1, self.k), (1, self.s), 0, self.pad_mode), 2))


class AvgPool1d(Cell):
    """``nn.AvgPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True)``: (N, C, L) or (C, L) input.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.AvgPool1d(4, 1, pad_mode="pad", padding=2)(ms.Tensor(np.ones((1, 2, 6)), ms.float32)).shape
        (1, 2, 7)
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True) -> None:
        super().__init__()
        cls = type(self).__name__
        self.k = positive_int(cls, "kernel_size", kernel_size)
        self.s = positive_int(cls, "stride", stride)
        if not isinstance(pad_mode, str):
            raise TypeError(f"For '{cls}', the 'pad_mode' must be a str, but got {type(pad_mode).__name__}.")
        self.pad_mode = one_of(cls, "pad_mode", pad_mode.lower(), ("same", "valid", "pad"))
        # MindSpore goes through AvgPool3D whenever any of these is set (a 'valid' pad_mode then pads too)
        self._3d = self.pad_mode == "pad" or padding != 0 or bool(ceil_mode) or not count_include_pad
        p = _per_axis(cls, "padding", padding, 1, 0)[0]
        self._pads = ((p, p),)
        if self._3d and self.pad_mode != "pad" and p:
            raise ValueError(f"For 'AvgPool3D', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) when 'pad_mode' is "
                             f"not \"PAD\", but got 'pad' is (0, 0, 0, 0, {p}, {p}) and 'pad_mode' is "
                             f"{pad_mode.upper()}.")
        self.ceil_mode, self.count_include_pad = bool(ceil_mode), bool(count_include_pad)

    def _run3d(self, x):
        return _P.pool_nd(x, "avg", (self.k,), (self.s,), self.pad_mode, self._pads, ceil_mode=self.ceil_mode,
                          count_include_pad=self.count_include_pad)

    def construct(self, x):
        if self._3d:
            return _unbatched(x, 1, self._run3d)
        return _unbatched(x, 1, lambda t: ops.squeeze(
            ops.avg_pool2d(ops.expand_dims(t, 2), (1, self.k), (1, self.s), 0, self.pad_mode), 2))


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
    """``nn.AdaptiveMaxPool2d(output_size, return_indices=False)``: with ``return_indices`` also the
    int64 flat H * W position of each maximum in its plane.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> out, idx = ms.nn.AdaptiveMaxPool2d(2, return_indices=True)(
        ...     ms.Tensor(np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3)))
        >>> print(idx)
        [[[[4 5]
           [7 8]]]]
    """

    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__(output_size)
        self.return_indices = bool(return_indices)

    def construct(self, x):
        return ops.adaptive_max_pool2d(x, self.output_size, self.return_indices)


# ---- 3-D and adaptive 1-D/3-D pooling ----------------------------------------------------------
from ...ops import _nn3d_ops as _P  # noqa: E402
from ... import _dtype as mstype  # noqa: E402

__all__ += ["AvgPool3d", "MaxPool3d", "AdaptiveAvgPool1d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d"]


def _int_or_tuple3(cls, arg, v):
    if not (_is_int(v) or isinstance(v, tuple)):
        raise TypeError(f"For '{cls}', the '{arg}' must be int or tuple, but got {type(v).__name__}.")
    items = (v,) if _is_int(v) else v
    if not items or not all(_is_int(i) and i > 0 for i in items):
        raise ValueError(f"For '{cls}', the '{arg}' must be an positive int number or a tuple, but got {v}")
    if _is_int(v) or len(v) == 1:
        return (items[0],) * 3
    if len(v) != 3:
        raise ValueError(f"For '{cls}', the '{arg}' must be an int or a tuple of 3 ints, but got {v}.")
    return tuple(v)


def _pads3(cls, padding):
    """int, 1-tuple or 3-tuple (one width per axis, both sides) as (lo, hi) pairs."""
    if not (_is_int(padding) or isinstance(padding, (tuple, list))):
        raise TypeError(f"For '{cls}', the 'padding' must be int, tuple or list, but got {type(padding).__name__}.")
    items = (padding,) if _is_int(padding) else tuple(padding)
    if not all(_is_int(p) and p >= 0 for p in items):
        raise ValueError(f"For '{cls}', the 'padding' must be non-negative ints, but got {padding}.")
    if len(items) == 1:
        items = items * 3
    if len(items) != 3:
        raise ValueError(f"For {cls}, the padding must be a int or tuple/list contains 1 or 3 int, but got "
                         f"tuple/list with length:{len(items)}.")
    return tuple((p, p) for p in items)


class _Pool3d(Cell):
    def __init__(self, kernel_size, stride, pad_mode, padding):
        super().__init__()
        cls = type(self).__name__
        if not isinstance(pad_mode, str):
            raise TypeError(f"For '{cls}', the 'pad_mode' must be a str, but got {type(pad_mode).__name__}.")
        if pad_mode.upper() not in ("VALID", "SAME", "PAD"):
            raise ValueError(f"For '{cls}', the 'pad_mode' must be str and must be in '['VALID', 'SAME', 'PAD']', "
                             f"but got '{pad_mode.upper()}'.")
        self.pad_mode = pad_mode.upper()
        self.kernel_size = kernel_size
        self.stride = stride
        self._k = _int_or_tuple3(cls, "kernel_size", kernel_size)
        self._s = _int_or_tuple3(cls, "stride", stride)
        self._pads = _pads3(cls, padding)
        if self.pad_mode != "PAD" and any(p for pr in self._pads for p in pr):
            raise ValueError(f"For '{cls[:-2]}3D', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) when 'pad_mode' is "
                             f"not \"PAD\", but got 'pad' is {tuple(p for pr in self._pads for p in pr)} and "
                             f"'pad_mode' is {pad_mode}.")

    def _run(self, x, kind, **kw):
        cls = type(self).__name__
        if x.ndim not in (4, 5):
            raise ValueError(f"For '{cls}', the input must be a 4-D or 5-D Tensor, but got shape {list(x.shape)}.")
        squeeze = x.ndim == 4
        if squeeze:
            x = ops.expand_dims(x, 0)
        y = _P.pool_nd(x, kind, self._k, self._s, self.pad_mode.lower(), self._pads, **kw)
        return ops.squeeze(y, 0) if squeeze else y

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


class AvgPool3d(_Pool3d):
    """``nn.AvgPool3d``: 3-D average pooling of (N, C, D, H, W) or (C, D, H, W) input.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.AvgPool3d(2, 2)(ms.Tensor(np.ones((1, 2, 4, 4, 4)), ms.float32)).shape
        (1, 2, 2, 2, 2)
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override=None) -> None:
        super().__init__(kernel_size, stride, pad_mode, padding)
        if divisor_override is not None and divisor_override <= 0:
            raise ValueError(f"For 'AvgPool3d', the 'divisor_override' must be > 0, but got {divisor_override}.")
        self.ceil_mode = bool(ceil_mode)
        self.count_include_pad = bool(count_include_pad)
        self.divisor_override = divisor_override or 0

    def construct(self, x):
        return self._run(x, "avg", ceil_mode=self.ceil_mode, count_include_pad=self.count_include_pad,
                         divisor_override=self.divisor_override)


class MaxPool3d(_Pool3d):
    """``nn.MaxPool3d``: 3-D max pooling of (N, C, D, H, W) or (C, D, H, W) input.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.MaxPool3d(2, 2)(ms.Tensor(np.ones((1, 2, 4, 4, 4)), ms.float32)).shape
        (1, 2, 2, 2, 2)
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__(kernel_size, stride, pad_mode, padding)
        self._d = _int_or_tuple3("MaxPool3d", "dilation", dilation)
        if (self._d != (1, 1, 1) or return_indices) and self.pad_mode != "PAD":
            raise ValueError(f"For MaxPool3d, the pad_mode must be 'pad' when dilation is not 1 or return_indices "
                             f"is True, but got pad_mode:{pad_mode}.")
        self.return_indices = bool(return_indices)
        self.ceil_mode = bool(ceil_mode)

    def _indices(self, x):
        from ...ops import _pool_more as _PM
        val, pos = _PM.pool_max_indices(x, self._k, self._s, tuple(p[0] for p in self._pads), self._d,
                                        self.ceil_mode)
        return val, ops.cast(pos, mstype.int64)

    def construct(self, x):
        if self.return_indices:
            if x.ndim not in (4, 5):
                raise ValueError(f"For 'MaxPool3d', the input must be a 4-D or 5-D Tensor, but got shape "
                                 f"{list(x.shape)}.")
            return _unbatched(x, 3, self._indices)
        return self._run(x, "max", dilation=self._d, ceil_mode=self.ceil_mode)


def _check_out1(cls, output_size):
    if not _is_int(output_size):
        raise TypeError(f"For '{cls}', the type of 'output_size' should be 'int', but got type "
                        f"'{type(output_size).__name__}'.")
    if output_size < 1:
        raise ValueError(f"For '{cls}', the 'output_size' must be int and must >= 1, but got '{output_size}' with "
                         f"type 'int'.")
    return output_size


class AdaptiveAvgPool1d(Cell):
    """``nn.AdaptiveAvgPool1d(output_size)``: (N, C, L) -> (N, C, output_size); L must be a
    multiple of output_size (MindSpore's rule).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.AdaptiveAvgPool1d(2)(ms.Tensor(np.ones((1, 3, 6)), ms.float32)).shape
        (1, 3, 2)
    """
    _kind = "avg"

    def __init__(self, output_size: int) -> None:
        super().__init__()
        self.output_size = _check_out1(type(self).__name__, output_size)

    def construct(self, x):
        cls, o = type(self).__name__, self.output_size
        if x.ndim != 3:
            raise ValueError(f"For {cls}, the input must has 3 dim, but got {x.ndim}.")
        w = x.shape[2]
        if w < o:
            raise ValueError(f"For {cls}, the input's last dimension must be greater or equal to output size {o}, "
                             f"but got {w}.")
        if w % o:
            raise ValueError(f"For {cls}, the input's last dimension must be divisible by output size {o}, but got "
                             f"{w}.")
        if x.dtype not in (mstype.float16, mstype.float32):
            raise TypeError(f"For {cls}, the x_dtype must be float16 or float32, but got {x.dtype}.")
        k = w // o
        return ops.squeeze(_P.pool_nd(ops.expand_dims(x, 2), self._kind, (1, k), (1, k), "valid"), 2)


class AdaptiveMaxPool1d(AdaptiveAvgPool1d):
    """``nn.AdaptiveMaxPool1d(output_size)``: (N, C, L) -> (N, C, output_size), L a multiple of it.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.AdaptiveMaxPool1d(2)(ms.Tensor(np.ones((1, 3, 6)), ms.float32)).shape
        (1, 3, 2)
    """
    _kind = "max"


class AdaptiveAvgPool3d(Cell):
    """``nn.AdaptiveAvgPool3d(output_size)``: averages over adaptive bins of the last three
    axes of a 4-D or 5-D input; ``None`` in ``output_size`` keeps that axis.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.AdaptiveAvgPool3d((2, None, 3))(ms.Tensor(np.ones((1, 2, 5, 6, 7)), ms.float32)).shape
        (1, 2, 2, 6, 3)
    """

    def __init__(self, output_size) -> None:
        super().__init__()
        cls = type(self).__name__
        if _is_int(output_size):
            output_size = (output_size,) * 3
        ok = isinstance(output_size, (tuple, list)) and len(output_size) == 3 and \
            all(o is None or (_is_int(o) and o > 0) for o in output_size)
        if not ok:
            raise ValueError(f"For '{cls}', the 'output_size' must be a positive int or a tuple of 3 positive ints "
                             f"or None, but got {output_size}.")
        self.output_size = tuple(output_size)

    def construct(self, x):
        if x.ndim not in (4, 5):
            raise ValueError(f"For 'AdaptiveAvgPool3D', the input must be a 4-D or 5-D Tensor, but got "
                             f"{x.ndim}-D.")
        out = tuple(n if o is None else o for n, o in zip(x.shape[-3:], self.output_size))
        return _P.adaptive_avg_pool_nd(x, out)
