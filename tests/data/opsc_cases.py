"""Calls whose results MindSpore's tests/st/ops (top level, dynamic_shape, dynamic_sequence, ascend)
check: shared by tests/data/gen_opsc.py (records MindSpore 2.10) and tests/ops/test_opsc_fixes.py.
Import after `mindspore` resolves to the framework under test."""
import numpy as np
import mindspore as ms
from mindspore import Tensor as T, mint, ops

X3 = (np.arange(24).reshape(2, 3, 4) % 5 - 1)
F16 = (np.arange(24, dtype=np.float16).reshape(2, 3, 4) / 8 - 1.2)
INTS = ("bool_", "int8", "int16", "int32", "uint8", "uint16", "uint32", "uint64", "float16")


def _x(dt):
    # unsigned inputs stay >= 0 (MindSpore's uint64 sum of wrapped values is not modular)
    return T((X3 + 1 if dt.startswith("u") else X3).astype(dt if dt != "bool_" else np.bool_))


CASES = {}
for _dt in INTS:
    CASES[f"ops.sum.{_dt}"] = (lambda d: lambda: ops.sum(_x(d), -1))(_dt)
    CASES[f"tensor.sum.{_dt}"] = (lambda d: lambda: _x(d).sum())(_dt)
    CASES[f"mint.sum_empty_dim.{_dt}"] = (lambda d: lambda: mint.sum(_x(d), (), False, dtype=None))(_dt)
    CASES[f"ReduceSum.{_dt}"] = (lambda d: lambda: ops.ReduceSum()(_x(d), -1))(_dt)
    CASES[f"ops.prod.{_dt}"] = (lambda d: lambda: ops.prod(_x(d), -1))(_dt)
    CASES[f"tensor.prod.{_dt}"] = (lambda d: lambda: _x(d).prod())(_dt)
    CASES[f"ReduceProd.{_dt}"] = (lambda d: lambda: ops.ReduceProd()(_x(d), -1))(_dt)
    CASES[f"mint.prod.{_dt}"] = (lambda d: lambda: mint.prod(_x(d), -1))(_dt)
CASES.update({
    "mint.prod_dtype_int8": lambda: mint.prod(T(F16 * 3), -1, False, dtype=ms.int8),
    "mint.prod_dtype_uint8": lambda: mint.prod(T(np.abs(F16) * 3), None, False, dtype=ms.uint8),
    "ops.prod_dtype_int16": lambda: ops.prod(T(X3.astype(np.int8)), 1, True, dtype=ms.int16),
    "mint.sum_dtype_int8": lambda: mint.sum(T(X3.astype(np.int32)), 0, dtype=ms.int8),
    "grad.mint.sum_int8": lambda: ms.grad(lambda a: mint.sum(a, -1))(_x("int8")),
    "grad.mint.prod_f16_to_f32": lambda: ms.grad(lambda a: mint.prod(a, -1, dtype=ms.float32))(T(F16)),
})
_F = ops.functional
CASES.update({
    "F.is_sequence_value_unknown.shape": lambda: _F.is_sequence_value_unknown(T(F16).shape),
    "F.is_sequence_shape_unknown.shape": lambda: _F.is_sequence_shape_unknown(T(F16).shape),
    "F.is_sequence_value_unknown.mutable": lambda: _F.is_sequence_value_unknown(ms.mutable((1, 2))),
    "F.is_sequence_shape_unknown.mutable_dynamic_len": lambda: _F.is_sequence_shape_unknown(ms.mutable([1, 2], True)),
    "F.is_sequence_value_unknown.int": lambda: _F.is_sequence_value_unknown(3),
    "F.is_sequence_value_unknown.jit_shape": lambda: _jit_shape_known(T(F16)),
})

