"""MindIR: mindspore.export(..., file_format="MINDIR"), mindspore.load("x.mindir") and nn.GraphCell.

Files real MindSpore 2.10 wrote (tests/data/mindir, by tests/data/gen_mindir.py: the quick-start
network with small layers, LeNet5, a conv/BatchNorm/pooling net, a residual block, nets of functional
ops, of transformer-style layers and of elementwise ops) load in mindjax and give MindSpore's outputs
(tests/data/ms_mindir.json), eagerly and under jit. mindjax's export of the same networks with the same
weights loads back with those outputs; for four of them its graph is MindSpore's graph modulo names
(the same primitives in the same order, classic-primitive attributes, constant arguments, wiring, and
parameters with equal values), for the others it uses the same primitive set up to equivalent forms.
Where real MindSpore is installed, it loads mindjax's files and gives the same outputs (the full-size
tutorial network too). The tutorial's export/load/GraphCell sequence runs unchanged under
``python -m mindjax`` and prints (1, 10); export works in GRAPH_MODE and through @jit constructs;
ops on constants are folded; unmapped ops and primitives raise errors naming them."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Tensor
from mindjax.train import _mindir_proto as P
from mindjax.train._mindir_read import attr_value, tensor_value

DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(DATA))
from gen_mindir import build_nets, example_inputs, export_inputs, init_weights  # noqa: E402

REF = json.loads((DATA / "ms_mindir.json").read_text())["cases"]
NETS = build_nets(ms)
MSREF = Path.home() / "msref" / "bin" / "python"
CASES = sorted(REF)
# graphs mindjax writes node for node as MindSpore does; in the others some ops take another (equivalent)
# form: ExpandDims/Squeeze as Reshape, AdaptiveAvgPool2D as AvgPool, LessScalar as Less, masks of StridedSlice
STRUCT_CASES = ["conv", "lenet", "ops", "tutorial"]
# MindSpore writes these functional forms with primitives mindjax reads but does not write
# (MaxPoolWithArgmaxV2, AvgPool3D, PadV3, ClampScalar, Stack, Split, Tile), and a graph exported in
# training mode (BatchNorm on batch statistics; mindjax always exports in inference mode): read-only
READ_ONLY = ["functional", "trainbn"]
WRITE_CASES = [c for c in CASES if c not in READ_ONLY]


def _outs(out):
    return [o.asnumpy() for o in (out if isinstance(out, (tuple, list)) else (out,))]


def _check(got, want, case=None):
    # LayerNorm, GELU and softmax kernels round differently; LeNet's outputs reach 1e3
    tol = 1e-4 if case in ("layers", "lenet") else 1e-5
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g, np.float64), np.asarray(w), rtol=tol, atol=tol / 10)


def _mindjax_net(case):
    cls, specs = NETS[case]
    net = cls()
    init_weights(ms, net)
    net.set_train(False)
    return net, [(tuple(s), d) for s, d in specs]


class Extra(nn.Cell):
    """Forms the recorded cases do not reach: functional pooling, grouped/dilated convolution, Dense with an
    activation (recorded op by op), transposed batched matmul, LayerNorm on 2-D, integer casts."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, pad_mode="same", dilation=2, group=2, has_bias=True)
        self.fc = nn.Dense(4, 3, activation="relu")
        self.ln = nn.LayerNorm((3,))

    def construct(self, x):
        h = self.conv(x)
        m = ops.max_pool2d(h, 3, 1, pad_mode="same") + ops.avg_pool2d(h, 2, 2).sum() + ops.max_pool2d(h, 2, 2).mean()
        a = ops.matmul_t(m[0], m[0], False, True)
        b = self.ln(self.fc(m.mean((2, 3))))
        return a, b, ops.cast(ops.cast(b * 10, ms.int32), ms.float32), ops.avg_pool2d(h, 3, 1, pad_mode="same")


EXTRA_INPUT = ((2, 4, 6, 6), "float32")


@pytest.fixture(scope="module")
def extra(tmp_path_factory):
    net = Extra()
    init_weights(ms, net)
    path = str(tmp_path_factory.mktemp("extra") / "extra")
    ms.export(net, *export_inputs(ms, [EXTRA_INPUT]), file_name=path, file_format="MINDIR")
    return path + ".mindir", _outs(net(*example_inputs(ms, [EXTRA_INPUT])))


