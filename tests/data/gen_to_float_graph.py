"""Record Cell.to_float on the outermost Cell in GRAPH_MODE (MindSpore 2.10): the output dtypes and
values of a Cell with an op only and of a Cell that reads a Parameter.

    ~/msref/bin/python tests/data/gen_to_float_graph.py  ->  tests/data/ms_to_float_graph.json
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Parameter, Tensor


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


ms.set_context(mode=ms.GRAPH_MODE)
x = Tensor(np.array([-1.1, 1.3, 0.7]), ms.float32)
out = {}
for name, dt in (("float16", ms.float16), ("bfloat16", ms.bfloat16), ("float32", ms.float32)):
    for cls in (AddNet, ScaleNet):
        y = cls().to_float(dt)(x)
        out[f"{cls.__name__}-{name}"] = [str(y.dtype), y.float().asnumpy().tolist()]
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_to_float_graph.json"), "w") as f:
    json.dump(out, f, indent=0)
print(out)
