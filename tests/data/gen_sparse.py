"""Record MindSpore 2.10's sparse tensors: COOTensor / CSRTensor / RowTensor / SparseTensor
construction, validation errors, printing, methods, arithmetic, ``ops.coo_*`` / ``ops.csr_*``
functions and gradients.

Run with the oracle:  ~/msref/bin/python tests/data/gen_sparse.py tests/data/ms_sparse.json

MindSpore's CPU kernels for CSR conversions / products (COO2CSR, CSRMV, CSRMM, ...) are
compiled by AKG at first use, which imports the ``decorator`` package; the oracle venv
lacks it. Put a copy on PYTHONPATH for this run (``pip download decorator`` and unzip the
wheel into a folder); the generator checks this and stops with a hint otherwise.

Each case is an expression run in a fresh module (written to a file, since MindSpore's jit
reads the source) with ``ms``, ``Tensor``, ``ops``, ``nn``, ``np``, the sparse classes and
the fixtures of ``SETUP``; its result's repr (or its exception) is recorded. tests/test_sparse_tensor.py replays the same snippets on mindjax.
"""
import json
import sys

SETUP = """
i32, i64, f32, f64 = ms.int32, ms.int64, ms.float32, ms.float64
coo = COOTensor(Tensor([[0, 1], [1, 2]], i32), Tensor([1, 2], f32), (3, 4))
coo64 = COOTensor(Tensor([[0, 0], [0, 1], [1, 2]], i64), Tensor([1., -2., 3.], f32), (3, 4))
cooB = COOTensor(Tensor([[0, 1], [1, 1], [1, 2]], i64), Tensor([2., 5., -3.], f32), (3, 4))
dup = COOTensor(Tensor([[1, 1], [0, 1], [1, 1], [0, 0]], i64), Tensor([1., 2., 3., 4.], f32), (2, 2))
unsorted = COOTensor(Tensor([[2, 1], [0, 3], [2, 0], [0, 1]], i32), Tensor([1., 2., 3., 4.], f32), (3, 4))
csr = CSRTensor(Tensor([0, 2, 3, 5], i32), Tensor([0, 3, 1, 0, 2], i32), Tensor([1., 2., 3., 4., 5.], f32), (3, 4))
csrB = CSRTensor(Tensor([0, 1, 1, 2], i32), Tensor([1, 3], i32), Tensor([10., 20.], f32), (3, 4))
dense34 = Tensor(np.arange(12).reshape(3, 4).astype(np.float32))
"""

