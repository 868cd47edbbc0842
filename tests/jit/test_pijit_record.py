"""PIJit's record (``get_code_extra``) and ``PIJitCaptureContext`` against MindSpore 2.10's
recorded records (tests/data/gen_pijit_record.py)."""
import types

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Tensor
from mindjax._c_expression import get_code_extra
from mindjax.common._pijit_context import PIJitCaptureContext

from . import _graph_cases as G

GEN = G.generator("gen_pijit_record")
REC = G.recorded("ms_pijit_record.json")
M = types.SimpleNamespace(ms=ms, nn=nn, ops=ops, Tensor=Tensor, np=np, get_code_extra=get_code_extra,
                          PIJitCaptureContext=PIJitCaptureContext)


def _normal(x):
    """A summary with 'ran as a graph' in one key: MindSpore names the program directly
    (``phase_``) or through bytecode that calls it (``compiled_code_``, no break); mindjax
    names its one program (``phase_``) whenever nothing broke."""
    if isinstance(x, list):
        return [_normal(v) for v in x]
    if isinstance(x, dict):
        x = dict(x)
        x["graph"] = x.pop("phase_") or (x.pop("compiled_code_") and x["break_count_"] == 0)
        x.pop("compiled_code_", None)
        return x
    return x


@pytest.mark.parametrize("name", sorted(REC))
def test_record_as_mindspore(name):
    got = GEN.CASES[name](M)
    assert _normal(got) == _normal(REC[name])


def test_record_fields():
    @ms.jit(capture_mode="bytecode")
    def f(x):
        return x - 1
    f(Tensor(np.ones(3, np.float32)))
    rec = get_code_extra(f.__wrapped__)
    assert set(rec) == {"code", "stat", "compile_count_", "break_count_"}
    assert rec["code"]["phase_"].endswith(".pi_jit") and "f_Tensor[Float32](3,)" in rec["code"]["phase_"]
    assert "shape=(3,)" in rec["code"]["guard_"]
    # a fresh dict each time: changing it does not change mindjax's counters
    rec["compile_count_"] = 99
    assert get_code_extra(f.__wrapped__)["compile_count_"] == 1


def test_counters_follow_the_jit_machinery():
    """compile_count_ is the number of traces: a function traced twice for one signature
    (a Parameter found late) counts 2, as it was compiled twice."""
    p = ms.Parameter(Tensor(np.ones(2, np.float32)), name="p_late")
    holder = {}

    @ms.jit(capture_mode="bytecode")
    def f(x):
        return x * holder["p"]
    holder["p"] = p  # not visible to the first trace's candidates: found while tracing
    out = f(Tensor(np.full(2, 3.0, np.float32)))
    np.testing.assert_allclose(out.asnumpy(), [3.0, 3.0])
    rec = get_code_extra(f.__wrapped__)
    assert rec["compile_count_"] == f.compile_count >= 1
    assert rec["code"]["call_count_"] == 1


def test_graph_break_record():
    """A function mindjax cannot compile (here a shape made of a Tensor's value, which the
    trace cannot know) runs as Python: break_count_ 1, compiled_code_ is the function's code."""
    @ms.jit(capture_mode="bytecode")
    def f(x):
        n = int(x.asnumpy().sum())
        return ops.ones((n,), ms.float32) + n
    out = f(Tensor(np.ones(2, np.float32)))
    np.testing.assert_allclose(out.asnumpy(), [3.0, 3.0])
    rec = get_code_extra(f.__wrapped__)
    assert rec["break_count_"] == 1 and rec["code"]["compiled_code_"] is f.__wrapped__.__code__
    f(Tensor(np.ones(2, np.float32)))
    assert get_code_extra(f.__wrapped__)["code"]["call_count_"] == 2
