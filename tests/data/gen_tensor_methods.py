"""Record MindSpore 2.10's Tensor methods (values, dtypes, errors, in-place effects, gradients).

Run with real MindSpore: ``~/msref/bin/python tests/data/gen_tensor_methods.py`` writes
``tests/data/ms_tensor_methods.json``. Inputs are written in a small JSON form that the test
decodes the same way: ``{"T": data, "dt": "float32"}`` a Tensor, ``{"D": "int32"}`` a dtype,
``{"tuple": [...]}`` a tuple. A case's ``mode`` is ``value`` (compare values), ``shape``
(random methods: shape and dtype, and ``range`` when given) or ``inplace`` (also the Tensor
after the call, and whether the method returned the Tensor itself).
"""
import json
import os
import sys

import numpy as np
import mindspore as ms

ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
HERE = os.path.dirname(os.path.abspath(__file__))


def T(data, dt="float32"):
    return {"T": data, "dt": dt}


def tup(*xs):
    return {"tuple": list(xs)}


A = T([[0.5, -1.2, 2.0], [3.0, 0.1, -0.7]])
A64 = T([[0.5, -1.2, 2.0], [3.0, 0.1, -0.7]], "float64")
B = T([[1.5, 0.2, -2.0], [1.0, 2.5, 0.3]])
P = T([[0.2, 0.5, 0.9], [0.3, 0.7, 0.4]])
G = T([[1.5, 2.0, 3.0], [1.2, 4.0, 2.5]])
I = T([[1, 2, 3], [4, 5, 6]], "int32")
J = T([[6, 4, 9], [8, 10, 3]], "int32")
V = T([3.0, -1.0, 2.0, 0.5])
SPD = T([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
SQ = T([[2.0, -1.0, 0.5], [0.3, 1.5, -0.4], [1.0, 0.2, 3.0]])
C = T([[1.0, -2.0], [0.5, 3.0]], "complex64")
BOOL = T([[True, False, True], [False, True, False]], "bool")
NAN = T([1.0, float("nan"), float("inf"), -float("inf"), -2.0])
B3 = T(np.arange(24, dtype=np.float32).reshape(2, 3, 4).tolist())
M34 = T(np.arange(12, dtype=np.float32).reshape(3, 4).tolist())
M42 = T((np.arange(8, dtype=np.float32).reshape(4, 2) / 4).tolist())
IDX = T([0, 2], "int32")
IDX64 = T([0, 2], "int64")

# (method, self, args, kwargs[, mode, extra])
CASES = [
    # elementwise unary
    *[(n, P, [], {}) for n in ["absolute", "acos", "arccos", "asin", "arcsin", "atan", "arctan", "atanh", "arctanh",
                                "asinh", "arcsinh", "cosh", "sinh", "tan", "erfc", "erfinv", "expm1", "log10", "log2",
                                "trunc", "frac", "sinc", "negative", "positive", "deg2rad", "rad2deg", "digamma", "lgamma",
                                "i0", "sgn", "signbit", "inv", "logit", "isneginf", "isposinf", "isreal", "msort",
                                "fliplr", "flipud", "t", "adjoint", "conj", "angle", "real", "imag", "argwhere",
                                "is_floating_point", "is_complex", "is_signed", "ndimension", "bfloat16", "byte", "short",
                                "float_power" if False else "exp_"]],
    *[(n, G, [], {}) for n in ["acosh", "arccosh"]],
    ("absolute", A, [], {}), ("sgn", A, [], {}), ("signbit", A, [], {}), ("trunc", A, [], {}), ("frac", A, [], {}),
    ("negative", I, [], {}), ("is_floating_point", I, [], {}), ("is_signed", T([1, 2], "uint8"), [], {}),
    ("is_complex", C, [], {}), ("conj", C, [], {}), ("angle", C, [], {}), ("real", C, [], {}), ("imag", C, [], {}),
    ("adjoint", C, [], {}), ("isreal", C, [], {}), ("sgn", C, [], {}), ("byte", G, [], {}), ("short", A, [], {}),
    ("logit", P, [0.25], {}), ("nan_to_num", NAN, [], {}), ("nan_to_num", NAN, [0.0, 9.0, -9.0], {}),
    ("bitwise_not", I, [], {}), ("invert", I, [], {}),
    ("hardshrink", A, [], {}), ("hardshrink", A, [0.6], {}), ("soft_shrink", A, [0.6], {}),
    # binary
    *[(n, A, [B], {}) for n in ["arctan2", "eq", "ne", "greater", "greater_equal", "less", "less_equal", "multiply",
                                "subtract", "divide", "logaddexp", "logaddexp2", "copysign", "fmax", "fmin", "hypot",
                                "nextafter", "xdivy", "xlogy", "heaviside", "logical_xor", "allclose", "isclose",
                                "approximate_equal", "float_power"]],
    ("float_power", A, [2], {}), ("subtract", A, [B], {"alpha": 2}), ("divide", A, [B], {"rounding_mode": "floor"}),
    ("divide", A, [B], {"rounding_mode": "trunc"}), ("multiply", A, [2.0], {}), ("xlogy", P, [B], {}),
    ("allclose", A, [A], {}), ("isclose", A, [A], {"rtol": 0.0, "atol": 0.5}),
    ("approximate_equal", A, [B], {"tolerance": 2.0}),
    *[(n, I, [J], {}) for n in ["bitwise_and", "bitwise_or", "bitwise_xor", "gcd", "lcm", "bitwise_left_shift",
                                "bitwise_right_shift"]],
    ("ldexp", A, [T([[1, 2, 3], [0, -1, 2]], "int32")], {}),
    ("igamma", G, [P], {}), ("igammac", G, [P], {}), ("mvlgamma", G, [1], {}),
    ("where", A, [T([[True, False, True], [False, True, True]], "bool"), B], {}),
    # matrix products
    ("mm", A, [T([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0]])], {}),
    ("bmm", B3, [T(np.ones((2, 4, 2), np.float32).tolist())], {}),
    ("dot", V, [T([1.0, 2.0, 3.0, 4.0])], {}), ("dot", A, [T([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0]])], {}),
    ("inner", A, [B], {}), ("ger", V, [T([1.0, 2.0])], {}),
    ("addbmm", T([[1.0, 2.0], [3.0, 4.0], [0.5, 0.5]]), [B3, T(np.ones((2, 4, 2), np.float32).tolist())],
     {"beta": 0.5, "alpha": 2}),
    ("baddbmm", T(np.ones((2, 3, 2), np.float32).tolist()), [B3, T(np.ones((2, 4, 2), np.float32).tolist())],
     {"beta": 0.5, "alpha": 2}),
    ("addmv", T([1.0, 2.0, 3.0]), [M34, V], {"beta": 2, "alpha": 0.5}),
    ("addr", T(np.ones((4, 2), np.float32).tolist()), [V, T([1.0, 2.0])], {}),
    ("addr", T(np.ones((4, 2), np.float32).tolist()), [V, T([1.0, 2.0])], {"beta": 2, "alpha": 3}),
    ("addcdiv", A, [B, G], {"value": 0.5}), ("addcmul", A, [B, G], {"value": 0.5}), ("addcmul", A, [B, G], {}),
    ("cross", T([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), [B], {"dim": 1}),
    # linear algebra
    ("cholesky", SPD, [], {}), ("cholesky", SPD, [True], {}), ("cholesky_inverse", SPD, [], {}),
    ("cholesky_solve", T([[1.0], [2.0], [3.0]]), [T([[2.0, 0.0, 0.0], [0.5, 1.5, 0.0], [0.2, 0.1, 1.0]])], {}),
    ("det", SQ, [], {}), ("matrix_determinant", SQ, [], {}), ("log_matrix_determinant", SQ, [], {}),
    ("logdet", SPD, [], {}), ("slogdet", SQ, [], {}), ("inverse", SQ, [], {}), ("matrix_power", SQ, [3], {}),
    ("eigvals", SPD, [], {}), ("svd", SQ, [], {"compute_uv": False}), ("qr", SQ, [], {}), ("geqrf", SQ, [], {}),
    ("lu_solve", T([[1.0], [2.0], [3.0]]), [T([[4.0, 1.0, 0.5], [0.25, 2.75, 0.075], [0.125, 0.0273, 1.9]]),
                                           T([1, 2, 3], "int32")], {}),
    ("triangular_solve", T([[1.0], [2.0], [3.0]]), [T([[2.0, 1.0, 0.5], [0.0, 1.5, 0.4], [0.0, 0.0, 1.0]])], {}),
    ("lstsq", T([[1.0], [2.0], [3.0]]), [SQ], {}),
    ("trace", SQ, [], {}), ("trace", M34, [], {"offset": 1}),
    ("diag", V, [], {}), ("diag", V, [1], {}), ("diagflat", V, [], {}), ("diagflat", V, [-1], {}),
    ("diagonal", M34, [], {}), ("diagonal", B3, [1, 1, 2], {}),
    ("diagonal_scatter", T(np.zeros((3, 3), np.float32).tolist()), [T([1.0, 2.0, 3.0])], {}),
    ("fill_diagonal", T(np.zeros((3, 4), np.float32).tolist()), [5.0], {}),
    ("fill_diagonal", T(np.zeros((7, 3), np.float32).tolist()), [5.0], {"wrap": True}),
    ("tril", M34, [], {}), ("tril", M34, [1], {}), ("triu", M34, [], {}), ("triu", M34, [-1], {}),
    ("renorm", A, [2, 0, 1.0], {}), ("orgqr", T([[2.0, 1.0], [0.5, 1.0], [0.3, 0.2]]), [T([1.2, 0.5])], {}),
    # reductions, scans, stats
    ("amax", A, [], {}), ("amax", A, [1], {}), ("amax", A, [0, True], {}), ("amin", A, [], {}), ("amin", A, [1], {}),
    ("aminmax", A, [], {}), ("aminmax", A, [], {"axis": 1, "keepdims": True}),
    ("argmax_with_value", A, [], {}), ("argmax_with_value", A, [1, True], {}), ("argmin_with_value", A, [1], {}),
    ("count_nonzero", T([[0, 1, 2], [0, 0, 3]], "int32"), [], {}),
    ("count_nonzero", T([[0, 1, 2], [0, 0, 3]], "int32"), [1], {}),
    ("count_nonzero", T([[0, 1, 2], [0, 0, 3]], "int32"), [], {"axis": 1, "keep_dims": True}),
    ("cummax", A, [1], {}), ("cummin", A, [1], {}), ("cumprod", A, [1], {}), ("cumprod", I, [0], {}),
    ("logcumsumexp", A, [1], {}),
    ("median", A, [], {}), ("median", A, [], {"axis": 1}), ("median", A, [0, True], {}),
    ("nanmedian", NAN, [], {}), ("nanmean", NAN, [], {}), ("nansum", NAN, [], {}), ("nansum", A, [1], {}),
    ("nanquantile", NAN, [0.5], {}), ("quantile", A, [0.25], {"axis": 1}),
    ("ptp", A, [], {}), ("ptp", A, [1], {}), ("ptp", A, [], {"axis": 0, "keepdims": True}),
    ("kthvalue", A, [2], {}), ("kthvalue", A, [1], {"dim": 0, "keepdim": True}),
    ("cov", A, [], {}), ("histc", T([1.0, 2.0, 1.0, 4.0]), [], {"bins": 4, "min": 0, "max": 3}),
    ("bincount", T([0, 1, 1, 3], "int32"), [], {}), ("bincount", T([0, 1, 1, 3], "int32"), [], {"minlength": 6}),
    ("diff", V, [], {}), ("diff", A, [1, 0], {}),
    # shape and indexing
    ("expand", T([[1.0], [2.0]]), [2, 3], {}), ("expand", T([[1.0], [2.0]]), [tup(2, 3)], {}),
    ("reshape_as", A, [T(np.zeros((3, 2), np.float32).tolist())], {}),
    ("view_as", A, [T(np.zeros((3, 2), np.float32).tolist())], {}),
    ("type_as", A, [I], {}), ("type", A, [], {}), ("type", A, [{"D": "int32"}], {}),
    ("moveaxis", B3, [0, 2], {}), ("movedim", B3, [2, 0], {}), ("swapdims", B3, [0, 1], {}),
    ("reverse", A, [[1]], {}), ("rot90", M34, [1, [0, 1]], {}),
    ("dsplit", T(np.arange(8, dtype=np.float32).reshape(1, 2, 4).tolist()), [2], {}),
    ("hsplit", M34, [2], {}), ("vsplit", M34, [[1]], {}),
    ("tensor_split", V, [3], {}), ("tensor_split", M34, [[1, 3]], {"axis": 1}),
    ("unbind", A, [], {}), ("unbind", A, [1], {}),
    ("index_select", A, [1, IDX], {}), ("masked_select", A, [BOOL], {}),
    ("gather_nd", A, [T([[0, 1], [1, 2]], "int32")], {}),
    ("take", A, [T([0, 4, 5], "int64")], {}), ("take", A, [T([[0, 4]], "int64")], {"axis": 1, "mode": "wrap"}),
    ("take", A, [T([-1, 7], "int64")], {}), ("take", A, [T([1], "int64")], {"mode": "bad"}),
    ("searchsorted", T([1.0, 2.0]), [T([1.5])], {"side": "middle"}),
    ("repeat_interleave", A, [2], {}), ("repeat_interleave", A, [2, 1], {}),
    ("choose", T([0, 1, 2, 1], "int32"), [[V, T([10.0, 20.0, 30.0, 40.0]), T([-1.0, -2.0, -3.0, -4.0])]], {}),
    ("searchsorted", T([1.0, 2.0, 3.0, 4.0]), [T([2.5, 0.0, 4.0])], {}),
    ("searchsorted", T([1.0, 2.0, 3.0, 4.0]), [T([2.5, 0.0, 4.0])], {"side": "right"}),
    ("top_k", A, [2], {}), ("unique", T([3, 1, 3, 2], "int32"), [], {}),
    ("unique", T([3, 1, 3, 2], "int32"), [], {"return_inverse": True, "return_counts": True}),
    ("unique_consecutive", T([1, 1, 2, 2, 3, 1], "int32"), [], {"return_counts": True}),
    ("unique_with_pad", T([1, 1, 2, 5, 5, 3], "int32"), [0], {}),
    ("index_add", A, [IDX, T([[1.0, 1.0], [2.0, 2.0]]), 1], {}),
    ("index_fill", A, [1, IDX, -1.0], {}),
    ("index_put", A, [tup(T([0, 1], "int32"), T([2, 0], "int32")), T([9.0, 8.0])], {}),
    ("index_put", A, [tup(T([0, 1], "int32"), T([2, 0], "int32")), T([9.0, 8.0])], {"accumulate": True}),
    ("inplace_update", A, [T([[7.0, 7.0, 7.0]]), T([1], "int32")], {}),
    ("masked_scatter", A, [BOOL, T([10.0, 20.0, 30.0, 40.0, 50.0, 60.0])], {}),
    ("scatter", A, [1, T([[0], [2]], "int64"), T([[9.0], [8.0]])], {}),
    ("scatter_add", A, [1, T([[0, 0], [2, 2]], "int64"), T([[1.0, 1.0], [2.0, 2.0]])], {}),
    *[(n, A, [T([[1]], "int32"), T([[2.0, 2.0, 2.0]])], {}) for n in ["scatter_sub", "scatter_mul", "scatter_div",
                                                                          "scatter_max", "scatter_min"]],
    ("select_scatter", A, [T([5.0, 6.0]), 1, 0], {}),
    ("slice_scatter", M34, [T(np.ones((3, 2), np.float32).tolist())], {"axis": 1, "start": 1, "end": 3}),
    ("reverse_sequence", M34, [T([1, 2, 3], "int32")], {"seq_dim": 1}),
    ("unsorted_segment_max", A, [T([0, 0], "int32"), 2], {}),
    ("unsorted_segment_min", A, [T([0, 1], "int32"), 2], {}),
    ("unsorted_segment_prod", A, [T([1, 1], "int32"), 2], {}),
    ("sum_to_size", A, [1, 3], {}), ("sum_to_size", A, [tup(2, 1)], {}),
    ("new_zeros", A, [tup(2, 2)], {}), ("new_ones", A, [[3]], {"dtype": {"D": "int32"}}),
    ("new_full", I, [tup(2,), 7], {}), ("new_empty", A, [tup(2, 3)], {}, "shape"),
    ("fill", A, [2.5], {}), ("fills", A, [2.5], {}),
    ("fold", T(np.arange(16, dtype=np.float32).reshape(1, 4, 4).tolist()), [T([3, 3], "int32"), [2, 2]], {}),
    ("unfold", T(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4).tolist()), [2], {}),
    ("col2im", T(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4).tolist()),
     [T([3, 3], "int32"), [2, 2], [1, 1], [0, 0], [1, 1]], {}),
    ("resize", A, [3, 2], {}), ("resize", A, [4], {}),
    ("itemset", A, [1, 9.0], {}, "inplace"),
    ("storage_offset", A, [], {}), ("stride", A, [], {}), ("stride", A, [1], {}),
    ("ndimension", B3, [], {}),
    ("value", A, [], {}),
    ("random_categorical", A, [3], {}, "shape"),
    # storage and interchange helpers
    ("get_bytes", A, [], {}), ("get_bytes", I, [], {}), ("to_coo", T([[0.0, 1.0], [2.0, 0.0]]), [], {}),
    ("to_csr", T([[0.0, 1.0], [2.0, 0.0]]), [], {}), ("is_pinned", A, [], {}), ("is_shared", A, [], {}),
    ("set_const_arg", A, [], {}, "inplace"), ("wait_pipeline", A, [], {}),
    ("assign_value_cpp", A, [B], {}, "inplace"), ("assign_value", A, [B], {}, "inplace"),
    # random
    ("bernoulli", P, [], {}, "shape", {"range": [0, 1]}), ("multinomial", P, [2, False], {}, "shape"),
    ("uniform", A, [], {}, "shape", {"range": [0, 1]}),
    ("cauchy", A, [], {}, "shape"), ("log_normal", A, [], {}, "shape", {"range": [0, 1e30]}),
    # in-place
    ("add_", A, [B], {}, "inplace"), ("add_", A, [B], {"alpha": 2}, "inplace"), ("add_", A, [1.5], {}, "inplace"),
    ("sub_", A, [B], {}, "inplace"), ("sub_", A, [B], {"alpha": 0.5}, "inplace"),
    ("mul_", A, [B], {}, "inplace"), ("mul_", I, [2], {}, "inplace"),
    ("div_", A, [B], {}, "inplace"), ("div_", A, [B], {"rounding_mode": "floor"}, "inplace"),
    ("floor_divide_", A, [B], {}, "inplace"), ("remainder_", A, [B], {}, "inplace"),
    ("copy_", A, [B], {}, "inplace"), ("copy_", A, [T([1.0, 2.0, 3.0])], {}, "inplace"),
    ("copy_", A, [I], {}, "inplace"),
    ("clamp_", A, [-0.5, 1.0], {}, "inplace"), ("clamp_", A, [], {"max": 0.0}, "inplace"),
    ("exp_", A, [], {}, "inplace"), ("log_", G, [], {}, "inplace"), ("floor_", A, [], {}, "inplace"),
    ("sigmoid_", A, [], {}, "inplace"), ("tanh_", A, [], {}, "inplace"), ("sign_", A, [], {}, "inplace"),
    ("erfinv_", P, [], {}, "inplace"),
    ("masked_fill_", A, [BOOL, -5.0], {}, "inplace"),
    ("masked_scatter_", A, [BOOL, T([10.0, 20.0, 30.0, 40.0, 50.0, 60.0])], {}, "inplace"),
    ("index_fill_", A, [1, IDX64, -1.0], {}, "inplace"),
    ("index_add_", A, [1, IDX64, T([[1.0, 1.0], [2.0, 2.0]])], {"alpha": 2}, "inplace"),
    ("index_copy_", A, [1, IDX64, T([[1.0, 1.0], [2.0, 2.0]])], {}, "inplace"),
    ("index_put_", A, [tup(T([0, 1], "int64"), T([2, 0], "int64")), T([9.0, 8.0])], {}, "inplace"),
    ("index_put_", A, [tup(T([0, 1], "int64"), T([2, 0], "int64")), T([9.0, 8.0])], {"accumulate": True},
     "inplace"),
    ("put_", A, [T([0, 5], "int64"), T([9.0, 8.0])], {}, "inplace"),
    ("put_", A, [T([0, 5], "int64"), T([9.0, 8.0])], {"accumulate": True}, "inplace"),
    ("scatter_", A, [1, T([[0], [2]], "int64"), T([[9.0], [8.0]])], {}, "inplace"),
    ("scatter_", A, [1, T([[0], [2]], "int64"), 4.0], {}, "inplace"),
    ("scatter_", A, [1, T([[0], [2]], "int64"), T([[9.0], [8.0]])], {"reduce": "add"}, "inplace"),
    ("scatter_add_", A, [1, T([[0, 0], [2, 2]], "int64"), T([[1.0, 1.0], [2.0, 2.0]])], {}, "inplace"),
    ("fill_diagonal_", T(np.zeros((3, 3), np.float32).tolist()), [2.0], {}, "inplace"),
    ("addmm_", T(np.ones((2, 2), np.float32).tolist()), [A, T(np.ones((3, 2), np.float32).tolist())],
     {"beta": 0.5, "alpha": 2}, "inplace"),
    ("requires_grad_", A, [], {}, "inplace"),
    ("uniform_", A, [], {}, "inplace_shape", {"range": [0, 1]}),
    ("uniform_", A, [-2, -1], {}, "inplace_shape", {"range": [-2, -1]}),
    ("normal_", A, [], {}, "inplace_shape"),
    ("exponential_", A, [], {}, "inplace_shape", {"range": [0, 1e30]}),
    ("random_", A, [0, 5], {}, "inplace_shape", {"range": [0, 4]}),
    ("bernoulli_", A, [0.5], {}, "inplace_shape", {"range": [0, 1]}),
    ("cauchy", A, [], {}, "inplace_shape"),
    # bad arguments
    ("tril", M34, [1.5], {}), ("fill_diagonal", V, [1.0], {}), ("angle", A, [], {}), ("index_select", A, [1, T([[0]], "int32")], {}), ("new_zeros", A, ["a"], {}),
    ("add_", I, [1.5], {}, "inplace"), ("expand", A, [3, 3], {}), ("sum_to_size", A, [4], {}),
    ("copy_", A, [T([1.0, 2.0])], {}, "inplace"), ("fill_diagonal_", V, [1.0], {}, "inplace"),
]

