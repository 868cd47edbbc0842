"""mindjax.scipy (linalg, fft, optimize) against MindSpore 2.10's recorded values, dtypes and error classes
(tests/data/ms_numpy.json, recorded by tests/data/gen_numpy.py), plus gradients through its kernels."""
from __future__ import annotations

import sys
from pathlib import Path

import jax
import numpy as np
import pytest
import scipy.linalg as sla

sys.path.insert(0, str(Path(__file__).parents[1] / "numpy"))
from _recorded import DATA, INPUTS, MS_BUGS, _env, _check, _absent  # noqa: E402

import mindjax as ms  # noqa: E402
import mindjax.scipy as msp  # noqa: E402

CASES = DATA["scipy"]
S = INPUTS["S"]
_LU = sla.lu(S)
EXPECTED_FOR_MS_BUGS = {
    "msp.linalg.lu(S, permute_l=True)": (_LU[0] @ _LU[1], _LU[2]),
    "msp.linalg.lu_solve(msp.linalg.lu_factor(S), Q)": (np.linalg.solve(S, INPUTS["Q"]),),
}


@pytest.mark.parametrize("rec", CASES, ids=[f"{i}-{r['name']}" for i, r in enumerate(CASES)])
def test_scipy_case(rec):
    reason = _absent(rec["expr"], msp_module=msp)
    if reason:
        pytest.skip(reason)
    e = _env()
    expr = rec["expr"]
    if expr in MS_BUGS:
        got = eval(expr, e)  # noqa: S307 - our own case table
        got = got if isinstance(got, tuple) else (got,)
        for g, want in zip(got, EXPECTED_FOR_MS_BUGS[expr]):
            np.testing.assert_allclose(g.asnumpy(), want, rtol=1e-5, atol=1e-6, err_msg=MS_BUGS[expr][0])
        return
    if "error" in rec:
        with pytest.raises(Exception) as info:  # noqa: PT011 - the class is compared below
            eval(expr, e)  # noqa: S307
        assert type(info.value).__name__ == rec["error"], f"{expr}: {info.value!r}; MindSpore: {rec['msg']}"
        return
    _check(eval(expr, e), rec["out"], expr)  # noqa: S307


def test_submodules_match_mindspore():
    assert set(DATA["names"]["scipy"]) <= {n for n in dir(msp) if not n.startswith("_")}


def _vjp_check(fn_ms, fn_jax, *arrays):
    """The tape's gradient of sum(fn * w) against jax.vjp of the same math, in float64."""
    ts = [ms.Tensor(a) for a in arrays]
    out, vjp = jax.vjp(fn_jax, *arrays)
    w = np.linspace(0.5, 1.5, out.size).reshape(out.shape)
    want = vjp(w)
    grads = ms.grad(lambda *xs: (fn_ms(*xs) * ms.Tensor(w)).sum(), tuple(range(len(ts))))(*ts)
    grads = grads if isinstance(grads, tuple) else (grads,)
    for g, r in zip(grads, want):
        np.testing.assert_allclose(g.asnumpy(), np.asarray(r), rtol=1e-7, atol=1e-9)


def test_solve_triangular_grad():
    a = np.tril(INPUTS["E"].astype(np.float64))
    b = INPUTS["Q"].astype(np.float64)
    _vjp_check(lambda x, y: msp.linalg.solve_triangular(x, y, lower=True),
               lambda x, y: jax.scipy.linalg.solve_triangular(x, y, lower=True), a, b)


def test_dct_grad_and_jit():
    x = INPUTS["C3"].astype(np.float64)
    _vjp_check(lambda t: msp.fft.dct(t, axis=1), lambda t: jax.scipy.fft.dct(t, axis=1, norm="ortho"), x)
    t = ms.Tensor(INPUTS["A"])
    np.testing.assert_allclose(ms.jit(lambda v: msp.fft.dctn(v))(t).asnumpy(), msp.fft.dctn(t).asnumpy(),
                               rtol=1e-6)


def test_eigh_values_grad():
    a = INPUTS["E"].astype(np.float64)
    _vjp_check(lambda t: msp.linalg.eigh(t, eigvals_only=True), lambda t: jax.numpy.linalg.eigh(t)[0], a)
