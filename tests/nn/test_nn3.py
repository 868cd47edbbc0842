"""nn.Linear, the *Ext layers, TripletMarginWithDistanceLoss, MultiFieldEmbeddingLookup, SparseToDense,
SparseTensorDenseMatmul and ParameterUpdate against MindSpore 2.10 (tests/data/gen_nn3.py ->
ms_nn3.json): outputs, gradients w.r.t. inputs and Parameters, Parameter names, errors. The Ext layers
MindSpore 2.10 cannot run on CPU (no kernel) are checked against numpy and against their mint twins."""
import json
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, Tensor, mint

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_nn3.json").read_text())


def dec(v):
    if "tensor" in v or "array" in v:
        return Tensor(np.array(v.get("tensor", v.get("array")), dtype=v["dtype"]))
    if "tuple" in v:
        return tuple(v["tuple"])
    return v["raw"]


def arr(v):
    return np.array(v["tensor"], v["dtype"])


def cid(c):
    return c["name"] + "-" + ",".join(f"{k}={v.get('raw', 'T')}" for k, v in c["kwargs"].items())


# MindSpore 2.10 CPU has no LayerNormExt kernel: those cases record the RuntimeError; mindjax runs them
NO_CPU_KERNEL = "Create kernelmod for op LayerNormExt failed"


@pytest.mark.parametrize("c", DATA["cases"], ids=cid)
def test_case_matches_mindspore(c):
    cls = getattr(nn, c["name"])
    kwargs = {k: dec(v) for k, v in c["kwargs"].items()}
    if "init" in c:
        with pytest.raises(Exception) as ei:
            cls(**kwargs)
        assert type(ei.value).__name__ == c["init"]["error"]
        assert str(ei.value).split("\n")[0] == c["init"]["message"]
        return
    cell = cls(**kwargs)
    args = [dec(i) for i in c["inputs"]]
    if "call" in c:
        if c["call"]["message"] == NO_CPU_KERNEL:
            x = args[0].asnumpy().astype(np.float64)
            axes = tuple(range(x.ndim - len(cell.normalized_shape), x.ndim))
            want = (x - x.mean(axes, keepdims=True)) / np.sqrt(x.var(axes, keepdims=True) + cell.eps)
            np.testing.assert_allclose(cell(*args).asnumpy(), want, rtol=1e-5, atol=1e-5)
            return
        with pytest.raises(Exception) as ei:
            cell(*args)
        assert type(ei.value).__name__ == c["call"]["error"]
        assert str(ei.value) == c["call"]["message"]
        return
    out = cell(*args)
    want = arr(c["out"])
    assert out.shape == want.shape and str(out.asnumpy().dtype) == c["out"]["dtype"]
    np.testing.assert_allclose(out.asnumpy(), want, rtol=2e-5, atol=2e-6)
    params = cell.trainable_params()
    assert [p.name for p in params] == c["param_names"]
    g = ms.grad(cell, grad_position=tuple(c["grad"]), weights=params if params else None)(*args)
    gi, gw = g if params else (g, ())
    gi = gi if isinstance(gi, tuple) else (gi,)
    if c["name"] == "MultiFieldEmbeddingLookup":
        # MindSpore's sparse lookup returns the table's gradient as the rows of a RowTensor (one per id,
        # indices left out); mindjax returns it dense: scatter the recorded rows to compare
        ids = args[0].asnumpy().reshape(-1)
        dense = np.zeros(tuple(params[0].shape), np.float32)
        np.add.at(dense, ids, arr(c["grad_weights"][0]))
        c = dict(c, grad_weights=[{"tensor": dense.tolist(), "dtype": "float32"}])
    assert len(gi) + len(gw) == len(c["grads"]) + len(c["grad_weights"])
    for got, w in zip(tuple(gi) + tuple(gw), c["grads"] + c["grad_weights"]):
        np.testing.assert_allclose(got.asnumpy(), arr(w), rtol=2e-5, atol=2e-6)
    # and the same under jit
    np.testing.assert_allclose(ms.jit(lambda *a: cell(*a))(*args).asnumpy(), want, rtol=2e-5, atol=2e-6)


