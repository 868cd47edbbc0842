#!/usr/bin/env python
"""Suggested change for ops/nn_ops.py (not applied): run as .venv/bin/python bench/ab_batchnorm.py [N C H W].

A/B in one process: the composed training BatchNorm (ops.batch_norm now) against one fused Op
for the forward (y, batch mean, batch var) with a 'vjp' gradient; forward + backward of a
BatchNorm2d at a ResNet-50 size, interleaved."""
import sys, time
import numpy as np, jax, jax.numpy as jnp
import mindjax as ms
from mindjax import nn, ops
from mindjax.ops import nn_ops, math as M, array as A
from mindjax.ops._primitive import Op, apply
from mindjax.ops._base import cast

def _bn_fwd(x, w, b, *, eps):
    axes = (0,) + tuple(range(2, x.ndim))
    mean = jnp.mean(x, axes, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axes, keepdims=True)
    y = (x - mean) / jnp.sqrt(var + eps)
    shape = (1, x.shape[1]) + (1,) * (x.ndim - 2)
    return y * w.reshape(shape) + b.reshape(shape), mean.reshape(-1), var.reshape(-1)
BNT = Op("BatchNormTrain", _bn_fwd, "vjp", n_out=3)
orig = nn_ops.batch_norm
def fused(x, rm, rv, w, b, training=False, momentum=0.1, eps=1e-5):
    if not training or w is None or b is None or x.dtype != ms.float32:
        return orig(x, rm, rv, w, b, training, momentum, eps)
    y, bm, bv = apply(BNT, (x, w, b), {"eps": eps})
    from mindjax.ops.state_ops import assign
    n = x.size // x.shape[1]
    bm, bv = A.stop_gradient(bm), A.stop_gradient(bv)
    assign(rm, M.add(M.mul(rm, 1 - momentum), M.mul(bm, momentum)))
    assign(rv, M.add(M.mul(rv, 1 - momentum), M.mul(M.mul(bv, n / max(n - 1, 1)), momentum)))
    return y
shape = tuple(int(v) for v in sys.argv[1:5]) if len(sys.argv) > 4 else (8, 256, 56, 56)
x = ms.Tensor(np.random.default_rng(0).standard_normal(shape).astype(np.float32))
r = ms.Tensor(np.random.default_rng(1).standard_normal(shape).astype(np.float32))   # a non-trivial output gradient
nets = {k: nn.BatchNorm2d(shape[1]) for k in ("composed", "fused")}
for n_ in nets.values(): n_.set_train()
impl = {"composed": orig, "fused": fused}
def run(k):
    ops.batch_norm = impl[k]
    try:
        net = nets[k]
        f = ms.value_and_grad(lambda x: (net(x) * r).sum(), 0, net.trainable_params())
        loss, (gx, gw) = f(x)
        return loss, gx, gw, net.moving_mean
    finally:
        ops.batch_norm = orig
outs = {k: run(k) for k in impl}
for a, b in zip(outs["composed"][1:], outs["fused"][1:]):
    a = a if not isinstance(a, tuple) else a[0]; b = b if not isinstance(b, tuple) else b[0]
    np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-3, atol=1e-3)
ts = {k: [] for k in impl}
for _ in range(10):
    for k in impl:
        t0 = time.perf_counter(); o = run(k); jax.block_until_ready([o[0]._data, o[1]._data] + [g._data for g in o[2]]); ts[k].append(time.perf_counter() - t0)
print(shape, {k: "%.1f ms" % (np.median(v) * 1e3) for k, v in ts.items()})
