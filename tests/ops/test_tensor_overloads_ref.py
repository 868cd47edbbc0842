"""MindSpore 2.10's overloaded Tensor methods against the values and errors recorded from MindSpore
(tests/data/gen_tensor_overloads.py -> ms_tensor_overloads.json; cases in tensor_overload_cases.py).

A value case compares shape, dtype and values; an error case the exception class, and for the cases
in ``_MESSAGES`` (MindSpore's wording that user code and MindSpore's own tests look for) the text.
Graph-mode cases run inside a Cell's construct under mindjax's Graph mode, where the older forms of a
method are tried first, as MindSpore's graph compiler does."""
import importlib.util
import json
import os
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn

_DATA = os.path.join(os.path.dirname(__file__), "..", "data")
sys.path.insert(0, _DATA)
from tensor_overload_cases import CASES, inputs  # noqa: E402

_RECORDED = json.load(open(os.path.join(_DATA, "ms_tensor_overloads.json")))["cases"]
_MESSAGES = {"abs_extra", "equal_missing", "max_keep_int", "max_kwlist", "max_unknown", "max_ab", "max_list",
             "reshape_float", "clamp_none", "clip_none", "clamp_bool", "select_int_y", "select_float_y",
             "swapaxes_tuple", "swapaxes_range", "swapdims_range", "transpose_rank", "transpose_dup",
             "g_transpose_range", "cumsum_bool", "sum_bool_axis", "storage_copy_size"}


@pytest.fixture(scope="module")
def graph_cells(tmp_path_factory):
    """One Cell per graph case, written to a module file (jit reads a construct's source)."""
    src = ["from mindjax import nn", "from tensor_overload_cases import inputs", "import mindjax as ms",
           "globals().update(inputs(ms))"]
    for i, (cid, expr, mode) in enumerate(CASES):
        if mode == "graph":
            src += [f"class Net{i}(nn.Cell):", "    def construct(self, x):", f"        return {expr}"]
    path = tmp_path_factory.mktemp("overload") / "mj_overload_graph_cases.py"
    path.write_text("\n".join(src) + "\n")
    spec = importlib.util.spec_from_file_location("mj_overload_graph_cases", str(path))
    mod = importlib.util.module_from_spec(spec)
    sys.modules["mj_overload_graph_cases"] = mod
    spec.loader.exec_module(mod)
    yield mod
    sys.modules.pop("mj_overload_graph_cases", None)


def _check(got, want, cid):
    if "py" in want or "repr" in want:
        assert (got == want["py"]) if "py" in want else repr(got) == want["repr"], (cid, got)
        return
    if "seq" in want:
        assert isinstance(got, (tuple, list)) and len(got) == len(want["seq"]), cid
        for g, w in zip(got, want["seq"]):
            _check(g, w, cid)
        return
    assert isinstance(got, ms.Tensor), (cid, type(got))
    assert list(got.shape) == want["shape"], (cid, got.shape)
    assert str(got.dtype) == want["dtype"], (cid, got.dtype)
    value = np.nan_to_num(got.asnumpy().astype(np.float64), nan=1e300)
    # (an empty Tensor's recorded value is a flat [], its shape is checked above)
    np.testing.assert_allclose(value, np.array(want["value"], np.float64).reshape(want["shape"]), rtol=1e-5,
                               atol=1e-6, err_msg=cid)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c[0] for c in CASES])
def test_overload_case(index, graph_cells):
    cid, expr, mode = CASES[index]
    want = _RECORDED[cid]
    env = inputs(ms)
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    try:
        def run():
            if mode == "graph":
                return getattr(graph_cells, f"Net{index}")()(env["x"])
            return eval(expr, dict(env))  # noqa: S307  (the case expressions are this project's own)
        if "error" in want:
            with pytest.raises(Exception) as info:
                run()
            assert type(info.value).__name__ == want["error"], (cid, repr(info.value))
            if cid in _MESSAGES:
                assert str(info.value).strip() == want["message"], cid
        else:
            _check(run(), want["ok"], cid)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_dunder_isub_makes_a_new_tensor():
    # as MindSpore 2.10: ``a -= b`` rebinds ``a``; a Tensor that shared the old value keeps it
    a = ms.Tensor([1.0, 2.0])
    b = a
    a -= 1
    assert b.asnumpy().tolist() == [1.0, 2.0] and a.asnumpy().tolist() == [0.0, 1.0]
