"""Record MindSpore 2.10's extra nn losses and activations for tests/nn/test_losses_more.py
and tests/nn/test_activations_more.py.

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_losses_more.py

It writes tests/data/ms_losses_more.json: for each case the Cell name, its constructor
arguments, the inputs, the output and the gradients (``ms.grad`` with respect to the
float inputs, and to the Parameters where the Cell has some), or the exception class and
message that MindSpore raised in the constructor or the call.
"""
import json
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE)
HERE = Path(__file__).resolve().parent
rng = np.random.default_rng(20261122)


def f32(*shape, lo=-2.0, hi=2.0):
    return rng.uniform(lo, hi, shape).astype(np.float32)


def pm1(*shape):
    return np.where(rng.uniform(size=shape) > 0.5, 1.0, -1.0).astype(np.float32)


def b01(*shape):
    return (rng.uniform(size=shape) > 0.5).astype(np.float32)


# (group, Cell name, kwargs, inputs, positions of the inputs to differentiate)
CASES = []


def case(group, name, kwargs, inputs, grad=(0,)):
    CASES.append((group, name, kwargs, inputs, tuple(grad)))


# ------------------------------------------------------------------ losses
x1, x2 = f32(3, 4), f32(3, 4)
lab = np.array([1, -1, 1], np.int32)
for kw in ({}, {"margin": 0.3, "reduction": "none"}, {"margin": -0.5, "reduction": "sum"}):
    case("loss", "CosineEmbeddingLoss", kw, [x1, x2, lab], (0, 1))
case("loss", "CosineEmbeddingLoss", {"margin": 2.0}, [x1, x2, lab])
case("loss", "CosineEmbeddingLoss", {"margin": 1}, [x1, x2, lab])
case("loss", "CosineEmbeddingLoss", {"reduction": "avg"}, [x1, x2, lab])

hx, ht = f32(2, 3), pm1(2, 3)
for kw in ({}, {"margin": 0.5, "reduction": "none"}, {"margin": 2, "reduction": "sum"}):
    case("loss", "HingeEmbeddingLoss", kw, [hx, ht], (0,))
case("loss", "HingeEmbeddingLoss", {"margin": "1"}, [hx, ht])
case("loss", "HingeEmbeddingLoss", {"reduction": "batchmean"}, [hx, ht])

a, b, t = f32(5), f32(5), pm1(5)
for kw in ({}, {"margin": 0.5, "reduction": "none"}, {"margin": 0.2, "reduction": "sum"}):
    case("loss", "MarginRankingLoss", kw, [a, b, t], (0, 1))
case("loss", "MarginRankingLoss", {"margin": 1}, [a, b, t])
case("loss", "MarginRankingLoss", {"reduction": "x"}, [a, b, t])

sx, sy = f32(2, 3), pm1(2, 3)  # SoftMarginLoss: MindSpore 2.10 has no CPU kernel, no oracle

mx, my = f32(4, 5), np.array([0, 3, 4, 1], np.int64)
mw = rng.uniform(0.5, 1.5, 5).astype(np.float32)
for kw, extra in (({}, []), ({"p": 2, "margin": 0.5, "reduction": "sum"}, []),
                  ({"reduction": "none"}, [mw]), ({"p": 2, "weight": Tensor(mw)}, [])):
    case("loss", "MultiMarginLoss", kw, [mx, my] + extra, (0,))
case("loss", "MultiMarginLoss", {"p": 3}, [mx, my])
case("loss", "MultiMarginLoss", {"margin": 1}, [mx, my])
case("loss", "MultiMarginLoss", {"reduction": "x"}, [mx, my])

lx, ly = f32(3, 4), b01(3, 4)
lw = rng.uniform(0.5, 1.5, 4).astype(np.float32)
for kw in ({}, {"reduction": "none"}, {"reduction": "sum", "weight": Tensor(lw)}):
    case("loss", "MultiLabelSoftMarginLoss", kw, [lx, ly], (0,))
case("loss", "MultiLabelSoftMarginLoss", {"reduction": "x"}, [lx, ly])

ux, uy = f32(3, 4, lo=-3, hi=3), f32(3, 4, lo=-3, hi=3)
for kw in ({}, {"delta": 0.5, "reduction": "none"}, {"delta": 2, "reduction": "sum"}):
    case("loss", "HuberLoss", kw, [ux, uy], (0, 1))
