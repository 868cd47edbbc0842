"""Record MindSpore 2.10's generated view ops (gen_ops_prim / gen_ops_def: slice_ext_view_op,
narrow_view, ...) in PyNative mode on CPU, where they copy, for tests/ops/test_view_ops.py.

run: ~/msref/bin/python tests/data/gen_view_ops.py  (writes tests/data/ms_view_ops.json)
"""
import json
import os

import numpy as np
import mindspore as ms
import mindspore.ops.auto_generate.gen_ops_prim as P  # noqa: F401 (used by the cases)
import mindspore.ops.auto_generate.gen_ops_def as D  # noqa: F401

CASES = [
    "P.broadcast_to_view_op(ms.Tensor(np.arange(3, dtype=np.float32)), (2, 3))",
    "P.chunk_view_op(x, 2, 2)", "P.chunk_view_op(x, 3, 1)", "P.ChunkView()(x, 2)",
    "P.diagonal_view_op(x, 0, 0, 1)", "P.diagonal_view_op(x, 1, 1, 2)", "P.DiagonalView()(x, -1, 2, 1)",
    "P.expand_dims_view_op(x, 1)", "P.narrow_view_op(x, 2, 1, 2)", "P.select_ext_view_op(x, 1, 2)",
    "P.select_ext_view_op(x, -1, -2)", "P.slice_ext_view_op(x, 2, 1, 4, 2)", "P.slice_ext_view_op(x, 0, 0, 9, 1)",
    "P.slice_ext_view_op(x, -2, 1, 3, 1)", "P.split_tensor_view_op(x, 3, 2)", "P.split_tensor_view_op(x, 1, 0)",
    "P.split_with_size_view_op(x, (1, 3), 2)", "P.split_with_size_view_op(x, [2, 1], 1)",
    "P.transpose_ext_view_op(x, 0, 2)", "P.transpose_view_op(x, (2, 0, 1))", "P.unstack_ext_view_op(x, 1)",
    "P.UnstackExtView()(x)", "P.SliceExtView()(x, 1, 0, 2, 1)", "P.inplace_copy_op(xc, ms.Tensor(np.ones((2, 3), np.float32)))",
    "D.narrow_view(x, 0, 1, 1)", "D.select_ext_view(x, 0, -1)", "D.transpose_view(x, (1, 0, 2))",
    "D.expand_dims_view(x, -1)", "D.broadcast_to_view(ms.Tensor(np.ones((1, 4), np.float32)), (3, 4))",
    "D.transpose_ext_view(x, -1, 0)", "D.chunk_view_op(x, 2, 0)",
    # errors
    "P.select_ext_view_op(x, 1, 5)", "P.select_ext_view_op(x, 3, 0)", "P.slice_ext_view_op(x, 3, 0, 1, 1)",
    "P.narrow_view_op(x, 3, 0, 1)", "P.unstack_ext_view_op(x, 4)", "P.split_tensor_view_op(x, 2, 3)",
]


def env():
    return {"ms": ms, "np": np, "P": P, "D": D,
            "x": ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4)),
            "xc": ms.Tensor(np.zeros((2, 3), np.float32))}


def encode(r):
    if isinstance(r, (tuple, list)):
        return {"seq": [encode(t) for t in r]}
    return {"shape": list(r.shape), "dtype": str(r.dtype), "value": r.asnumpy().tolist()}


if __name__ == "__main__":
    out = {}
    for case in CASES:
        try:
            out[case] = {"ok": encode(eval(case, env()))}
        except Exception as e:  # noqa: BLE001 - the error class is the record
            out[case] = {"error": type(e).__name__, "message": str(e).splitlines()[0]}
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_view_ops.json"), "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=1)
    print(len(out), "cases")
