"""Record MindSpore 2.10's mixed-precision behaviour (``mindspore.amp``).

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_amp.py

It writes tests/data/ms_amp.json: the outputs and per-Cell output dtypes of two small
networks under each ``amp_level`` (same weights, stored in the file), custom white/black
lists, the loss scalers step by step, ``all_finite``, ``build_train_network``'s cells,
an O2 training run with dynamic loss scaling and the error messages of bad arguments.
"""
import json
import os
import tempfile
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import nn, ops, amp, Tensor, Parameter

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE)
ms.runtime.launch_blocking()  # a failing op raises at its own call, not at a later one
HERE = Path(__file__).resolve().parent
# O1 goes through mindspore.rewrite, which writes the rewritten classes under the cwd
os.chdir(tempfile.mkdtemp())
OUT = {}


def arr(t):
    a = t.asnumpy()
    return {"dtype": str(t.dtype), "shape": list(a.shape), "value": a.astype(np.float64).ravel().tolist()}


class DenseNet(nn.Cell):
    """Dense -> BatchNorm1d -> ReLU -> Dense, a white-listed Primitive and a plain function."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 8)
        self.bn = nn.BatchNorm1d(8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)
        self.matmul = ops.MatMul()
        self.w = Parameter(Tensor(np.ones((3, 3), np.float32)), name="w")

    def construct(self, x):
        y = self.fc2(self.relu(self.bn(self.fc1(x))))
        return self.matmul(y, self.w) + ops.exp(y * 0.1)


class ConvNet(nn.Cell):
    """Conv2d -> BatchNorm2d -> ReLU -> Flatten -> Dense(activation='relu') -> LayerNorm."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, has_bias=True, pad_mode="valid")
        self.bn = nn.BatchNorm2d(3)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(27, 4, activation="relu")
        self.ln = nn.LayerNorm((4,))

    def construct(self, x):
        return self.ln(self.fc(self.flatten(self.relu(self.bn(self.conv(x))))))


NETS = {"DenseNet": (DenseNet, (2, 4)), "ConvNet": (ConvNet, (2, 2, 5, 5))}


def weights(net, seed):
    rs = np.random.RandomState(seed)
    out = {}
    for name, p in net.parameters_and_names():
        v = rs.uniform(-1.0, 1.0, p.shape).astype(np.float32)
        if name.endswith("moving_variance"):
            v = np.abs(v) + 0.5
        out[name] = v
    return out


def build(kind, seed=0):
    cls, _ = NETS[kind]
    net = cls()
    for name, p in net.parameters_and_names():
        p.set_data(Tensor(weights(net, seed)[name]))
    return net


def hook_dtypes(net):
    seen = {}
    for name, cell in net.cells_and_names():
        if name:
            cell.register_forward_hook(lambda c, i, o, n=name: seen.__setitem__(n, str(o.dtype)))
    return seen


def levels():
    res = {}
    for kind, (cls, shape) in NETS.items():
        net = build(kind)
        x = np.random.RandomState(1).uniform(-2, 2, shape).astype(np.float32)
        entry = {"x": x.ravel().tolist(), "x_shape": list(shape),
                 "weights": {k: v.ravel().tolist() for k, v in weights(net, 0).items()}, "levels": {}}
        cases = [("O0", ms.float16), ("O1", ms.float16), ("O2", ms.float16), ("O3", ms.float16),
                 ("auto", ms.float16)]  # bfloat16 MatMul has no CPU kernel in MindSpore
        for level, dt in cases:
            net = build(kind)
            seen = hook_dtypes(net)
            try:
                net2 = amp.auto_mixed_precision(net, level, dt)
                net2.set_train(False)
                out = net2(Tensor(x))
                key = level if dt == ms.float16 else level + "_bf16"
                entry["levels"][key] = {"out": arr(out), "cells": dict(seen), "type": type(net2).__name__,
                                        "amp_level": getattr(net2, "_amp_level", None)}
            except Exception as e:  # noqa: BLE001 - recorded as the oracle's answer
                print("skip", kind, level, dt, type(e).__name__, str(e)[:100])
        # custom lists
        for label, kw in [("white_dense", {"white_list": [nn.Dense]}),
                          ("white_default", {"white_list": amp.get_white_list()}),
                          ("black_bn", {"black_list": [nn.BatchNorm1d, nn.BatchNorm2d]}),
                          ("black_default", {"black_list": amp.get_black_list()})]:
            net = build(kind)
            seen = hook_dtypes(net)
            net2 = amp.custom_mixed_precision(net, **kw)
            net2.set_train(False)
            out = net2(Tensor(x))
            entry["levels"]["custom_" + label] = {"out": arr(out), "cells": dict(seen), "type": type(net2).__name__}
        res[kind] = entry
    OUT["nets"] = res


def lists():
    OUT["white_list"] = [c.__name__ for c in amp.get_white_list()]
    OUT["black_list"] = [c.__name__ for c in amp.get_black_list()]


