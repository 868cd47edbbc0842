"""Record MindSpore 2.10's nn.Adam(use_amsgrad=True) (ApplyAdamWithAmsgrad, CPU): the names of its
Parameters and the weights after each of 4 steps of given gradients, plain and with weight decay and
loss scale; the errors of its keyword checks (use_lazy / use_offload / use_amsgrad); and the errors of
the optimizers' shared checks (empty / None / non-Parameter params, Adam's betas and eps).

run: ~/msref/bin/python tests/data/gen_adam_amsgrad.py  (writes tests/data/ms_adam_amsgrad.json)
"""
import json
import os

import numpy as np

CASES = [{"learning_rate": 0.1}, {"learning_rate": 0.05, "beta1": 0.8, "beta2": 0.9, "eps": 1e-6, "weight_decay": 0.1},
         {"learning_rate": 0.01, "loss_scale": 4.0}]
ERRORS = [{"use_lazy": True, "use_offload": True}, {"use_lazy": True, "use_amsgrad": True},
          {"use_offload": True, "use_amsgrad": True}, {"use_other": True}, {"use_amsgrad": 1}]


# (optimizer, params kind, kwargs): MindSpore's construction errors, for the optimizers' shared checks
OPT_ERRORS = [("Momentum", "empty", {"learning_rate": 0.1, "momentum": 0.9}),
              ("Momentum", "none", {"learning_rate": 0.1, "momentum": 0.9}),
              ("Momentum", "ints", {"learning_rate": 0.1, "momentum": 0.9}),
              ("Momentum", "int", {"learning_rate": 0.1, "momentum": 0.9}),
              ("AdamWeightDecay", "dense", {"beta1": 1.0}), ("AdamWeightDecay", "dense", {"beta2": 1.0}),
              ("AdamWeightDecay", "dense", {"eps": -0.1}), ("AdamWeightDecay", "dense", {"beta1": 1}),
              ("AdamWeightDecay", "dense", {"weight_decay": -1.0}), ("AdamWeightDecay", "empty", {}),
              ("Adam", "dense", {"beta1": 1.5}), ("Adam", "dense", {"eps": 0.0}), ("ASGD", "empty", {}),
              ("Rprop", "empty", {})]


def opt_params(kind, nn):
    return {"empty": [], "none": None, "ints": [1, 2], "int": 3,
            "dense": nn.Dense(3, 2).trainable_params()}[kind]


def grads(step):
    rng = np.random.default_rng(10 + step)
    return rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal(2).astype(np.float32)


def main():
    import mindspore as ms
    from mindspore import nn
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out = {"cases": [], "errors": [], "opt_errors": [], "call_errors": []}
    for kw in CASES:
        net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        opt = nn.Adam(net.trainable_params(), use_amsgrad=True, **kw)
        rec = {"kw": kw, "names": [p.name for p in opt.get_parameters()],
               "weights": [], "biases": []}
        for s in range(4):
            gw, gb = grads(s)
            opt((ms.Tensor(gw), ms.Tensor(gb)))
            rec["weights"].append(net.weight.asnumpy().tolist())
            rec["biases"].append(net.bias.asnumpy().tolist())
        out["cases"].append(rec)
    for kw in ERRORS:
        try:
            nn.Adam(nn.Dense(3, 2).trainable_params(), **kw)
            out["errors"].append({"kw": kw, "error": None})
        except Exception as e:  # noqa: BLE001 - recorded
            out["errors"].append({"kw": kw, "error": [type(e).__name__, str(e)]})
    for cls, kind, kw in OPT_ERRORS:
        try:
            getattr(nn, cls)(opt_params(kind, nn), **kw)
            out["opt_errors"].append(None)
        except Exception as e:  # noqa: BLE001 - recorded
            out["opt_errors"].append([type(e).__name__, str(e)])
    # a Tensor, or a tuple of the wrong length, as the gradients: the class MindSpore raises
    for g in ("tensor", "short"):
        net = nn.Dense(3, 2)
        opt = nn.Adam(net.trainable_params())
        arg = ms.Tensor(np.zeros((2, 3), np.float32))
        try:
            opt(arg if g == "tensor" else (arg,))
            out["call_errors"].append(None)
        except Exception as e:  # noqa: BLE001 - recorded
            out["call_errors"].append(type(e).__name__)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_adam_amsgrad.json"), "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
