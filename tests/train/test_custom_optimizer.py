"""A user's optimizer written against nn.Optimizer's internals, as MindSpore model zoos write them
(tests/data/custom_optimizer_cases.py), trains exactly as under MindSpore 2.10 (recorded by
tests/data/gen_custom_optimizer.py): plain, parameter groups with order_params, and a dynamic
learning rate with a loss scale."""
import json
import os
import sys

import numpy as np
import pytest

import mindjax as ms

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
sys.path.insert(0, DATA)
from custom_optimizer_cases import CASES, build  # noqa: E402

with open(os.path.join(DATA, "ms_custom_optimizer.json")) as f:
    RECORDED = json.load(f)


@pytest.mark.parametrize("case", CASES)
def test_custom_optimizer_matches_mindspore(case):
    _, run = build(ms)
    got, want = run(case), RECORDED[case]
    np.testing.assert_allclose(got["losses"], want["losses"], rtol=1e-5)
    np.testing.assert_allclose(got["weight"], want["weight"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got["bias"], want["bias"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got["beta_power"], want["beta_power"], rtol=1e-6)
    for key in ("flags", "order", "init_args", "init_learning_rate", "global_step"):
        assert got[key] == want[key], key


def test_group_errors_as_mindspore():
    net = ms.nn.Dense(2, 2)
    with pytest.raises(KeyError, match="the key in group params must be one of in"):
        ms.nn.SGD([{"params": net.trainable_params(), "momentum": 0.9}])
    with pytest.raises(ValueError, match="should only include the 'order_params' key"):
        ms.nn.SGD([{"params": net.trainable_params()}, {"order_params": net.trainable_params(), "lr": 0.1}])
    with pytest.raises(ValueError, match="the length of order parameters must be the same"):
        ms.nn.SGD([{"params": net.trainable_params()}, {"order_params": [net.weight]}])
    with pytest.raises(RuntimeError, match="parameter already exists"):
        ms.nn.SGD([{"params": [net.weight]}, {"params": [net.weight, net.bias]}])


def test_get_lr_parameter_and_target():
    net = ms.nn.Dense(2, 2)
    opt = ms.nn.Momentum([{"params": [net.weight], "lr": 0.01}, {"params": [net.bias]}], 0.1, 0.9)
    assert [float(x) for x in opt.get_lr_parameter([net.weight, net.bias])] == [pytest.approx(0.01),
                                                                                pytest.approx(0.1)]
    opt.target = "GPU"
    assert opt.target == "GPU"
    with pytest.raises(ValueError, match="must be 'CPU', 'Ascend' or 'GPU'"):
        opt.target = "TPU"