CASES = [
    # ---- construction and validation ------------------------------------------------------------
    ("coo_repr", "coo"),
    ("coo_str", "str(coo)"),
    ("coo_props", "(coo.shape, str(coo.dtype), coo.size, coo.itemsize, coo.ndim, str(coo.indices.dtype))"),
    ("coo_indices", "coo.indices"),
    ("coo_values", "coo.values"),
    ("coo_to_tuple", "coo.to_tuple()"),
    ("coo_copy", "COOTensor(coo_tensor=coo)"),
    ("coo_copy_bad", "COOTensor(coo_tensor=csr)"),
    ("coo_copy_extra", "COOTensor(Tensor([[0, 1]]), coo_tensor=coo)"),
    ("coo_bad_indices_type", "COOTensor([[0, 1]], Tensor([1.]), (2, 2))"),
    ("coo_bad_values_type", "COOTensor(Tensor([[0, 1]]), [1.], (2, 2))"),
    ("coo_bad_shape_type", "COOTensor(Tensor([[0, 1]]), Tensor([1.]), [2, 2])"),
    ("coo_shape_len", "COOTensor(Tensor([[0, 1, 0]]), Tensor([1.]), (2, 2, 2))"),
    ("coo_shape_neg", "COOTensor(Tensor([[0, 1]]), Tensor([1.]), (2, -2))"),
    ("coo_shape_small", "COOTensor(Tensor([[0, 0], [0, 1], [1, 0]]), Tensor([1., 2., 3.]), (1, 2))"),
    ("coo_indices_1d", "COOTensor(Tensor([0, 1]), Tensor([1., 2.]), (2, 2))"),
    ("coo_values_2d", "COOTensor(Tensor([[0, 1]]), Tensor([[1.]]), (2, 2))"),
    ("coo_len_mismatch", "COOTensor(Tensor([[0, 1], [1, 1]]), Tensor([1.]), (2, 2))"),
    ("coo_indices_cols", "COOTensor(Tensor([[0, 1, 1]]), Tensor([1.]), (2, 2))"),
    ("coo_indices_float", "COOTensor(Tensor([[0., 1.]]), Tensor([1.]), (2, 2))"),
    ("coo_indices_int8", "COOTensor(Tensor([[0, 1]], ms.int8), Tensor([1.]), (2, 2))"),
    ("coo_empty", "COOTensor(Tensor(np.zeros((0, 2)), i32), Tensor(np.zeros((0,)), f32), (3, 4))"),
    ("coo_empty_dense", "COOTensor(Tensor(np.zeros((0, 2)), i32), Tensor(np.zeros((0,)), f32), (3, 4)).to_dense()"),
    ("csr_repr", "csr"),
    ("csr_props", "(csr.shape, str(csr.dtype), csr.size, csr.itemsize, csr.ndim, str(csr.indptr.dtype))"),
    ("csr_to_tuple", "csr.to_tuple()"),
    ("csr_copy", "CSRTensor(csr_tensor=csr)"),
    ("csr_copy_bad", "CSRTensor(csr_tensor=coo)"),
    ("csr_copy_extra", "CSRTensor(Tensor([0, 1]), csr_tensor=csr)"),
    ("csr_bad_indptr", "CSRTensor([0, 1], Tensor([0]), Tensor([1.]), (1, 2))"),
    ("csr_bad_indices", "CSRTensor(Tensor([0, 1]), [0], Tensor([1.]), (1, 2))"),
    ("csr_bad_shape", "CSRTensor(Tensor([0, 1]), Tensor([0]), Tensor([1.]), [1, 2])"),
    ("csr_shape_neg", "CSRTensor(Tensor([0, 1]), Tensor([0]), Tensor([1.]), (1, -2))"),
    ("csr_shape_small", "CSRTensor(Tensor([0, 3]), Tensor([0, 1, 2]), Tensor([1., 2., 3.]), (1, 2))"),
    ("csr_indices_2d", "CSRTensor(Tensor([0, 1]), Tensor([[0]]), Tensor([1.]), (1, 2))"),
    ("csr_indptr_2d", "CSRTensor(Tensor([[0, 1]]), Tensor([0]), Tensor([1.]), (1, 2))"),
    ("csr_indptr_len", "CSRTensor(Tensor([0, 1, 1]), Tensor([0]), Tensor([1.]), (1, 2))"),
    ("csr_len_mismatch", "CSRTensor(Tensor([0, 1]), Tensor([0, 1]), Tensor([1.]), (1, 2))"),
    ("csr_values_rank", "CSRTensor(Tensor([0, 1]), Tensor([0]), Tensor([[1.]]), (1, 2))"),
    ("csr_values_tail", "CSRTensor(Tensor([0, 1]), Tensor([0]), Tensor([[1., 2.]]), (1, 2, 3))"),
    ("csr_indptr_float", "CSRTensor(Tensor([0., 1.]), Tensor([0]), Tensor([1.]), (1, 2))"),
    ("csr_indices_float", "CSRTensor(Tensor([0, 1]), Tensor([0.]), Tensor([1.]), (1, 2))"),
    ("csr_3d", "CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32), "
               "Tensor(np.arange(6).reshape(2, 3).astype(np.float32)), (2, 4, 3))"),
    ("csr_3d_props", "(lambda s: (s.ndim, s.size, s.shape))(CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32), "
                     "Tensor(np.arange(6).reshape(2, 3).astype(np.float32)), (2, 4, 3)))"),
    ("csr_3d_to_coo", "CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32), "
                      "Tensor(np.arange(6).reshape(2, 3).astype(np.float32)), (2, 4, 3)).to_coo()"),
    ("row_repr", "RowTensor(Tensor([0, 2]), Tensor([[1., 2.], [3., 4.]], f32), (3, 2))"),
    ("row_props", "(lambda r: (r.indices, r.values, r.dense_shape))(RowTensor(Tensor([0]), Tensor([[1, 2]], f32), "
                  "(3, 2)))"),
    ("row_copy", "RowTensor(row_tensor=RowTensor(Tensor([0]), Tensor([[1, 2]], f32), (3, 2)))"),
    ("row_copy_bad", "RowTensor(row_tensor=coo)"),
    ("row_bad_indices", "RowTensor([0], Tensor([[1., 2.]]), (3, 2))"),
    ("row_bad_shape", "RowTensor(Tensor([0]), Tensor([[1., 2.]]), 3)"),
    ("sparse_repr", "SparseTensor(Tensor([[0, 1], [1, 2]]), Tensor([1, 2], f32), (3, 4))"),
    ("sparse_props", "(lambda s: (s.indices, s.values, s.shape))(SparseTensor(Tensor([[0, 1], [1, 2]]), "
                     "Tensor([1, 2], f32), (3, 4)))"),
    ("sparse_bad", "SparseTensor(Tensor([[0, 1]]), Tensor([1.]), [2, 2])"),
    # ---- printing of the parts ------------------------------------------------------------------
    ("print_f16", "COOTensor(Tensor([[0, 0], [1, 0], [2, 0]], i64), Tensor([1.5, -2.25, 3.], ms.float16), (5, 1))"),
    ("print_f64", "COOTensor(Tensor([[0, 0], [1, 0]], i64), Tensor([1e-8, 1e8], f64), (5, 1))"),
    ("print_int", "COOTensor(Tensor([[0, 0], [1, 0], [2, 0]], i64), Tensor([1, -22, 3], i32), (5, 1))"),
    ("print_bool", "COOTensor(Tensor([[0, 0], [1, 0], [2, 0]], i64), Tensor([True, False, True]), (5, 1))"),
    ("print_u8", "COOTensor(Tensor([[0, 0], [1, 0]], i64), Tensor([1, 200], ms.uint8), (5, 1))"),
    ("print_nan", "COOTensor(Tensor([[0, 0], [1, 0], [2, 0]], i64), Tensor([np.nan, np.inf, -np.inf], f32), (5, 1))"),
    ("print_complex", "COOTensor(Tensor([[0, 0], [1, 0]], i64), Tensor(np.array([1+2j, 3-1j], np.complex64)), (5, 1))"),
    ("print_12", "COOTensor(Tensor(np.stack([np.arange(12), np.zeros(12)], 1), i32), Tensor(np.arange(12), f32), "
                 "(12, 2))"),
    ("print_13", "COOTensor(Tensor(np.stack([np.arange(13), np.zeros(13)], 1), i32), Tensor(np.arange(13), f32), "
                 "(13, 2))"),
    ("print_big", "COOTensor(Tensor(np.stack([np.arange(40) % 5, np.arange(40) // 5], 1), i64), "
                  "Tensor(np.arange(40), f32), (5, 8))"),
    ("print_int_25", "CSRTensor(Tensor(np.arange(26)), Tensor(np.arange(25) % 3), Tensor(np.arange(25)), (25, 3))"),
    ("print_wide_values", "CSRTensor(Tensor([0, 1, 2]), Tensor([0, 1]), Tensor(np.arange(14).reshape(2, 7) * 1.), "
                          "(2, 3, 7))"),
    # ---- COOTensor methods and arithmetic -------------------------------------------------------
    ("coo_to_dense", "coo.to_dense()"),
    ("coo_to_dense_dup", "dup.to_dense()"),
    ("coo_to_csr", "coo.to_csr()"),
    ("coo_to_csr_unsorted", "unsorted.to_csr()"),
    ("coo_to_csr_int64", "coo64.to_csr()"),
    ("coo_astype", "coo.astype(f64)"),
    ("coo_astype_str", "coo.astype('float16')"),
    ("coo_abs", "COOTensor(coo.indices, Tensor([-1., 5.], f32), (3, 4)).abs()"),
    ("coo_neg", "-coo"),
    ("coo_add_dense", "coo + dense34"),
    ("coo_sub_dense", "coo - dense34"),
    ("coo_mul_dense", "coo * dense34"),
    ("coo_div_dense", "coo / dense34"),
    ("coo_add_coo", "coo64 + cooB"),
    ("coo_sub_coo", "coo64 - cooB"),
    ("coo_add_int32", "coo + coo"),
    ("coo_add_shape", "coo + Tensor(np.ones((2, 2), np.float32))"),
    ("coo_add_int", "coo + 1"),
    ("coo_mul_coo", "coo * coo"),
    ("coo_method_add", "coo64.add(cooB, Tensor(0.5))"),
    ("coo_method_add_big", "coo64.add(cooB, Tensor(2.5))"),
    ("coo_coalesce", "dup.coalesce()"),
    ("coo_coalesce_int32", "COOTensor(Tensor([[0, 1], [0, 1]], i32), Tensor([1., 2.]), (2, 2)).coalesce()"),
    ("coo_coalesce_intvals", "COOTensor(Tensor([[1, 1], [0, 1]], i64), Tensor([1, 2], i32), (2, 2)).coalesce()"),
    # ---- CSRTensor methods and arithmetic -------------------------------------------------------
    ("csr_to_dense", "csr.to_dense()"),
    ("csr_to_coo", "csr.to_coo()"),
    ("csr_astype", "csr.astype(f64)"),
    ("csr_abs", "CSRTensor(csr.indptr, csr.indices, -csr.values, csr.shape).abs()"),
    ("csr_neg", "-csr"),
    ("csr_sum1", "csr.sum(1)"),
    ("csr_sum_neg", "csr.sum(-1)"),
    ("csr_sum0", "csr.sum(0)"),
    ("csr_mv", "csr.mv(Tensor([[1.], [2.], [3.], [4.]], f32))"),
    ("csr_mv_int", "csr.mv(Tensor([[1], [1], [1], [1]]))"),
    ("csr_mv_1d", "csr.mv(Tensor([1., 1., 1., 1.], f32))"),
    ("csr_mv_list", "csr.mv([1., 1., 1., 1.])"),
    ("csr_mm", "csr.mm(Tensor(np.arange(8.).reshape(4, 2), f32))"),
    ("csr_mm_bad", "csr.mm(Tensor(np.ones((3, 2)), f32))"),
    ("csr_mm_list", "csr.mm([[1.]])"),
    ("csr_mul_scalar", "csr * 2"),
    ("csr_mul_tensor1", "csr * Tensor(2., f32)"),
    ("csr_mul_row", "csr * Tensor([[1, 2, 3, 4]])"),
    ("csr_mul_full", "csr * dense34"),
    ("csr_div_full", "csr / (dense34 + 1)"),
    ("csr_div_row", "csr / Tensor([[1., 2., 4., 8.]], f32)"),
    ("csr_div_scalar", "csr / 2"),
    ("csr_add_csr", "csr + csrB"),
    ("csr_sub_self", "csr - csr"),
    ("csr_add_dense", "csr + dense34"),
    ("csr_method_add", "csr.add(csrB, Tensor(1., f32), Tensor(2., f32))"),
    # ---- functional ops -------------------------------------------------------------------------
    ("op_csr2coo", "ops.csr2coo(Tensor([0, 2, 3, 5], i32), 5)"),
    ("op_coo2csr", "ops.coo2csr(Tensor([0, 0, 1, 2, 2], i32), 3)"),
    ("op_coo2csr_int64", "ops.coo2csr(Tensor([0, 0, 1], i64), 3)"),
    ("op_csr_to_coo", "ops.csr_to_coo(csr)"),
    ("op_csr_to_coo_bad", "ops.csr_to_coo(coo)"),
    ("op_csr_to_dense", "ops.csr_to_dense(csr)"),
    ("op_csr_to_dense_bad", "ops.csr_to_dense(coo)"),
    ("op_dense_to_sparse_coo", "ops.dense_to_sparse_coo(Tensor([[1., 0.], [-5., 0.]], f32))"),
    ("op_dense_to_sparse_csr", "ops.dense_to_sparse_csr(Tensor([[1., 0., 2.], [0., 0., 0.], [0., -5., 0.]], f32))"),
    ("op_dense_to_sparse_bad", "ops.dense_to_sparse_coo([[1., 0.]])"),
    ("op_dense_to_sparse_3d", "ops.dense_to_sparse_csr(Tensor(np.ones((2, 2, 2)), f32))"),
    ("op_coo_add", "ops.coo_add(coo64, cooB, Tensor(0., f32))"),
    ("op_coo_add_thresh", "ops.coo_add(coo64, cooB, Tensor(0.5, f32))"),
    ("op_coo_concat1", "ops.coo_concat((coo64, cooB), 1)"),
    ("op_coo_concat0", "ops.coo_concat([coo64, cooB], 0)"),
    ("op_coo_concat_one", "ops.coo_concat([coo64], 0)"),
    ("op_csr_add", "ops.csr_add(csr, csrB, Tensor(1., f32), Tensor(2., f32))"),
    ("op_csr_add_bad", "ops.csr_add(csr, coo, Tensor(1., f32), Tensor(2., f32))"),
    ("op_csr_add_bad_alpha", "ops.csr_add(csr, csrB, 1., Tensor(2., f32))"),
    ("op_csr_mv", "ops.csr_mv(csr, Tensor([[1.], [1.], [1.], [1.]], f32))"),
    ("op_csr_mul", "ops.csr_mul(csr, Tensor([[1., 2., 3., 4.]], f32))"),
    ("op_csr_div", "ops.csr_div(csr, Tensor([[1., 2., 3., 4.]], f32))"),
    ("op_csr_reduce_sum", "ops.csr_reduce_sum(csr, 1)"),
    ("op_csr_softmax", "ops.csr_softmax(csr, f32)"),
    ("op_csr_gather", "ops.csr_gather(csr.indptr, csr.indices, dense34, (3, 4))"),
    ("op_coalesce", "ops.coalesce(Tensor([[0, 0, 1], [1, 1, 2]], i64), Tensor([1., 5., 4.], f32), "
                    "Tensor([3, 3], i64))"),
    ("op_coo_get", "(ops.coo_tensor_get_indices(coo), ops.coo_tensor_get_values(coo), "
                   "ops.coo_tensor_get_dense_shape(coo))"),
    ("op_csr_get", "(ops.csr_tensor_get_indptr(csr), ops.csr_tensor_get_indices(csr), "
                   "ops.csr_tensor_get_values(csr), ops.csr_tensor_get_dense_shape(csr))"),
    ("op_coo_sin", "ops.coo_sin(coo64)"),
    ("op_coo_relu", "ops.coo_relu(coo64)"),
    ("op_coo_inv", "ops.coo_inv(coo64)"),
    ("op_coo_inv_int", "ops.coo_inv(COOTensor(Tensor([[0, 1], [1, 1]], i64), Tensor([2, 1], i32), (2, 2)))"),
    ("op_coo_isnan", "ops.coo_isnan(COOTensor(coo.indices, Tensor([np.nan, 1.], f32), (3, 4)))"),
    ("op_coo_sigmoid", "ops.coo_sigmoid(coo64)"),
    ("op_coo_bad", "ops.coo_exp(csr)"),
    ("op_csr_sqrt", "ops.csr_sqrt(csr)"),
    ("op_csr_log1p", "ops.csr_log1p(csr)"),
    ("op_csr_softsign", "ops.csr_softsign(-csr)"),
    ("op_csr_relu6", "ops.csr_relu6(csr)"),
    ("op_csr_round", "ops.csr_round(csr / 3)"),
    ("op_csr_bad", "ops.csr_tanh(coo)"),
    # ---- gradients --------------------------------------------------------------------------------
    ("grad_coo_to_dense", "ms.grad(lambda v: (COOTensor(coo.indices, v, (3, 4)).to_dense() * dense34).sum())"
                          "(Tensor([1., 2.], f32))"),
    ("grad_csr_to_dense", "ms.grad(lambda v: (CSRTensor(csr.indptr, csr.indices, v, (3, 4)).to_dense() "
                          "* dense34).sum())(csr.values)"),
    ("grad_csr_mv", "ms.grad(lambda v, d: (CSRTensor(csr.indptr, csr.indices, v, (3, 4)).mv(d) "
                    "* Tensor([[1.], [2.], [3.]], f32)).sum(), (0, 1))(csr.values, Tensor([[1.], [2.], [3.], [4.]], f32))"),
    ("grad_csr_sum", "ms.grad(lambda v: (CSRTensor(csr.indptr, csr.indices, v, (3, 4)).sum(1) ** 2).sum())"
                     "(csr.values)"),
    ("grad_coo_mul", "ms.grad(lambda v, d: (COOTensor(coo.indices, v, (3, 4)) * d).values.sum(), (0, 1))"
                     "(Tensor([1., 2.], f32), dense34)"),
    ("grad_coo_input", "ms.grad(lambda c: (c.to_dense() * 3).sum())(coo)"),
    ("grad_coo_input_all", "ops.GradOperation(get_all=True)(lambda c, x: (c.to_dense() * x).sum())"
                           "(coo, Tensor(np.ones((3, 4), np.float32)))"),
    ("grad_csr_input", "ms.grad(lambda s: (s.to_dense() * 3).sum())(csr)"),
    # ---- jit and Cells ----------------------------------------------------------------------------
    ("jit_coo_in_out", "jit_in_out(coo)"),
    ("jit_coo_return", "jit_return(coo)"),
    ("jit_csr_mv", "jit_mv(csr, Tensor([[1.], [1.], [1.], [1.]], f32))"),
    ("jit_make_coo", "jit_make(Tensor([1., 2.], f32))"),
    ("jit_grad", "ms.grad(lambda v: jit_dense_sum(COOTensor(coo.indices, v, (3, 4)), dense34))(Tensor([1., 2.], f32))"),
    ("jit_grad_csr", "ms.grad(lambda v, d: jit_mv(CSRTensor(csr.indptr, csr.indices, v, (3, 4)), d).sum(), (0, 1))"
                     "(csr.values, Tensor([[1.], [2.], [3.], [4.]], f32))"),
    ("cell_jit", "CellJit()(coo)"),
    ("cell_coo", "CellDense()(coo)"),
    ("cell_csr", "CellMm()(csr, Tensor(np.ones((4, 2)), f32))"),
]

