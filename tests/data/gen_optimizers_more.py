"""Record the first 3 training steps of more MindSpore 2.10 optimizers (CPU, PyNative), the
names of the Parameters each one adds (checkpoint names) and its argument-check errors.

Run with real MindSpore:  ~/msref/bin/python tests/data/gen_optimizers_more.py
Writes tests/data/ms_optimizers_more.json, read by tests/train/test_optimizers_more.py.

The problem is the one of tests/train/test_optimizers_vs_mindspore.py: Dense(4, 3) with fixed
weights, MSELoss, TrainOneStepCell.
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")

W = (np.arange(12, dtype=np.float32).reshape(3, 4) - 5.5) / 10
B = np.array([0.1, -0.2, 0.3], np.float32)
X = (np.arange(20, dtype=np.float32).reshape(5, 4) % 7 - 3) / 4
Y = (np.arange(15, dtype=np.float32).reshape(5, 3) % 5 - 2) / 3

# name -> (class name, kwargs); every case is built as cls(params, **kwargs)
CASES = {
    "rmsprop": ("RMSProp", {"learning_rate": 0.01}),
    "rmsprop_mom_wd": ("RMSProp", {"learning_rate": 0.01, "decay": 0.8, "momentum": 0.5, "epsilon": 1e-6,
                                   "weight_decay": 0.01}),
    "rmsprop_centered": ("RMSProp", {"learning_rate": 0.01, "momentum": 0.3, "centered": True}),
    "rmsprop_lr_list": ("RMSProp", {"learning_rate": [0.01, 0.02, 0.005]}),
    "adagrad": ("Adagrad", {"learning_rate": 0.1}),
    "adagrad_accum_wd": ("Adagrad", {"learning_rate": 0.1, "accum": 0.5, "weight_decay": 0.05}),
    "adagrad_no_slots": ("Adagrad", {"learning_rate": 0.1, "update_slots": False}),
    "adamax": ("AdaMax", {"learning_rate": 0.01}),
    "adamax_wd": ("AdaMax", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.99, "eps": 1e-6,
                             "weight_decay": 0.1}),
    "adadelta": ("Adadelta", {}),
    "adadelta_wd": ("Adadelta", {"learning_rate": 0.5, "rho": 0.8, "epsilon": 1e-4, "weight_decay": 0.02}),
}

# name -> (class name, kwargs) that MindSpore rejects
BAD = {
    "rmsprop_decay_neg": ("RMSProp", {"decay": -0.1}),
    "rmsprop_decay_int": ("RMSProp", {"decay": 1}),
    "rmsprop_momentum_neg": ("RMSProp", {"momentum": -0.5}),
    "rmsprop_eps_zero": ("RMSProp", {"epsilon": 0.0}),
    "rmsprop_centered_int": ("RMSProp", {"centered": 1}),
    "rmsprop_use_locking": ("RMSProp", {"use_locking": "no"}),
    "adagrad_accum_neg": ("Adagrad", {"accum": -0.1}),
    "adagrad_accum_int": ("Adagrad", {"accum": 1}),
    "adagrad_update_slots": ("Adagrad", {"update_slots": 1}),
    "adamax_beta1_one": ("AdaMax", {"beta1": 1.0}),
    "adamax_beta2_zero": ("AdaMax", {"beta2": 0.0}),
    "adamax_eps_neg": ("AdaMax", {"eps": -1e-8}),
    "adamax_beta1_int": ("AdaMax", {"beta1": 0}),
    "adadelta_rho": ("Adadelta", {"rho": 1.5}),
    "adadelta_rho_int": ("Adadelta", {"rho": 1}),
    "adadelta_eps_neg": ("Adadelta", {"epsilon": -1e-6}),
}


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
