"""RMSProp, Adagrad, AdaMax, Adadelta, Rprop, ASGD, ProximalAdagrad and FTRL against real MindSpore 2.10 (CPU).

tests/data/gen_optimizers_more.py recorded, for each case, the first 3 steps of
TrainOneStepCell(WithLossCell(Dense(4, 3), MSELoss()), optimizer) in PyNative (loss, weight,
bias), the optimizer's Parameter names (checkpoint names) and its state after the 3 steps,
and the error that each bad argument raises. mindjax must match in PyNative and under jit.
"""
import json
import os
import re
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, Tensor

with open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_optimizers_more.json")) as f:
    MS = json.load(f)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "data"))
from optimizer_cases import CASES, BAD, W, B, X, Y  # noqa: E402

CLASSES = {cls: getattr(nn, cls) for cls, _ in list(CASES.values()) + list(BAD.values())}

# MindSpore 2.10's CPU ApplyAdagrad kernel ignores update_slots=False (accum still grows: the
# recorded values equal the update_slots=True case). mindjax keeps accum fixed, as documented.
SLOTS_XFAIL = pytest.mark.xfail(reason="MindSpore 2.10 CPU ignores Adagrad(update_slots=False)", strict=True)
# MindSpore 2.10's CPU ApplyFtrl kernel takes sign(linear) as +1 for any non-zero linear (it tests
# `linear ? l1 : -l1`), so with l1 > 0 its weights differ where linear < 0. mindjax keeps FTRL's
# sign(linear) * l1 (DESIGN.md: a plain bug is not reproduced); ftrl_l2_wd checks everything else.
FTRL_XFAIL = pytest.mark.xfail(reason="MindSpore 2.10 CPU ApplyFtrl: sign(linear) is +1 for negative linear",
                               strict=True)
XFAILS = {"adagrad_no_slots": SLOTS_XFAIL, "ftrl_l1l2": FTRL_XFAIL}


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
@pytest.mark.parametrize("name", [pytest.param(n, marks=XFAILS[n]) if n in XFAILS else n for n in CASES])
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
    # an unnamed Parameter: MindSpore's dict key is 'Parameter$<n>', mindjax's name 'Parameter#<n>'
    unnamed = {n for n in params if re.fullmatch(r"Parameter#\d+", n)}
    assert sorted(n for n in params if n not in unnamed) == [n for n in exp["names"] if "$" not in n]
    assert len(unnamed) == sum("$" in n for n in exp["names"])
    for pname, value in exp["state"].items():
        if "$" in pname:
            pname = unnamed.pop()
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