def scalers():
    res = {}
    s = amp.StaticLossScaler(scale_value=2 ** 10)
    res["static_scale"] = arr(s.scale(Tensor([1.0, 3.5], ms.float32)))
    g = s.unscale((Tensor(np.array([1.5, 1.0]), ms.float16), Tensor(np.array([1.2]), ms.float32)))
    res["static_unscale"] = [arr(t) for t in g]
    s3 = amp.StaticLossScaler(scale_value=3)
    g = s3.unscale((Tensor(np.array([1.5, 1.0, 7.0]), ms.float16), Tensor(np.array([1.2, 5.0]), ms.float32)))
    res["static3_unscale"] = [arr(t) for t in g]
    res["static3_scale"] = [arr(t) for t in s3.scale((Tensor([0.7], ms.float16), Tensor([0.7], ms.float32)))]
    res["static_adjust"] = s.adjust(Tensor(True))
    res["static_scale_value"] = arr(s.scale_value)
    res["scale_list_type"] = type(s.scale([Tensor([1.0]), Tensor([2.0])])).__name__
    res["scale_tuple_type"] = type(s.scale((Tensor([1.0]), Tensor([2.0])))).__name__
    steps = [True, True, True, False, True, True, False, False, True, True, True, True]
    for label, (v, f, w) in {"dyn_2_3": (2 ** 10, 2, 3), "dyn_4_1": (16, 4, 1), "dyn_big": (3e38, 2, 1),
                             "dyn_small": (2, 2, 2)}.items():
        d = amp.DynamicLossScaler(v, f, w)
        trace = []
        for fin in steps:
            r = d.adjust(Tensor(fin))
            trace.append([float(d.scale_value.asnumpy()), int(d.counter.asnumpy()), r])
        res[label] = {"args": [v, f, w], "steps": steps, "trace": trace,
                      "scale_dtype": str(d.scale_value.dtype), "counter_dtype": str(d.counter.dtype)}
    OUT["scalers"] = res


def finite():
    cases = {
        "all_ok": (Tensor([1.0, 2.0]), Tensor([3.0], ms.float16)),
        "nan": (Tensor([1.0, float("nan")]), Tensor([3.0], ms.float16)),
        "inf16": (Tensor([1.0]), Tensor([np.inf], ms.float16)),
        "neg_inf": [Tensor([-np.inf, 1.0]), Tensor([1.0])],
        "ints": (Tensor([1, 2]), Tensor([1.0])),
        "single": (Tensor([1.0]),),
    }
    res = {}
    for k, v in cases.items():
        o = amp.all_finite(v)
        res[k] = {"value": bool(o.asnumpy()), "dtype": str(o.dtype), "shape": list(o.shape)}
    OUT["all_finite"] = res


def train_cells():
    res = {}
    loss = nn.MSELoss()
    for label, level, kw in [("O0", "O0", {}), ("O1", "O1", {}), ("O3", "O3", {}),
                             ("O2_nolsm", "O2", {"loss_scale_manager": None}),
                             ("O2_fixed", "O2", {"loss_scale_manager": amp.FixedLossScaleManager(128., False)}),
                             ("O0_cast16", "O0", {"cast_model_type": ms.float16}),
                             ("O3_keepbn", "O3", {"keep_batchnorm_fp32": True}),
                             ("O2_nokeep", "O2", {"keep_batchnorm_fp32": False, "loss_scale_manager": None}),
                             ("O2_cast32", "O2", {"cast_model_type": ms.float32, "loss_scale_manager": None})]:
        net = build("DenseNet")
        seen = hook_dtypes(net)
        opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
        t = amp.build_train_network(net, opt, loss, level=level, **kw)
        x = Tensor(np.random.RandomState(1).uniform(-2, 2, (2, 4)).astype(np.float32))
        y = Tensor(np.random.RandomState(2).uniform(-1, 1, (2, 3)).astype(np.float32))
        l1 = t(x, y)
        res[label] = {"type": type(t).__name__, "loss_cell": type(t.network).__name__,
                      "backbone": type(t.network._backbone).__name__, "sens": float(t.sens),
                      "loss": arr(l1), "cells": dict(seen), "fc1_weight": arr(net.fc1.weight)}
    OUT["build_train_network"] = res


