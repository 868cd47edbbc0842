"""A Primitive subclass with only __init__ and inference runs the kernel of its name, as in
MindSpore (ops/_by_name.py): values recorded from MindSpore 2.10 (tests/data/gen_by_name.py),
in GRAPH_MODE and PyNative, the Shift gradient, and the error for a name without a kernel."""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax.ops import PrimitiveWithInfer, prim_attr_register

HERE = os.path.join(os.path.dirname(__file__), "..", "data")
REC = json.load(open(os.path.join(HERE, "ms_by_name.json")))


@pytest.fixture(scope="module")
def cases(import_cases):
    return import_cases("by_name_cases")


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
@pytest.mark.parametrize("name", sorted(REC))
def test_recorded(cases, name, mode):
    ms.set_context(mode=mode)
    try:
        got = cases.CASES[name]()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    want = REC[name]
    assert str(got.dtype) == want["dtype"] and list(got.shape) == want["shape"]
    w = np.array([np.nan if v is None else v for v in want["value"]]).reshape(want["shape"])
    np.testing.assert_array_equal(got.asnumpy().astype(np.float64), w)


def test_shift_gradient_and_negative_axis(cases):
    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    net = cases.Net(cases.Shift(2, -1))  # MindSpore 2.10's CPU kernel fails on a negative axis
    np.testing.assert_array_equal(net(x, 0.5).asnumpy(), [[0.5, 0.5, 0, 1], [0.5, 0.5, 4, 5], [0.5, 0.5, 8, 9]])
    g = ms.grad(net)(x, 0.5)
    np.testing.assert_array_equal(g.asnumpy(), [[1, 1, 0, 0]] * 3)
    with pytest.raises(ValueError, match="For 'Shift', the 'axis' must be in \\[-2, 2\\), but got 3"):
        cases.Shift(1, 3)(ms.Tensor(np.ones((2, 2), np.float32)), 0.0)


def test_unknown_name_raises_as_mindspore():
    class Foo123(PrimitiveWithInfer):
        @prim_attr_register
        def __init__(self):
            pass
    with pytest.raises(RuntimeError, match=r"Unsupported op \[Foo123\] on CPU"):
        Foo123()(ms.Tensor(np.ones(3, np.float32)))
