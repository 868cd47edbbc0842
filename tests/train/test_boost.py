"""mindspore.boost.GradientAccumulation against MindSpore 2.10 (tests/data/gen_boost.py): the
accumulators' names, and the weights after each step for windows of 1, 2 and 3 steps, eager
and under jit."""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax import boost, nn

REC = json.load(open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_boost.json")))


def grads_for(step):
    rng = np.random.default_rng(100 + step)
    return rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal(2).astype(np.float32)


@pytest.mark.parametrize("jitted", [False, True])
@pytest.mark.parametrize("window", ["1", "2", "3"])
def test_gradient_accumulation_matches_mindspore(window, jitted):
    want = REC[window]
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    acc = boost.GradientAccumulation(int(window), opt)
    assert [p.name for p in acc._grad_accumulation] == want["names"]
    call = ms.jit(acc.construct) if jitted else acc
    for s in range(len(want["weights"])):
        gw, gb = grads_for(s)
        loss = call(ms.Tensor(float(s), ms.float32), (ms.Tensor(gw), ms.Tensor(gb)))
        assert float(loss.asnumpy()) == want["losses"][s]
        np.testing.assert_allclose(net.weight.asnumpy(), want["weights"][s], rtol=1e-6, atol=1e-7)
        np.testing.assert_allclose(net.bias.asnumpy(), want["biases"][s], rtol=1e-6, atol=1e-7)
    assert int(acc._accumulation_step.asnumpy()) == want["step"]


def test_bad_window():
    net = nn.Dense(3, 2)
    with pytest.raises(ValueError, match="max_accumulation_step"):
        boost.GradientAccumulation(0, nn.SGD(net.trainable_params()))
