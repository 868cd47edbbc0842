"""mindspore.experimental.optim (optimizers and lr_scheduler) against real MindSpore 2.10 (CPU).

tests/data/gen_exp_optim.py recorded, for each case of tests/data/exp_optim_cases.py, the first 3
steps of value_and_grad + optimizer(grads) on Dense(4, 3) with MSELoss (loss, weight, bias), the
optimizer's Parameter names and its state after them, the errors of bad arguments, and the rates
each scheduler sets over 7 steps (and after step(epoch) jumps). mindjax must match, eagerly and
with the training step under jit.
"""
import json
import os
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, Tensor
from mindjax.experimental import optim

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "data", "ms_exp_optim.json")) as f:
    MS = json.load(f)
sys.path.insert(0, os.path.join(HERE, "..", "data"))
from optimizer_cases import W, B, X, Y  # noqa: E402
from exp_optim_cases import CASES, BAD, SCHEDULERS  # noqa: E402


def _make(cls, kw, groups):
    net = nn.Dense(4, 3, weight_init=Tensor(W), bias_init=Tensor(B))
    params = net.trainable_params()
    if groups:
        params = [dict(groups[0], params=[net.weight]), dict(groups[1], params=[net.bias])]
    return net, getattr(optim, cls)(params, **kw)




def test_tables_match_recording():
    assert set(MS["cases"]) == set(CASES) and set(MS["errors"]) == set(BAD) and set(MS["sched"]) == set(SCHEDULERS)


@pytest.mark.parametrize("jit", [False, True], ids=["pynative", "jit"])
@pytest.mark.parametrize("name", list(CASES))
def test_three_steps_names_and_state_match_mindspore(name, jit):
    net, opt = _make(*CASES[name])
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    step = ms.jit(step) if jit else step
    exp = MS["cases"][name]
    for want in exp["steps"]:
        loss = step(Tensor(X), Tensor(Y))
        np.testing.assert_allclose(float(loss.asnumpy()), want["loss"], rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(net.weight.asnumpy(), np.array(want["weight"], np.float32), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(net.bias.asnumpy(), np.array(want["bias"], np.float32), rtol=1e-5, atol=1e-6)
    assert sorted(opt.parameters_dict()) == exp["names"]
    for n, p in opt.parameters_dict().items():
        if n in exp["state"]:
            np.testing.assert_allclose(p.asnumpy(), np.array(exp["state"][n], np.float32), rtol=1e-5, atol=1e-6,
                                       err_msg=n)


@pytest.mark.parametrize("name", list(BAD))
def test_bad_arguments_raise_as_mindspore(name):
    cls, kw = BAD[name]
    err, msg = MS["errors"][name]
    with pytest.raises(Exception) as ei:
        getattr(optim, cls)(nn.Dense(4, 3).trainable_params(), **kw)
    assert type(ei.value).__name__ == err
    assert str(ei.value) == msg


def _lrs(sched):
    return [float(x.asnumpy()) for x in sched.get_last_lr()]


@pytest.mark.parametrize("name", list(SCHEDULERS))
def test_scheduler_rates_match_mindspore(name):
    cls, kw = SCHEDULERS[name]
    kw = {k: (eval("lambda e: " + v) if k == "lr_lambda" else v) for k, v in kw.items()}  # noqa: S307
    _, opt = _make("Adam", {"lr": 0.1}, ({}, {"lr": 0.2}))
    sched = getattr(optim.lr_scheduler, cls)(opt, **kw)
    want = MS["sched"][name]
    got = [_lrs(sched)]
    for _ in range(7):
        sched.step()
        got.append(_lrs(sched))
    jumps = [5, 1][:len(want) - 8]
    for e in jumps:
        if isinstance(want[len(got)], str):  # MindSpore 2.10 fails this jump (its Log call); mindjax computes it
            break
        sched.step(e)
        got.append(_lrs(sched))
    np.testing.assert_allclose(np.array(got), np.array(want[:len(got)]), rtol=2e-6, atol=1e-7)
    # the optimizer's groups hold the scheduler's rates
    np.testing.assert_allclose([float(g["lr"].asnumpy()) for g in opt.param_groups], got[-1], rtol=1e-7)


def test_sequential_and_plateau_match_mindspore():
    _, opt = _make("SGD", {"lr": 0.1}, None)
    a = optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
    b = optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    s = optim.lr_scheduler.SequentialLR(opt, schedulers=[a, b], milestones=[3])
    got = [_lrs(s)]
    for _ in range(6):
        s.step()
        got.append(_lrs(s))
    np.testing.assert_allclose(got, MS["sched_special"]["sequential"], rtol=2e-6)
    for mode, curve in (("min", [1.0, 0.9, 0.95, 0.96, 0.97, 0.5, 0.6, 0.7, 0.8]),
                        ("max", [0.1, 0.2, 0.2, 0.2, 0.1, 0.3, 0.3, 0.3, 0.3])):
        _, opt = _make("SGD", {"lr": 0.1}, None)
        s = optim.lr_scheduler.ReduceLROnPlateau(opt, mode=mode, factor=0.5, patience=1, cooldown=1, min_lr=0.02)
        got = []
        for v in curve:
            s.step(Tensor(v, ms.float32))
            got.append(_lrs(s))
        np.testing.assert_allclose(got, MS["sched_special"]["plateau_" + mode], rtol=2e-6)


def test_scheduler_changes_rate_of_a_jitted_step_without_retracing():
    """The group rate is a Parameter: a scheduler's new value reaches the compiled step."""
    net, opt = _make("SGD", {"lr": 0.1}, None)
    sched = optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    grad_fn = ms.value_and_grad(lambda x, y: nn.MSELoss()(net(x), y), None, opt.parameters)

    @ms.jit
    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    deltas = []
    for _ in range(3):
        before = net.bias.asnumpy().copy()
        _, grads = grad_fn(Tensor(X), Tensor(Y))
        step(Tensor(X), Tensor(Y))
        deltas.append((before - net.bias.asnumpy()) / grads[1].asnumpy())
        sched.step()
    np.testing.assert_allclose([d.mean() for d in deltas], [0.1, 0.05, 0.025], rtol=1e-4)


def test_add_param_group_and_repr():
    net = nn.Dense(4, 3)
    opt = optim.Adam([net.weight], lr=0.01)
    opt.add_param_group({"params": net.bias, "lr": 0.5})
    assert opt.group_start_id == [0, 1, 2] and len(opt.parameters) == 2
    assert [p.name for p in opt.lrs] == ["learning_rate_group_0", "learning_rate_group_1"]
    assert "Parameter Group 1" in repr(opt) and "lr: 0.5" in repr(opt)
    with pytest.raises(ValueError, match="more than one parameter group"):
        opt.add_param_group({"params": [net.bias]})


def test_mint_optim_shares_the_base_and_takes_schedulers():
    """MindSpore's mint.optim optimizers derive from experimental.optim.Optimizer: the schedulers drive them."""
    from mindjax.mint import optim as moptim
    w = ms.Parameter(Tensor(np.array([1.0], np.float32)), name="w")
    opt = moptim.SGD([w], lr=0.1)
    assert isinstance(opt, optim.Optimizer) and opt.lrs[0].name == "learning_rate_group_0"
    sched = optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    for _ in range(2):
        opt((Tensor(np.array([1.0], np.float32)),))
        sched.step()
    np.testing.assert_allclose(w.asnumpy(), [1.0 - 0.1 - 0.05], rtol=1e-6)


def test_reached_from_the_top_level_package():
    assert ms.experimental.optim.Adam is optim.Adam and ms.experimental.optim.lr_scheduler.StepLR is not None
