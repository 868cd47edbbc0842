"""Record MindSpore 2.10's ops.operations._inner_ops.ConvertToDynamic in GRAPH_MODE: before a
Reshape, a ReduceSum and its gradient (dynamic shape and dynamic rank), and its attribute check.

run: ~/msref/bin/python tests/data/gen_inner_ops.py  (writes tests/data/ms_inner_ops.json)
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn, ops
from mindspore.ops.operations import _inner_ops as inner

ms.set_context(mode=ms.GRAPH_MODE)
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


out = {}
for rank in (False, True):
    net = Net(rank)
    a, b = net(ms.Tensor(X))
    g = ms.grad(Loss(net))(ms.Tensor(X))
    out[f"rank_{rank}"] = {"reshape": a.asnumpy().tolist(), "sum": b.asnumpy().tolist(), "grad": g.asnumpy().tolist()}
try:
    inner.ConvertToDynamic(is_dynamic_rank=1)
except TypeError as e:
    out["bad_attr"] = [type(e).__name__, str(e)]
with open(os.path.join(os.path.dirname(__file__), "ms_inner_ops.json"), "w") as f:
    json.dump(out, f, indent=1)
