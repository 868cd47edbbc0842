"""Custom ``bprop`` on Cells. Expected values are from real MindSpore 2.10 (PyNative) runs
of the same code (python-scalar constants written here as Tensors)."""
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


K2, K3, K5, K7, K10 = T(2.0), T(3.0), T(5.0), T(7.0), T(10.0)
X, Y, Z = T(1.0, 2.0), T(3.0, 4.0), T(5.0, 6.0)


class B1(nn.Cell):
    def construct(self, x):
        return x * x

    def bprop(self, x, out, dout):
        return (dout * K10,)


class B2(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return dout * y * K2, dout * x * K3


class B3(nn.Cell):
    def construct(self, x, y, z):
        return x * y + z

    def bprop(self, x, y, z, out, dout):
        return dout + x, dout + y, dout + z + out


class BA(nn.Cell):
    def construct(self, *a):
        return a[0] * a[1]

    def bprop(self, *args):
        BA.nargs = len(args)
        return args[-1] * K5, args[-1] * K7


@pytest.mark.parametrize("cell,args,expected", [
    (B1, (X,), [10.0, 10.0]),
    (B2, (X, Y), [[6.0, 8.0], [3.0, 6.0]]),
    (B3, (X, Y, Z), [[2.0, 3.0], [4.0, 5.0], [14.0, 21.0]]),
    (BA, (X, Y), [[5.0, 5.0], [7.0, 7.0]]),
])
def test_bprop_n_inputs(cell, args, expected):
    pos = tuple(range(len(args))) if len(args) > 1 else 0
    g = ms.grad(cell(), grad_position=pos)(*args)
    assert L(g) == expected  # MindSpore 2.10


def test_bprop_star_args_gets_inputs_out_dout():
    ms.grad(BA(), grad_position=(0, 1))(X, Y)
    assert BA.nargs == 4  # MindSpore 2.10: x, y, out, dout


def test_bprop_tuple_output():
    seen = {}

    class BT(nn.Cell):
        def construct(self, x, y):
            return x * y, x + y

        def bprop(self, x, y, out, dout):
            seen.update(out=L(out), dout=L(dout), tout=type(out), tdout=type(dout))
            return dout[0] * K2 + dout[1], dout[1] * K3

    def f(x, y):
        a, b = BT()(x, y)
        return a * K2 + b * K3
    assert L(ms.grad(f, grad_position=(0, 1))(X, Y)) == [[7.0, 7.0], [9.0, 9.0]]  # MindSpore 2.10
    assert seen == {"out": [[3.0, 8.0], [4.0, 6.0]], "dout": [[2.0, 2.0], [3.0, 3.0]], "tout": tuple,
                    "tdout": tuple}


def test_bprop_cell_inside_network():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = B2()

        def construct(self, x, y):
            return self.b(x * x, y) * y
    assert L(ms.grad(Outer(), grad_position=(0, 1))(X, Y)) == [[36.0, 128.0], [12.0, 64.0]]  # MindSpore 2.10


def test_bprop_forward_value_unchanged():
    assert L(B2()(X, Y)) == [3.0, 8.0]


def test_internal_params():
    class IP(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(T(2.0, 3.0), name="w")
            self.internal_params = [self.w]

        def construct(self, x):
            return x * self.w

        def bprop(self, x, out, dout):
            return (dout * self.w,), {self.w: dout * x * T(100.0)}
    ip = IP()
    g = ms.grad(ip, grad_position=0, weights=ip.trainable_params())(X)
    assert L(g[0]) == [2.0, 3.0] and L(g[1]) == [[100.0, 200.0]]  # MindSpore 2.10


def test_bprop_with_hooks():
    log = []
    b = B2()
    b.register_forward_pre_hook(lambda c, i: log.append(("fpre", L(i))))
    b.register_forward_hook(lambda c, i, o: log.append(("fwd", L(o))))
    b.register_backward_pre_hook(lambda c, go: log.append(("bpre", L(go))))
    b.register_backward_hook(lambda c, gi, go: log.append(("bwd", L(gi), L(go))))
    assert L(ms.grad(b, grad_position=(0, 1))(X, Y)) == [[6.0, 8.0], [3.0, 6.0]]
    # MindSpore 2.10: forward hooks are not run on a Cell that defines bprop
    assert log == [("fpre", [[1.0, 2.0], [3.0, 4.0]]), ("bpre", [[1.0, 1.0]]),
                   ("bwd", [[6.0, 8.0], [3.0, 6.0]], [[1.0, 1.0]])]
    log.clear()
    assert L(b(X, Y)) == [3.0, 8.0]
    assert log == [("fpre", [[1.0, 2.0], [3.0, 4.0]])]


def test_bprop_wrong_number_of_gradients():
    class W1(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return (dout,)
    # MindSpore 2.10: RuntimeError "Grad size should lager than forward inputs, but got 1 vs 2"
    with pytest.raises((RuntimeError, ValueError), match="W1"):
        ms.grad(W1(), grad_position=(0, 1))(X, Y)


def test_bprop_wrong_shape():
    class W2(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return dout, Tensor(np.ones(3, np.float32))
    # MindSpore 2.10: RuntimeError "... grad tensor should be broadcast to expected shape, but got {3} vs {2}"
    with pytest.raises((RuntimeError, ValueError), match="W2"):
        ms.grad(W2(), grad_position=(0, 1))(X, Y)


def test_bprop_integer_inputs():
    class I1(nn.Cell):
        def construct(self, x, n):
            return x * n

        def bprop(self, x, n, out, dout):
            return dout * n, ops.zeros_like(n)

    class I2(nn.Cell):
        def construct(self, x, n):
            return x * n

        def bprop(self, x, n, out, dout):
            return dout * n, n + n + n + n
    n = Tensor(np.array([1, 2], np.int32))
    g = ms.grad(I1(), grad_position=(0, 1))(X, n)
    assert L(g) == [[1.0, 2.0], [0, 0]] and g[1].dtype == ms.int32  # MindSpore 2.10
    g = ms.grad(I2(), grad_position=(0, 1))(X, n)
    assert L(g) == [[1.0, 2.0], [4, 8]] and g[0].dtype == ms.float32 and g[1].dtype == ms.int32  # MindSpore 2.10
    g = ms.grad(I2(), grad_position=0)(X, n)
    assert L(g) == [1.0, 2.0] and g.dtype == ms.float32  # MindSpore 2.10


def test_check_bprop_switch_changes_error_classes():
    """MindSpore's ``compile_config.CHECK_BPROP``: wrong count/shape are ValueError, wrong type
    TypeError (tests/st/compiler/gradient/test_custom_cell_bprop.py); unset: RuntimeError."""
    import numpy as np
    import pytest
    import mindjax as ms
    from mindjax import nn
    from mindjax._extends.parse import compile_config

    class WrongNum(nn.Cell):
        def construct(self, x, y):
            return 2 * x + y

        def bprop(self, x, y, out, dout):
            return (2 * dout,)

    class WrongShape(WrongNum):
        def bprop(self, x, y, out, dout):
            return 2 * dout, ms.Tensor(np.ones(2, np.float32))

    x, y = ms.Tensor(np.ones((2, 2), np.float32)), ms.Tensor(np.ones((2, 2), np.float32))
    grad_all = ms.ops.GradOperation(get_all=True)
    with pytest.raises(RuntimeError):
        grad_all(WrongNum())(x, y)
    compile_config.CHECK_BPROP = 1
    try:
        with pytest.raises(ValueError):
            grad_all(WrongNum())(x, y)
        with pytest.raises(ValueError):
            grad_all(WrongShape())(x, y)
    finally:
        compile_config.CHECK_BPROP = ""


def test_cell_attr_register_records_init_args():
    import mindjax as ms
    from mindjax._extends import cell_attr_register

    class Scale(ms.nn.Cell):
        @cell_attr_register
        def __init__(self, k, bias=0.5):
            super().__init__()
            self.k = k

    class Named(ms.nn.Cell):
        @cell_attr_register(attrs=["k"])
        def __init__(self, k):
            super().__init__()
            self.k = k

    assert Scale(3).cell_init_args == "Scaledict_values([3])"  # MindSpore 2.10's string
    assert Named(4).cell_init_args == "Named[4]"


def test_bprop_gradient_is_reduced_and_cast_to_the_input():
    """A custom bprop may return a gradient of the broadcast shape and another dtype: MindSpore 2.10
    sums it back to the input's shape and casts it (checked there: [4. 4. 4.] Float32 Float32)."""
    import numpy as np
    import mindjax as ms
    from mindjax import nn, Tensor

    class Net(nn.Cell):
        def construct(self, x, y):
            return x + y

        def bprop(self, *args):
            g = Tensor([[1, 1, 1], [1, 1, 1], [2, 2, 2]], dtype=ms.int64)
            return g, g

    x = Tensor([3, 3, 3], ms.float32)
    y = Tensor([[1, 2, 3], [1, 2, 3], [1, 2, 3]], ms.float32)
    gx, gy = ms.ops.GradOperation(get_all=True)(Net())(x, y)
    assert gx.dtype == ms.float32 and gy.dtype == ms.float32
    np.testing.assert_array_equal(gx.asnumpy(), np.array([4.0, 4.0, 4.0], np.float32))
    np.testing.assert_array_equal(gy.asnumpy(), np.array([[1, 1, 1], [1, 1, 1], [2, 2, 2]], np.float32))
