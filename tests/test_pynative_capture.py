"""The captured-sequence mode of PyNative (mindjax/_capture.py, bench/README.md).

Every check compares a run with capture on against the same run op by op (capture off), in one
process, from the same weights: the captured mode must give the values PyNative gives.
"""
import traceback

import numpy as np
import pytest

import mindjax as ms
from mindjax import _capture, _heap, nn, ops, Tensor
from mindjax.common.initializer import Normal


@pytest.fixture
def capture():
    """Capture on for the test (and off again after it, whatever the environment says)."""
    before = ms.get_context("pynative_capture")
    ms.set_context(pynative_capture=True)
    yield
    ms.set_context(pynative_capture=before)


def _set(on):
    """Capture ``on``; returns the previous setting (restored with ``_set(prev)``)."""
    prev = ms.get_context("pynative_capture")
    ms.set_context(pynative_capture=on)
    return prev


class LeNetLike(nn.Cell):
    def __init__(self, hook_print=False):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, pad_mode="valid")
        self.conv2 = nn.Conv2d(4, 8, 3, pad_mode="valid")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(8 * 2 * 2, 16, weight_init=Normal(0.1))
        self.fc2 = nn.Dense(16, 5, weight_init=Normal(0.1))
        self.hook_print = hook_print

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        x = self.relu(self.fc1(self.flatten(x)))
        if self.hook_print:
            print("fc1 sum:", x.sum())
        return self.fc2(x)


def _train(on, steps, batches, hook_print=False, forward_hook=None):
    prev = _set(on)
    try:
        ms.set_seed(3)
        net = LeNetLike(hook_print)
        if forward_hook is not None:
            net.fc1.register_forward_hook(forward_hook)
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
        step.set_train()
        losses = []
        for i in range(steps):
            x, y = batches[i % len(batches)]
            losses.append(step(x, y))  # read after the loop: no boundary inside the step
        losses = [float(v.asnumpy()) for v in losses]
        weights = [p.asnumpy() for p in net.trainable_params()]
        return losses, weights
    finally:
        _set(prev)


def _batches(*sizes):
    rng = np.random.default_rng(0)
    return [(Tensor(rng.standard_normal((n, 1, 14, 14)).astype(np.float32)),
             Tensor(rng.integers(0, 5, n).astype(np.int32))) for n in sizes]


def _same(a, b):
    la, wa = a
    lb, wb = b
    np.testing.assert_allclose(la, lb, rtol=1e-5, atol=1e-6)
    assert len(wa) == len(wb)
    for x, y in zip(wa, wb):
        np.testing.assert_allclose(x, y, rtol=1e-5, atol=1e-6)


def test_training_loop_matches_op_by_op_and_runs_as_one_program():
    batches = _batches(4)
    ref = _train(False, 6, batches)
    before = dict(_capture.stats)
    got = _train(True, 6, batches)
    _same(got, ref)
    assert ref[0][0] != ref[0][-1]  # the loop did train
    # step 1 runs op by op (its first sight, and the optimizer's first call), step 2 again op by op,
    # then the repeated step (forward, backward and the optimizer update) is compiled once and replayed
    assert 1 <= _capture.stats["compiled"] - before["compiled"] <= 2
    assert _capture.stats["replayed"] - before["replayed"] >= 4


def test_shape_change_falls_back_and_keeps_values():
    batches = _batches(4, 4, 4, 3, 3, 3, 4)
    ref = _train(False, 7, batches)
    before = dict(_capture.stats)
    got = _train(True, 7, batches)
    _same(got, ref)
    # batch 3 is a new sequence: its first step runs op by op, the next ones compiled and replayed;
    # back at batch 4 the first program is replayed (no third compile of a step)
    d = {k: _capture.stats[k] - before[k] for k in before}
    assert d["op_by_op"] >= 2 and d["replayed"] >= 4
    assert 2 <= d["compiled"] <= 3  # (3: the first step's forward and backward, when an earlier test compiled it)