def test_sparse_to_dense_matches_mindspore():
    r = DATA["sparse_to_dense"]
    coo = ms.COOTensor(Tensor(np.array(r["indices"], np.int32)), Tensor(np.array(r["values"], np.float32)),
                       tuple(r["shape"]))
    np.testing.assert_allclose(nn.SparseToDense()(coo).asnumpy(), np.array(r["dense"], np.float32))


def test_ext_layers_are_the_mint_layers():
    """In MindSpore, mint.nn.AvgPool2d IS nn.AvgPool2dExt (and so on): one definition here too."""
    for ext, twin in (("AvgPool1dExt", "AvgPool1d"), ("AvgPool2dExt", "AvgPool2d"),
                      ("AvgPool3dExt", "AvgPool3d"), ("L1LossExt", "L1Loss"), ("LogSoftmaxExt", "LogSoftmax"),
                      ("PReLUExt", "PReLU")):
        assert getattr(nn, ext) is getattr(mint.nn, twin)


def test_ext_layers_without_cpu_kernel_in_mindspore():
    """EmbeddingExt, MaxPool2dExt: no MindSpore CPU kernel; checked against numpy."""
    w = np.arange(15, dtype=np.float32).reshape(5, 3)
    emb = nn.EmbeddingExt(5, 3, padding_idx=1, _weight=Tensor(w))
    idx = Tensor(np.array([[0, 1], [4, 1]], np.int64))
    np.testing.assert_array_equal(emb(idx).asnumpy(), w[[[0, 1], [4, 1]]])
    g = ms.grad(lambda t: emb(idx).sum(), weights=emb.trainable_params())(Tensor(0.0))[1][0].asnumpy()
    np.testing.assert_array_equal(g[:, 0], [1, 0, 0, 0, 1])  # the padding row gets no gradient
    assert [p.name for p in nn.EmbeddingExt(4, 2).get_parameters()] == ["weight"]
    x = np.random.default_rng(0).normal(size=(1, 2, 4, 6)).astype(np.float32)
    out = nn.MaxPool2dExt(2)(Tensor(x)).asnumpy()
    np.testing.assert_array_equal(out, x.reshape(1, 2, 2, 2, 3, 2).max(axis=(3, 5)))
    out, idx = nn.MaxPool2dExt(2, return_indices=True)(Tensor(x))
    assert out.shape == idx.shape == (1, 2, 2, 3)


def test_dropout_ext_training_properties():
    x = ms.ops.ones((200, 50))
    d = nn.DropoutExt(0.3)
    d.set_train(True)
    y = d(x).asnumpy()
    np.testing.assert_allclose(np.unique(y), [0.0, 1 / 0.7], rtol=1e-6)
    assert abs((y == 0).mean() - 0.3) < 0.03
    d2 = nn.Dropout2dExt(0.5)
    d2.set_train(True)
    y = d2(ms.ops.ones((4, 64, 3, 3))).asnumpy()
    per_channel = y.reshape(4, 64, 9)
    assert np.all(per_channel.min(-1) == per_channel.max(-1))  # whole channels kept or dropped
    assert 0.3 < (per_channel[..., 0] == 0).mean() < 0.7
    d2.set_train(False)
    np.testing.assert_array_equal(d2(ms.ops.ones((1, 2, 2, 2))).asnumpy(), 1)


def test_linear_default_init_ranges():
    lin = nn.Linear(16, 8)
    w, b = lin.weight.asnumpy(), lin.bias.asnumpy()
    bound = 1 / np.sqrt(16)  # HeUniform(sqrt(5)) and Uniform(1/sqrt(in)) both give this bound
    assert w.shape == (8, 16) and np.abs(w).max() <= bound and np.abs(b).max() <= bound


def test_parameter_update_writes_under_jit():
    p = ms.Parameter(Tensor(np.zeros(3, np.float32)), name="p")
    upd = nn.ParameterUpdate(p)
    out = ms.jit(lambda x: upd(x))(Tensor(np.arange(3, dtype=np.float32)))
    np.testing.assert_array_equal(p.asnumpy(), [0, 1, 2])
    np.testing.assert_array_equal(out.asnumpy(), [0, 1, 2])
    with pytest.raises(TypeError, match="must be 'Parameter'"):
        nn.ParameterUpdate(Tensor(1.0))


