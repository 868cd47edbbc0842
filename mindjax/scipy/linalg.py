"""``mindspore.scipy.linalg``: scipy.linalg's signatures over ``mindjax.ops`` and the kernels of
``mindjax.scipy.ops`` (differentiable; float32 for int inputs)."""
from __future__ import annotations

import numpy as onp

from .. import _dtype as mstype
from .. import ops
from .._tensor import Tensor
from ..numpy.utils import needs, finish
from .ops import solve_triangular_op, eigh_op, lu_op
from .utils import _nd_transpose, _square_check, _float_tensor, _type_check
from .utils_const import _raise_value_error

__all__ = ["block_diag", "inv", "cho_factor", "cholesky", "cho_solve", "eigh", "lu_factor", "lu", "lu_solve",
           "solve_triangular", "det"]


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, debug=None,
                     check_finite=True) -> Tensor:
    """The solution ``x`` of ``a x = b`` for a triangular ``a`` (``trans`` 0/'N', 1/'T', 2/'C').

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import solve_triangular
        >>> a = ms.Tensor([[2., 0.], [1., 1.]])
        >>> print(solve_triangular(a, ms.Tensor([2., 3.]), lower=True))
        [1. 2.]
    """
    a, b = _float_tensor("solve_triangular", a), _float_tensor("solve_triangular", b, "b")
    _square_check("solve_triangular", a)
    trans = {"N": 0, "T": 1, "C": 2}.get(trans, trans)
    if trans not in (0, 1, 2):
        raise RuntimeError(f"For 'SolveTriangular', 'trans' must be in [0, 1, 2, 'N', 'T', 'C'], but got "
                           f"[{trans}].")
    dt = mstype.promote(a.dtype, b.dtype)
    return solve_triangular_op(ops.cast(a, dt), ops.cast(b, dt), trans, lower, unit_diagonal)


def block_diag(*arrs) -> Tensor:
    """A block-diagonal matrix of the inputs (1-D inputs are rows, scalars 1 x 1).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import block_diag
        >>> print(block_diag(ms.Tensor([[1.]]), ms.Tensor([[2.]])))
        [[1. 0.]
         [0. 2.]]
    """
    if not arrs:
        return ops.zeros((1, 0), mstype.float32)
    ts = []
    for a in arrs:
        _type_check("block_diag", a, Tensor, "arrs")
        ts.append(ops.reshape(a, (1, -1)) if a.ndim < 2 else a)
    if any(t.ndim > 2 for t in ts):
        _raise_value_error("For 'block_diag', each input should be at most 2-D.")
    dt = ts[0].dtype
    for t in ts[1:]:
        dt = mstype.promote(dt, t.dtype)
    total = sum(t.shape[1] for t in ts)
    rows, col = [], 0
    for t in ts:
        r, c = t.shape
        parts = [ops.zeros((r, col), dt)] if col else []
        parts.append(ops.cast(t, dt))
        if total - col - c:
            parts.append(ops.zeros((r, total - col - c), dt))
        rows.append(ops.concat(parts, 1) if len(parts) > 1 else parts[0])
        col += c
    return ops.concat(rows, 0)


@needs("inverse")
def inv(a, overwrite_a=False, check_finite=True) -> Tensor:
    """The inverse of the square matrix ``a``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import inv
        >>> print(inv(ms.Tensor([[2., 0.], [0., 4.]])))
        [[0.5  0.  ]
         [0.   0.25]]
    """
    a = _float_tensor("inv", a)
    _square_check("inv", a)
    return ops.inverse(a)


@needs("cholesky")
def cholesky(a, lower=False, overwrite_a=False, check_finite=True) -> Tensor:
    """The Cholesky factor of a symmetric positive-definite ``a`` (upper by default, as scipy).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import cholesky
        >>> print(cholesky(ms.Tensor([[4., 2.], [2., 2.]])))
        [[2. 1.]
         [0. 1.]]
    """
    a = _float_tensor("cholesky", a)
    _square_check("cholesky", a)
    low = ops.cholesky(a)
    return low if lower else _nd_transpose(low)


