"""Linear algebra (inv, det, slogdet, svd, qr, eig, cholesky, solve, matrix_*, norms, products).

Forwards use ``jnp.linalg`` / ``jax.scipy.linalg`` / ``jax.lax.linalg``; their derivatives are
the math, so bprops are "vjp". The FFT and window functions live in ``_fft.py``; the band and
diagonal ops (``matrix_diag*``, ``matrix_band_part``) in ``_matdiag.py``."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import binary_args, cast, check_axis, tensor_of
from ._primitive import Op, apply
from . import _fft, _matdiag
from ._fft import *  # noqa: F401,F403
from ._matdiag import *  # noqa: F401,F403
from ._special import check_dtype

_F = ("Float32", "Float64")
_FC = ("Float32", "Float64", "Complex64", "Complex128")


def _mat(name, x, allowed=_FC, arg="x", prim=True):
    x = tensor_of(x, name)
    check_dtype(name, x, allowed, arg)
    if x.ndim < 2:
        raise ValueError(f"For {'primitive[' + name + ']' if prim else name}, the {arg} rank must be greater than or "
                         f"equal to 2, but got {x.ndim}.")
    return x


def _op(name, fn, n_out=1):
    return Op(name, fn, "vjp", n_out)


def _mT(a):
    return jnp.swapaxes(a, -1, -2)


def _mH(a):
    return jnp.conj(_mT(a))


_cholesky = _op("Cholesky", lambda a, *, upper: (lambda l: _mH(l) if upper else l)(jnp.linalg.cholesky(a)))


def cholesky(input_x, upper: bool = False) -> Tensor:
    """``ops.cholesky``: the Cholesky factor L (``upper``: U = L^H) of a symmetric positive-definite matrix.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.cholesky(ms.Tensor([[4.0, 2.0], [2.0, 2.0]])))
        [[2. 0.]
         [1. 1.]]
    """
    x = tensor_of(input_x, "Cholesky")
    if x.ndim < 2:
        raise ValueError(f"For Cholesky, the dimension of input x must be greater than or equal to 2, but got a "
                         f"{x.ndim}-D Tensor.")
    check_dtype("Cholesky", x, _F, "input_x")
    return apply(_cholesky, (x,), {"upper": bool(upper)})


def _chol_full(u, upper):
    return _mH(u) @ u if upper else u @ _mH(u)


_cholesky_inverse = _op("CholeskyInverse", lambda u, *, upper: jnp.linalg.inv(_chol_full(u, upper)))


def cholesky_inverse(input_x, upper: bool = False) -> Tensor:
    """``ops.cholesky_inverse``: the inverse of A from its Cholesky factor."""
    x = _mat("CholeskyInverse", input_x, _F)
    return apply(_cholesky_inverse, (x,), {"upper": bool(upper)})


_cholesky_solve = _op("CholeskySolve", lambda b, u, *, upper: jsl.cho_solve((u, not upper), b))


def cholesky_solve(input, input2, upper: bool = False) -> Tensor:
    """``ops.cholesky_solve``: X with A X = ``input``, A given by its Cholesky factor ``input2``."""
    b, u = _mat("CholeskySolve", input, _F), _mat("CholeskySolve", input2, _F, "x2")
    return apply(_cholesky_solve, (b, u), {"upper": bool(upper)})


def _eig_fwd(a, *, vectors):
    w, v = jnp.linalg.eig(a)
    cdt = jnp.complex128 if a.dtype in (jnp.float64, jnp.complex128) else jnp.complex64
    return w.astype(cdt), (v.astype(cdt) if vectors else jnp.zeros((), cdt))


_eig = Op("Eig", _eig_fwd, None, n_out=2)


def eig(A):
    """``ops.eig``: eigenvalues and right eigenvectors of a square matrix (complex)."""
    return apply(_eig, (_mat("Eig", A, _FC),), {"vectors": True})


def eigvals(A) -> Tensor:
    """``ops.eigvals``: the eigenvalues of a square matrix (complex)."""
    return apply(_eig, (_mat("Eig", A, _FC),), {"vectors": False})[0]


def eig_v(A, compute_v: bool = False):
    """``ops.Eig(compute_v)``'s computation: (values, vectors or an empty Tensor)."""
    return apply(_eig, (_mat("Eig", A, _FC),), {"vectors": bool(compute_v)})


