"""Property tests over the ops: random shapes (0-d and empty included), dtypes and
broadcasting against numpy, and malformed input to public entries.

A malformed call must raise TypeError/ValueError/IndexError/RuntimeError (KeyError for an
unknown name) whose message starts with "For '" or names the offending argument; never a
jax/XLA error class and never a silently wrong result.
"""
import re

import numpy as np
import pytest
from hypothesis import assume, given, settings, HealthCheck, strategies as st
from hypothesis.extra import numpy as hnp

import mindjax as ms
from mindjax import nn, ops, Tensor

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)
nonempty_shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4)
DTYPES = {"float32": np.float32, "int32": np.int32}


def arrays(dtype, shape, lo=-10, hi=10):
    if np.dtype(dtype).kind == "f":
        # no subnormals: XLA:CPU flushes them to zero (floor(-1e-45) is -0.0, numpy's -1.0)
        elems = st.floats(np.float32(lo).item(), np.float32(hi).item(), width=32, allow_nan=False,
                          allow_infinity=False, allow_subnormal=False)
    else:
        elems = st.integers(int(lo), int(hi))
    return hnp.arrays(dtype, shape, elements=elems)


def check(out, ref, rtol=1e-5, atol=1e-6):
    got = out.asnumpy() if hasattr(out, "asnumpy") else np.asarray(out)
    ref = np.asarray(ref)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    if ref.dtype.kind == "b":
        np.testing.assert_array_equal(got, ref)
    else:
        np.testing.assert_allclose(got.astype(np.float64), ref.astype(np.float64), rtol=rtol, atol=atol)


def clean_error(e, *names):
    """The error a user may see: a builtin class and a MindSpore-style message."""
    assert type(e).__module__ == "builtins", f"raw {type(e).__module__}.{type(e).__name__}: {e}"
    assert isinstance(e, (TypeError, ValueError, IndexError, RuntimeError, KeyError)), repr(e)
    msg = str(e).strip("'\"")
    # MindSpore 2.10's own text for a repeated reduction axis (recorded in tests/data/ms_validation.json)
    dup_axis = re.fullmatch(r"dim=-?\d+ appears multiple times in the list of dims", msg)
    assert msg.startswith("For '") or any(f"'{n}'" in msg for n in names) or dup_axis, msg


# ---- elementwise -----------------------------------------------------------------------------------
UNARY = {
    "abs": (ops.abs, np.abs, None), "neg": (ops.neg, np.negative, None), "square": (ops.square, np.square, None),
    "exp": (ops.exp, np.exp, (-5, 5)), "sin": (ops.sin, np.sin, None), "tanh": (ops.tanh, np.tanh, None),
    "sqrt": (ops.sqrt, np.sqrt, (0, 10)), "log": (ops.log, np.log, (0.1, 10)), "relu": (ops.relu,
                                                                                      lambda a: np.maximum(a, 0), None),
    "floor": (ops.floor, np.floor, None), "sign": (ops.sign, np.sign, None),
    "sigmoid": (ops.sigmoid, lambda a: 1 / (1 + np.exp(-a)), None),
}


@SETTINGS
@given(name=st.sampled_from(sorted(UNARY)), shape=shapes, data=st.data())
def test_unary_matches_numpy(name, shape, data):
    fn, ref, dom = UNARY[name]
    lo, hi = dom or (-10, 10)
    a = data.draw(arrays(np.float32, shape, lo, hi))
    check(fn(Tensor(a)), ref(a).astype(np.float32), rtol=1e-5, atol=1e-5)


BINARY = {"add": (ops.add, np.add), "sub": (ops.sub, np.subtract), "mul": (ops.mul, np.multiply),
          "maximum": (ops.maximum, np.maximum), "minimum": (ops.minimum, np.minimum),
          "equal": (ops.equal, np.equal), "greater": (ops.greater, np.greater), "less": (ops.less, np.less)}


