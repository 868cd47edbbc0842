"""One trace per input signature, the LRU of compiled programs, and tracebacks through
jit (the user's frames and mindjax's message; no JAX note, no JAX frames)."""
import collections
import os
import traceback

import numpy as np
import pytest

import mindjax as ms
from mindjax import Parameter, Tensor, nn, ops
from mindjax._jit import api as jit_api
from mindjax.train import Model

JAX_DIR = os.path.dirname(__import__("jax").__file__)


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_side_effect_runs_once_per_signature():
    # counted in a Counter, which the program treats as any Python object (a list's append or a dict's
    # item assignment inside graph mode follow MindSpore's rules for lists and dicts: see pylists.py)
    seen = collections.Counter()

    @ms.jit
    def f(x):
        seen[x.shape] += 1
        return x * 2

    f(Tensor(np.ones(3, np.float32)))
    f(Tensor(np.ones(3, np.float32)))
    assert seen == {(3,): 1}
    f(Tensor(np.ones(4, np.float32)))
    assert seen == {(3,): 1, (4,): 1} and jit_api.compiles_of(f) == 2


class Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.n = Parameter(Tensor(0.0), name="n")

    def construct(self, x):
        self.n = self.n + 1
        return x + self.n


def test_graph_mode_cell_traced_once_and_state_written():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = Counter()
    outs = [float(net(Tensor(1.0)).asnumpy()) for _ in range(3)]
    assert outs == [2.0, 3.0, 4.0]
    assert jit_api.compiles_of(net) == 1 and float(net.n.asnumpy()) == 3.0


NET = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")


def test_function_using_global_cell_traced_once():
    calls = collections.Counter()

    @ms.jit
    def f(x):
        calls["n"] += 1
        return NET(x)

    x = Tensor(np.ones((1, 2), np.float32))
    assert f(x).asnumpy().tolist() == [[2.0]]
    NET.weight.set_data(Tensor(np.full((1, 2), 3.0, np.float32)))  # a Parameter input, not a constant
    assert f(x).asnumpy().tolist() == [[6.0]]
    assert calls["n"] == 1


def test_parameter_reached_indirectly_is_found_by_a_retrace():
    holder = {"w": Parameter(Tensor(2.0), name="hidden_w")}

    def get():
        return holder["w"]

    @ms.jit
    def f(x):
        return x * get()

    assert float(f(Tensor(3.0)).asnumpy()) == 6.0
    holder["w"].set_data(Tensor(5.0))
    assert float(f(Tensor(3.0)).asnumpy()) == 15.0  # not baked in as a constant
    n = jit_api.compiles_of(f)
    f(Tensor(np.ones(2, np.float32)))  # a new signature: the Parameter is given at once
    assert jit_api.compiles_of(f) == n + 1


def test_compile_cache_is_an_lru_sized_by_the_environment(monkeypatch):
    monkeypatch.setenv("MINDJAX_JIT_CACHE_SIZE", "3")

    @ms.jit
    def f(x):
        return x + 1

    for n in range(1, 6):
        f(Tensor(np.ones(n, np.float32)))
    assert len(f._cache) == 3 and jit_api.compiles_of(f) == 5
    f(Tensor(np.ones(5, np.float32)))  # kept: no new trace
    assert jit_api.compiles_of(f) == 5
    f(Tensor(np.ones(1, np.float32)))  # evicted: traced again
    assert jit_api.compiles_of(f) == 6 and len(f._cache) == 3


def _check_clean(excinfo, user_line):
    text = "".join(traceback.format_exception(excinfo.type, excinfo.value, excinfo.tb))
    assert "JAX_TRACEBACK_FILTERING" not in text and "removed its internal frames" not in text
    assert "jax._src" not in text and "Tracer" not in text
    frames = traceback.extract_tb(excinfo.tb)
    assert not any(fr.filename.startswith(JAX_DIR) for fr in frames)
    assert any(fr.filename == __file__ and user_line in (fr.line or "") for fr in frames)
    return text


def test_error_inside_jit_shows_user_frames_and_mindspore_class():
    @ms.jit
    def f(x, y):
        return ops.matmul(x, y)  # mismatched shapes

    with pytest.raises(ValueError) as info:
        f(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((2, 3), np.float32)))
    text = _check_clean(info, "ops.matmul(x, y)")
    assert "For 'MatMul'" in text


def test_error_inside_graph_mode_construct_is_clean():
    class Bad(nn.Cell):
        def construct(self, x):
            if x.sum() > 0:  # a compiled branch
                return ops.reshape(x, (7,))
            return x

    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(ValueError) as info:
        Bad()(Tensor(np.ones(3, np.float32)))
    _check_clean(info, "ops.reshape(x, (7,))")


def test_error_inside_model_train_step_is_clean():
    class BadNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(3, 2)

        def construct(self, x):
            return ops.matmul(self.dense(x), Tensor(np.ones((5, 1), np.float32)))  # 2 vs 5

    import mindjax.dataset as ds
    data = ds.NumpySlicesDataset({"x": np.ones((4, 3), np.float32), "y": np.ones((4, 1), np.float32)},
                                 shuffle=False).batch(2)
    net = BadNet()
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    with pytest.raises(ValueError) as info:
        model.train(1, data, dataset_sink_mode=False)
    _check_clean(info, "ops.matmul(self.dense(x)")