def _svd_fwd(a, *, full):
    u, s, vh = jnp.linalg.svd(a, full_matrices=full)
    return s, u, _mH(vh)


_svd = _op("Svd", _svd_fwd, 3)
_svdvals = _op("Svd", lambda a: jnp.linalg.svd(a, compute_uv=False))


def svd(input, full_matrices: bool = False, compute_uv: bool = True):
    """``ops.svd``: (s, u, v) with input = u @ diag(s) @ v^H; only s when ``compute_uv`` is False."""
    x = _mat("Svd", input)
    if not compute_uv:
        return apply(_svdvals, (x,), {})
    return apply(_svd, (x,), {"full": bool(full_matrices)})


_qr = _op("Qr", lambda a, *, mode: tuple(jnp.linalg.qr(a, mode=mode)), 2)


def qr(input, mode: str = "reduced"):
    """``ops.qr``: Q and R with input = Q @ R (``mode`` 'reduced' or 'complete')."""
    if mode not in ("reduced", "complete"):
        raise ValueError(f"For qr, the mode must be 'reduced' or 'complete', but got {mode}.")
    return apply(_qr, (_mat("Qr", input),), {"mode": mode})


_lstsq = _op("Lstsq", lambda a, b, *, l2: jnp.linalg.solve(_mT(a) @ a + l2 * jnp.eye(a.shape[-1], dtype=a.dtype),
                                                           _mT(a) @ b) if l2 else jnp.linalg.lstsq(a, b)[0])


def matrix_solve_ls(matrix, rhs, l2_regularizer=0.0) -> Tensor:
    """X minimising ||matrix @ X - rhs||^2 + l2 ||X||^2 (``ops.MatrixSolveLs``)."""
    a = _mat("MatrixSolveLs", matrix, _F, "matrix")
    l2 = float(np.asarray(l2_regularizer._data)) if isinstance(l2_regularizer, Tensor) else float(l2_regularizer)
    return apply(_lstsq, (a, cast(tensor_of(rhs, "MatrixSolveLs"), a.dtype)), {"l2": l2})


_nuc = _op("NuclearNorm", lambda x, *, axes, keepdims: jnp.linalg.norm(x, "nuc", axes, keepdims))


def nuclear_norm(x, dim=None, keepdim: bool = False) -> Tensor:
    """The nuclear norm (sum of singular values) over the two axes ``dim`` (``ops.NuclearNorm``)."""
    x = tensor_of(x, "NuclearNorm")
    dims = (0, 1) if dim is None else tuple(dim)
    if len(dims) != 2:
        raise ValueError(f"For 'NuclearNorm', the length of 'dim' must be 2, but got {len(dims)}.")
    axes = tuple(check_axis("NuclearNorm", d, x.ndim, "dim") for d in dims)
    return apply(_nuc, (x,), {"axes": axes, "keepdims": bool(keepdim)})


def lstsq(input, A) -> Tensor:
    """``ops.lstsq``: X minimising ||input @ X - A|| (least squares)."""
    a = _mat("Lstsq", input, _F, "x", prim=False)
    b = cast(tensor_of(A, "Lstsq"), a.dtype)
    return apply(_lstsq, (a, b), {"l2": 0.0})


def _lu_unpack_fwd(lu, piv, *, data, pivots):
    m, n = lu.shape[-2:]
    k = min(m, n)
    L = jnp.tril(lu[..., :, :k], -1) + jnp.eye(m, k, dtype=lu.dtype)
    U = jnp.triu(lu[..., :k, :])
    perm = jax.lax.linalg.lu_pivots_to_permutation(piv.astype(jnp.int32) - 1, m)
    P = _mT(jax.nn.one_hot(perm, m, dtype=lu.dtype))
    return P, L, U


_lu_unpack = _op("LuUnpack", _lu_unpack_fwd, 3)


