"""Calls through MindSpore's internal module paths (ops.function.*, ops.auto_generate.*, mint's
modules, ops.operations._inner_ops): shared by tests/data/gen_deep_aliases_values.py (MindSpore 2.10)
and tests/ops/test_deep_aliases.py. Import after `mindspore` resolves to the framework under test."""
import importlib

import numpy as np
import mindspore as ms


def fn(module, name):
    return getattr(importlib.import_module(module), name)


X = np.arange(12, dtype=np.float32).reshape(3, 4) * 0.75 - 4
Y = np.linspace(-2, 3, 12, dtype=np.float32).reshape(3, 4)
IDX = np.array([[0, 3], [1, 1], [2, 0]], np.int64)
IMG = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4) / 4
SQ = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)
T = ms.Tensor
AF, MF, NF = "mindspore.ops.function.array_func", "mindspore.ops.function.math_func", "mindspore.ops.function.nn_func"
GD, GP = "mindspore.ops.auto_generate.gen_ops_def", "mindspore.ops.auto_generate.gen_ops_prim"

CASES = {
    "array_func.gather_ext": lambda: fn(AF, "gather_ext")(T(X), 1, T(IDX)),
    "array_func.split_ext": lambda: fn(AF, "split_ext")(T(X), 3, 1),
    "array_func.max_ext_dim": lambda: fn(AF, "max_ext")(T(X), 1, True),
    "array_func.min_ext_all": lambda: fn(AF, "min_ext")(T(Y)),
    "array_func.new_zeros": lambda: fn(AF, "new_zeros")(T(X), (2, 3)),
    "array_func.new_ones_dtype": lambda: fn(AF, "new_ones")(T(X), (2,), dtype=ms.int32),
    "array_func.flip": lambda: fn(AF, "flip")(T(X), (0, 1)),
    "math_func.add_ext": lambda: fn(MF, "add_ext")(T(X), T(Y), 2),
    "math_func.sub_ext": lambda: fn(MF, "sub_ext")(T(X), T(Y), 0.5),
    "math_func.cumsum": lambda: fn(MF, "cumsum")(T(X), 1),
    "math_func.logsumexp": lambda: fn(MF, "logsumexp")(T(Y), 1, True),
    "nn_func.interpolate": lambda: fn(NF, "interpolate")(T(IMG), (6, 6), None, "bilinear", False),
    "nn_func.softmax": lambda: fn(NF, "softmax")(T(Y), -1),
    "function.split_ext": lambda: fn("mindspore.ops.function", "split_ext")(T(X), [1, 2], 0),
    "clip_func.clip_by_value": lambda: fn("mindspore.ops.function.clip_func", "clip_by_value")(T(X), -1.0, 2.0),
    "linalg_func.pinv": lambda: fn("mindspore.ops.function.linalg_func", "pinv")(T(SQ)),
    "spectral_func.bartlett_window": lambda: fn("mindspore.ops.function.spectral_func", "bartlett_window")(T(5), False),
    "gen_ops_def.Reciprocal": lambda: fn(GD, "Reciprocal")()(T(SQ)),
    "gen_ops_def.add_ext": lambda: fn(GD, "add_ext")(T(X), T(Y), 3),
    "gen_ops_prim.ArgMaxWithValue": lambda: fn(GP, "ArgMaxWithValue")(1, True)(T(X)),
    "gen_ops_prim.Atan2": lambda: fn(GP, "Atan2")()(T(X), T(Y)),
    "auto_generate.sub_ext": lambda: fn("mindspore.ops.auto_generate", "sub_ext")(T(X), T(Y), 2),
    "functional.tensor_gt": lambda: fn("mindspore.ops.functional", "tensor_gt")(T(X), T(Y)),
    "inner_ops.Cummin": lambda: fn("mindspore.ops.operations._inner_ops", "Cummin")(0)(T(Y)),
    "mint.cumprod": lambda: fn("mindspore.mint", "cumprod")(T(Y), 1),
    "mint.nn.Hardshrink": lambda: fn("mindspore.mint.nn", "Hardshrink")(1.0)(T(Y)),
    "mint.nn.functional.smooth_l1_loss": lambda: fn("mindspore.mint.nn.functional", "smooth_l1_loss")(T(X), T(Y)),
    "mint.nn.functional.smooth_l1_loss_none_beta": lambda: fn("mindspore.mint.nn.functional", "smooth_l1_loss")(
        T(X), T(Y), "none", 2.0),
    "mint.nn.functional.softplus": lambda: fn("mindspore.mint.nn.functional", "softplus")(T(Y), 2, 3),
}


def flat(out):
    """A result as recorded: a list of {dtype, shape, value} (one per output Tensor)."""
    outs = out if isinstance(out, (tuple, list)) else [out]
    rec = []
    for o in outs:
        a = o.asnumpy()
        rec.append({"dtype": str(o.dtype), "shape": list(a.shape),
                    "value": a.astype(np.float64).reshape(-1).tolist()})
    return rec
