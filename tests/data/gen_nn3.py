"""Record MindSpore 2.10's nn.Linear, LayerNormExt, PReLUExt, DropoutExt/Dropout2dExt (eval),
TripletMarginWithDistanceLoss, MultiFieldEmbeddingLookup, SparseTensorDenseMatmul, SparseToDense
and FractionalMaxPool2d/3d (with their samples given) for tests/nn/test_nn3.py.

Run with the reference MindSpore interpreter:  ~/msref/bin/python tests/data/gen_nn3.py
Writes tests/data/ms_nn3.json: per case the Cell, its constructor arguments, the inputs, the
output(s), the gradients (``ms.grad`` w.r.t. the listed input positions and the Parameters), the
Parameter names, or the exception class and message.
"""
import json
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
HERE = Path(__file__).resolve().parent
rng = np.random.default_rng(20261123)


def f32(*shape):
    return rng.uniform(-2, 2, shape).astype(np.float32)


def enc(v):
    if isinstance(v, Tensor):
        a = v.asnumpy()
        return {"tensor": a.tolist(), "dtype": str(a.dtype)}
    if isinstance(v, np.ndarray):
        return {"array": v.tolist(), "dtype": str(v.dtype)}
    if isinstance(v, tuple):
        return {"tuple": list(v)}
    return {"raw": v}


def dec(v):
    if "tensor" in v or "array" in v:
        return Tensor(np.array(v.get("tensor", v.get("array")), dtype=v["dtype"]))
    if "tuple" in v:
        return tuple(v["tuple"])
    return v["raw"]


CASES = []


def case(name, kwargs, inputs, grad=(0,)):
    CASES.append((name, kwargs, inputs, tuple(grad)))


W43, B3 = f32(3, 4), f32(3)
x24 = f32(2, 4)
case("Linear", {"in_features": 4, "out_features": 3, "weight_init": Tensor(W43), "bias_init": Tensor(B3)}, [x24])
case("Linear", {"in_features": 4, "out_features": 3, "bias": False, "weight_init": Tensor(W43)}, [f32(2, 5, 4)])
case("Linear", {"in_features": 0, "out_features": 3}, [x24])
case("Linear", {"in_features": 4, "out_features": 3, "weight_init": Tensor(f32(4, 3))}, [x24])
x234 = f32(2, 3, 4)
case("LayerNormExt", {"normalized_shape": 4}, [x234])
case("LayerNormExt", {"normalized_shape": (3, 4), "eps": 1e-3}, [x234])
case("LayerNormExt", {"normalized_shape": (4,), "elementwise_affine": False}, [x234])
case("LayerNormExt", {"normalized_shape": [4], "bias": False}, [x234])
case("LayerNormExt", {"normalized_shape": ()}, [x234])
case("PReLUExt", {}, [x234])
case("PReLUExt", {"num_parameters": 3, "init": 0.1}, [x234])
case("DropoutExt", {"p": 0.5}, [x234])
case("Dropout2dExt", {"p": 0.3}, [f32(1, 2, 3, 3)])
a, p, n = f32(3, 5), f32(3, 5), f32(3, 5)
for kw in ({}, {"swap": True, "margin": 0.5}, {"reduction": "none", "margin": 2.0}, {"reduction": "sum"}):
    case("TripletMarginWithDistanceLoss", kw, [a, p, n], (0, 1, 2))
case("TripletMarginWithDistanceLoss", {"margin": 1}, [a, p, n])
case("TripletMarginWithDistanceLoss", {"reduction": "avg"}, [a, p, n])
table = f32(10, 3)
ids = np.array([[2, 4, 6, 1], [0, 9, 9, 3]], np.int32)
vals = np.array([[1.0, 0.5, 2.0, 0.0], [1.5, -1.0, 0.0, 1.0]], np.float32)
fids = np.array([[0, 1, 1, 2], [2, 0, 0, 2]], np.int32)
for op in ("SUM", "MEAN", "MAX"):
    case("MultiFieldEmbeddingLookup", {"vocab_size": 10, "embedding_size": 3, "field_size": 3,
                                       "param_init": Tensor(table), "operator": op}, [ids, vals, fids], (1,))
case("MultiFieldEmbeddingLookup", {"vocab_size": 10, "embedding_size": 3, "field_size": 3, "operator": "MIN"},
     [ids, vals, fids])
sp_idx = np.array([[0, 1], [1, 2], [2, 0], [1, 2]], np.int32)
sp_val = f32(4)
for kw, dense in (({}, f32(4, 2)), ({"adjoint_st": True}, f32(3, 2)), ({"adjoint_dt": True}, f32(2, 4)),
                  ({"adjoint_st": True, "adjoint_dt": True}, f32(2, 3))):
    case("SparseTensorDenseMatmul", kw, [sp_idx, sp_val, (3, 4), dense], (1, 3))


def err(e):
    return {"error": type(e).__name__, "message": str(e).split("\n")[0]}