def lu_unpack(LU_data, LU_pivots, unpack_data: bool = True, unpack_pivots: bool = True):
    """``ops.lu_unpack``: (P, L, U) from a packed LU factorization with 1-based pivots (A = P L U)."""
    lu = _mat("LuUnpack", LU_data, _F, "LU_data")
    piv = tensor_of(LU_pivots, "LuUnpack")
    return apply(_lu_unpack, (lu, piv), {"data": bool(unpack_data), "pivots": bool(unpack_pivots)})


_lu_solve = _op("LuSolve", lambda b, lu, piv: jsl.lu_solve((lu, piv.astype(jnp.int32) - 1), b))


def lu_solve(b, LU_data, LU_pivots) -> Tensor:
    """``ops.lu_solve``: X with A X = b, A given as its packed LU factorization and 1-based pivots."""
    lu = _mat("LuSolve", LU_data, _F, "LU_data")
    return apply(_lu_solve, (cast(tensor_of(b, "LuSolve"), lu.dtype), lu, tensor_of(LU_pivots, "LuSolve")), {})


_inv = _op("MatrixInverse", lambda a, *, adjoint: jnp.linalg.inv(_mH(a) if adjoint else a))


def inverse(input) -> Tensor:
    """``ops.inverse``: the inverse of a square matrix (batched)."""
    return apply(_inv, (_mat("MatrixInverse", input),), {"adjoint": False})


def inv(x) -> Tensor:
    """``ops.inv``: the elementwise reciprocal 1 / x (MindSpore's ``inv`` is not the matrix inverse)."""
    x = tensor_of(x, "Inv")
    if x.dtype.kind in "iu":  # integers stay integers: 1 / x truncated, as MindSpore's CPU kernel does
        return apply(_int_inv, (x,), {})
    from .math import reciprocal
    return reciprocal(x)


_int_inv = Op("Inv", lambda x: (1 / x).astype(x.dtype), None)


def matrix_inverse(x, adjoint: bool = False) -> Tensor:
    """``ops.MatrixInverse(adjoint)``'s computation."""
    return apply(_inv, (_mat("MatrixInverse", x),), {"adjoint": bool(adjoint)})


_det = _op("MatrixDeterminant", jnp.linalg.det)
_slogdet = _op("LogMatrixDeterminant", lambda a: tuple(jnp.linalg.slogdet(a)), 2)
_logdet = _op("LogDet", lambda a: (lambda s, l: jnp.where(s < 0, jnp.nan, jnp.where(s == 0, -jnp.inf, l)))(
    *jnp.linalg.slogdet(a)))


def det(input) -> Tensor:
    """``ops.det``: the determinant of a square matrix (batched)."""
    return apply(_det, (_mat("MatrixDeterminant", input),), {})


matrix_determinant = det


def slogdet(input):
    """``ops.slogdet``: the sign and the log of the absolute value of the determinant."""
    return apply(_slogdet, (_mat("LogMatrixDeterminant", input),), {})


log_matrix_determinant = slogdet


def logdet(input) -> Tensor:
    """``ops.logdet``: the log of the determinant (NaN when it is negative)."""
    return apply(_logdet, (_mat("LogMatrixDeterminant", input),), {})


_expm = _op("MatrixExp", jsl.expm)


def matrix_exp(input) -> Tensor:
    """``ops.matrix_exp``: the matrix exponential (batched)."""
    return apply(_expm, (_mat("MatrixExp", input, ("Float16",) + _FC),), {})


_mpow = Op("MatrixPower", lambda a, *, n: jnp.linalg.matrix_power(a, n), "vjp")


def matrix_power(input, n: int) -> Tensor:
    """``ops.matrix_power``: ``input`` raised to the integer power ``n`` (negative: of the inverse)."""
    x = tensor_of(input, "MatrixPower")
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"For 'MatrixPower', the input must be a batch of square matrices, but got shape "
                         f"{list(x.shape)}.")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"For 'MatrixPower', the type of 'n' should be 'int', but got type '{type(n).__name__}'.")
    if n < 0 and x.dtype.kind in "biu":
        raise TypeError("For 'MatrixPower', n < 0 is not supported for an integer input.")
    return apply(_mpow, (x,), {"n": int(n)})


