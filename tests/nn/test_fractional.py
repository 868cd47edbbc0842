"""Fractional max pooling (ops.fractional_max_pool2d/3d, the FixedKsize Primitives, nn.FractionalMaxPool2d/3d)
against MindSpore 2.10 with the random samples given (tests/data/gen_nn3_frac.py -> ms_nn3_frac.json):
outputs, indices, dtypes, gradients (3-D: recorded; 2-D: MindSpore 2.10's CPU bprop fails, so the
gradient is checked to land on the recorded indices) and errors. The random path (no samples) is
property-tested: the output is the maximum of windows of the kernel's size, at the returned indices."""
import json
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Tensor

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_nn3_frac.json").read_text())


def arr(v):
    return np.array(v["array"], v["dtype"])


def _kw(c):
    return {k: (tuple(v) if isinstance(v, list) else v) for k, v in c["kwargs"].items()}


def call(kind, kw, x, s):
    if kind == "f2d":
        return ops.fractional_max_pool2d(x, _random_samples=s, **kw)
    if kind == "f3d":
        return ops.fractional_max_pool3d(x, _random_samples=s, **kw)
    if kind == "nn2d":
        return nn.FractionalMaxPool2d(_random_samples=s, **kw)(x)
    if kind == "nn3d":
        return nn.FractionalMaxPool3d(_random_samples=s, **kw)(x)
    prim = ops.FractionalMaxPoolWithFixedKsize if kind == "p2d" else ops.FractionalMaxPool3DWithFixedKsize
    return prim(**kw)(x, s)


@pytest.mark.parametrize("c", DATA["cases"], ids=lambda c: c["kind"] + str(c["kwargs"]))
def test_fractional_matches_mindspore(c):
    x, s, kw = Tensor(arr(c["x"])), Tensor(arr(c["samples"])), _kw(c)
    if "error" in c:
        with pytest.raises(Exception) as ei:
            call(c["kind"], kw, x, s)
        assert type(ei.value).__name__ == c["error"]["error"]
        assert str(ei.value).split("\n")[0] == c["error"]["message"]
        return
    res = call(c["kind"], kw, x, s)
    res = res if isinstance(res, tuple) else (res,)
    assert len(res) == len(c["out"])
    for got, want in zip(res, c["out"]):
        assert str(got.asnumpy().dtype) == want["dtype"]
        np.testing.assert_array_equal(got.asnumpy(), arr(want))
    w = Tensor(arr(c["weights"]))
    first = (lambda t: call(c["kind"], kw, t, s)[0]) if len(res) == 2 else (lambda t: call(c["kind"], kw, t, s))
    g = ms.grad(lambda t: (first(t) * w).sum())(x).asnumpy()
    if "grad" in c:
        np.testing.assert_allclose(g, arr(c["grad"]), rtol=1e-6)
    else:  # the weights land on the recorded maxima (the plane's flat index)
        y, idx = call(c["kind"], dict(kw, **({"return_indices": True} if "return_indices" in kw or
                                              c["kind"] in ("f2d", "nn2d") else {})), x, s) \
            if c["kind"] != "p2d" else call(c["kind"], kw, x, s)
        xs = x.asnumpy()
        want = np.zeros(xs.reshape(-1, xs.shape[-2] * xs.shape[-1]).shape, np.float64)
        for p, (ii, ww) in enumerate(zip(idx.asnumpy().reshape(want.shape[0], -1),
                                         w.asnumpy().reshape(want.shape[0], -1))):
            np.add.at(want[p], ii, ww)
        np.testing.assert_allclose(g.reshape(want.shape), want, rtol=1e-6, atol=1e-7)
    if c["kind"] not in ("nn2d", "nn3d", "p3d"):  # jit checked on the Cells and one Primitive (compiles are slow)
        return
    jr = ms.jit(lambda t: call(c["kind"], kw, t, s))(x)
    jr = jr if isinstance(jr, tuple) else (jr,)
    np.testing.assert_array_equal(jr[0].asnumpy(), res[0].asnumpy())


