"""Record MindSpore 2.10's ``mindspore.experimental.optim`` optimizers and lr schedulers (CPU, PyNative).

Run with real MindSpore:  ~/msref/bin/python tests/data/gen_exp_optim.py
Writes tests/data/ms_exp_optim.json, read by tests/train/test_experimental_optim.py: per optimizer
case the first 3 steps (loss, weight, bias), the optimizer's Parameter names and its state after
them; the error each bad argument raises; per scheduler the rates over 7 steps.
"""
import json
import os
import sys
import warnings

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.experimental import optim

warnings.filterwarnings("ignore")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")

from optimizer_cases import W, B, X, Y  # noqa: E402
from exp_optim_cases import CASES, BAD, SCHEDULERS  # noqa: E402


def make(cls, kw, groups):
    net = nn.Dense(4, 3, weight_init=Tensor(W), bias_init=Tensor(B))
    params = net.trainable_params()
    if groups:
        params = [dict(groups[0], params=[net.weight]), dict(groups[1], params=[net.bias])]
    return net, getattr(optim, cls)(params, **kw)


def run(cls, kw, groups):
    net, opt = make(cls, kw, groups)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)
    steps = []
    for _ in range(3):
        loss, grads = grad_fn(Tensor(X), Tensor(Y))
        opt(grads)
        steps.append({"loss": float(loss.asnumpy()), "weight": net.weight.asnumpy().tolist(),
                      "bias": net.bias.asnumpy().tolist()})
    state = {n: p.asnumpy().tolist() for n, p in opt.parameters_dict().items() if n not in ("weight", "bias")}
    return {"steps": steps, "names": sorted(opt.parameters_dict()), "state": state}


def lam(text):
    return eval("lambda e: " + text)  # noqa: S307 - the table's own expressions


def sched_kwargs(kw):
    return {k: (lam(v) if k == "lr_lambda" else v) for k, v in kw.items()}


def run_sched(cls, kw, epoch_jumps=()):
    net, opt = make("Adam", {"lr": 0.1}, ({}, {"lr": 0.2}))
    sched = getattr(optim.lr_scheduler, cls)(opt, **sched_kwargs(kw))
    lrs = [[float(x.asnumpy()) for x in sched.get_last_lr()]]
    for _ in range(7):
        sched.step()
        lrs.append([float(x.asnumpy()) for x in sched.get_last_lr()])
    for e in epoch_jumps:
        try:
            sched.step(e)
        except Exception as err:  # noqa: BLE001 - MindSpore 2.10 fails some jumps; recorded
            lrs.append(type(err).__name__)
            break
        lrs.append([float(x.asnumpy()) for x in sched.get_last_lr()])
    return lrs


def main():
    out = {"cases": {}, "errors": {}, "sched": {}, "sched_special": {}}
    for name, (cls, kw, groups) in CASES.items():
        out["cases"][name] = run(cls, kw, groups)
    for name, (cls, kw) in BAD.items():
        net = nn.Dense(4, 3)
        try:
            getattr(optim, cls)(net.trainable_params(), **kw)
        except Exception as e:  # noqa: BLE001 - recording whatever MindSpore raises
            out["errors"][name] = [type(e).__name__, str(e).split("\n")[0]]
        else:
            out["errors"][name] = None
    for name, (cls, kw) in SCHEDULERS.items():
        jumps = (5, 1) if cls in ("StepLR", "ExponentialLR", "LinearLR", "ConstantLR", "CosineAnnealingLR",
                                  "CosineAnnealingWarmRestarts", "PolynomialLR") else ()
        out["sched"][name] = run_sched(cls, kw, jumps)
    # SequentialLR: ConstantLR then ExponentialLR from epoch 3
    net, opt = make("SGD", {"lr": 0.1}, None)
    a = optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
    b = optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    s = optim.lr_scheduler.SequentialLR(opt, schedulers=[a, b], milestones=[3])
    lrs = [[float(x.asnumpy()) for x in s.get_last_lr()]]
    for _ in range(6):
        s.step()
        lrs.append([float(x.asnumpy()) for x in s.get_last_lr()])
    out["sched_special"]["sequential"] = lrs
    # ReduceLROnPlateau over a loss curve
    for mode, curve in (("min", [1.0, 0.9, 0.95, 0.96, 0.97, 0.5, 0.6, 0.7, 0.8]),
                        ("max", [0.1, 0.2, 0.2, 0.2, 0.1, 0.3, 0.3, 0.3, 0.3])):
        net, opt = make("SGD", {"lr": 0.1}, None)
        s = optim.lr_scheduler.ReduceLROnPlateau(opt, mode=mode, factor=0.5, patience=1, cooldown=1, min_lr=0.02)
        lrs = []
        for v in curve:
            s.step(Tensor(v, ms.float32))
            lrs.append([float(x.asnumpy()) for x in s.get_last_lr()])
        out["sched_special"]["plateau_" + mode] = lrs
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_exp_optim.json")
    with open(path, "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
