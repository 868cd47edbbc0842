"""JIT Fallback in GRAPH_MODE/jit against MindSpore 2.10's recorded behaviour
(tests/data/gen_graph_fallback.py): conversions of run-time and constant Tensor values,
print with real values once per call in MindSpore's format, raise/assert as run-time checks."""
import json
import os

import pytest

import mindjax as ms

from . import _graph_cases as G

GEN = G.generator("gen_graph_fallback")
with open(os.path.join(G.DATA, "ms_graph_fallback.json")) as _f:
    _DATA = json.load(_f)
REC, PRINTS = _DATA["cases"], _DATA["prints"]


@pytest.fixture(autouse=True)
def _graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _run(mod):
    got = []
    for args in mod.INPUTS:
        try:
            got.append({"out": G.enc(mod.net(*args))})
        except Exception as e:  # noqa: BLE001 - the class is compared
            got.append({"error": type(e).__name__, "exc": e})
    return got


@pytest.mark.parametrize("name", sorted(GEN.CASES))
def test_case_matches_mindspore(name, tmp_path, capsys):
    mod = G.load(GEN, name, tmp_path)
    got = _run(mod)
    for g, w in zip(got, REC[name]):
        assert ("error" in g) == ("error" in w), (name, g, w)
        if "error" in w:
            assert g["error"] == w["error"], (name, g, w)
            tb = g["exc"].__traceback__
            assert any(fr.tb_frame.f_code.co_filename.startswith(str(tmp_path)) for fr in _frames(tb)), \
                "the user's file is in the traceback"
        else:
            G.assert_same(g["out"], w["out"], name)
    if name in PRINTS:
        assert capsys.readouterr().out.rstrip("\n") == PRINTS[name]


def _frames(tb):
    while tb is not None:
        yield tb
        tb = tb.tb_next


def test_print_runs_once_per_call(tmp_path, capsys):
    mod = G.load(GEN, "print_in_branch", tmp_path)
    for _ in range(3):
        mod.net(ms.Tensor(1.0))
    assert capsys.readouterr().out.split() == ["positive", "1"] * 3


def test_runtime_check_keeps_the_user_message(tmp_path):
    mod = G.load(GEN, "raise_on_runtime_condition", tmp_path)
    with pytest.raises(ValueError, match="x is too big"):
        mod.net(ms.Tensor(7.0))
    assert float(mod.net(ms.Tensor(0.25)).asnumpy()) == 0.25  # the check does not stick


def test_cases_recorded_for_every_source():
    assert sorted(REC) == sorted(GEN.CASES)
