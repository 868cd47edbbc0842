"""Record MindSpore 2.10's boost.GradientAccumulation: accumulator names and the weights after
each step of a Dense net with Momentum, for accumulation windows 1, 2 and 3.

run: ~/msref/bin/python tests/data/gen_boost.py  (writes tests/data/ms_boost.json)
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn, boost

ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)


def grads_for(step):
    rng = np.random.default_rng(100 + step)
    return rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal(2).astype(np.float32)


def run(window, steps=5):
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    acc = boost.GradientAccumulation(window, opt)
    out = {"names": [p.name for p in acc._grad_accumulation], "weights": [], "biases": [], "losses": []}
    for s in range(steps):
        gw, gb = grads_for(s)
        loss = acc(ms.Tensor(float(s), ms.float32), (ms.Tensor(gw), ms.Tensor(gb)))
        out["losses"].append(float(loss.asnumpy()))
        out["weights"].append(net.weight.asnumpy().tolist())
        out["biases"].append(net.bias.asnumpy().tolist())
    out["step"] = int(acc._accumulation_step.asnumpy())
    return out


if __name__ == "__main__":
    rec = {str(w): run(w) for w in (1, 2, 3)}
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_boost.json"), "w") as f:
        json.dump(rec, f)
    print({k: v["names"] for k, v in rec.items()})
