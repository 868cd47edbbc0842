"""Graph mode's syntax checks and their errors (class and message), against MindSpore 2.10's
recorded results (tests/data/gen_graph_syntax_errors.py)."""
import pytest

import mindjax as ms

from . import _graph_cases as G

GEN = G.generator("gen_graph_syntax_errors")
REC = G.recorded("ms_graph_syntax_errors.json")


@pytest.fixture(autouse=True)
def _pynative_after():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("name", sorted(GEN.CASES))
def test_case_matches_mindspore(name, tmp_path):
    mod = G.load(GEN, name, tmp_path)
    ms.set_context(mode=ms.PYNATIVE_MODE if getattr(mod, "EAGER", False) else ms.GRAPH_MODE)
    lines = getattr(mod, "LINES", 1)
    want = REC[name]
    assert len(mod.INPUTS) == len(want)
    for args, w in zip(mod.INPUTS, want):
        try:
            got = {"out": G.enc(mod.net(*args))}
        except Exception as e:  # noqa: BLE001 - the class and message are compared
            got = {"error": type(e).__name__, "message": "\n".join(str(e).split("\n")[:lines])}
        assert got.keys() == w.keys(), (name, got, w)
        if "error" in w:
            assert got == w, name
        else:
            G.assert_same(got["out"], w["out"], name)


def test_cases_recorded_for_every_source():
    assert sorted(REC) == sorted(GEN.CASES)


def test_join_error_of_and_names_the_line_that_uses_it(tmp_path):
    """``print(x and y)`` does not join; the ``return x and y`` that does is named (as MindSpore's
    traceback of the code names it)."""
    mod = G.load(GEN, "and_printed_then_returned", tmp_path)
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(TypeError) as info:
        mod.net(*mod.INPUTS[0])
    assert "    return x and y" in str(info.value)
    assert "print(x and y)" not in str(info.value)