case("loss", "HuberLoss", {"delta": 0.0}, [ux, uy])
case("loss", "HuberLoss", {"delta": "1"}, [ux, uy])
case("loss", "HuberLoss", {"reduction": "x"}, [ux, uy])

gx, gy, gv, gv1 = f32(3, 2), f32(3, 2), f32(3, 2, lo=0.1, hi=2), f32(3, lo=0.1, hi=2)
gv0 = gv.copy()
gv0[0, 0] = 1e-9
case("loss", "GaussianNLLLoss", {}, [gx, gy, gv], (0, 1, 2))
case("loss", "GaussianNLLLoss", {"full": True, "reduction": "none"}, [gx, gy, gv1], (0, 1, 2))
case("loss", "GaussianNLLLoss", {"eps": 1e-3, "reduction": "sum"}, [gx, gy, gv0], (0, 1, 2))
case("loss", "GaussianNLLLoss", {"eps": 0.0}, [gx, gy, gv])
case("loss", "GaussianNLLLoss", {"full": 1}, [gx, gy, gv])
case("loss", "GaussianNLLLoss", {"reduction": "x"}, [gx, gy, gv])

px, py = f32(2, 3, lo=0.1, hi=2), np.array([[0, 1, 3], [2, 5, 0.5]], np.float32)
for kw in ({}, {"log_input": False, "reduction": "none"}, {"full": True, "reduction": "sum"},
           {"log_input": False, "full": True, "eps": 1e-3}):
    case("loss", "PoissonNLLLoss", kw, [px, py], (0,))
case("loss", "PoissonNLLLoss", {"reduction": "x"}, [px, py])

ta, tp, tn = f32(3, 4), f32(3, 4), f32(3, 4)  # TripletMarginLoss: no CPU kernel in MindSpore 2.10

rx, ry = f32(2, 3), f32(2, 3)
case("loss", "RMSELoss", {}, [rx, ry], (0, 1))
case("loss", "RMSELoss", {}, [np.ones(3, np.uint8), np.ones(3, np.uint8)])
for kw in ({}, {"reduction": "none"}, {"reduction": "sum"}):
    case("loss", "MAELoss", kw, [rx, ry], (0, 1))
case("loss", "MAELoss", {"reduction": "x"}, [rx, ry])

dx, dy = f32(3, 4, lo=0, hi=1), b01(3, 4)
case("loss", "DiceLoss", {}, [dx, dy], (0, 1))
case("loss", "DiceLoss", {"smooth": 0.5}, [f32(2, 3, 2, lo=0, hi=1), b01(2, 3, 2)], (0, 1))
case("loss", "DiceLoss", {"smooth": 0.0}, [dx, dy])
case("loss", "DiceLoss", {}, [dx, b01(3, 3)])
cx, cy = f32(3, 4), np.eye(4, dtype=np.float32)[[0, 2, 3]]
case("loss", "MultiClassDiceLoss", {}, [cx, cy], (0,))
case("loss", "MultiClassDiceLoss", {"weights": Tensor(f32(4, 1, lo=0.5, hi=1.5)), "ignore_indiex": 1,
                                    "activation": "sigmoid"}, [cx, cy], (0,))
case("loss", "MultiClassDiceLoss", {"activation": "relu6"}, [f32(2, 3, 2), b01(2, 3, 2)], (0,))
case("loss", "MultiClassDiceLoss", {"activation": "gelu"}, [cx, cy])
case("loss", "MultiClassDiceLoss", {}, [f32(4), b01(4)])
fx = f32(3, 4)
case("loss", "FocalLoss", {}, [fx, np.eye(4, dtype=np.float32)[[0, 2, 3]]], (0,))
case("loss", "FocalLoss", {"gamma": 1.5, "reduction": "sum"}, [fx, np.array([[1], [0], [3]], np.int32)], (0,))
case("loss", "FocalLoss", {"weight": Tensor(f32(3, lo=0.5, hi=1.5)), "reduction": "none"},
     [f32(2, 3, 2, 2), rng.integers(0, 3, (2, 1, 2, 2)).astype(np.int64)], (0,))
case("loss", "FocalLoss", {"weight": Tensor(f32(4, lo=0.5, hi=1.5))}, [fx, np.eye(4, dtype=np.float32)[[1, 1, 0]]],
     (0,))