def test_forward_hook_and_print_fire_on_every_step(capsys):
    batches = _batches(4)
    calls = {True: 0, False: 0}

    def hook_for(on):
        def hook(cell, inputs, output):
            calls[on] += 1
            print("hook output:", output.shape)
        return hook
    ref = _train(False, 5, batches, hook_print=True, forward_hook=hook_for(False))
    out_ref = capsys.readouterr().out
    before = dict(_capture.stats)
    got = _train(True, 5, batches, hook_print=True, forward_hook=hook_for(True))
    out = capsys.readouterr().out
    _same(got, ref)
    assert calls == {True: 5, False: 5}
    assert out.count("hook output:") == 5 and out.count("fc1 sum:") == 5
    # the printed values are the op-by-op ones (up to XLA's fusion: the last printed digit)
    sums = [float(line.split(":")[1]) for line in out.splitlines() if line.startswith("fc1 sum:")]
    sums_ref = [float(line.split(":")[1]) for line in out_ref.splitlines() if line.startswith("fc1 sum:")]
    np.testing.assert_allclose(sums, sums_ref, rtol=1e-5)
    assert [line for line in out.splitlines() if line.startswith("hook")] == \
        [line for line in out_ref.splitlines() if line.startswith("hook")]
    # the print reads a value: a boundary, the step runs as two captured segments, both replayed
    assert _capture.stats["replayed"] - before["replayed"] >= 4


def test_hook_backward_fires_on_every_step(capture):
    seen = []
    hook = ops.HookBackward(lambda g: seen.append(g[0].asnumpy().copy()))
    w = ms.Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")
    x = Tensor(np.array([0.5, -1.0, 2.0], np.float32))

    def f(x):
        return (hook(x * w) * 3.0).sum()
    grad = ms.grad(f, grad_position=None, weights=[w])
    vals = [grad(x)[0].asnumpy() for _ in range(4)]
    assert len(seen) == 4
    for g in seen:
        np.testing.assert_allclose(g, [3.0, 3.0, 3.0])
    for v in vals:
        np.testing.assert_allclose(v, [1.5, -3.0, 6.0])


def _user_line_error(on):
    prev = _set(on)
    try:
        a = Tensor(np.ones((2, 3), np.float32))
        b = Tensor(np.ones((4, 5), np.float32))
        c = ops.relu(a) * 2.0  # captured (with capture on), not yet run
        try:
            ops.matmul(c, b)  # the user's line
        except Exception as e:  # noqa: BLE001
            return e, traceback.extract_tb(e.__traceback__)
        raise AssertionError("no error")
    finally:
        _set(prev)


def test_error_in_captured_region_at_users_line():
    e_ref, tb_ref = _user_line_error(False)
    e, tb = _user_line_error(True)
    assert type(e) is type(e_ref) and type(e).__module__ == "builtins"
    assert str(e) == str(e_ref) and str(e).startswith("For 'MatMul'")
    # the last frame of this file in the traceback is the line that called the op
    mine = [f for f in tb if f.filename == __file__]
    assert mine[-1].line == "ops.matmul(c, b)  # the user's line"
    assert [f.line for f in tb_ref if f.filename == __file__][-1] == mine[-1].line


def test_pynative_synchronize_turns_capture_off(capture):
    a = Tensor(np.ones((3,), np.float32))
    b = ops.exp(a)  # captured
    assert type(b._raw) is _capture.Lazy
    ms.set_context(pynative_synchronize=True)
    try:
        assert type(b._raw) is _capture.Lazy and b._raw.value is not None  # the open segment ran
        c = ops.exp(a)
        assert type(c._raw) is not _capture.Lazy  # op by op while synchronous
    finally:
        ms.set_context(pynative_synchronize=False)
    np.testing.assert_allclose(b.asnumpy(), np.exp(np.ones(3, np.float32)))


def test_control_flow_on_a_value_is_a_boundary(capture):
    x = Tensor(np.array([1.0, -2.0], np.float32))
    outs = []
    for _ in range(4):
        y = ops.abs(x) * 2.0
        if (y.sum() > 5.0):  # Python reads the value: the segment before it runs
            z = y - 1.0
        else:
            z = y + 1.0
        outs.append((z * z).asnumpy())
    for o in outs:
        np.testing.assert_allclose(o, [1.0, 9.0])


def test_context_option_and_default():
    import os
    assert ms.get_context("pynative_capture") == _capture.enabled_by_env()
    assert _capture.enabled_by_env() == (os.environ.get("MINDJAX_PYNATIVE_CAPTURE", "0") in ("1", "true", "on", "yes"))
    with pytest.raises(TypeError):
        ms.set_context(pynative_capture=1)


