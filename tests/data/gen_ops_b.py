"""Records MindSpore 2.10's outputs for the ops fixed for issue #11's tests/st/ops/cpu/test_[m-z]* slice into
ms_ops_b.json. Run with real MindSpore: ``~/msref/bin/python tests/data/gen_ops_b.py``.

A case is a Python expression over ``ops``, ``P`` (ops.operations), ``G`` (ops.operations._grad_ops),
``R`` (ops.function.random_func), ``ms``, ``np``, ``T`` (a Tensor from a numpy array) and
``Ref(fn, array, *args)`` (calls ``fn`` on a Parameter made from ``array``, returns the Parameter's value
afterwards). tests/ops/test_ops_b.py evaluates the same expression under mindjax. Recorded: values,
dtype and shape, or the exception class and message; a ``shape:`` case records only shapes and dtypes.
"""
import json
import os
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter
import mindspore.ops as ops
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G
from mindspore.ops.function import random_func as R
from mindspore.ops.operations import nn_ops as NN

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU", pynative_synchronize=True)

from ops_b_cases import CASES  # noqa: E402  (the same list is read by the mindjax test)


def T(a, dtype=None):
    return Tensor(np.asarray(a, dtype=dtype))


_count = [0]


def Ref(fn, a, *args):
    _count[0] += 1
    p = Parameter(Tensor(np.asarray(a)), name=f"p{_count[0]}")
    fn(p, *args)
    return Tensor(p.asnumpy())


def Grad(fn, *args):
    """The gradients of ``fn`` (a lambda over Tensors, returning a scalar) w.r.t. all its arguments."""
    def f(*xs):
        return fn(*xs)
    return ops.grad(f, tuple(range(len(args))))(*args)


def encode(v, values=True):
    if isinstance(v, Tensor):
        a = v.asnumpy()
        out = {"dtype": str(v.dtype), "shape": list(a.shape)}
        if values:
            out["t"] = np.where(np.isnan(a), None, a).tolist() if a.dtype.kind == "f" else a.tolist()
        return out
    if isinstance(v, (tuple, list)):
        return {"tuple": [encode(x, values) for x in v]}
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return repr(v)


def main():
    env = {"ops": ops, "P": P, "G": G, "R": R, "NN": NN, "ms": ms, "np": np, "T": T, "Ref": Ref, "Grad": Grad}
    out = {}
    for expr in CASES:
        values = not expr.startswith("shape:")
        code = expr[len("shape:"):] if not values else expr
        try:
            out[expr] = {"out": encode(eval(code, env), values)}
        except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
            out[expr] = {"error": type(e).__name__, "msg": str(e).split("\n")[0][:300]}
    path = os.path.join(os.path.dirname(__file__), "ms_ops_b.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)
    print(f"{len(out)} cases -> {path}")


if __name__ == "__main__":
    main()