@SETTINGS
@given(name=st.sampled_from(sorted(BINARY)), dt=st.sampled_from(sorted(DTYPES)),
       shapes=hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, min_side=0, max_side=3),
       data=st.data())
def test_binary_broadcast_matches_numpy(name, dt, shapes, data):
    fn, ref = BINARY[name]
    sa, sb = shapes.input_shapes
    a = data.draw(arrays(DTYPES[dt], sa))
    b = data.draw(arrays(DTYPES[dt], sb))
    out = fn(Tensor(a), Tensor(b))
    assert out.shape == shapes.result_shape
    check(out, ref(a, b))


@SETTINGS
# (no subnormal scalars: XLA:CPU flushes them to zero in arithmetic and comparisons, numpy does not;
# the README lists it among the differences)
@given(name=st.sampled_from(sorted(BINARY)),
       scalar=st.one_of(st.integers(-5, 5), st.floats(-5, 5, width=32, allow_subnormal=False)),
       shape=shapes, data=st.data())
def test_binary_with_python_scalar(name, scalar, shape, data):
    fn, ref = BINARY[name]
    a = data.draw(arrays(np.float32, shape))
    check(fn(Tensor(a), scalar), ref(a, np.float32(scalar)))


@SETTINGS
@given(sa=shapes, sb=shapes, name=st.sampled_from(["add", "mul", "maximum", "equal"]))
def test_binary_unbroadcastable_raises(sa, sb, name):
    try:
        np.broadcast_shapes(sa, sb)
        assume(False)
    except ValueError:
        pass
    fn = BINARY[name][0]
    with pytest.raises(ValueError) as info:
        fn(Tensor(np.ones(sa, np.float32)), Tensor(np.ones(sb, np.float32)))
    clean_error(info.value)
    assert "broadcast" in str(info.value)


# ---- reductions ------------------------------------------------------------------------------------
REDUCE = {"sum": (ops.sum, np.sum, True), "mean": (ops.mean, np.mean, False), "prod": (ops.prod, np.prod, True),
          "amax": (ops.amax, np.max, False), "amin": (ops.amin, np.min, False)}


@SETTINGS
@given(name=st.sampled_from(sorted(REDUCE)), shape=shapes, keep=st.booleans(), data=st.data())
def test_reduction_matches_numpy(name, shape, keep, data):
    fn, ref, empty_ok = REDUCE[name]
    nd = len(shape)
    axis = data.draw(st.one_of(st.none(), st.integers(-max(nd, 1), max(nd, 1) - 1) if nd else st.none(),
                               st.lists(st.integers(0, nd - 1), unique=True, max_size=nd).map(tuple)
                               if nd else st.none()))
    if axis == ():
        axis = None
    reduced = [shape[i] for i in range(nd)] if axis is None else \
        [shape[a % nd] for a in ((axis,) if isinstance(axis, int) else axis)]
    assume(empty_ok or all(reduced))
    a = data.draw(arrays(np.float32, shape, -2, 2))
    out = fn(Tensor(a), axis, keep) if axis is not None else fn(Tensor(a), keepdims=keep) \
        if name in ("amax", "amin") else fn(Tensor(a), None, keep)
    check(out, ref(a, axis=axis, keepdims=keep), rtol=1e-4, atol=1e-5)


@SETTINGS
@given(name=st.sampled_from(["sum", "mean", "prod", "amax", "amin"]), shape=nonempty_shapes,
       axis=st.integers(-8, 8))
def test_reduction_axis_out_of_range(name, shape, axis):
    nd = max(len(shape), 1)
    assume(not -nd <= axis < nd)
    with pytest.raises((ValueError, IndexError)) as info:
        REDUCE[name][0](Tensor(np.ones(shape, np.float32)), axis)
    clean_error(info.value, "axis")