DT = {"float16": ms.float16, "float32": ms.float32, "float64": ms.float64, "int8": ms.int8, "int16": ms.int16,
      "int32": ms.int32, "int64": ms.int64, "uint8": ms.uint8, "bool": ms.bool_, "complex64": ms.complex64,
      "bfloat16": ms.bfloat16}


def dec(x):
    if isinstance(x, dict):
        if "T" in x:
            return ms.Tensor(np.array(x["T"]), DT[x["dt"]]) if x["dt"] != "complex64" else ms.Tensor(
                np.array(x["T"], np.complex64))
        if "D" in x:
            return DT[x["D"]]
        if "tuple" in x:
            return tuple(dec(v) for v in x["tuple"])
    if isinstance(x, list):
        return [dec(v) for v in x]
    return x


def enc(x):
    if isinstance(x, ms.Tensor):
        a = x.asnumpy()
        if x.dtype == ms.bfloat16:
            a = x.float().asnumpy()
        out = {"dt": str(x.dtype), "shape": list(a.shape)}
        if np.iscomplexobj(a):
            out["T"], out["Ti"] = a.real.tolist(), a.imag.tolist()
        else:
            out["T"] = np.where(np.isnan(a), 0, a).tolist() if a.dtype.kind == "f" else a.tolist()
            if a.dtype.kind == "f" and np.isnan(a).any():
                out["nan"] = np.isnan(a).tolist()
        return out
    if isinstance(x, (tuple, list)):
        return {"seq": [enc(v) for v in x], "kind": type(x).__name__}
    if isinstance(x, ms.dtype.Type):
        return {"D": str(x)}
    if isinstance(x, bytes):
        return {"bytes": x.hex()}
    if isinstance(x, ms.COOTensor):
        return {"coo": [enc(x.indices), enc(x.values), list(x.shape)]}
    if isinstance(x, ms.CSRTensor):
        return {"csr": [enc(x.indptr), enc(x.indices), enc(x.values), list(x.shape)]}
    if isinstance(x, (bool, int, float, str)) or x is None:
        return x
    return {"repr": repr(x)}


