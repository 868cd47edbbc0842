"""The closed-form gradients of BatchNorm (training), max pooling and large-image convolutions
(issue #16: the gradients derived by jax.vjp ran 3-7x slower on XLA:CPU). Each is checked
against a float64 numpy reference of the math, at shapes that take the fast path (the op table
covers the small shapes against MindSpore's records), and the fast kernel is shown to run."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops
from mindjax.ops import _conv_paths

from _op_names import OpNames as _OpNames

R = np.random.default_rng(1616)


def _f32(*shape, scale=1.0, shift=0.0):
    return (R.standard_normal(shape) * scale + shift).astype(np.float32)


def _weighted_sum_grads(fn, x, params, dy):
    """Gradients of sum(fn(x) * dy): the vector-Jacobian product with cotangent dy."""
    dyt = ms.Tensor(dy)
    return ms.grad(lambda t: (fn(t) * dyt).sum(), grad_position=0, weights=params)(ms.Tensor(x))


# ---- BatchNorm ------------------------------------------------------------------------------------
def _bn_grad_ref(x, gamma, dy, eps):
    axes = (0,) + tuple(range(2, x.ndim))
    shape = (1, -1) + (1,) * (x.ndim - 2)
    x, dy = x.astype(np.float64), dy.astype(np.float64)
    n = x.size // x.shape[1]
    mean = x.mean(axes, keepdims=True)
    inv = 1 / np.sqrt(((x - mean) ** 2).mean(axes, keepdims=True) + eps)
    xhat = (x - mean) * inv
    db, dg = dy.sum(axes), (dy * xhat).sum(axes)
    dx = gamma.reshape(shape) * inv * (dy - db.reshape(shape) / n - xhat * dg.reshape(shape) / n)
    return dx, dg, db


@pytest.mark.parametrize("layer,shape", [(nn.BatchNorm2d, (4, 6, 9, 7)), (nn.BatchNorm1d, (12, 5)),
                                         (nn.BatchNorm1d, (3, 4, 10))])
def test_batch_norm_training_gradient_is_the_closed_form(layer, shape):
    bn = layer(shape[1], eps=1e-5)
    bn.gamma.set_data(ms.Tensor(_f32(shape[1], scale=0.3, shift=1.0)))
    bn.set_train(True)
    x, dy = _f32(*shape, scale=3.0, shift=2.0), _f32(*shape)
    with _OpNames() as seen:
        gx, (gg, gb) = _weighted_sum_grads(bn, x, bn.trainable_params(), dy)
    assert seen.names.count("BatchNormGrad") == 1 and "BatchNormGradGrad" not in seen.names
    rx, rg, rb = _bn_grad_ref(x, bn.gamma.asnumpy().astype(np.float64), dy, 1e-5)
    np.testing.assert_allclose(gx.asnumpy(), rx, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(gg.asnumpy(), rg, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(gb.asnumpy(), rb, rtol=1e-5, atol=1e-4)


def test_batch_norm_float16_gradient_is_computed_in_float32():
    bn = nn.BatchNorm2d(3)
    bn.set_train(True)
    x, dy = _f32(2, 3, 8, 8, scale=2.0, shift=1.0), _f32(2, 3, 8, 8)
    gx16, _ = _weighted_sum_grads(lambda t: bn(t).astype(ms.float32), x.astype(np.float16), bn.trainable_params(),
                                  dy)
    assert gx16.dtype == ms.float16
    rx, _, _ = _bn_grad_ref(x.astype(np.float16).astype(np.float64), np.ones(3), dy, 1e-5)
    np.testing.assert_allclose(gx16.asnumpy().astype(np.float64), rx, rtol=2e-2, atol=2e-3)


def test_batch_norm_inference_gradient_uses_the_running_statistics():
    bn = nn.BatchNorm2d(4)
    bn.moving_variance.set_data(ms.Tensor(_f32(4, scale=0.1, shift=2.0)))
    bn.gamma.set_data(ms.Tensor(_f32(4, shift=1.0)))
    bn.set_train(False)
    x, dy = _f32(2, 4, 5, 5), _f32(2, 4, 5, 5)
    gx, _ = _weighted_sum_grads(bn, x, bn.trainable_params(), dy)
    scale = bn.gamma.asnumpy() / np.sqrt(bn.moving_variance.asnumpy() + 1e-5)
    np.testing.assert_allclose(gx.asnumpy(), dy * scale.reshape(1, -1, 1, 1), rtol=1e-5, atol=1e-6)


def test_batch_norm_second_order_gradient_includes_the_statistics():
    """grad of grad: the saved statistics depend on x, and the second-order gradient says so."""
    bn = nn.BatchNorm2d(3)
    bn.set_train(True)
    x, dy = _f32(4, 3, 5, 5, scale=2.0, shift=1.0), _f32(4, 3, 5, 5)
    dyt = ms.Tensor(dy)

    def gx_sq(xt):
        gx = ms.grad(lambda t: (bn(t) * dyt).sum())(xt)
        return (gx * gx).sum()
    got = ms.grad(gx_sq)(ms.Tensor(x)).asnumpy()

    def y(xj):
        mean = xj.mean((0, 2, 3), keepdims=True)
        var = ((xj - mean) ** 2).mean((0, 2, 3), keepdims=True)
        return (xj - mean) / jnp.sqrt(var + 1e-5)
    gx = jax.grad(lambda xj: jnp.sum(y(xj) * dy))
    ref = jax.grad(lambda xj: jnp.sum(gx(xj) ** 2))(jnp.asarray(x, jnp.float64))
    np.testing.assert_allclose(got, np.asarray(ref), rtol=1e-3, atol=1e-4)


# ---- max pooling ----------------------------------------------------------------------------------
def _max_pool_grad_ref(xp, dy, k, s):
    """On the padded input: each window's gradient to its first (row-major) maximum."""
    g = np.zeros(xp.shape)
    n, c, oh, ow = dy.shape
    for i in range(oh):
        for j in range(ow):
            win = xp[:, :, i * s[0]:i * s[0] + k[0], j * s[1]:j * s[1] + k[1]].reshape(n, c, -1)
            first = win.argmax(-1)   # numpy's argmax: the first maximum
            for ni in range(n):
                for ci in range(c):
                    a, b = divmod(int(first[ni, ci]), k[1])
                    g[ni, ci, i * s[0] + a, j * s[1] + b] += dy[ni, ci, i, j]
    return g


