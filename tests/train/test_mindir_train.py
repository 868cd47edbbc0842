"""MindIR export of a training network (TrainOneStepCell: forward, gradients, Momentum update), as
OnRequestExit writes it, against MindSpore 2.10 (tests/data/gen_mindir_train.py)."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax.train import _mindir_proto as P

DATA = Path(__file__).resolve().parent.parent / "data"
sys.path.insert(0, str(DATA))
from mindir_train_case import build, inputs  # noqa: E402

REF = json.loads((DATA / "ms_mindir_train.json").read_text())
MSREF = Path.home() / "msref" / "bin" / "python"


def _op(node):
    return node.op_type.split(":")[2] if node.op_type.startswith("REF::") else node.op_type


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    ms.set_context(mode=ms.GRAPH_MODE)
    net, train = build(ms)
    x, y = inputs(ms)
    before = {p.name: p.asnumpy().copy() for p in train.get_parameters()}
    path = str(tmp_path_factory.mktemp("train") / "train")
    ms.export(train, x, y, file_name=path, file_format="MINDIR")
    unchanged = all(np.array_equal(before[p.name], p.asnumpy()) for p in train.get_parameters())
    losses = [float(train(x, y).asnumpy()) for _ in range(3)]
    model = P.ModelProto()
    model.ParseFromString(Path(path + ".mindir").read_bytes())
    return {"path": path + ".mindir", "unchanged": unchanged, "losses": losses, "model": model}


def test_export_leaves_the_network_and_training_as_mindspore(exported):
    assert exported["unchanged"] == REF["unchanged_by_export"]
    np.testing.assert_allclose(exported["losses"], REF["train_losses"], rtol=1e-5)


def test_graph_has_the_gradients_and_writes_the_parameters(exported):
    nodes = exported["model"].graph.node
    ops = {_op(n) for n in nodes}
    # the backward ops MindSpore writes for these layers
    for name in ("Conv2DBackpropFilter", "Conv2DBackpropInput", "MaxPoolGrad", "ReluGrad"):
        assert name in ops and name in REF["ops"]
    written = {n.input[0].split(":")[-1] for n in nodes if _op(n) == "Assign"}
    # MindSpore's ApplyMomentum writes the moments in place; mindjax writes them with Assign too
    assert set(REF["written"]) <= written
    assert {w for w in written - set(REF["written"])} == {f"moments.{w}" for w in REF["written"]
                                                           if w != "global_step"}


@pytest.mark.skipif(not MSREF.exists(), reason="real MindSpore (~/msref/bin/python) is not installed")
def test_mindspore_runs_the_exported_training_graph(exported):
    code = ("import sys, json, numpy as np, mindspore as ms\nfrom mindspore import nn\n"
            f"sys.path.insert(0, {str(DATA)!r})\nfrom mindir_train_case import inputs\n"
            "ms.set_context(mode=ms.GRAPH_MODE)\n"
            f"gc = nn.GraphCell(ms.load({exported['path']!r}))\nx, y = inputs(ms)\n"
            "print(json.dumps([float(gc(x, y).asnumpy()) for _ in range(2)]))\n")
    res = subprocess.run([str(MSREF), "-c", code], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    losses = json.loads(res.stdout.strip().splitlines()[-1])
    # the second call sees the Parameters the first one wrote: the graph trains
    np.testing.assert_allclose(losses, REF["graphcell_losses"], rtol=1e-5)