def _np(x):
    return x.asnumpy()


MS_T = ms.Tensor
# For methods whose kernel MindSpore 2.10 registers only for Ascend ("kernel ... unregistered" on CPU),
# the expected values come from the out-of-place MindSpore op named in "via" (or numpy where MindSpore has
# no CPU path at all); the error MindSpore raises on CPU is kept in "cpu_error".
REFS = {
    "bitwise_not": ("ops.invert", lambda x: ms.ops.invert(x)),
    "fmin": ("numpy.fmin", lambda x, o: MS_T(np.fmin(_np(x), _np(o)))),
    "addcdiv": ("ops.addcdiv", lambda x, a, b, value=1: ms.ops.addcdiv(x, a, b, MS_T(value, x.dtype))),
    "eigvals": ("ops.eigvals", lambda x: ms.ops.eigvals(x)),
    "triangular_solve": ("numpy.linalg.solve of triu(A)", lambda x, A: (
        MS_T(np.linalg.solve(np.triu(_np(A)), _np(x)).astype(np.float32)), A)),
    "quantile": ("numpy.quantile", lambda x, q, axis=None, keepdims=False: MS_T(np.quantile(_np(x), q, axis=axis,
                                                                                               keepdims=keepdims), x.dtype)),
    "nanquantile": ("numpy.nanquantile", lambda x, q, axis=None, keepdims=False: MS_T(np.nanquantile(
        _np(x), q, axis=axis, keepdims=keepdims), x.dtype)),
    "kthvalue": ("numpy.sort", lambda x, k, dim=-1, keepdim=False: (
        MS_T(np.take(np.sort(_np(x), dim), [k - 1], dim) if keepdim else np.take(np.sort(_np(x), dim), k - 1, dim)),
        MS_T((np.take(np.argsort(_np(x), dim, kind="stable"), [k - 1], dim) if keepdim else np.take(
            np.argsort(_np(x), dim, kind="stable"), k - 1, dim)).astype(np.int64)))),
    "unique": ("numpy.unique", lambda x, sorted=True, return_inverse=False, return_counts=False, dim=None: (
        lambda r: MS_T(r) if not isinstance(r, tuple) else tuple(MS_T(v if i == 0 else v.astype(np.int64))
                                                                 for i, v in enumerate(r)))(
        np.unique(_np(x), return_inverse=return_inverse, return_counts=return_counts))),
    "unique_consecutive": ("ops.unique_consecutive", lambda x, return_inverse=False, return_counts=False, dim=None:
                           _uc(_np(x), return_inverse, return_counts)),
    "scatter_add": ("ops.tensor_scatter_elements(reduction='add')", lambda x, d, i, s:
                    ms.ops.tensor_scatter_elements(x, i, s, axis=d, reduction="add")),
    "new_full": ("ops.full", lambda x, size, v, dtype=None: ms.ops.full(size, v, dtype=dtype or x.dtype)),
    "fills": ("ops.full_like", lambda x, v: ms.ops.full_like(x, v)),
    "clamp_": ("Tensor.clamp", lambda x, *a, **k: x.clamp(*a, **k)),
    "log_": ("Tensor.log", lambda x: x.log()), "floor_": ("Tensor.floor", lambda x: x.floor()),
    "sigmoid_": ("Tensor.sigmoid", lambda x: x.sigmoid()), "tanh_": ("Tensor.tanh", lambda x: x.tanh()),
    "sign_": ("Tensor.sign", lambda x: x.sign()), "erfinv_": ("Tensor.erfinv", lambda x: x.erfinv()),
    "masked_fill_": ("Tensor.masked_fill", lambda x, m, v: x.masked_fill(m, v)),
    "masked_scatter_": ("Tensor.masked_scatter", lambda x, m, s: x.masked_scatter(m, s)),
    "index_fill_": ("ops.index_fill", lambda x, d, i, v: ms.ops.index_fill(x, d, i.astype(ms.int32), v)),
    "index_add_": ("Tensor.index_add + mul", lambda x, d, i, s, alpha=1: ms.ops.index_add(
        x, i.astype(ms.int32), s * alpha, d)),
    "index_copy_": ("numpy", lambda x, d, i, s: MS_T(_index_copy(_np(x), d, _np(i), _np(s)))),
    "index_put_": ("Tensor.index_put", lambda x, i, v, accumulate=False: x.index_put(i, v, accumulate)),
    "put_": ("numpy", lambda x, i, s, accumulate=False: MS_T(_put(_np(x), _np(i), _np(s), accumulate))),
    "scatter_": ("Tensor.scatter / ops.tensor_scatter_elements", lambda x, d, i, s, reduce=None: (
        ms.ops.tensor_scatter_elements(x, i, s if isinstance(s, MS_T) else ms.ops.full(i.shape, s, dtype=x.dtype),
                                       axis=d, reduction=reduce or "none"))),
    "scatter_add_": ("ops.tensor_scatter_elements(reduction='add')", lambda x, d, i, s:
                     ms.ops.tensor_scatter_elements(x, i, s, axis=d, reduction="add")),
    "fill_diagonal_": ("Tensor.fill_diagonal", lambda x, v, wrap=False: x.fill_diagonal(v, wrap)),
    "addmm_": ("Tensor.addmm", lambda x, a, b, beta=1, alpha=1: x.addmm(a, b, beta=beta, alpha=alpha)),
    "bernoulli": ("same shape and dtype as self", lambda x, *a, **k: x.copy()),
    "uniform": ("same shape and dtype as self", lambda x, *a, **k: x.copy()),
    "exponential_": ("same shape and dtype as self", lambda x, *a, **k: x.copy()),
    "bernoulli_": ("same shape and dtype as self", lambda x, *a, **k: x.copy()),
    "cauchy": ("same shape and dtype as self", lambda x, *a, **k: x.copy()),
    "normal_": ("same shape and dtype as self", lambda x, *a, **k: x.copy()),
    "random_": ("same shape and dtype as self", lambda x, *a, **k: x.copy()),
    "uniform_": ("same shape and dtype as self", lambda x, *a, **k: x.copy()),
}


