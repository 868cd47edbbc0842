"""Record MindSpore 2.10's MindIR for ``ops.gather_elements`` (its GatherD node: x, dim, index) and the
outputs of its own GraphCell on fixed inputs, for tests/train/test_mindir_gatherd.py.

run: ~/msref/bin/python tests/data/gen_mindir_gatherd.py  (writes tests/data/mindir/gatherd.mindir and
tests/data/ms_mindir_gatherd.json)
"""
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def inputs():
    x = np.arange(9, dtype=np.float32).reshape(3, 3) / 7
    i = np.array([[0, 1, 2], [2, 2, 0], [1, 0, 0]], np.int32)
    return x, i


def main():
    import mindspore as ms
    from mindspore import nn, ops
    from mindspore.train.mind_ir_pb2 import ModelProto

    class Net(nn.Cell):
        def construct(self, x, i):
            return ops.gather_elements(x, 1, i) * ops.gather_elements(x, 0, i)

    x, i = inputs()
    path = os.path.join(HERE, "mindir", "gatherd")
    ms.export(Net(), ms.Tensor(x), ms.Tensor(i), file_name=path, file_format="MINDIR")
    m = ModelProto()
    with open(path + ".mindir", "rb") as f:
        m.ParseFromString(f.read())
    nodes = [(n.op_type.split("::")[-1].split(":")[0], len(n.input)) for n in m.graph.node
             if not n.op_type == "Constant"]
    out = nn.GraphCell(ms.load(path + ".mindir"))(ms.Tensor(x), ms.Tensor(i))
    with open(os.path.join(HERE, "ms_mindir_gatherd.json"), "w") as f:
        json.dump({"nodes": nodes, "output": out.asnumpy().tolist()}, f)


if __name__ == "__main__":
    main()
