"""Constructs of MindSpore's static-graph syntax tutorials where mindjax differed (issue #13),
against MindSpore 2.10's recorded GRAPH_MODE answers (tests/data/gen_graph_tutorial.py)."""
import numpy as np
import pytest

import mindjax as ms

from . import _graph_cases as G
from .test_graph_jit import _enc, _norm, _same

GEN = G.generator("gen_graph_tutorial")
REC = G.recorded("ms_graph_tutorial.json")


@pytest.fixture(autouse=True)
def _graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_every_case_recorded():
    assert sorted(REC) == sorted(GEN.CASES)


@pytest.mark.parametrize("name", sorted(GEN.CASES))
def test_case_matches_mindspore(name, tmp_path):
    head = GEN.HEAD.replace("mindspore", "mindjax")
    src = GEN.CASES[name].replace("from mindspore", "from mindjax")
    got = GEN.run_case(ms, GEN.load_case(name, src, str(tmp_path), head), _enc)
    want = REC[name]
    assert len(got) == len(want), (got, want)
    for g, w in zip(got, want):
        assert g.keys() == w.keys(), (name, g, w)
        if "error" in w:
            assert g["error"] == w["error"] and _norm(g["message"]).rstrip() == _norm(w["message"]).rstrip(), (name, g, w)
        else:
            key = next(iter(w))
            _same(g[key], w[key], name)


def test_pynative_reads_the_parameter_when_the_bprop_runs(tmp_path):
    """The same loop in PyNative: the gradient uses the Parameter's last value (2 each step: 6),
    as MindSpore's PyNative gives (its graph mode: 0 + 1 + 2 = 3, the case above)."""
    ms.set_context(mode=ms.PYNATIVE_MODE)
    mod = GEN.load_case("pyn", GEN._ASSIGN_LOOP.replace("ms.int32", "ms.float32") + "net = Bwd(Fwd())\n",
                        str(tmp_path),
                        GEN.HEAD.replace("mindspore", "mindjax"))
    (g,) = mod.net(ms.Tensor(np.array([1.0, 2.0], np.float32)))
    assert g.asnumpy().tolist() == [6.0, 6.0]
