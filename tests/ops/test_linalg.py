"""Linear algebra ops (``ops.cholesky`` ... ``ops.pdist``, their Primitive classes) against values
recorded from MindSpore 2.10 on CPU (tests/data/ms_math_more.json, LINALG cases); gradients
against central finite differences in float64; ``mindjax.jit`` against eager. Factorizations
whose signs are LAPACK's choice are recorded through ``abs``."""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_math_more import RECORDED, cases, check_grad, compare, encode, env, run_case  # noqa: E402


# eigenvalues come in LAPACK's order, which differs between libraries: compared as sorted lists
_UNORDERED = {"eigvals", "eig_vals", "Eig"}


def _sorted(rec):
    return dict(rec, value=sorted(rec["value"], key=lambda v: (round(v[0], 4), round(v[1], 4))))


@pytest.mark.parametrize("cid", [c[0] for c in cases.LINALG])
def test_recorded(cid):
    if cid in _UNORDERED:
        compare(_sorted(encode(eval(RECORDED[cid]["expr"], env()))), _sorted(RECORDED[cid]["out"]), cid)
        return
    run_case(cid)


def test_eig_vectors():
    """A v = lambda v for every eigenpair, and eigvals agrees with eig."""
    a = np.array([[2.0, -1.0, 0.5], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]], np.float32)
    w, v = ops.eig(ms.Tensor(a))
    assert str(w.dtype) == "Complex64" and str(v.dtype) == "Complex64"
    w, v = w.asnumpy(), v.asnumpy()
    np.testing.assert_allclose(a @ v, v * w[None, :], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(np.sort_complex(ops.eigvals(ms.Tensor(a)).asnumpy()), np.sort_complex(w), rtol=1e-5)


SPD = [[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]
M3 = [[2.0, -1.0, 0.5], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]]
B32 = [[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]]
V = [1.0, 2.0, -1.0]
W = [0.5, -1.5, 2.0]


def _sym(fn):
    """``fn`` of the symmetric part, so finite differences stay on symmetric matrices."""
    return lambda a: fn((a + a.T) / 2)


GRADS = [
    ("cholesky", _sym(ops.cholesky), [SPD]),
    ("cholesky_solve", lambda b, a: ops.cholesky_solve(b, ops.cholesky((a + a.T) / 2)), [B32, SPD]),
    ("inverse", ops.inverse, [M3]), ("det", ops.det, [M3]), ("slogdet", lambda a: ops.slogdet(a)[1], [M3]),
    ("matrix_power", lambda a: ops.matrix_power(a, 3), [M3]), ("matrix_power_neg", lambda a: ops.matrix_power(a, -1), [M3]),
    ("matrix_solve", ops.matrix_solve, [M3, B32]),
    ("svd_s", lambda a: ops.svd(a, compute_uv=False), [B32]), ("pinv", ops.pinv, [B32]),
    ("matrix_norm", ops.matrix_norm, [M3]), ("matrix_norm_nuc", lambda a: ops.matrix_norm(a, "nuc"), [M3]),
    ("vector_norm", lambda x: ops.vector_norm(x, 3.0), [M3]), ("kron", ops.kron, [B32, M3]),
    ("addmv", lambda x, m, v: ops.addmv(x, m, v, beta=2, alpha=0.5), [V, M3, W]),
    ("baddbmm", lambda x, a, b: ops.baddbmm(x, a, b, 0.5, 2), [[M3], [B32], [[[1.0, 2.0, 0.5], [0.0, 1.0, -1.0]]]]),
    ("cross", ops.cross, [M3, SPD]), ("cov", ops.cov, [M3]), ("dist", ops.dist, [V, W]), ("pdist", ops.pdist, [M3]),
    ("matrix_band_part", lambda a: ops.matrix_band_part(a, 1, 0), [M3]),
    ("matrix_diag_band", lambda d: ops.matrix_diag(d, k=(-1, 0), padding_value=9.0), [[V, W]]),
    ("matrix_diag_part", lambda a: ops.matrix_diag_part(a, ms.Tensor([-1, 1], ms.int32), ms.Tensor(0.0)), [M3]),
    ("matrix_set_diag", lambda a, d: ops.matrix_set_diag(a, d), [M3, V]),
    ("tridiagonal", lambda s, m, d, r: ops.TridiagonalMatMul()(s, m, d, r), [[V], [W], [V], B32]),
]


@pytest.mark.parametrize("name,fn,xs", GRADS, ids=[g[0] for g in GRADS])
def test_grad(name, fn, xs):
    check_grad(fn, xs, tuple(range(len(xs))), rtol=1e-5, atol=1e-6)


JIT = ["cholesky_solve", "slogdet", "MatrixTriangularSolve_u", "matrix_band_part", "pinv", "matrix_norm_nuc",
       "addbmm", "cross", "cov_w", "pdist", "TridiagonalMatMul", "lu_unpack"]


@pytest.mark.parametrize("cid", JIT)
def test_jit_matches_eager(cid):
    e = env()
    expr = RECORDED[cid]["expr"]
    compare(encode(ms.jit(lambda: eval(expr, e))()), encode(eval(expr, e)), cid)


def test_band_ops_under_jit():
    """Under jit the diagonal range ``k`` is given as Python ints (it fixes the output shape)."""
    r = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    d = ms.Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32))
    for fn in (lambda: ops.matrix_diag(d, k=(-1, 0), padding_value=9.0),
               lambda: ops.matrix_diag_part(r, (-1, 1), -5.0),
               lambda: ops.matrix_set_diag(r, d[0], k=1, align="LEFT_LEFT")):
        np.testing.assert_array_equal(ms.jit(fn)().asnumpy(), fn().asnumpy())


def test_primitive_attributes():
    """Constructor arguments are recorded as attributes and checked like MindSpore's."""
    p = ops.MatrixTriangularSolve(lower=False, adjoint=True)
    assert (p.lower, p.adjoint) == (False, True)
    assert ops.Svd(full_matrices=True).full_matrices is True
    assert ops.MatrixPower(3).n == 3
    with pytest.raises(TypeError):
        ops.Cholesky(upper=1)
    with pytest.raises(TypeError):
        ops.MatrixPower()
    with pytest.raises(ValueError):
        ops.MatrixDiagV3(align="MIDDLE")
    x = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)
    np.testing.assert_allclose(ops.MatrixInverse()(ms.Tensor(x)).asnumpy(), np.linalg.inv(x), rtol=1e-6)
