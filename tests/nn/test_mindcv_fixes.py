"""Behaviours mindcv relies on (tests/data/mindcv_cases.py) match MindSpore 2.10, as recorded by
tests/data/gen_mindcv.py: a SequentialCell's ``cell_list``, the ``dataset.engine.datasets_*``
modules, ``Dataset.map``'s keywords."""
import json
import os
import sys

import numpy as np
import pytest

import mindjax as ms

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
sys.path.insert(0, DATA)
from mindcv_cases import CASES, PENDING  # noqa: E402

with open(os.path.join(DATA, "ms_mindcv.json")) as f:
    RECORDED = json.load(f)


def _same(got, want, path="out"):
    if isinstance(want, dict):
        assert sorted(got) == sorted(want), path
        for k in want:
            _same(got[k], want[k], f"{path}.{k}")
    elif isinstance(want, float) or (isinstance(want, list) and np.asarray(want).dtype.kind == "f"):
        np.testing.assert_allclose(np.asarray(got, dtype=np.float64), np.asarray(want, dtype=np.float64),
                                   rtol=1e-5, atol=1e-6, err_msg=path)
    else:
        assert got == want, path


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_mindspore(case):
    _same(CASES[case](ms), RECORDED[case], case)


# TrainOneStepWithLossScaleCell's MindSpore attributes (nn/wrap/cell_wrapper.py) and the TypeError of
# a non-Tensor assigned over a Parameter (nn/cell.py)
@pytest.mark.parametrize("case", sorted(PENDING))
def test_pending_matches_mindspore(case):
    _same(PENDING[case](ms), RECORDED[case], case)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_sequential_cell_list_under_jit(mode):
    """A SequentialCell whose entries were swapped (``_cells`` edited, ``cell_list`` assigned) runs
    the new cells in Graph mode and under ``jit`` as in PyNative."""
    nn = ms.nn
    x = ms.Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3))
    seq = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU(), nn.Dense(4, 2)])
    seq._cells["1"] = nn.Sigmoid()
    seq.cell_list = list(seq.cells())
    eager = seq(x).asnumpy()
    d1, d2 = seq.cell_list[0], seq.cell_list[2]
    want = d2(ms.ops.sigmoid(d1(x))).asnumpy()
    np.testing.assert_allclose(eager, want, rtol=1e-6)
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        np.testing.assert_allclose(seq(x).asnumpy(), eager, rtol=1e-6)
        np.testing.assert_allclose(ms.jit(lambda t: seq(t))(x).asnumpy(), eager, rtol=1e-6)
    finally:
        ms.set_context(mode=old)