def o2_loss_scale_training():
    """What ``TrainOneStepWithLossScaleCell`` computes (it cannot run on MindSpore CPU),
    written out with MindSpore's own pieces: grads of loss*scale through the O2 network,
    unscaled by the reciprocal, the overflow check, DynamicLossScaleUpdateCell, Momentum."""
    net = build("DenseNet")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    t = amp.build_train_network(net, opt, nn.MSELoss(), level="O2", loss_scale_manager=None)
    loss_net = t.network
    loss_net.set_train(True)
    scale = Parameter(Tensor(2.0 ** 17, ms.float32), name="scale_sense")
    update = nn.DynamicLossScaleUpdateCell(2.0 ** 17, 2, 3)
    rs = np.random.RandomState(3)
    xs = [rs.uniform(-2, 2, (4, 4)).astype(np.float32) for _ in range(10)]
    ys = [rs.uniform(-1, 1, (4, 3)).astype(np.float32) for _ in range(10)]
    grad_fn = ops.GradOperation(get_by_list=True, sens_param=True)(loss_net, opt.parameters)
    trace = []
    for x, y in zip(xs, ys):
        x, y = Tensor(x), Tensor(y)
        loss = loss_net(x, y)
        sens = ops.ones_like(loss) * ops.cast(scale, loss.dtype)
        grads = grad_fn(x, y, sens)
        grads = tuple(g * ops.cast(ops.Reciprocal()(scale), g.dtype) for g in grads)
        overflow = ops.logical_not(amp.all_finite(grads))
        scale_before = float(scale.asnumpy())
        update(scale, overflow)
        if not bool(overflow.asnumpy()):
            opt(grads)
        trace.append({"loss": float(loss.asnumpy()), "overflow": bool(overflow.asnumpy()),
                      "scale": scale_before, "scale_after": float(scale.asnumpy())})
    OUT["o2_train"] = {"x": [a.ravel().tolist() for a in xs], "y": [a.ravel().tolist() for a in ys],
                       "trace": trace, "weights": {n: arr(p) for n, p in net.parameters_and_names()}}


def errors():
    res = {}
    net = nn.Dense(2, 2)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)

    def rec(label, fn):
        try:
            fn()
            res[label] = None
        except Exception as e:  # noqa: BLE001 - recorded as the oracle's answer
            res[label] = [type(e).__name__, str(e).split("\n")[0]]

    rec("amp_level", lambda: amp.auto_mixed_precision(nn.Dense(2, 2), "O5"))
    rec("amp_dtype", lambda: amp.auto_mixed_precision(nn.Dense(2, 2), "O2", ms.float32))
    rec("amp_not_cell", lambda: amp.auto_mixed_precision(lambda x: x, "O1"))
    rec("amp_not_cell_auto", lambda: amp.auto_mixed_precision(3, "auto"))
    rec("custom_none", lambda: amp.custom_mixed_precision(nn.Dense(2, 2)))
    rec("custom_both", lambda: amp.custom_mixed_precision(nn.Dense(2, 2), white_list=[nn.Dense], black_list=[]))
    rec("custom_not_list", lambda: amp.custom_mixed_precision(nn.Dense(2, 2), white_list=(nn.Dense,)))
    rec("custom_not_class", lambda: amp.custom_mixed_precision(nn.Dense(2, 2), white_list=[nn.Dense(2, 2)]))
    rec("custom_bad_class", lambda: amp.custom_mixed_precision(nn.Dense(2, 2), white_list=[int]))
    rec("custom_black_prim", lambda: amp.custom_mixed_precision(nn.Dense(2, 2), black_list=[ops.MatMul]))
    rec("custom_dtype", lambda: amp.custom_mixed_precision(nn.Dense(2, 2), white_list=[nn.Dense], dtype=ms.int8))
    rec("custom_not_cell", lambda: amp.custom_mixed_precision(3, white_list=[nn.Dense]))
    rec("btn_opt", lambda: amp.build_train_network(net, 3))
    rec("btn_level", lambda: amp.build_train_network(net, opt, level="O4"))
    rec("btn_level_type", lambda: amp.build_train_network(net, opt, level=2))
    rec("btn_boost", lambda: amp.build_train_network(net, opt, boost_level="O3"))
    rec("btn_kwarg", lambda: amp.build_train_network(net, opt, foo=1))
    rec("btn_cast", lambda: amp.build_train_network(net, opt, cast_model_type=ms.int32))
    rec("btn_keep", lambda: amp.build_train_network(net, opt, keep_batchnorm_fp32=1))
    rec("btn_lsm", lambda: amp.build_train_network(net, opt, loss_scale_manager=3))
    rec("btn_loss_fn", lambda: amp.build_train_network(net, opt, loss_fn=3))
    rec("static_small", lambda: amp.StaticLossScaler(0.5))
    rec("static_type", lambda: amp.StaticLossScaler("2"))
    rec("dyn_window", lambda: amp.DynamicLossScaler(2, 2, 0))
    rec("dyn_factor", lambda: amp.DynamicLossScaler(2, 1.5, 1))
    rec("dyn_small", lambda: amp.DynamicLossScaler(0.5, 2, 1))
    rec("abstract", lambda: amp.LossScaler())
    OUT["errors"] = res


if __name__ == "__main__":
    lists()
    levels()
    scalers()
    finite()
    train_cells()
    o2_loss_scale_training()
    errors()
    (HERE / "ms_amp.json").write_text(json.dumps(OUT, indent=1, sort_keys=True) + "\n")
    print("wrote", HERE / "ms_amp.json")