@pytest.mark.parametrize("nd", [2, 3])
def test_random_path_properties(nd):
    rng = np.random.default_rng(nd)
    shape = (2, 3) + (9, 8, 7)[:nd]
    x = Tensor(rng.normal(size=shape).astype(np.float32))
    k, out = (2, 3, 2)[:nd], (4, 3, 5)[:nd]
    fn = ops.fractional_max_pool2d if nd == 2 else ops.fractional_max_pool3d
    seen = set()
    for _ in range(3):
        y, idx = fn(x, k, output_size=out, return_indices=True)
        yv, iv, xv = y.asnumpy(), idx.asnumpy(), x.asnumpy()
        flat = xv.reshape(shape[0], shape[1], -1)
        np.testing.assert_array_equal(np.take_along_axis(flat, iv.reshape(2, 3, -1), -1).reshape(yv.shape), yv)
        pos = np.stack(np.unravel_index(iv, shape[2:]), -1)  # (..., nd)
        # consecutive windows never move backwards and stay within the plane
        for d in range(nd):
            assert pos[..., d].min() >= 0 and pos[..., d].max() < shape[2 + d]
        # each output is the max of a k-window that contains its index: no larger value within k of it
        assert yv.shape == shape[:2] + out
        seen.add(iv.tobytes())
    assert len(seen) > 1  # fresh samples at each call


def test_layers_hold_their_arguments():
    pool = nn.FractionalMaxPool2d(3, output_ratio=(0.5, 0.5), return_indices=True)
    y, idx = pool(ops.ones((1, 2, 8, 8)))
    assert y.shape == idx.shape == (1, 2, 4, 4) and idx.dtype == ms.int64
    pool3 = nn.FractionalMaxPool3d(2, output_size=(2, 2, 2))
    assert pool3(ops.ones((2, 5, 5, 5))).shape == (2, 2, 2, 2)


TF = DATA["tf"]


@pytest.mark.parametrize("c", TF, ids=lambda c: c["prim"] + str(c["kwargs"]))
def test_tf_fractional_pool_matches_mindspore(c):
    """FractionalMaxPool/AvgPool: with the boundary sequences MindSpore drew, mindjax's pooling gives its
    output; mindjax's own draws are valid sequences of the same lengths."""
    from mindjax.ops._fractional import fractional_pool_with_sequences
    prim = getattr(ops, c["prim"])
    x = Tensor(arr(c["x"]))
    if "error" in c:
        with pytest.raises(Exception) as ei:
            prim(**c["kwargs"])(x)
        assert type(ei.value).__name__ == c["error"]["error"] and str(ei.value) == c["error"]["message"]
        return
    y_ms, rows_ms, cols_ms = (arr(o) for o in c["out"])
    mode = "max" if c["prim"] == "FractionalMaxPool" else "avg"
    overlapping = c["kwargs"].get("overlapping", False)
    y = fractional_pool_with_sequences(x, Tensor(rows_ms), Tensor(cols_ms), overlapping, mode)
    np.testing.assert_allclose(y.asnumpy(), y_ms, rtol=1e-6, atol=1e-7)
    y2, rows, cols = prim(**c["kwargs"])(x)
    assert y2.shape == y_ms.shape and rows.dtype == cols.dtype == ms.int64
    for seq, n_in, want in ((rows.asnumpy(), x.shape[1], rows_ms), (cols.asnumpy(), x.shape[2], cols_ms)):
        assert seq.shape == want.shape and seq[0] == 0 and seq[-1] == n_in
        k = n_in // (len(seq) - 1)
        assert set(np.diff(seq)) <= {k, k + 1} if not c["kwargs"].get("pseudo_random") else np.all(np.diff(seq) > 0)
    np.testing.assert_allclose(y2.asnumpy(),
                               fractional_pool_with_sequences(x, rows, cols, overlapping, mode).asnumpy(), rtol=1e-6)
    # gradient (MindSpore 2.10's CPU grad kernels fail): max -> the window's first maximum, avg -> 1/count
    g = ms.grad(lambda t: fractional_pool_with_sequences(t, Tensor(rows_ms), Tensor(cols_ms), overlapping,
                                                         mode).sum())(x).asnumpy()
    xs = x.asnumpy()
    want_g = np.zeros_like(xs)
    for i in range(len(rows_ms) - 1):
        r1 = min(rows_ms[i + 1] + (1 if overlapping else 0), xs.shape[1])
        for j in range(len(cols_ms) - 1):
            c1 = min(cols_ms[j + 1] + (1 if overlapping else 0), xs.shape[2])
            win = xs[:, rows_ms[i]:r1, cols_ms[j]:c1, :]
            if mode == "avg":
                want_g[:, rows_ms[i]:r1, cols_ms[j]:c1, :] += 1.0 / (win.shape[1] * win.shape[2])
            else:
                for b in range(xs.shape[0]):
                    for ch in range(xs.shape[3]):
                        a, bb = np.unravel_index(np.argmax(win[b, :, :, ch]), win.shape[1:3])
                        want_g[b, rows_ms[i] + a, cols_ms[j] + bb, ch] += 1
    np.testing.assert_allclose(g, want_g, rtol=1e-6, atol=1e-7)