@pytest.mark.parametrize("name", ["GradAccumulationCell", "PipelineCell", "MicroBatchInterleaved"])
@pytest.mark.parametrize("jit", [False, True], ids=["pynative", "jit"])
def test_micro_batch_wrappers_match_mindspore(name, jit):
    w = DATA["wrappers"]
    dense = nn.Dense(4, 3, weight_init=Tensor(np.array(w["w"], np.float32)),
                     bias_init=Tensor(np.array(w["b"], np.float32)))
    if name == "MicroBatchInterleaved":
        cell, args = nn.MicroBatchInterleaved(dense, 2), (Tensor(np.array(w["x"], np.float32)),)
    else:
        cell = getattr(nn, name)(nn.WithLossCell(dense, nn.MSELoss()), 2)
        args = (Tensor(np.array(w["x"], np.float32)), Tensor(np.array(w["y"], np.float32)))
    rec = w[name]
    fn = ms.jit(lambda *a: cell(*a)) if jit else cell
    np.testing.assert_allclose(fn(*args).asnumpy(), arr(rec["out"]), rtol=2e-6, atol=1e-6)
    assert [p.name for p in cell.trainable_params()] == rec["names"]
    gw = ms.grad(cell, grad_position=None, weights=cell.trainable_params())(*args)
    for got, want in zip(gw, rec["grads"]):
        np.testing.assert_allclose(got.asnumpy(), arr(want), rtol=2e-5, atol=2e-6)


def test_micro_batch_errors_and_pipeline_stages():
    with pytest.raises(ValueError, match=r"0th dimension shape of input\(3\) must be divided by micro size\(2\)"):
        nn.GradAccumulationCell(nn.Dense(2, 2), 2)(ops_ones((3, 2)))
    with pytest.raises(TypeError, match="'micro_size' must be integer"):
        nn.PipelineCell(nn.Dense(2, 2), 2.0)
    with pytest.raises(ValueError, match="'interleave_num' must be large than 0"):
        nn.MicroBatchInterleaved(nn.Dense(2, 2), 0)
    net = nn.SequentialCell(nn.Dense(3, 3), nn.Dense(3, 1))
    nn.PipelineCell(net, 2, stage_config={"0": 0, "1": 1})
    assert net[0].pipeline_stage == 0 and net[1].pipeline_stage == 1
    with pytest.raises(KeyError, match="is not found in 'network'"):
        nn.PipelineCell(net, 2, stage_config={"7": 1})


def ops_ones(shape):
    return ms.ops.ones(shape)


@pytest.mark.parametrize("c", DATA["sampled_softmax"], ids=lambda c: str(c.get("num_true", c.get("bad"))))
def test_sampled_softmax_loss_matches_mindspore(c):
    if "bad" in c:
        kw = {k: (tuple(v) if isinstance(v, list) else v) for k, v in c["bad"].items()}
        with pytest.raises(Exception) as ei:
            nn.SampledSoftmaxLoss(**kw)
        assert type(ei.value).__name__ == c["error"]["error"] and str(ei.value) == c["error"]["message"]
        return
    sv = tuple(dec(t) for t in c["sampled"])
    loss = nn.SampledSoftmaxLoss(num_sampled=sv[0].shape[0], num_classes=6, num_true=c["num_true"], sampled_values=sv,
                                 **c["kwargs"])
    args = [dec(a) for a in c["inputs"]]
    np.testing.assert_allclose(loss(*args).asnumpy(), arr(c["out"]), rtol=2e-5, atol=2e-6)
    for got, want in zip(ms.grad(loss, grad_position=(0, 1, 3))(*args), c["grads"]):
        np.testing.assert_allclose(got.asnumpy(), arr(want), rtol=2e-5, atol=2e-6)


def test_sampled_softmax_loss_sampler_path():
    """Without sampled_values the candidates come from ops.UniformCandidateSampler: per-example losses,
    finite, and the true class's share of the softmax."""
    loss = nn.SampledSoftmaxLoss(num_sampled=3, num_classes=8, num_true=1)
    rng = np.random.default_rng(1)
    out = loss(Tensor(rng.normal(size=(8, 4)).astype(np.float32)), Tensor(np.zeros(8, np.float32)),
               Tensor(np.array([[1], [2]], np.int32)), Tensor(rng.normal(size=(2, 4)).astype(np.float32)))
    assert out.shape == (2,) and np.all(np.isfinite(out.asnumpy())) and np.all(out.asnumpy() > 0)
