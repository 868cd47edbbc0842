"""``mindspore.nn.grad.Jvp`` / ``Vjp`` against MindSpore 2.10's recorded results (tests/data/ms_composite.json):
values, output structure, the TypeError of a wrong vector, a custom ``bprop`` inside, and Graph mode."""
import importlib.util
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Tensor
from mindjax.nn.grad import Jvp, Vjp

_spec = importlib.util.spec_from_file_location(
    "_composite_cases", Path(__file__).resolve().parents[1] / "ops" / "test_composite.py")
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)

CELL_EXPRS = sorted(e for e in cases.DATA["eager"] if e.startswith(("Jvp(", "Vjp(")))


@pytest.mark.parametrize("expr", CELL_EXPRS)
def test_cells_match_mindspore(expr):
    cases.same(cases.run(lambda: eval(expr, cases.ENV)), cases.DATA["eager"][expr], expr)  # noqa: S307


@pytest.mark.parametrize("name", ["jvp_cell", "vjp_cell"])
def test_cells_under_jit_match_mindspore(name):
    case = cases.DATA["graph"][name]
    env = dict(cases.ENV)
    exec(f"def case(t):\n    {case['body']}\n", env)  # noqa: S102
    cases.same(cases.run(lambda: ms.jit(env["case"])(cases.ENV["t"])), case["result"], name)


def test_custom_bprop_and_ops_functions_agree():
    env = cases.ENV
    x, w = env["x22"], env["w22"]
    net = env["BpropNet"]()
    out_c, jv_c = Jvp(net)(x, w)
    out_f, jv_f = ops.jvp(net, x, w)
    np.testing.assert_allclose(jv_c.asnumpy(), jv_f.asnumpy())
    np.testing.assert_allclose(jv_c.asnumpy(), 10 * w.asnumpy())  # the bprop, not d(x*x)
    _, g = Vjp(net)(x, w)
    np.testing.assert_allclose(g.asnumpy(), ops.vjp(net, x)[1](w)[0].asnumpy())


def test_cells_are_cells_in_graph_mode():
    class Cube(nn.Cell):
        def construct(self, x):
            return x ** 3

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        x = Tensor(np.array([1.0, 2.0], np.float32))
        out, jv = Jvp(Cube())(x, Tensor(np.array([1.0, 0.5], np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert isinstance(Jvp(Cube()), nn.Cell) and isinstance(Vjp(Cube()), nn.Cell)
    np.testing.assert_allclose(out.asnumpy(), [1.0, 8.0])
    np.testing.assert_allclose(jv.asnumpy(), [3.0, 6.0])


def test_with_eval_cell_keeps_integer_labels():
    """WithEvalCell(add_cast_fp32=True) casts floating labels to float32 and leaves class indices
    as integers (MindSpore 2.10: Int32 labels stay Int32, Float16 labels become Float32), so a
    cross-entropy over class indices works in O2 evaluation."""
    import numpy as np
    import mindjax as ms
    from mindjax import nn
    net = nn.Dense(3, 2)
    net.to_float(ms.float16)
    ev = nn.WithEvalCell(net, nn.CrossEntropyLoss(), True)
    x = ms.Tensor(np.ones((4, 3), np.float32))
    loss, out, lab = ev(x, ms.Tensor(np.array([0, 1, 1, 0], np.int32)))
    assert (str(loss.dtype), str(out.dtype), str(lab.dtype)) == ("Float32", "Float32", "Int32")
    loss, out, lab = ev(x, ms.Tensor(np.eye(2)[[0, 1, 1, 0]].astype(np.float16)))
    assert (str(loss.dtype), str(out.dtype), str(lab.dtype)) == ("Float32", "Float32", "Float32")
