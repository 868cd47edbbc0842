"""Record MindSpore 2.10's ``Tensor.__getitem__``/``__setitem__`` for the keys whose reading is
easy to get wrong (scalar booleans, empty and float lists, lists holding Tensors, numpy
scalars, Tensor slice bounds, boolean masks with other indices) and its errors, in PyNative
and inside ``jit``. Run with ``~/msref/bin/python tests/data/gen_indexing_keys.py``; writes
``ms_indexing_keys.json``.

Both of MindSpore's indexing paths are recorded: the default one and the one its own tests
select with ``MS_DEV_TENSOR_INDEX_BOOST=1`` (read on each indexing call).

A key is written as source text evaluated with ``T`` (Tensor), ``np`` and ``B`` (a boolean
Tensor [False, True]) in scope, so that mindjax evaluates the same key.
"""
import json
import os
import sys

import numpy as np

GET_KEYS = ["0", "True", "False", "None", "(0, 2, ...)", "[]", "[0.0, 1.0]", "np.array(True)", "np.array(False)",
            "np.array(1)", "T(True)", "T(False)", "slice(T(0), T(2))", "(0, slice(0, 2), True)",
            "([0, 1], True, [0, 1])", "(T([0, 1]), T(True), T([0, 1]))", "([0, 1], None, [0, 1])",
            "([0, 1], ..., [0, 1])", "([T(0), 1], T(0), [0, T(1)])", "(T(0), [0, T(1)], [T(0), T(1)])",
            "(B, B)", "(B, slice(None), 0)", "(1, ..., True, [0, 1])", "[0, slice(0, 2)]", "0:3:-1"]
JIT_GET_KEYS = ["0", "True", "False", "None", "[]", "[0.0, 1.0]", "(0, slice(0, 2), True)", "([0, 1], True, [0, 1])",
                "([0, 1], ..., [0, 1])", "(B, B)"]
SET_CASES = [("0", "-1"), ("True", "-1"), ("False", "-1"), ("[0, 1]", "-1"), ("(B, B)", "-1"), ("[]", "-1"),
             ("(0, [0, 1])", "T(np.ones(4, np.float32))"), ("(B, B)", "T(np.arange(8, dtype=np.float32).reshape(2, 4))"),
             ("0", "(1, 2, 3)"), ("(2, 0, 0)", "-1"), ("(0, 0, 0, 0)", "-1"), ("(0, 't')", "-1"), ("0:3:-1", "-1")]
JIT_SET_CASES = [("0", "-1"), ("False", "-1"), ("(B, slice(None))", "-1"), ("0", "(1, 2, 3)"), ("(0, 't')", "-1"),
                 ("0:3:-1", "-1")]
JIT_ERROR_KEYS = ["(0, 't')", "0:3:-1", "(2, 0, 0)", "(0, 0, 0, 0)"]
SCALAR_KEYS = ["0", "0:1"]


def err(e):
    return {"error": type(e).__name__, "message": str(e).split("\n")[0][:300]}


def enc(x):
    a = x.asnumpy()
    return {"dtype": str(x.dtype), "shape": list(a.shape), "value": a.astype(np.float64).tolist()}


def key_of(text, env):
    if ":" in text and not text.startswith("("):
        parts = [int(p) if p else None for p in text.split(":")]
        return slice(*parts)
    return eval(text, env)  # noqa: S307 - the recorded keys above, as source text


def run(ms):
    T = ms.Tensor
    env = {"T": T, "np": np, "B": T(np.array([False, True]))}
    base = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
    out = {"get": {}, "jit_get": {}, "set": {}, "jit_set": {}, "jit_error": {}, "scalar": {}}
    for k in GET_KEYS:
        try:
            out["get"][k] = enc(T(base)[key_of(k, env)])
        except Exception as e:  # noqa: BLE001 - MindSpore's error is the record
            out["get"][k] = err(e)
    for k in JIT_GET_KEYS:
        key = key_of(k, env)

        @ms.jit
        def f(x):
            return x[key]
        try:
            out["jit_get"][k] = enc(f(T(base)))
        except Exception as e:  # noqa: BLE001
            out["jit_get"][k] = err(e)
    for k, v in SET_CASES:
        x = T(base)
        try:
            x[key_of(k, env)] = eval(v, env)  # noqa: S307
            out["set"][f"{k} = {v}"] = enc(x)
        except Exception as e:  # noqa: BLE001
            out["set"][f"{k} = {v}"] = err(e)
    for k, v in JIT_SET_CASES:
        key, val = key_of(k, env), eval(v, env)  # noqa: S307

        @ms.jit
        def g(x):
            y = x * 1
            y[key] = val
            return y
        try:
            out["jit_set"][f"{k} = {v}"] = enc(g(T(base)))
        except Exception as e:  # noqa: BLE001
            out["jit_set"][f"{k} = {v}"] = err(e)
    for k in SCALAR_KEYS:
        try:
            out["scalar"][k] = enc(T(3.0)[key_of(k, env)])
        except Exception as e:  # noqa: BLE001
            out["scalar"][k] = err(e)
    return out


def main():
    import mindspore as ms
    os.environ.pop("MS_DEV_TENSOR_INDEX_BOOST", None)
    out = {"default": run(ms)}
    os.environ["MS_DEV_TENSOR_INDEX_BOOST"] = "1"  # MindSpore's tests set it: the view-op indexing path
    out["boost"] = run(ms)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_indexing_keys.json")
    with open(path, "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=1, sort_keys=True)
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
