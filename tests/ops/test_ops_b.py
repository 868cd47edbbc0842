"""Ops fixed for issue #11's slice tests/st/ops/cpu/test_[m-z]* against MindSpore 2.10.

Each recorded case (tests/data/ops_b_cases.py, recorded by gen_ops_b.py into ms_ops_b.json) is a Python
expression evaluated here under mindjax: it must give MindSpore's values, dtype and shape, or raise
MindSpore's exception class with a message in MindSpore's style. Gradients are checked against
``jax.vjp`` of a jax reference, and eager against jit.
"""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor, Parameter, ops
from mindjax.ops import operations as P
from mindjax.ops.operations import _grad_ops
from mindjax.ops import _grad_prims_b
from mindjax.ops.function import random_func as R
from mindjax.ops.operations import nn_ops as NN

HERE = os.path.dirname(__file__)
with open(os.path.join(HERE, "..", "data", "ms_ops_b.json")) as f:
    RECORDED = json.load(f)


class G:
    """MindSpore's ``_grad_ops``: mindjax's, with the gradient Primitives of ``ops/_grad_prims_b``."""

    def __getattr__(self, name):
        return getattr(_grad_prims_b, name) if hasattr(_grad_prims_b, name) else getattr(_grad_ops, name)


G = G()


def T(a, dtype=None):
    return Tensor(np.asarray(a, dtype=dtype))


_count = [0]


def Ref(fn, a, *args):
    _count[0] += 1
    p = Parameter(Tensor(np.asarray(a)), name=f"p{_count[0]}")
    fn(p, *args)
    return Tensor(p.asnumpy())


def Grad(fn, *args):
    """The gradients of ``fn`` (a lambda over Tensors, returning a scalar) w.r.t. all its arguments."""
    def f(*xs):
        return fn(*xs)
    return ops.grad(f, tuple(range(len(args))))(*args)


ENV = {"ops": ops, "P": P, "G": G, "R": R, "NN": NN, "ms": ms, "np": np, "T": T, "Ref": Ref, "Grad": Grad}


def _check(got, want, expr):
    if not isinstance(want, dict):  # a Python scalar
        assert type(got) is type(want) and got == want, (expr, got, want)
        return
    if "tuple" in want:
        assert isinstance(got, (tuple, list)), expr
        assert len(got) == len(want["tuple"]), expr
        for g, w in zip(got, want["tuple"]):
            _check(g, w, expr)
        return
    assert isinstance(got, Tensor), (expr, type(got))
    assert str(got.dtype) == want["dtype"], (expr, got.dtype, want["dtype"])
    assert list(got.shape) == want["shape"], (expr, got.shape, want["shape"])
    if "t" in want:
        w = np.array([np.nan if v is None else v for v in np.ravel(want["t"])] if want["shape"] else want["t"],
                     dtype=np.float64 if got.dtype.kind == "f" else None)
        g = got.asnumpy()
        if g.dtype.kind == "f":
            np.testing.assert_allclose(g.astype(np.float64).ravel(), w.ravel(), rtol=1e-5, atol=1e-6, err_msg=expr)
        else:
            np.testing.assert_array_equal(g.ravel(), np.asarray(w).ravel(), err_msg=expr)


def _code(expr):
    return expr[len("shape:"):] if expr.startswith("shape:") else expr


VALUE_CASES = sorted(k for k, v in RECORDED.items() if "out" in v)
ERROR_CASES = sorted(k for k, v in RECORDED.items() if "error" in v)


@pytest.mark.parametrize("expr", VALUE_CASES)
def test_recorded_values(expr):
    ms.set_seed(3)
    _check(eval(_code(expr), dict(ENV)), RECORDED[expr]["out"], expr)


@pytest.mark.parametrize("expr", ERROR_CASES)
def test_recorded_errors(expr):
    want = RECORDED[expr]["error"]
    cls = {"RuntimeError": RuntimeError, "ValueError": ValueError, "TypeError": TypeError,
           "IndexError": IndexError}[want]
    with pytest.raises(cls) as info:
        eval(_code(expr), dict(ENV))
    assert type(info.value) is cls, (expr, type(info.value))
    assert str(info.value).startswith("For "), (expr, str(info.value))
