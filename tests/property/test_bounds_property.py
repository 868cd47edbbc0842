"""Property tests for issue #14: generated out-of-range indices, duplicate axes, mixed dtypes and
empty/0-d shapes through every indexing, gathering, scattering and reduction entry. Each call either
equals numpy's answer or raises MindSpore's exception class (the classes recorded from MindSpore 2.10
in tests/data/ms_validation.json: Gather/GatherD/ScatterNd RuntimeError, TensorScatterUpdate
ValueError, int/list indexing IndexError, duplicate reduce axes RuntimeError, MatMul dtypes
TypeError). Never a clamped, wrapped or dropped index."""
import numpy as np
import pytest
from hypothesis import given, settings, HealthCheck, strategies as st
from hypothesis.extra import numpy as hnp

import mindjax as ms
from mindjax import ops, Tensor

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
shapes = hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4)


def _x(shape):
    return np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)


def _in(v, n):
    return -n <= v < n


@SETTINGS
@given(shapes, st.data())
def test_gather(shape, data):
    axis = data.draw(st.integers(0, len(shape) - 1))
    n = shape[axis]
    idx = np.array(data.draw(st.lists(st.integers(-2 * n - 1, 2 * n), min_size=1, max_size=5)), np.int32)
    x = _x(shape)
    if all(_in(v, n) for v in idx):
        got = ops.gather(Tensor(x), Tensor(idx), axis).asnumpy()
        np.testing.assert_array_equal(got, np.take(x, idx, axis=axis))
    else:
        with pytest.raises(RuntimeError, match="For 'Gather', the 'input_indices' should be in the range"):
            ops.gather(Tensor(x), Tensor(idx), axis)


@SETTINGS
@given(shapes, st.data())
def test_gather_elements(shape, data):
    dim = data.draw(st.integers(0, len(shape) - 1))
    n = shape[dim]
    idx = data.draw(hnp.arrays(np.int32, shape, elements=st.integers(-n - 1, n)))
    x = _x(shape)
    if np.all((idx >= -n) & (idx < n)):
        got = ops.gather_elements(Tensor(x), dim, Tensor(idx)).asnumpy()
        np.testing.assert_array_equal(got, np.take_along_axis(x, idx % n, axis=dim))
    else:
        with pytest.raises(RuntimeError, match="For 'GatherD'"):
            ops.gather_elements(Tensor(x), dim, Tensor(idx))


@SETTINGS
@given(shapes, st.data(), st.sampled_from(["int", "list", "tensor"]))
def test_getitem(shape, data, kind):
    n = shape[0]
    x = _x(shape)
    if kind == "int":
        key = data.draw(st.integers(-2 * n, 2 * n))
        ok, err = _in(key, n), IndexError
    else:
        vals = data.draw(st.lists(st.integers(-2 * n, 2 * n), min_size=1, max_size=4))
        ok = all(_in(v, n) for v in vals)
        key = vals if kind == "list" else Tensor(np.array(vals, np.int32))
        err = IndexError if kind == "list" else RuntimeError
    if ok:
        want = x[key if not isinstance(key, Tensor) else key.asnumpy()]
        np.testing.assert_array_equal(Tensor(x)[key].asnumpy(), want)
    else:
        with pytest.raises(err):
            Tensor(x)[key]


@SETTINGS
@given(shapes, st.data(), st.sampled_from(["int", "list", "tensor"]))
def test_setitem(shape, data, kind):
    n = shape[0]
    x = _x(shape)
    if kind == "int":
        key = data.draw(st.integers(-2 * n, 2 * n))
        ok, err = _in(key, n), IndexError
    else:
        vals = data.draw(st.lists(st.integers(-2 * n, 2 * n), min_size=1, max_size=4))
        ok = all(_in(v, n) for v in vals)
        key = vals if kind == "list" else Tensor(np.array(vals, np.int32))
        err = IndexError if kind == "list" else ValueError
    t = Tensor(x)
    if ok:
        want = x.copy()
        want[key if not isinstance(key, Tensor) else key.asnumpy()] = -1.0
        t[key] = -1.0
        np.testing.assert_array_equal(t.asnumpy(), want)
    else:
        with pytest.raises(err):
            t[key] = -1.0
        np.testing.assert_array_equal(t.asnumpy(), x)  # nothing half-written


