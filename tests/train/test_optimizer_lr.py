"""nn.Optimizer's learning-rate forms against MindSpore 2.10 (tests/data/optimizer_lr_cases.py,
recorded by gen_optimizer_lr.py): ``opt.learning_rate`` is the Parameter, a schedule Cell over a
per-step list, a ParameterTuple or a CellList of group rates, as MindSpore's; the Parameters'
names, ``learning_rate(step)``, ``get_lr()`` and three Momentum steps match."""
import json
import os
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "data"))
from optimizer_lr_cases import CASES, run  # noqa: E402

REC = json.load(open(os.path.join(HERE, "..", "data", "ms_optimizer_lr.json")))


@pytest.mark.parametrize("case", CASES)
def test_learning_rate_forms(case):
    got, want = run(case, ms, nn), REC[case]
    for key in ("kind", "dynamic", "names", "items"):
        assert got.get(key) == want.get(key), key
    if "call" in want:
        assert got["call"][0] == want["call"][0]
        np.testing.assert_allclose(got["call"][1], want["call"][1], rtol=1e-6)
    np.testing.assert_allclose(got["get_lr"], want["get_lr"], rtol=1e-7)
    np.testing.assert_allclose(got["get_lr_after"], want["get_lr_after"], rtol=1e-6)
    for g, w in zip(got["weights"], want["weights"]):
        for a, b in zip(g, w):
            np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)


def test_list_rate_past_its_end_is_an_error():
    opt = nn.Momentum(nn.Dense(2, 2).trainable_params(), [0.1, 0.2], 0.9)
    with pytest.raises((IndexError, ValueError, RuntimeError)):
        opt.learning_rate(ms.Tensor(5, ms.int32))


def test_internals_subclasses_use():
    """What model zoos' optimizers (mindcv's AdamW, NAdam...) call on the base class."""
    ps = nn.Dense(2, 2).trainable_params()
    fixed, listed = nn.Momentum(ps, 0.1, 0.9), nn.Momentum(ps, [0.1, 0.2], 0.9)
    assert fixed._is_dynamic_lr_or_weight_decay() is False and listed._is_dynamic_lr_or_weight_decay() is True
    grads = tuple(ms.Tensor(np.ones(p.shape, np.float32)) for p in ps)
    assert fixed._grad_sparse_indices_deduplicate(grads) is grads
    fixed._set_base_target("CPU")
    assert fixed.target == "CPU"
    with pytest.raises(ValueError):
        fixed._set_base_target("TPU")


def _sgd_step_on_two_rates():
    net = nn.Dense(2, 1)
    opt = nn.SGD(net.trainable_params(), learning_rate=[0.1, 0.01])
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x, y = ms.Tensor(np.ones((1, 2), np.float32)), ms.Tensor(np.zeros((1, 1), np.float32))
    return opt, lambda: step(x, y)


# MindSpore 2.10 CPU, GRAPH_MODE, SGD with learning_rate=[0.1, 0.01]: two steps run, get_lr() after
# the second and the third step raise RuntimeError "For 'Gather', the 'input_indices' should be in
# the range [0, 2), but got 2, error_code[58]"
GATHER_PAST_END = r"For 'Gather', the 'input_indices' should be in the range \[0, 2\), but got 2"


def test_get_lr_past_the_rate_list_is_mindspores_gather_error():
    opt, step = _sgd_step_on_two_rates()
    step()
    np.testing.assert_allclose(opt.get_lr().asnumpy(), 0.01)
    step()
    with pytest.raises(RuntimeError, match=GATHER_PAST_END):
        opt.get_lr()


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_a_step_past_the_rate_list_raises_when_indices_are_checked(mode):
    ms.set_context(mode=mode, pynative_synchronize=True)
    try:
        opt, step = _sgd_step_on_two_rates()
        step()
        step()
        with pytest.raises(RuntimeError, match=GATHER_PAST_END):
            step()
    finally:
        ms.set_context(pynative_synchronize=False)