_msolve = _op("MatrixSolve", lambda a, b, *, adjoint: jnp.linalg.solve(_mH(a) if adjoint else a, b))


def matrix_solve(matrix, rhs, adjoint: bool = False) -> Tensor:
    """``ops.matrix_solve``: X with ``matrix`` @ X = ``rhs`` (the adjoint of ``matrix`` when ``adjoint``)."""
    a = _mat("MatrixSolve", matrix, ("Float16",) + _FC, "matrix")
    return apply(_msolve, (a, cast(tensor_of(rhs, "MatrixSolve"), a.dtype)), {"adjoint": bool(adjoint)})


_trisolve = _op("MatrixTriangularSolve", lambda a, b, *, lower, adjoint: jsl.solve_triangular(
    a, b, trans="C" if adjoint else 0, lower=lower))


def matrix_triangular_solve(matrix, rhs, lower: bool = True, adjoint: bool = False) -> Tensor:
    """X with ``matrix`` @ X = ``rhs`` for a triangular ``matrix`` (``ops.MatrixTriangularSolve``)."""
    a = _mat("MatrixTriangularSolve", matrix, _FC, "matrix")
    return apply(_trisolve, (a, cast(tensor_of(rhs), a.dtype)), {"lower": bool(lower), "adjoint": bool(adjoint)})


# jax has no derivative for Householder products: these three ops have no bprop (as no gradient is defined)
_geqrf = Op("Geqrf", lambda a: (lambda h, tau: (_mT(h), tau))(*jnp.linalg.qr(a, mode="raw")), None, 2)
_orgqr = Op("Orgqr", lambda a, tau: jax.lax.linalg.householder_product(a, tau), None)
_ormqr = Op("Ormqr", lambda a, tau, c, *, left, transpose: jax.lax.linalg.ormqr(a, tau, c, left=left,
                                                                                  transpose=transpose), None)


def geqrf(input):
    """``ops.geqrf``: the QR factorization in LAPACK's form (Householder vectors and ``tau``)."""
    return apply(_geqrf, (_mat("Geqrf", input),), {})


def orgqr(input, input2) -> Tensor:
    """``ops.orgqr``: the explicit Q (m x n) from ``geqrf``'s Householder vectors and ``tau``."""
    a = _mat("Orgqr", input)
    return apply(_orgqr, (a, cast(tensor_of(input2, "Orgqr"), a.dtype)), {})


def ormqr(input, tau, other, left: bool = True, transpose: bool = False) -> Tensor:
    """``ops.ormqr``: ``other`` multiplied by the Q of ``geqrf`` (on the left or right, transposed or not)."""
    a = _mat("Ormqr", input)
    return apply(_ormqr, (a, cast(tensor_of(tau), a.dtype), cast(tensor_of(other), a.dtype)),
                 {"left": bool(left), "transpose": bool(transpose)})


def _pinv_fwd(a, *, atol, rtol, hermitian):
    if hermitian:
        w, v = jnp.linalg.eigh(a)
        s = jnp.abs(w)
    else:
        u, s, vh = jnp.linalg.svd(a, full_matrices=False)
    smax = jnp.max(s, axis=-1, keepdims=True)
    if rtol is None:
        rtol = 0.0 if atol else max(a.shape[-2:]) * jnp.finfo(a.dtype).eps
    cut = jnp.maximum(atol or 0.0, rtol * smax)
    if hermitian:
        winv = jnp.where(jnp.abs(w) > cut, 1 / jnp.where(w == 0, 1, w), 0)
        return (v * winv[..., None, :]) @ _mH(v)
    sinv = jnp.where(s > cut, 1 / jnp.where(s == 0, 1, s), 0)
    return _mH(vh) @ (sinv[..., :, None] * _mH(u))


_pinv = _op("Pinv", _pinv_fwd)


def pinv(x, *, atol=None, rtol=None, hermitian: bool = False) -> Tensor:
    """``ops.pinv``: the Moore-Penrose pseudo-inverse (singular values below max(atol, rtol*smax) dropped)."""
    a = _mat("pinv", x, _F, "x", prim=False)
    return apply(_pinv, (a,), {"atol": None if atol is None else float(atol),
                               "rtol": None if rtol is None else float(rtol), "hermitian": bool(hermitian)})


