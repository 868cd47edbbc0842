"""Record MindSpore 2.10 for the small op fixes of the ops_a conformance slice (P.Inv on integers, complex gradient Primitives).

run: ~/msref/bin/python tests/data/gen_ops_a_misc.py  (writes tests/data/ms_ops_a_misc.json)
"""
import json
import os

import numpy as np
from mindspore import Tensor
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G

X = [1, -1, 2, -3, 100, 7, -250]
CASES = {
    "inv_int32": lambda: P.Inv()(Tensor(np.array(X, np.int32))),
    "inv_int64": lambda: P.Inv()(Tensor(np.array(X, np.int64))),
    "inv_float32": lambda: P.Inv()(Tensor(np.array(X, np.float32))),
}
XC = (np.array([-0.5, 0.2, 0.5]) * (1 + 0.5j)).astype(np.complex64)
DYC = (np.array([1, 0.5, -1]) * (1 + 0.3j)).astype(np.complex64)
GRADS = ["AtanGrad", "AsinGrad", "ACosGrad", "AsinhGrad", "AcoshGrad", "SqrtGrad", "RsqrtGrad", "ReciprocalGrad",
         "InvGrad", "TanhGrad", "SigmoidGrad"]
for _g in GRADS:
    CASES["complex_" + _g] = (lambda g: lambda: getattr(G, g)()(Tensor(XC), Tensor(DYC)))(_g)
out = {}
for name, fn in CASES.items():
    v = fn()
    a = v.asnumpy()
    out[name] = {"dtype": str(v.dtype), "value": a.real.astype(np.float64).tolist(),
                 "imag": a.imag.astype(np.float64).tolist()}
with open(os.path.join(os.path.dirname(__file__), "ms_ops_a_misc.json"), "w") as f:
    json.dump({"x": X, "xc": [XC.real.tolist(), XC.imag.tolist()], "dyc": [DYC.real.tolist(), DYC.imag.tolist()], "cases": out}, f, indent=1)
print(len(out), "cases")
