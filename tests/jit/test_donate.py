"""Buffer donation (mindjax/_jit/donate.py): a compiled program that writes Parameters writes
them into their own buffers, and nothing that still holds an old value sees it change."""
import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops
from mindjax._jit import api


def _train_step(seed=0):
    ms.set_seed(seed)
    net = nn.Dense(4, 3)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(2, 4) / 8)
    y = ms.Tensor(np.ones((2, 3), np.float32))
    return net, opt, step, x, y


def _programs(holder):
    return list(holder._cache.values())


def _pointers(params):
    return [p._value.unsafe_buffer_pointer() for p in params]


def _accumulator(acc):
    """A new jit function that adds its input to ``acc`` and returns ``acc``'s new value."""
    @ms.jit
    def f(x):
        ops.assign_add(acc, x)
        return acc * 1
    return f


def _run(monkeypatch, donate: str, steps=3):
    monkeypatch.setenv("MINDJAX_DONATE", donate)
    ms.set_context(mode=ms.GRAPH_MODE)
    net, opt, step, x, y = _train_step()
    losses = [float(step(x, y).asnumpy()) for _ in range(steps)]
    return losses, net.weight.asnumpy().copy(), opt.moments[0].asnumpy().copy(), step


def test_graph_train_step_updates_parameters_in_their_buffers(monkeypatch):
    losses, w, m, step = _run(monkeypatch, "1")
    prog, = _programs(step._graph_holder)
    assert prog.donate is True
    before = _pointers(prog.params)
    x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(2, 4) / 8)
    step(x, ms.Tensor(np.ones((2, 3), np.float32)))
    assert _pointers(prog.params) == before  # weights, moments, step counter: written in place
    # the same values as a program that does not donate
    ref_losses, ref_w, ref_m, ref_step = _run(monkeypatch, "0")
    assert _programs(ref_step._graph_holder)[0].donate is False
    np.testing.assert_allclose(losses, ref_losses, rtol=1e-6)
    np.testing.assert_allclose(w, ref_w, rtol=1e-6)
    np.testing.assert_allclose(m, ref_m, rtol=1e-6)
    assert losses[2] < losses[0]


def test_values_held_elsewhere_keep_their_old_value(monkeypatch):
    monkeypatch.setenv("MINDJAX_DONATE", "1")
    ms.set_context(mode=ms.GRAPH_MODE)
    net, opt, step, x, y = _train_step()
    step(x, y)
    held = net.weight.value()          # a Tensor sharing the Parameter's array
    view = np.asarray(net.bias._value)  # a numpy view of a buffer
    copy_w, copy_b = held.asnumpy().copy(), view.copy()
    step(x, y)
    np.testing.assert_array_equal(held.asnumpy(), copy_w)
    np.testing.assert_array_equal(view, copy_b)
    assert not np.array_equal(net.weight.asnumpy(), copy_w)  # the Parameter itself moved on
    step(x, y)  # and the next step reads the Parameter's new value, not the held one
    assert np.isfinite(net.weight.asnumpy()).all()


def test_parameters_read_but_not_written_stay_valid(monkeypatch):
    monkeypatch.setenv("MINDJAX_DONATE", "1")
    w = ms.Parameter(ms.Tensor(np.full((3,), 2.0, np.float32)), name="w")
    acc = ms.Parameter(ms.Tensor(np.zeros((3,), np.float32)), name="acc")

    @ms.jit
    def f(x):
        ops.assign_add(acc, x * w)
        return acc * 1

    for k in range(3):
        out = f(ms.Tensor(np.ones((3,), np.float32)))
    prog, = _programs(f)
    assert prog.donate is True and [prog.params[i].name for i in prog.written] == ["acc"]
    np.testing.assert_array_equal(out.asnumpy(), [6.0, 6.0, 6.0])
    np.testing.assert_array_equal(w.asnumpy(), [2.0, 2.0, 2.0])
    np.testing.assert_array_equal(acc.asnumpy(), [6.0, 6.0, 6.0])


def test_a_program_with_a_host_callback_does_not_donate(monkeypatch, capsys):
    monkeypatch.setenv("MINDJAX_DONATE", "1")
    acc = ms.Parameter(ms.Tensor(np.zeros((2,), np.float32)), name="acc")

    @ms.jit
    def f(x):
        ops.Print()("x", x)
        ops.assign_add(acc, x)
        return acc * 1

    f(ms.Tensor(np.ones((2,), np.float32)))
    f(ms.Tensor(np.ones((2,), np.float32)))
    assert _programs(f)[0].donate is False
    np.testing.assert_array_equal(acc.asnumpy(), [2.0, 2.0])


