"""MindIR export and load of ``ops.gather_elements`` (MindSpore's GatherD node: x, dim, index).

Compares with tests/data/mindir/gatherd.mindir and ms_mindir_gatherd.json (recorded by
tests/data/gen_mindir_gatherd.py): mindjax loads MindSpore's file and gives MindSpore's output, and
writes the same nodes (op and argument count) that MindSpore writes; its own file loads back to the
same values. (A training network with a sparse cross-entropy records GatherD in its forward pass.)
"""
import json
import os
import sys
from pathlib import Path

import numpy as np

import mindjax as ms
from mindjax import nn
from mindjax.train import _mindir_proto as P

DATA = Path(__file__).resolve().parent.parent / "data"
sys.path.insert(0, str(DATA))
import gen_mindir_gatherd as gen  # noqa: E402  (the network and inputs the record used)

with open(DATA / "ms_mindir_gatherd.json") as f:
    REC = json.load(f)


def _net():
    from mindjax import ops

    class Net(nn.Cell):
        def construct(self, x, i):
            return ops.gather_elements(x, 1, i) * ops.gather_elements(x, 0, i)
    return Net()


def _nodes(path):
    m = P.ModelProto()
    m.ParseFromString(Path(path).read_bytes())
    return [[n.op_type.split("::")[-1].split(":")[0], len(n.input)] for n in m.graph.node if n.op_type != "Constant"]


def test_loads_mindspore_file():
    x, i = gen.inputs()
    out = nn.GraphCell(ms.load(str(DATA / "mindir" / "gatherd.mindir")))(ms.Tensor(x), ms.Tensor(i))
    np.testing.assert_allclose(out.asnumpy(), REC["output"], rtol=1e-6)


def test_export_writes_mindspore_nodes(tmp_path):
    x, i = gen.inputs()
    path = os.path.join(tmp_path, "g")
    ms.export(_net(), ms.Tensor(x), ms.Tensor(i), file_name=path, file_format="MINDIR")
    assert _nodes(path + ".mindir") == REC["nodes"]
    out = nn.GraphCell(ms.load(path + ".mindir"))(ms.Tensor(x), ms.Tensor(i))
    np.testing.assert_allclose(out.asnumpy(), REC["output"], rtol=1e-6)