def _uc(a, ri, rc):
    keep = np.concatenate([[True], a[1:] != a[:-1]])
    out = [MS_T(a[keep])]
    if ri:
        out.append(MS_T((np.cumsum(keep) - 1).astype(np.int64)))
    if rc:
        out.append(MS_T(np.diff(np.append(np.nonzero(keep)[0], a.size)).astype(np.int64)))
    return tuple(out) if len(out) > 1 else out[0]


def _index_copy(a, d, i, s):
    a = a.copy()
    idx = [slice(None)] * a.ndim
    idx[d] = i
    a[tuple(idx)] = s
    return a


def _put(a, i, s, acc):
    a = a.copy()
    if acc:
        np.add.at(a.reshape(-1), i, s)
    else:
        a.reshape(-1)[i] = s
    return a


def record(case):
    name, self_, args, kwargs = case[:4]
    mode = case[4] if len(case) > 4 else "value"
    extra = case[5] if len(case) > 5 else {}
    row = {"method": name, "self": self_, "args": args, "kwargs": kwargs, "mode": mode, **extra}
    x = dec(self_)
    try:
        out = getattr(x, name)(*dec(args), **{k: dec(v) for k, v in kwargs.items()})
        res = {}
        if mode.startswith("inplace"):
            res["is_self"] = out is x
            res["after"] = {"dt": str(x.dtype), "shape": list(x.shape)} if mode == "inplace_shape" else enc(x)
        res["out"] = {"dt": str(out.dtype), "shape": list(out.shape)} if mode.endswith("shape") and isinstance(
            out, ms.Tensor) else enc(out)
    except Exception as e:  # noqa: BLE001 - the class and message are what is recorded
        err = [type(e).__name__, str(e).split("\n")[0][:300]]
        ref = REFS.get(name)
        bad_arg = isinstance(e, (TypeError, ValueError)) and name != "eigvals" and "should not come" not in str(e)
        if ref is None or bad_arg:
            row["error"] = err
            return row
        row["cpu_error"], row["via"] = err, ref[0]
        try:
            out = ref[1](dec(self_), *dec(args), **{k: dec(v) for k, v in kwargs.items()})
        except Exception as e2:  # noqa: BLE001
            row["error"] = [type(e2).__name__, str(e2).split("\n")[0][:300]]
            return row
        res = {}
        if mode.startswith("inplace"):
            res["is_self"] = True
            res["after"] = {"dt": str(out.dtype), "shape": list(out.shape)} if mode == "inplace_shape" else enc(out)
        res["out"] = {"dt": str(out.dtype), "shape": list(out.shape)} if mode.endswith("shape") and isinstance(
            out, ms.Tensor) else enc(out)
    row.update(res)
    return row