@SETTINGS
@given(shapes, st.data(), st.sampled_from(["update", "add", "scatter_nd"]))
def test_scatter(shape, data, which):
    k = data.draw(st.integers(1, len(shape)))
    rows = data.draw(st.integers(1, 3))
    idx = np.array([[data.draw(st.integers(-2, shape[j] + 1)) for j in range(k)] for _ in range(rows)], np.int32)
    upd = np.ones((rows,) + tuple(shape[k:]), np.float32)
    x = _x(shape)
    ok = bool(np.all((idx >= 0) & (idx < np.array(shape[:k]))))
    call = {"update": lambda: ops.tensor_scatter_update(Tensor(x), Tensor(idx), Tensor(upd)),
            "add": lambda: ops.tensor_scatter_add(Tensor(x), Tensor(idx), Tensor(upd)),
            "scatter_nd": lambda: ops.scatter_nd(Tensor(idx), Tensor(upd), tuple(shape))}[which]
    if ok:
        want = x.copy() if which != "scatter_nd" else np.zeros(shape, np.float32)
        for r in range(rows):
            if which == "update":
                want[tuple(idx[r])] = upd[r]
            else:
                want[tuple(idx[r])] += upd[r]
        if which == "update" and len({tuple(r) for r in idx}) < rows:
            return  # duplicate rows: which update wins is unspecified (as in MindSpore)
        np.testing.assert_array_equal(call().asnumpy(), want)
    else:
        with pytest.raises((RuntimeError, ValueError), match="For '"):
            call()


REDUCTIONS = {"sum": (ops.sum, np.sum), "mean": (ops.mean, np.mean), "amax": (ops.amax, np.max),
              "amin": (ops.amin, np.min), "prod": (ops.prod, np.prod)}


@SETTINGS
@given(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3), st.data(),
       st.sampled_from(sorted(REDUCTIONS)))
def test_reduction_axes(shape, data, name):
    nd = len(shape)
    axes = tuple(data.draw(st.lists(st.integers(-nd, nd - 1), min_size=1, max_size=3)))
    ours, ref = REDUCTIONS[name]
    x = _x(shape)
    norm = [a % nd for a in axes]
    if len(set(norm)) < len(norm):
        with pytest.raises(RuntimeError, match="appears multiple times in the list of dims"):
            ours(Tensor(x), axes)
        return
    if name in ("amax", "amin") and any(shape[a] == 0 for a in norm):
        with pytest.raises(ValueError, match="For 'Reduce"):
            ours(Tensor(x), axes)
        return
    with np.errstate(invalid="ignore", divide="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            want = ref(x, axis=tuple(norm))
    np.testing.assert_allclose(ours(Tensor(x), axes).asnumpy(), want, rtol=1e-6)


DTYPES = [np.float16, np.float32, np.int32, np.float64]


@SETTINGS
@given(st.sampled_from(DTYPES), st.sampled_from(DTYPES), st.integers(1, 3), st.integers(1, 3))
def test_matmul_dtypes(da, db, m, k):
    a, b = np.ones((m, k), da), np.ones((k, 2), db)
    if da is db:
        out = ops.matmul(Tensor(a), Tensor(b))
        assert out.asnumpy().dtype == np.dtype(da)
        np.testing.assert_array_equal(out.asnumpy(), a @ b)
    else:
        with pytest.raises(TypeError, match="the type of 'x2' should be same as 'x1'"):
            ops.matmul(Tensor(a), Tensor(b))


@SETTINGS
@given(st.integers(-300, 300), st.sampled_from(["int8", "uint8", "int16", "int32"]))
def test_tensor_from_python_int_wraps(v, dt):
    """Out-of-range Python ints wrap as C conversions do (MindSpore: Tensor([300], int8) holds 44)."""
    got = Tensor([v], getattr(ms, dt)).asnumpy()
    np.testing.assert_array_equal(got, np.array([v], np.int64).astype(dt))
