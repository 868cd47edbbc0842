"""Small op fixes found by MindSpore's tests/st/ops/cpu (a-l): values recorded from MindSpore 2.10
(tests/data/gen_ops_a_misc.py)."""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor
from mindjax.ops import operations as P

REC = json.load(open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_ops_a_misc.json")))


@pytest.mark.parametrize("name,dtype", [("inv_int32", np.int32), ("inv_int64", np.int64),
                                        ("inv_float32", np.float32)])
def test_inv_keeps_integers(name, dtype):
    """P.Inv on integers is 1 / x truncated, in the input's dtype (not a float reciprocal)."""
    got = P.Inv()(Tensor(np.array(REC["x"], dtype)))
    want = REC["cases"][name]
    assert str(got.dtype) == want["dtype"]
    np.testing.assert_allclose(got.asnumpy().astype(np.float64), want["value"], rtol=1e-7)
    assert str(ms.jit(lambda t: P.Inv()(t))(Tensor(np.array(REC["x"], dtype))).dtype) == want["dtype"]


COMPLEX = sorted(k[len("complex_"):] for k in REC["cases"] if k.startswith("complex_"))


@pytest.mark.parametrize("name", COMPLEX)
def test_complex_gradient_primitives(name):
    """On complex inputs MindSpore's gradient kernels give dout * conj(f'(x)), except InvGrad and TanhGrad."""
    from mindjax.ops.operations import _grad_ops as G
    x = np.array(REC["xc"][0]) + 1j * np.array(REC["xc"][1])
    dy = np.array(REC["dyc"][0]) + 1j * np.array(REC["dyc"][1])
    got = getattr(G, name)()(Tensor(x.astype(np.complex64)), Tensor(dy.astype(np.complex64)))
    want = REC["cases"]["complex_" + name]
    assert str(got.dtype) == want["dtype"]
    np.testing.assert_allclose(got.asnumpy(), np.array(want["value"]) + 1j * np.array(want["imag"]), rtol=1e-5,
                               atol=1e-6)


@pytest.mark.parametrize("p", [0.0, 1.0, 2.0, 3.0, float("inf")])
def test_cdist_grad(p):
    """auto_generate.CdistGrad against MindSpore, and against mindjax's own gradient of ops.cdist."""
    from mindjax import ops
    from mindjax.ops import auto_generate as gen
    x1, x2, g = (Tensor(np.array(a, np.float32)) for a in REC["cdist"])
    d = ops.cdist(x1, x2, p)
    got = gen.CdistGrad(p)(g, x1, x2, d)
    want = REC["cases"][f"cdist_grad_{p}"]
    np.testing.assert_allclose(got.asnumpy(), np.array(want["value"]).reshape(got.shape), rtol=1e-4, atol=1e-5)
    if p not in (0.0, float("inf")):  # away from the zero distance: the derivative of cdist itself
        x2b = Tensor(x2.asnumpy() + 0.5)
        auto = ms.grad(lambda a: (ops.cdist(a, x2b, p) * g).sum())(x1)
        np.testing.assert_allclose(gen.CdistGrad(p)(g, x1, x2b, ops.cdist(x1, x2b, p)).asnumpy(), auto.asnumpy(),
                                   rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("jit", [False, True])
def test_ctc_greedy_decoder_under_jit(jit):
    """The decoded length depends on the values: under jit the op breaks the graph and gives exact values."""
    from mindjax import ops
    x, lens = Tensor(np.array(REC["ctc"][0])), Tensor(np.array(REC["ctc"][1], np.int32))
    f = (lambda a, b: ops.CTCGreedyDecoder()(a, b))
    outs = (ms.jit(f) if jit else f)(x, lens)
    for i, o in enumerate(outs):
        want = REC["cases"][f"ctc_greedy_{i}"]
        assert str(o.dtype) == want["dtype"]
        np.testing.assert_allclose(o.asnumpy().astype(np.float64).ravel(), np.ravel(want["value"]), rtol=1e-12)
    with pytest.raises(RuntimeError, match=r"sequence_length\[0\] 5 should be less than 4"):
        (ms.jit(f) if jit else f)(x, Tensor(np.array([5, 3], np.int32)))


@pytest.mark.parametrize("key", sorted(REC["dropout_nd"]))
def test_dropout_nd_primitives(key):
    """P.Dropout2D / P.Dropout3D on MindSpore's integer and float dtypes, keep_prob 0 included: whole channels
    kept and scaled by 1 / keep_prob (integers truncated), the mask bool; the gradient is mask / keep_prob."""
    op, dt, kp = key.split("_")
    kp = float(kp)
    shape = (2, 3, 1, 2) if op == "Dropout2D" else (2, 3, 1, 1, 2)
    want = REC["dropout_nd"][key]
    x = Tensor(np.ones(shape, dt) * 3)
    out, mask = getattr(P, op)(kp)(x)
    assert str(out.dtype) == want["dtype"] and str(mask.dtype) == want["mask_dtype"]
    assert set(out.asnumpy().astype(np.float64).ravel().tolist()) <= set(want["values"]) | {0.0}
    m = mask.asnumpy().reshape(2, 3, -1)
    assert (m.all(-1) | ~m.any(-1)).all()  # a channel is kept or dropped as a whole
    if kp in (0.0, 1.0):
        assert set(out.asnumpy().astype(np.float64).ravel().tolist()) == set(want["values"])
    if dt.startswith("float"):
        g = ms.grad(lambda t: getattr(P, op)(kp)(t)[0].sum())(x)
        assert set(np.unique(g.asnumpy()).tolist()) <= {0.0, (1 / kp) if kp else 0.0}


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_tensor_expand_with_size_tensor(mode):
    x = Tensor(np.array([[1.0], [2.0], [3.0]], np.float32))
    cases = {"expand_size_tensor": Tensor(np.array([3, 4], np.int32)),
             "expand_size_tensor_m1": Tensor(np.array([2, 3, -1], np.int64))}
    for name, size in cases.items():
        f = (lambda a, s: a.expand(s))
        got = (ms.jit(f) if mode == ms.GRAPH_MODE else f)(x, size)
        want = REC["cases"][name]
        np.testing.assert_array_equal(got.asnumpy().astype(np.float64), np.array(want["value"]).reshape(got.shape))


def test_fold_negative_output_size_message():
    """MindSpore 2.10: ValueError "For 'Col2Im', the value of 'output_size' must not be negative, but got [6, -1]."."""
    from mindjax import ops
    x = Tensor(np.ones((1, 4, 6), np.float32))
    with pytest.raises(ValueError, match=r"For 'Col2Im', the value of 'output_size' must not be negative, but got "
                                         r"\[6, -1\]\."):
        ops.fold(x, Tensor(np.array([6, -1], np.int32)), 2, 1, 0, 1)


@pytest.mark.parametrize("inverse", [False, True])
def test_fft_with_size_last_dim_one(inverse):
    """MindSpore 2.10: a real FFTWithSize over a last axis of size 1 is a ValueError."""
    from mindjax import ops
    x = Tensor(np.ones((2, 1), np.complex64 if inverse else np.float32))
    with pytest.raises(ValueError, match="For 'FFTWithSize', the last dimension of the input cannot be 1, but got: 1"):
        ops.FFTWithSize(signal_ndim=1, inverse=inverse, real=True)(x)


def test_approximate_equal_checks():
    """MindSpore 2.10's errors: shapes must match (no broadcasting), rank below 8, tolerance a float."""
    x = Tensor(np.ones((8, 6, 5, 4, 3, 2, 1), np.float32))
    y = Tensor(np.ones((7, 6, 5, 4, 3, 2, 1), np.float32))
    with pytest.raises(RuntimeError, match=r"For 'ApproximateEqual', arg 'x1' must have the same shape as 'x2'\. But "
                                           r"got 'x1' shape: \(8, 6, 5, 4, 3, 2, 1\), 'x2' shape: \(7, 6, 5, 4, 3, 2, "
                                           r"1\)\."):
        P.ApproximateEqual(0.5)(x, y)
    z = Tensor(np.ones((2,) * 12, np.float32))
    with pytest.raises(RuntimeError, match="For 'ApproximateEqual', the x's rank should be less than 8, but got: 12"):
        P.ApproximateEqual(0.5)(z, z)
    for bad in ("s", 1):
        with pytest.raises(TypeError, match="the type of 'tolerance' should be 'float', but got type"):
            P.ApproximateEqual(bad)
    a = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    np.testing.assert_array_equal(P.ApproximateEqual(1.5)(a, a * 2).asnumpy(), [True, False, False])


@pytest.mark.parametrize("op", ["cummax", "cummin"])
def test_cum_minmax_nan(op):
    """Cummax / Cummin: NaN is the running extreme once seen, ties (NaNs too) take the later index."""
    x = Tensor(np.array([np.nan if v is None else v for v in REC["cum_x"]], np.float32))
    v, i = getattr(P, op.capitalize())(0)(x)
    wv, wi = REC["cases"][f"{op}_nan_values"], REC["cases"][f"{op}_nan_indices"]
    assert str(i.dtype) == wi["dtype"]
    np.testing.assert_array_equal(v.asnumpy(), np.array([np.nan if e is None else e for e in wv["value"]]))
    np.testing.assert_array_equal(i.asnumpy(), wi["value"])


@pytest.mark.parametrize("reduction", ["none", "mean", "sum", "batchmean"])
def test_kl_div_loss_non_positive_targets(reduction):
    """KLDivLoss: a target <= 0 contributes 0, as MindSpore's kernel; its gradient there is 0."""
    from mindjax import ops
    x, t = (Tensor(np.array(a, np.float32)) for a in REC["kl"])
    got = P.KLDivLoss(reduction)(x, t)
    want = REC["cases"][f"kl_div_{reduction}"]
    np.testing.assert_allclose(got.asnumpy().ravel(), np.ravel(want["value"]), rtol=1e-6)
    g = ms.grad(lambda a: ops.kl_div(a, t, reduction).sum())(x).asnumpy()
    assert g[0, 0] == 0 and g[1, 0] == 0 and g[0, 1] != 0
