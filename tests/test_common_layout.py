"""Top-level names and ``mindspore.common``/``_checkparam`` against values recorded from MindSpore 2.10
(tests/data/gen_common_layout.py), plus recompute, enable_dynamic and the runner's class paths."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops

DATA = Path(__file__).parent / "data"
sys.path.insert(0, str(DATA))
from common_layout_cases import CASES, SETUP, run_case, graph_cases  # noqa: E402

RECORDED = json.loads((DATA / "ms_common_layout.json").read_text())
# MindSpore ends these messages with an advice sentence of its own; mindjax gives its own advice,
# so only the message up to "but got <dtype>." is compared.
_ADVICE = ("cp.check_subclass(", "cp.check_tensor_dtype_valid('x', ms.int32")


def _ns():
    ns = {}
    exec(SETUP.replace("mindspore", "mindjax"), ns)  # noqa: S102
    return ns


NS = _ns()


@pytest.mark.parametrize("expr", CASES)
def test_matches_mindspore(expr):
    got = run_case(expr.replace("mindspore", "mindjax"), NS)
    want = RECORDED[expr]
    if expr.startswith("ms.set_deterministic(True)") and got[0] == "error":
        pytest.skip("set_deterministic was already called in this process")
    if expr.startswith(_ADVICE):
        cut = want[2].index("Int32.") + len("Int32.")
        assert got[:2] == want[:2] and got[2][:cut] == want[2][:cut]
        return
    assert got == want


def test_graph_mode_declared_inputs():
    assert graph_cases(ms) == RECORDED["graph_cases"]


def test_every_case_recorded():
    assert set(CASES) <= set(RECORDED)


def test_rng_state_replays_random_ops():
    state = ms.get_rng_state()
    a = ops.rand(3)
    ms.set_rng_state(state)
    b = ops.rand(3)
    np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    ms.manual_seed(11)
    c = ops.rand(3)
    ms.manual_seed(11)
    np.testing.assert_array_equal(c.asnumpy(), ops.rand(3).asnumpy())
    assert ms.initial_seed() == 11


def test_generator_own_stream():
    g = ms.Generator().manual_seed(3)
    k1 = np.asarray(g._next_key())
    g2 = ms.Generator().manual_seed(3)
    np.testing.assert_array_equal(k1, np.asarray(g2._next_key()))
    s = g.get_state()
    k2 = np.asarray(g._next_key())
    g.set_state(s)
    np.testing.assert_array_equal(k2, np.asarray(g._next_key()))


class _Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.d = nn.Dense(4, 4)
        self.drop = nn.Dropout(p=0.5)

    def construct(self, x):
        return ops.tanh(self.drop(self.d(x)))


class _Net(nn.Cell):
    def __init__(self, recompute):
        super().__init__()
        self.b = _Block()
        self.o = nn.Dense(4, 1)
        if recompute:
            self.b.recompute()

    def construct(self, x):
        return self.o(self.b(x)).sum()


def _grads(net, x, jit=False):
    net.set_train()
    ms.set_seed(5)
    f = ms.value_and_grad(net, grad_position=0, weights=net.trainable_params())
    loss, (gx, gw) = (ms.jit(f) if jit else f)(x)
    return [loss.asnumpy(), gx.asnumpy()] + [g.asnumpy() for g in gw]


@pytest.mark.parametrize("jit", [False, True])
def test_recompute_gives_the_same_gradients(jit):
    """Recomputed blocks (with dropout: the same mask is replayed) give the values of plain ones."""
    x = ms.Tensor(np.random.RandomState(0).randn(3, 4).astype(np.float32))
    plain, rc = _Net(False), _Net(True)
    for p, q in zip(plain.trainable_params(), rc.trainable_params()):
        q.set_data(p)
    for a, b in zip(_grads(plain, x, jit), _grads(rc, x, jit)):
        np.testing.assert_array_equal(a, b)


def test_recompute_function_and_errors():
    net = nn.Dense(3, 2)
    x = ms.Tensor(np.ones((2, 3), np.float32))
    g1 = ms.grad(lambda x: ms.recompute(net, x).sum(), weights=net.trainable_params())(x)
    g2 = ms.grad(lambda x: net(x).sum(), weights=net.trainable_params())(x)
    for a, b in zip(g1[1], g2[1]):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    np.testing.assert_array_equal(ms.recompute(net, x).asnumpy(), net(x).asnumpy())
    with pytest.raises(TypeError):
        ms.recompute(lambda x: x, x)


def test_enable_dynamic_checks_calls():
    @ms.enable_dynamic(y=ms.Tensor(shape=[None, 3], dtype=ms.float32))
    @ms.jit
    def f(x, y):
        return x + y.sum()

    assert float(f(ms.Tensor(1.0), ms.Tensor(np.ones((2, 3), np.float32))).asnumpy()) == 7.0
    assert float(f(ms.Tensor(1.0), ms.Tensor(np.ones((4, 3), np.float32))).asnumpy()) == 13.0
    with pytest.raises(ValueError, match="tensor shapes are not the same"):
        f(ms.Tensor(1.0), ms.Tensor(np.ones((2, 4), np.float32)))
    with pytest.raises(TypeError, match="tensor dtypes are not the same"):
        f(ms.Tensor(1.0), ms.Tensor(np.ones((2, 3), np.int32)))
    with pytest.raises(ValueError, match="'z' is not in list"):
        ms.enable_dynamic(z=ms.Tensor(shape=None, dtype=ms.float32))(f)
    with pytest.raises(TypeError, match="only supports Tensor"):
        ms.enable_dynamic(y=1)


def test_cell_graph_executor_compiles_without_running():
    from mindjax.common.api import _cell_graph_executor
    net = nn.Dense(2, 3)
    phase, ok = _cell_graph_executor.compile(net, ms.Tensor(np.ones((1, 2), np.float32)))
    assert ok and phase.startswith("predict")
    assert _cell_graph_executor.has_compiled("predict")
    out = _cell_graph_executor(net, ms.Tensor(np.ones((1, 2), np.float32)))
    np.testing.assert_allclose(out.asnumpy(), net(ms.Tensor(np.ones((1, 2), np.float32))).asnumpy(), rtol=1e-6)
    with pytest.raises(Exception):
        _cell_graph_executor.compile(net, ms.Tensor(np.ones((1, 5), np.float32)))


def test_lazy_inline_and_no_inline_keep_behaviour():
    class B(nn.Cell):
        @ms.lazy_inline
        def __init__(self, n):
            super().__init__()
            self.d = nn.Dense(n, 1)

        def construct(self, x):
            return self.d(x)

    b = B(2)
    assert b.d.in_channels == 2

    @ms.no_inline
    def f(x):
        return x * 2
    assert float(f(ms.Tensor(2.0)).asnumpy()) == 4.0


def test_run_check(capsys):
    ms.run_check()
    out = capsys.readouterr().out
    assert "MindSpore version: 2.10.0" in out
    assert "The result of multiplication calculation is correct" in out


def test_class_paths_under_the_runner(tmp_path):
    script = tmp_path / "paths.py"
    script.write_text("import mindspore as ms\nfrom mindspore import nn, ops\n"
                      "print(type(ms.Tensor(1.0)))\nprint(nn.Dense)\nprint(nn.Cell)\nprint(ms.Parameter)\n"
                      "print(ms.Model)\n")
    out = subprocess.run([sys.executable, "-m", "mindjax", str(script)], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[:5] == ["<class 'mindspore.common.tensor.Tensor'>", "<class 'mindspore.nn.layer.basic.Dense'>",
                       "<class 'mindspore.nn.cell.Cell'>", "<class 'mindspore.common.parameter.Parameter'>",
                       "<class 'mindspore.train.model.Model'>"]
    assert str(ms.Tensor).startswith("<class 'mindjax.")  # plain import keeps mindjax's own paths