def _vnorm_fwd(x, *, ord, axes, keepdims, dtype):
    x = x.astype(dtype)
    a = jnp.abs(x)
    if ord == 0:
        return jnp.sum(x != 0, axis=axes, keepdims=keepdims).astype(a.dtype)
    if ord == float("inf"):
        return jnp.max(a, axis=axes, keepdims=keepdims)
    if ord == float("-inf"):
        return jnp.min(a, axis=axes, keepdims=keepdims)
    if ord == 2:
        return jnp.sqrt(jnp.sum(a * a, axis=axes, keepdims=keepdims))
    return jnp.sum(a ** ord, axis=axes, keepdims=keepdims) ** (1.0 / ord)


_vnorm = _op("VectorNorm", _vnorm_fwd)


def vector_norm(x, ord=2, axis=None, keepdims: bool = False, *, dtype=None) -> Tensor:
    """``ops.vector_norm``: the ``ord``-norm over ``axis`` (all elements when None)."""
    x = tensor_of(x, "vector_norm")
    if axis is None:
        axes = tuple(range(x.ndim))
    else:
        axes = tuple(check_axis("vector_norm", a, x.ndim) for a in ((axis,) if isinstance(axis, int) else axis))
    dt = (mstype.to_dtype(dtype) if dtype is not None else x.dtype).np
    return apply(_vnorm, (x,), {"ord": float(ord), "axes": axes, "keepdims": bool(keepdims), "dtype": dt})


_mnorm = _op("MatrixNorm", lambda x, *, ord, axes, keepdims, dtype: jnp.linalg.norm(
    x.astype(dtype), ord=ord, axis=axes, keepdims=keepdims))


def matrix_norm(A, ord="fro", axis=(-2, -1), keepdims: bool = False, *, dtype=None) -> Tensor:
    """``ops.matrix_norm``: the Frobenius, nuclear, 1, -1, 2, -2, inf or -inf norm of matrices over ``axis``."""
    x = tensor_of(A, "matrix_norm")
    if ord not in ("fro", "nuc", 1, -1, 2, -2, float("inf"), float("-inf")):
        raise ValueError(f"For 'matrix_norm', the ord must be one of 'fro', 'nuc', inf, -inf, 1, -1, 2, -2, but "
                         f"got {ord}.")
    axes = tuple(check_axis("matrix_norm", a, x.ndim) for a in axis)
    dt = (mstype.to_dtype(dtype) if dtype is not None else x.dtype).np
    return apply(_mnorm, (x,), {"ord": ord, "axes": axes, "keepdims": bool(keepdims), "dtype": dt})


def _bin(name, fn):
    op = Op(name, lambda a, b, *, dtype: fn(a.astype(dtype), b.astype(dtype)), "vjp")

    def call(input, other) -> Tensor:
        a, b, dt = binary_args(name, input, other)
        return apply(op, (a, b), {"dtype": dt.np})
    call.op = op
    return call


kron = _bin("Kron", jnp.kron)
inner = _bin("Inner", lambda a, b: jnp.inner(a, b))
_outer = _bin("Ger", jnp.outer)
_mv = _bin("Mv", jnp.matmul)


def ger(input, vec2) -> Tensor:
    """``ops.ger``: the outer product of two 1-D Tensors."""
    a, b = tensor_of(input, "Ger"), tensor_of(vec2, "Ger")
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError(f"For 'Ger', the inputs must be 1-D, but got {a.ndim}-D and {b.ndim}-D.")
    return _outer(a, b)


def mv(mat, vec) -> Tensor:
    """``ops.mv``: the matrix-vector product."""
    m, v = tensor_of(mat, "mv"), tensor_of(vec, "mv")
    if m.ndim != 2 or v.ndim != 1:
        raise ValueError(f"For 'mv', 'mat' must be 2-D and 'vec' 1-D, but got {m.ndim}-D and {v.ndim}-D.")
    return _mv(m, v)