def grads():
    """Gradients through in-place methods (PyNative), each w.r.t. both inputs."""
    out = []
    a = np.array([[0.5, -1.2, 2.0], [3.0, 0.1, -0.7]], np.float32)
    b = np.array([[1.5, 0.2, -2.0], [1.0, 2.5, 0.3]], np.float32)
    mask = ms.Tensor(np.array([[True, False, True], [False, True, False]]))
    fns = {
        "add_": lambda x, y: (x * 2).add_(y, alpha=3),
        "sub_": lambda x, y: (x * 2).sub_(y),
        "mul_": lambda x, y: (x * 1).mul_(y),
        "div_": lambda x, y: (x * 1).div_(y),
        "copy_": lambda x, y: (x * 2).copy_(y * 3),
        "clamp_": lambda x, y: (x * y).clamp_(-0.5, 1.0),
        "exp_": lambda x, y: (x * y).exp_(),
        "sigmoid_": lambda x, y: (x + y).sigmoid_(),
        "tanh_": lambda x, y: (x + y).tanh_(),
        "masked_fill_": lambda x, y: (x * y).masked_fill_(mask, 2.0),
        "index_add_": lambda x, y: (x * 1).index_add_(1, ms.Tensor([0, 2]), y[:, :2] * 2),
        "zero_": lambda x, y: (x * y).zero_() + x,
        "fill_": lambda x, y: (x * y).fill_(1.5) * y,
        "index_fill_": lambda x, y: (x * y).index_fill_(1, ms.Tensor([0, 2]), -1.0),
        "scatter_": lambda x, y: (x * 1).scatter_(1, ms.Tensor([[0], [2]]), y[:, :1]),
        "index_put_": lambda x, y: (x * 1).index_put_((ms.Tensor([0, 1]), ms.Tensor([2, 0])), y[0, :2]),
    }
    # the same computations written with out-of-place ops, for kernels MindSpore has only on Ascend
    equiv = {
        "clamp_": lambda x, y: (x * y).clamp(-0.5, 1.0),
        "sigmoid_": lambda x, y: (x + y).sigmoid(),
        "tanh_": lambda x, y: (x + y).tanh(),
        "masked_fill_": lambda x, y: (x * y).masked_fill(mask, 2.0),
        "index_add_": lambda x, y: ms.ops.index_add(x * 1, ms.Tensor([0, 2], ms.int32), y[:, :2] * 2, 1),
        "zero_": lambda x, y: ms.ops.zeros_like(x * y) + x,
        "fill_": lambda x, y: ms.ops.full_like(x * y, 1.5) * y,
        "index_fill_": lambda x, y: ms.ops.index_fill(x * y, 1, ms.Tensor([0, 2], ms.int32), -1.0),
        "scatter_": lambda x, y: ms.ops.tensor_scatter_elements(x * 1, ms.Tensor([[0], [2]]), y[:, :1], axis=1),
        "index_put_": lambda x, y: (x * 1).index_put((ms.Tensor([0, 1]), ms.Tensor([2, 0])), y[0, :2]),
    }
    for name, fn in fns.items():
        def loss(x, y, fn=fn):
            return (fn(x, y) * ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))).sum()
        row = {"method": name}
        try:
            gx, gy = ms.grad(loss, grad_position=(0, 1))(ms.Tensor(a), ms.Tensor(b))
        except Exception as e:  # noqa: BLE001
            row["cpu_error"] = [type(e).__name__, str(e).split("\n")[0][:300]]
            row["via"] = "the same loss with out-of-place ops"

            def loss2(x, y, fn=equiv[name]):
                return (fn(x, y) * ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))).sum()
            gx, gy = ms.grad(loss2, grad_position=(0, 1))(ms.Tensor(a), ms.Tensor(b))
        row.update(gx=gx.asnumpy().tolist(), gy=gy.asnumpy().tolist())
        out.append(row)
    return out


