"""Record MindSpore 2.10 running the gradient Primitives of tests/data/grad_prims_a_cases.py.

run: ~/msref/bin/python tests/data/gen_grad_prims_a.py  (writes tests/data/ms_grad_prims_a.json)
"""
import json
import os
import sys

import numpy as np
import mindspore as ms

ms.set_context(mode=ms.PYNATIVE_MODE)
sys.path.insert(0, os.path.dirname(__file__))
from grad_prims_a_cases import CASES  # noqa: E402


def _rec(v):
    a = v.asnumpy()
    return {"dtype": str(v.dtype), "shape": list(a.shape),
            "value": [None if np.isnan(x) else x for x in a.astype(np.float64).ravel().tolist()]}


out = {}
for name, fn in CASES.items():
    try:
        v = fn()
    except Exception as e:  # noqa: BLE001 - record MindSpore's error instead
        out[name] = {"error": type(e).__name__, "message": str(e).split("\n")[0]}
        continue
    out[name] = [_rec(t) for t in v] if isinstance(v, (tuple, list)) else _rec(v)
with open(os.path.join(os.path.dirname(__file__), "ms_grad_prims_a.json"), "w") as f:
    json.dump(out, f, indent=1)
print(f"{len(out)} cases", [k for k, v in out.items() if isinstance(v, dict) and "error" in v])
