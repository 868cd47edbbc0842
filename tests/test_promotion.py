"""mindjax._promotion agrees with the dtypes real MindSpore 2.10 produced
(tests/data/gen_promotion.py -> tests/data/ms_promotion.json; MindSpore not needed here)."""
import json
from pathlib import Path

import pytest

from mindjax import _promotion as P
from mindjax._promotion import (DTYPES, compare_result, div_result, op_result, promote,
                                promote_scalar, scalar_dtype)

DATA = json.loads((Path(__file__).parent / "data" / "ms_promotion.json").read_text())
PAIRS = [(a, b) for a in DTYPES for b in DTYPES]


def record(op, a, b, table="binary"):
    key = f"{op}|{a}|{b}"
    return DATA[table][key], DATA[table + "_errors"].get(key)


def test_generated_tables_match_json():
    assert {"|".join(k): v for k, v in P._BINARY.items()} == DATA["binary"]
    assert {"|".join(k): list(v) for k, v in P._BINARY_ERRORS.items()} == DATA["binary_errors"]
    assert {"|".join(k): v for k, v in P._SCALAR.items()} == DATA["scalar"]
    assert {"|".join(k): list(v) for k, v in P._SCALAR_ERRORS.items()} == DATA["scalar_errors"]
    assert len(DTYPES) == 15


OPS = {"+": "add", "ops.add": "add", "-": "add", "ops.sub": "add", "//": "add",
       "*": "mul", "ops.mul": "mul"}


@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("a,b", PAIRS)
def test_promote_against_mindspore(op, a, b):
    res, err = record(op, a, b)
    if res is not None:
        assert promote(a, b, OPS[op]) == res
    elif err[1] == "promotion":
        with pytest.raises(TypeError):
            promote(a, b, OPS[op])
    # cpu_kernel / input_dtype refusals are backend gaps, not promotion rules


@pytest.mark.parametrize("op", ["/", "ops.div"])
@pytest.mark.parametrize("a,b", PAIRS)
def test_div_against_mindspore(op, a, b):
    res, err = record(op, a, b)
    if res is not None:
        assert div_result(a, b) == res
    elif err[1] == "promotion":
        with pytest.raises(TypeError):
            div_result(a, b)


@pytest.mark.parametrize("op", ["<", "=="])
@pytest.mark.parametrize("a,b", PAIRS)
def test_compare_against_mindspore(op, a, b):
    res, err = record(op, a, b)
    if res is not None:
        assert compare_result(a, b) == res == "Bool"
    elif err[1] == "promotion":
        with pytest.raises(TypeError):
            compare_result(a, b)


SCALAR_OPS = {"+": "+", "-": "+", "r+": "+", "ops.add": "+", "*": "*", "r*": "*"}


@pytest.mark.parametrize("op", list(SCALAR_OPS))
@pytest.mark.parametrize("a", DTYPES)
@pytest.mark.parametrize("kind", ["bool", "int", "float"])
def test_promote_scalar_against_mindspore(op, a, kind):
    res, err = record(op, a, kind, "scalar")
    if res is not None:
        assert promote_scalar(a, kind, SCALAR_OPS[op]) == res
    elif err[1] == "promotion":
        with pytest.raises(TypeError):
            promote_scalar(a, kind, SCALAR_OPS[op])


@pytest.mark.parametrize("a", DTYPES)
@pytest.mark.parametrize("kind", ["bool", "int", "float"])
def test_true_divide_by_scalar(a, kind):
    res, err = record("/", a, kind, "scalar")
    if res is not None:
        expected = "Float32" if P.is_integral(a) else a
        assert res == expected


@pytest.mark.parametrize("key,expected", [
    ("bool", "Bool"), ("int", "Int64"), ("float", "Float32"), ("complex", "Complex128"),
    ("[int]", "Int64"), ("[float]", "Float32"), ("[bool]", "Bool"), ("[int,float]", "Float32"),
    ("[bool,int]", "Int64"), ("[bool,float]", "Float32"), ("[[int],[float]]", "Float32"),
    ("[int,complex]", "Complex128"), ("(int,float)", "Float32"), ("[]", "Float32"), ("big_int", "Int64"),
])
def test_ctor_dtypes_recorded(key, expected):
    assert DATA["ctor"][key] == expected


@pytest.mark.parametrize("value,key", [
    (True, "bool"), (1, "int"), (1.0, "float"), (1 + 2j, "complex"), ([1, 2], "[int]"),
    ([1.0, 2.0], "[float]"), ([True, False], "[bool]"), ([1, 2.0], "[int,float]"),
    ([True, 1], "[bool,int]"), ([True, 1.0], "[bool,float]"), ([[1], [2.5]], "[[int],[float]]"),
    ([1, 1j], "[int,complex]"), ((1, 2.0), "(int,float)"), ([], "[]"), (2 ** 40, "big_int"),
])
def test_scalar_dtype(value, key):
    assert scalar_dtype(value) == DATA["ctor"][key]
    if key in ("bool", "int", "float", "complex"):
        assert scalar_dtype(key) == DATA["ctor"][key]


def test_spot_checks():
    assert promote("Int32", "Float16") == "Float16"
    assert promote("Int64", "Float16") == "Float16"
    assert promote("Float16", "BFloat16") == "Float32"
    assert promote("UInt8", "Int8") == "Int16"
    assert promote("Complex64", "Float64") == "Complex128"
    assert promote("Bool", "Bool") == "Bool"
    with pytest.raises(TypeError):
        promote("UInt16", "Int32")
    with pytest.raises(TypeError):
        promote("Bool", "UInt32", "mul")
    assert promote_scalar("Int32", "float") == "Float32"
    assert promote_scalar("Float16", "float") == "Float16"
    assert promote_scalar("Bool", "int") == "Int64"
    assert promote_scalar("Bool", "bool") == "Bool"
    assert promote_scalar("UInt16", "int", "*") == "UInt16"
    with pytest.raises(TypeError):
        promote_scalar("UInt16", "int")
    assert div_result("Int64", "Int64") == "Float32"
    assert div_result("Bool", "Bool") == "Float32"
    assert div_result("Float16", "Int32") == "Float16"


def test_op_result_lookup():
    assert op_result("ops.add", "Int32", "Float16") == "Float16"
    assert op_result("+", "Bool", "Bool") == "Bool"
    with pytest.raises(TypeError):
        op_result("ops.add", "Bool", "Bool")  # Add primitive rejects Bool inputs
    assert op_result("/", "Int32", "int") == "Float32"
    with pytest.raises(TypeError):
        op_result("+", "UInt32", "Int8")
