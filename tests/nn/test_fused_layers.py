"""nn.Dense, LayerNorm and the sparse cross-entropy each run as one op forward and one backward
(issue #16: in PyNative each composed op was a kernel launch, and a Dense on a 3-D input two
reshape copies each way). The values and gradients are those of the composed forms (which the op
table checks against MindSpore's records) and of the closed-form formulas below; where the
one-op form does not hold (mixed dtypes, amp 'auto') the composed ops run, with their errors."""
import numpy as np
import pytest

import mindjax as ms
from mindjax import amp, nn, ops
from mindjax.nn.layer import basic
from mindjax.ops import loss_ops, nn_ops

from _op_names import OpNames as _OpNames

R = np.random.default_rng(16)


def _f32(*shape):
    return R.standard_normal(shape).astype(np.float32)


def _grads(fn, x, params):
    return ms.grad(fn, grad_position=0, weights=params)(x)


def test_dense_3d_is_one_op_with_the_composed_values(monkeypatch):
    net = nn.Dense(5, 4, activation="relu")
    x = ms.Tensor(_f32(2, 3, 5))
    loss = lambda t: (net(t) * net(t)).sum()   # noqa: E731
    with _OpNames() as seen:
        y = net(x)
    with _OpNames() as only_loss:   # the ops of the loss around the two Dense calls
        ms.grad(lambda t: (t * t).sum())(ms.Tensor(_f32(2, 3, 4)))
    assert seen.names == ["Dense", "ReLU"]
    w, b, xn = net.weight.asnumpy(), net.bias.asnumpy(), x.asnumpy()
    pre = xn @ w.T + b
    np.testing.assert_allclose(y.asnumpy(), np.maximum(pre, 0), rtol=1e-6, atol=1e-6)
    with _OpNames() as seen:
        gx, (gw, gb) = _grads(loss, x, net.trainable_params())
    assert seen.names.count("Reshape") == only_loss.names.count("Reshape")   # none of the Dense's own
    assert seen.names.count("DenseGradInput") == seen.names.count("DenseGradWeight") == 2
    d = 2 * np.maximum(pre, 0) * (pre > 0)          # d loss / d pre
    np.testing.assert_allclose(gx.asnumpy(), d @ w, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(gw.asnumpy(), np.einsum("bto,bti->oi", d, xn), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(gb.asnumpy(), d.sum((0, 1)), rtol=1e-5, atol=1e-5)
    monkeypatch.setattr(basic, "_linear", lambda *a: None)   # the composed MatMul / Add / Reshape form
    cx, (cw, cb) = _grads(loss, x, net.trainable_params())
    for a, c in ((gx, cx), (gw, cw), (gb, cb)):
        np.testing.assert_allclose(a.asnumpy(), c.asnumpy(), rtol=1e-5, atol=1e-6)


def test_dense_1d_input_and_no_bias():
    net = nn.Dense(3, 2, has_bias=False)
    x = ms.Tensor(_f32(3))
    np.testing.assert_allclose(net(x).asnumpy(), net.weight.asnumpy() @ x.asnumpy(), rtol=1e-6)
    gx, (gw,) = _grads(lambda t: net(t).sum(), x, net.trainable_params())
    np.testing.assert_allclose(gx.asnumpy(), net.weight.asnumpy().sum(0), rtol=1e-6)
    np.testing.assert_allclose(gw.asnumpy(), np.tile(x.asnumpy(), (2, 1)), rtol=1e-6)


def test_dense_mixed_dtypes_keep_matmuls_error():
    net = nn.Dense(3, 2)
    with pytest.raises(TypeError, match="For 'MatMul', the type of 'x2' should be same as 'x1'"):
        net(ms.Tensor(_f32(2, 3), ms.float16))


def test_ops_dense_one_op_and_values():
    x, w, b = _f32(2, 3, 4), _f32(5, 4), _f32(5)
    with _OpNames() as seen:
        y = ops.dense(ms.Tensor(x), ms.Tensor(w), ms.Tensor(b))
    assert seen.names == ["Dense"]
    np.testing.assert_allclose(y.asnumpy(), x @ w.T + b, rtol=1e-5, atol=1e-6)


def test_dense_under_amp_auto_is_composed():
    net = amp.auto_mixed_precision(nn.SequentialCell([nn.Dense(4, 3)]), "auto")
    with _OpNames() as seen:
        y = net(ms.Tensor(_f32(2, 4)))
    assert "MatMul" in seen.names and "Dense" not in seen.names
    assert y.dtype == ms.float32   # MatMul in float16, then BiasAdd promoting with the float32 bias


def _ln_ref(x, g, b, eps, n):
    axes = tuple(range(x.ndim - n, x.ndim))
    m = x.mean(axes, keepdims=True)
    v = ((x - m) ** 2).mean(axes, keepdims=True)
    return (x - m) / np.sqrt(v + eps) * g + b


@pytest.mark.parametrize("shape,norm", [((4, 6, 8), (8,)), ((3, 5, 4), (5, 4))])
def test_layer_norm_one_op_with_the_composed_values(monkeypatch, shape, norm):
    ln = nn.LayerNorm(norm, begin_norm_axis=-len(norm), begin_params_axis=-len(norm), epsilon=1e-5)
    ln.gamma.set_data(ms.Tensor(_f32(*norm)))
    ln.beta.set_data(ms.Tensor(_f32(*norm)))
    x = ms.Tensor(_f32(*shape))
    with _OpNames() as seen:
        y = ln(x)
    assert seen.names == ["LayerNorm"]
    np.testing.assert_allclose(y.asnumpy(), _ln_ref(x.asnumpy(), ln.gamma.asnumpy(), ln.beta.asnumpy(), 1e-5,
                                                     len(norm)), rtol=1e-5, atol=1e-5)
    c = ms.Tensor(_f32(*shape))
    loss = lambda t: (ln(t) * c).sum()   # noqa: E731
    with _OpNames() as seen:
        got = _grads(loss, x, ln.trainable_params())
    assert seen.names.count("LayerNormGrad") == 1
    assert not {"Sub", "Sqrt", "RealDiv", "Square"} & set(seen.names)
    monkeypatch.setattr(nn_ops, "_layer_norm_fusable", lambda *a: False)
    want = _grads(loss, x, ln.trainable_params())
    np.testing.assert_allclose(got[0].asnumpy(), want[0].asnumpy(), rtol=1e-4, atol=1e-5)
    for a, c in zip(got[1], want[1]):
        np.testing.assert_allclose(a.asnumpy(), c.asnumpy(), rtol=1e-4, atol=1e-5)


def test_layer_norm_without_affine_and_with_other_dtype_weight():
    x = _f32(2, 3, 4)
    y = ops.layer_norm(ms.Tensor(x), (4,), None, None, 1e-5)
    np.testing.assert_allclose(y.asnumpy(), _ln_ref(x, 1.0, 0.0, 1e-5, 1), rtol=1e-5, atol=1e-5)
    w = ms.Tensor(_f32(4).astype(np.float16))   # not x's dtype: the composed ops and their promotion
    with _OpNames() as seen:
        y = ops.layer_norm(ms.Tensor(x), (4,), w, None, 1e-5)
    assert "LayerNorm" not in seen.names
    np.testing.assert_allclose(y.asnumpy(), _ln_ref(x, w.asnumpy().astype(np.float32), 0.0, 1e-5, 1),
                               rtol=1e-3, atol=1e-3)


def test_sparse_cross_entropy_one_op_and_softmax_minus_onehot():
    logits = _f32(6, 10)
    labels = np.array([0, 3, 9, -1, -10, 5], np.int32)
    lg, lb = ms.Tensor(logits), ms.Tensor(labels)
    with _OpNames() as seen:
        loss = loss_ops.sparse_softmax_cross_entropy(lg, lb)
    assert seen.names == ["SparseSoftmaxCrossEntropy"]
    lsm = logits - logits.max(-1, keepdims=True)
    lsm = lsm - np.log(np.exp(lsm).sum(-1, keepdims=True))
    idx = labels % 10
    np.testing.assert_allclose(loss.asnumpy(), -lsm[np.arange(6), idx], rtol=1e-5, atol=1e-6)
    w = _f32(6)
    g = ms.grad(lambda t: (loss_ops.sparse_softmax_cross_entropy(t, lb) * ms.Tensor(w)).sum())(lg)
    onehot = np.eye(10, dtype=np.float32)[idx]
    np.testing.assert_allclose(g.asnumpy(), (np.exp(lsm) - onehot) * w[:, None], rtol=1e-5, atol=1e-6)


def test_sparse_cross_entropy_label_out_of_range_still_raises():
    with pytest.raises(RuntimeError, match=r"For 'GatherD', the value of 'index' must be in \[-4, 4\)"):
        loss_ops.sparse_softmax_cross_entropy(ms.Tensor(_f32(2, 4)), ms.Tensor(np.array([1, 4], np.int32)))


def test_fused_layers_under_jit_match_pynative():
    net = nn.SequentialCell([nn.LayerNorm((6,)), nn.Dense(6, 5)])
    x, y = ms.Tensor(_f32(2, 3, 6)), ms.Tensor(R.integers(0, 5, (6,)).astype(np.int32))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def f(t):
        return loss(net(t).reshape(-1, 5), y)
    eager = ms.value_and_grad(f, None, net.trainable_params())(x)
    compiled = ms.jit(ms.value_and_grad(f, None, net.trainable_params()))(x)
    np.testing.assert_allclose(compiled[0].asnumpy(), eager[0].asnumpy(), rtol=1e-5)
    for a, c in zip(compiled[1], eager[1]):
        np.testing.assert_allclose(a.asnumpy(), c.asnumpy(), rtol=1e-4, atol=1e-6)