_scaled_add = Op("ScaledAdd", lambda x, p, *, beta, alpha: beta * x + alpha * p, "vjp")


def _beta_alpha(x, prod, beta, alpha):
    x = cast(tensor_of(x), prod.dtype)
    return apply(_scaled_add, (x, prod), {"beta": beta, "alpha": alpha})


def addmv(input, mat, vec, *, beta=1, alpha=1) -> Tensor:
    """``ops.addmv``: ``beta * input + alpha * (mat @ vec)``."""
    return _beta_alpha(input, mv(mat, vec), beta, alpha)


def addr(x, vec1, vec2, *, beta=1, alpha=1) -> Tensor:
    """``ops.addr``: ``beta * x + alpha * outer(vec1, vec2)``."""
    return _beta_alpha(x, ger(vec1, vec2), beta, alpha)


_bmm_sum = _bin("Addbmm", lambda a, b: jnp.sum(jnp.matmul(a, b), axis=0))
_bmm = _bin("Baddbmm", jnp.matmul)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1) -> Tensor:
    """``ops.addbmm``: ``beta * input + alpha * sum_i(batch1[i] @ batch2[i])``."""
    return _beta_alpha(input, _bmm_sum(batch1, batch2), beta, alpha)


def baddbmm(input, batch1, batch2, beta=1, alpha=1) -> Tensor:
    """``ops.baddbmm``: ``beta * input + alpha * (batch1 @ batch2)`` batch by batch."""
    return _beta_alpha(input, _bmm(batch1, batch2), beta, alpha)


_cross = Op("Cross", lambda a, b, *, dim, dtype: jnp.cross(a.astype(dtype), b.astype(dtype), axis=dim), "vjp")


def cross(input, other, dim=None) -> Tensor:
    """``ops.cross``: the cross product along ``dim`` (the first axis of size 3 when None)."""
    a, b, dt = binary_args("Cross", input, other)
    if a.shape != b.shape:
        raise ValueError(f"For 'Cross', the shapes of 'input' and 'other' must be equal, but got {list(a.shape)} "
                         f"and {list(b.shape)}.")
    if dim is None or dim == -65530:
        dims = [i for i, s in enumerate(a.shape) if s == 3]
        if not dims:
            raise ValueError(f"For 'Cross', no axis of size 3 in shape {list(a.shape)}.")
        dim = dims[0]
    d = check_axis("Cross", dim, a.ndim, "dim")
    if a.shape[d] != 3:
        raise ValueError(f"For 'Cross', the size of 'dim' must be 3, but got {a.shape[d]}.")
    return apply(_cross, (a, b), {"dim": d, "dtype": dt.np})


_cov = Op("Cov", lambda x, *w, correction, fw, aw: jnp.cov(
    x, ddof=correction, fweights=w[0] if fw else None, aweights=w[-1] if aw else None).astype(x.dtype), "vjp")


def cov(input, *, correction: int = 1, fweights=None, aweights=None) -> Tensor:
    """``ops.cov``: the covariance matrix of the rows (variables) of ``input`` over its columns."""
    x = tensor_of(input, "cov")
    if x.ndim > 2:
        raise ValueError(f"For 'cov', the input must have at most 2 dimensions, but got {x.ndim}.")
    ws = tuple(tensor_of(w, "cov") for w in (fweights, aweights) if w is not None)
    return apply(_cov, (x,) + ws, {"correction": int(correction), "fw": fweights is not None,
                                   "aw": aweights is not None})


def dist(input, other, p=2) -> Tensor:
    """``ops.dist``: the p-norm of ``input - other``."""
    if isinstance(p, bool) or not isinstance(p, (int, np.integer)):
        raise TypeError(f"For 'LpNorm', the type of 'p' should be 'int', but got type '{type(p).__name__}'.")
    from .math import sub
    return vector_norm(sub(tensor_of(input, "dist"), tensor_of(other, "dist")), p)


