"""Cell.to_float on the outermost Cell in GRAPH_MODE, against MindSpore 2.10
(tests/data/gen_to_float_graph.py)."""
import json
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Parameter, Tensor

REF = json.loads((Path(__file__).resolve().parent.parent / "data" / "ms_to_float_graph.json").read_text())


class AddNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.add = ops.Add()

    def construct(self, x):
        return self.add(x, x)


class ScaleNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([0.1, 0.2, 0.3], np.float32)), name="w")

    def construct(self, x):
        return x * self.w


@pytest.mark.parametrize("case", sorted(REF))
def test_to_float_outermost_cell_graph_mode(case):
    name, dt = case.split("-")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = {"AddNet": AddNet, "ScaleNet": ScaleNet}[name]().to_float(getattr(ms, dt))
        y = net(Tensor(np.array([-1.1, 1.3, 0.7]), ms.float32))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert str(y.dtype) == REF[case][0]
    np.testing.assert_allclose(y.float().asnumpy(), REF[case][1], rtol=1e-6)
