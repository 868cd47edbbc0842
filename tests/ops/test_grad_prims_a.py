"""The gradient Primitives of ops/operations/_grad_ops_a.py (KLDivLossGrad, LayerNormGrad, LRNGrad,
L2NormalizeGrad, DropoutGrad, DeformableOffsetsGrad, FractionalMax/AvgPoolGrad, Conv2DBackpropFilter,
ConcatOffset): values recorded from MindSpore 2.10 (tests/data/gen_grad_prims_a.py), agreement with the
forward ops' own gradients, gradients of the gradient ops, and MindSpore's errors."""
import json
import os

import jax
import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor, ops
from mindjax.ops.operations import _grad_ops as G

HERE = os.path.join(os.path.dirname(__file__), "..", "data")
REC = json.load(open(os.path.join(HERE, "ms_grad_prims_a.json")))
TOL = {"Float16": 2e-3, "Float32": 2e-5, "Float64": 1e-10}


@pytest.fixture(scope="module")
def cases(import_cases):
    return import_cases("grad_prims_a_cases")


def _check(got, want):
    assert str(got.dtype) == want["dtype"] and list(got.shape) == want["shape"]
    w = np.array([np.nan if v is None else v for v in want["value"]]).reshape(want["shape"])
    tol = TOL.get(want["dtype"], 0)
    np.testing.assert_allclose(got.asnumpy().astype(np.float64), w, rtol=tol, atol=tol)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("name", sorted(REC))
def test_recorded(cases, name, mode):
    ms.set_context(mode=mode)
    try:
        fn = cases.CASES[name]
        got = ms.jit(fn)() if mode == ms.GRAPH_MODE and not name.startswith("frac_avg") else fn()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    want = REC[name]
    if isinstance(want, list):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _check(g, w)
    else:
        _check(got, want)


def _rand(seed, shape, dtype=np.float64):
    return np.random.RandomState(seed).randn(*shape).astype(dtype)


def test_match_forward_bprops():
    """Each gradient op equals the gradient mindjax derives for its forward op."""
    x, dy = _rand(0, (2, 5, 3, 2)), _rand(1, (2, 5, 3, 2))
    lrn = ops.LRN(2, 1.0, 0.1, 0.75)
    got = G.LRNGrad(2, 1.0, 0.1, 0.75)(Tensor(dy), Tensor(x), lrn(Tensor(x)))
    want = ms.grad(lambda v: (lrn(v) * Tensor(dy)).sum())(Tensor(x))
    np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-10)

    x3, d3 = _rand(2, (2, 3, 4)), _rand(3, (2, 3, 4))
    l2 = ops.L2Normalize(1)
    got = G.L2NormalizeGrad(1)(Tensor(x3), l2(Tensor(x3)), Tensor(d3))
    want = ms.grad(lambda v: (l2(v) * Tensor(d3)).sum())(Tensor(x3))
    np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-10)

    g, b = Tensor(_rand(4, (4,))), Tensor(np.zeros(4))
    ln = ops.LayerNorm(-1, -1, epsilon=1e-7)
    y, mean, var = ln(Tensor(x3), g, b)
    got = G.LayerNormGrad(-1, -1)(Tensor(x3), Tensor(d3), var, mean, g)
    want = ms.grad(lambda v, gg, bb: (ln(v, gg, bb)[0] * Tensor(d3)).sum(), (0, 1, 2))(Tensor(x3), g, b)
    for a, w in zip(got, want):
        np.testing.assert_allclose(a.asnumpy(), w.asnumpy(), rtol=1e-6, atol=1e-9)

    t = Tensor(np.abs(_rand(5, (2, 3, 4))))
    got = G.KLDivLossGrad("batchmean")(Tensor(np.array([1.0])), Tensor(x3), t)
    want = ms.grad(lambda v: ops.kl_div(v, t, "batchmean"))(Tensor(x3))
    np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-12)

    xc, w = _rand(6, (2, 4, 7, 6)), _rand(7, (6, 2, 3, 2))
    conv = ops.Conv2D(6, (3, 2), stride=2, group=2)
    dout = _rand(8, conv(Tensor(xc), Tensor(w)).shape)
    got = G.Conv2DBackpropFilter(6, (3, 2), stride=(2, 2), group=2)(Tensor(dout), Tensor(xc), w.shape)
    want = ms.grad(lambda ww: (conv(Tensor(xc), ww) * Tensor(dout)).sum())(Tensor(w))
    np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-10)


