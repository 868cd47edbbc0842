"""Record MindSpore 2.10's answers for the mint conformance fixes (issue #11) into
tests/data/ms_mint_fixes.json, for tests/mint/test_mint_conformance_fixes.py.

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_mint_fixes.py

Each case is Python code run in a namespace holding ``ms``, ``mint``, ``ops``, ``nn``, ``Tensor``,
``np``, ``GradOperation``, ``ScatterValue`` and ``dd`` (``mint.distributed.distributed``) plus the
inputs of SETUP. An ``expr`` case records the value of one expression; a ``code`` case runs
statements that leave the answer in ``out`` (graph-mode Cells, gradients). The JSON holds the code
with the answer: a Tensor's dtype, shape and values, a tuple of answers, a Python value, or the
class of the exception MindSpore raised. ``ms_expr`` replaces ``expr`` on MindSpore where its CPU
kernel cannot run the case itself (the reason is given in ``why``).
"""
import json
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, mint, nn, ops
from mindspore.ops import GradOperation
from mindspore.ops.auto_generate import ScatterValue
import mindspore.mint.distributed.distributed as dd

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)  # errors at their own case
HERE = Path(__file__).resolve().parent

SETUP = """
x = Tensor(np.array([[1., 25., 5., 7.], [4., 11., 6., 21.]], np.float32))
y = Tensor(np.array([[2., 26., 4., 1.], [3., 41., 16., 1.]], np.float32))
xi = Tensor(np.array([1, 2, 3], np.int32))
x3 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10)
z = Tensor(np.zeros((3, 4), np.float32))
zi = Tensor(np.arange(12, dtype=np.int64).reshape(3, 4))
idx = Tensor(np.array([[0, 1], [2, 3]], np.int64))
"""

