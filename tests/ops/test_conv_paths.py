"""1x1 and depthwise convolutions take mindjax's faster paths (mindjax/ops/_conv_paths.py): values
and gradients against MindSpore 2.10 (tests/data/gen_conv_paths.py), and against XLA's general
convolution to float64 precision."""
import json
import os

import jax
import numpy as np
import pytest

import mindjax as ms
from mindjax import nn
from mindjax.ops import nn_ops

CASES = json.load(open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_conv_paths.json")))


def _tuple(v):
    return tuple(v) if isinstance(v, list) else v


@pytest.mark.parametrize("name", sorted(CASES))
def test_conv_matches_mindspore(name):
    c = CASES[name]
    dt = np.dtype(c["dtype"])
    x, w, cot = (np.array(c[k], dt) for k in ("x", "w", "cot"))
    cls = nn.Conv2d if c["dims"] == 2 else nn.Conv1d
    net = cls(x.shape[1], w.shape[0], _tuple(c["kernel"]), stride=_tuple(c["stride"]), pad_mode=c["pad_mode"],
              padding=c["padding"], dilation=c["dilation"], group=c["group"], has_bias=False,
              weight_init=ms.Tensor(w), dtype=getattr(ms, c["dtype"]))
    out = net(ms.Tensor(x))
    assert str(out.dtype) == c["out_dtype"]
    tol = dict(rtol=5e-3, atol=5e-3) if dt == np.float16 else dict(rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), c["out"], **tol)
    grad = ms.grad(lambda a: (net(a) * ms.Tensor(cot)).sum(), grad_position=0, weights=net.trainable_params())
    dx, (dw,) = grad(ms.Tensor(x))
    np.testing.assert_allclose(dx.asnumpy().astype(np.float64), c["dx"], **tol)
    np.testing.assert_allclose(dw.asnumpy().astype(np.float64), c["dw"],
                               **(tol if dt != np.float16 else dict(rtol=2e-2, atol=2e-2)))


def _check_against_xla(x, w, **attrs):
    general = lambda a, b: jax.lax.conv_general_dilated(
        a, b, attrs["stride"], attrs["padding"], rhs_dilation=attrs["dilation"],
        dimension_numbers=("NCHW", "OIHW", "NCHW"), feature_group_count=attrs["groups"])
    fast = lambda a, b: nn_ops._conv_fwd(a, b, dims=2, **attrs)
    np.testing.assert_allclose(fast(x, w), general(x, w), rtol=1e-12, atol=1e-12)
    g = np.random.default_rng(1).standard_normal(general(x, w).shape)
    for got, want in zip(jax.vjp(fast, x, w)[1](g), jax.vjp(general, x, w)[1](g)):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("stride,padding", [((1, 1), "VALID"), ((2, 2), "SAME"), ((3, 2), ((0, 0), (0, 0)))])
def test_pointwise_path_equals_general_convolution(stride, padding):
    rng = np.random.default_rng(0)
    _check_against_xla(rng.standard_normal((2, 6, 9, 7)), rng.standard_normal((4, 6, 1, 1)),
                       stride=stride, padding=padding, dilation=(1, 1), groups=1)


@pytest.mark.parametrize("kernel,stride,padding,dilation,mult", [
    ((3, 3), (1, 1), "SAME", (1, 1), 1), ((3, 3), (2, 2), "SAME", (1, 1), 1), ((5, 3), (2, 1), "VALID", (1, 1), 1),
    ((3, 3), (1, 1), ((2, 1), (0, 3)), (2, 2), 1), ((3, 3), (2, 2), "SAME", (1, 1), 3), ((4, 4), (3, 3), "SAME", (1, 2), 2)])
def test_depthwise_path_equals_general_convolution(kernel, stride, padding, dilation, mult):
    rng = np.random.default_rng(0)
    c = 3
    _check_against_xla(rng.standard_normal((2, c, 11, 10)), rng.standard_normal((c * mult, 1) + kernel),
                       stride=stride, padding=padding, dilation=dilation, groups=c)


def test_padded_1x1_and_grouped_convs_keep_the_general_path():
    x = np.ones((1, 4, 3, 3), np.float32)
    out = nn_ops._conv_fwd(x, np.ones((4, 4, 1, 1), np.float32), stride=(1, 1), padding=((1, 1), (1, 1)),
                           dilation=(1, 1), groups=1, dims=2)
    assert out.shape == (1, 4, 5, 5) and float(out[0, 0, 0, 0]) == 0.0 and float(out[0, 0, 1, 1]) == 4.0
    out = nn_ops._conv_fwd(x, np.ones((4, 2, 3, 3), np.float32), stride=(1, 1), padding="SAME",
                           dilation=(1, 1), groups=2, dims=2)  # 2 groups of 2 channels: not depthwise
    assert float(out[0, 0, 1, 1]) == 18.0 and float(out[0, 0, 0, 0]) == 8.0