def run(name, kwargs, inputs, grad):
    rec = {"name": name, "kwargs": {k: enc(v) for k, v in kwargs.items()},
           "inputs": [enc(i) for i in inputs], "grad": list(grad)}
    try:
        cell = getattr(nn, name)(**kwargs)
    except Exception as e:  # noqa: BLE001
        rec["init"] = err(e)
        return rec
    args = [dec(enc(i)) for i in inputs]
    try:
        out = cell(*args)
        rec["out"] = enc(out)  # inside: PyNative reports a missing kernel when the value is read
    except Exception as e:  # noqa: BLE001
        rec["call"] = err(e)
        return rec
    params = cell.trainable_params()
    rec["param_names"] = [q.name for q in params]
    g = ms.grad(cell, grad_position=grad, weights=params if params else None)(*args)
    gi, gw = g if params else (g, ())
    rec["grads"] = [enc(t) for t in (gi if isinstance(gi, tuple) else (gi,))]
    rec["grad_weights"] = [enc(t) for t in gw]
    return rec


out = {"version": ms.__version__, "cases": [run(*c) for c in CASES]}
# SparseToDense of a COOTensor
coo = ms.COOTensor(Tensor(sp_idx), Tensor(sp_val), (3, 4))
out["sparse_to_dense"] = {"indices": sp_idx.tolist(), "values": sp_val.tolist(), "shape": [3, 4],
                          "dense": nn.SparseToDense()(coo).asnumpy().tolist()}
# micro-batch wrappers: Dense(4, 3) (+ MSELoss), batch 4 split in 2, output and weight gradients
wx, wy = f32(4, 4), f32(4, 3)
out["wrappers"] = {"x": wx.tolist(), "y": wy.tolist(), "w": W43.tolist(), "b": B3.tolist()}
for wname, make in (("GradAccumulationCell", lambda n: nn.GradAccumulationCell(nn.WithLossCell(n, nn.MSELoss()), 2)),
                    ("PipelineCell", lambda n: nn.PipelineCell(nn.WithLossCell(n, nn.MSELoss()), 2)),
                    ("MicroBatchInterleaved", lambda n: nn.MicroBatchInterleaved(n, 2))):
    dense = nn.Dense(4, 3, weight_init=Tensor(W43), bias_init=Tensor(B3))
    cell = make(dense)
    args = (Tensor(wx), Tensor(wy)) if wname != "MicroBatchInterleaved" else (Tensor(wx),)
    try:
        res = cell(*args)
        gw = ms.grad(cell, grad_position=None, weights=cell.trainable_params())(*args)
        out["wrappers"][wname] = {"out": enc(res), "names": [q.name for q in cell.trainable_params()],
                                  "grads": [enc(g) for g in gw]}
    except Exception as e:  # noqa: BLE001
        out["wrappers"][wname] = {"error": err(e)}
# SampledSoftmaxLoss with the sample given (MindSpore's sampler stream cannot be reproduced)
out["sampled_softmax"] = []
for num_true, labels, sampled, kw in ((1, np.array([[1], [4], [0]], np.int32), np.array([0, 3, 5], np.int32), {}),
                                      (2, np.array([[1, 2], [4, 0], [5, 5]], np.int64), np.array([2, 3], np.int32),
                                       {"reduction": "mean"})):
    sw, sb, slog = f32(6, 4), f32(6), f32(3, 4)
    tc = rng.uniform(0.2, 0.9, (3, num_true)).astype(np.float32)
    sc = rng.uniform(0.2, 0.9, sampled.shape).astype(np.float32)
    sv = (Tensor(sampled), Tensor(tc), Tensor(sc))
    loss = nn.SampledSoftmaxLoss(num_sampled=len(sampled), num_classes=6, num_true=num_true, sampled_values=sv, **kw)
    args = (Tensor(sw), Tensor(sb), Tensor(labels), Tensor(slog))
    res = loss(*args)
    g = ms.grad(loss, grad_position=(0, 1, 3))(*args)
    out["sampled_softmax"].append({"num_true": num_true, "kwargs": kw, "inputs": [enc(a) for a in args],
                                   "sampled": [enc(t) for t in sv], "out": enc(res), "grads": [enc(t) for t in g]})
for kw in ({"num_sampled": 7, "num_classes": 6}, {"num_sampled": 2, "num_classes": 6, "num_true": 0},
           {"num_sampled": 2, "num_classes": 6, "sampled_values": (1, 2)},
           {"num_sampled": 2, "num_classes": 6, "reduction": "avg"}):
    try:
        nn.SampledSoftmaxLoss(**kw)
    except Exception as e:  # noqa: BLE001
        out["sampled_softmax"].append({"bad": {k: (list(v) if isinstance(v, tuple) else v) for k, v in kw.items()},
                                       "error": err(e)})
(HERE / "ms_nn3.json").write_text(json.dumps(out))
print(len(out["cases"]), "cases")
