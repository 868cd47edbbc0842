"""RMSProp, Adagrad, AdaMax and Adadelta against real MindSpore 2.10 (CPU).

tests/data/gen_optimizers_more.py recorded, for each case, the first 3 steps of
TrainOneStepCell(WithLossCell(Dense(4, 3), MSELoss()), optimizer) in PyNative (loss, weight,
bias), the optimizer's Parameter names (checkpoint names) and its state after the 3 steps,
and the error that each bad argument raises. mindjax must match in PyNative and under jit.
"""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, Tensor
from mindjax.nn.optim.ada_grad import Adagrad
from mindjax.nn.optim.adadelta import Adadelta
from mindjax.nn.optim.adamax import AdaMax
from mindjax.nn.optim.rmsprop import RMSProp

with open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_optimizers_more.json")) as f:
    MS = json.load(f)

CLASSES = {"RMSProp": RMSProp, "Adagrad": Adagrad, "AdaMax": AdaMax, "Adadelta": Adadelta}

# Same case table as the generator (name -> class, kwargs).
CASES = {
    "rmsprop": ("RMSProp", {"learning_rate": 0.01}),
    "rmsprop_mom_wd": ("RMSProp", {"learning_rate": 0.01, "decay": 0.8, "momentum": 0.5, "epsilon": 1e-6,
                                   "weight_decay": 0.01}),
    "rmsprop_centered": ("RMSProp", {"learning_rate": 0.01, "momentum": 0.3, "centered": True}),
    "rmsprop_lr_list": ("RMSProp", {"learning_rate": [0.01, 0.02, 0.005]}),
    "adagrad": ("Adagrad", {"learning_rate": 0.1}),
    "adagrad_accum_wd": ("Adagrad", {"learning_rate": 0.1, "accum": 0.5, "weight_decay": 0.05}),
    "adagrad_no_slots": ("Adagrad", {"learning_rate": 0.1, "update_slots": False}),
    "adamax": ("AdaMax", {"learning_rate": 0.01}),
    "adamax_wd": ("AdaMax", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.99, "eps": 1e-6,
                             "weight_decay": 0.1}),
    "adadelta": ("Adadelta", {}),
    "adadelta_wd": ("Adadelta", {"learning_rate": 0.5, "rho": 0.8, "epsilon": 1e-4, "weight_decay": 0.02}),
}
BAD = {
    "rmsprop_decay_neg": ("RMSProp", {"decay": -0.1}),
    "rmsprop_decay_int": ("RMSProp", {"decay": 1}),
    "rmsprop_momentum_neg": ("RMSProp", {"momentum": -0.5}),
    "rmsprop_eps_zero": ("RMSProp", {"epsilon": 0.0}),
    "rmsprop_centered_int": ("RMSProp", {"centered": 1}),
    "rmsprop_use_locking": ("RMSProp", {"use_locking": "no"}),
    "adagrad_accum_neg": ("Adagrad", {"accum": -0.1}),
    "adagrad_accum_int": ("Adagrad", {"accum": 1}),
    "adagrad_update_slots": ("Adagrad", {"update_slots": 1}),
    "adamax_beta1_one": ("AdaMax", {"beta1": 1.0}),
    "adamax_beta2_zero": ("AdaMax", {"beta2": 0.0}),
    "adamax_eps_neg": ("AdaMax", {"eps": -1e-8}),
    "adamax_beta1_int": ("AdaMax", {"beta1": 0}),
    "adadelta_rho": ("Adadelta", {"rho": 1.5}),
    "adadelta_rho_int": ("Adadelta", {"rho": 1}),
    "adadelta_eps_neg": ("Adadelta", {"epsilon": -1e-6}),
}

W = (np.arange(12, dtype=np.float32).reshape(3, 4) - 5.5) / 10
B = np.array([0.1, -0.2, 0.3], np.float32)
X = (np.arange(20, dtype=np.float32).reshape(5, 4) % 7 - 3) / 4
Y = (np.arange(15, dtype=np.float32).reshape(5, 3) % 5 - 2) / 3

# MindSpore 2.10's CPU ApplyAdagrad kernel ignores update_slots=False (accum still grows: the
# recorded values equal the update_slots=True case). mindjax keeps accum fixed, as documented.
SLOTS_XFAIL = pytest.mark.xfail(reason="MindSpore 2.10 CPU ignores Adagrad(update_slots=False)", strict=True)


def _run(name, jit):
    cls, kw = CASES[name]
    net = nn.Dense(4, 3, weight_init=Tensor(W), bias_init=Tensor(B))
    opt = CLASSES[cls](net.trainable_params(), **kw)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    if jit:
        step = ms.jit(step)
    out = []
    for _ in range(3):
        loss = step(Tensor(X), Tensor(Y))
        out.append((float(loss.asnumpy()), net.weight.asnumpy(), net.bias.asnumpy()))
    return opt, out


def test_generator_cases_match():
    assert set(MS["cases"]) == set(CASES) and set(MS["errors"]) == set(BAD)


@pytest.mark.parametrize("jit", [False, True], ids=["pynative", "jit"])
@pytest.mark.parametrize("name", [pytest.param(n, marks=SLOTS_XFAIL) if n == "adagrad_no_slots" else n
                                  for n in CASES])
def test_first_steps_and_state_match_mindspore(name, jit):
    opt, got = _run(name, jit)
    exp = MS["cases"][name]
    for i, (e, (loss, w, b)) in enumerate(zip(exp["steps"], got)):
        np.testing.assert_allclose(loss, e["loss"], rtol=1e-5, atol=1e-6, err_msg=f"{name} step {i + 1} loss")
        np.testing.assert_allclose(w, np.array(e["weight"], np.float32), rtol=1e-5, atol=1e-6,
                                   err_msg=f"{name} step {i + 1} weight")
        np.testing.assert_allclose(b, np.array(e["bias"], np.float32), rtol=1e-5, atol=1e-6,
                                   err_msg=f"{name} step {i + 1} bias")
    # the optimizer's state, by the names a checkpoint stores it under
    params = opt.parameters_dict()
    assert sorted(params) == exp["names"]
    for pname, value in exp["state"].items():
        np.testing.assert_allclose(params[pname].asnumpy(), np.array(value, np.float32), rtol=1e-5, atol=1e-6,
                                   err_msg=f"{name} state {pname}")
        assert list(params[pname].shape) == list(np.shape(value)), pname


@pytest.mark.parametrize("name", list(BAD))
def test_bad_arguments_raise_as_mindspore(name):
    cls, kw = BAD[name]
    exc_name, message = MS["errors"][name]
    with pytest.raises(Exception) as info:
        CLASSES[cls](nn.Dense(4, 3).trainable_params(), **kw)
    assert type(info.value).__name__ == exc_name
    assert str(info.value) == message


@pytest.mark.parametrize("cls", list(CLASSES))
def test_module_paths(cls):
    # mindjax.nn.optim.<file> is MindSpore's mindspore.nn.optim.<file>
    assert CLASSES[cls].__module__ == MS["modules"][cls].replace("mindspore", "mindjax", 1)
