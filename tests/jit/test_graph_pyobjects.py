"""Python objects across the jit boundary (``mindjax/_jit/pylists.py``, JIT Fallback): the
identity of lists and dicts, which of their operations reach the caller's object, attributes
set inside a graph-mode function (on every call), and Python that needs run-time Tensor values
(f-strings, ``str.format``, tuple comparisons, a list indexed by a Tensor, branches of different
structures), against MindSpore 2.10's GRAPH_MODE answers (tests/data/gen_graph_pyobjects.py)."""
import types

import numpy as np
import pytest

import mindjax as ms
from mindjax import jit_class, mutable, nn, ops, Tensor

from . import _graph_cases as G

GEN = G.generator("gen_graph_pyobjects")
REC = G.recorded("ms_graph_pyobjects.json")
M = types.SimpleNamespace(ms=ms, nn=nn, ops=ops, Tensor=Tensor, mutable=mutable, jit_class=jit_class)


def _same(got, want, path="out"):
    if isinstance(want, dict) and "T" in want and len(want) == 1:
        dt, shape, value = want["T"]
        assert got["T"][:2] == [dt, shape], (path, got, want)
        np.testing.assert_allclose(np.array(got["T"][2], float), np.array(value, float), err_msg=path)
    elif isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), (path, got, want)
        for k in want:
            _same(got[k], want[k], f"{path}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (path, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _same(g, w, f"{path}[{i}]")
    else:
        assert got == want, (path, got, want)


@pytest.fixture(autouse=True)
def _graph_mode():
    prev = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=prev)


def test_every_case_recorded():
    assert set(REC) == set(GEN.CASES)


@pytest.mark.parametrize("name", sorted(GEN.CASES))
def test_as_mindspore(name):
    _same(GEN.CASES[name](M), REC[name])


def test_mutable_list_is_not_the_callers():
    """A ``mutable`` list enters as a variable of the program: the result is a new list."""
    @ms.jit
    def f(x):
        x.reverse()
        return x
    x = mutable([1, 2, 3])
    r = f(x)
    assert r == [3, 2, 1] and r is not x


def test_trace_leaves_no_tracer_in_a_global_list():
    """A failed trace undoes what it did to a global list (the call then raises)."""
    g = [1, 2]

    @ms.jit
    def f(t):
        g.extend([t * 2])
        raise ValueError("stop")
    with pytest.raises(ValueError):
        f(Tensor(1.0))
    assert g == [1, 2]


def test_extend_with_a_computed_tensor_reaches_the_caller():
    """``extend`` is in place: a Tensor the program computes lands in the caller's list."""
    @ms.jit
    def f(x, t):
        x.extend([t * 2])
        return t
    x = [1]
    f(x, Tensor(np.array([3.0], np.float32)))
    assert len(x) == 2 and x[0] == 1 and x[1].asnumpy().tolist() == [6.0]
