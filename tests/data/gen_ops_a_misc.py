"""Record MindSpore 2.10 for the small op fixes of the ops_a conformance slice (P.Inv on integers, ...).

run: ~/msref/bin/python tests/data/gen_ops_a_misc.py  (writes tests/data/ms_ops_a_misc.json)
"""
import json
import os

import numpy as np
from mindspore import Tensor
from mindspore.ops import operations as P

X = [1, -1, 2, -3, 100, 7, -250]
CASES = {
    "inv_int32": lambda: P.Inv()(Tensor(np.array(X, np.int32))),
    "inv_int64": lambda: P.Inv()(Tensor(np.array(X, np.int64))),
    "inv_float32": lambda: P.Inv()(Tensor(np.array(X, np.float32))),
}
out = {}
for name, fn in CASES.items():
    v = fn()
    out[name] = {"dtype": str(v.dtype), "value": v.asnumpy().astype(np.float64).tolist()}
with open(os.path.join(os.path.dirname(__file__), "ms_ops_a_misc.json"), "w") as f:
    json.dump({"x": X, "cases": out}, f, indent=1)
print(len(out), "cases")
