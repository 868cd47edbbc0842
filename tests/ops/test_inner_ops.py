"""ops.operations._inner_ops.ConvertToDynamic against MindSpore 2.10 (tests/data/gen_inner_ops.py):
values and gradient through it in GRAPH_MODE and PyNative, and its attribute check."""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops
from mindjax.ops.operations import _inner_ops as inner

REC = json.load(open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_inner_ops.json")))
X = (np.arange(12, dtype=np.float32).reshape(3, 4) - 5) / 4


class Net(nn.Cell):
    def __init__(self, rank):
        super().__init__()
        self.convert = inner.ConvertToDynamic(is_dynamic_rank=rank)

    def construct(self, x):
        y = self.convert(x)
        return ops.reshape(y, (2, 6)), ops.ReduceSum(keep_dims=True)(y * y, 1)


class Loss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, x):
        return self.net(x)[1].sum()


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
@pytest.mark.parametrize("rank", [False, True])
def test_convert_to_dynamic(rank, mode):
    ms.set_context(mode=mode)
    try:
        net = Net(rank)
        a, b = net(ms.Tensor(X))
        g = ms.grad(Loss(net))(ms.Tensor(X))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    want = REC[f"rank_{rank}"]
    np.testing.assert_allclose(a.asnumpy(), want["reshape"], rtol=1e-6)
    np.testing.assert_allclose(b.asnumpy(), want["sum"], rtol=1e-6)
    np.testing.assert_allclose(g.asnumpy(), want["grad"], rtol=1e-6)


def test_convert_to_dynamic_attribute_check():
    cls, msg = REC["bad_attr"]
    with pytest.raises(TypeError) as e:
        inner.ConvertToDynamic(is_dynamic_rank=1)
    assert cls == "TypeError" and str(e.value) == msg
