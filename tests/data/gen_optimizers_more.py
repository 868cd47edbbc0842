"""Record the first 3 training steps of more MindSpore 2.10 optimizers (CPU, PyNative), the
names of the Parameters each one adds (checkpoint names) and its argument-check errors.

Run with real MindSpore:  ~/msref/bin/python tests/data/gen_optimizers_more.py
Writes tests/data/ms_optimizers_more.json, read by tests/train/test_optimizers_more.py.

The problem is the one of tests/train/test_optimizers_vs_mindspore.py: Dense(4, 3) with fixed
weights, MSELoss, TrainOneStepCell.
"""
import json
import os
import sys

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")

from optimizer_cases import CASES, BAD, W, B, X, Y  # noqa: E402


def run(cls, kw):
    net = nn.Dense(4, 3, weight_init=Tensor(W), bias_init=Tensor(B))
    opt = getattr(nn, cls)(net.trainable_params(), **kw)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    steps = []
    for _ in range(3):
        loss = step(Tensor(X), Tensor(Y))
        steps.append({"loss": float(loss.asnumpy()), "weight": net.weight.asnumpy().tolist(),
                      "bias": net.bias.asnumpy().tolist()})
    state = {p.name: p.asnumpy().tolist() for p in opt.get_parameters()
             if p.name not in ("weight", "bias")}
    return {"steps": steps, "names": sorted(opt.parameters_dict()), "state": state}


def main():
    out = {"cases": {}, "errors": {}, "modules": {}}
    for name, (cls, kw) in CASES.items():
        out["cases"][name] = run(cls, kw)
    for name, (cls, kw) in BAD.items():
        net = nn.Dense(4, 3)
        try:
            getattr(nn, cls)(net.trainable_params(), **kw)
        except Exception as e:  # noqa: BLE001 - recording whatever MindSpore raises
            out["errors"][name] = [type(e).__name__, str(e).split("\n")[0]]
        else:
            out["errors"][name] = None
    for cls in sorted({c for c, _ in CASES.values()}):
        out["modules"][cls] = getattr(nn, cls).__module__
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_optimizers_more.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
