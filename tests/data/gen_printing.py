"""Record how MindSpore 2.10 prints Tensors and Parameters (repr and str).

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_printing.py

Writes tests/data/ms_printing.json: a list of cases, each with the numpy input
(``values`` nested list, ``np_dtype``, ``shape``, MindSpore ``dtype`` name) and the exact
``repr`` / ``str`` strings MindSpore printed.  Complex values are stored as [real, imag] pairs;
NaN/Infinity use json's NaN/Infinity extension.  BFloat16 inputs are float32 values.
"""
import json
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms

warnings.filterwarnings("ignore")
OUT = Path(__file__).resolve().parent / "ms_printing.json"

MS = {"Bool": ms.bool_, "Int8": ms.int8, "Int16": ms.int16, "Int32": ms.int32, "Int64": ms.int64,
      "UInt8": ms.uint8, "UInt16": ms.uint16, "UInt32": ms.uint32, "UInt64": ms.uint64,
      "Float16": ms.float16, "Float32": ms.float32, "Float64": ms.float64, "BFloat16": ms.bfloat16,
      "Complex64": ms.complex64, "Complex128": ms.complex128}
NP = {"Bool": "bool", "Int8": "int8", "Int16": "int16", "Int32": "int32", "Int64": "int64",
      "UInt8": "uint8", "UInt16": "uint16", "UInt32": "uint32", "UInt64": "uint64",
      "Float16": "float16", "Float32": "float32", "Float64": "float64", "BFloat16": "float32",
      "Complex64": "complex64", "Complex128": "complex128"}

rng = np.random.default_rng(0)
cases = []


def add(name, values, dtype_name, shape=None):
    a = np.asarray(values, dtype=NP[dtype_name])
    if shape is not None:
        a = a.reshape(shape)
    t = ms.Tensor(a, MS[dtype_name])
    assert str(t.dtype) == dtype_name, (name, t.dtype)
    if a.dtype.kind == "c":
        vals = np.stack([a.real, a.imag], axis=-1).tolist()
    else:
        vals = a.tolist()
    cases.append({"name": name, "dtype": dtype_name, "np_dtype": NP[dtype_name],
                  "shape": list(a.shape), "values": vals, "repr": repr(t), "str": str(t)})


def sample(dtype_name, n):
    if dtype_name == "Bool":
        return rng.integers(0, 2, n).astype(bool)
    if dtype_name.startswith("UInt"):
        return rng.integers(0, 200, n)
    if dtype_name.startswith("Int"):
        return rng.integers(-120, 120, n)
    if dtype_name.startswith("Complex"):
        return np.round(rng.normal(size=n) * 10, 3) + 1j * np.round(rng.normal(size=n), 2)
    return np.round(rng.normal(size=n) * 10, 3)


for d in MS:
    add(f"{d}_0d", sample(d, 1)[0], d)
    add(f"{d}_1d", sample(d, 5), d)
    add(f"{d}_1d_len1", sample(d, 1), d)
    add(f"{d}_2d", sample(d, 6), d, (2, 3))
    add(f"{d}_3d", sample(d, 8), d, (2, 2, 2))
    add(f"{d}_4d", sample(d, 4), d, (1, 2, 1, 2))
    add(f"{d}_empty_0", [], d, (0,))
    add(f"{d}_empty_2x0", [], d, (2, 0))
    add(f"{d}_1d_12", sample(d, 12), d)
    add(f"{d}_1d_25", sample(d, 25), d)
    add(f"{d}_1d_1000", sample(d, 1000), d)
    add(f"{d}_1d_1001", sample(d, 1001), d)
    add(f"{d}_2d_8x9", sample(d, 72), d, (8, 9))
    add(f"{d}_3d_7x1x7", sample(d, 49), d, (7, 1, 7))
    add(f"{d}_2d_7x2", sample(d, 14), d, (7, 2))

