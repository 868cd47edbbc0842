"""Run in a subprocess with 8 CPU devices (XLA_FLAGS set by the test): sharded vs unsharded runs.

Prints one JSON object with the values and the shardings the tests assert.
"""
import json
import sys

import numpy as np

import mindjax as ms
from mindjax import nn, ops
from mindjax.parallel import Layout, shard
from mindjax.parallel._shard import cell_shard

import jax

out = {"devices": jax.device_count()}
rng = np.random.default_rng(0)
X = rng.standard_normal((8, 16)).astype(np.float32)
W = rng.standard_normal((16, 32)).astype(np.float32)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(W), "w")
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.relu(ops.matmul(x, self.w)).sum(axis=1)


def spec(t):
    s = getattr(t._data, "sharding", None)
    return str(getattr(s, "spec", None))


def run(mode, shard_it, layout=False):
    ms.set_context(mode=mode)
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel" if shard_it else "stand_alone", device_num=8)
    net = Net()
    if shard_it:
        if layout:
            lay = Layout((2, 4), ("dp", "mp"))
            cell_shard(net, in_strategy=(lay("dp", "None"),), parameter_plan={"self.w": lay("None", "mp")})
        else:
            cell_shard(net, in_strategy=((2, 1),), parameter_plan={"self.w": (1, 4)})
    y = net(ms.Tensor(X))
    grad = ms.grad(net, grad_position=None, weights=net.trainable_params())(ms.Tensor(X))[0]
    res = {"y": y.asnumpy().tolist(), "grad": grad.asnumpy().tolist(), "w_spec": spec(net.w)}
    ms.set_auto_parallel_context(parallel_mode="stand_alone")
    return res


for mode, mname in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    out[mname] = {"plain": run(mode, False), "strategy": run(mode, True), "layout": run(mode, True, True)}

# the function form: inputs constrained inside a jitted function, the output laid out by out_strategy
ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
f = shard(lambda a, b: ops.matmul(a, b), in_strategy=((2, 1), (1, 4)), out_strategy=((2, 4),))
jf = ms.jit(lambda a, b: f(a, b) * 2)
a, b = ms.Tensor(X), ms.Tensor(W)
eager = f(a, b)
compiled = jf(a, b)
out["fn"] = {"eager": eager.asnumpy().tolist(), "eager_spec": spec(eager), "jit": compiled.asnumpy().tolist(),
             "want": (X @ W).tolist(), "jit_spec": spec(compiled)}
out["fn"]["hlo_has_sharding"] = "sharding" in jax.jit(
    lambda p, q: f(ms.Tensor(p), ms.Tensor(q))._data).lower(X, W).as_text()
# a strategy using 4 of 8 devices leaves the other factor as copies
g = shard(lambda a: a * 1, in_strategy=((4, 1),))
out["copies_spec"] = spec(g(ms.Tensor(X)))

# operator-level sharding: a MatMul Primitive cut (2, 1) x (1, 4), eager and compiled, and an
# embedding table cut on its rows by Cell.shard's parameter_plan, trained one step
from mindjax.parallel._shard import primitive_shard
mm = primitive_shard(ops.MatMul(), ((2, 1), (1, 4)), ((2, 4),))
prim_eager = mm(a, b)
prim_jit = ms.jit(lambda p, q: mm(p, q) + 1)(a, b)
out["prim"] = {"eager": prim_eager.asnumpy().tolist(), "jit": prim_jit.asnumpy().tolist(),
               "spec": spec(prim_eager), "attrs": str(mm.attrs["in_strategy"]), "name": type(mm).__name__}
ids = ms.Tensor(np.array([[1, 5, 9, 13], [2, 6, 10, 14]], np.int32))


def embed_run(shard_it):
    ms.set_seed(3)
    emb = nn.Embedding(16, 8)
    if shard_it:
        cell_shard(emb, in_strategy=((2, 1),), parameter_plan={"self.embedding_table": (4, 1)})
    loss_net = nn.WithLossCell(emb, lambda y, t: ((y - t) ** 2).mean())
    step = nn.TrainOneStepCell(loss_net, nn.SGD(emb.trainable_params(), 0.5))
    target = ms.Tensor(np.ones((2, 4, 8), np.float32))
    loss = step(ids, target)
    return {"loss": float(loss.asnumpy()), "table": emb.embedding_table.asnumpy().tolist(),
            "spec": spec(emb.embedding_table)}


ms.set_auto_parallel_context(parallel_mode="stand_alone")
out["embed_plain"] = embed_run(False)
ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
out["embed_sharded"] = embed_run(True)

errors = {}
for key, fn in {
        "product": lambda: shard(lambda a: a, in_strategy=((3, 1),))(ms.Tensor(np.ones((6, 2), np.float32))),
        "divisible": lambda: shard(lambda a: a, in_strategy=((1, 4),))(ms.Tensor(np.ones((8, 6), np.float32))),
        "rank": lambda: shard(lambda a: a, in_strategy=((2, 1, 1),))(ms.Tensor(np.ones((8, 6), np.float32))),
        "zero": lambda: shard(lambda a: a, in_strategy=((0, 1),))(ms.Tensor(np.ones((8, 6), np.float32))),
}.items():
    try:
        fn()
        errors[key] = None
    except Exception as e:  # noqa: BLE001
        errors[key] = [type(e).__name__, str(e)]
out["errors"] = errors
ms.set_auto_parallel_context(parallel_mode="stand_alone")
json.dump(out, sys.stdout)
