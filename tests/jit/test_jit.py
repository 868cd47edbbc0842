"""jit / ms_function / GRAPH_MODE: values, Parameter state, the compile cache, mixing
with PyNative and gradients, control flow errors, randomness, transforms and hooks."""
import traceback

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import mindjax as ms
from mindjax import Parameter, Tensor, nn, ops
from mindjax._jit import api as jit_api
from mindjax._jit.errors import JitControlFlowError


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def compiles(obj=None):
    return jit_api.compile_count["n"] if obj is None else jit_api.compiles_of(obj)


def f32(*shape, seed=0):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(np.float32))


# ---- basic -----------------------------------------------------------------------------------------------
def test_jit_function_values():
    @ms.jit
    def f(x, y):
        return x * y + 1, ops.reduce_sum(x)

    a, b = f(Tensor([1.0, 2.0]), Tensor([3.0, 4.0]))
    np.testing.assert_allclose(a.asnumpy(), [4.0, 9.0])
    np.testing.assert_allclose(b.asnumpy(), 3.0)
    assert isinstance(a, Tensor) and a.dtype == ms.float32


def test_ms_function_alias():
    assert ms.ms_function is ms.jit

    @ms.ms_function
    def f(x):
        return x * 2
    np.testing.assert_allclose(f(Tensor([1.0, 2.0])).asnumpy(), [2.0, 4.0])


def test_jit_python_args_are_static():
    @ms.jit
    def f(x, n, flag=True):
        for _ in range(n):  # Python control flow on Python values
            x = x + 1
        return x * 2 if flag else x
    np.testing.assert_allclose(f(Tensor([0.0]), 3).asnumpy(), [6.0])
    np.testing.assert_allclose(f(Tensor([0.0]), 2, flag=False).asnumpy(), [2.0])
    np.testing.assert_allclose(f(Tensor([0.0]), 3).asnumpy(), [6.0])


class Linear(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="w")
        self.b = Parameter(Tensor(np.ones(3, np.float32)), name="b")

    def construct(self, x):
        return ops.matmul(x, self.w) + self.b


class JitLinear(Linear):
    @ms.jit
    def construct(self, x):
        return ops.matmul(x, self.w) + self.b


def test_jit_construct_decorator_and_jit_cell():
    x = Tensor(np.array([[1.0, 2.0]], np.float32))
    expect = Linear()(x).asnumpy()
    np.testing.assert_allclose(JitLinear()(x).asnumpy(), expect)
    net = ms.jit(Linear())
    np.testing.assert_allclose(net(x).asnumpy(), expect)
    # the Parameters are inputs of the program, not constants: a new value is seen
    net.b.set_data(Tensor(np.zeros(3, np.float32)))
    np.testing.assert_allclose(net(x).asnumpy(), expect - 1)


