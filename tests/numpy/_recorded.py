"""Shared by the recorded-case tests of mindjax.numpy and mindjax.scipy: MindSpore 2.10's recording,
the inputs, and the comparison of one result with MindSpore's.

The cases and MindSpore's results are in tests/data/ms_numpy.json (tests/data/gen_numpy.py). Each
expression is evaluated here with ``mnp`` = ``mindjax.numpy``; a function whose op is not in
``mindjax.ops`` yet is absent and its cases skip with the op's name.
"""
from __future__ import annotations

import importlib.util
import json
import math
import re
from pathlib import Path

import numpy as np

import mindjax as ms
import mindjax.numpy as mnp
from mindjax.numpy.utils import MISSING

DATA = json.loads((Path(__file__).parents[1] / "data" / "ms_numpy.json").read_text())
_spec = importlib.util.spec_from_file_location("gen_numpy", Path(__file__).parents[1] / "data" / "gen_numpy.py")
_gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_gen)
INPUTS = _gen.INPUTS  # the same inputs MindSpore saw

# Cases where MindSpore 2.10 fails on valid input (its own bugs); mindjax gives numpy's answer instead,
# checked here against numpy.
MS_BUGS = {
    "mnp.add(L, L)": ("MindSpore's add of bool Tensors fails in its Neg kernel", np.array([True, False, True, True])),
    "mnp.multiply(I, 3)": ("MindSpore rejects an int scalar operand", np.array([[9, -3, 12], [3, -15, 27]])),
    "mnp.float_power(B, 2)": ("MindSpore's float_power fails on every input",
                              np.array([[1.0, 2.0, -0.5], [0.25, 4.0, 2.5]]) ** 2),
    "mnp.float_power(I, 2)": ("MindSpore's float_power fails on every input",
                              np.array([[3, -1, 4], [1, -5, 9]], np.float64) ** 2),
    "mnp.arctan2(I, 2)": ("MindSpore rejects an int scalar operand", np.arctan2(
        np.array([[3, -1, 4], [1, -5, 9]], np.float32), np.float32(2))),
    "mnp.not_equal(I, 1)": ("MindSpore rejects an int scalar operand", np.array([[3, -1, 4], [1, -5, 9]]) != 1),
    "mnp.less_equal(I, 1)": ("MindSpore rejects an int scalar operand", np.array([[3, -1, 4], [1, -5, 9]]) <= 1),
    "mnp.mean(I, 0, mnp.float32)": None,  # keepdims=float32: both refuse it, with different classes
    "mnp.inner(A, 2.0)": None,
    "mnp.dot(2.0, P)": None,
    "msp.linalg.lu(S, permute_l=True)": ("MindSpore's permute_l multiplies an int32 by a float32 matrix", None),
    "msp.linalg.lu_solve(msp.linalg.lu_factor(S), Q)": ("MindSpore's lu_solve indexes a 1-D b as 2-D", None),
}


def _env() -> dict:
    import mindjax.scipy as msp
    e = {"ms": ms, "mnp": mnp, "msp": msp, "np": np, "math": math}
    e.update({k: ms.Tensor(v) for k, v in INPUTS.items()})
    return e


def _check(got, rec, expr):
    t = rec["t"]
    if t == "tensor":
        assert isinstance(got, ms.Tensor), f"{expr}: expected a Tensor, got {type(got).__name__}"
        assert str(got.dtype) == rec["dtype"], f"{expr}: dtype {got.dtype} != MindSpore's {rec['dtype']}"
        assert list(got.shape) == rec["shape"], f"{expr}: shape {got.shape} != {rec['shape']}"
        want = np.asarray(rec["v"], dtype=got.asnumpy().dtype if rec["shape"] else None)
        np.testing.assert_allclose(got.asnumpy().astype(np.float64) if got.dtype != ms.bool_ else got.asnumpy(),
                                   want.astype(np.float64) if got.dtype != ms.bool_ else want,
                                   rtol=2e-5, atol=2e-6, equal_nan=True, err_msg=expr)
    elif t in ("tuple", "list"):
        assert isinstance(got, (tuple, list)), f"{expr}: expected a {t}, got {type(got).__name__}"
        assert len(got) == len(rec["v"]), expr
        for g, r in zip(got, rec["v"]):
            _check(g, r, expr)
    elif t == "dtype":
        assert str(got) == rec["v"], expr
    elif t == "float":
        assert (math.isnan(got) and math.isnan(rec["v"])) or got == rec["v"], expr
    else:
        assert got == rec["v"], f"{expr}: {got!r} != {rec['v']!r}"


def _absent(expr: str, mnp_module=mnp, msp_module=None):
    """The skip reason of a case that calls a function absent because its op is missing (else None)."""
    for root, path in re.findall(r"\b(mnp|msp)\.([A-Za-z_][\w.]*)", expr):
        module = mnp_module if root == "mnp" else msp_module
        *parents, leaf = path.split(".")
        for p in parents:
            module = getattr(module, p, None)
        if module is not None and not hasattr(module, leaf) and leaf in MISSING:
            return f"ops.{MISSING[leaf][0]} not implemented yet"
    return None
