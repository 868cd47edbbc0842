"""Python builtins, containers, globals, closures and Cells made inside jit, against
MindSpore 2.10's GRAPH_MODE results (tests/data/gen_graph_builtins.py)."""
import numpy as np
import pytest

import mindjax as ms
from mindjax._jit import api as jit_api

from . import _graph_cases as G

GEN = G.generator("gen_graph_builtins")
REC = G.recorded("ms_graph_builtins.json")


@pytest.fixture(autouse=True)
def _graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("name", sorted(GEN.CASES))
def test_case_matches_mindspore(name, tmp_path):
    mod = G.load(GEN, name, tmp_path)
    want = REC[name]
    got = []
    for args in mod.INPUTS:
        try:
            got.append({"out": G.enc(mod.net(*args))})
        except Exception as e:  # noqa: BLE001 - the class is compared
            got.append({"error": type(e).__name__})
    if hasattr(mod, "AFTER"):
        got.append({"after": G.enc(mod.AFTER())})
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.keys() == w.keys(), (name, g, w)
        key = next(iter(w))
        if key == "error":
            assert g == w
        else:
            G.assert_same(g[key], w[key], name)


def test_cell_made_inside_jit_is_a_constant_not_state(tmp_path):
    mod = G.load(GEN, "cell_inside_jit", tmp_path)
    x = ms.Tensor(np.ones((1, 2), np.float32))
    for _ in range(3):
        assert mod.net(x).asnumpy().tolist() == [[2.0, 2.0]]
    assert jit_api.compiles_of(mod.net) == 1  # no retrace for its Parameters


def test_cases_recorded_for_every_source():
    assert sorted(REC) == sorted(GEN.CASES)
