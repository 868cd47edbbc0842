"""Record MindSpore 2.10's Dirac, Sparse and VarianceScaling initializers under ``set_seed``.

Run with real MindSpore: ``~/msref/bin/python tests/data/gen_initializers_more.py``; writes
tests/data/ms_initializers_more.json for tests/common/test_initializers_more.py.
Each case is ``[seed, init expression, shape, dtype name]``; the expression is evaluated with
``mindspore.common.initializer``'s names in scope (the test does the same with mindjax's).
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore.common import initializer as I

CASES = [
    [1, "Dirac()", [4, 3, 5], "float32"],
    [1, "Dirac(2)", [6, 4, 3, 3], "float32"],
    [1, "Dirac(groups=3)", [6, 2, 3, 4, 5], "float16"],
    [1, "Dirac()", [2, 5, 2, 2], "float32"],
    [1, "'dirac'", [3, 3, 3], "float32"],
    [1, "Dirac()", [3, 2, 3], "int32"],
    [1, "Sparse(0.1)", [5, 8], "float32"],
    [2, "Sparse(sparsity=0.5, sigma=2.0)", [7, 6], "float32"],
    [3, "Sparse(0.0)", [4, 3], "float32"],
    [4, "Sparse(1.0, 0.3)", [3, 2], "float32"],
    [5, "Sparse(0.25)", [64, 33], "float16"],
    [1, "VarianceScaling()", [3, 4], "float32"],
    [1, "VarianceScaling(2.0, 'fan_out', 'uniform')", [5, 7, 3], "float32"],
    [1, "VarianceScaling(0.5, 'fan_avg', 'untruncated_normal')", [16, 8, 3, 3], "float32"],
    [7, "VarianceScaling(scale=1.0, mode='fan_out', distribution='untruncated_normal')", [2, 3], "float32"],
    [7, "VarianceScaling(mode='fan_avg')", [33, 65], "float32"],
    [8, "VarianceScaling(3, 'fan_in', 'truncated_normal')", [300, 20], "float32"],
    [9, "'varianceScaling'", [4, 6], "float32"],
    [9, "'variancescaling'", [6, 4], "float16"],
]

# [init expression, shape] pairs whose construction or initialization raises
ERRORS = [
    ["Dirac()", [3, 3]],
    ["Dirac()", [2, 2, 2, 2, 2, 2]],
    ["Dirac(2)", [3, 2, 3]],
    ["Dirac(4)", [6, 2, 3, 3]],
    ["Sparse(0.5)", [4]],
    ["Sparse(0.5)", [2, 3, 4]],
    ["'sparse'", [3, 3]],
    ["VarianceScaling(0)", [3, 3]],
    ["VarianceScaling(-1.5)", [3, 3]],
    ["VarianceScaling(mode='fan_sum')", [3, 3]],
    ["VarianceScaling(mode='FAN_IN')", [3, 3]],
    ["VarianceScaling(distribution='truncated_norm')", [3, 3]],
    ["VarianceScaling(distribution='normal')", [3, 3]],
    ["VarianceScaling()", [5]],
]


def _make(expr, shape, dtype):
    init = eval(expr, vars(I))  # the expressions above are this file's own source text
    return I.initializer(init, shape, getattr(ms, dtype)).init_data().asnumpy()


out = {"cases": [], "errors": []}
for seed, expr, shape, dtype in CASES:
    ms.set_seed(seed)
    arr = np.ascontiguousarray(_make(expr, shape, dtype))
    # the next numpy draw shows how many draws the initializer consumed
    after = int(np.random.randint(0, 1 << 30))
    out["cases"].append({"seed": seed, "init": expr, "shape": shape, "dtype": dtype, "np_dtype": str(arr.dtype),
                         "hex": arr.tobytes().hex(), "next_numpy_draw": after})
for expr, shape in ERRORS:
    ms.set_seed(0)
    try:
        _make(expr, shape, "float32")
        got = None
    except Exception as e:  # the class and message are what the test compares
        got = [type(e).__name__, str(e)]
    out["errors"].append({"init": expr, "shape": shape, "error": got})
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_initializers_more.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1)
print("wrote", path)