@pytest.mark.parametrize("k,s,pad_mode", [(3, 2, "same"), (3, 1, "same"), ((3, 2), (1, 2), "valid"), (2, 3, "valid"),
                                           (5, 2, "same"), (2, 2, "valid")])
def test_max_pool_gradient_goes_to_the_first_maximum(k, s, pad_mode):
    x = np.maximum(_f32(2, 3, 11, 10), 0)   # ReLU output: windows of equal zeros (ties)
    x[0, 0, :4, :4] = 1.5                    # and a plateau of equal maxima
    pool = nn.MaxPool2d(k, s, pad_mode=pad_mode)
    y = pool(ms.Tensor(x))
    dy = _f32(*y.shape)
    with _OpNames() as seen:
        gx = ms.grad(lambda t: (pool(t) * ms.Tensor(dy)).sum(), grad_position=0)(ms.Tensor(x))
    assert "MaxPoolGrad" in seen.names and "PoolGrad" not in seen.names
    kk, ss = (k, k) if isinstance(k, int) else k, (s, s) if isinstance(s, int) else s
    oh, ow = y.shape[2:]
    if pad_mode == "same":
        ph = max((oh - 1) * ss[0] + kk[0] - x.shape[2], 0)
        pw = max((ow - 1) * ss[1] + kk[1] - x.shape[3], 0)
        pads = ((ph // 2, ph - ph // 2), (pw // 2, pw - pw // 2))
    else:
        pads = ((0, 0), (0, 0))
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0)) + pads, constant_values=-np.inf)
    ref = _max_pool_grad_ref(xp, dy.astype(np.float64), kk, ss)
    ref = ref[:, :, pads[0][0]:pads[0][0] + x.shape[2], pads[1][0]:pads[1][0] + x.shape[3]]
    np.testing.assert_allclose(gx.asnumpy(), ref, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("k,s,p", [(3, 2, 1), (2, 1, 1), ((3, 2), (2, 1), (1, 0))])
def test_max_pool_pad_mode_takes_the_pool_op_with_the_same_values(k, s, p):
    """nn.MaxPool2d(pad_mode='pad') without indices runs the Pool op (closed-form gradient); its
    values and gradient equal the windows-and-gather form that return_indices=True keeps."""
    x = np.maximum(_f32(2, 3, 11, 10), 0)
    x[0, 0, :4, :4] = 1.5
    fast = nn.MaxPool2d(k, s, pad_mode="pad", padding=p)
    indexed = nn.MaxPool2d(k, s, pad_mode="pad", padding=p, return_indices=True)
    y = fast(ms.Tensor(x))
    dy = ms.Tensor(_f32(*y.shape))
    with _OpNames() as seen:
        g = ms.grad(lambda t: (fast(t) * dy).sum())(ms.Tensor(x))
    assert "Pool" in seen.names and "MaxPoolWithArgmax" not in seen.names
    g_ref = ms.grad(lambda t: (indexed(t)[0] * dy).sum())(ms.Tensor(x))
    np.testing.assert_array_equal(y.asnumpy(), indexed(ms.Tensor(x))[0].asnumpy())
    np.testing.assert_allclose(g.asnumpy(), g_ref.asnumpy(), rtol=1e-6, atol=1e-6)


def _scatter_at(shape, idx, dy):
    """dy added at the flat spatial positions idx (per batch and channel)."""
    g = np.zeros(shape, np.float64)
    flat = g.reshape(shape[0], shape[1], -1)
    for a in range(shape[0]):
        for b in range(shape[1]):
            np.add.at(flat[a, b], idx[a, b].reshape(-1), dy[a, b].reshape(-1).astype(np.float64))
    return g


@pytest.mark.parametrize("make", [
    lambda: nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, return_indices=True),
    lambda: nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, dilation=2, return_indices=True),
    lambda: nn.MaxPool2d(2, 2, pad_mode="pad", padding=1, ceil_mode=True, return_indices=True),
    lambda: nn.MaxPool3d(2, 2, pad_mode="pad", padding=1, return_indices=True),
    lambda: nn.AdaptiveMaxPool2d((3, 4), return_indices=True),
], ids=["pad", "dilated", "ceil", "3d", "adaptive"])
def test_max_pool_with_indices_gradient_goes_to_the_argmax(make):
    """MaxPoolWithArgmax's gradient: dy added at the returned argmax (MaxPoolGradWithArgmax)."""
    pool = make()
    shape = (2, 3, 5, 11, 10) if isinstance(pool, nn.MaxPool3d) else (2, 3, 11, 10)
    x = np.maximum(_f32(*shape), 0)
    x[(0, 0) + (slice(0, 4),) * (len(shape) - 2)] = 1.5
    y, idx = pool(ms.Tensor(x))
    dy = _f32(*y.shape)
    with _OpNames() as seen:
        g = ms.grad(lambda t: (pool(t)[0] * ms.Tensor(dy)).sum())(ms.Tensor(x))
    assert "MaxPoolGradWithArgmax" in seen.names and "MaxPoolWithArgmaxGrad" not in seen.names
    np.testing.assert_allclose(g.asnumpy(), _scatter_at(x.shape, idx.asnumpy(), dy), rtol=1e-6, atol=1e-6)


