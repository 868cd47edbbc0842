"""Record MindSpore 2.10 running Primitive subclasses by name (tests/data/by_name_cases.py).

run: ~/msref/bin/python tests/data/gen_by_name.py  (writes tests/data/ms_by_name.json)
"""
import json
import os
import sys

import numpy as np
import mindspore as ms

ms.set_context(mode=ms.GRAPH_MODE)
sys.path.insert(0, os.path.dirname(__file__))
from by_name_cases import CASES  # noqa: E402

out = {}
for name, fn in CASES.items():
    v = fn()
    a = v.asnumpy()
    out[name] = {"dtype": str(v.dtype), "shape": list(a.shape),
                 "value": [None if isinstance(x, float) and np.isnan(x) else x for x in a.astype(np.float64).ravel().tolist()]}
with open(os.path.join(os.path.dirname(__file__), "ms_by_name.json"), "w") as f:
    json.dump(out, f, indent=1)
print(f"{len(out)} cases")
