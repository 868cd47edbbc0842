"""pynative_synchronize, the wrapping of kernel failures, and the check_nan fault report."""
import traceback

import jax
import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Tensor
from mindjax.ops._primitive import Op, apply


@pytest.fixture(autouse=True)
def _context():
    yield
    ms.set_context(pynative_synchronize=False, check_nan=False, mode=ms.PYNATIVE_MODE)


def _boom(x):
    raise ValueError("device says no")


def _boom_forward(x):
    return jax.pure_callback(_boom, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


_BOOM = Op("Boom", _boom_forward)


def boom(x):
    return apply(_BOOM, (x,), {})


def _frames(e):
    return [(f.filename, f.line) for f in traceback.extract_tb(e.__traceback__)]


def _no_jax_frames(e):
    files = [f for f, _ in _frames(e)]
    assert not any("/jax/" in f or "/jaxlib/" in f for f in files), files
    assert e.__suppress_context__ and e.__cause__ is None


@pytest.mark.parametrize("sync", [True, False])
def test_kernel_runtime_failure_is_wrapped(sync):
    ms.set_context(pynative_synchronize=sync)
    x = Tensor(np.ones(3, np.float32))
    with pytest.raises(RuntimeError) as info:
        y = boom(x)
        y.asnumpy()
    e = info.value
    assert type(e) is RuntimeError
    assert str(e).startswith("For 'Boom', the kernel failed at run time with inputs ([3]:Float32)")
    assert "device says no" in str(e) or "callback" in str(e)
    assert ("pynative_synchronize=True" in str(e)) != sync
    _no_jax_frames(e)


def test_sync_error_names_the_user_line():
    ms.set_context(pynative_synchronize=True)

    class Net(nn.Cell):
        def construct(self, x):
            y = x * 2
            y = boom(y)  # the failing line
            return y + 1

    with pytest.raises(RuntimeError) as info:
        Net()(Tensor(np.ones(2, np.float32)))
    lines = [line for _, line in _frames(info.value)]
    assert "y = boom(y)  # the failing line" in lines


def test_getnext_missing_queue_under_sync():
    # seed case pn08: the traceback shows `x = self.get_next()`
    ms.set_context(pynative_synchronize=True)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.get_next = ops.GetNext([ms.float32], [(1, 1)], 1, "no_such_queue")

        def construct(self, x1):
            x = self.get_next()
            x = x + x1
            return x

    with pytest.raises(RuntimeError) as info:
        Net()(Tensor(np.ones((1, 1), np.float32)))
    assert "GetNext" in str(info.value)
    assert "x = self.get_next()" in [line for _, line in _frames(info.value)]


def test_validation_error_is_clean():
    x = Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(ValueError) as info:
        ops.softmax(x, 5)
    e = info.value
    assert str(e).startswith("For 'Softmax', the inputs ([2, 3]:Float32) are not valid: ")
    _no_jax_frames(e)
    assert "test_sync_and_nan.py" in _frames(e)[0][0]


# ---- check_nan ---------------------------------------------------------------------------------
class Log(nn.Cell):
    def construct(self, x):
        return ops.log(x)


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
        self.act = Log()

    def construct(self, x):
        return self.act(self.fc1(x))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.seq = nn.SequentialCell([nn.ReLU(), Log()])

    def construct(self, x, use_seq=False):
        if use_seq:
            return self.seq(x)
        return self.block(x) * 2


def test_check_nan_reports_op_and_cell_path():
    ms.set_context(check_nan=True)
    x = Tensor(np.array([[-1.0, -2.0]], np.float32))  # fc1 -> -3, log -> NaN
    with pytest.raises(FloatingPointError) as info:
        Net()(x)
    msg = str(info.value)
    assert msg.startswith("For 'Log', the output contains NaN or Inf")
    assert "Cell 'Net.block.act'" in msg
    assert "already contained" not in msg


def test_check_nan_path_through_sequential():
    ms.set_context(check_nan=True)
    x = Tensor(np.array([[-1.0, 0.0]], np.float32))  # relu -> 0, log(0) = -inf
    with pytest.raises(FloatingPointError, match=r"Cell 'Net\.seq\.1'"):
        Net()(x, True)


def test_check_nan_top_level_and_bad_inputs():
    ms.set_context(check_nan=True)
    with pytest.raises(FloatingPointError, match="<top level>"):
        ops.sqrt(Tensor(np.array([-1.0], np.float32)))
    with pytest.raises(FloatingPointError, match="already contained NaN"):
        ops.add(Tensor(np.array([np.nan], np.float32)), 1.0)


def test_check_nan_stack_is_unwound_after_error():
    ms.set_context(check_nan=True)
    with pytest.raises(FloatingPointError):
        Net()(Tensor(np.array([[-1.0, -2.0]], np.float32)))
    from mindjax._state import state
    assert state.cell_stack == []
    # finite values pass, integer ops are not checked
    out = Net()(Tensor(np.array([[1.0, 2.0]], np.float32)))
    np.testing.assert_allclose(out.asnumpy(), np.full((1, 2), 2 * np.log(3.0)), rtol=1e-6)
    assert ops.add(Tensor(np.array([1], np.int32)), 1).asnumpy().tolist() == [2]


def test_check_nan_off_returns_nan():
    out = Net()(Tensor(np.array([[-1.0, -2.0]], np.float32)))
    assert np.isnan(out.asnumpy()).all()


def test_check_nan_in_backward():
    ms.set_context(check_nan=True)
    x = Tensor(np.array([0.0], np.float32))
    with pytest.raises(FloatingPointError, match="NaN or Inf"):
        ops.grad(lambda t: ops.sqrt(t))(x)  # d sqrt / dx at 0 is inf
