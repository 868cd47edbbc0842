"""nn.Adam(use_amsgrad=True) and the optimizers' shared argument checks, against MindSpore 2.10
(tests/data/ms_adam_amsgrad.json, recorded by tests/data/gen_adam_amsgrad.py): the weights after each of 4
steps (ApplyAdamWithAmsgrad), the Parameter names (vhat.*), the use_lazy / use_offload / use_amsgrad
errors, the construction errors of Momentum / AdamWeightDecay / Adam / ASGD / Rprop, and the class of
the error for gradients that are not one Tensor per Parameter."""
import json
import os
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")
sys.path.insert(0, DATA)
import gen_adam_amsgrad as gen  # noqa: E402  (the recorded cases and gradients)

with open(os.path.join(DATA, "ms_adam_amsgrad.json")) as f:
    REC = json.load(f)
_CLASSES = {"ValueError": ValueError, "TypeError": TypeError, "KeyError": KeyError, "RuntimeError": RuntimeError}


@pytest.mark.parametrize("k", range(len(gen.CASES)))
def test_amsgrad_steps(k):
    rec = REC["cases"][k]
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.Adam(net.trainable_params(), use_amsgrad=True, **rec["kw"])
    assert [p.name for p in opt.get_parameters()] == rec["names"]
    for s in range(4):
        gw, gb = gen.grads(s)
        opt((ms.Tensor(gw), ms.Tensor(gb)))
        np.testing.assert_allclose(net.weight.asnumpy(), rec["weights"][s], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(net.bias.asnumpy(), rec["biases"][s], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("k", range(len(gen.ERRORS)))
def test_adam_keyword_errors(k):
    rec = REC["errors"][k]
    cls, msg = rec["error"]
    with pytest.raises(_CLASSES[cls]) as e:
        nn.Adam(nn.Dense(3, 2).trainable_params(), **rec["kw"])
    assert str(e.value) == msg


@pytest.mark.parametrize("k", range(len(gen.OPT_ERRORS)))
def test_optimizer_construction_errors(k):
    name, kind, kw = gen.OPT_ERRORS[k]
    cls, msg = REC["opt_errors"][k]
    with pytest.raises(_CLASSES[cls]) as e:
        getattr(nn, name)(gen.opt_params(kind, nn), **kw)
    assert str(e.value) == msg


@pytest.mark.parametrize("k", range(2))
def test_gradients_not_one_per_parameter(k):
    opt = nn.Adam(nn.Dense(3, 2).trainable_params())
    arg = ms.Tensor(np.zeros((2, 3), np.float32))
    with pytest.raises(_CLASSES[REC["call_errors"][k]]):
        opt(arg if k == 0 else (arg,))