def test_graph_mode_compiles_outermost_cell():
    x = Tensor(np.array([[1.0, 2.0]], np.float32))
    net = Linear()
    expect = net(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    n0 = compiles(net)
    np.testing.assert_allclose(net(x).asnumpy(), expect)
    np.testing.assert_allclose(net(x).asnumpy(), expect)
    assert compiles(net) - n0 == 1


# ---- Parameter state ---------------------------------------------------------------------------------
def test_seed_example_assign_in_jit():
    net = Linear()

    @ms.jit
    def modify_parameter():
        b_hat = ms.Tensor([7, 8, 9])
        ops.assign(net.b, b_hat)
        return True

    assert modify_parameter() is True
    np.testing.assert_allclose(net.b.asnumpy(), [7.0, 8.0, 9.0])
    assert net.b.dtype == ms.float32


class Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.count = Parameter(Tensor(0.0, ms.float32), name="count")
        self.w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    def construct(self, x):
        ops.assign_add(self.count, Tensor(1.0, ms.float32))
        return x * self.w + self.count


def test_counter_parameter_matches_pynative():
    x = Tensor(np.array([1.0, 1.0], np.float32))
    eager, jitted = Counter(), ms.jit(Counter())
    for _ in range(4):
        np.testing.assert_allclose(jitted(x).asnumpy(), eager(x).asnumpy())
        np.testing.assert_allclose(jitted.count.asnumpy(), eager.count.asnumpy())
    np.testing.assert_allclose(jitted.count.asnumpy(), 4.0)


def test_batchnorm_moving_stats_match_pynative():
    x = f32(4, 3, 5, 5, seed=1) * 2 + 1
    eager, jitted = nn.BatchNorm2d(3, momentum=0.8), nn.BatchNorm2d(3, momentum=0.8)
    eager.set_train(True)
    jitted.set_train(True)
    jitted = ms.jit(jitted)
    for _ in range(3):
        np.testing.assert_allclose(jitted(x).asnumpy(), eager(x).asnumpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(jitted.moving_mean.asnumpy(), eager.moving_mean.asnumpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(jitted.moving_variance.asnumpy(), eager.moving_variance.asnumpy(), rtol=1e-5)
    assert not np.allclose(eager.moving_mean.asnumpy(), 0.0)


# ---- training step, compile cache ------------------------------------------------------------------------
class LeNetSmall(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, pad_mode="valid")
        self.conv2 = nn.Conv2d(4, 8, 3, pad_mode="valid")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(8 * 2 * 2, 16)
        self.fc2 = nn.Dense(16, 10)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        return self.fc2(self.relu(self.fc1(self.flatten(x))))


def make_step(seed=7):
    ms.set_seed(seed)
    net = LeNetSmall()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    return net, step


def batch(i, n=8, size=14):
    rng = np.random.default_rng(100 + i)
    return (Tensor(rng.standard_normal((n, 1, size, size)).astype(np.float32)),
            Tensor(rng.integers(0, 10, n).astype(np.int32)))


def test_train_steps_jit_equal_pynative():
    net_e, step_e = make_step()
    net_j, step_j = make_step()
    step_j = ms.jit(step_j)
    for (a, b) in zip(net_e.get_parameters(), net_j.get_parameters()):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    losses_e, losses_j = [], []
    for i in range(10):
        x, y = batch(i)
        losses_e.append(float(step_e(x, y).asnumpy()))
        losses_j.append(float(step_j(x, y).asnumpy()))
    np.testing.assert_allclose(losses_j, losses_e, rtol=1e-4, atol=1e-5)
    assert losses_e[-1] != losses_e[0]
    for (a, b) in zip(net_e.get_parameters(), net_j.get_parameters()):
        np.testing.assert_allclose(b.asnumpy(), a.asnumpy(), rtol=1e-4, atol=1e-5, err_msg=a.name)


def test_compile_cache_per_signature():
    net, step = make_step()
    step = ms.jit(step)
    n0 = compiles(step)
    for i in range(3):
        step(*batch(i))
    assert compiles(step) - n0 == 1  # one program for the whole training step, compiled once
    step(*batch(0, n=4))  # new shape: recompiles
    assert compiles(step) - n0 == 2
    step(*batch(1, n=4))
    step(*batch(2))
    assert compiles(step) - n0 == 2
    step.set_train(False)  # the training flag is part of the key
    step(*batch(3))
    assert compiles(step) - n0 == 3
    step.set_train(True)
    step(*batch(3))
    assert compiles(step) - n0 == 3
    seen = []
    handle = net.fc2.register_forward_hook(lambda cell, inputs, out: seen.append(1))
    step(*batch(4))  # a hook was added: recompiles
    assert compiles(step) - n0 == 4
    handle.remove()
    step(*batch(4))
    assert compiles(step) - n0 == 5


# ---- mixing PyNative, jit and gradients ------------------------------------------------------------------
def test_pynative_calls_jit_and_jit_calls_jit():
    @ms.jit
    def inner(x):
        return x * 3

    @ms.jit
    def outer(x):
        return inner(x) + 1

    x = Tensor([1.0, 2.0])
    y = inner(x) - 1  # PyNative code around a jit call
    np.testing.assert_allclose(y.asnumpy(), [2.0, 5.0])
    n0 = compiles()
    np.testing.assert_allclose(outer(x).asnumpy(), [4.0, 7.0])
    assert compiles(outer) == 1 and compiles(inner) == 1  # inner is inlined into outer's program


def test_grad_of_jit_function_matches_unjitted():
    net = Linear()

    def f(x):
        return ops.reduce_sum(ops.sin(net(x)) * x.sum())

    jf = ms.jit(f)
    x = Tensor(np.array([[0.5, -1.0], [2.0, 0.1]], np.float32))
    g = ms.grad(f, grad_position=0, weights=net.trainable_params())(x)
    gj = ms.grad(jf, grad_position=0, weights=net.trainable_params())(x)
    np.testing.assert_allclose(gj[0].asnumpy(), g[0].asnumpy(), rtol=1e-5, atol=1e-6)
    for a, b in zip(g[1], gj[1]):
        np.testing.assert_allclose(b.asnumpy(), a.asnumpy(), rtol=1e-5, atol=1e-6)
    ref = jax.grad(lambda x: jnp.sum(jnp.sin(x @ net.w._data + net.b._data) * x.sum()))(x._data)
    np.testing.assert_allclose(gj[0].asnumpy(), np.asarray(ref), rtol=1e-5, atol=1e-6)


def test_jit_of_grad_and_optimizer_is_one_program():
    net_e, _ = make_step()
    net_j, _ = make_step()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def build(net):
        opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)

        def forward(x, y):
            return loss_fn(net(x), y)
        grad_fn = ms.value_and_grad(forward, None, opt.parameters)

        def train_step(x, y):
            loss, grads = grad_fn(x, y)
            opt(grads)
            return loss
        return train_step

    step_e, step_j = build(net_e), ms.jit(build(net_j))
    n0 = compiles(step_j)
    for i in range(4):
        x, y = batch(i)
        np.testing.assert_allclose(step_j(x, y).asnumpy(), step_e(x, y).asnumpy(), rtol=1e-4, atol=1e-5)
    assert compiles(step_j) - n0 == 1
    for (a, b) in zip(net_e.get_parameters(), net_j.get_parameters()):
        np.testing.assert_allclose(b.asnumpy(), a.asnumpy(), rtol=1e-4, atol=1e-5)


def test_jit_calling_grad():
    @ms.jit
    def df(x):
        return ms.grad(lambda t: ops.reduce_sum(t ** 3))(x)
    np.testing.assert_allclose(df(Tensor([1.0, 2.0])).asnumpy(), [3.0, 12.0], rtol=1e-6)


# ---- control flow ----------------------------------------------------------------------------------------
def test_tensor_condition_compiles_and_matches_pynative():
    @ms.jit
    def f(x):
        if x > 0:  # a Tensor condition: compiled to lax.cond by the source pass
            return x
        return -x

    for v in (1.0, -2.0):
        np.testing.assert_allclose(f(Tensor(v)).asnumpy(), f.fn(Tensor(v)).asnumpy())
    assert jit_api.compiles_of(f) == 1  # one trace for the one signature


def test_control_flow_without_source_raises_jit_control_flow_error():
    # no source for the pass: bool() of a traced Tensor. STRICT (fullgraph) refuses it; LAX, where
    # MindSpore runs such Python at run time (JIT Fallback), breaks the graph and runs op by op
    f = ms.jit(eval("lambda x: x if bool(x > 0) else -x"), fullgraph=True)
    with pytest.raises(JitControlFlowError) as info:
        f(Tensor(1.0))
    assert isinstance(info.value, TypeError)
    assert "ops.select" in str(info.value) and "Tracer" not in str(info.value)
    g = ms.jit(eval("lambda x: x if bool(x > 0) else -x"))
    assert g(Tensor(1.0)).asnumpy() == 1.0 and g(Tensor(-2.0)).asnumpy() == 2.0


# ---- randomness ------------------------------------------------------------------------------------------
class DropNet(nn.Cell):
    def construct(self, x):
        return ops.dropout(x, p=0.5, training=self.training)


def test_dropout_masks_differ_and_reproduce():
    x = Tensor(np.ones((64,), np.float32))
    net = ms.jit(DropNet())
    net.set_train(True)
    ms.set_seed(3)
    a, b = net(x).asnumpy(), net(x).asnumpy()
    assert not np.array_equal(a, b)
    assert set(np.unique(a)) <= {0.0, 2.0}
    ms.set_seed(3)
    np.testing.assert_array_equal(net(x).asnumpy(), a)
    np.testing.assert_array_equal(net(x).asnumpy(), b)
    net.set_train(False)
    np.testing.assert_array_equal(net(x).asnumpy(), np.ones(64, np.float32))


# ---- transforms ------------------------------------------------------------------------------------------
def test_vmap_matches_jax():
    def f(x, y):
        return ops.matmul(x, y) + 1

    x, y = f32(5, 2, 3), f32(3, 4, seed=1)
    out = ops.vmap(f, in_axes=(0, None))(x, y)
    ref = jax.vmap(lambda a, b: a @ b + 1, in_axes=(0, None))(x._data, y._data)
    assert isinstance(out, Tensor)
    np.testing.assert_allclose(out.asnumpy(), np.asarray(ref), rtol=1e-5)
    out = ops.vmap(lambda a: (a.sum(), a * 2), in_axes=1, out_axes=(0, 1))(x)
    np.testing.assert_allclose(out[0].asnumpy(), x.asnumpy().sum(axis=(0, 2)), rtol=1e-5)
    np.testing.assert_allclose(out[1].asnumpy(), x.asnumpy() * 2)


def test_vmap_cell():
    net = Linear()
    x = f32(4, 3, 2)
    out = ops.vmap(net)(x)
    ref = jax.vmap(lambda a: a @ net.w._data + net.b._data)(x._data)
    np.testing.assert_allclose(out.asnumpy(), np.asarray(ref), rtol=1e-5)


@pytest.mark.parametrize("name", ["jacrev", "jacfwd"])
def test_jacobians_match_jax(name):
    ms_jac, jax_jac = getattr(ops, name), getattr(jax, name)
    x, y = f32(3), f32(3, seed=1)
    j = ms_jac(lambda a: ops.sin(a) * a)(x)
    np.testing.assert_allclose(j.asnumpy(), np.asarray(jax_jac(lambda a: jnp.sin(a) * a)(x._data)), rtol=1e-5)
    ja, jb = ms_jac(lambda a, b: a * b + ops.exp(a), grad_position=(0, 1))(x, y)
    ra, rb = jax_jac(lambda a, b: a * b + jnp.exp(a), argnums=(0, 1))(x._data, y._data)
    np.testing.assert_allclose(ja.asnumpy(), np.asarray(ra), rtol=1e-5)
    np.testing.assert_allclose(jb.asnumpy(), np.asarray(rb), rtol=1e-5)
    jy = ms_jac(lambda a, b: a * b, grad_position=1)(x, y)
    np.testing.assert_allclose(jy.asnumpy(), np.diag(x.asnumpy()), rtol=1e-6)
    jac, aux = ms_jac(lambda a: (a * a, a + 1), has_aux=True)(x)
    np.testing.assert_allclose(jac.asnumpy(), np.diag(2 * x.asnumpy()), rtol=1e-6)
    np.testing.assert_allclose(aux.asnumpy(), x.asnumpy() + 1)
    jac, aux = ms_jac(lambda a: (a * a, a + 1, a), has_aux=True)(x)
    assert isinstance(aux, tuple) and len(aux) == 2


def test_jacrev_of_cell():
    net = Linear()
    x = f32(2)
    j = ops.jacrev(net)(x)
    np.testing.assert_allclose(j.asnumpy(), net.w.asnumpy().T, rtol=1e-6)


# ---- hooks under jit (beyond MindSpore) ------------------------------------------------------------------
class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Linear()

    def construct(self, x):
        return self.inner(x) * 1.0


def test_forward_hook_transforming_output_is_traced():
    x = Tensor(np.array([[1.0, 2.0]], np.float32))
    net = Outer()
    expect = net(x).asnumpy()
    net.inner.register_forward_hook(lambda cell, inputs, out: out * 2)
    net.inner.register_forward_pre_hook(lambda cell, inputs: (inputs[0] + 1,))
    eager = net(x).asnumpy()
    plain = Outer()
    np.testing.assert_allclose(eager, plain(x + 1).asnumpy() * 2, rtol=1e-6)
    jitted = ms.jit(net)
    for _ in range(2):
        np.testing.assert_allclose(jitted(x).asnumpy(), eager, rtol=1e-6)
    assert not np.allclose(eager, expect)


def test_printing_forward_hook_runs_every_call_with_values(capsys):
    x = Tensor(np.array([[1.0, 2.0]], np.float32))
    net = Outer()
    seen = []

    def hook(cell, inputs, out):
        print("hook out", out.asnumpy())
        seen.append(out.asnumpy().copy())

    net.inner.register_forward_hook(hook)
    expect = net(x).asnumpy()
    seen.clear()
    capsys.readouterr()
    jitted = ms.jit(net)
    n0 = compiles(jitted)
    for k in range(3):
        jitted(x * (k + 1))
    jax.effects_barrier()
    assert compiles(jitted) - n0 == 1
    assert len(seen) == 3
    for k, v in enumerate(seen):
        np.testing.assert_allclose(v, expect * (k + 1) - k * net.inner.b.asnumpy(), rtol=1e-6)
    printed = capsys.readouterr().out
    assert printed.count("hook out") == 3
    assert "Traced" not in printed and "Tracer" not in printed


def test_hook_backward_transforming_grad_is_traced():
    hb = ops.HookBackward(lambda grads: (grads[0] * 2,))

    def f(x):
        return ops.reduce_sum(hb(x * x))

    x = Tensor([1.0, 3.0])
    g = ms.grad(f)(x)
    np.testing.assert_allclose(g.asnumpy(), [4.0, 12.0])
    gj = ms.jit(lambda t: ms.grad(f)(t))(x)
    np.testing.assert_allclose(gj.asnumpy(), [4.0, 12.0])


def test_call_hook_helper_runs_side_effect_hooks_as_callbacks():
    from mindjax._jit.hooks import call_hook
    seen = []

    def record(t):
        seen.append(float(t.asnumpy().sum()))

    def double(t):
        return t * 2

    @ms.jit
    def f(x):
        y = call_hook(double, x)
        assert call_hook(record, y) is None
        return y + 1

    for k in range(3):
        np.testing.assert_allclose(f(Tensor([1.0 * k, 1.0])).asnumpy(), [2.0 * k + 1, 3.0])
    jax.effects_barrier()
    assert seen == [2.0, 4.0, 6.0]
    assert call_hook(double, Tensor([1.0])).asnumpy()[0] == 2.0  # outside jit: a plain call


def test_integer_gradients_through_compiled_calls():
    """A compiled call under a PyNative gradient with integer inputs or Parameters gives MindSpore's
    integer gradients (jax.vjp would give none): values checked against MindSpore 2.10."""
    import mindjax as ms
    from mindjax import nn, ops, Tensor, Parameter

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor([6], ms.int32), name="w")
            self.b = Parameter(Tensor([2], ms.int32), name="b")

        def construct(self, x, y):
            return self.w * x + self.b * y

    x, y = Tensor([10], ms.int32), Tensor([20], ms.int32)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = Net()
        assert ops.grad(net, 0)(x, y).asnumpy().tolist() == [6]
        (gx, gy), (gw, gb) = ops.grad(net, (0, 1), net.trainable_params())(x, y)
        assert [gx.asnumpy().tolist(), gy.asnumpy().tolist(), gw.asnumpy().tolist(), gb.asnumpy().tolist()] == \
            [[6], [2], [10], [20]]
        assert gx.dtype == ms.int32
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)

    @ms.jit
    def inner(a, b):
        return a + b
    assert ops.grad(lambda a, b: inner(a, b))(Tensor([1, 2, 3]), Tensor([1, 1, 1])).asnumpy().tolist() == [1, 1, 1]