def _pdist_fwd(x, *, p):
    n = x.shape[-2]
    i, j = np.triu_indices(n, 1)
    d = jnp.abs(x[..., i, :] - x[..., j, :])
    if p == float("inf"):
        return jnp.max(d, -1)
    if p == 0:
        return jnp.sum(d != 0, -1).astype(x.dtype)
    if p == 2:  # safe at 0 (equal rows): the gradient there is 0, as for MindSpore's PdistGrad
        s = jnp.sum(d * d, -1)
        return jnp.where(s > 0, jnp.sqrt(jnp.where(s > 0, s, 1)), 0)
    return jnp.sum(d ** p, -1) ** (1.0 / p)


_pdist = _op("Pdist", _pdist_fwd)


def pdist(input, p: float = 2.0) -> Tensor:
    """``ops.pdist``: the p-norm distances between every pair of rows (upper triangle, row by row)."""
    x = tensor_of(input, "Pdist")
    check_dtype("Pdist", x, ("Float16",) + _F, "x")
    if x.ndim < 2:
        raise ValueError(f"For 'Pdist', the dimension of input must be at least 2, but got {x.ndim}.")
    if p < 0:
        raise ValueError(f"For 'Pdist', the 'p' must be non-negative, but got {p}.")
    return apply(_pdist, (x,), {"p": float(p)})


def _tridiag_fwd(sup, main, sub, rhs):
    sup, main, sub = (jnp.swapaxes(t, -1, -2) for t in (sup, main, sub))  # [..., M, 1]
    up = jnp.concatenate([rhs[..., 1:, :], jnp.zeros_like(rhs[..., :1, :])], -2)
    dn = jnp.concatenate([jnp.zeros_like(rhs[..., :1, :]), rhs[..., :-1, :]], -2)
    return sup * up + main * rhs + sub * dn


_tridiag = _op("TridiagonalMatMul", _tridiag_fwd)


def tridiagonal_matmul(superdiag, maindiag, subdiag, rhs) -> Tensor:
    """The product of a tridiagonal matrix (given by its three diagonals, [..., 1, M]) with ``rhs`` [..., M, N]."""
    ts = tuple(tensor_of(t, "TridiagonalMatMul") for t in (superdiag, maindiag, subdiag, rhs))
    return apply(_tridiag, ts, {})


def _logm(a):
    import scipy.linalg
    return jax.pure_callback(lambda m: np.asarray(np.vectorize(scipy.linalg.logm, signature="(n,n)->(n,n)")(m),
                                                  m.dtype), jax.ShapeDtypeStruct(a.shape, a.dtype), a,
                             vmap_method="sequential")


_logm_op = Op("MatrixLogarithm", _logm, None)


def matrix_logarithm(x) -> Tensor:
    """The principal matrix logarithm of complex square matrices (``ops.MatrixLogarithm``; no gradient)."""
    return apply(_logm_op, (_mat("MatrixLogarithm", x, ("Complex64", "Complex128")),), {})


_adjoint = _op("Adjoint", _mH)
_conj_t = _op("ConjugateTranspose", lambda x, *, perm: jnp.conj(jnp.transpose(x, perm)))


def adjoint(x) -> Tensor:
    """``ops.adjoint``: the conjugate transpose of the last two axes."""
    return apply(_adjoint, (tensor_of(x, "adjoint"),), {})


def conjugate_transpose(x, perm) -> Tensor:
    """``ops.ConjugateTranspose()(x, perm)``'s computation: conj(transpose(x, perm))."""
    x = tensor_of(x, "ConjugateTranspose")
    return apply(_conj_t, (x,), {"perm": tuple(check_axis("ConjugateTranspose", p, x.ndim, "perm") for p in perm)})


__all__ = list(_fft.__all__) + list(_matdiag.__all__) + [
    "cholesky", "cholesky_inverse", "cholesky_solve", "eig", "eigvals", "svd", "qr", "lstsq", "lu_unpack",
    "lu_solve", "inverse", "inv", "det", "matrix_determinant", "slogdet", "log_matrix_determinant", "logdet",
    "matrix_exp", "matrix_power", "matrix_solve", "geqrf", "orgqr", "ormqr", "pinv", "vector_norm", "matrix_norm",
    "kron", "inner", "ger", "mv", "addmv", "addr", "addbmm", "baddbmm", "cross", "cov", "dist", "pdist",
    "adjoint"]