E = "expr"
C = "code"
CASES = [
    # mint.max / mint.min: the three overloads and the TypeError for argument types none accepts
    ("max_all", E, "mint.max(x)"),
    ("max_dim", E, "mint.max(x, 1)"),
    ("max_dim_keepdim", E, "mint.max(x, -1, True)"),
    ("max_dim_kw", E, "mint.max(x, dim=0, keepdim=True)"),
    ("max_dim_np_int", E, "mint.max(x, np.int64(1))"),
    ("max_other_float", E, "mint.max(x, 7.5)"),
    ("max_other_bool", E, "mint.max(x, True)"),
    ("max_other_tensor", E, "mint.max(x, y)"),
    ("max_other_kw", E, "mint.max(x, other=y)"),
    ("max_number_first", E, "mint.max(2., x)"),
    ("max_int_other_float", E, "mint.max(xi, 1.5)"),
    ("max_ndarray", E, "mint.max(x.asnumpy())"),
    ("max_ndarray_dim", E, "mint.max(x.asnumpy(), -1, True)"),
    ("max_dim_none", E, "mint.max(x, None, True)"),
    ("max_keepdim_int", E, "mint.max(x, -1, -1)"),
    ("max_dim_float_keepdim", E, "mint.max(x, 1.5, True)"),
    ("max_dim_tensor_keepdim", E, "mint.max(x, y, True)"),
    ("max_dim_list", E, "mint.max(x, [1])"),
    ("max_keepdim_only", E, "mint.max(x, keepdim=True)"),
    ("max_keepdim_none", E, "mint.max(x, 1, None)"),
    ("min_all", E, "mint.min(x)"),
    ("min_dim_keepdim", E, "mint.min(x, -1, True)"),
    ("min_other", E, "mint.min(x, y)"),
    ("min_ndarray", E, "mint.min(x.asnumpy())"),
    ("min_dim_none", E, "mint.min(x, None, True)"),
    ("min_keepdim_int", E, "mint.min(x, 0, 1)"),
    ("max_graph_ndarray", C, """
class Net(nn.Cell):
    def construct(self, a, d, k):
        return mint.max(a, d, k)
ms.set_context(mode=ms.GRAPH_MODE)
try:
    out = Net()(x.asnumpy(), -1, True)
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    ("max_graph_dim", C, """
class Net(nn.Cell):
    def construct(self, a, d, k):
        return mint.max(a, d, k)
ms.set_context(mode=ms.GRAPH_MODE)
try:
    out = Net()(x, -1, True)
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    # mint.clamp / mint.clip: bool inputs and two None bounds are ValueErrors
    ("clamp_5_20", E, "mint.clamp(x, 5, 20)"),
    ("clamp_min_above_max", E, "mint.clamp(x, 20, 5)"),
    ("clamp_tensor_min", E, "mint.clamp(x, Tensor(5, ms.float32), 20)"),
    ("clamp_int_float_bound", E, "mint.clamp(xi, 1.5)"),
    ("clamp_max_only", E, "mint.clamp(x, max=6.)"),
    ("clamp_bool_max", E, "mint.clamp(x, 5, True)"),
    ("clamp_bool_min", E, "mint.clamp(x, True)"),
    ("clamp_bool_tensor", E, "mint.clamp(x, Tensor(True), None)"),
    ("clamp_bool_input", E, "mint.clamp(Tensor([True, False]), 0, 1)"),
    ("clamp_no_bounds", E, "mint.clamp(x)"),
    ("clip", E, "mint.clip(x, 2, 10)"),
    ("clip_bool", E, "mint.clip(x, 5, True)"),
    # names of mint outside its __all__
    ("ge_tensors", E, "mint.ge(xi, Tensor(np.array([1, 1, 4], np.int32)))"),
    ("ge_scalar", E, "mint.ge(xi, 2)"),
    ("ge_scalar_first", E, "mint.ge(2, xi)"),
    ("ge_int_float", E, "mint.ge(xi, 1.5)"),
    ("ge_kw", E, "mint.ge(input=x, other=6.)"),
    ("ge_ndarray", E, "mint.ge(x.asnumpy(), 2)"),
    ("ones_int", E, "mint.ones(3)"),
    ("ones_tuple", E, "mint.ones((2, 3))"),
    ("ones_list_dtype", E, "mint.ones([2], dtype=ms.int32)"),
    ("ones_tensor_0d", E, "mint.ones(Tensor(2))"),
    ("ones_tensor_1d", E, "mint.ones(Tensor([2, 3]))"),
    ("ones_two_ints", E, "mint.ones(2, 3)"),
    ("trunc_float", E, "mint.trunc(Tensor([-1.5, 2.5, 0.2]))"),
    ("trunc_int", E, "mint.trunc(xi)"),
    ("fix_float", E, "mint.fix(Tensor([-1.5, 2.5, -0.7]))"),
    ("fix_int", E, "mint.fix(Tensor([1, 2]))"),
    ("item_float", E, "mint.item(Tensor([2.5]))"),
    ("item_int", E, "mint.item(Tensor([[2]]))"),
    ("item_bool", E, "mint.item(Tensor(True))"),
    ("item_many", E, "mint.item(x)"),
    ("flatten_ext", E, "mint.flatten_ext(x3, 1)"),
    ("flatten_ext_all", E, "mint.flatten_ext(x3)"),
    ("softmax_ext_2d", E, "mint.softmax_ext(x3[0])"),
    ("softmax_ext_3d", E, "mint.softmax_ext(x3)"),
    ("softmax_ext_dim", E, "mint.softmax_ext(x3, -1)"),
    ("softmax_ext_dtype", E, "mint.softmax_ext(xi, 0, ms.float32)"),
    ("cdist_", E, "mint.cdist_(x, y)"),
    ("cdist_p1", E, "mint.cdist_(x, y, 1.0)"),
    ("tensor_class", E, "mint.Tensor is ms.Tensor"),
    # MindSpore's CPU has no AddcmulExt kernel: its ops.addcmul (the same formula) is the record
    ("addcmul_broadcast", E, "mint.addcmul(Tensor(np.ones(3, np.float32)), Tensor(np.array([[1.], [2.], [3.]], "
     "np.float32)), Tensor(np.array([[1., 2., 3.]], np.float32)), value=1)",
     "ops.addcmul(Tensor(np.ones(3, np.float32)), Tensor(np.array([[1.], [2.], [3.]], np.float32)), "
     "Tensor(np.array([[1., 2., 3.]], np.float32)), value=1)", "MindSpore 2.10 CPU has no AddcmulExt kernel"),
    ("addcmul_value", E, "mint.addcmul(x, y, x, value=0.5)", "ops.addcmul(x, y, x, value=0.5)",
     "MindSpore 2.10 CPU has no AddcmulExt kernel"),
    ("addcmul_default", E, "mint.addcmul(x, y, y)", "ops.addcmul(x, y, y, value=1)",
     "MindSpore 2.10 CPU has no AddcmulExt kernel"),
    # mint.full with a one-element Tensor value: its Python number's dtype; more elements: ValueError
    ("full_tensor_float_graph", C, """
class Net(nn.Cell):
    def construct(self, v):
        return mint.full((2, 3), v)
ms.set_context(mode=ms.GRAPH_MODE, jit_level='O0')
try:
    out = Net()(Tensor([3.]))
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    ("full_tensor_int_graph", C, """
class Net(nn.Cell):
    def construct(self, v):
        return mint.full((2, 3), v)
ms.set_context(mode=ms.GRAPH_MODE, jit_level='O0')
try:
    out = Net()(Tensor(np.array([3], np.int32)))
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    ("full_tensor_bool_graph", C, """
class Net(nn.Cell):
    def construct(self, v):
        return mint.full((2, 3), v)
ms.set_context(mode=ms.GRAPH_MODE, jit_level='O0')
try:
    out = Net()(Tensor(True))
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    ("full_tensor_two_values", E, "mint.full((2, 3), Tensor([3., 4.]), dtype=ms.int32)"),
    # mint.einsum meets its operands in one promoted dtype: an int operand's gradient is mint.mul's
    ("einsum_promote_grad", C, """
class Ein(nn.Cell):
    def construct(self, a, b):
        return mint.einsum("i,j->ij", a, b)
class Grad(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.grad = GradOperation(get_all=True)
        self.net = net
    def construct(self, a, b):
        return self.grad(self.net)(a, b)
a = Tensor(np.array([1, -2, 3], np.int64))
b = Tensor(np.array([0.5, 1.5], np.float32))
ms.set_context(mode=ms.GRAPH_MODE, jit_level='O0')
try:
    out = (Ein()(a, b),) + tuple(Grad(Ein())(a, b))
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    ("einsum_int32_int64", C, """
class Ein(nn.Cell):
    def construct(self, a, b):
        return mint.einsum("i,j->ij", a, b)
ms.set_context(mode=ms.GRAPH_MODE, jit_level='O0')
try:
    out = Ein()(Tensor(np.array([1, 2], np.int32)), Tensor(np.array([3, 4], np.int64)))
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    ("einsum_int32_float16", C, """
class Ein(nn.Cell):
    def construct(self, a, b):
        return mint.einsum("i,j->ij", a, b)
ms.set_context(mode=ms.GRAPH_MODE, jit_level='O0')
try:
    out = Ein()(Tensor(np.array([1, 2], np.int32)), Tensor(np.array([3, 4], np.float16)))
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    # ops.auto_generate.ScatterValue
    ("scatter_value_dim1", E, "ScatterValue()(z, 1, idx, 2.)"),
    ("scatter_value_dim0", E, "ScatterValue()(z, 0, idx, 2.)"),
    ("scatter_value_int_input", E, "ScatterValue()(zi, 1, idx, 2.5)"),
    ("scatter_value_int32_index", E, "ScatterValue()(z, 1, Tensor(np.array([[0, 1]], np.int32)), 2.)"),
    ("scatter_value_out_of_range_skipped", E, "ScatterValue()(z, 1, Tensor(np.array([[0, 9]])), 2.)"),
    ("scatter_value_tensor_src", E, "ScatterValue()(z, 1, idx, Tensor(2.))"),
    ("scatter_value_grad", C, """
def f(a):
    return ScatterValue()(a, 1, idx, 2.)
out = ops.grad(f)(x)
"""),
    ("scatter_value_bad_reduce", E, "ScatterValue()(z, 1, idx, 2., reduce='mul')"),
    ("scatter_value_dim_out_of_range", E, "ScatterValue()(z, 2, idx, 2.)"),
    ("scatter_value_rank_mismatch", E, "ScatterValue()(z, 1, Tensor(np.array([0, 1])), 2.)"),
    # MindSpore's CPU kernel ignores 'reduce' (its answer is the "none" one); the reduction the
    # op documents is what tensor_scatter_elements computes with the value repeated
    ("scatter_value_add", E, "ScatterValue()(zi * 1.0 + 1, 1, idx, 2., 'add')",
     "ops.tensor_scatter_elements(zi * 1.0 + 1, idx, ops.full((2, 2), 2., dtype=ms.float32), 1, 'add')",
     "MindSpore 2.10's CPU ScatterValue kernel ignores 'reduce'"),
    # mint.chunk: MindSpore's argument checks; in graph mode the number of outputs is fixed while compiling
    ("chunk_5_by_3", E, "mint.chunk(Tensor(np.arange(10.).reshape(5, 2)), 3)"),
    ("chunk_dim1", E, "mint.chunk(x, 3, 1)"),
    ("chunk_neg_dim", E, "mint.chunk(x3, 2, -1)"),
    ("chunk_np_int", E, "mint.chunk(x, np.int64(2))"),
    ("chunk_more_than_size", E, "mint.chunk(Tensor(np.arange(5.)), 4)"),
    ("chunk_empty_dim", E, "mint.chunk(Tensor(np.zeros((0, 3), np.float32)), 2)"),
    ("chunk_zero", E, "mint.chunk(x, 0)"),
    ("chunk_negative", E, "mint.chunk(x, -1)"),
    ("chunk_dim_out_of_range", E, "mint.chunk(x, 2, 5)"),
    ("chunk_dim_below_range", E, "mint.chunk(x, 2, -3)"),
    ("chunk_float_chunks", E, "mint.chunk(x, 2.0)"),
    ("chunk_bool_chunks", E, "mint.chunk(x, True)"),
    ("chunk_float_dim", E, "mint.chunk(x, 2, 1.0)"),
    ("chunk_ndarray", E, "mint.chunk(x.asnumpy(), 2)"),
    ("chunk_0d", E, "mint.chunk(Tensor(1.), 2)"),
    ("chunk_pynative_mutable", E, "mint.chunk(x, ms.mutable(2), ms.mutable(1))"),
    ("chunk_grad", C, """
def f(a):
    return mint.chunk(a, 2, 0)
out = ops.grad(f)(Tensor(np.arange(20.).reshape(10, 2).astype(np.float32)))
"""),
    ("chunk_graph_mutable", C, """
class Net(nn.Cell):
    def construct(self, a, c, d):
        return mint.chunk(a, c, d)
ms.set_context(mode=ms.GRAPH_MODE)
try:
    out = Net()(x, ms.mutable(2), 0)
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    ("chunk_graph_dynamic_other_dim", C, """
class Net(nn.Cell):
    def construct(self, a, c, d):
        return mint.chunk(a, c, d)
ms.set_context(mode=ms.GRAPH_MODE, jit_level='O0')
try:
    net = Net()
    net.set_inputs(Tensor(shape=[4, None, None], dtype=ms.int64), 3, 0)
    out = net(Tensor(np.arange(60).reshape((4, 3, 5)).astype(np.int64)), 3, 0)
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    ("chunk_graph_dynamic_dim", C, """
class Net(nn.Cell):
    def construct(self, a, c, d):
        return mint.chunk(a, c, d)
ms.set_context(mode=ms.GRAPH_MODE, jit_level='O0')
try:
    net = Net()
    net.set_inputs(Tensor(shape=[4, None, None], dtype=ms.int64), 3, 2)
    out = net(Tensor(np.arange(24).reshape((4, 2, 3)).astype(np.int64)), 3, 2)
finally:
    ms.set_context(mode=ms.PYNATIVE_MODE)
"""),
    # mint.distributed is a package whose submodule ``distributed`` holds the names
    ("dist_is_available", E, "dd.is_available()"),
    ("dist_same_function", E, "mint.distributed.is_available is dd.is_available"),
]


def enc(v):
    if isinstance(v, Tensor):
        a = v.asnumpy()
        out = {"dtype": str(v.dtype), "shape": list(a.shape)}
        if a.dtype.kind == "f" or str(v.dtype) == "BFloat16":
            out["v"] = a.astype(np.float64).reshape(-1).tolist()
        else:
            out["v"] = a.reshape(-1).tolist()
        return out
    if isinstance(v, (tuple, list)):
        return {"seq": [enc(e) for e in v]}
    if isinstance(v, (bool, int, float)):
        return {"py": v, "type": type(v).__name__}
    raise TypeError(f"cannot record {type(v).__name__}")


def run(kind, code, tmp):
    """The answer of one case; a ``code`` case runs as a module of its own file, so that graph mode
    can read the source of the Cells it defines."""
    names = {"ms": ms, "mint": mint, "ops": ops, "nn": nn, "Tensor": Tensor, "np": np,
             "GradOperation": GradOperation, "ScatterValue": ScatterValue, "dd": dd}
    if kind == E:
        ns = dict(names)
        exec(SETUP, ns)  # noqa: S102 - the generator's own case code
        return eval(code, ns)  # noqa: S307
    return run_module(code, names, tmp)


def run_module(code, names, tmp):
    """Run ``SETUP`` and ``code`` as a module file under ``tmp``; its ``out``."""
    import importlib.util
    import sys
    run_module.n = getattr(run_module, "n", 0) + 1
    name = f"_mint_fixes_case_{run_module.n}"
    path = Path(tmp) / f"{name}.py"
    path.write_text(SETUP + code)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    mod.__dict__.update(names)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(name, None)
    return mod.out


def main():
    import tempfile
    tmp = tempfile.mkdtemp(prefix="gen_mint_fixes.")
    rows = []
    for case in CASES:
        cid, kind, code = case[:3]
        row = {"id": cid, "kind": kind, "code": code}
        ms_code = code
        if len(case) > 3:
            ms_code, row["why"] = case[3], case[4]
        try:
            row["want"] = enc(run(kind, ms_code, tmp))
        except Exception as e:  # noqa: BLE001 - the class MindSpore raises is the record
            row["error"] = type(e).__name__
        rows.append(row)
    out = {"about": "MindSpore 2.10 (CPU) answers for the mint conformance fixes; see tests/data/gen_mint_fixes.py",
           "mindspore": ms.__version__, "setup": SETUP, "cases": rows}
    (HERE / "ms_mint_fixes.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"{len(rows)} cases, {sum('error' in r for r in rows)} errors")


if __name__ == "__main__":
    main()
