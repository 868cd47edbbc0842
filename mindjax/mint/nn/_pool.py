"""mint's pooling functions (PyTorch's ``padding``, ``ceil_mode``, ``count_include_pad``,
``divisor_override``) over the valid-window pooling ops of ``mindjax.ops``.

Padding and ``ceil_mode``'s extra border are applied with ``ops.pad``; the average's divisor is the
same pooling applied to a mask of the counted positions, so the windows PyTorch divides by fewer
elements come out the same.

Example:
    >>> import mindjax as ms
    >>> import mindjax.mint.nn.functional as F
    >>> F.avg_pool2d(ms.ops.ones((1, 1, 4, 4)), 2).shape
    (1, 1, 2, 2)
"""
from __future__ import annotations

import math

from ... import ops as _ops
from ... import _dtype as mstype
from ..._tensor import Tensor
from .._adapt import needs

CANDIDATES: dict = {}


def _tup(v, nd: int, name: str, arg: str) -> tuple:
    t = (v,) * nd if isinstance(v, int) else tuple(v)
    if len(t) == 1 and nd > 1:
        t = t * nd
    if len(t) != nd:
        raise ValueError(f"For '{name}', the '{arg}' must be an int or a tuple of {nd} ints, but got {v}.")
    return t


def _out_len(n: int, k: int, s: int, p: int, ceil_mode: bool) -> int:
    span = n + 2 * p - k
    out = (math.ceil(span / s) if ceil_mode else span // s) + 1
    if ceil_mode and (out - 1) * s >= n + p:
        out -= 1
    return out


def _borders(spatial, k, s, p, ceil_mode):
    """Per dim (before, after) pads: the padding, plus what ceil_mode's last window needs."""
    out = []
    for n, kk, ss, pp in zip(spatial, k, s, p):
        o = _out_len(n, kk, ss, pp, ceil_mode)
        extra = max(0, (o - 1) * ss + kk - (n + 2 * pp))
        out.append((pp, pp + extra))
    return out


def _pad_last(x: Tensor, borders, value: float) -> Tensor:
    flat = []
    for before, after in reversed(borders):
        flat += [before, after]
    if not any(flat):
        return x
    return _ops.pad(x, tuple(flat), "constant", value)


def _pool(op_name: str, x: Tensor, k: tuple, s: tuple) -> Tensor:
    return getattr(_ops, op_name)(x, k, s)


def _avg(op_name: str, nd: int, x: Tensor, kernel_size, stride, padding, ceil_mode, count_include_pad,
         divisor_override, name: str) -> Tensor:
    k = _tup(kernel_size, nd, name, "kernel_size")
    s = k if stride is None or stride == () else _tup(stride, nd, name, "stride")
    p = _tup(padding, nd, name, "padding")
    borders = _borders(x.shape[2:], k, s, p, ceil_mode)
    area = math.prod(k)
    total = _ops.mul(_pool(op_name, _pad_last(x, borders, 0.0), k, s), float(area))
    if divisor_override:
        return _ops.div(total, float(divisor_override))
    ones = _ops.ones_like(x)
    if count_include_pad:
        # the padding counts, ceil_mode's extra border does not
        mask = _pad_last(_pad_last(ones, [(pp, pp) for pp in p], 1.0),
                         [(0, b[1] - pp) for b, pp in zip(borders, p)], 0.0)
    else:
        mask = _pad_last(ones, borders, 0.0)
    count = _ops.mul(_pool(op_name, mask, k, s), float(area))
    return _ops.div(total, count)


@needs("avg_pool2d", "pad", "mul", "div", "ones_like", "expand_dims", "squeeze")
def avg_pool1d(input: Tensor, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
               count_include_pad: bool = True) -> Tensor:
    """Average over windows of the last dim (N, C, L).

    Example:
        >>> F.avg_pool1d(ms.ops.ones((1, 2, 8)), 2).shape
        (1, 2, 4)
    """
    k = _tup(kernel_size, 1, "avg_pool1d", "kernel_size")
    s = k if stride is None else _tup(stride, 1, "avg_pool1d", "stride")
    p = _tup(padding, 1, "avg_pool1d", "padding")
    x = _ops.expand_dims(input, -2)
    out = _avg("avg_pool2d", 2, x, (1,) + k, (1,) + s, (0,) + p, ceil_mode, count_include_pad, None, "avg_pool1d")
    return _ops.squeeze(out, -2)


@needs("avg_pool2d", "pad", "mul", "div", "ones_like")
def avg_pool2d(input: Tensor, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: int | None = None) -> Tensor:
    """Average over windows of the last two dims (N, C, H, W).

    Example:
        >>> F.avg_pool2d(ms.ops.ones((1, 1, 6, 6)), 3, 2, 1).shape
        (1, 1, 3, 3)
    """
    return _avg("avg_pool2d", 2, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                divisor_override, "avg_pool2d")


@needs("avg_pool3d", "pad", "mul", "div", "ones_like")
def avg_pool3d(input: Tensor, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: int | None = None) -> Tensor:
    """Average over windows of the last three dims (N, C, D, H, W).

    Example:
        >>> F.avg_pool3d(ms.ops.ones((1, 1, 4, 4, 4)), 2).shape
        (1, 1, 2, 2, 2)
    """
    return _avg("avg_pool3d", 3, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                divisor_override, "avg_pool3d")


@needs("max_pool2d", "pad", "stack", "amax", "argmax", "gather", "arange", "reshape", "add", "cast")
def max_pool2d(input: Tensor, kernel_size, stride=None, padding=0, dilation=1, ceil_mode: bool = False,
               return_indices: bool = False):
    """Maximum over windows of the last two dims; with ``return_indices``, also the flat (H*W) argmax.

    Example:
        >>> F.max_pool2d(ms.ops.ones((1, 1, 4, 4)), 2).shape
        (1, 1, 2, 2)
    """
    k = _tup(kernel_size, 2, "max_pool2d", "kernel_size")
    s = k if stride is None or stride == () else _tup(stride, 2, "max_pool2d", "stride")
    p = _tup(padding, 2, "max_pool2d", "padding")
    d = _tup(dilation, 2, "max_pool2d", "dilation")
    if return_indices or d != (1, 1):
        return _max_windows(input, k, s, p, d, ceil_mode, return_indices)
    borders = _borders(input.shape[2:], k, s, p, ceil_mode)
    return _ops.max_pool2d(_pad_last(input, borders, float("-inf")), k, s)


def _max_windows(x: Tensor, k, s, p, d, ceil_mode, return_indices):
    """Max pooling as the maximum over the kernel's kh*kw strided views of the padded input; the
    argmax over those views gives the flat (H*W) index PyTorch returns."""
    H, W = x.shape[2:]
    keff = tuple(dd * (kk - 1) + 1 for dd, kk in zip(d, k))
    borders = _borders((H, W), keff, s, p, ceil_mode)
    xp = _pad_last(x, borders, float("-inf"))
    oh, ow = (_out_len(n, kk, ss, pp, ceil_mode) for n, kk, ss, pp in zip((H, W), keff, s, p))
    views, flat = [], []
    for i in range(k[0]):
        for j in range(k[1]):
            r0, c0 = i * d[0], j * d[1]
            views.append(xp[:, :, r0:r0 + (oh - 1) * s[0] + 1:s[0], c0:c0 + (ow - 1) * s[1] + 1:s[1]])
            flat.append((r0 - p[0], c0 - p[1]))
    stacked = _ops.stack(views, -1)
    values = _ops.amax(stacked, -1)
    if not return_indices:
        return values
    arg = _ops.argmax(stacked, -1)
    # flat index = (oh_i * s0 + r0 - p0) * W + (ow_j * s1 + c0 - p1), r0/c0 picked by the argmax
    offs = Tensor([r * W + c for r, c in flat], mstype.int64)
    base_r = _ops.reshape(_ops.arange(0, oh, dtype=mstype.int64) * (s[0] * W), (oh, 1))
    base_c = _ops.reshape(_ops.arange(0, ow, dtype=mstype.int64) * s[1], (1, ow))
    idx = _ops.add(_ops.gather(offs, _ops.cast(arg, mstype.int64), 0), _ops.add(base_r, base_c))
    return values, idx


@needs("max_unpool2d")
def max_unpool2d(input: Tensor, indices: Tensor, kernel_size, stride=None, padding=0, output_size=None) -> Tensor:
    """Scatter pooled maxima back to their ``indices`` in a zero tensor.

    Example:
        >>> F.max_unpool2d(ms.ops.ones((1, 1, 1, 1)), ms.Tensor([[[[3]]]]), 2).shape
        (1, 1, 2, 2)
    """
    return _ops.max_unpool2d(input, indices, kernel_size, stride, padding, output_size)


def _adaptive(op_name: str, x: Tensor, output_size, nd: int, return_indices: bool = False):
    os_ = (output_size,) * nd if isinstance(output_size, int) else tuple(output_size)
    if nd == 1:  # as 2-D with a height of 1
        r = _adaptive(op_name, _ops.expand_dims(x, -2), (1,) + os_, 2, return_indices)
        if return_indices:
            return _ops.squeeze(r[0], -2), _ops.squeeze(r[1], -2)
        return _ops.squeeze(r, -2)
    os_ = tuple(x.shape[2 + i] if v is None else v for i, v in enumerate(os_))
    fn = getattr(_ops, op_name)
    if return_indices:
        return fn(x, os_, return_indices=True)
    out = fn(x, os_)
    return out[0] if isinstance(out, tuple) else out


@needs("adaptive_avg_pool2d", "expand_dims", "squeeze")
def adaptive_avg_pool1d(input: Tensor, output_size) -> Tensor:
    """Average pooling to ``output_size`` along the last dim.

    Example:
        >>> F.adaptive_avg_pool1d(ms.ops.ones((1, 2, 7)), 3).shape
        (1, 2, 3)
    """
    return _adaptive("adaptive_avg_pool2d", input, output_size, 1)


@needs("adaptive_avg_pool2d")
def adaptive_avg_pool2d(input: Tensor, output_size) -> Tensor:
    """Average pooling to ``output_size`` (an int or (H, W), None keeps a dim).

    Example:
        >>> F.adaptive_avg_pool2d(ms.ops.ones((1, 2, 7, 5)), (3, 2)).shape
        (1, 2, 3, 2)
    """
    return _adaptive("adaptive_avg_pool2d", input, output_size, 2)


@needs("adaptive_avg_pool3d")
def adaptive_avg_pool3d(input: Tensor, output_size) -> Tensor:
    """Average pooling to ``output_size`` over the last three dims.

    Example:
        >>> F.adaptive_avg_pool3d(ms.ops.ones((1, 2, 4, 4, 4)), 2).shape
        (1, 2, 2, 2, 2)
    """
    return _adaptive("adaptive_avg_pool3d", input, output_size, 3)


def _adaptive_max_indices(x: Tensor, output_size, nd: int):
    """(values, flat indices) of adaptive max pooling, window by window (PyTorch's windows:
    ``[floor(i*n/o), ceil((i+1)*n/o))``)."""
    sp = tuple(x.shape[2:])
    os_ = (output_size,) * nd if isinstance(output_size, int) else tuple(
        sp[i] if v is None else v for i, v in enumerate(output_size))
    if nd == 1:
        sp, os_ = (1,) + sp, (1,) + os_
        x = _ops.expand_dims(x, -2)
    H, W = sp
    vals, idxs = [], []
    for i in range(os_[0]):
        r0, r1 = (i * H) // os_[0], -((-(i + 1) * H) // os_[0])
        for j in range(os_[1]):
            c0, c1 = (j * W) // os_[1], -((-(j + 1) * W) // os_[1])
            win = _ops.reshape(x[:, :, r0:r1, c0:c1], x.shape[:2] + (-1,))
            a = _ops.cast(_ops.argmax(win, -1), mstype.int64)
            vals.append(_ops.amax(win, -1))
            wc = c1 - c0
            idxs.append(_ops.add(_ops.add(_ops.mul(_ops.floor_divide(a, wc), W), a % wc), r0 * W + c0))
    shape = tuple(x.shape[:2]) + (os_ if nd == 2 else os_[1:])
    return (_ops.reshape(_ops.stack(vals, -1), shape), _ops.reshape(_ops.stack(idxs, -1), shape))


@needs("adaptive_max_pool2d", "expand_dims", "squeeze", "argmax", "amax", "stack", "reshape", "floor_divide",
       "mul", "add", "cast")
def adaptive_max_pool1d(input: Tensor, output_size, return_indices: bool = False):
    """Max pooling to ``output_size`` along the last dim (optionally with the argmax indices).

    Example:
        >>> F.adaptive_max_pool1d(ms.ops.ones((1, 2, 7)), 3).shape
        (1, 2, 3)
    """
    r = _adaptive_max_indices(input, output_size, 1)
    return r if return_indices else r[0]


@needs("adaptive_max_pool2d", "argmax", "amax", "stack", "reshape", "floor_divide", "mul", "add", "cast")
def adaptive_max_pool2d(input: Tensor, output_size, return_indices: bool = False):
    """Max pooling to ``output_size`` (optionally with the flat argmax indices).

    Example:
        >>> F.adaptive_max_pool2d(ms.ops.ones((1, 2, 6, 6)), 2).shape
        (1, 2, 2, 2)
    """
    # window by window: ops.adaptive_max_pool2d's windows differ from PyTorch's when the size does not divide
    r = _adaptive_max_indices(input, output_size, 2)
    return r if return_indices else r[0]


CANDIDATES.update({_k: _f for _k, _f in list(globals().items())
                   if not _k.startswith("_") and callable(_f) and hasattr(_f, "__mint_needs__")})