def test_max_pool_with_indices_second_order_equals_the_derived():
    from mindjax.ops import _pool_more
    pool = nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, return_indices=True)
    x, dd = _f32(1, 2, 6, 6), _f32(1, 2, 3, 3)
    got = ms.grad(lambda d: (ms.grad(lambda t: (pool(t)[0] * d).sum())(ms.Tensor(x)) ** 2).sum())(ms.Tensor(dd))
    wins = [_pool_more._axis_windows(n, 3, 2, 1, 1, False) for n in (6, 6)]
    f = lambda t: _pool_more._max_with_idx_fwd(t, windows=wins)[0]  # noqa: E731
    ref = jax.grad(lambda d: jnp.sum(jax.vjp(f, jnp.asarray(x))[1](d)[0] ** 2))(jnp.asarray(dd))
    np.testing.assert_allclose(got.asnumpy(), np.asarray(ref), rtol=1e-6, atol=1e-6)


# ---- convolution ----------------------------------------------------------------------------------
def _conv_ref(x, w, s, pads, dy):
    """y and the gradients of sum(y * dy) of a 2-D convolution, by its definition in float64."""
    x, w, dy = x.astype(np.float64), w.astype(np.float64), dy.astype(np.float64)
    xp = np.pad(x, ((0, 0), (0, 0)) + pads)
    kh, kw = w.shape[2:]
    oh, ow = dy.shape[2:]
    y, dw, dxp = 0, np.zeros(w.shape), np.zeros(xp.shape)
    for a in range(kh):
        for b in range(kw):
            sl = (slice(None), slice(None), slice(a, a + (oh - 1) * s + 1, s), slice(b, b + (ow - 1) * s + 1, s))
            y = y + np.einsum("ncij,oc->noij", xp[sl], w[:, :, a, b])
            dw[:, :, a, b] = np.einsum("noij,ncij->oc", dy, xp[sl])
            dxp[sl] += np.einsum("noij,oc->ncij", dy, w[:, :, a, b])
    (p0, _), (q0, _) = pads
    return y, dxp[:, :, p0:p0 + x.shape[2], q0:q0 + x.shape[3]], dw


