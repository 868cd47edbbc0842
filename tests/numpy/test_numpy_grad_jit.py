"""Gradients of mindjax.numpy functions through the tape against ``jax.vjp`` of the same math in
float64, and eager results against ``mindjax.jit``."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import mindjax as ms
import mindjax.numpy as mnp

R = np.random.default_rng(0)
X = R.normal(size=(3, 4))
Y = R.normal(size=(3, 4))
V = np.array([0.3, -1.2, 2.5, 0.7, 1.9])
W = np.array([0.5, 1.5, -0.8])
SQ = R.normal(size=(3, 3))

# (id, mindjax.numpy function, the same math in jax.numpy, float64 inputs)
GRAD_CASES = [
    ("std", lambda a: mnp.std(a, 0, ddof=1), lambda a: jnp.std(a, 0, ddof=1), (X,)),
    ("average", lambda a, w: mnp.average(a, 0, w), lambda a, w: jnp.average(a, 0, w),
     (X[:, :3], np.abs(W) + 0.1)),
    ("cumprod", lambda a: mnp.cumprod(a), lambda a: jnp.cumprod(a), (V,)),
    ("dot", lambda a, b: mnp.dot(a, b), lambda a, b: jnp.dot(a, b), (X, Y.T)),
    ("tensordot", lambda a, b: mnp.tensordot(a, b, ([1], [1])), lambda a, b: jnp.tensordot(a, b, ([1], [1])),
     (X, Y)),
    ("kron", lambda a, b: mnp.kron(a, b), lambda a, b: jnp.kron(a, b), (SQ, X[:2, :2])),
    ("cross", lambda a, b: mnp.cross(a, b), lambda a, b: jnp.cross(a, b), (X[:, :3], Y[:, :3])),
    ("trapz", lambda a, b: mnp.trapz(a, b), lambda a, b: jnp.trapezoid(a, b), (V, np.cumsum(np.abs(V)))),
    ("diff", lambda a: mnp.diff(a, 2, axis=1), lambda a: jnp.diff(a, 2, axis=1), (X,)),
    ("convolve", lambda a, b: mnp.convolve(a, b), lambda a, b: jnp.convolve(a, b), (V, W)),
    ("correlate", lambda a, b: mnp.correlate(a, b, "same"), lambda a, b: jnp.correlate(a, b, "same"), (V, W)),
    ("interp", lambda f: mnp.interp(mnp.array([0.5, 1.5, 2.2], mnp.float64), mnp.array([0.0, 1.0, 2.0, 3.0], mnp.float64), f),
     lambda f: jnp.interp(jnp.array([0.5, 1.5, 2.2]), jnp.array([0.0, 1.0, 2.0, 3.0]), f), (V[:4],)),
    ("polyval", lambda p, x: mnp.polyval(p, x), lambda p, x: jnp.polyval(p, x), (W, V)),
    ("unwrap", lambda a: mnp.unwrap(a * 3), lambda a: jnp.unwrap(a * 3), (V,)),
    ("norm", lambda a: mnp.norm(a, 3, axis=1), lambda a: jnp.linalg.norm(a, 3, axis=1), (X,)),
    ("cov", lambda a: mnp.cov(a), lambda a: jnp.cov(a), (X,)),
    ("corrcoef", lambda a: mnp.corrcoef(a), lambda a: jnp.corrcoef(a), (X,)),
    ("logaddexp2", lambda a, b: mnp.logaddexp2(a, b), lambda a, b: jnp.logaddexp2(a, b), (X, Y)),
    ("pad_reflect", lambda a: mnp.pad(a, ((1, 2), (2, 1)), "reflect"),
     lambda a: jnp.pad(a, ((1, 2), (2, 1)), "reflect"), (X,)),
    ("pad_ramp", lambda a: mnp.pad(a, 2, "linear_ramp", end_values=1.0),
     lambda a: jnp.pad(a, 2, "linear_ramp", end_values=1.0), (V,)),
    ("pad_mean", lambda a: mnp.pad(a, 1, "mean"), lambda a: jnp.pad(a, 1, "mean"), (X,)),
    ("take", lambda a: mnp.take(a, mnp.array([[0, 5], [11, 5]])), lambda a: jnp.take(a, jnp.array([[0, 5], [11, 5]])),
     (X,)),
    ("repeat", lambda a: mnp.repeat(a, (1, 0, 3), axis=0), lambda a: jnp.repeat(a, np.array([1, 0, 3]), axis=0),
     (X,)),
    ("where", lambda a, b: mnp.where(a > b, a, b * 2), lambda a, b: jnp.where(a > b, a, b * 2), (X, Y)),
    ("select", lambda a: mnp.select([a > 0.5, a < -0.5], [a * 2, a * a], 1.0),
     lambda a: jnp.select([a > 0.5, a < -0.5], [a * 2, a * a], 1.0), (X,)),
    ("choose", lambda a, b: mnp.choose(mnp.array([0, 1, 1, 0]), [a, b]),
     lambda a, b: jnp.choose(jnp.array([0, 1, 1, 0]), [a, b]), (X[0], Y[0])),
    ("linspace", lambda a, b: mnp.linspace(a, b, 4, axis=1), lambda a, b: jnp.linspace(a, b, 4, axis=1), (V, V * 3)),
    ("diagflat", lambda a: mnp.diagflat(a, -1), lambda a: jnp.diagflat(a, -1), (W,)),
    ("vander", lambda a: mnp.vander(a, 4), lambda a: jnp.vander(a, 4), (W,)),
    ("multi_dot", lambda a, b, c: mnp.multi_dot([a, b, c]), lambda a, b, c: jnp.linalg.multi_dot([a, b, c]),
     (W, SQ, X)),
    ("gradient", lambda a: mnp.gradient(a, 0.5, axis=1), lambda a: jnp.gradient(a, 0.5, axis=1), (X,)),
    ("nanmean", lambda a: mnp.nanmean(a, 0), lambda a: jnp.nanmean(a, 0), (X,)),
    ("fmod", lambda a: mnp.fmod(a * 3, 0.7), lambda a: jnp.fmod(a * 3, 0.7), (X,)),
    ("copysign", lambda a, b: mnp.copysign(a, b), lambda a, b: jnp.copysign(a, b), (X, Y)),
    ("matrix_power", lambda a: mnp.matrix_power(a, 3), lambda a: jnp.linalg.matrix_power(a, 3), (SQ,)),
    ("histogram_bin_edges", lambda a: mnp.histogram_bin_edges(a, 4), lambda a: jnp.histogram_bin_edges(a, 4), (V,)),
]


@pytest.mark.parametrize("case", GRAD_CASES, ids=[c[0] for c in GRAD_CASES])
def test_grad_matches_jax_vjp(case):
    _, fn, ref, arrays = case
    out, vjp = jax.vjp(ref, *arrays)
    w = np.linspace(0.5, 1.5, out.size).reshape(out.shape)
    want = vjp(jnp.asarray(w))
    tensors = [ms.Tensor(a) for a in arrays]
    np.testing.assert_allclose(fn(*tensors).asnumpy(), np.asarray(out), rtol=1e-10, atol=1e-12)
    grads = ms.grad(lambda *xs: (fn(*xs) * ms.Tensor(w)).sum(), tuple(range(len(arrays))))(*tensors)
    grads = grads if isinstance(grads, tuple) else (grads,)
    for g, r in zip(grads, want):
        np.testing.assert_allclose(g.asnumpy(), np.asarray(r), rtol=1e-8, atol=1e-10)


JIT_CASES = [c for c in GRAD_CASES if c[0] in {"std", "average", "tensordot", "kron", "convolve", "interp",
                                                 "unwrap", "cov", "pad_reflect", "select", "linspace", "gradient"}]


def test_eager_equals_jit():
    for name, fn, _, arrays in JIT_CASES:
        tensors = [ms.Tensor(a.astype(np.float32)) for a in arrays]
        eager = fn(*tensors).asnumpy()
        compiled = ms.jit(fn)(*tensors).asnumpy()
        np.testing.assert_allclose(compiled, eager, rtol=1e-6, atol=1e-6, err_msg=name)
