"""Record MindSpore 2.10's fractional max pooling with the random samples given (its ``_random_samples``):
ops.fractional_max_pool2d/3d, the Primitives FractionalMaxPoolWithFixedKsize and
FractionalMaxPool3DWithFixedKsize and nn.FractionalMaxPool2d/3d, for tests/nn/test_fractional.py.

Run with the reference MindSpore interpreter:  ~/msref/bin/python tests/data/gen_nn3_frac.py
Writes tests/data/ms_nn3_frac.json: per case the call, the inputs, output and indices, the gradient
of sum(output * weights) w.r.t. the input, or the exception class and message.
"""
import json
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
HERE = Path(__file__).resolve().parent
rng = np.random.default_rng(7)


def f32(*shape):
    return rng.normal(size=shape).astype(np.float32)


def u32(*shape):
    return rng.uniform(0, 1, shape).astype(np.float32)


CASES = []  # (kind, kwargs, x, samples)
x2 = f32(2, 3, 7, 9)
s2 = u32(2, 3, 2)
CASES += [
    ("f2d", {"kernel_size": (2, 3), "output_size": (4, 5), "return_indices": True}, x2, s2),
    ("f2d", {"kernel_size": 3, "output_size": 3, "return_indices": True}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_ratio": (0.5, 0.5), "return_indices": True}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_ratio": 0.6}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_size": (1, 1), "return_indices": True}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_size": (6, 8), "return_indices": True}, x2, s2),
    ("f2d", {"kernel_size": (1, 1), "output_size": (7, 9), "return_indices": True}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_size": (4, 4), "return_indices": True}, x2[0], s2[:1]),
    ("f2d", {"kernel_size": 2}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_ratio": 1.5}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_ratio": 1}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_size": (4, 4), "return_indices": 1}, x2, s2),
    ("f2d", {"kernel_size": 4, "output_size": (6, 8)}, x2, s2),
    ("f2d", {"kernel_size": 2, "output_size": (4, 4)}, x2, s2[:, :, :1]),
    ("nn2d", {"kernel_size": (2, 3), "output_size": (4, 5), "return_indices": True}, x2, s2),
    ("nn2d", {"kernel_size": 2, "output_ratio": (0.5, 0.4)}, x2, s2),
]
x3 = f32(2, 2, 5, 6, 7)
s3 = u32(2, 2, 3)
CASES += [
    ("f3d", {"kernel_size": (2, 2, 3), "output_size": (3, 4, 4), "return_indices": True}, x3, s3),
    ("f3d", {"kernel_size": 2, "output_size": 2, "return_indices": True}, x3, s3),
    ("f3d", {"kernel_size": 1, "output_ratio": (0.5, 0.5, 0.5), "return_indices": True}, x3, s3),
    ("f3d", {"kernel_size": 2, "output_size": (3, 3, 3), "return_indices": True}, x3[0], s3[:1]),
    ("f3d", {"kernel_size": 2, "output_size": (1, 1, 1), "return_indices": True}, x3, s3),
    ("f3d", {"kernel_size": 2, "output_ratio": 2.0}, x3, s3),
    ("f3d", {"kernel_size": 2, "output_size": (3, 3, 3)}, x3, s3.astype(np.float64)),
    ("nn3d", {"kernel_size": (2, 2, 3), "output_size": (3, 4, 4), "return_indices": True}, x3, s3),
    ("p2d", {"ksize": (2, 3), "output_shape": (4, 5)}, x2, s2),
    ("p2d", {"ksize": 2, "output_shape": 3, "data_format": "NCHW"}, x2.astype(np.float64), s2.astype(np.float64)),
    ("p2d", {"ksize": 2, "output_shape": (3, 3), "data_format": "NHWC"}, x2, s2),
    ("p2d", {"ksize": 0, "output_shape": (3, 3)}, x2, s2),
    ("p3d", {"ksize": (2, 2, 3), "output_shape": (3, 4, 4)}, x3, s3),
    ("p3d", {"ksize": (2, 2), "output_shape": (3, 4, 4)}, x3, s3),
    ("p3d", {"ksize": 2, "output_shape": (3, 4, 4), "data_format": "NCHW"}, x3, s3),
]


def enc(a):
    a = a.asnumpy() if isinstance(a, Tensor) else np.asarray(a)
    return {"array": a.tolist(), "dtype": str(a.dtype)}


def err(e):
    return {"error": type(e).__name__, "message": str(e).split("\n")[0]}


def call(kind, kw, x, s):
    if kind == "f2d":
        return ops.fractional_max_pool2d(x, _random_samples=s, **kw)
    if kind == "f3d":
        return ops.fractional_max_pool3d(x, _random_samples=s, **kw)
    if kind == "nn2d":
        return nn.FractionalMaxPool2d(_random_samples=s, **kw)(x)
    if kind == "nn3d":
        return nn.FractionalMaxPool3d(_random_samples=s, **kw)(x)
    prim = ops.FractionalMaxPoolWithFixedKsize if kind == "p2d" else ops.FractionalMaxPool3DWithFixedKsize
    return prim(**kw)(x, s)


out = []
for kind, kw, x, s in CASES:
    rec = {"kind": kind, "kwargs": {k: (list(v) if isinstance(v, tuple) else v) for k, v in kw.items()},
           "x": enc(x), "samples": enc(s)}
    try:
        r = call(kind, kw, Tensor(x), Tensor(s))
        res = r if isinstance(r, tuple) else (r,)
        rec["out"] = [enc(t) for t in res]
        w = rng.normal(size=res[0].shape).astype(x.dtype)
        rec["weights"] = enc(w)
    except Exception as e:  # noqa: BLE001 - the class and message are what is recorded
        rec["error"] = err(e)
        out.append(rec)
        continue
    try:  # MindSpore 2.10's CPU bprop of the 2-D op fails (its grad kernel gets the wrong dtypes)
        g = ms.grad(lambda t: (call(kind, kw, t, Tensor(s)) if not isinstance(r, tuple)
                               else call(kind, kw, t, Tensor(s))[0]) * Tensor(w))(Tensor(x))
        rec["grad"] = enc(g)
    except Exception as e:  # noqa: BLE001
        rec["grad_error"] = err(e)
    out.append(rec)
# TensorFlow-style FractionalMaxPool / FractionalAvgPool (NHWC): outputs with the sequences MindSpore drew
tf_cases = []
xt = f32(2, 7, 9, 3)
for prim in ("FractionalMaxPool", "FractionalAvgPool"):
    for kw in ({"pooling_ratio": [1.0, 1.5, 2.0, 1.0]},
               {"pooling_ratio": [1.0, 1.4, 1.7, 1.0], "pseudo_random": True},
               {"pooling_ratio": [1.0, 1.4, 1.7, 1.0], "overlapping": True},
               {"pooling_ratio": [1.0, 2.0, 1.3, 1.0], "pseudo_random": True, "overlapping": True,
                "deterministic": True, "seed": 3, "seed2": 1},
               {"pooling_ratio": [1.0, 1.5, 2.0, 1.0], "seed": 3},
               {"pooling_ratio": [1.0, 1.5, 2.0]}):
        rec = {"prim": prim, "kwargs": kw, "x": enc(xt)}
        try:
            y, r, c = getattr(ops, prim)(**kw)(Tensor(xt))
            rec["out"] = [enc(y), enc(r), enc(c)]
        except Exception as e:  # noqa: BLE001
            rec["error"] = err(e)
        tf_cases.append(rec)
(HERE / "ms_nn3_frac.json").write_text(json.dumps({"version": ms.__version__, "cases": out, "tf": tf_cases}))
print(len(out), "cases")
