"""The nn Cells of transformer.py, basic_more.py, math_more2.py, normalization_more2.py, pooling_more2.py,
loss_more2.py, wrap/grad_reducer.py and wrap/cell_wrapper_more.py against MindSpore 2.10
(tests/data/gen_nn_layers_more.py -> ms_nn_layers_more.json): parameter names, shapes and constant
initial values; outputs, gradients w.r.t. the inputs and the Parameters (set to the same fixed
values); the Parameters' state after a training-mode call; jit against eager and against MindSpore's
ms.jit; error classes and messages.

Where MindSpore 2.10 has no CPU kernel for a Cell (recorded as ``ms_error``), the values come from an
``oracle``: a MindSpore expression with the same meaning that runs on CPU (nn.GroupNorm(C, C) for
InstanceNorm, ops.inverse for MatInverse...), named in the case; with no oracle either, the test checks
that the Cell gives what the mindjax op it calls gives (the op's own tests compare it with MindSpore).
"""
import json
import os
import re

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Tensor  # noqa: F401 - used by the recorded build expressions

DATA = json.load(open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_nn_layers_more.json")))
CASES = [c for c in DATA["cases"] if "outputs" in c]
# MindSpore's CTCLoss bprop is exp(log_probs) - posterior (the gradient w.r.t. the logits before a
# log_softmax), not the math gradient w.r.t. log_probs that ops.ctc_loss's bprop gives: that is the
# op's business (mindjax/ops/_grid_ctc.py); the layer's forward values are checked here
# MindSpore's CPU EmbeddingLookup returns the table's gradient in its sparse form (one row per index:
# (6, 3) for a (5, 3) table); mindjax gives the dense gradient of the table's shape
GRAD_DIFFERS = {"ctc", "ctc_sum_blank", "ctc_2d", "embedding_lookup"}
# max_norm goes through nn.ClipByNorm, which follows the clipping formula where MindSpore's ClipByNorm
# kernel with an axis does not (see tests/nn/test_image_layers.py 'clip_axis_msbug'): compared with that
FORMULA = {"embedding_lookup_maxnorm"}
NO_KERNEL = [c for c in DATA["cases"] if "ms_error" in c]


def fixed(shape, k):
    n = int(np.prod(shape)) if shape else 1
    return (0.5 * np.sin(0.7 * np.arange(n) + k + 1)).reshape(shape).astype(np.float32)


def dec(e):
    return np.asarray(e["data"], np.float64).astype(e["dtype"]).reshape(e["shape"])


def flat(o):
    return list(o) if isinstance(o, (tuple, list)) else [o]


def tol(dtype):
    return dict(rtol=1e-3, atol=1e-3) if dtype == "float16" else dict(rtol=2e-5, atol=2e-5)


def build(c):
    """The Cell, its Parameters set as the generator set them, and the call on recorded inputs."""
    cell = eval(c["build"])
    if c.get("set_w", True):
        k = 0
        for _, p in cell.parameters_and_names():
            if p.requires_grad:
                p.set_data(Tensor(fixed(tuple(p.shape), k)))
                k += 1
    cell.set_train(c["train"])
    tin = [Tensor(dec(a)) for a in c["inputs"]]
    tk = {k2: Tensor(dec(v)) for k2, v in c["tkw"].items()}
    pat = c["pattern"] or list(range(len(tin)))
    kw = {k2: tuple(v) if isinstance(v, list) else v for k2, v in c["kw"].items()}

    def fwd(*a):
        return cell(*[a[i] for i in pat], **kw, **tk)
    return cell, tin, fwd


@pytest.mark.parametrize("c", CASES, ids=[c["name"] for c in CASES])
def test_params_forward_grad(c):
    cell = eval(c["build"])
    got = [[n, list(p.shape), bool(p.requires_grad)] for n, p in cell.parameters_and_names()]
    assert got == c["params"]
    for name, p in cell.parameters_and_names():
        if name in c["const_init"]:
            np.testing.assert_array_equal(p.asnumpy(), np.full(p.shape, c["const_init"][name], np.float32))
    cell, tin, fwd = build(c)
    out = fwd(*tin)
    assert isinstance(out, (tuple, list)) == c["tuple"]
    assert len(flat(out)) == len(c["outputs"])
    if c["name"] in FORMULA:
        rows = ops.EmbeddingLookup()(cell.embedding_table, tin[0], 0)
        c = dict(c, outputs=[{"dtype": "float32", "shape": list(rows.shape),
                              "data": nn.ClipByNorm((2,))(rows, cell.max_norm).asnumpy().ravel().tolist()}])
        c.pop("grad_pos", None)
    for o, e in zip(flat(out), c["outputs"]):
        want = dec(e)
        assert o.asnumpy().dtype == want.dtype and o.shape == want.shape, (o.dtype, o.shape, want.dtype, want.shape)
        np.testing.assert_allclose(o.asnumpy(), want, **tol(e["dtype"]))
    if c["train"]:
        state = {n: p.asnumpy() for n, p in cell.parameters_and_names() if not p.requires_grad}
        for n, e in c["state"].items():
            np.testing.assert_allclose(state[n], dec(e), rtol=1e-5, atol=1e-6)
    if "grad_pos" not in c or c["name"] in GRAD_DIFFERS:
        return
    pos = tuple(c["grad_pos"])
    weights = cell.trainable_params()

    def loss(*a):
        s = None
        for o in flat(fwd(*a)):
            if o.dtype in (ms.float16, ms.float32, ms.float64):
                s = o.sum() if s is None else s + o.sum()
        return s
    cell.set_train(c["train"])
    g = ms.grad(loss, grad_position=pos if pos else None, weights=weights if weights else None)(*tin)
    gi, gw = (g if pos and weights else (g, ()) if pos else ((), g))
    gi = gi if isinstance(gi, tuple) else (gi,)
    assert len(gi) == len(c["grad_inputs"]) and len(gw) == len(c["grad_weights"])
    for x, e in zip(list(gi) + list(gw), c["grad_inputs"] + c["grad_weights"]):
        np.testing.assert_allclose(x.asnumpy(), dec(e), rtol=2e-4, atol=2e-5)


SAME = [c for c in NO_KERNEL if "same_as" in c]


def test_no_kernel_cases_are_listed():
    # every case MindSpore could not run on CPU has an oracle or an op to compare with
    assert not [c["name"] for c in NO_KERNEL if "same_as" not in c]


@pytest.mark.parametrize("c", SAME, ids=[c["name"] for c in SAME])
def test_cell_calls_its_op(c):
    cell = eval(c["build"])
    x = [Tensor(dec(a)) for a in c["inputs"]]
    kw = c.get("kw", {})
    got, want = cell(*x, **kw), eval(c["same_as"])
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_array_equal(got.asnumpy(), want.asnumpy())
    g = ms.grad(lambda a: cell(a, *x[1:], **kw).sum())(x[0])
    assert g.shape == x[0].shape and np.isfinite(g.asnumpy()).all()


# the whole Transformer's eager case covers it; its layers are checked under jit (the suite stays fast)
JIT = [c for c in CASES if "jit_outputs" in c and c["name"] != "transformer"]


@pytest.mark.parametrize("c", JIT, ids=[c["name"] for c in JIT])
def test_jit_matches_mindspore_jit_and_eager(c):
    _, tin, fwd = build(c)
    eager = flat(fwd(*tin))
    jitted = flat(ms.jit(fwd)(*tin))
    for a, b, e in zip(eager, jitted, c["jit_outputs"]):
        np.testing.assert_allclose(b.asnumpy(), a.asnumpy(), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(b.asnumpy(), dec(e), **tol(e["dtype"]))


ERRORS = DATA["errors"]


@pytest.mark.parametrize("e", ERRORS, ids=[e["name"] for e in ERRORS])
def test_errors(e):
    if e["error"] is None:  # MindSpore accepts it
        exec(e["code"])
        return
    with pytest.raises(Exception) as ei:
        exec(e["code"])
    assert type(ei.value).__name__ == e["error"], (type(ei.value).__name__, str(ei.value))
    # object reprs (functions, addresses) differ between the two frameworks
    norm = lambda m: re.sub(r"<.*>", "<...>", m)  # noqa: E731
    assert norm(str(ei.value).split("\n")[0]) == norm(e["msg"])


def test_forward_value_and_grad_matches_mindspore():
    x = Tensor(dec(DATA["fvg"]["x"]))
    for key, run in DATA["fvg"]["runs"].items():
        kw = run["kw"]
        net = nn.Dense(2, 4)
        net.weight.set_data(Tensor(fixed((4, 2), 0)))
        net.bias.set_data(Tensor(fixed((4,), 1)))
        fvg = nn.ForwardValueAndGrad(net, net.trainable_params() if kw.get("get_by_list") else None, **kw)
        args = [x] + ([Tensor(np.full((3, 4), 0.5, np.float32))] if kw.get("sens_param") else [])
        loss, grads = fvg(*args)

        def leaves(g):
            return [y for t in g for y in leaves(t)] if isinstance(g, (tuple, list)) else [g]
        np.testing.assert_allclose(loss.asnumpy(), dec(run["loss"]), rtol=1e-6)
        got = leaves(grads)
        assert len(got) == len(run["grads"]), key
        for g, e in zip(got, run["grads"]):
            np.testing.assert_allclose(g.asnumpy(), dec(e), rtol=1e-5, atol=1e-6)


def test_loss_scale_update_cells_under_nn():
    rec = DATA["loss_scale"]
    cell = nn.DynamicLossScaleUpdateCell(loss_scale_value=2 ** 10, scale_factor=2, scale_window=2)
    scale = ms.Parameter(Tensor(2.0 ** 10, ms.float32), name="scale")
    seq = []
    for f in rec["flags"]:
        cell(scale, Tensor(f))
        seq.append(float(scale.asnumpy()))
    assert seq == rec["scales"]
    assert cell.get_loss_scale() == rec["dyn_get"]
    assert nn.FixedLossScaleUpdateCell(128.0).get_loss_scale() == rec["fixed_get"]
    assert [n for n, _ in cell.parameters_and_names()][-2:] == rec["dyn_params"]


def test_distributed_grad_reducer_single_process():
    # one process: the all-reduce is the identity; mean scales by 1/degree (degree defaults to the group size, 1)
    net = nn.Dense(2, 3)
    grads = (Tensor(np.ones((3, 2), np.float32)), Tensor(np.full(3, 2.0, np.float16)))
    same = nn.DistributedGradReducer(net.trainable_params())(grads)
    assert [g.dtype for g in same] == [ms.float32, ms.float16]
    for a, b in zip(same, grads):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    for mean, want in ((True, 0.25), (False, 1.0)):
        out = nn.DistributedGradReducer(net.trainable_params(), mean=mean, degree=4)(grads)
        np.testing.assert_array_equal(out[0].asnumpy(), np.full((3, 2), want, np.float32))
        np.testing.assert_array_equal(out[1].asnumpy(), np.full(3, 2 * want, np.float16))
    jitted = ms.jit(lambda a, b: nn.DistributedGradReducer(net.trainable_params(), True, 2)((a, b)))(*grads)
    np.testing.assert_array_equal(jitted[0].asnumpy(), np.full((3, 2), 0.5, np.float32))


def test_sync_batchnorm_process_groups_single_process():
    bn = nn.SyncBatchNorm(3, process_groups=[[0]])
    x = Tensor(np.random.default_rng(0).uniform(size=(2, 3, 2, 2)).astype(np.float32))
    ref = nn.BatchNorm2d(3)
    ref.set_train(True)
    bn.set_train(True)
    np.testing.assert_allclose(bn(x).asnumpy(), ref(x).asnumpy(), rtol=1e-6)
    with pytest.raises(ValueError):
        nn.SyncBatchNorm(3, process_groups=[[0, 1]])


def test_transformer_trains_under_jit():
    net = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0)
    opt = nn.SGD(net.trainable_params(), 0.1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x = Tensor(np.random.default_rng(1).normal(size=(4, 2, 8)).astype(np.float32))
    y = Tensor(np.zeros((4, 2, 8), np.float32))
    losses = [float(ms.jit(step)(x, y).asnumpy()) for _ in range(3)]
    assert losses[2] < losses[0]