def test_extra_forms_roundtrip(extra):
    path, want = extra
    graph = ms.load(path)
    for t in ("Conv2D", "BiasAdd", "MaxPool", "AvgPool", "BatchMatMul", "MatMul", "Add", "ReLU", "LayerNorm", "Cast",
              "ReduceMean", "ReduceSum"):
        assert t in graph.op_types, t
    _check(_outs(nn.GraphCell(graph)(*example_inputs(ms, [EXTRA_INPUT]))), want)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """mindjax's export of every case: {case: path}."""
    root = tmp_path_factory.mktemp("mindir")
    paths = {}
    for case in WRITE_CASES:
        net, specs = _mindjax_net(case)
        ms.export(net, *export_inputs(ms, specs), file_name=str(root / case), file_format="MINDIR")
        paths[case] = str(root / (case + ".mindir"))
    return paths


@pytest.mark.parametrize("case", CASES)
def test_mindspore_files_load_and_match(case):
    graph = ms.load(str(DATA / "mindir" / (case + ".mindir")))
    assert graph.input_shapes == [tuple(s) for s, _ in REF[case]["inputs"]]
    if graph.param_names:  # MindSpore reads Parameters through Load, ordered by UpdateState/Depend
        assert "Load" in graph.op_types and "UpdateState" in graph.op_types and "Depend" in graph.op_types
    cell = nn.GraphCell(graph)
    inputs = example_inputs(ms, REF[case]["inputs"])
    # eager for two cases, compiled (one XLA program: faster to build than per-op kernels) for all
    if case in ("conv", "tutorial"):
        _check(_outs(cell(*inputs)), REF[case]["outputs"], case)
    _check(_outs(ms.jit(lambda *xs: cell(*xs))(*inputs)), REF[case]["outputs"], case)


@pytest.mark.parametrize("case", WRITE_CASES)
def test_mindjax_export_roundtrip(case, exported):
    net, specs = _mindjax_net(case)
    inputs = example_inputs(ms, specs)
    _check(_outs(net(*inputs)), REF[case]["net_outputs"], case)  # the same network and weights as MindSpore's
    assert oct(os.stat(exported[case]).st_mode & 0o777) == "0o400"  # read-only, as MindSpore leaves it
    cell = nn.GraphCell(ms.load(exported[case]))
    assert sorted(p.name for p in cell.get_parameters()) == sorted(p.name for p in net.get_parameters())
    _check(_outs(cell(*inputs)), REF[case]["outputs"], case)


def _parse(path):
    m = P.ModelProto()
    m.ParseFromString(Path(path).read_bytes())
    return m


def _structure(path):
    """The graph with names abstracted: per node (primitive, primitive kind, classic attributes, inputs as
    constants / parameter keys / input positions / earlier node positions, kind of output), parameters
    with their values, signature."""
    m = _parse(path)
    g = m.graph
    prims = {p.name: p for p in m.primitives}
    consts = {n.output[0]: attr_value(n.attribute[0]) if n.attribute else None
              for n in g.node if n.op_type == "Constant"}
    params = {t.name: t.ref_key for t in g.parameter}
    inputs = {v.name: i for i, v in enumerate(g.input)}
    nodes = [n for n in g.node if n.op_type != "Constant"]
    pos = {n.output[0]: i for i, n in enumerate(nodes)}
    state_tuples = {i for n in nodes if prims[n.op_type[len("REF::"):]].op_type == "UpdateState" for i in n.input}

    def ref(name):
        if name in consts:
            v = consts[name]
            return ("const", repr(v.asnumpy().tolist()) if isinstance(v, Tensor) else repr(v))
        if name in params:
            return ("param", params[name])
        if name in inputs:
            return ("input", inputs[name])
        return ("node", pos[name])

    out = []
    for n in nodes:
        p = prims[n.op_type[len("REF::"):]]
        attrs = {} if p.prim_type == P.PRIMITIVE_FUNCTION else \
            {a.name: repr(attr_value(a)) for a in p.attribute}
        ins = [ref(i) for i in n.input]
        if p.op_type == "Reshape":  # (1, -1) and (1, 64) are one reshape: compare the result's shape
            ins[1] = ("shape", list(n.attribute[0].tensors[0].dims))
        if n.output[0] in state_tuples:
            ins = sorted(ins)  # the tuple of loaded parameters that UpdateState consumes: order is free
        out.append((p.op_type, p.prim_type, attrs, ins, P.AttrType.TENSORS if not n.attribute else
                    n.attribute[0].type))
    par = [(t.ref_key, list(t.dims), t.data_type, tensor_value(t).tolist()) for t in g.parameter]
    sig = ([(list(v.tensor[0].dims), v.tensor[0].data_type) for v in g.input], len(g.output))
    return out, sorted(par), sig


