"""Padding layers, Conv3d/Conv3dTranspose/Conv1dTranspose, AvgPool3d/MaxPool3d and the
adaptive 1-D/3-D pools against values recorded from MindSpore 2.10
(tests/data/gen_padding_3d.py): parameter names and shapes, outputs for the same weights,
input gradients for a random sensitivity, eager vs jit, and the error classes."""
from __future__ import annotations

import json
import pathlib

import jax
import numpy as np
import pytest

import mindjax as ms
from mindjax import ops
from mindjax.nn.layer import padding, conv3d, pooling

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "ms_padding_3d.json").read_text())


class _NN:
    """``nn.X`` for the recorded expressions: mindjax.nn, or the layer modules until exported."""

    def __getattr__(self, name):
        for mod in (ms.nn, padding, conv3d, pooling):
            if hasattr(mod, name):
                return getattr(mod, name)
        raise AttributeError(name)


ENV = {"nn": _NN()}


def _build(case):
    net = eval(case["expr"], ENV)  # noqa: S307 - the recorded case table
    params = {p.name: p for p in net.get_parameters()}
    assert {k: list(v.shape) for k, v in params.items()} == case["param_shapes"]
    for name, value in case["params"].items():
        params[name].set_data(ms.Tensor(np.asarray(value, np.float32)))
    return net


@pytest.mark.parametrize("case", DATA["cases"], ids=[c["expr"] for c in DATA["cases"]])
def test_forward_and_grad_match_mindspore(case):
    net = _build(case)
    x = ms.Tensor(np.asarray(case["x"], case["dtype"]))
    y = net(x)
    want = np.asarray(case["y"])
    assert y.shape == want.shape
    assert str(y.asnumpy().dtype) == case["y_dtype"]
    np.testing.assert_allclose(y.asnumpy(), want, rtol=1e-5, atol=1e-5)
    if "dx" in case:
        sens = ms.Tensor(np.asarray(case["sens"], np.float32))
        dx = ops.GradOperation(sens_param=True)(net)(x, sens)
        np.testing.assert_allclose(dx.asnumpy(), np.asarray(case["dx"]), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("expr", ["nn.Conv3dTranspose(2, 3, 3, stride=2, pad_mode='pad', padding=1, "
                                  "output_padding=1, has_bias=True)", "nn.AvgPool3d(3, 2, pad_mode='pad', "
                                  "padding=1, ceil_mode=True, count_include_pad=False)",
                                  "nn.ReplicationPad1d((2, -1))", "nn.AdaptiveAvgPool3d((3, 4, 1))"])
def test_jit_matches_eager(expr):
    case = next(c for c in DATA["cases"] if c["expr"] == expr)
    net = _build(case)
    x = ms.Tensor(np.asarray(case["x"], case["dtype"]))
    got = ms.jit(lambda t: net(t))(x)
    np.testing.assert_allclose(got.asnumpy(), np.asarray(case["y"]), rtol=1e-5, atol=1e-5)


def test_grad_of_weights_matches_jax_vjp():
    """The weight gradient of Conv3d equals jax.vjp of lax.conv on the same arrays."""
    net = conv3d.Conv3d(2, 4, 3, stride=2, pad_mode="pad", padding=1, group=2)
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 2, 5, 4, 5)).astype(np.float32)
    w = net.weight.asnumpy()
    sens = rng.standard_normal(net(ms.Tensor(x)).shape).astype(np.float32)
    g = ops.GradOperation(get_by_list=True, sens_param=True)(net, ms.ParameterTuple(net.trainable_params()))
    got = g(ms.Tensor(x), ms.Tensor(sens))[0].asnumpy()

    def f(wj):
        return jax.lax.conv_general_dilated(x, wj, (2, 2, 2), ((1, 1),) * 3, feature_group_count=2,
                                            dimension_numbers=("NCDHW", "OIDHW", "NCDHW"))
    _, vjp = jax.vjp(f, w)
    np.testing.assert_allclose(got, np.asarray(vjp(sens)[0]), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("rec", DATA["errors"], ids=[e["expr"] for e in DATA["errors"]])
def test_errors_match_mindspore(rec):
    env = dict(ENV, X1=ms.Tensor(np.ones((4,), np.float32)), X2=ms.Tensor(np.ones((4, 7), np.float32)),
               X3=ms.Tensor(np.ones((2, 3, 4), np.float32)), X4=ms.Tensor(np.ones((1, 4, 5, 5), np.float32)),
               X5=ms.Tensor(np.ones((1, 4, 5, 5, 5), np.float32)))
    with pytest.raises(Exception) as info:
        eval(rec["expr"], env)  # noqa: S307
    assert type(info.value).__name__ == rec["error"]
    # the message names the same op and argument (up to the first comma)
    want = rec["msg"].split(",")[0].replace("primitive[", "'").replace("]", "'")
    got = str(info.value).split(",")[0].replace("primitive[", "'").replace("]", "'")
    assert got.split()[:2] == want.split()[:2], (got, want)
