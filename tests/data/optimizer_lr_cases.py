"""The learning-rate forms of nn.Optimizer, run the same way under MindSpore (gen_optimizer_lr.py)
and mindjax (tests/train/test_optimizer_lr.py): what ``opt.learning_rate`` is, the names the
optimizer's Parameters are listed under, ``learning_rate(step)``, ``get_lr()`` and the weights after
three Momentum steps."""
import numpy as np


def net_and_params(ms, nn):
    net = nn.SequentialCell([nn.Dense(3, 2, weight_init="ones", bias_init="zeros"),
                             nn.Dense(2, 2, weight_init="ones", bias_init="zeros")])
    return net, net.trainable_params()


def make(case, ms, nn):
    net, ps = net_and_params(ms, nn)
    lrs = {
        "fixed": lambda: 0.1,
        "list": lambda: [0.1, 0.2, 0.3, 0.4],
        "tensor1d": lambda: ms.Tensor(np.array([0.05, 0.1, 0.2, 0.3], np.float32)),
        "schedule": lambda: nn.CosineDecayLR(0.0, 0.1, 4),
    }
    if case in lrs:
        return net, nn.Momentum(ps, lrs[case](), 0.9)
    groups = {
        "group_dynamic": [{"params": ps[:3], "lr": [0.5, 0.4, 0.3, 0.2]}, {"params": ps[3:]}],
        "group_fixed": [{"params": ps[:3], "lr": 0.5}, {"params": ps[3:]}],
        "group_three": [{"params": ps[:1]}, {"params": ps[1:3], "lr": 0.05}, {"params": ps[3:], "lr": 0.2}],
    }[case]
    return net, nn.Momentum(groups, 0.1, 0.9)


CASES = ["fixed", "list", "tensor1d", "schedule", "group_dynamic", "group_fixed", "group_three"]


def run(case, ms, nn):
    net, opt = make(case, ms, nn)
    L = opt.learning_rate
    out = {"kind": type(L).__name__, "dynamic": bool(opt.dynamic_lr),
           "names": sorted(n for n, _ in opt.parameters_and_names())}
    if isinstance(L, (list, tuple)) or type(L).__name__ == "CellList":
        out["items"] = [type(c).__name__ + ":" + (c.name if hasattr(c, "name") and not callable(c) else
                                                   getattr(getattr(c, "learning_rate", None), "name", "-"))
                        for c in L]
    if opt.dynamic_lr and not isinstance(L, (list, tuple)) and type(L).__name__ != "CellList":
        v = L(ms.Tensor((1,), ms.int32))
        out["call"] = [list(v.shape), np.asarray(v.asnumpy(), np.float64).tolist()]
    lr = opt.get_lr()
    lr = lr if isinstance(lr, tuple) else (lr,)
    out["get_lr"] = [float(np.asarray(x.asnumpy())) for x in lr]
    grads = tuple(ms.Tensor(np.full(p.shape, 0.5 + i, np.float32)) for i, p in enumerate(opt.parameters))
    weights = []
    for _ in range(3):
        opt(grads)
        weights.append([p.asnumpy().astype(np.float64).ravel().tolist() for p in opt.parameters])
    out["weights"] = weights
    lr = opt.get_lr()
    lr = lr if isinstance(lr, tuple) else (lr,)
    out["get_lr_after"] = [float(np.asarray(x.asnumpy())) for x in lr]
    return out
