"""Record MindSpore 2.10's GRAPH_MODE/jit answers for in-place writes inside a tensor-condition
``if`` (to a local Tensor and to an argument, with gradients) and for ``ops.Assign`` on a
Parameter inside a function differentiated in graph mode.
Run with ``~/msref/bin/python tests/data/gen_graph_inplace.py``; writes ``ms_graph_inplace.json``.

Each case is a function of a namespace ``m`` (``m.ms``, ``m.ops``, ``m.nn``, ``m.Tensor``,
``m.Parameter``); the test runs the same function with mindjax.
"""
import json
import os
import types

import numpy as np

POS = [1.0, 2.0]
NEG = [-1.0, -2.0]


def enc(m, x):
    if isinstance(x, m.Tensor):
        a = x.asnumpy()
        return {"dtype": str(x.dtype), "shape": list(a.shape), "value": a.astype(np.float64).tolist()}
    if isinstance(x, (tuple, list)):
        return [enc(m, v) for v in x]
    return x


def t(m, v):
    return m.Tensor(np.array(v, np.float32))


def case_if_inplace_local(m):
    @m.ms.jit
    def f(x):
        y = x * 2
        if x.sum() > 0:
            y.add_(1)
            y[0] = y[1] * 3
        return y
    return [enc(m, f(t(m, POS))), enc(m, f(t(m, NEG)))]


def case_if_inplace_local_grad(m):
    @m.ms.jit
    def f(x):
        y = x * 2
        if x.sum() > 0:
            y.add_(1)
            y[0] = y[1] * 3
        return y.sum()
    return [enc(m, m.ms.grad(f)(t(m, POS))), enc(m, m.ms.grad(f)(t(m, NEG)))]


def case_if_inplace_argument(m):
    @m.ms.jit
    def f(x):
        if x.sum() > 0:
            x.add_(1)
        else:
            x[0] = 7
        return x * 1
    a, b = t(m, POS), t(m, NEG)
    return [enc(m, f(a)), enc(m, a), enc(m, f(b)), enc(m, b)]


def _graph(m, fn):
    m.ms.set_context(mode=m.ms.GRAPH_MODE)
    try:
        return fn()
    finally:
        m.ms.set_context(mode=m.ms.PYNATIVE_MODE)


def _assign_nets(m):
    class ReadAfter(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = m.Parameter(t(m, [1.0]), name="p")
            self.assign = m.ops.Assign()

        def construct(self, x):
            self.assign(self.p, x)
            return self.p * x

    class ReturnParam(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = m.Parameter(t(m, [1.0]), name="p")

        def construct(self, x):
            m.ops.assign(self.p, x * 3)
            return self.p

    class ReadBeforeAndAfter(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = m.Parameter(t(m, [1.0]), name="p")

        def construct(self, x):
            y = self.p * x
            m.ops.assign(self.p, x * 3)
            return y + self.p * x
    return ReadAfter, ReturnParam, ReadBeforeAndAfter


def case_assign_grad_inputs(m):
    def run():
        out = []
        for cls in _assign_nets(m):
            net = cls()
            out.append([enc(m, m.ms.grad(net)(t(m, [2.0]))), enc(m, net.p.value())])
        net = _assign_nets(m)[0]()
        out.append(enc(m, m.ops.GradOperation()(net)(t(m, [2.0]))))
        return out
    return _graph(m, run)


def case_assign_grad_weights(m):
    def run():
        out = []
        for cls in _assign_nets(m):
            net = cls()
            g = m.ms.grad(net, grad_position=None, weights=net.trainable_params())(t(m, [2.0]))
            out.append([enc(m, g), enc(m, net.p.value())])
        return out
    return _graph(m, run)


CASES = {name[5:]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}


def namespace():
    import mindspore as ms
    from mindspore import nn, ops, Tensor, Parameter
    return types.SimpleNamespace(ms=ms, nn=nn, ops=ops, Tensor=Tensor, Parameter=Parameter)


def main():
    m = namespace()
    out = {name: fn(m) for name, fn in CASES.items()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_graph_inplace.json")
    with open(path, "w") as f:
        json.dump({"mindspore": m.ms.__version__, "cases": out}, f, indent=1, sort_keys=True)
    print(json.dumps(out)[:3000])


if __name__ == "__main__":
    main()