import mindspore._extends.parse.standard_method as _SM  # noqa: E402
_V = T(np.array([1., 2., 3., 4.], np.float32))
_M = T(np.arange(6, dtype=np.float32).reshape(2, 3))
CASES.update({
    "standard_method.var": lambda: _SM.var(_V),
    "standard_method.std_axis": lambda: _SM.std(_M, 1, 1),
    "standard_method.topk": lambda: _SM.topk(T(np.array([4., 9., 2., 10.], np.float32)), 3),
    "standard_method.unsqueeze": lambda: _SM.unsqueeze(_M, 0),
    "standard_method.reshape": lambda: _SM.reshape(_M, (3, 2)),
    "standard_method.view": lambda: _SM.view(_M, (3, 2)),
    "standard_method.take": lambda: _SM.take(T(np.array([4, 3, 5, 7, 6, 8])), T(np.array([0, 1, 4]))),
    "standard_method.argmax_none": lambda: _SM.argmax(_M, None),
    "standard_method.squeeze": lambda: _SM.squeeze(T(np.ones((1, 2, 2, 1), np.float32)), (0, 3)),
    "standard_method.swapaxes": lambda: _SM.swapaxes(T(np.ones((2, 3, 4), np.float32)), 0, 2),
    "standard_method.sum_keepdims": lambda: _SM.sum(T(np.arange(6).reshape(2, 3)), 1, None, True),
    "standard_method.mean": lambda: _SM.mean(_M, 1, True),
    "standard_method.max_axis": lambda: _SM.max(_M, 1),
    "standard_method.min_keepdims_indices": lambda: _SM.min(_M, 0, True, return_indices=True),
    "standard_method.T": lambda: _SM.T(_M),
    "standard_method.tensor_bool": lambda: _SM.tensor_bool(T([4.0])),
    "standard_method.ms_len_absent": lambda: _SM.no_such_method,
})

_P = T(np.arange(24, dtype=np.float64).reshape(1, 2, 3, 4))
_PW = T(np.linspace(-1, 2, 2 * 6 * 5, dtype=np.float64).reshape(1, 2, 6, 5))
for _mode in ("constant", "reflect", "replicate", "circular"):
    # (MindSpore 2.10 answers a negative constant pad right the first time only: its second call gives
    # garbage, so the forward case is recorded before the gradient)
    _v = 6.0 if _mode == "constant" else None
    CASES[f"ops.pad_negative.{_mode}"] = (lambda m, v: lambda: ops.pad(_P, [-1, 2, 2, 1], m, v))(_mode, _v)
    CASES[f"grad.ops.pad_negative.{_mode}"] = (lambda m, v: lambda: ms.grad(
        lambda a: (ops.pad(a, (-1, 2, 2, 1), m, v) * _PW).sum())(_P))(_mode, _v)
CASES["ops.pad_negative_both_sides"] = lambda: ops.pad(_P, (-1, -2, 1, -1), "constant", 3.0)
CASES["ops.pad_tensor_amounts"] = lambda: ops.pad(_P, T([1, 0, -1, 2]), "replicate")

_G = T(np.arange(60, dtype=np.float32).reshape(3, 4, 5))
_GI = T(np.array([[[0, 2, 1, 0], [1, 1, 2, 0], [2, 0, 0, 1]], [[1, 0, 2, 2], [0, 0, 1, 1], [2, 2, 2, 0]]]))
CASES.update({
    "mint.gather_short_index": lambda: mint.gather(_G, 0, _GI),
    "ops.gather_elements_short_index_dim2": lambda: ops.gather_elements(_G, 2, T(np.array([[[4, 0], [1, 3]]]))),
    "grad.mint.gather_short_index": lambda: ms.grad(lambda a: (mint.gather(a, 0, _GI) * _GI).sum())(_G),
    "mint.gather_index_too_long": lambda: mint.gather(_G, 0, T(np.zeros((2, 5, 5), np.int64))),
    "ops.slice_scatter_scalar_input": lambda: ops.slice_scatter(1.0, 2, 0, 0, 1),
    "ops.slice_scatter_scalar_src": lambda: ops.slice_scatter(T([1.0, 2.0]), 2, 0, 0, 1),
})

_ROWS = T(np.array([True, False, True]))
_BW = T(np.arange(9, dtype=np.float32).reshape(3, 3))


def _set_rows(a, key, value):
    a = a * 1.0
    a[key] = value
    return a


CASES.update({
    "setitem.row_mask_scalar": lambda: _set_rows(T(np.ones((3, 3), np.float32)), _ROWS, -1),
    "setitem.row_mask_3d": lambda: _set_rows(T(np.ones((3, 2, 2), np.float32)), _ROWS, 5.0),
    "grad.setitem.row_mask": lambda: ms.grad(lambda a: (_set_rows(a, _ROWS, -1) * _BW).sum())(
        T(np.ones((3, 3), np.float32))),
    "getitem.list_mask_int": lambda: T(np.arange(6, dtype=np.float32).reshape(2, 3))[[T(np.array([True, False])), 0]],
    "setitem.list_mask_int": lambda: _set_rows(T(np.arange(6, dtype=np.float32).reshape(2, 3)),
                                               [T(np.array([True, False])), 0], -1),
    "setitem.list_mask_int_list_value": lambda: _set_rows(T(np.arange(6, dtype=np.float32).reshape(2, 3)),
                                                          [T(np.array([True, False])), 0], [-1]),
})

