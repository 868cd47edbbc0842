"""``mutable``, ``jit``'s arguments, ``JitConfig`` and the syntax levels, ``constexpr``,
``jit_class`` and in-place writes to jit arguments, against MindSpore 2.10's recorded
GRAPH_MODE answers (tests/data/gen_graph_jit.py)."""
import re

import numpy as np
import pytest

import mindjax as ms
from mindjax._jit import api as jit_api

from . import _graph_cases as G

GEN = G.generator("gen_graph_jit")
REC = G.recorded("ms_graph_jit.json")


@pytest.fixture(autouse=True)
def _graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _enc(x):
    if isinstance(x, np.ndarray):
        return {"ndarray": str(x.dtype), "value": x.astype(np.float64).tolist()}
    if isinstance(x, dict):
        return {"dict": [[k, _enc(v)] for k, v in x.items()]}
    if isinstance(x, (tuple, list)):
        return {"seq": type(x).__name__, "items": [_enc(v) for v in x]}
    return G.enc(x)


def _same(got, want, path):
    if "dict" in want:
        assert "dict" in got and [k for k, _ in got["dict"]] == [k for k, _ in want["dict"]], (path, got, want)
        for (k, g), (_, w) in zip(got["dict"], want["dict"]):
            _same(g, w, f"{path}[{k}]")
    elif "seq" in want:
        assert got.get("seq") == want["seq"] and len(got["items"]) == len(want["items"]), (path, got, want)
        for i, (g, w) in enumerate(zip(got["items"], want["items"])):
            _same(g, w, f"{path}[{i}]")
    elif "ndarray" in want:
        assert got.get("ndarray") == want["ndarray"], (path, got, want)
        np.testing.assert_allclose(got["value"], want["value"], err_msg=path)
    else:
        G.assert_same(got, want, path)


def _norm(msg: str) -> str:
    return re.sub(r"<class '[^']*'>", "<class>", msg)


@pytest.mark.parametrize("name", sorted(GEN.CASES))
def test_case_matches_mindspore(name, tmp_path):
    head = GEN.HEAD.replace("mindspore", "mindjax")
    src = GEN.CASES[name].replace("from mindspore", "from mindjax")
    mod = GEN.load_case(name, src, str(tmp_path), head)
    got = GEN.run_case(ms, mod, _enc)
    want = REC[name]
    assert len(got) == len(want), (got, want)
    for g, w in zip(got, want):
        assert g.keys() == w.keys(), (name, g, w)
        if "error" in w:
            assert g["error"] == w["error"] and _norm(g["message"]) == _norm(w["message"]), (name, g, w)
        else:
            key = next(iter(w))
            _same(g[key], w[key], name)


def test_cases_recorded_for_every_source():
    assert sorted(REC) == sorted(GEN.CASES)


def test_mutable_scalar_is_a_variable_not_a_constant():
    """Another value of a mutable scalar runs the same program; a plain scalar is a constant."""
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))

    @ms.jit
    def f(a, n):
        if n > 2:  # a run-time condition on the variable: compiled as a branch
            return a * n
        return a - n
    outs = [f(x, ms.mutable(v)).asnumpy().tolist() for v in (3, 4, 1)]
    assert outs == [[3.0, 6.0], [4.0, 8.0], [0.0, 1.0]]
    assert jit_api.compiles_of(f) == 1

    @ms.jit
    def g(a, n):
        return a * n
    for v in (3, 4, 5):
        g(x, v)
    assert jit_api.compiles_of(g) == 3


def test_mutable_needed_as_a_shape_is_specialised():
    """Where the compiler needs a mutable's value (a shape), it is a constant: one program per value."""
    x = ms.Tensor(np.arange(6, dtype=np.float32))

    @ms.jit
    def f(a, n):
        return ms.ops.reshape(a, (n, -1))
    assert f(x, ms.mutable(2)).shape == (2, 3)
    assert f(x, ms.mutable(3)).shape == (3, 2)
    assert f(x, ms.mutable(3)).shape == (3, 2)
    assert jit_api.compiles_of(f) == 3  # the failed variable trace, then one per value


def test_mutable_tuple_of_tensors_keeps_one_program():
    @ms.jit
    def f(t):
        return t[0] * t[1]
    a = ms.Tensor(np.ones(2, np.float32))
    for k in range(3):
        out = f(ms.mutable((a, a * k)))
        assert out.asnumpy().tolist() == [float(k)] * 2
    assert jit_api.compiles_of(f) == 1


def test_bytecode_mode_runs_python_where_the_trace_cannot():
    """capture_mode="bytecode" (MindSpore's PIJit) keeps Python's semantics: code that needs a
    run-time value as a Python value runs as PyNative instead of failing."""
    @ms.jit(capture_mode="bytecode")
    def f(a):
        n = int(a.sum().asnumpy())  # a host value decides a shape
        return ms.ops.ones((n,), ms.float32)
    assert f(ms.Tensor(np.array([1.0, 2.0], np.float32))).shape == (3,)
    assert f(ms.Tensor(np.array([2.0, 2.0], np.float32))).shape == (4,)


def test_set_inputs_dynamic_axis_traces_once():
    """A dimension declared None in set_inputs is a symbol: one trace serves every size
    (values against the same network run per shape in PyNative)."""
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)), name="w")

        def construct(self, x):
            return ms.ops.relu(ms.ops.matmul(x, self.w)).sum(axis=1)
    net = Net()
    net.set_inputs(ms.Tensor(shape=[None, 3], dtype=ms.float32))
    xs = [ms.Tensor(np.arange(n * 3, dtype=np.float32).reshape(n, 3) - 4) for n in (2, 5, 7, 5)]
    got = [net(x).asnumpy() for x in xs]
    assert jit_api.compiles_of(net) == 1
    ms.set_context(mode=ms.PYNATIVE_MODE)
    for x, g in zip(xs, got):
        np.testing.assert_allclose(g, net(x).asnumpy(), rtol=1e-6)


def test_set_inputs_dynamic_axis_needing_a_size_falls_back_per_shape():
    """Code that needs the size as a Python int cannot trace over a symbol: one program per shape."""
    class Net(ms.nn.Cell):
        def construct(self, x):
            return ms.ops.ones((int(x.shape[0]) * 2,), ms.float32)
    net = Net()
    net.set_inputs(ms.Tensor(shape=[None], dtype=ms.float32))
    assert [net(ms.Tensor(np.ones(n, np.float32))).shape for n in (2, 3, 2)] == [(4,), (6,), (4,)]
    assert jit_api.compiles_of(net) == 3  # the symbolic attempt, then one per shape
