"""Cell hooks, HookBackward and Tensor.register_hook.

Every expected value below was taken from real MindSpore 2.10 (PyNative) runs of the
same code (python-scalar constants written here as Tensors).
"""
import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Tensor


def T(*v):
    return Tensor(np.array(v, np.float32))


def L(x):
    if isinstance(x, Tensor):
        return x.asnumpy().tolist()
    if isinstance(x, (tuple, list)):
        return [L(i) for i in x]
    return x


K2, K3 = T(2.0), T(3.0)


class Inner(nn.Cell):
    def construct(self, x):
        return x * x * K3


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def construct(self, x, y):
        return self.inner(x * y) * K2


def xy():
    return T(1.0, 2.0), T(3.0, 4.0)


def grad2(net, x, y):
    return L(ms.grad(net, grad_position=(0, 1))(x, y))


def test_all_hook_kinds_on_inner_and_outer_cells():
    net, log = Outer(), []
    handles = []
    for nm, c in (("outer", net), ("inner", net.inner)):
        handles.append(c.register_forward_pre_hook(
            lambda cell, inp, nm=nm: log.append((nm, "fpre", type(cell).__name__, L(inp)))))
        handles.append(c.register_forward_hook(lambda cell, inp, out, nm=nm: log.append((nm, "fwd", L(inp), L(out)))))
        handles.append(c.register_backward_pre_hook(lambda cell, go, nm=nm: log.append((nm, "bpre", L(go)))))
        handles.append(c.register_backward_hook(lambda cell, gi, go, nm=nm: log.append((nm, "bwd", L(gi), L(go)))))
    x, y = xy()
    # MindSpore 2.10:
    assert grad2(net, x, y) == [[108.0, 384.0], [36.0, 192.0]]
    assert log == [
        ("outer", "fpre", "Outer", [[1.0, 2.0], [3.0, 4.0]]),
        ("inner", "fpre", "Inner", [[3.0, 8.0]]),
        ("inner", "fwd", [[3.0, 8.0]], [27.0, 192.0]),
        ("outer", "fwd", [[1.0, 2.0], [3.0, 4.0]], [54.0, 384.0]),
        ("outer", "bpre", [[1.0, 1.0]]),
        ("inner", "bpre", [[2.0, 2.0]]),
        ("inner", "bwd", [[36.0, 96.0]], [[2.0, 2.0]]),
        ("outer", "bwd", [[108.0, 384.0], [36.0, 192.0]], [[1.0, 1.0]]),
    ]
    log.clear()
    for h in handles:
        h.remove()
    assert grad2(net, x, y) == [[108.0, 384.0], [36.0, 192.0]]
    assert log == []


def test_remove_by_handle_and_context_manager():
    net = Outer()
    x, y = xy()
    seven = T(7.0, 7.0)
    h = net.inner.register_backward_hook(lambda c, gi, go: (seven,))
    assert grad2(net, x, y) == [[21.0, 28.0], [7.0, 14.0]]  # MindSpore 2.10
    h.remove()
    h.remove()  # a second remove is a no-op, as in MindSpore
    assert grad2(net, x, y) == [[108.0, 384.0], [36.0, 192.0]]
    # MindSpore 2.10's HookHandle is not a context manager; mindjax's handle also is.
    with net.inner.register_backward_hook(lambda c, gi, go: (seven,)):
        assert grad2(net, x, y) == [[21.0, 28.0], [7.0, 14.0]]
    assert grad2(net, x, y) == [[108.0, 384.0], [36.0, 192.0]]


def test_several_hooks_run_in_order_and_replace():
    net, log = Outer(), []
    one, ten = T(1.0), T(10.0)
    net.inner.register_backward_pre_hook(lambda c, go: (log.append(("p1", L(go))), (go[0] * K2,))[1])
    net.inner.register_backward_pre_hook(lambda c, go: (log.append(("p2", L(go))), (go[0] + one,))[1])
    net.inner.register_backward_hook(lambda c, gi, go: (log.append(("b1", L(gi), L(go))), (gi[0] * ten,))[1])
    net.inner.register_backward_hook(lambda c, gi, go: log.append(("b2", L(gi), L(go))))
    net.inner.register_forward_pre_hook(lambda c, inp: (inp[0] + one,))
    net.inner.register_forward_pre_hook(lambda c, inp: log.append(("fp2", L(inp))))
    x, y = xy()
    # MindSpore 2.10 (forward pre-hooks chain: the second sees the first one's result)
    assert L(net(x, y)) == [96.0, 486.0]
    assert log == [("fp2", [[4.0, 9.0]])]
    log.clear()
    g = grad2(net, x, y)
    # MindSpore 2.10: p1 sees 2, p2 sees p1's 4, b1's grad_output is p2's 5, b2 sees b1's result
    assert log == [("fp2", [[4.0, 9.0]]), ("p1", [[2.0, 2.0]]), ("p2", [[4.0, 4.0]]),
                   ("b1", [[120.0, 270.0]], [[5.0, 5.0]]), ("b2", [[1200.0, 2700.0]], [[5.0, 5.0]])]
    assert g == [[3600.0, 10800.0], [1200.0, 5400.0]]