def test_a_program_with_run_time_checks_does_not_donate_and_keeps_parameters(monkeypatch):
    monkeypatch.setenv("MINDJAX_DONATE", "1")
    acc = ms.Parameter(ms.Tensor(np.zeros((2,), np.float32)), name="acc")

    @ms.jit
    def f(x):
        ops.assign_add(acc, x)
        if x.sum() > 10:
            raise ValueError("too large")
        return acc * 1

    f(ms.Tensor(np.ones((2,), np.float32)))
    assert _programs(f)[0].donate is False
    with pytest.raises(ValueError, match="too large"):
        f(ms.Tensor(np.full((2,), 8.0, np.float32)))
    assert np.isfinite(acc.asnumpy()).all()  # no Parameter holds a deleted buffer
    f(ms.Tensor(np.ones((2,), np.float32)))


def test_pynative_optimizer_update_donates(monkeypatch):
    monkeypatch.setenv("MINDJAX_DONATE", "1")
    net, opt, _, x, y = _train_step()
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    grad_fn = ms.value_and_grad(loss_net, None, opt.parameters)
    losses = []
    for _ in range(3):
        loss, grads = grad_fn(x, y)
        opt(grads)
        losses.append(float(loss.asnumpy()))
    prog, = _programs(opt._jitted_update)
    assert prog.donate is True
    before = _pointers(opt.moments)
    loss, grads = grad_fn(x, y)
    del loss
    opt(grads)
    assert _pointers(opt.moments) == before
    # against the same steps without donation
    monkeypatch.setenv("MINDJAX_DONATE", "0")
    net2, opt2, _, _, _ = _train_step()
    grad2 = ms.value_and_grad(nn.WithLossCell(net2, nn.MSELoss()), None, opt2.parameters)
    ref = []
    for _ in range(3):
        loss, grads = grad2(x, y)
        opt2(grads)
        ref.append(float(loss.asnumpy()))
    np.testing.assert_allclose(losses, ref, rtol=1e-6)


def test_a_gradient_through_a_jit_call_does_not_donate(monkeypatch):
    monkeypatch.setenv("MINDJAX_DONATE", "1")
    w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    @ms.jit
    def f(x):
        return (x * w).sum()

    g = ms.grad(f, grad_position=None, weights=[w])
    for _ in range(2):
        gw, = g(ms.Tensor(np.array([3.0, 4.0], np.float32)))
    np.testing.assert_array_equal(gw.asnumpy(), [3.0, 4.0])
    np.testing.assert_array_equal(w.asnumpy(), [1.0, 2.0])
    assert all(p.donate is not True for p in _programs(f))


def test_donation_decision_is_made_once_per_program(monkeypatch):
    monkeypatch.setenv("MINDJAX_DONATE", "1")
    acc = ms.Parameter(ms.Tensor(np.zeros((2,), np.float32)), name="acc")
    f = _accumulator(acc)
    f(ms.Tensor(np.ones((2,), np.float32)))
    f(ms.Tensor(np.ones((3,), np.float32))[:2])
    assert api.compiles_of(f) == 1
    assert _programs(f)[0].donate is True
    np.testing.assert_array_equal(acc.asnumpy(), [2.0, 2.0])


def test_programs_donate_by_default_and_mindjax_donate_0_turns_it_off(monkeypatch):
    monkeypatch.delenv("MINDJAX_DONATE", raising=False)
    acc = ms.Parameter(ms.Tensor(np.zeros((16,), np.float32)), name="acc")
    f = _accumulator(acc)
    f(ms.Tensor(np.ones((16,), np.float32)))
    assert _programs(f)[0].donate is True
    np.testing.assert_array_equal(f(ms.Tensor(np.ones((16,), np.float32))).asnumpy(), np.full(16, 2.0))
    monkeypatch.setenv("MINDJAX_DONATE", "0")
    h = _accumulator(acc)
    np.testing.assert_array_equal(h(ms.Tensor(np.ones((16,), np.float32))).asnumpy(), np.full(16, 3.0))
    assert _programs(h)[0].donate is False