@pytest.mark.parametrize("case", STRUCT_CASES)
def test_structure_matches_what_mindspore_writes(case, exported):
    mine, theirs = _structure(exported[case]), _structure(DATA / "mindir" / (case + ".mindir"))
    assert [n[0] for n in mine[0]] == [n[0] for n in theirs[0]]
    for a, b in zip(mine[0], theirs[0]):
        assert a == b, (a, b)
    assert mine[1] == theirs[1] and mine[2] == theirs[2]
    m = _parse(exported[case])
    assert m.ir_version == "1.1" and m.mind_ir_version == 3 and m.little_endian


@pytest.mark.parametrize("case", sorted(set(WRITE_CASES) - set(STRUCT_CASES)))
def test_other_graphs_use_mindspore_primitives(case, exported):
    mine = [n[0] for n in _structure(exported[case])[0]]
    theirs = [n[0] for n in _structure(DATA / "mindir" / (case + ".mindir"))[0]]
    same = {"ExpandDims": "Reshape", "Squeeze": "Reshape", "AdaptiveAvgPool2D": "AvgPool", "LessScalar": "Less",
            "Muls": "Mul", "SumExt": "ReduceSum"}
    assert set(mine) == {same.get(t, t) for t in theirs}  # MindSpore also merges repeated subexpressions
    out = _parse(exported[case]).graph.output[0]
    assert out.denotation == "Tuple" and len(out.attr_info.values) == len(REF[case]["outputs"])