def test_forward_hooks_chain_and_replace_output():
    net, log = Outer(), []
    net.inner.register_forward_hook(lambda c, inp, out: out * K2)
    net.inner.register_forward_hook(lambda c, inp, out: log.append(("f2", L(inp), L(out))))
    x, y = xy()
    assert L(net(x, y)) == [108.0, 768.0]  # MindSpore 2.10
    assert log == [("f2", [[3.0, 8.0]], [54.0, 384.0])]


@pytest.mark.parametrize("kind,value,grads", [
    # MindSpore 2.10: a backward (pre-)hook's new tensor is used as the gradient
    ("bpre", [54.0, 384.0], [[54.0, 192.0], [18.0, 96.0]]),
    ("bwd", [54.0, 384.0], [[3.0, 4.0], [1.0, 2.0]]),
    # MindSpore 2.10: a forward (pre-)hook's new tensor cuts the gradient: zeros upstream
    ("fwd", [2.0, 2.0], [[0.0, 0.0], [0.0, 0.0]]),
    ("fpre", [6.0, 6.0], [[0.0, 0.0], [0.0, 0.0]]),
])
def test_hook_returning_new_tensor(kind, value, grads):
    n = Outer()
    ones = lambda: Tensor(np.ones(2, np.float32))  # noqa: E731
    if kind == "bpre":
        n.inner.register_backward_pre_hook(lambda c, go: (ones(),))
    if kind == "bwd":
        n.inner.register_backward_hook(lambda c, gi, go: (ones(),))
    if kind == "fwd":
        n.inner.register_forward_hook(lambda c, i, o: ones())
    if kind == "fpre":
        n.inner.register_forward_pre_hook(lambda c, i: ones())
    x, y = xy()
    assert L(n(x, y)) == value
    assert grad2(n, x, y) == grads


