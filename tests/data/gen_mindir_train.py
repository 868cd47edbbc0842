"""Record MindSpore 2.10's MindIR export of a training network (TrainOneStepCell), for
tests/train/test_mindir_train.py.

    ~/msref/bin/python tests/data/gen_mindir_train.py  ->  tests/data/ms_mindir_train.json

Records: the losses of three training steps run by MindSpore itself, the losses of two calls of
``GraphCell(load(export))`` (the exported graph updates the Parameters it is given), which Parameters
the exported graph writes, and that exporting leaves the network's Parameters as they were.
"""
import json
import os
import sys
import tempfile
from collections import Counter

import numpy as np
import mindspore as ms
from mindspore import nn
from mindspore.train import mind_ir_pb2

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from mindir_train_case import build, inputs  # noqa: E402

ms.set_context(mode=ms.GRAPH_MODE)
out = {}
net, train = build(ms)
x, y = inputs(ms)
path = os.path.join(tempfile.mkdtemp(), "train")
before = {p.name: p.asnumpy().copy() for p in train.get_parameters()}
ms.export(train, x, y, file_name=path, file_format="MINDIR")
out["unchanged_by_export"] = all(np.array_equal(before[p.name], p.asnumpy()) for p in train.get_parameters())
m = mind_ir_pb2.ModelProto()
m.ParseFromString(open(path + ".mindir", "rb").read())


def op_of(node):
    return node.op_type.split(":")[2] if node.op_type.startswith("REF::") else node.op_type


written = set()
for n in m.graph.node:
    if op_of(n) in ("ApplyMomentum", "AssignAdd", "Assign"):
        written.add(n.input[0].split(":")[-1])
out["written"] = sorted(written)
out["ops"] = sorted(Counter(op_of(n) for n in m.graph.node))
out["train_losses"] = [float(train(x, y).asnumpy()) for _ in range(3)]
gc = nn.GraphCell(ms.load(path + ".mindir"))
out["graphcell_losses"] = [float(gc(x, y).asnumpy()) for _ in range(2)]
with open(os.path.join(HERE, "ms_mindir_train.json"), "w") as f:
    json.dump(out, f, indent=0)
print(out)