FLOATS = ["Float16", "Float32", "Float64", "BFloat16"]
for d in FLOATS:
    add(f"{d}_nan_inf", [np.nan, np.inf, -np.inf, 1.0, -0.0, 0.0], d)
    add(f"{d}_0d_nan", np.nan, d)
    add(f"{d}_0d_neginf", -np.inf, d)
    add(f"{d}_0d_negzero", -0.0, d)
    add(f"{d}_0d_int_valued", 9.0, d)
    add(f"{d}_0d_big", 123456.0, d)
    add(f"{d}_0d_small", 0.000123, d)
    add(f"{d}_mixed_magnitudes", [1e-4, 1.0, 3e4, -2.5e-3, 12.5], d)
    add(f"{d}_2d_nan_inf", [[np.nan, 1.5], [-np.inf, 2.0]], d)
    add(f"{d}_ints", [4.0, 10.0, 18.0], d)
    add(f"{d}_tenths", [0.1, 0.2, 0.3], d)
for d in ["Float32", "Float64"]:
    add(f"{d}_huge_tiny", [1e30, 1e-30, -1e10, 7.0], d)
    add(f"{d}_0d_huge", 1e30, d)
    add(f"{d}_1d_2000", np.arange(2000) / 7.0, d)
    add(f"{d}_suppress", [1e-9, 1.0, 1000.0], d)
add("Float64_e100", [1e100, -1e-100], "Float64")
add("Int64_extremes", [np.iinfo(np.int64).min, np.iinfo(np.int64).max, 0], "Int64")
add("UInt64_extremes", [0, np.iinfo(np.uint64).max], "UInt64")
add("Int8_extremes", [-128, 127, 0], "Int8")
add("UInt8_extremes", [0, 255], "UInt8")
add("Int32_hidden_wide", [[1, 2, 3, 100000, 5, 6, 7]], "Int32")
add("Int32_0d_neg", -7, "Int32")
add("Int64_2d_neg", [[-1, 20], [300, -4000]], "Int64")
add("Int16_3d_8x1x1", np.arange(8), "Int16", (8, 1, 1))
add("Bool_0d_false", False, "Bool")
add("Bool_2d", [[True, False], [False, True]], "Bool")
add("Complex128_special", [complex(1, np.nan), complex(1, -0.0), complex(-np.inf, np.inf),
                           0j, complex(-0.0, -1), 1.23456789 + 9.87654321j], "Complex128")
add("Complex64_0d_neg", -1.5 - 0.25j, "Complex64")
add("Complex64_big", [1e10 + 1e-5j, 3 + 4j], "Complex64")
add("BFloat16_wide", [1.5, -200, 3, 1e10, 1e-5, 123456789, np.nan, np.inf, 0.1], "BFloat16")
add("BFloat16_0d_pi", 3.14159, "BFloat16")
add("BFloat16_1d_1500", np.arange(1500) / 3.0, "BFloat16")
add("Float32_4d_summarized", np.arange(7 * 2 * 2 * 7), "Float32", (7, 2, 2, 7))
add("Float32_doc", [20, 0.2, 0.3], "Float32")
add("Float32_doc_4d", [1.0, 1.0], "Float32", (1, 2, 1, 1))
add("Int32_5d", [0], "Int32", (1, 1, 1, 1, 1))

params = []
for name, arr, rg in [("w", np.ones((5, 3), np.float32), True), ("s", np.array(1.0, np.float32), False),
                      ("v", np.ones(3, np.float16), True), ("b", np.ones((2,), np.float32), True)]:
    p = ms.Parameter(ms.Tensor(arr), name=name, requires_grad=rg)
    params.append({"name": name, "shape": list(arr.shape), "dtype": str(p.dtype),
                   "requires_grad": rg, "repr": repr(p), "str": str(p)})
p = ms.Parameter(ms.Tensor(np.ones(3, np.float32), ms.bfloat16), name="bf")
params.append({"name": "bf", "shape": [3], "dtype": "BFloat16", "requires_grad": True,
               "repr": repr(p), "str": str(p)})
t1, t2 = ms.Tensor(1), ms.Tensor([1.0, 2.0])
containers = {"tuple": str((t1, t2)), "list": str([t1, t2]),
              "tuple_items": [repr(t1), repr(t2)], "param_tuple": str((p,))}
OUT.write_text(json.dumps({"version": ms.__version__, "numpy": np.__version__, "cases": cases,
                           "parameters": params, "containers": containers}, indent=1))
print(len(cases), "cases")