def jit_cases():
    """In-place methods seen under ms.jit and inside a Cell's construct (on a Parameter)."""
    res = {}

    @ms.jit
    def f(x, y):
        z = x * 1
        z.add_(y)
        z.mul_(2)
        return z
    a = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    res["jit_add_mul"] = f(a, ms.Tensor(np.array([0.5, 0.5, 0.5], np.float32))).asnumpy().tolist()

    @ms.jit
    def g(x):
        x.add_(1)
        return x * 2
    b = ms.Tensor(np.array([1.0], np.float32))
    o1 = g(b).asnumpy().tolist()
    v1 = b.asnumpy().tolist()
    o2 = g(b).asnumpy().tolist()
    res["jit_arg"] = [o1, v1, o2, b.asnumpy().tolist()]

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="p")

        def construct(self, x):
            self.p.add_(x)
            return self.p * 2

    for mode, key in ((ms.PYNATIVE_MODE, "cell_pynative"), (ms.GRAPH_MODE, "cell_graph")):
        ms.set_context(mode=mode)
        net = Net()
        o1 = net(ms.Tensor(np.array([1.0, 1.0, 1.0], np.float32))).asnumpy().tolist()
        o2 = net(ms.Tensor(np.array([1.0, 1.0, 1.0], np.float32))).asnumpy().tolist()
        res[key] = {"out1": o1, "out2": o2, "param": net.p.asnumpy().tolist()}
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return res