# ---- shape ops -------------------------------------------------------------------------------------
@SETTINGS
@given(shape=shapes, data=st.data())
def test_reshape_transpose_flatten(shape, data):
    a = data.draw(arrays(np.float32, shape))
    perm = tuple(data.draw(st.permutations(range(len(shape)))))
    check(ops.transpose(Tensor(a), perm), np.transpose(a, perm))
    new = tuple(reversed(shape))
    check(ops.reshape(Tensor(a), new), a.reshape(new))
    if len(shape) >= 1 and all(shape):
        check(ops.reshape(Tensor(a), (-1,)), a.reshape(-1))
    if len(shape) >= 2:
        check(ops.flatten(Tensor(a)), a.reshape(shape[0], int(np.prod(shape[1:]))))


@SETTINGS
@given(shape=shapes, data=st.data())
def test_expand_dims_squeeze(shape, data):
    a = data.draw(arrays(np.float32, shape))
    axis = data.draw(st.integers(-len(shape) - 1, len(shape)))
    e = ops.expand_dims(Tensor(a), axis)
    check(e, np.expand_dims(a, axis))
    check(ops.squeeze(e, axis), a)


@SETTINGS
@given(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3), n=st.integers(1, 3), data=st.data())
def test_concat_stack(shape, n, data):
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    parts = [data.draw(arrays(np.float32, shape)) for _ in range(n)]
    check(ops.concat([Tensor(p) for p in parts], axis), np.concatenate(parts, axis))
    check(ops.stack([Tensor(p) for p in parts], axis), np.stack(parts, axis))


@SETTINGS
@given(shape=nonempty_shapes, reps=st.lists(st.integers(1, 3), min_size=0, max_size=3), data=st.data())
def test_tile_broadcast_to(shape, reps, data):
    a = data.draw(arrays(np.float32, shape))
    assume(len(reps) >= len(shape))
    check(ops.tile(Tensor(a), tuple(reps)), np.tile(a, reps))
    target = tuple(reps) if len(reps) >= len(shape) else shape
    target = tuple(t if s == 1 else s for t, s in zip(target[len(target) - len(shape):], shape))
    target = tuple(reps[:len(reps) - len(shape)]) + target
    check(ops.broadcast_to(Tensor(a), target), np.broadcast_to(a, target))


@SETTINGS
@given(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4), data=st.data())
def test_softmax_matches_numpy(shape, data):
    a = data.draw(arrays(np.float32, shape, -5, 5))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    e = np.exp(a - a.max(axis=axis, keepdims=True))
    check(ops.softmax(Tensor(a), axis), e / e.sum(axis=axis, keepdims=True), rtol=1e-5, atol=1e-6)


# ---- malformed input ---------------------------------------------------------------------------------
JUNK = st.one_of(st.none(), st.text(max_size=3), st.floats(allow_nan=True), st.integers(-3, 3),
                 st.lists(st.integers(-2, 2), max_size=3), st.just(object()), st.just((1, "a")),
                 st.builds(lambda s: Tensor(np.ones(s, np.float32)), nonempty_shapes))

