"""Record MindSpore 2.10's custom autograd Functions (``mindspore._Function``) and ``mindspore._no_grad``.

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_grad_function.py

It writes tests/data/ms_grad_function.json. The cases are defined once, here, as functions of
the framework module (``cases(ms, Function, no_grad)``): the generator runs them on MindSpore,
tests/test_custom_function.py and tests/test_no_grad.py run the same code on mindjax and compare
the results (values, dtypes, shapes, what backward saw, and the class and first line of errors).
"""
import json
import sys
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def cases(ms, Function, no_grad):  # noqa: C901 - one flat table of cases
    """name -> (group, callable returning (result, log)); group is 'function' or 'no_grad'."""
    Tensor, nn, ops, Parameter = ms.Tensor, ms.nn, ms.ops, ms.Parameter
    ga = ops.GradOperation(get_all=True)
    log = []
    x = lambda: Tensor(np.array([2.0, 3.0], np.float32))    # noqa: E731
    y = lambda: Tensor(np.array([5.0, -1.0], np.float32))   # noqa: E731
    out = {}

    def case(group):
        def deco(fn):
            out[fn.__name__] = (group, fn)
            return fn
        return deco

    # ---------------- _Function ----------------
    class MultiIn(Function):
        @staticmethod
        def forward(ctx, a, b):
            log.append(("needs_fwd", ctx.needs_input_grad))
            return a * a + b

        @staticmethod
        def backward(ctx, g):
            log.append(("needs_bwd", ctx.needs_input_grad))
            return g * 3, g * 4

    @case("function")
    def multi_input():
        return ga(MultiIn.apply)(x(), y())

    @case("function")
    def forward_only():
        r = MultiIn.apply(x(), y())
        return [r, type(r).__name__]

    class MultiOut(Function):
        @staticmethod
        def forward(ctx, a, b):
            t = a * b
            return t + a, 7, t * 2

        @staticmethod
        def backward(ctx, *g):
            log.append(("grads_in", g))
            return g[0] * b_const() + g[2], g[2] * 3

    b_const = lambda: Tensor(np.array([0.5, 0.25], np.float32))  # noqa: E731

    @case("function")
    def multi_output_non_tensor():
        return ga(lambda a, b: MultiOut.apply(a, b)[0] * 2 + MultiOut.apply(a, b)[2])(x(), y())

    @case("function")
    def multi_output_forward_value():
        return MultiOut.apply(x(), y())

    class Saved(Function):
        @staticmethod
        def forward(ctx, a):
            ctx.age = 7
            a2 = a * a
            out_ = a2 + 1
            ctx.save_for_backward(a, a2, None, out_)
            return out_

        @staticmethod
        def backward(ctx, g):
            a, a2, none, o = ctx.saved_tensors
            log.append(("saved", (a, a2, none, o, ctx.age)))
            return g * 2 * a + o * 0

    @case("function")
    def saved_tensors():
        return ga(Saved.apply)(x())

    @case("function")
    def higher_order_saved_input():
        return ms.grad(ms.grad(lambda a: Saved.apply(a).sum()))(x())

    class SavedOut(Function):
        @staticmethod
        def forward(ctx, a):
            o = a * 2
            ctx.save_for_backward(o)
            return o

        @staticmethod
        def backward(ctx, g):
            o, = ctx.saved_tensors
            return g * o

    @case("function")
    def higher_order_saved_output():
        return ms.grad(ms.grad(lambda a: SavedOut.apply(a).sum()))(x())

    @case("function")
    def used_twice():
        return ms.grad(lambda a: Saved.apply(a) * Saved.apply(a * 2))(x())

    class NonDiff(Function):
        @staticmethod
        def forward(ctx, a, b):
            p, s = a * b, a + b
            ctx.mark_non_differentiable(s)
            return p, s

        @staticmethod
        def backward(ctx, gp, gs):
            log.append(("nondiff_grads", (gp, gs)))
            return gp * 2, gs + 1

    @case("function")
    def non_differentiable():
        return ms.grad(lambda a, b: NonDiff.apply(a, b)[0] * NonDiff.apply(a, b)[1], (0, 1))(x(), y())

    class NonDiffOnly(Function):
        @staticmethod
        def forward(ctx, a, b):
            z = a * a + 1
            ctx.mark_non_differentiable(z)
            return z

        @staticmethod
        def backward(ctx, g):
            return g, g * 2

    @case("function")
    def non_differentiable_only_output():
        return ga(NonDiffOnly.apply)(x(), y())

    class NoneGrad(Function):
        @staticmethod
        def forward(ctx, a, b):
            return a * b

        @staticmethod
        def backward(ctx, g):
            return None, g * 5

    @case("function")
    def none_gradient():
        return ga(NoneGrad.apply)(x(), y())

    class NotMaterialized(Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.set_materialize_grads(False)
            return a * b, a + b, 3

        @staticmethod
        def backward(ctx, g1, g2, g3):
            log.append(("not_materialized", (g1, g2, g3)))
            return g2, None if g1 is None else g1

    @case("function")
    def materialize_off():
        return ga(lambda a, b: NotMaterialized.apply(a, b)[1] * 3)(x(), y())

    class Materialized(Function):
        @staticmethod
        def forward(ctx, a, b):
            return a * b, a + b

        @staticmethod
        def backward(ctx, g1, g2):
            log.append(("materialized", (g1, g2)))
            return g1 + g2, g2 * 2

    @case("function")
    def materialize_on():
        return ga(lambda a, b: Materialized.apply(a, b)[1])(x(), y())

    class Scale(Function):
        @staticmethod
        def forward(ctx, a, w):
            ctx.save_for_backward(a, w)
            return a * w

        @staticmethod
        def backward(ctx, g):
            a, w = ctx.saved_tensors
            return g * w * 10, g * a * 100

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array([1.5, -2.0], np.float32)), name="w")

        def construct(self, a):
            return Scale.apply(a, self.w) * 2

    @case("function")
    def in_cell_with_parameter():
        net = Net()
        return ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())(x())

    @case("function")
    def in_cell_sens():
        net = Net()
        return ops.GradOperation(sens_param=True)(net)(x(), Tensor(np.array([1.0, 0.5], np.float32)))

    class Reduce(Function):
        @staticmethod
        def forward(ctx, a, b):
            return a + b

        @staticmethod
        def backward(ctx, g):
            return (Tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32)),
                    Tensor(np.array([[1, 2], [3, 4], [5, 6]], np.int64)))

    @case("function")
    def auto_reduce_and_cast():
        return ga(Reduce.apply)(x(), Tensor(np.ones((3, 2), np.float32)))

    class IntIn(Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2

        @staticmethod
        def backward(ctx, g):
            return g * 5

    @case("function")
    def int_input():
        return ms.grad(IntIn.apply)(Tensor(np.array([1, 2], np.int32)))

    class Identity(Function):
        @staticmethod
        def forward(ctx, a):
            return a

        @staticmethod
        def backward(ctx, g):
            return g * 2

    @case("function")
    def output_is_input():
        return ga(lambda a: Identity.apply(a) * a)(x())

    class WithAttr(Function):
        @staticmethod
        def forward(ctx, a, b):
            a.extra = a * 3
            ctx.save_for_backward(a)
            return a * b

        @staticmethod
        def backward(ctx, g):
            a, = ctx.saved_tensors
            return g, a.extra

    @case("function")
    def tensor_attribute():
        return ga(WithAttr().apply)(x(), y())

    class Setup(Function):
        @staticmethod
        def forward(a, k=2.0):
            return a * k

        @staticmethod
        def setup_context(ctx, inputs, output):
            log.append(("setup", (inputs, output)))
            ctx.save_for_backward(inputs[0])

        @staticmethod
        def backward(ctx, g):
            a, = ctx.saved_tensors
            return g * a, None

    @case("function")
    def setup_context_style():
        return [ms.grad(Setup.apply)(x()), ms.grad(lambda a: Setup.apply(a, k=3.0))(x())]

    @case("function")
    def value_and_grad_sum():
        return ms.value_and_grad(lambda a, b: MultiIn.apply(a, b).sum(), (0, 1))(x(), y())

    class NeedsInt(Function):
        @staticmethod
        def forward(ctx, a, n):
            log.append(("needs", ctx.needs_input_grad))
            return a * n

        @staticmethod
        def backward(ctx, g):
            log.append(("needs_b", ctx.needs_input_grad))
            return g, None

    @case("function")
    def needs_input_grad_non_tensor():
        return ga(NeedsInt.apply)(x(), 3)

    # errors
    def _fn(backward, n_in=2, outs=1):
        class E(Function):
            @staticmethod
            def forward(ctx, *args):
                r = args[0] * 2
                return r if outs == 1 else (r, r + 1)
        E.backward = staticmethod(backward)
        return E

    @case("function")
    def err_wrong_number():
        return ga(_fn(lambda ctx, g: g).apply)(x(), y())

    @case("function")
    def err_grad_for_non_tensor():
        return ga(_fn(lambda ctx, g: (g, g)).apply)(x(), 3)

    @case("function")
    def err_grad_not_tensor():
        return ga(_fn(lambda ctx, g: (g, 4)).apply)(x(), y())

    # (an extra Tensor gradient beyond the inputs is left out: MindSpore reads past the end of its
    # list of input kinds there, so whether it raises depends on memory)

    @case("function")
    def extra_none_grad():
        return ga(_fn(lambda ctx, g: (g, g, None)).apply)(x(), y())

    @case("function")
    def err_list_return():
        return ms.grad(_fn(lambda ctx, g: [g]).apply)(x())

    @case("function")
    def err_backward_arity():
        return ga(_fn(lambda ctx, g: (g, g), outs=2).apply)(x(), y())

    @case("function")
    def err_broadcast():
        return ga(_fn(lambda ctx, g: (Tensor(np.ones((3, 4), np.float32)), None)).apply)(x(), y())

    class BadSave(Function):
        @staticmethod
        def forward(ctx, a):
            ctx.save_for_backward(a, 3)
            return a

        @staticmethod
        def backward(ctx, g):
            return g

    @case("function")
    def save_non_tensor_without_grad():
        return BadSave.apply(x())

    @case("function")
    def err_save_non_tensor():
        return ms.grad(BadSave.apply)(x())

    class BadNonDiff(Function):
        @staticmethod
        def forward(ctx, a):
            ctx.mark_non_differentiable(3)
            return a * 2

        @staticmethod
        def backward(ctx, g):
            return g

    @case("function")
    def err_non_differentiable_not_tensor():
        return ms.grad(BadNonDiff.apply)(x())

    class Dirty(Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.mark_dirty(a)
            return a + b

        @staticmethod
        def backward(ctx, g):
            return g, g

    @case("function")
    def err_dirty_not_output():
        return ga(Dirty.apply)(x(), y())

    class DirtyLeaf(Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.mark_dirty(a)
            return a + b, a

        @staticmethod
        def backward(ctx, g, ga_):
            return g, g

    @case("function")
    def err_dirty_leaf():
        return ga(DirtyLeaf.apply)(x(), y())

    @case("function")
    def dirty_non_leaf():
        return ga(lambda a, b: DirtyLeaf.apply(a + 1, b)[1] * 3 + DirtyLeaf.apply(a + 1, b)[0])(x(), y())

    @case("function")
    def err_keyword_arguments():
        return MultiIn.apply(x(), b=y())

    class Undefined(Function):
        pass

    @case("function")
    def err_forward_undefined():
        return Undefined.apply(x())

    @case("function")
    def err_under_jit():
        def f(a, b):
            return MultiIn.apply(a, b)
        return ms.jit(f)(x(), y())

    # ---------------- _no_grad ----------------
    class NGNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array([5.0], np.float32)), name="w")
            self.b = Parameter(Tensor(np.array([5.0], np.float32)), name="b")

        def construct(self, a):
            t = self.w * a + self.b
            with no_grad():
                m = t * self.w
            return m * t

    @case("no_grad")
    def ng_parameters():
        net = NGNet()
        return ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())(
            Tensor(np.array([2.0], np.float32)))

    @case("no_grad")
    def ng_nested_cell():
        inner = NGNet()

        def f(a):
            s = a * a
            with no_grad():
                z = inner(s)
            return s + z
        return ms.grad(f)(Tensor(np.array([2.0], np.float32)))

    @case("no_grad")
    def ng_decorator():
        @no_grad()
        def sq(a):
            return a * a * 3
        return [ms.grad(lambda a: sq(a) + a * a)(x()), sq(x())]

    @case("no_grad")
    def ng_whole_function():
        def f(a):
            with no_grad():
                return a * a
        return [ms.grad(f)(x()), ms.value_and_grad(f)(x())]

    @case("no_grad")
    def ng_nested_contexts():
        def f(a):
            with no_grad():
                with no_grad():
                    p = a * a
                q = a * 3
            return p * q + a * a
        return ms.grad(f)(x())

    @case("no_grad")
    def ng_jit_twice():
        def inner(a, b):
            return a * b + a
        inner = ms.jit(inner)

        def f1(a, b):
            with no_grad():
                return inner(a, b)

        def f2(a, b):
            return inner(a, b)
        return [ms.grad(f1)(x(), y()), ms.grad(f2)(x(), y())]

    @case("no_grad")
    def ng_with_function():
        def f(a, b):
            with no_grad():
                c = MultiIn.apply(a, b)
            return c * a
        return ga(f)(x(), y())

    @case("no_grad")
    def ng_err_grad_inside():
        with no_grad():
            return ms.grad(lambda a: a * a)(x())

    @case("no_grad")
    def ng_err_grad_made_outside():
        g = ms.grad(lambda a: a * a)
        with no_grad():
            return g(x())

    @case("no_grad")
    def ng_err_grad_operation():
        with no_grad():
            return ops.GradOperation()(lambda a: a * a)

    @case("no_grad")
    def ng_err_value_and_grad():
        with no_grad():
            return ms.value_and_grad(lambda a: a * a)

    @case("no_grad")
    def ng_restored_after_error():
        try:
            with no_grad():
                raise ValueError("inside")
        except ValueError:
            pass
        return ms.grad(lambda a: a * a)(x())

    return out, log


