"""mindjax._printing reproduces MindSpore 2.10's Tensor/Parameter text exactly.

Expected strings were printed by real MindSpore (tests/data/gen_printing.py ->
tests/data/ms_printing.json); MindSpore is not needed to run these tests.
"""
import json
from pathlib import Path

import numpy as np
import pytest

from mindjax._printing import parameter_repr, parameter_str, tensor_repr, tensor_str

DATA = json.loads((Path(__file__).parent / "data" / "ms_printing.json").read_text())
CASES = DATA["cases"]


def values(case):
    """Rebuild the numpy input recorded for a case."""
    dt = np.dtype(case["np_dtype"])
    if dt.kind == "c":
        pairs = np.array(case["values"], dtype=np.float64).reshape(tuple(case["shape"]) + (2,))
        out = np.empty(case["shape"], dt)
        out.real, out.imag = pairs[..., 0], pairs[..., 1]
        return out
    return np.array(case["values"], dtype=dt).reshape(case["shape"])


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_repr_matches_mindspore(case):
    assert tensor_repr(values(case), case["dtype"]) == case["repr"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_str_matches_mindspore(case):
    assert tensor_str(values(case), case["dtype"]) == case["str"]


def test_enough_cases_cover_every_dtype_and_rank():
    assert len(CASES) >= 40
    dtypes = {c["dtype"] for c in CASES}
    assert len(dtypes) == 15
    ranks = {len(c["shape"]) for c in CASES}
    assert {0, 1, 2, 3, 4} <= ranks
    for d in dtypes:
        assert {len(c["shape"]) for c in CASES if c["dtype"] == d} >= {0, 1, 2, 3, 4}


@pytest.mark.parametrize("p", DATA["parameters"], ids=[p["name"] for p in DATA["parameters"]])
def test_parameter_text(p):
    args = (p["name"], p["shape"], p["dtype"], p["requires_grad"])
    assert parameter_repr(*args) == p["repr"]
    assert parameter_str(*args) == p["str"]


def test_containers_use_repr_of_items():
    c = DATA["containers"]
    items = [tensor_repr(np.array(1), "Int64"), tensor_repr(np.array([1.0, 2.0], np.float32), "Float32")]
    assert items == c["tuple_items"]
    assert str(tuple(_R(s) for s in items)) == c["tuple"]
    assert str([_R(s) for s in items]) == c["list"]


class _R:
    def __init__(self, s):
        self.s = s

    def __repr__(self):
        return self.s


# Hand-checked strings (from MindSpore 2.10), including cases json cannot carry (-nan).
@pytest.mark.parametrize("arr,dtype,expected", [
    (np.array([20, 0.2, 0.3], np.float32), "Float32",
     "Tensor(shape=[3], dtype=Float32, value= [ 2.00000000e+01,  2.00000003e-01,  3.00000012e-01])"),
    (np.array(2.0, np.float32), "Float32", "Tensor(shape=[], dtype=Float32, value= 2)"),
    (np.array([1, 2, 3]), "Int64", "Tensor(shape=[3], dtype=Int64, value= [1, 2, 3])"),
    (np.ones((1, 2, 1, 1), np.float32), "Float32",
     "Tensor(shape=[1, 2, 1, 1], dtype=Float32, value=\n[[[[ 1.00000000e+00]],\n  [[ 1.00000000e+00]]]])"),
    (np.array([np.nan, -np.nan], np.float32), "Float32",
     "Tensor(shape=[2], dtype=Float32, value= [            nan,            -nan])"),
    (np.array(-np.nan, np.float32), "Float32", "Tensor(shape=[], dtype=Float32, value= -nan)"),
    (np.array([1.5, -2, 3], np.float32), "BFloat16", "Tensor(shape=[3], dtype=BFloat16, value= [1.5,  -2,   3])"),
    (np.zeros((0,), np.float32), "Float32", "Tensor(shape=[0], dtype=Float32, value= )"),
    (np.zeros((2, 0), np.int32), "Int32", "Tensor(shape=[2, 0], dtype=Int32, value=\n)"),
    (np.arange(12, dtype=np.float32), "Float32",
     "Tensor(shape=[12], dtype=Float32, value= [" + ", ".join("%15.8e" % i for i in range(12)) + "\n ])"),
    (np.array([[1, 2, 3, 1000, 5, 6, 7]], np.int32), "Int32",
     "Tensor(shape=[1, 7], dtype=Int32, value=\n[[1, 2, 3 ... 5, 6, 7]])"),
])
def test_known_reprs(arr, dtype, expected):
    assert tensor_repr(arr, dtype) == expected


@pytest.mark.parametrize("arr,dtype,expected", [
    (np.array([4.0, 10.0, 18.0], np.float32), "Float32", "[ 4. 10. 18.]"),
    (np.array(9.0, np.float32), "Float32", "9.0"),
    (np.array([1.5, -2, 3], np.float32), "BFloat16", "[1.500000 -2.000000 3.000000]"),
    (np.array(3.14159, np.float32), "BFloat16", "3.140625"),
    (np.array([True, False]), "Bool", "[ True False]"),
    (np.array(-1.5 - 0.25j, np.complex128), "Complex128", "(-1.5-0.25j)"),
])
def test_known_strs(arr, dtype, expected):
    assert tensor_str(arr, dtype) == expected


def test_parameter_examples():
    assert parameter_repr("w", (5, 3), "Float32", True) == \
        "Parameter (name=w, shape=(5, 3), dtype=Float32, requires_grad=True)"
    assert parameter_repr("b", [3], "Float16", False) == \
        "Parameter (name=b, shape=(3,), dtype=Float16, requires_grad=False)"
    assert parameter_str("s", (), "Float32", True) == \
        "Parameter (name=s, shape=(), dtype=Float32, requires_grad=True)"
