"""Record MindSpore 2.10's PIJit records (``mindspore._c_expression.get_code_extra``) for
functions jitted with ``capture_mode="bytecode"`` or wrapped by ``PIJitCaptureContext``.
Run with ``~/msref/bin/python tests/data/gen_pijit_record.py``; writes ``ms_pijit_record.json``.

Each case is a function of a namespace ``m`` (``m.ms``, ``m.ops``, ``m.nn``, ``m.Tensor``,
``m.np``, ``m.get_code_extra``, ``m.PIJitCaptureContext``); the test runs the same function
with mindjax in ``m``. A record is summarised by ``summary`` (its stat, counters, and which
of ``phase_``/``compiled_code_`` it has); the program's name and guard text are
implementation details and are not compared.
"""
import json
import os
import types

import numpy as np


def summary(m, rec):
    if rec is None:
        return None
    code = rec["code"]
    return {"stat": rec["stat"], "compile_count_": rec["compile_count_"], "break_count_": rec["break_count_"],
            "call_count_": code.get("call_count_"), "phase_": bool(code.get("phase_")),
            "compiled_code_": code.get("compiled_code_") is not None, "guard_": isinstance(code.get("guard_"), str)}


def vec(m, n, k=1.0):
    return m.Tensor(np.arange(n, dtype=np.float32) * k)


def case_plain(m):
    def f(x):
        return x + 1
    f(vec(m, 3))
    return [summary(m, m.get_code_extra(f)), m.get_code_extra(3), m.get_code_extra(None)]


def case_ast_jit(m):
    @m.ms.jit
    def f(x):
        return x + 1
    f(vec(m, 3))
    return summary(m, m.get_code_extra(f.__wrapped__))


def case_bytecode_signatures(m):
    @m.ms.jit(capture_mode="bytecode")
    def f(x, y):
        return x * y + 1
    out = [summary(m, m.get_code_extra(f.__wrapped__))]  # not called yet
    for n in (3, 3, 4, 3, 3):
        f(vec(m, n), vec(m, n))
        out.append(summary(m, m.get_code_extra(f.__wrapped__)))
    out.append(summary(m, m.get_code_extra(f.__wrapped__.__code__)))
    out.append(summary(m, m.get_code_extra(f)))  # the wrapper itself has no record
    return out


def case_bytecode_scalar_args(m):
    @m.ms.jit(capture_mode="bytecode")
    def f(x, n):
        return x * n
    out = []
    for n in (2, 3, 3):
        f(vec(m, 3), n)
        out.append(summary(m, m.get_code_extra(f.__wrapped__)))
    return out


def case_context_function(m):
    def f(x):
        return x * 2 - 1
    g = m.PIJitCaptureContext()(f)
    out = [getattr(g, "__wrapped__", None) is f, summary(m, m.get_code_extra(f))]
    for _ in range(3):
        g(vec(m, 2))
    out.append(summary(m, m.get_code_extra(f)))
    return out


def case_context_fullgraph(m):
    def f(x):
        return m.ops.relu(x) + 1
    g = m.PIJitCaptureContext(fullgraph=True, jit_config={"jit_level": "O0"})(f)
    g(vec(m, 4, -1.0))
    return summary(m, m.get_code_extra(f))


def case_context_cell(m):
    class Net(m.nn.Cell):
        def construct(self, x):
            return x * 3
    net = Net()
    run = m.PIJitCaptureContext()(net)
    run(vec(m, 2))
    run(vec(m, 2))
    return summary(m, m.get_code_extra(Net.construct))


def case_context_disable(m):
    def f(x):
        return x + 2
    g = m.PIJitCaptureContext(jit_config={"_disable_pijit": lambda args, kwargs: True})(f)
    g(vec(m, 2))
    return summary(m, m.get_code_extra(f))


CASES = {name[5:]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}


def namespace():
    import mindspore as ms
    from mindspore import nn, ops, Tensor
    from mindspore._c_expression import get_code_extra
    from mindspore.common._pijit_context import PIJitCaptureContext
    return types.SimpleNamespace(ms=ms, nn=nn, ops=ops, Tensor=Tensor, np=np, get_code_extra=get_code_extra,
                                 PIJitCaptureContext=PIJitCaptureContext)


def main():
    m = namespace()
    m.ms.set_context(mode=m.ms.PYNATIVE_MODE)
    out = {}
    for name, fn in CASES.items():
        out[name] = fn(m)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_pijit_record.json")
    with open(path, "w") as f:
        json.dump({"mindspore": m.ms.__version__, "cases": out}, f, indent=1, sort_keys=True)
    print(f"wrote {len(out)} cases to {path}")


if __name__ == "__main__":
    main()