def test_environment_variable_turns_it_on():
    import os
    import subprocess
    import sys
    code = ("import numpy as np, mindjax as ms\n"
            "from mindjax import ops, _capture\n"
            "x = ms.Tensor(np.ones(3, np.float32))\n"
            "y = ops.exp(x) * 2.0\n"
            "print(ms.get_context('pynative_capture'), type(y._raw).__name__, y.asnumpy().round(4).tolist())\n")
    env = dict(os.environ, MINDJAX_PYNATIVE_CAPTURE="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split()[:2] == ["True", "Lazy"]
    env["MINDJAX_PYNATIVE_CAPTURE"] = "0"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split()[:2] == ["False", "ArrayImpl"]


def test_other_threads_run_op_by_op(capture):
    import threading
    x = Tensor(np.ones(3, np.float32))
    got = {}

    def work():
        y = ops.exp(x) + 1.0
        got["raw"] = type(y._raw)
        got["val"] = y.asnumpy()
    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert got["raw"] is not _capture.Lazy
    np.testing.assert_allclose(got["val"], np.exp(np.ones(3, np.float32)) + 1.0, rtol=1e-6)


def _boom_host(x):
    raise ValueError("device says no")


def test_run_time_failure_of_a_captured_op_is_reported_as_pynative_reports_it(capture):
    import jax
    from mindjax.ops._primitive import Op, apply
    boom = Op("Boom", lambda x: jax.pure_callback(_boom_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x))
    x = Tensor(np.ones(3, np.float32))
    y = apply(boom, (ops.exp(x),), {})
    z = ops.exp(x) * 2  # another value of the same segment
    assert type(y._raw) is _capture.Lazy and type(z._raw) is _capture.Lazy
    with pytest.raises(RuntimeError) as info:
        y.asnumpy()  # the segment runs here, op by op the first time: Boom fails
    assert type(info.value) is RuntimeError
    assert str(info.value).startswith("For 'Boom', the kernel failed at run time with inputs ([3]:Float32)")
    assert not any("/jax/" in f.filename for f in traceback.extract_tb(info.value.__traceback__))
    with pytest.raises(RuntimeError, match="For 'Boom', the kernel failed at run time"):
        z.asnumpy()  # its segment failed: the same error, not a lost value
    np.testing.assert_allclose(ops.exp(x).asnumpy(), np.exp(np.ones(3, np.float32)))  # a new segment


def test_op_whose_attributes_hold_a_captured_tensor(capture):
    # ops.pad with its amounts in a Tensor: working out the output shape reads the amounts, which
    # runs the open segment; the op then runs on the values (the same result as op by op)
    x = Tensor(np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4))
    amounts = Tensor(np.array([1, 0, 2, 1], np.int64)) + 0  # a placeholder of the open segment
    xin = x * 1
    assert type(amounts._raw) is _capture.Lazy
    got = ops.pad(xin, amounts, "replicate")
    want = np.pad(np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4), ((0, 0), (0, 0), (2, 1), (1, 0)), mode="edge")
    np.testing.assert_array_equal(got.asnumpy(), want)


def test_runtime_synchronize_and_memory_run_the_open_segment(capture):
    from mindjax import runtime as rt
    a = Tensor(np.ones((64, 64), np.float32))
    b = ops.matmul(a, a) + 1
    assert type(b._raw) is _capture.Lazy and b._raw.value is None
    assert rt.current_stream().query() is False  # recorded work not yet run
    rt.synchronize()
    assert b._raw.value is not None and b._raw.value.is_ready()
    assert rt.current_stream().query() is True
    c = ops.exp(a)
    before = b._raw.value.nbytes
    assert rt.memory_allocated() >= before + c.nbytes and c._raw.value is not None  # counted once run
    np.testing.assert_allclose(b.asnumpy(), np.full((64, 64), 65.0, np.float32))


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="glibc's malloc_trim")
def test_release_heap_returns_freed_heap_pages(monkeypatch):
    # jit's first call and a captured segment's compile trim the C heap around XLA's compiler
    # (measured: ResNet-50's Graph-mode peak RSS 2,781 -> 2,404 MB); here: freed 2 KB blocks
    # between live ones stay resident until the trim
    def rss_mb():
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024

    keep, drop = [], []
    for i in range(200_000):
        (keep if i % 8 == 0 else drop).append(bytes(2048) + bytes([i % 251]))
    del drop
    monkeypatch.setattr(_heap, "TRIM_ABOVE", 0)  # (it acts in processes above 512 MB resident)
    monkeypatch.setattr(_heap, "_LAST_TRIM", [-1e9])
    before = rss_mb()
    _heap.release()
    assert before - rss_mb() > 100  # ~350 MB were freed; most of it goes back
    # at most one trim every TRIM_EVERY_S seconds: a second call at once does nothing
    again = [bytes(2048) + bytes([i % 251]) for i in range(100_000)][::8]
    mid = rss_mb()
    _heap.release()
    assert rss_mb() > mid - 50 and len(again) == 12_500
    assert len(keep) == 25_000 and keep[3][-1] == 24 % 251