@needs("cholesky")
def cho_factor(a, lower=False, overwrite_a=False, check_finite=True) -> tuple:
    """``(c, lower)``: the Cholesky factor and which triangle it is, for ``cho_solve``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import cho_factor
        >>> print(cho_factor(ms.Tensor([[4., 2.], [2., 2.]]))[1])
        False
    """
    return cholesky(a, lower), lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True) -> Tensor:
    """The solution of ``a x = b`` given ``cho_factor(a)``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import cho_solve
        >>> c = ms.Tensor([[2., 1.], [0., 1.]])
        >>> print(cho_solve((c, False), ms.Tensor([6., 4.])))
        [1. 1.]
    """
    c, lower = c_and_lower
    c, b = _float_tensor("cho_solve", c), _float_tensor("cho_solve", b, "b")
    if lower:
        y = solve_triangular_op(c, b, 0, True, False)
        return solve_triangular_op(c, y, 1, True, False)
    y = solve_triangular_op(c, b, 1, False, False)
    return solve_triangular_op(c, y, 0, False, False)


def eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False, turbo=True,
         eigvals=None, _type=1, check_finite=True):
    """Eigenvalues (ascending) and eigenvectors of the symmetric ``a`` (the standard problem only).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import eigh
        >>> print(eigh(ms.Tensor([[2., 0.], [0., 1.]]), eigvals_only=True))
        [1. 2.]
    """
    a = _float_tensor("eigh", a)
    _square_check("eigh", a)
    if b is not None:
        raise NotImplementedError("For 'eigh', only the standard eigenvalue problem (b=None) is supported.")
    w, v = eigh_op(a, lower, eigvals_only)
    return w if eigvals_only else (w, v)


def lu_factor(a, overwrite_a=False, check_finite=True) -> tuple:
    """``(lu, piv)``: the packed LU factors of ``a`` with row pivots (int32).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import lu_factor
        >>> print(lu_factor(ms.Tensor([[1., 2.], [3., 4.]]))[1])
        [1 1]
    """
    a = _float_tensor("lu_factor", a)
    lu_, piv, _ = lu_op(a)
    return lu_, piv


def lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    """``(p, l, u)`` with ``a = p @ l @ u`` (``p`` an int32 permutation matrix), or ``(p @ l, u)``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import lu
        >>> p, l, u = lu(ms.Tensor([[1., 2.], [3., 4.]]))
        >>> print(u)
        [[3.        4.       ]
         [0.        0.6666666]]
    """
    a = _float_tensor("lu", a)
    lu_, _, perm = lu_op(a)
    m, n = a.shape[-2], a.shape[-1]
    k = min(m, n)
    low = ops.tril(lu_[..., :, :k], -1) + Tensor(onp.eye(m, k, dtype=a.dtype.np))
    up = ops.triu(lu_[..., :k, :])
    p = ops.transpose(ops.one_hot(perm, m, Tensor(onp.int32(1)), Tensor(onp.int32(0))), (1, 0)) \
        if a.ndim == 2 else None
    if p is None:
        raise ValueError("For 'lu', batched inputs are not supported.")
    if permute_l:
        return ops.matmul(ops.cast(p, a.dtype), low), up
    return p, low, up


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True) -> Tensor:
    """The solution of ``a x = b`` (``trans`` 1: ``a.T x = b``) given ``lu_factor(a)``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import lu_factor, lu_solve
        >>> f = lu_factor(ms.Tensor([[2., 0.], [0., 4.]]))
        >>> print(lu_solve(f, ms.Tensor([[2.], [4.]])))
        [[1.]
         [1.]]
    """
    lu_, piv = lu_and_piv
    b = _float_tensor("lu_solve", b, "b")
    n = lu_.shape[-1]
    perm = onp.arange(n)
    for i, p in enumerate(piv.asnumpy().tolist()):
        perm[i], perm[p] = perm[p], perm[i]
    if trans == 0:
        pb = ops.gather(b, Tensor(perm.astype(onp.int32)), 0)
        y = solve_triangular_op(lu_, pb, 0, True, True)
        return solve_triangular_op(lu_, y, 0, False, False)
    y = solve_triangular_op(lu_, b, 1, False, False)
    x = solve_triangular_op(lu_, y, 1, True, True)
    inv_perm = onp.argsort(perm)
    return ops.gather(x, Tensor(inv_perm.astype(onp.int32)), 0)


@needs("det")
def det(a, overwrite_a=False, check_finite=True) -> Tensor:
    """The determinant of the square matrix ``a``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.linalg import det
        >>> print(det(ms.Tensor([[2., 0.], [0., 4.]])))
        8.0
    """
    a = _float_tensor("det", a)
    _square_check("det", a)
    return ops.det(a)


__all__ = finish(globals(), __all__)