@pytest.mark.parametrize("n,c,hw,o,k,s,pad", [
    (2, 8, 16, 12, 1, 1, 0),     # 1x1, 256 pixels >= channels: per-image matmuls
    (2, 6, 33, 5, 1, 2, 0),      # strided 1x1 (17x17 output)
    (2, 300, 4, 8, 1, 1, 0),     # 1x1 with more channels than pixels: the einsum form
    (2, 16, 20, 18, 3, 1, 1),    # 3x3 on 400 pixels: the weight gradient as per-tap dots
    (2, 16, 35, 16, 3, 2, 1),    # 3x3/2 (18x18 output)
    (1, 3, 40, 16, 7, 2, 3),     # a 7x7/2 stem on 3 channels: XLA's gradient
    (2, 3, 10, 4, 3, 1, 1),      # 100 pixels: XLA's own gradient
])
def test_convolution_gradients_equal_the_definition(n, c, hw, o, k, s, pad):
    x, w = _f32(n, c, hw, hw), _f32(o, c, k, k, scale=0.2)
    net = nn.Conv2d(c, o, k, stride=s, pad_mode="pad" if pad else "valid", padding=pad, has_bias=False,
                    weight_init=ms.Tensor(w))
    y = net(ms.Tensor(x))
    dy = _f32(*y.shape)
    gx, (gw,) = _weighted_sum_grads(net, x, net.trainable_params(), dy)
    ry, rx, rw = _conv_ref(x, w, s, ((pad, pad), (pad, pad)), dy)
    np.testing.assert_allclose(y.asnumpy(), ry, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(gx.asnumpy(), rx, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(gw.asnumpy(), rw, rtol=1e-4, atol=1e-3)


def test_the_fast_convolution_paths_are_taken_where_they_pay():
    taps = _conv_paths.taps_apply
    assert taps(jnp.zeros((8, 64, 56, 56)), jnp.zeros((64, 64, 3, 3)), (1, 1), ((1, 1), (1, 1)), (1, 1), 1)
    assert taps(jnp.zeros((8, 128, 56, 56)), jnp.zeros((128, 128, 3, 3)), (2, 2), ((1, 1), (1, 1)), (1, 1), 1)
    # 14x14 outputs with 256 channels, LeNet's 10x10, dilation, groups: XLA's gradient
    assert not taps(jnp.zeros((8, 256, 14, 14)), jnp.zeros((256, 256, 3, 3)), (1, 1), ((1, 1), (1, 1)), (1, 1), 1)
    assert not taps(jnp.zeros((32, 6, 14, 14)), jnp.zeros((16, 6, 5, 5)), (1, 1), "VALID", (1, 1), 1)
    assert not taps(jnp.zeros((8, 3, 224, 224)), jnp.zeros((64, 3, 7, 7)), (2, 2), ((3, 3), (3, 3)), (1, 1), 1)
    assert not taps(jnp.zeros((8, 64, 56, 56)), jnp.zeros((64, 64, 3, 3)), (1, 1), ((2, 2), (2, 2)), (2, 2), 1)
    assert not taps(jnp.zeros((8, 64, 56, 56)), jnp.zeros((64, 32, 3, 3)), (1, 1), ((1, 1), (1, 1)), (1, 1), 2)
    assert _conv_paths._per_image(3136, 64, 256) and not _conv_paths._per_image(196, 1024, 256)


@pytest.mark.parametrize("k,hw,c", [(1, 16, 16), (3, 20, 16)])
def test_convolution_second_order_gradients_equal_xlas(k, hw, c):
    """grad of grad through the per-image / per-tap forms equals jax's own through XLA's."""
    x, w, dy = _f32(2, c, hw, hw), _f32(c, c, k, k, scale=0.3 / np.sqrt(c)), None
    pad = ((k // 2, k // 2),) * 2
    fast = lambda x, w: ops.conv2d(ms.Tensor(x), ms.Tensor(w), pad_mode="pad", padding=k // 2)  # noqa: E731
    dy = _f32(*fast(x, w).shape)
    dyt = ms.Tensor(dy)

    def dw_sq(xt):   # sum(dw(x)^2), dw the weight gradient of sum(conv(x, w) * dy)
        gw = ms.grad(lambda wt: (ops.conv2d(xt, wt, pad_mode="pad", padding=k // 2) * dyt).sum())(ms.Tensor(w))
        return (gw * gw).sum()
    got = ms.grad(dw_sq)(ms.Tensor(x)).asnumpy()

    def ref(xj):
        conv = lambda wj: jax.lax.conv_general_dilated(xj, wj, (1, 1), pad,  # noqa: E731
                                                       dimension_numbers=("NCHW", "OIHW", "NCHW"))
        gw = jax.grad(lambda wj: jnp.sum(conv(wj) * dy))(jnp.asarray(w))
        return jnp.sum(gw * gw)
    np.testing.assert_allclose(got, np.asarray(jax.grad(ref)(jnp.asarray(x))), rtol=1e-4, atol=1e-3)
