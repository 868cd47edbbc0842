"""Record MindSpore 2.10 for the small op fixes of the ops_a conformance slice (P.Inv on integers, complex gradient Primitives).

run: ~/msref/bin/python tests/data/gen_ops_a_misc.py  (writes tests/data/ms_ops_a_misc.json)
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G
from mindspore import ops
from mindspore.ops import auto_generate as gen

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
_R = np.random.RandomState(0)
CX1, CX2, CG = (_R.randn(*s).astype(np.float32) for s in ((2, 3, 4), (2, 5, 4), (2, 3, 5)))
CX2[0, 1] = CX1[0, 2]  # a zero distance
for _p in (0.0, 1.0, 2.0, 3.0, float("inf")):  # p < 1: MindSpore 2.10's CPU kernel returns zeros
    CASES[f"cdist_grad_{_p}"] = (lambda p: lambda: gen.CdistGrad(p)(
        Tensor(CG), Tensor(CX1), Tensor(CX2), ops.cdist(Tensor(CX1), Tensor(CX2), p)))(_p)
CTC_X = np.random.RandomState(1).randn(4, 2, 3)
CTC_LEN = np.array([4, 3], np.int32)
for _i in range(4):
    CASES[f"ctc_greedy_{_i}"] = (lambda i: lambda: ops.CTCGreedyDecoder()(Tensor(CTC_X), Tensor(CTC_LEN))[i])(_i)
EXP_X = np.array([[1.0], [2.0], [3.0]], np.float32)
CASES["expand_size_tensor"] = lambda: Tensor(EXP_X).expand(Tensor(np.array([3, 4]), ms.int32))
CASES["expand_size_tensor_m1"] = lambda: Tensor(EXP_X).expand(Tensor(np.array([2, 3, -1]), ms.int64))
CUM_X = np.array([4, np.inf, 1.5, -np.inf, 0, np.nan, 1, np.nan, 7], np.float32)
for _i, _nm in enumerate(("values", "indices")):
    CASES[f"cummax_nan_{_nm}"] = (lambda i: lambda: P.Cummax(0)(Tensor(CUM_X))[i])(_i)
    CASES[f"cummin_nan_{_nm}"] = (lambda i: lambda: P.Cummin(0)(Tensor(CUM_X))[i])(_i)
KL_X = np.log(np.array([[0.3, 0.7], [0.5, 0.5]])).astype(np.float32)
KL_T = np.array([[-1, 1], [0, 2]], np.float32)
for _r in ("none", "mean", "sum", "batchmean"):
    CASES[f"kl_div_{_r}"] = (lambda r: lambda: P.KLDivLoss(r)(Tensor(KL_X), Tensor(KL_T)))(_r)
DROP = {}
for _op, _shape in (("Dropout2D", (2, 3, 1, 2)), ("Dropout3D", (2, 3, 1, 1, 2))):
    for _dt in ("int8", "int32", "int64", "float16", "float32", "float64"):
        for _kp in (0.0, 0.4, 1.0):
            _o, _m = getattr(P, _op)(_kp)(Tensor(np.ones(_shape, _dt) * 3))
            DROP[f"{_op}_{_dt}_{_kp}"] = {"dtype": str(_o.dtype), "mask_dtype": str(_m.dtype),
                                          "values": sorted(set(_o.asnumpy().astype(np.float64).ravel().tolist()))}
out = {}
for name, fn in CASES.items():
    v = fn()
    a = v.asnumpy()
    out[name] = {"dtype": str(v.dtype), "value": [None if np.isnan(e) else e for e in
                                                  a.real.astype(np.float64).ravel().tolist()],
                 "imag": a.imag.astype(np.float64).tolist()}
with open(os.path.join(os.path.dirname(__file__), "ms_ops_a_misc.json"), "w") as f:
    json.dump({"kl": [KL_X.tolist(), KL_T.tolist()], "cum_x": [None if np.isnan(v) else v for v in CUM_X.tolist()], "dropout_nd": DROP, "ctc": [CTC_X.tolist(), CTC_LEN.tolist()], "cdist": [CX1.tolist(), CX2.tolist(), CG.tolist()], "x": X, "xc": [XC.real.tolist(), XC.imag.tolist()], "dyc": [DYC.real.tolist(), DYC.imag.tolist()], "cases": out}, f, indent=1)
print(len(out), "cases")