def test_hook_registered_in_construct_is_added_each_call():
    cnt = []

    class E(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()

        def construct(self, x):
            self.inner.register_forward_hook(lambda c, i, o: cnt.append(1))
            return self.inner(x)

    e = E()
    x, _ = xy()
    for _ in range(3):
        e(x)
    assert len(cnt) == 6 and len(e.inner._forward_hooks) == 3  # MindSpore 2.10: 6 calls, 3 hooks


def test_hookbackward_replaces_gradient():
    log = []
    five = T(5.0)
    hb = ops.HookBackward(lambda g: (log.append(L(g)), (g[0] * five,))[1])

    def f(x, y):
        z = hb(x * y)
        return (z * y).sum()
    x, y = xy()
    assert grad2(f, x, y) == [[45.0, 80.0], [18.0, 48.0]]  # MindSpore 2.10
    assert log == [[[3.0, 4.0]]]  # the hook gets a tuple


class KW(nn.Cell):
    def construct(self, x, scale=None):
        return x * scale


def test_with_kwargs_hooks():
    log = []
    k = KW()
    k.register_forward_pre_hook(lambda c, a, kw: log.append(("pre", L(a), {n: L(v) for n, v in kw.items()})),
                                with_kwargs=True)
    one = T(1.0)
    k.register_forward_hook(lambda c, a, kw, o: (log.append(("fwd", L(a), {n: L(v) for n, v in kw.items()}, L(o))),
                                                  o + one)[1], with_kwargs=True)
    x, _ = xy()
    assert L(k(x, scale=T(3.0))) == [4.0, 7.0]  # MindSpore 2.10
    assert log == [("pre", [[1.0, 2.0]], {"scale": [3.0]}), ("fwd", [[1.0, 2.0]], {"scale": [3.0]}, [3.0, 6.0])]
    k2 = KW()
    k2.register_forward_pre_hook(lambda c, a, kw: ((a[0] * K2,), {"scale": T(10.0)}), with_kwargs=True)
    assert L(k2(x, scale=T(3.0))) == [20.0, 40.0]  # MindSpore 2.10


def test_backward_hooks_on_cell_with_two_outputs():
    log = []

    class M(nn.Cell):
        def construct(self, x, y):
            return x * y, x + y
    m = M()
    m.register_backward_pre_hook(lambda c, go: log.append(("mpre", L(go))))
    m.register_backward_hook(lambda c, gi, go: log.append(("mb", L(gi), L(go))))

    def f(x, y):
        a, b = m(x, y)
        return (a * K2 + b * K3).sum()
    x, y = xy()
    assert grad2(f, x, y) == [[9.0, 11.0], [5.0, 7.0]]  # MindSpore 2.10
    assert log == [("mpre", [[2.0, 2.0], [3.0, 3.0]]), ("mb", [[9.0, 11.0], [5.0, 7.0]], [[2.0, 2.0], [3.0, 3.0]])]


# ---- Tensor.register_hook -----------------------------------------------------------------
def test_tensor_hook_on_intermediate_sees_summed_gradient():
    log = []

    def f(x):
        z = x * K2
        z.register_hook(lambda g: log.append(L(g)))
        return (z + z * z).sum()
    x, _ = xy()
    assert L(ms.grad(f)(x)) == [10.0, 18.0]  # MindSpore 2.10
    assert log == [[5.0, 9.0]]  # once, on the gradient summed over both uses


def test_tensor_hooks_on_intermediate_chain_and_replace():
    log = []

    def f(x, y):
        z = x * y
        z.register_hook(lambda g: g * K2)
        z.register_hook(lambda g: log.append(L(g)))
        return (z * y).sum()
    x, y = xy()
    assert grad2(f, x, y) == [[18.0, 32.0], [9.0, 24.0]]  # MindSpore 2.10
    assert log == [[6.0, 8.0]]


def test_tensor_hook_removed_inside_function():
    def f(x, y):
        z = x * y
        h = z.register_hook(lambda g: g * K2)
        h.remove()
        return (z * y).sum()
    x, y = xy()
    assert grad2(f, x, y) == [[9.0, 16.0], [6.0, 16.0]]


def test_tensor_hook_wrong_return_type():
    def f(x):
        z = x * x
        z.register_hook(lambda g: 1.0)
        return z.sum()
    x, _ = xy()
    # MindSpore 2.10: RuntimeError "Tensor hook should be return Tensor, but get type: float."
    with pytest.raises(RuntimeError, match="Tensor hook should be return Tensor"):
        ms.grad(f)(x)


def test_tensor_hook_on_input_leaf():
    log = []
    x, y = xy()
    x.register_hook(lambda g: log.append(L(g)))
    f = lambda x, y: (x * y * x).sum()  # noqa: E731
    assert grad2(f, x, y) == [[6.0, 16.0], [1.0, 4.0]]  # MindSpore 2.10
    assert log == [[6.0, 16.0]]
    x2 = T(1.0, 2.0)
    h = x2.register_hook(lambda g: g * T(10.0))
    assert grad2(f, x2, y) == [[60.0, 160.0], [1.0, 4.0]]  # MindSpore 2.10
    h.remove()
    assert grad2(f, x2, y) == [[6.0, 16.0], [1.0, 4.0]]


def test_tensor_hook_on_parameter():
    log = []

    class N(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(T(2.0, 3.0), name="w")

        def construct(self, x):
            return (self.w * x).sum()
    n = N()
    n.w.register_hook(lambda g: (log.append(L(g)), g * K3)[1])
    x, _ = xy()
    g = ms.grad(n, grad_position=0, weights=n.trainable_params())(x)
    assert L(g[0]) == [2.0, 3.0] and L(g[1]) == [[3.0, 6.0]]  # MindSpore 2.10
    assert log == [[1.0, 2.0]]


# ---- cost: a Cell without hooks adds nothing to the tape ------------------------------------
def _count_nodes(t):
    seen, stack = set(), [t._node]
    while stack:
        n = stack.pop()
        if n is None or id(n) in seen:
            continue
        seen.add(id(n))
        stack.extend(i._node for i in n.inputs if i is not None)
    return len(seen)


def test_cell_without_hooks_records_only_its_ops():
    counts = {}

    def f(net, x, y):
        out = net(x, y)
        counts[type(net).__name__ if not net.inner._backward_hooks else "hooked"] = _count_nodes(out)
        return out
    x, y = xy()
    plain = Outer()
    ms.grad(lambda a, b: f(plain, a, b), grad_position=(0, 1))(x, y)
    # 2 leaves + 4 ops (x*y, u*u, *3, *2)
    assert counts["Outer"] == 6
    hooked = Outer()
    hooked.inner.register_backward_hook(lambda c, gi, go: None)
    ms.grad(lambda a, b: f(hooked, a, b), grad_position=(0, 1))(x, y)
    assert counts["hooked"] == 8  # + the input node and the output node of the hooked Cell
    assert plain.inner._fast and not hooked.inner._fast
