"""``mindspore.scipy.ops``: the kernels mindspore.scipy needs beyond ``mindjax.ops`` (triangular solve,
symmetric eigendecomposition, LU with partial pivoting, DCT-II), each one Op: a jax forward and the
gradient from ``jax.vjp`` of that forward (the math gradient, which is what MindSpore's bprops compute)."""
from __future__ import annotations

import jax.numpy as jnp
import jax.scipy.fft as jfft
import jax.scipy.linalg as jla
from jax.lax import linalg as lax_linalg

from ..ops._primitive import Op, apply
from .._tensor import Tensor

__all__ = ["solve_triangular_op", "eigh_op", "lu_op", "dct_op", "idct_op"]


def _solve_triangular_fwd(a, b, *, trans, lower, unit_diagonal):
    return jla.solve_triangular(a, b, trans=trans, lower=lower, unit_diagonal=unit_diagonal)


def _eigh_fwd(a, *, lower, eigvals_only):
    w, v = jnp.linalg.eigh(a, UPLO="L" if lower else "U")
    return (w, w) if eigvals_only else (w, v)


def _lu_fwd(a):
    lu, piv, perm = lax_linalg.lu(a)
    return lu, piv.astype(jnp.int32), perm.astype(jnp.int32)


def _dct_fwd(x, *, n, axis, norm):
    return jfft.dct(x, 2, n, axis, norm)


def _idct_fwd(x, *, n, axis, norm):
    return jfft.idct(x, 2, n, axis, norm)


def _dctn_fwd(x, *, s, axes, norm):
    return jfft.dctn(x, 2, s, axes, norm)


def _idctn_fwd(x, *, s, axes, norm):
    return jfft.idctn(x, 2, s, axes, norm)


_SOLVE_TRIANGULAR = Op("SolveTriangular", _solve_triangular_fwd, "vjp")
_EIGH = Op("Eigh", _eigh_fwd, "vjp", n_out=2)
_LU = Op("LU", _lu_fwd, "vjp", n_out=3)
_DCT = Op("DCT", _dct_fwd, "vjp")
_IDCT = Op("IDCT", _idct_fwd, "vjp")
_DCTN = Op("DCTN", _dctn_fwd, "vjp")
_IDCTN = Op("IDCTN", _idctn_fwd, "vjp")


def solve_triangular_op(a: Tensor, b: Tensor, trans: int = 0, lower: bool = False,
                        unit_diagonal: bool = False) -> Tensor:
    """Solve ``a x = b`` (``a`` triangular; ``trans`` 1 solves with ``a.T``)."""
    return apply(_SOLVE_TRIANGULAR, (a, b), {"trans": int(trans), "lower": bool(lower),
                                             "unit_diagonal": bool(unit_diagonal)})


def eigh_op(a: Tensor, lower: bool = True, eigvals_only: bool = False):
    """Eigenvalues (ascending) and eigenvectors of a symmetric/Hermitian ``a``."""
    return apply(_EIGH, (a,), {"lower": bool(lower), "eigvals_only": bool(eigvals_only)})


def lu_op(a: Tensor):
    """LU with partial pivoting: (packed LU, pivots, permutation)."""
    return apply(_LU, (a,), {})


def dct_op(x: Tensor, n, axis: int, norm, inverse: bool = False) -> Tensor:
    """The DCT-II (or its inverse, the DCT-III) along ``axis``."""
    return apply(_IDCT if inverse else _DCT, (x,), {"n": n, "axis": int(axis), "norm": norm})


def dctn_op(x: Tensor, s, axes, norm, inverse: bool = False) -> Tensor:
    """The n-dimensional DCT-II (or its inverse) over ``axes``."""
    return apply(_IDCTN if inverse else _DCTN, (x,), {"s": s, "axes": axes, "norm": norm})
