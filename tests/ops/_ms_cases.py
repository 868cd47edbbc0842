"""Replays the op cases recorded from MindSpore 2.10 by tests/data/gen_nn_more.py
(ms_nn_more.json): each case is an expression over inputs ``x[i]`` evaluated with
``ops``/``ms`` bound to mindjax, compared with MindSpore's outputs, the values the
Parameters hold after an in-place op, the error class, and the input gradient."""
from __future__ import annotations

import json
import pathlib

import numpy as np

import mindjax as ms
from mindjax import ops

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "ms_nn_more.json").read_text())


def cases(group: str) -> list:
    return [c for c in DATA["cases"] if c["group"] == group]


def ids(cs) -> list:
    return [f"{i}:{c['expr'][:70]}" for i, c in enumerate(cs)]


def inputs(case) -> list:
    xs = []
    for i, (value, dtype, is_param) in enumerate(case["inputs"]):
        arr = np.asarray(value, dtype=dtype)
        xs.append(ms.Parameter(ms.Tensor(arr), name=f"p{i}") if is_param else ms.Tensor(arr))
    return xs


def evaluate(expr: str, xs: list):
    return eval(expr, {"ops": ops, "ms": ms, "np": np, "x": xs})  # noqa: S307 - the recorded case table


def flat(out) -> list:
    if isinstance(out, (tuple, list)):
        return [o for item in out for o in flat(item)]
    return [out]


def check_values(got, want, tol) -> None:
    assert len(got) == len(want["values"]), (len(got), len(want["values"]))
    for g, value, dtype, shape in zip(got, want["values"], want["dtypes"], want["shapes"]):
        if not isinstance(g, ms.Tensor):
            np.testing.assert_allclose(np.asarray(g), np.asarray(value, dtype), rtol=tol, atol=tol)
            continue
        a = g.asnumpy()
        assert list(a.shape) == shape
        assert str(a.dtype) == dtype, (a.dtype, dtype)
        np.testing.assert_allclose(a.astype(np.float64) if a.dtype.kind != "b" else a, np.asarray(value, dtype),
                                   rtol=tol, atol=tol, equal_nan=True)


def run_case(case) -> None:
    xs = inputs(case)
    if "error" in case:
        import pytest
        errors = {"TypeError": TypeError, "ValueError": ValueError, "RuntimeError": RuntimeError,
                  "IndexError": IndexError}
        with pytest.raises(errors[case["error"]]):
            evaluate(case["expr"], xs)
        return
    out = flat(evaluate(case["expr"], xs))
    tol = case.get("tol", 1e-5)
    if "out" in case:
        check_values(out, case["out"], tol)
    else:  # MindSpore's CPU kernel returns meaningless outputs (zeros): only the shapes are compared
        assert all(list(o.shape) == case["params"]["shapes"][0] for o in out)
    params = [x for x in xs if isinstance(x, ms.Parameter)]
    if "params" in case:
        check_values(params, case["params"], tol)
    if "grad" in case:
        def f(x0):
            return flat(evaluate(case["expr"], [x0] + xs[1:]))[0].sum()
        g = ms.grad(f)(xs[0])
        np.testing.assert_allclose(g.asnumpy(), np.asarray(case["grad"]), rtol=tol * 10, atol=tol * 10)


def run_jit(case) -> None:
    """The same expression compiled with ``mindjax.jit`` gives MindSpore's outputs."""
    xs = inputs(case)
    out = ms.jit(lambda *t: tuple(flat(evaluate(case["expr"], list(t)))))(*xs)
    check_values(flat(out), case["out"], case.get("tol", 1e-5))