case("loss", "FocalLoss", {"gamma": 2}, [fx, fx])
case("loss", "FocalLoss", {}, [f32(3, 1), f32(3, 1)])
case("loss", "FocalLoss", {}, [fx, np.ones((3, 2), np.float32)])
case("loss", "FocalLoss", {}, [f32(4), f32(4)])

# ------------------------------------------------------------------ activations
ax = f32(2, 3, 4, lo=-3, hi=3)
for kw in ({}, {"axis": 1}, {"axis": 0}):
    case("act", "Softmin", kw, [ax])
for kw in ({}, {"min_val": -0.5, "max_val": 2.0}):
    case("act", "Hardtanh", kw, [ax])
case("act", "Hardtanh", {"min_val": 1.0, "max_val": 1.0}, [ax])
case("act", "Softsign", {}, [ax])
case("act", "Tanhshrink", {}, [ax])
for kw in ({"threshold": 0.5, "value": -1.0}, {"threshold": -1, "value": 3}):
    case("act", "Threshold", kw, [ax])
for kw in ({}, {"alpha": 0.5}, {"alpha": 2.0}):
    case("act", "CELU", kw, [ax])
for kw in ({}, {"axis": 0}, {"axis": 1}):
    case("act", "GLU", kw, [f32(2, 4, 6)])
for kw in ({}, {"lambd": 1.2}):
    case("act", "HShrink", kw, [ax])
    case("act", "SoftShrink", kw, [ax])
case("act", "SoftShrink", {"lambd": -1.0}, [ax])
case("act", "HShrink", {"lambd": 1}, [ax])
case("act", "CELU", {"alpha": 0.0}, [ax])
case("act", "CELU", {"alpha": 1}, [ax])
case("act", "GLU", {}, [f32(2, 3)])
case("act", "Threshold", {"threshold": "a", "value": 1}, [ax])
case("act", "Softmin", {"axis": 1.5}, [ax])
case("act", "Hardtanh", {"min_val": 2, "max_val": 1}, [ax])
case("act", "PReLU", {}, [f32(2, 3, 4)])
case("act", "PReLU", {"channel": 3, "w": [0.1, 0.2, 0.3]}, [f32(2, 3, 4)])
case("act", "PReLU", {"channel": 3, "w": 0.5}, [f32(2, 3)])
case("act", "PReLU", {"channel": 0}, [f32(2, 3)])
case("act", "PReLU", {"channel": 3, "w": [0.1]}, [f32(2, 3)])
case("act", "PReLU", {"channel": 3, "w": "a"}, [f32(2, 3)])


def enc(v):
    if isinstance(v, Tensor):
        a = v.asnumpy()
        return {"tensor": a.tolist(), "dtype": str(a.dtype)}
    if isinstance(v, np.ndarray):
        return {"array": v.tolist(), "dtype": str(v.dtype)}
    return {"raw": v}


def err(e):
    return {"error": type(e).__name__, "message": str(e).split("\n")[0]}


def run(group, name, kwargs, inputs, grad):
    rec = {"group": group, "name": name, "kwargs": {k: enc(v) for k, v in kwargs.items()},
           "inputs": [enc(i) for i in inputs], "grad": list(grad)}
    try:
        cell = getattr(nn, name)(**kwargs)
    except Exception as e:  # noqa: BLE001 - the class is what is recorded
        rec["init"] = err(e)
        return rec
    args = [Tensor(i) for i in inputs]
    try:
        out = cell(*args)
        rec["out"] = enc(out)
    except Exception as e:  # noqa: BLE001
        rec["call"] = err(e)
        return rec
    params = cell.trainable_params()
    gf = ms.grad(cell, grad_position=grad, weights=params if params else None)
    g = gf(*args)
    if params:
        gi, gw = g
        rec["grad_weights"] = [enc(w) for w in gw]
        rec["param_names"] = [w.name for w in params]
    else:
        gi = g
    if not isinstance(gi, tuple):
        gi = (gi,)
    rec["grads"] = [enc(x) for x in gi]
    return rec


out = {"version": ms.__version__, "cases": [run(*c) for c in CASES]}
(HERE / "ms_losses_more.json").write_text(json.dumps(out, indent=None))
print(len(out["cases"]), "cases")
