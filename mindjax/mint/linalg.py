"""``mindspore.mint.linalg``: inv, norm, vector_norm, matrix_norm, qr over ``mindjax.ops``.

Example:
    >>> import mindjax as ms
    >>> from mindjax.mint import linalg
    >>> linalg.vector_norm(ms.Tensor([3., 4.])).asnumpy().tolist()
    5.0
"""
from __future__ import annotations

from .. import ops as _ops
from .._tensor import Tensor
from . import _math
from ._adapt import install as _install, needs, dims

_absent: dict = {}


@needs("inverse")
def inv(A: Tensor) -> Tensor:
    """Inverse of square matrices (batched).

    Example:
        >>> linalg.inv(ms.Tensor([[2., 0.], [0., 4.]])).asnumpy().tolist()
        [[0.5, 0.0], [0.0, 0.25]]
    """
    return _ops.inverse(A)


@needs("abs", "sum", "sqrt", "amax", "amin", "pow", "ne", "cast", "mul")
def vector_norm(x: Tensor, ord=2, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """The vector ``ord``-norm over ``dim`` (all elements when None).

    Example:
        >>> linalg.vector_norm(ms.Tensor([3., 4.]), 1).asnumpy().tolist()
        7.0
    """
    return _math.norm(x, 2 if ord == 2 else ord, dims(dim), keepdim, dtype=dtype)


@needs("norm", "abs", "sum", "amax", "amin", "sqrt", "mul", "squeeze")
def matrix_norm(A: Tensor, ord="fro", dim=(-2, -1), keepdim: bool = False, *, dtype=None) -> Tensor:
    """Matrix norm (``"fro"``, ``"nuc"``, +-1, +-2, +-inf) over the two dims ``dim``.

    Example:
        >>> linalg.matrix_norm(ms.Tensor([[3., 0.], [0., 4.]])).asnumpy().tolist()
        5.0
    """
    x = A if dtype is None else _ops.cast(A, dtype)
    d0, d1 = (d % x.ndim for d in dim)
    if ord == "fro":
        return _ops.sqrt(_ops.sum(_ops.mul(x, x), (d0, d1), keepdim))
    if ord in (1, -1, float("inf"), float("-inf")):
        # max (min) over columns of the column sums (ord 1), or over rows of the row sums (ord inf)
        inner, outer = (d0, d1) if ord in (1, -1) else (d1, d0)
        s = _ops.sum(_ops.abs(x), inner, True)
        r = (_ops.amax if ord > 0 else _ops.amin)(s, outer, True)
        return r if keepdim else _ops.squeeze(r, (d0, d1))
    return _ops.norm(x, ord, (d0, d1), keepdim)


@needs("norm")
def norm(A: Tensor, ord=None, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """``ord`` None: the 2-norm of the flattened input (dim None) or over ``dim``; else the vector
    norm (one dim) or the matrix norm (two dims), as ``ops.norm``.

    Example:
        >>> linalg.norm(ms.Tensor([3., 4.])).asnumpy().tolist()
        5.0
    """
    x = A if dtype is None else _ops.cast(A, dtype)
    return _ops.norm(x, ord, dims(dim), keepdim)


@needs("qr")
def qr(A: Tensor, mode: str = "reduced") -> tuple:
    """(Q, R) with ``mode`` "reduced", "complete" or "r".

    Example:
        >>> q, r = linalg.qr(ms.Tensor([[1., 2.], [3., 4.]]))
    """
    return _ops.qr(A, mode)


__all__ = _install(globals(), {"inv": inv, "vector_norm": vector_norm, "matrix_norm": matrix_norm, "norm": norm,
                               "qr": qr}, _absent)