_R = np.random.RandomState(0)
_CX = _R.randn(12, 2, 6)
_CLP = T((_CX - np.log(np.exp(_CX).sum(2, keepdims=True))).astype(np.float32))  # log_softmax
_CT = T(np.array([[1, 3, 3, 2, 0], [4, 5, 1, 0, 0]], np.int64))
_CIL, _CTL = T(np.array([10, 12], np.int64)), T(np.array([4, 3], np.int64))
_ctc2 = ops.CTCLossV2(blank=0, reduction="none")
CASES.update({
    "CTCLossV2.forward": lambda: _ctc2(_CLP, _CT, _CIL, _CTL)[0],
    "grad.CTCLossV2": lambda: ops.GradOperation()(lambda a: _ctc2(a, _CT, _CIL, _CTL)[0])(_CLP),
    "grad.ops.ctc_loss_mean": lambda: ms.grad(lambda a: ops.ctc_loss(a, _CT, _CIL, _CTL, 0, "mean")[0])(_CLP),
})

CASES.update({
    "grad.Tensor.min_int64_ties": lambda: ops.GradOperation(sens_param=True)(lambda a: a.min())(
        T(np.ones(5, np.int64)), T(np.array(1, np.int64))),
    "grad.Tensor.max_int32": lambda: ops.GradOperation(sens_param=True)(lambda a: a.max())(
        T(np.array([1, 5, 5, 2], np.int32)), T(np.array(3, np.int32))),
    "grad.Tensor.min_float_ties": lambda: ms.grad(lambda a: a.min())(T(np.array([2., 1., 1., 3.], np.float32))),
})

_SI = T(np.array([[1, 0], [1, 1], [1, 0], [0, 1]], np.int64))
_SW = T(np.array([[1, 2], [3, 4]], np.int32))
CASES.update({
    "grad.ops.scatter_nd_int32": lambda: ops.grad(lambda u: ops.scatter_nd(_SI, u, (2, 2)) * _SW, 0)(
        T(np.array([3, 4, 5, 6], np.int32))),
    "grad.ops.scatter_nd_float_weighted": lambda: ops.grad(lambda u: (ops.scatter_nd(_SI, u, (2, 2)) * _SW).sum())(
        T(np.array([3., 4., 5., 6.], np.float32))),
    "grad.ops.tensor_scatter_add_int64": lambda: ops.grad(lambda x, u: ops.tensor_scatter_add(x, _SI, u) * _SW,
                                                          (0, 1))(T(np.ones((2, 2), np.int64)),
                                                                  T(np.array([1, 2, 3, 4], np.int64))),
})

_SS = T(np.array([0.3, -2., 6., -0.5], np.float32))
CASES.update({
    "ops.softshrink_int": lambda: ops.softshrink(_SS, 5),
    "ops.softshrink_bool": lambda: ops.softshrink(_SS, True),
    "ops.hardshrink_int": lambda: ops.hardshrink(_SS, 5),
    "mint.softshrink_int": lambda: mint.nn.functional.softshrink(_SS, 1),
    "grad.ops.softshrink_int": lambda: ms.grad(lambda a: ops.softshrink(a, 1).sum())(_SS),
})

import mindspore.ops.auto_generate as _AG  # noqa: E402
_TY, _TD = T(np.array([0.1, -0.5, 0.9], np.float32)), T(np.array([2., 1., -3.], np.float32))
CASES.update({
    "auto_generate.TanhGrad": lambda: _AG.TanhGrad()(_TY, _TD),
    "grad.auto_generate.TanhGrad": lambda: ops.grad(lambda y, d: _AG.TanhGrad()(y, d), (0, 1))(_TY, _TD),
    "auto_generate.SigmoidGrad": lambda: _AG.SigmoidGrad()(_TY, _TD),
})


@ms.jit
def _jit_shape_known(a):
    return _F.is_sequence_value_unknown(a.shape), _F.is_sequence_shape_unknown(a.shape)


def flat(out):
    """A result as recorded: a list of {dtype, shape, value} (one per output Tensor)."""
    outs = out if isinstance(out, (tuple, list)) else [out]
    rec = []
    for o in outs:
        if not hasattr(o, "asnumpy"):  # a Python value
            rec.append({"py": repr(o)})
            continue
        a = o.asnumpy()
        rec.append({"dtype": str(o.dtype), "shape": list(a.shape),
                    "value": a.astype(np.float64).reshape(-1).tolist()})
    return rec
