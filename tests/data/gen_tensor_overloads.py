"""Record MindSpore 2.10's overloaded Tensor methods: for each call, the value (shape, dtype, values)
or the error class and message. Run with ~/msref/bin/python; writes ms_tensor_overloads.json.

A case is ``(id, setup, expression, mode)``: ``setup`` names the input built by ``_inputs`` (shared with
the test), ``expression`` is evaluated with ``x`` (and the other inputs) in scope; ``mode`` is "pynative"
or "graph" (the expression then runs inside a Cell's construct).
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from tensor_overload_cases import CASES, REFERENCE, inputs  # noqa: E402


def _encode(out):
    if isinstance(out, (tuple, list)):
        return {"seq": [_encode(o) for o in out]}
    if hasattr(out, "asnumpy"):
        a = out.asnumpy()
        return {"shape": list(a.shape), "dtype": str(out.dtype),
                "value": np.nan_to_num(a.astype(np.float64), nan=1e300).tolist()}
    if isinstance(out, (bool, int, float)):
        return {"py": out}
    return {"repr": repr(out)}


def main():
    import mindspore as ms
    from mindspore.common.api import _pynative_executor
    import importlib.util
    import tempfile
    # graph mode compiles a Cell's construct from its source: the graph cases go into a module file
    src = ["from mindspore import nn", "from tensor_overload_cases import inputs", "import mindspore as ms",
           "globals().update(inputs(ms))"]
    for i, (cid, expr, mode) in enumerate(CASES):
        if mode == "graph":
            src += [f"class Net{i}(nn.Cell):", "    def construct(self, x):", f"        return {expr}"]
    tmp = tempfile.mkdtemp()
    with open(os.path.join(tmp, "overload_graph_cases.py"), "w") as f:
        f.write("\n".join(src) + "\n")
    spec = importlib.util.spec_from_file_location("overload_graph_cases", os.path.join(tmp, "overload_graph_cases.py"))
    graph = importlib.util.module_from_spec(spec)
    sys.modules["overload_graph_cases"] = graph  # the graph compiler reads the construct's source through it
    spec.loader.exec_module(graph)
    records = {}
    for i, (cid, expr, mode) in enumerate(CASES):
        env = inputs(ms)
        ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
        try:
            if mode == "graph":
                out = getattr(graph, f"Net{i}")()(env["x"])
            else:
                out = eval(REFERENCE.get(cid, expr), dict(env))  # noqa: S307  (the case expressions are this project's own)
            _pynative_executor.sync()  # MindSpore reports a kernel's error at the next sync point
            records[cid] = {"ok": _encode(out)}
        except Exception as e:  # noqa: BLE001  (the error is what is recorded)
            msg = str(e).split("\n----")[0].strip()
            records[cid] = {"error": type(e).__name__, "message": msg}
            try:
                _pynative_executor.sync()
            except Exception:  # noqa: BLE001  (an error already recorded above)
                pass
    ms.set_context(mode=ms.PYNATIVE_MODE)
    path = os.path.join(os.path.dirname(__file__), "ms_tensor_overloads.json")
    with open(path, "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": records}, f, indent=0, sort_keys=True)
    print(f"{len(records)} cases -> {path}")


if __name__ == "__main__":
    main()