def test_tutorial_under_python_m_mindjax(tmp_path):
    script = tmp_path / "tutorial.py"
    script.write_text(
        "import mindspore\nfrom mindspore import nn, ops\n\n"
        "class Network(nn.Cell):\n    def __init__(self):\n        super().__init__()\n"
        "        self.flatten = nn.Flatten()\n        self.dense_relu_sequential = nn.SequentialCell(\n"
        "            nn.Dense(28*28, 512), nn.ReLU(), nn.Dense(512, 512), nn.ReLU(), nn.Dense(512, 10))\n\n"
        "    def construct(self, x):\n        x = self.flatten(x)\n        return self.dense_relu_sequential(x)\n\n"
        "model = Network()\ninputs = ops.ones((1, 1, 28, 28))\n"
        "mindspore.export(model, inputs, file_name='model', file_format='MINDIR')\n"
        "graph = mindspore.load('model.mindir')\nmodel = nn.GraphCell(graph)\noutputs = model(inputs)\n"
        "print(outputs.shape)\n")
    res = subprocess.run([sys.executable, "-m", "mindjax", str(script)], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.strip().splitlines()[-1] == "(1, 10)"
    assert _parse(tmp_path / "model.mindir").graph.parameter[0].ref_key == "dense_relu_sequential.0.weight"


def test_export_in_graph_mode_and_through_jit(tmp_path):
    net, specs = _mindjax_net("conv")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        ms.export(net, *export_inputs(ms, specs), file_name=str(tmp_path / "g"), file_format="MINDIR")
        cell = nn.GraphCell(ms.load(str(tmp_path / "g.mindir")))
        got = _outs(cell(*example_inputs(ms, specs)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    _check(got, REF["conv"]["outputs"])

    class Jitted(nn.Cell):  # a construct compiled with @jit is recorded op by op all the same
        def __init__(self):
            super().__init__()
            self.d = nn.Dense(3, 2)

        @ms.jit
        def construct(self, x):
            return ops.relu(self.d(x)) * 2

    net, x = Jitted(), Tensor(np.arange(3, dtype=np.float32)[None])
    ms.export(net, x, file_name=str(tmp_path / "j"), file_format="MINDIR")
    graph = ms.load(str(tmp_path / "j.mindir"))
    assert [t for t in graph.op_types if t not in ("Load", "MakeTuple", "UpdateState", "Depend")] == \
        ["MatMul", "BiasAdd", "ReLU", "Mul"]
    # the jitted construct is one fused XLA program, the loaded graph runs op by op: w.x + b summed in
    # another order may differ by an ulp of its terms (~1), which cancellation can leave on a small output
    np.testing.assert_allclose(nn.GraphCell(graph)(x).asnumpy(), net(x).asnumpy(), rtol=1e-6, atol=1e-6)


def test_ops_on_constants_are_folded(tmp_path):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.d = nn.Dense(3, 2)

        def construct(self, x):
            c = ops.cumsum(ops.ones((2,)), 0) * 2  # no input or Parameter in it: a constant of the graph
            return self.d(x) + c, ops.exp(c)

    net = Net()
    ms.export(net, ops.ones((1, 3)), file_name=str(tmp_path / "c"), file_format="MINDIR")
    graph = ms.load(str(tmp_path / "c.mindir"))
    assert [t for t in graph.op_types if t not in ("Load", "MakeTuple", "UpdateState", "Depend")] == \
        ["MatMul", "BiasAdd", "Add"]
    x = Tensor(np.arange(3, dtype=np.float32)[None])
    for g, w in zip(_outs(nn.GraphCell(graph)(x)), _outs(net(x))):
        np.testing.assert_allclose(g, w, rtol=1e-6)


def test_params_init_and_signature_checks(exported):
    graph = ms.load(exported["tutorial"])
    w = Tensor(np.zeros((4, 8), np.float32))
    cell = nn.GraphCell(graph, params_init={"dense_relu_sequential.4.weight": w})
    bias = graph.param_values["dense_relu_sequential.4.bias"]
    np.testing.assert_allclose(cell(ops.ones((1, 1, 4, 4))).asnumpy(), bias[None], rtol=1e-6)
    with pytest.raises(ValueError, match="exported signature"):
        cell(ops.ones((2, 1, 4, 4)))


def test_errors(tmp_path):
    class CumSum(nn.Cell):
        def construct(self, x):
            return ops.cumsum(x, 0)

    with pytest.raises(RuntimeError, match="the op 'CumSum' has no MindIR mapping"):
        ms.export(CumSum(), ops.ones((2,)), file_name=str(tmp_path / "cs"), file_format="MINDIR")
    m = _parse(DATA / "mindir" / "tutorial.mindir")
    for p in m.primitives:
        if p.op_type == "ReLU":
            p.op_type = "Erfinv"
    bad = tmp_path / "bad.mindir"
    bad.write_bytes(m.SerializeToString())
    with pytest.raises(RuntimeError, match="primitive 'Erfinv'.*not supported"):
        ms.load(str(bad))
    junk = tmp_path / "junk.mindir"
    junk.write_bytes(b"\xff\xff\xff not a model")
    with pytest.raises(RuntimeError, match="Load MindIR failed"):
        ms.load(str(junk))
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "nope.mindir"))
    with pytest.raises(ValueError, match="cannot write the 'ONNX' format"):
        ms.export(CumSum(), ops.ones((2,)), file_name=str(tmp_path / "s"), file_format="ONNX")


# ---- real MindSpore reads mindjax's files -------------------------------------------------------------------
ORACLE = r"""
import json, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
import mindspore as ms
from gen_mindir import example_inputs, outputs_of
out = {}
for case, (path, shapes) in json.loads(sys.argv[2]).items():
    cell = ms.nn.GraphCell(ms.load(path))
    out[case] = outputs_of(cell(*example_inputs(ms, shapes)))
print(json.dumps(out))
"""


@pytest.mark.skipif(not MSREF.exists(), reason="real MindSpore (~/msref/bin/python) is not installed")
def test_mindspore_loads_mindjax_files(exported, extra, tmp_path):
    big = nn.SequentialCell(nn.Flatten(), nn.Dense(784, 512), nn.ReLU(), nn.Dense(512, 512), nn.ReLU(),
                            nn.Dense(512, 10))
    x = ops.ones((1, 1, 28, 28))
    ms.export(big, x, file_name=str(tmp_path / "big"), file_format="MINDIR")
    jobs = {case: (exported[case], REF[case]["inputs"]) for case in WRITE_CASES}
    jobs["big"] = (str(tmp_path / "big.mindir"), [[[1, 1, 28, 28], "float32"]])
    jobs["extra"] = (extra[0], [EXTRA_INPUT])
    env = dict(os.environ, GLOG_v="3", PYTHONWARNINGS="ignore")
    res = subprocess.run([str(MSREF), "-c", ORACLE, str(DATA), json.dumps(jobs)], capture_output=True, text=True,
                         timeout=300, env=env)
    assert res.returncode == 0, res.stderr[-3000:]
    got = json.loads(res.stdout.strip().splitlines()[-1])
    for case in WRITE_CASES:
        _check(got[case], REF[case]["outputs"], case)
    _check(got["extra"], extra[1])
    want = big(example_inputs(ms, [((1, 1, 28, 28), "float32")])[0]).asnumpy()
    np.testing.assert_allclose(np.asarray(got["big"][0], np.float32), want, rtol=1e-4, atol=1e-5)
