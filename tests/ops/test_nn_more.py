"""The nn ops added for issue #11 (interpolate and the resize Primitives, pooling, convolution,
activations, losses...) against MindSpore 2.10 (tests/data/gen_nn_more.py): outputs, dtypes and
shapes, error classes, input gradients, and eager against ``mindjax.jit``."""
from __future__ import annotations

import pytest

from _ms_cases import cases, ids, run_case, run_jit

CASES = cases("nn")
# sizes given as Tensor literals are tracers under jit (their value is not known when compiling): left out
# (the greedy CTC decoder has a data-dependent output size: it runs eagerly only)
JIT = [c for c in CASES if "error" not in c and "out" in c and "ms.Tensor(" not in c["expr"]
       and "reedy" not in c["expr"]][::3]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_matches_mindspore(case):
    run_case(case)


@pytest.mark.parametrize("case", JIT, ids=ids(JIT))
def test_jit_matches_eager(case):
    run_jit(case)


# ---- ops whose MindSpore kernels are not on CPU (RmsNorm, SoftMarginLoss, TripletMarginLoss,
# MultilabelMarginLoss, Embedding): checked against their formulas written in numpy ----------------------
import numpy as np  # noqa: E402

import mindjax as ms  # noqa: E402
from mindjax import ops  # noqa: E402

RNG = np.random.default_rng(0)


def test_rms_norm_formula_and_primitive():
    x, g = RNG.standard_normal((2, 3, 4)).astype(np.float32), RNG.uniform(size=4).astype(np.float32)
    y, rstd = ops.RmsNorm(1e-5)(ms.Tensor(x), ms.Tensor(g))
    r = 1 / np.sqrt((x ** 2).mean(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(rstd.asnumpy(), r, rtol=1e-5)
    np.testing.assert_allclose(y.asnumpy(), x * r * g, rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError):
        ops.rms_norm(ms.Tensor(x), ms.Tensor(g[:3]))


def test_soft_margin_and_triplet_losses_formula():
    x, y = RNG.standard_normal((3, 4)), np.sign(RNG.standard_normal((3, 4)))
    got = ops.SoftMarginLoss(reduction="none")(ms.Tensor(x), ms.Tensor(y)).asnumpy()
    np.testing.assert_allclose(got, np.log1p(np.exp(-x * y)), rtol=1e-6)
    np.testing.assert_allclose(ops.soft_margin_loss(ms.Tensor(x), ms.Tensor(y)).asnumpy(),
                               np.log1p(np.exp(-x * y)).mean(), rtol=1e-6)
    a, p, n = (RNG.standard_normal((4, 5)) for _ in range(3))

    def d(u, v, q=2):
        return (np.abs(u - v + 1e-6) ** q).sum(-1) ** (1 / q)
    want = np.maximum(d(a, p) - np.minimum(d(a, n), d(p, n)) + 0.5, 0)
    got = ops.triplet_margin_loss(ms.Tensor(a), ms.Tensor(p), ms.Tensor(n), margin=0.5, swap=True,
                                  reduction="none").asnumpy()
    np.testing.assert_allclose(got, want, rtol=1e-6)
    got = ops.TripletMarginLoss(p=3, reduction="sum")(ms.Tensor(a), ms.Tensor(p), ms.Tensor(n), ms.Tensor(0.8))
    np.testing.assert_allclose(got.asnumpy(), np.maximum(d(a, p, 3) - d(a, n, 3) + 0.8, 0).sum(), rtol=1e-6)


def test_multilabel_margin_loss_formula():
    x = RNG.standard_normal((3, 4)).astype(np.float32)
    t = np.array([[3, 0, -1, 1], [0, 1, 2, 3], [-1, 0, 1, 2]], np.int32)
    want, is_t = [], np.zeros_like(t)
    for xi, ti, mi in zip(x, t, is_t):
        ys = []
        for v in ti:
            if v < 0:
                break
            ys.append(v)
        mi[ys] = 1
        want.append(sum(max(0, 1 - (xi[y] - xi[i])) for y in ys for i in range(4) if i not in ys) / 4)
    loss, is_target = ops.MultilabelMarginLoss(reduction="none")(ms.Tensor(x), ms.Tensor(t))
    np.testing.assert_allclose(loss.asnumpy(), want, rtol=1e-5)
    np.testing.assert_array_equal(is_target.asnumpy(), is_t)
    np.testing.assert_allclose(ops.multilabel_margin_loss(ms.Tensor(x), ms.Tensor(t)).asnumpy(), np.mean(want),
                               rtol=1e-5)


def test_embedding_lookup_padding_grad_and_max_norm():
    w = RNG.standard_normal((5, 3)).astype(np.float32)
    idx = np.array([[1, 2], [3, 1]], np.int32)
    np.testing.assert_array_equal(ops.embedding(ms.Tensor(idx), ms.Tensor(w)).asnumpy(), w[idx])
    g = ms.grad(lambda t: ops.embedding(ms.Tensor(idx), t, padding_idx=1).sum())(ms.Tensor(w)).asnumpy()
    np.testing.assert_array_equal(g[:, 0], [0, 0, 1, 1, 0])  # row 1 is the padding row: no gradient
    p = ms.Parameter(ms.Tensor(w), "w")
    out = ops.embedding(ms.Tensor(idx), p, max_norm=0.5).asnumpy()
    norms = np.linalg.norm(w, axis=1)
    assert np.all(np.linalg.norm(out, axis=-1) <= 0.5 + 1e-5)
    # looked-up rows are renormalised in the weight, the others are kept
    np.testing.assert_allclose(p.asnumpy()[0], w[0])
    np.testing.assert_allclose(np.linalg.norm(p.asnumpy()[1]), min(norms[1], 0.5), rtol=1e-5)


def test_random_ops_properties():
    ms.set_seed(1)
    x = ms.Tensor(RNG.standard_normal((200,)).astype(np.float32))
    y = ops.rrelu(x, 0.1, 0.3).asnumpy()
    xn = x.asnumpy()
    neg = xn < 0
    assert np.all(y[~neg] == xn[~neg])
    ratio = y[neg] / xn[neg]
    assert np.all((ratio >= 0.1) & (ratio <= 0.3)) and ratio.std() > 0.01
    logits = ms.Tensor(RNG.standard_normal((4, 6)).astype(np.float32))
    soft = ops.gumbel_softmax(logits, tau=0.5).asnumpy()
    np.testing.assert_allclose(soft.sum(-1), 1, rtol=1e-5)
    hard = ops.gumbel_softmax(logits, hard=True).asnumpy()
    np.testing.assert_allclose(np.sort(hard, -1)[:, :-1], 0, atol=1e-6)
    np.testing.assert_allclose(hard.max(-1), 1, rtol=1e-6)
    z = ms.Tensor(np.ones((8, 16, 2, 2, 2), np.float32))
    out = ops.dropout3d(z, p=0.5).asnumpy()
    per_channel = out.reshape(8, 16, -1)
    assert np.all((per_channel == 0).all(-1) | (per_channel == 2).all(-1))
    out, mask = ops.Dropout3D(keep_prob=0.25)(z)
    assert mask.dtype == ms.bool_ and out.shape == z.shape
    np.testing.assert_array_equal(out.asnumpy(), mask.asnumpy() * 4.0)
    one = ops.dropout1d(ms.Tensor(np.ones((4, 10, 3), np.float32)), p=0.3).asnumpy()
    assert np.all((one == 0).all(-1) | np.isclose(one, 1 / 0.7).all(-1))
    with pytest.raises(ValueError):
        ops.rrelu(x, 0.5, 0.1)
