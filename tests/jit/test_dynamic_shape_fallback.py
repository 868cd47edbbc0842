"""Value-dependent shapes under jit (``mindjax/_jit/dynamic_break.py``): values and gradients
against MindSpore 2.10's GRAPH_MODE/jit answers (tests/data/gen_dynamic_shape_fallback.py),
and the graph-break semantics: Python side effects once per call, the PIJit record, the warning."""
import collections
import contextlib
import io
import logging
import types

import numpy as np
import pytest

import mindjax as ms
from mindjax import mint, nn, ops, Parameter, Tensor
from mindjax._c_expression import get_code_extra

from . import _graph_cases as G

GEN = G.generator("gen_dynamic_shape_fallback")
REC = G.recorded("ms_dynamic_shape_fallback.json")
M = types.SimpleNamespace(ms=ms, nn=nn, ops=ops, mint=mint, Tensor=Tensor, Parameter=Parameter,
                          get_code_extra=get_code_extra)
X1 = np.array(GEN.X1, np.float32)


def _same(got, want, path="out"):
    if isinstance(want, list) and (not want or not isinstance(want[0], (int, float))):
        assert isinstance(got, list) and len(got) == len(want), (path, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _same(g, w, f"{path}[{i}]")
    elif isinstance(want, dict):
        assert got["dtype"] == want["dtype"] and got["shape"] == want["shape"], (path, got, want)
        np.testing.assert_allclose(np.array(got["value"], float), np.array(want["value"], float), rtol=1e-6,
                                   err_msg=path)
    else:
        assert got == want, (path, got, want)


@pytest.mark.parametrize("name", sorted(n for n in REC if n != "bytecode_side_effects"))
def test_values_as_mindspore(name):
    _same(GEN.CASES[name](M), REC[name])


def test_bytecode_side_effects_once_per_call():
    """A list append and a print before the op run once per call (the first call breaks the
    graph inside its trace, the second runs op by op). MindSpore 2.10 prints once per call
    too (to the process's stdout, which redirect_stdout does not see) but loses the append
    (``len(seen) == 0``); mindjax keeps Python's semantics there."""
    outs, n_seen, n_print, calls, stat = GEN.CASES["bytecode_side_effects"](M)
    ms_outs, _, _, ms_calls, ms_stat = REC["bytecode_side_effects"]
    _same(outs, ms_outs)
    assert (calls, stat) == (ms_calls, ms_stat) == (2, "GRAPH_CALLABLE")
    assert n_seen == 2 and n_print == 2


def test_break_record_and_warning(caplog):
    @ms.jit(capture_mode="bytecode")
    def f(x):
        return ops.masked_select(x, x > 0)
    with caplog.at_level(logging.WARNING, logger="mindspore"):
        f(Tensor(X1))
        f(Tensor(-X1))
    rec = get_code_extra(f.__wrapped__)
    # MindSpore compiles a dynamic-shape kernel here (break_count_ 0); mindjax breaks the graph
    assert rec["break_count_"] == 1 and rec["compile_count_"] == 1 and rec["code"]["call_count_"] == 2
    assert rec["code"]["compiled_code_"] is f.__wrapped__.__code__
    msgs = [r.getMessage() for r in caplog.records if "graph break" in r.getMessage()]
    assert len(msgs) == 1 and "test_dynamic_shape_fallback.py" in msgs[0] and "boolean-mask" in msgs[0]


def test_other_signatures_stay_compiled():
    @ms.jit
    def f(x, use_mask):
        return x[x > 0] if use_mask else x * 2
    f(Tensor(X1), True)
    np.testing.assert_allclose(f(Tensor(X1), True).asnumpy(), [1.0, 3.0])
    before = f.compile_count
    for _ in range(3):
        np.testing.assert_allclose(f(Tensor(X1), False).asnumpy(), X1 * 2)
    assert f.compile_count == before + 1  # one program, called three times


def test_grad_through_jit_runs_python_once():
    """Under a PyNative gradient, the first call's trace (with the op's value) is reused for the
    VJP from jax.jit's cache: the Python does not run a second time. (Counted in a Counter: a list's
    ``append`` inside a graph-mode function leaves the caller's list as it was, as in MindSpore.)"""
    seen = collections.Counter()

    @ms.jit
    def f(x):
        seen["n"] += 1
        return (x[x > 0] ** 2).sum()
    for k in range(1, 3):
        g = ms.grad(f)(Tensor(X1))
        np.testing.assert_allclose(g.asnumpy(), np.where(X1 > 0, 2 * X1, 0))
        assert seen["n"] == k


def test_break_inside_tensor_if_runs_op_by_op():
    """In a branch of a tensor ``if`` (a compiled cond) the value cannot be reached: the call runs
    op by op. A Parameter written before the op is written once per call, the random key is not
    advanced twice."""
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.zeros(1, np.float32)), name="w_if")

        def construct(self, x):
            ops.assign_add(self.w, Tensor(np.ones(1, np.float32)))
            if x.sum() > 0:
                return ops.nonzero(x).astype(ms.float32).sum() + self.w
            return self.w * 0

    net = ms.jit(Net())
    out1 = net(Tensor(X1))
    out2 = net(Tensor(X1))
    np.testing.assert_allclose(out1.asnumpy(), [5.0 + 1.0])  # the nonzero indices of X1 sum to 5
    np.testing.assert_allclose(out2.asnumpy(), [5.0 + 2.0])
    np.testing.assert_allclose(net.w.asnumpy(), [2.0])


def test_prints_once_per_call():
    @ms.jit
    def f(x):
        print("step")
        return ops.argwhere(x)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        f(Tensor(X1))
        f(Tensor(X1))
    assert buf.getvalue().count("step") == 2