ENTRIES = {
    "add": lambda j: ops.add(Tensor(np.ones((2, 3), np.float32)), j),
    "matmul": lambda j: ops.matmul(Tensor(np.ones((2, 3), np.float32)), j),
    "reshape": lambda j: ops.reshape(Tensor(np.ones((2, 3), np.float32)), j),
    "transpose": lambda j: ops.transpose(Tensor(np.ones((2, 3), np.float32)), j),
    "sum": lambda j: ops.sum(Tensor(np.ones((2, 3), np.float32)), j),
    "expand_dims": lambda j: ops.expand_dims(Tensor(np.ones((2, 3), np.float32)), j),
    "softmax": lambda j: ops.softmax(Tensor(np.ones((2, 3), np.float32)), j),
    "relu": lambda j: ops.relu(j),
    "concat-axis": lambda j: ops.concat([Tensor(np.ones((2, 3), np.float32))] * 2, j),
    "concat-tensors": lambda j: ops.concat([Tensor(np.ones((2, 3), np.float32)), j]),
    "stack-axis": lambda j: ops.stack([Tensor(np.ones((2, 3), np.float32))] * 2, j),
    "squeeze": lambda j: ops.squeeze(Tensor(np.ones((1, 3), np.float32)), j),
    "flatten": lambda j: ops.flatten(Tensor(np.ones((2, 3, 4), np.float32)), start_dim=j),
    "gather-axis": lambda j: ops.gather(Tensor(np.ones((2, 3), np.float32)), Tensor(np.array([0, 1])), j),
    "argmax": lambda j: ops.argmax(Tensor(np.ones((2, 3), np.float32)), j),
    "cumsum": lambda j: ops.cumsum(Tensor(np.ones((2, 3), np.float32)), j),
    "tile": lambda j: ops.tile(Tensor(np.ones((2, 3), np.float32)), j),
    "zeros": lambda j: ops.zeros(j, ms.float32),
    "topk": lambda j: ops.topk(Tensor(np.ones((4,), np.float32)), j),
    "broadcast_to": lambda j: ops.broadcast_to(Tensor(np.ones((2, 3), np.float32)), j),
    "Dense-in": lambda j: nn.Dense(j, 3),
    "Dense-call": lambda j: nn.Dense(3, 4)(j),
    "Conv2d-in": lambda j: nn.Conv2d(j, 4, 3),
    "Conv2d-kernel": lambda j: nn.Conv2d(3, 4, j),
    "Conv2d-call": lambda j: nn.Conv2d(3, 4, 3)(j),
    "Dropout": lambda j: nn.Dropout(keep_prob=j),
    "BatchNorm2d": lambda j: nn.BatchNorm2d(j),
    "MaxPool2d": lambda j: nn.MaxPool2d(kernel_size=j),
    "MSELoss": lambda j: nn.MSELoss(reduction=j),
    "set_context-mode": lambda j: ms.set_context(mode=j),
    "set_context-device": lambda j: ms.set_context(device_target=j),
}
# the arguments whose name a message may carry instead of "For '...'"
ARG_NAMES = ("axis", "shape", "perm", "dims", "k", "dim", "start_dim", "in_channels", "kernel_size", "keep_prob",
             "num_features", "reduction",
             "mode", "device_target", "dtype")
# ops for which a successful junk call is checked against numpy
REFERENCE = {
    # a Python float joins a float32 Tensor as float32 (MindSpore converts the scalar first: a value just
    # above float32's largest is inf, where numpy's weak-scalar rule would round the sum back to finite)
    "add": lambda j: np.ones((2, 3), np.float32) + (
        j.asnumpy() if isinstance(j, Tensor) else _f32(j) if isinstance(j, float) else np.asarray(j)),
    # (a Python float becomes a float32 Tensor first, as in "add": just above float32's largest is inf)
    "relu": lambda j: np.maximum(j.asnumpy() if isinstance(j, Tensor) else _f32(j) if isinstance(j, float)
                                 else np.asarray(j, np.float64), 0),
}


def _f32(v):
    with np.errstate(over="ignore"):
        return np.float32(v)


@pytest.fixture
def _restore_context():
    saved = {k: ms.get_context(k) for k in ("mode",)}
    yield
    ms.set_context(**saved)


@SETTINGS
@given(entry=st.sampled_from(sorted(ENTRIES)), junk=JUNK)
def test_malformed_input_gives_clean_error(entry, junk):
    mode = ms.get_context("mode")
    try:
        out = ENTRIES[entry](junk)
    except (TypeError, ValueError, IndexError, RuntimeError, KeyError) as e:
        clean_error(e, *ARG_NAMES)
        return
    finally:
        ms.set_context(mode=mode)
    if entry in REFERENCE and isinstance(out, Tensor):
        try:
            ref = REFERENCE[entry](junk)
        except Exception:  # noqa: BLE001 - numpy refuses what mindjax accepted: that must not happen
            pytest.fail(f"{entry}({junk!r}) returned {out} where numpy fails")
        check(out, ref)