def _fd_check(f, args, i, eps=1e-6):
    """ms.grad of sum(f(*args) * weights) w.r.t. args[i] against central finite differences (float64)."""
    outs = f(*[Tensor(a) for a in args])
    outs = outs if isinstance(outs, tuple) else (outs,)
    ws = [np.random.RandomState(9 + k).randn(*o.shape) for k, o in enumerate(outs)]

    def loss(*ts):
        o = f(*ts)
        o = o if isinstance(o, tuple) else (o,)
        return sum((a * Tensor(w)).sum() for a, w in zip(o, ws))

    g = ms.grad(loss, i)(*[Tensor(a) for a in args]).asnumpy()
    fd = np.zeros_like(args[i])
    for j in np.ndindex(args[i].shape):
        hi, lo = [a.copy() for a in args], [a.copy() for a in args]
        hi[i][j] += eps
        lo[i][j] -= eps
        fd[j] = (float(loss(*[Tensor(a) for a in hi]).asnumpy()) - float(loss(*[Tensor(a) for a in lo]).asnumpy())) \
            / (2 * eps)
    np.testing.assert_allclose(g, fd, rtol=1e-5, atol=1e-7)


def test_second_order_gradients():
    x, dy = _rand(10, (2, 3, 2)), _rand(11, (2, 3, 2))
    m, v = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
    gamma = _rand(12, (2,))
    ln = G.LayerNormGrad(-1, -1)
    for i in (0, 1, 4):
        _fd_check(lambda *t: ln(*t), [x, dy, v, m, gamma], i)
    lrn = G.LRNGrad(1, 1.0, 0.3, 0.75)
    x4, d4 = _rand(13, (1, 3, 2, 2)), _rand(14, (1, 3, 2, 2))
    _fd_check(lambda a, b, c: lrn(a, b, c), [d4, x4, x4], 1)
    dg = G.DeformableOffsetsGrad((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))
    xd = _rand(15, (1, 1, 3, 3))
    off = np.random.RandomState(16).rand(1, 12, 2, 2) * 0.8 + 0.1
    _fd_check(lambda a, b, c: dg(a, b, c), [_rand(17, (1, 1, 4, 4)), xd, off], 2)
    drop = G.DropoutGrad(0.25)
    mask = (np.random.RandomState(18).rand(3, 4) > 0.5).astype(np.float64)
    g = ms.grad(lambda a: drop(a, Tensor(mask)).sum())(Tensor(_rand(19, (3, 4))))
    np.testing.assert_allclose(g.asnumpy(), mask * 4)


def test_fractional_grads_follow_forward():
    """FractionalMaxPoolGrad / FractionalAvgPoolGrad are the gradients of the pools over the same sequences."""
    from mindjax.ops._fractional import fractional_pool_with_sequences as pool
    x = np.random.RandomState(20).permutation(1 * 7 * 6 * 2).reshape(1, 7, 6, 2).astype(np.float64)
    row, col = Tensor(np.array([0, 2, 5, 7], np.int64)), Tensor(np.array([0, 3, 6], np.int64))
    dy = _rand(21, (1, 3, 2, 2))
    for ov in (False, True):
        for mode in ("max", "avg"):
            want = ms.grad(lambda v: (pool(v, row, col, ov, mode) * Tensor(dy)).sum())(Tensor(x)).asnumpy()
            if mode == "max":
                got = G.FractionalMaxPoolGrad(ov)(Tensor(x), pool(Tensor(x), row, col, ov, mode), Tensor(dy), row,
                                                  col)
            else:
                got = G.FractionalAvgPoolGrad(ov)((1, 7, 6, 2), Tensor(dy), row, col)
            np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-12)


def test_errors():
    with pytest.raises(ValueError, match="For 'KLDivLossGrad', the 'reduction' must be str"):
        G.KLDivLossGrad("error")
    with pytest.raises(ValueError):
        G.KLDivLossGrad(1.0)
    with pytest.raises(TypeError, match="For 'KLDivLossGrad'"):
        G.KLDivLossGrad()(Tensor(np.ones(2, np.int32)), Tensor(np.ones(2, np.int32)), Tensor(np.ones(2, np.int32)))
    with pytest.raises(ValueError, match="For 'DropoutGrad', the 'keep_prob' must be in range"):
        G.DropoutGrad(0.0)
    with pytest.raises(ValueError, match="For 'LayerNormGrad', the 'begin_norm_axis' must be in range"):
        G.LayerNormGrad(3, 1)(*[Tensor(np.ones((2, 2), np.float32))] * 5)
    with pytest.raises(ValueError, match="For 'Conv2DBackpropFilter', the spatial shape of 'dout'"):
        G.Conv2DBackpropFilter(1, 3)(Tensor(np.ones((1, 1, 3, 3), np.float32)),
                                     Tensor(np.ones((1, 1, 6, 6), np.float32)), (1, 1, 3, 3))
    with pytest.raises(ValueError, match="For 'ConcatOffset', the 'axis' must be in range"):
        G.ConcatOffset(2, 3)((Tensor(np.ones((2, 2))), Tensor(np.ones((2, 2)))))


def test_jit_of_grad_prims_is_one_program():
    x = Tensor(_rand(22, (2, 3, 4)).astype(np.float32))
    f = ms.jit(lambda a: G.DropoutGrad(0.5)(G.KLDivLossGrad("none")(a, a, a), a))
    np.testing.assert_allclose(f(x).asnumpy(), -(x.asnumpy() ** 3) * 2, rtol=1e-6)
    assert jax.devices()  # the kernels ran on jax's default device
