"""ops.clip_by_value against MindSpore 2.10 (tests/data/gen_clip_by_value.py): keyword bounds,
bounds cast to x's dtype, min > max, list/tuple inputs, errors; eager and jit."""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax import ops

REC = json.load(open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_clip_by_value.json")))
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


def check(got, want):
    if "container" in want:
        assert type(got).__name__ == want["container"] and len(got) == len(want["items"])
        for g, w in zip(got, want["items"]):
            check(g, w)
        return
    assert str(got.dtype) == want["dtype"]
    np.testing.assert_array_equal(got.asnumpy().astype(np.float64), np.array(want["value"]))


@pytest.mark.parametrize("name", sorted(CASES))
def test_clip_by_value(name):
    want = REC[name]
    if "error" in want:
        with pytest.raises(getattr(__builtins__, want["error"], None) or eval(want["error"]), match="clip_by_value"):
            CASES[name]()
        return
    check(CASES[name](), want["ok"])


def test_clip_by_value_jit_and_grad():
    f = ms.jit(lambda x: ops.clip_by_value(x, clip_value_min=0.3, clip_value_max=ms.Tensor(5.0)))
    check(f(ms.Tensor(X)), {"dtype": "Float32", "value": np.clip(X, np.float32(0.3), 5).tolist()})
    g = ms.grad(lambda x: ops.clip_by_value(x, 0.0, 5.0).sum())(ms.Tensor(X))
    np.testing.assert_array_equal(g.asnumpy(), ((X > 0) & (X < 5)).astype(np.float32))
