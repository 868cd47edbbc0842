"""AdaSum wrap cells in a world of 16 ranks (2 nodes of 8), run by tests/nn/test_adasum.py.

``python -m mindjax _adasum_worker.py OUT_DIR`` in one process driving 16 host devices: each rank gives
its own gradients inside a data-parallel step; writes every rank's combined gradients, the weights SGD
makes of them and the weights Momentum's combined changes make (``OUT_DIR/local.json``). Under the
launcher (``--worker_num=16``), each process is one rank and calls the cells eagerly, as a user's loop
does; writes ``OUT_DIR/rank_<r>.json``.
"""
import json
import os
import sys

import numpy as np

import mindjax as ms
from mindjax import nn
from mindjax.communication import get_rank, init

N = 16
SHAPES = [(4, 3), (5,), (1,), (2, 1, 3)]


def rank_grads():
    rng = np.random.default_rng(7)
    return [rng.standard_normal((N,) + s).astype(np.float32) for s in SHAPES]


def params():
    return [ms.Parameter(ms.Tensor(np.full(s, 0.5, np.float32)), name=f"p{i}") for i, s in enumerate(SHAPES)]


def local(out_dir):
    from mindjax.communication._spmd import SpmdFunction
    grads = rank_grads()
    out = {}
    ps = params()
    wrap = nn.AdaSumByGradWrapCell(nn.SGD(ps, 1.0))

    def by_grad(*gs):
        g = tuple(x[0] for x in gs)  # this rank's gradients (the batch axis is the rank)
        comb = wrap.adasum(g)
        wrap(g)
        return comb + tuple(p * 1 for p in ps)
    f = SpmdFunction(by_grad)
    f(*[ms.Tensor(g) for g in grads])
    res = [np.asarray(o).reshape((N,) + o.shape[1:]) for o in f.rank_outputs]
    out["grad_combined"] = [r.tolist() for r in res[:len(SHAPES)]]
    out["grad_weights"] = [r.tolist() for r in res[len(SHAPES):]]
    wrap2 = nn.AdaSumByDeltaWeightWrapCell(nn.Momentum(params(), 0.1, 0.9))

    def by_delta(*gs):
        return tuple(p * 1 for p in wrap2(tuple(x[0] for x in gs)))
    f2 = SpmdFunction(by_delta)
    f2(*[ms.Tensor(g) for g in grads])
    out["delta_weights"] = [np.asarray(o).reshape((N,) + o.shape[1:]).tolist() for o in f2.rank_outputs]
    out["train_steps"] = [train_steps(w).tolist() for w in (None, nn.AdaSumByGradWrapCell,
                                                             nn.AdaSumByDeltaWeightWrapCell)]
    with open(os.path.join(out_dir, "local.json"), "w") as fh:
        json.dump(out, fh)


def train_steps(wrap_cls):
    """3 data-parallel TrainOneStepCell steps (the gradients are all-reduced before the optimizer, as
    in MindSpore's DATA_PARALLEL mode, so AdaSum combines equal updates); the final weight."""
    ms.set_auto_parallel_context(gradients_mean=True)
    net = nn.Dense(4, 3, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), wrap_cls(opt) if wrap_cls else opt)
    rng = np.random.default_rng(0)
    for _ in range(3):
        step(ms.Tensor(rng.standard_normal((32, 4)).astype(np.float32)),
             ms.Tensor(rng.standard_normal((32, 3)).astype(np.float32)))
    ms.set_auto_parallel_context(gradients_mean=False)
    return net.weight.asnumpy()


def multi(out_dir):
    r = get_rank()
    g = tuple(ms.Tensor(a[r]) for a in rank_grads())
    ps = params()
    wrap = nn.AdaSumByGradWrapCell(nn.SGD(ps, 1.0))
    comb = wrap.adasum(g)
    wrap(g)
    ps2 = params()
    nn.AdaSumByDeltaWeightWrapCell(nn.Momentum(ps2, 0.1, 0.9))(g)
    with open(os.path.join(out_dir, f"rank_{r}.json"), "w") as fh:
        json.dump({"grad_combined": [c.asnumpy().tolist() for c in comb],
                   "grad_weights": [p.asnumpy().tolist() for p in ps],
                   "delta_weights": [p.asnumpy().tolist() for p in ps2]}, fh)


if __name__ == "__main__":
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel")
    (multi if os.environ.get("MS_WORKER_NUM") else local)(sys.argv[1])