def encode(v):
    """A JSON form of a result: Tensors as dtype/shape/values, tuples as lists, other values by repr."""
    if hasattr(v, "asnumpy"):
        a = v.asnumpy()
        return {"tensor": str(v.dtype), "shape": list(a.shape), "value": a.astype(np.float64).ravel().tolist()}
    if isinstance(v, (tuple, list)):
        return [encode(i) for i in v]
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return repr(v)


def run_case(fn, log):
    """(encoded result or {'error': [class, first line]}, encoded log)."""
    del log[:]
    try:
        res = {"value": encode(fn())}
    except Exception as e:  # noqa: BLE001 - the class and message are what we record
        res = {"error": [type(e).__name__, str(e).strip().split("\n")[0]]}
    res["log"] = encode(list(log))
    return res


def main():
    import os
    import tempfile
    warnings.filterwarnings("ignore")
    os.chdir(tempfile.mkdtemp())  # MindSpore writes its jit failure reports (rank_0/) under the cwd
    import mindspore as ms
    ms.set_context(mode=ms.PYNATIVE_MODE)
    table, log = cases(ms, ms._Function, ms._no_grad)
    recs = {name: dict(group=group, **run_case(fn, log)) for name, (group, fn) in table.items()}
    (HERE / "ms_grad_function.json").write_text(json.dumps(recs, indent=1) + "\n")
    print(f"{len(recs)} cases recorded", file=sys.stderr)


if __name__ == "__main__":
    main()
