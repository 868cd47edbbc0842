"""Record MindSpore 2.10's answers for ops whose output shape depends on the values, inside
``jit`` and GRAPH_MODE (nonzero, masked_select, argwhere, boolean-mask indexing, one-argument
where, unique), their gradients, and the Python side effects around them.
Run with ``~/msref/bin/python tests/data/gen_dynamic_shape_fallback.py``; writes
``ms_dynamic_shape_fallback.json``.

Each case is a function of a namespace ``m`` (``m.ms``, ``m.ops``, ``m.nn``, ``m.mint``,
``m.Tensor``, ``m.Parameter``, ``m.get_code_extra``); the test runs the same function with
mindjax. Values are encoded by ``enc`` (dtype, shape, values).
"""
import contextlib
import io
import json
import os
import types

import numpy as np

X1 = [[1.0, -2.0, 0.0], [3.0, 0.0, -1.0]]
X2 = [[0.0, 5.0, 0.0], [0.0, 0.0, 2.0]]


def enc(m, x):
    if isinstance(x, m.Tensor):
        a = x.asnumpy()
        return {"dtype": str(x.dtype), "shape": list(a.shape), "value": a.astype(np.float64).tolist()}
    if isinstance(x, (tuple, list)):
        return [enc(m, v) for v in x]
    return x


def _two_calls(m, f):
    """The outputs of ``f`` (already jitted) on two inputs of one shape whose non-zeros differ."""
    return [enc(m, f(m.Tensor(np.array(X1, np.float32)))), enc(m, f(m.Tensor(np.array(X2, np.float32))))]


def case_nonzero(m):
    @m.ms.jit
    def f(x):
        return m.ops.nonzero(x) + 1
    return _two_calls(m, f)


def case_tensor_nonzero(m):
    @m.ms.jit
    def f(x):
        return x.nonzero()
    return _two_calls(m, f)


def case_masked_select(m):
    @m.ms.jit
    def f(x):
        return m.ops.masked_select(x, x > 0) * 2
    return _two_calls(m, f)


def case_argwhere(m):
    @m.ms.jit
    def f(x):
        return m.ops.argwhere(x)
    return _two_calls(m, f)


def case_bool_mask_getitem(m):
    @m.ms.jit
    def f(x):
        return x[x >= 0] - 1
    return _two_calls(m, f)


def case_mint_where_one_arg(m):
    @m.ms.jit
    def f(x):
        return m.mint.where(x != 0)
    return _two_calls(m, f)


def case_unique(m):
    @m.ms.jit
    def f(x):
        out, idx = m.ops.unique(x.reshape(-1))
        return out, idx
    return _two_calls(m, f)


def case_graph_mode_cell(m):
    class Net(m.nn.Cell):
        def construct(self, x):
            return m.ops.masked_select(x, x != 0).sum() + x[x < 0]
    m.ms.set_context(mode=m.ms.GRAPH_MODE)
    try:
        return _two_calls(m, Net())
    finally:
        m.ms.set_context(mode=m.ms.PYNATIVE_MODE)


def case_grad_through_jit(m):
    @m.ms.jit
    def f(x):
        return (x[x > 0] * 3).sum() + m.ops.masked_select(x, x < 0).sum()
    g = m.ms.grad(f)
    return _two_calls(m, g)


def case_grad_inside_jit(m):
    def f(x):
        return (m.ops.masked_select(x, x != 0) ** 2).sum()

    @m.ms.jit
    def g(x):
        return m.ms.grad(f)(x)
    return _two_calls(m, g)


def case_parameter_write(m):
    """A Parameter written next to a dynamic-shape op: one write per call."""
    class Net(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = m.Parameter(m.Tensor(np.zeros(1, np.float32)), name="w")

        def construct(self, x):
            m.ops.assign_add(self.w, m.ops.masked_select(x, x > 0).sum().reshape(1))
            return m.ops.nonzero(x).shape[0] + self.w
    net = Net()
    m.ms.set_context(mode=m.ms.GRAPH_MODE)
    try:
        outs = _two_calls(m, net)
    finally:
        m.ms.set_context(mode=m.ms.PYNATIVE_MODE)
    return [outs, enc(m, net.w.value())]


def case_bytecode_side_effects(m):
    """PIJit keeps Python's semantics: a list append and a print before the op run once per call."""
    seen = []

    @m.ms.jit(capture_mode="bytecode")
    def f(x):
        seen.append(1)
        print("calling f")
        return m.ops.nonzero(x) * 2
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        outs = _two_calls(m, f)
    rec = m.get_code_extra(f.__wrapped__)
    return [outs, len(seen), buf.getvalue().count("calling f"), rec["code"]["call_count_"], rec["stat"]]


CASES = {name[5:]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}


def namespace():
    import mindspore as ms
    from mindspore import nn, ops, mint, Tensor, Parameter
    from mindspore._c_expression import get_code_extra
    return types.SimpleNamespace(ms=ms, nn=nn, ops=ops, mint=mint, Tensor=Tensor, Parameter=Parameter,
                                 get_code_extra=get_code_extra)


def main():
    m = namespace()
    out = {}
    for name, fn in CASES.items():
        try:
            out[name] = fn(m)
        except Exception as e:  # noqa: BLE001 - recorded: MindSpore's CPU build cannot run it
            out[name] = {"error": type(e).__name__, "message": str(e).split("\n")[0][:300]}
        print(name, json.dumps(out[name])[:300])
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_dynamic_shape_fallback.json")
    with open(path, "w") as f:
        json.dump({"mindspore": m.ms.__version__, "cases": out}, f, indent=1, sort_keys=True)
    print(f"wrote {len(out)} cases to {path}")


if __name__ == "__main__":
    main()
