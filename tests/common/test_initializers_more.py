"""Dirac, Sparse and VarianceScaling equal MindSpore 2.10's under ``set_seed``.

The reference (tests/data/ms_initializers_more.json) was recorded by
tests/data/gen_initializers_more.py with real MindSpore; these tests do not need it.
"""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax.common import initializer as I

_REF = json.load(open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_initializers_more.json")))


def _make(expr, shape, dtype):
    init = eval(expr, dict(vars(I)))  # the reference names its initializers as source text
    return I.initializer(init, shape, getattr(ms, dtype)).asnumpy()


def _ulps(a, b):
    a = a.view(np.int32).astype(np.int64)
    b = b.view(np.int32).astype(np.int64)
    a = np.where(a < 0, -(a & 0x7FFFFFFF), a)
    b = np.where(b < 0, -(b & 0x7FFFFFFF), b)
    return np.abs(a - b)


@pytest.mark.parametrize("case", _REF["cases"], ids=lambda c: f"{c['init']}-{c['shape']}-{c['dtype']}")
def test_values_equal_mindspore(case):
    ms.set_seed(case["seed"])
    got = np.ascontiguousarray(_make(case["init"], case["shape"], case["dtype"]))
    # the initializer consumed exactly as many numpy draws as MindSpore's
    assert int(np.random.randint(0, 1 << 30)) == case["next_numpy_draw"]
    want = np.frombuffer(bytes.fromhex(case["hex"]), dtype=case["np_dtype"]).reshape(case["shape"])
    assert got.dtype == want.dtype
    if got.tobytes() == want.tobytes():
        return  # bit-identical
    # Normal draws use the platform's double log/cos/sin: allow 1 float32 ulp, as
    # tests/common/test_init_matches_mindspore.py does; zeros must sit at the same places.
    assert got.dtype == np.float32 and "normal" in case["init"].lower() or "Sparse" in case["init"]
    assert np.array_equal(got == 0, want == 0)
    assert int(_ulps(got, want).max()) <= 1


@pytest.mark.parametrize("case", _REF["errors"], ids=lambda c: f"{c['init']}-{c['shape']}")
def test_errors_equal_mindspore(case):
    ms.set_seed(0)
    with pytest.raises(Exception) as info:
        _make(case["init"], case["shape"], "float32")
    assert [type(info.value).__name__, str(info.value)] == case["error"]


def test_sparse_zero_count_and_dirac_identity_conv():
    """Properties that hold for any seed: zeros per column, and a Dirac conv is the identity."""
    w = I.initializer(I.Sparse(0.3, sigma=1.0), [10, 7], ms.float32).asnumpy()
    assert ((w == 0).sum(axis=0) == 3).all()
    conv = ms.nn.Conv2d(3, 3, 3, pad_mode="same", weight_init=I.Dirac())
    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 3, 5, 5)).astype(np.float32))
    np.testing.assert_allclose(conv(x).asnumpy(), x.asnumpy(), rtol=0, atol=1e-6)


def test_variance_scaling_bounds_and_std():
    ms.set_seed(3)
    w = I.initializer(I.VarianceScaling(2.0, "fan_in", "uniform"), [200, 50], ms.float32).asnumpy()
    limit = np.sqrt(3.0 * 2.0 / 50)
    assert np.abs(w).max() < limit and np.abs(w).max() > 0.95 * limit
    w = I.initializer(I.VarianceScaling(2.0, "fan_in", "untruncated_normal"), [400, 50], ms.float32).asnumpy()
    assert abs(w.std() - np.sqrt(2.0 / 50)) < 0.01
    assert "variancescaling" in I._NAMES and I.__all__[-3:] == ["Dirac", "Sparse", "VarianceScaling"]