def attrs():
    """Attributes and round trips that are not method calls."""
    x = ms.Tensor(np.array([[0.5, -1.2, 2.0], [3.0, 0.1, -0.7]], np.float32))
    y = ms.Tensor.convert_bytes_to_tensor(x.get_bytes(), (2, 3), ms.float32)
    h = x.register_hook(lambda g: g)
    z = ms.Tensor([1.0])
    flags = [z.init, z.init_flag, z.init_finished, z.is_init()]
    z.set_init_flag(True)
    flags += [z.init_flag, z.is_init()]
    errs = []
    for to, blocking in (("GPU", True), ("XPU", True), ("CPU", 1)):
        try:
            z.move_to(to, blocking)
        except Exception as e:  # noqa: BLE001
            errs.append([type(e).__name__, str(e).split("\n")[0]])
    return {"flags": flags, "move_to_errors": errs, "move_to_cpu": enc(x.move_to("CPU")),"is_meta": x.is_meta, "device": x.device, "const_arg": x.const_arg,
            "const_arg_after_set": x.set_const_arg().const_arg, "hooks_len": len(x.hooks()),
            "convert_bytes": enc(ms.Tensor(y.asnumpy())), "dlpack": enc(ms.Tensor.from_dlpack(x.to_dlpack())),
            "data_ptr_is_int": isinstance(x.data_ptr(), int), "handle": type(h).__name__}


def main():
    rows = [record(c) for c in CASES]
    data = {"cases": rows, "grads": grads(), "jit": jit_cases(), "attrs": attrs()}
    with open(os.path.join(HERE, "ms_tensor_methods.json"), "w") as f:
        json.dump(data, f, indent=None, separators=(",", ":"))
    bad = [r for r in rows if "error" in r]
    print(len(rows), "cases,", len(bad), "raise", file=sys.stderr)
    for r in bad:
        print(" ", r["method"], r["args"] if len(str(r["args"])) < 60 else "...", r["error"], file=sys.stderr)


if __name__ == "__main__":
    main()
