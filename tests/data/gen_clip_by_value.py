"""Record MindSpore 2.10's ops.clip_by_value: keyword bounds, one bound, bounds of another dtype
than x (cast to x's), min > max, list/tuple input, and its errors.

run: ~/msref/bin/python tests/data/gen_clip_by_value.py  (writes tests/data/ms_clip_by_value.json)
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import ops

ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)

X = np.array([[-3.5, 0.25, 2.0], [7.0, -0.5, 11.0]], np.float32)
XI = np.array([-4, 0, 3, 9], np.int32)
CASES = {
    "kw_max_tensor": lambda: ops.clip_by_value(ms.Tensor(X), clip_value_max=ms.Tensor(1.0)),
    "kw_min_float": lambda: ops.clip_by_value(ms.Tensor(X), clip_value_min=0.3),
    "both": lambda: ops.clip_by_value(ms.Tensor(X), -1, 5),
    "min_gt_max": lambda: ops.clip_by_value(ms.Tensor(X), 6.0, 2.0),
    "int_x_float_bounds": lambda: ops.clip_by_value(ms.Tensor(XI), 0.7, 5.9),
    "f16_x": lambda: ops.clip_by_value(ms.Tensor(X.astype(np.float16)), ms.Tensor(0.1, ms.float32), 3),
    "tuple": lambda: ops.clip_by_value((ms.Tensor(X), ms.Tensor(XI)), 0, 4),
    "list": lambda: ops.clip_by_value([ms.Tensor(X)], clip_value_max=2),
    "none_none": lambda: ops.clip_by_value(ms.Tensor(X)),
    "x_not_tensor": lambda: ops.clip_by_value(X, 0, 1),
}


def encode(v):
    if isinstance(v, (tuple, list)):
        return {"container": type(v).__name__, "items": [encode(t) for t in v]}
    a = v.asnumpy()
    return {"dtype": str(v.dtype), "value": a.astype(np.float64).tolist()}


out = {}
for name, fn in CASES.items():
    try:
        out[name] = {"ok": encode(fn())}
    except Exception as e:  # noqa: BLE001
        out[name] = {"error": type(e).__name__, "message": str(e).splitlines()[0]}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_clip_by_value.json"), "w") as f:
    json.dump(out, f, indent=1)
print(json.dumps(out)[:1500])