CELLS = """
@ms.jit
def jit_in_out(c):
    return c.values * 2, c.to_dense()

@ms.jit
def jit_return(c):
    return c

@ms.jit
def jit_mv(s, d):
    return s.mv(d)

@ms.jit
def jit_make(v):
    return COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), v * 2, (3, 4)).to_dense()

@ms.jit
def jit_dense_sum(c, w):
    return (c.to_dense() * w).sum()

class CellJit(nn.Cell):
    @ms.jit
    def construct(self, c):
        return c.to_dense() + 1

class CellDense(nn.Cell):
    def construct(self, c):
        return c.to_dense() * 2

class CellMm(nn.Cell):
    def construct(self, s, d):
        return s.mm(d) + 1
"""


def describe(v):
    """What the tests compare: the repr and the class name of a result."""
    return {"repr": repr(v), "type": type(v).__name__}


def run_case(header, code, tmpdir, name):
    """Run one snippet from a real file (MindSpore's jit and grad read the source of functions)."""
    import importlib.util
    import os
    path = os.path.join(tmpdir, f"sparse_case_{name}.py")
    with open(path, "w") as f:
        f.write(header + SETUP + CELLS + "\n\ndef case():\n    return " + code + "\n")
    spec = importlib.util.spec_from_file_location(f"sparse_case_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # MindSpore's jit looks the module up by name
    try:
        spec.loader.exec_module(mod)
        return {"ok": describe(mod.case())}
    except Exception as e:  # noqa: BLE001 - the exception class and text are what is recorded
        return {"err": type(e).__name__, "msg": str(e).split("\n")[0]}


HEADER = """import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, nn, COOTensor, CSRTensor, RowTensor, SparseTensor
"""


def main(out_path):
    import mindspore as ms
    try:
        import decorator  # noqa: F401  (AKG, MindSpore's CPU kernel compiler, needs it)
    except ImportError:
        sys.exit("gen_sparse.py: put the 'decorator' package on PYTHONPATH (see the module docstring).")
    import tempfile
    ms.set_context(mode=ms.PYNATIVE_MODE)
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        out = {name: run_case(HEADER, code, tmp, name) for name, code in CASES}
    with open(out_path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1])
