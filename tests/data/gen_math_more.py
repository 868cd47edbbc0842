"""Record MindSpore 2.10 (CPU) on the math-family cases of math_more_cases.py.

Run with the oracle:  ~/msref/bin/python tests/data/gen_math_more.py tests/data/ms_math_more.json

Each case is an expression evaluated with ``ops``, ``ms``, ``Tensor``, ``np`` and the fixtures
of ``SETUP``; the result is recorded as nested lists of {dtype, shape, value} (complex values
as [real, imag] pairs), or the error as its class and first message line.
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from math_more_cases import SETUP, ALL  # noqa: E402


def encode(v):
    """A result as JSON: Tensors as {dtype, shape, value}, sequences element by element."""
    if hasattr(v, "asnumpy"):
        a = v.asnumpy()
        if a.dtype.kind == "c":
            val = np.stack([a.real, a.imag], -1).astype(np.float64)
        else:
            val = a.astype(np.float64) if a.dtype.kind == "f" or str(a.dtype) == "bfloat16" else a
        val = np.where(np.isnan(val), None, val).tolist() if val.dtype.kind == "f" else val.tolist()
        return {"dtype": str(v.dtype), "shape": list(a.shape), "value": _clean(val)}
    if isinstance(v, (tuple, list)):
        return {"seq": [encode(x) for x in v]}
    if isinstance(v, float):
        return {"py": None if v != v else v}
    if isinstance(v, (bool, int, str)) or v is None:
        return {"py": v}
    return {"py": repr(v)}


def _clean(x):
    if isinstance(x, list):
        return [_clean(e) for e in x]
    if isinstance(x, float) and x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    return x


def error_line(e) -> str:
    for line in str(e).splitlines():
        line = line.strip()
        if line and not line.startswith("-") and "Kernel select failed" not in line:
            return line
    return ""


def main(out: str) -> None:
    import mindspore as ms
    from mindspore import Tensor, ops
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    env = {"ms": ms, "ops": ops, "Tensor": Tensor, "np": np}
    exec(SETUP, env)
    rec = {}
    for cid, expr in ALL:
        try:
            rec[cid] = {"expr": expr, "out": encode(eval(expr, env))}
        except Exception as e:  # noqa: BLE001 - errors are recorded
            rec[cid] = {"expr": expr, "error": type(e).__name__, "msg": error_line(e)[:300]}
        print(cid, "error " + rec[cid]["error"] if "error" in rec[cid] else "")
    with open(out, "w") as f:
        json.dump(rec, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "ms_math_more.json"))
