"""Record MindSpore 2.10's ``ops.composite``, ``ops.functional`` helpers, ``ops.vjp/jvp/...`` and
``nn.grad.Jvp/Vjp`` results.

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_composite.py

It writes tests/data/ms_composite.json: ``setup`` (Python source run before the cases, with
``mindspore`` imported as ``ms``), ``eager`` (expression -> encoded result or error class, run in
PyNative mode), ``graph`` (name -> source of a function ``f(t)`` run under ``ms.jit``, and its
encoded result) and ``random`` (shapes and dtypes of the random functions). The tests run the
same source under mindjax and compare.
"""
import importlib.util
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

warnings.filterwarnings("ignore")
HERE = Path(__file__).resolve().parent

SETUP = '''
import numpy as np
import mindspore as ms
from mindspore import ops, nn, Tensor, Parameter
from mindspore.ops import composite as C
from mindspore.ops import functional as F
from mindspore.nn.grad import Jvp, Vjp

t = Tensor(np.arange(6).reshape(2, 3).astype(np.float32))
x22 = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
y22 = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
v22 = Tensor(np.array([[1, 1], [1, 1]]).astype(np.float32))
w22 = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))

sq = C.MultitypeFuncGraph("sq")


@sq.register("Tensor")
def _sq_tensor(x):
    return x * x


@sq.register("Number")
def _sq_number(x):
    return x * x


ad = C.MultitypeFuncGraph("ad")


@ad.register("Tensor", "Tensor")
def _ad_tt(x, y):
    return x + y


@ad.register("Number", "Tensor", "Tensor")
def _ad_ntt(s, x, y):
    return s * x + y


ov = C.MultitypeFuncGraph("ov")


@ov.register("Number", "Number")
def _ov_nn(x, y):
    return x + y


@ov.register("Bool", "Bool")
def _ov_bb(x, y):
    return x and y


@ov.register("Tensor", "Number")
def _ov_tn(x, y):
    return x * y


@ov.register("Tuple", "Tensor")
def _ov_tut(x, y):
    return y + x[0]


@ov.register("List", "Tensor")
def _ov_lt(x, y):
    return y - x[0]


@ov.register("String", "None")
def _ov_sn(x, y):
    return 1


@ov.register("Function", "Tensor")
def _ov_ft(f, y):
    return f(y)


hm = C.HyperMap()
mp = C.Map()
hm_sq = C.HyperMap(sq)
mp_sq = C.Map(sq)


def cube(x):
    return x ** 3


def two_out(x):
    return x ** 3, 2 * x


def lin2(x, y):
    return 2 * x + 3 * y


def mimo(x, y):
    return 2 * x, y ** 3


def with_aux(x, y):
    return x * y, y + 1, x - 1


class SingleNet(nn.Cell):
    def construct(self, x):
        return x ** 3


class TwoOutNet(nn.Cell):
    def construct(self, x):
        return x ** 3, 2 * x


class LinNet(nn.Cell):
    def construct(self, x, y):
        return 2 * x + 3 * y


class MimoNet(nn.Cell):
    def construct(self, x, y):
        return 2 * x, y ** 3


class BpropNet(nn.Cell):
    """A custom bprop replaces the gradient; Jvp and Vjp go through it."""

    def construct(self, x):
        return x * x

    def bprop(self, x, out, dout):
        return (10 * dout,)
'''

EAGER = [
    # MultitypeFuncGraph dispatch
    "ov(1, 2)", "ov(True, False)", "ov(True, 2)", "ov(t, 3)", "ov(t, 1.5)", "ov(t, True)", "ov((t,), t)",
    "ov([t], t)", "ov('a', None)", "ov(cube, t)", "ov(SingleNet(), t)", "ov(ops.square, t)",
    "ov(np.float32(2), 3)", "ov(Parameter(t, name='p'), 2)", "ov(t, t)", "ov(1)", "sq(np.ones(2))",
    "sq(t)", "sq(3)",
    # HyperMap / Map (PyNative)
    "hm(sq, (t, (t, 2)))", "hm(ops.add, (t, t), (t, t))", "hm(F.partial(ad, 2), (t, t), (t, t))",
    "hm(sq, ())", "hm(sq, t)", "hm_sq((t, (3,)))", "mp(sq, (t, 2))", "mp_sq((t, 2))",
    "mp(F.partial(ops.add, 1), (t, t))",
    # structural zeros_like / ones_like / hyper_add / augassign
    "C.zeros_like(t)", "C.zeros_like(3)", "C.zeros_like(3.5)", "C.ones_like(t)", "C.ones_like(3)",
    "C.ones_like(2.5)", "C.hyper_add((t, 1), (t, 2))", "C.hyper_add(t, t)", "C.hyper_add(1, 2)",
    "C.hyper_add(((t,), 1.5), ((t,), 2))", "C.augassign_add(1, 2)", "C.augassign_add(t, 1)",
    "C.augassign_add((1,), (2,))", "C.augassign_add([1], [2])", "C.augassign_add('a', 'b')",
    "C.augassign_sub(5, 2)", "C.augassign_sub(t, t)", "C.augassign_mul(5, 2)", "C.augassign_mul((1, 2), 2)",
    "C.augassign_mul(t, 2)", "C.augassign_div(5, 2)", "C.augassign_div(t, 2)", "C.augassign_floordiv(5, 2)",
    "C.augassign_mod(5, 3)",
    "C.add_flags(cube, predict=True)._func_graph_flags",
    # composite math
    "C.tensor_dot(t, t, ((1,), (1,)))", "C.tensor_dot(t, t, ((0, 1), (0, 1)))",
    "C.tensor_dot(Tensor(np.ones((1, 2, 3)), ms.float32), Tensor(np.ones((3, 1, 2)), ms.float32), ((0, 1), (1, 2)))",
    "C.tensor_dot(t, Tensor(np.ones((3, 4)), ms.float32), 1)",
    "C.tensor_dot(t, Tensor(np.ones((2, 3)), ms.float32), 2)",
    "C.tensor_dot(t, Tensor(np.ones((4, 3)), ms.float32), ((1,), (0,)))",
    "C.tensor_dot(t, Tensor(np.ones((3, 2)), ms.float16), 1)",
    "C.batch_dot(Tensor(np.ones((2, 2, 3)), ms.float32), Tensor(np.ones((2, 3, 2)), ms.float32), (-1, -2))",
    "C.batch_dot(Tensor(np.arange(6).reshape(2, 3), ms.float32), Tensor(np.arange(6).reshape(2, 3), ms.float32))",
    "C.batch_dot(Tensor(np.arange(24).reshape(2, 3, 4), ms.float32), Tensor(np.arange(8).reshape(2, 4), ms.float32))",
    "C.batch_dot(Tensor(np.arange(8).reshape(2, 4), ms.float32), Tensor(np.arange(24).reshape(2, 4, 3), ms.float32))",
    "C.batch_dot(Tensor(np.arange(24).reshape(2, 3, 4), ms.float32), Tensor(np.arange(24).reshape(2, 3, 4), ms.float32), 2)",
    "C.batch_dot(Tensor(np.arange(24).reshape(2, 3, 4), ms.float32), Tensor(np.arange(24).reshape(2, 4, 3), ms.float32), (1, 2))",
    "C.batch_dot(Tensor(np.ones((2, 2, 3)), ms.float32), Tensor(np.ones((3, 3, 2)), ms.float32))",
    "C.batch_dot(Tensor(np.ones((2, 2, 3)), ms.float32), Tensor(np.ones((2, 3, 2)), ms.float32), (0, 1))",
    "C.batch_dot(Tensor(np.ones((2, 2, 3)), ms.float16), Tensor(np.ones((2, 3, 2)), ms.float16))",
    "C.batch_dot(Tensor(np.ones(3), ms.float32), Tensor(np.ones((3, 2)), ms.float32))",
    "C.vecdot(Tensor([[1, 2], [3, 4]]), Tensor([[5, 6], [7, 8]]))", "C.vecdot(t, t, axis=0)",
    "C.vecdot(t, Tensor([1.0, 2.0, 3.0]))", "C.vecdot(t, t, axis=2)",
    "C.vecdot(Tensor(np.array([1 + 2j, 3 - 1j], np.complex64)), Tensor(np.array([2 - 1j, 1j], np.complex64)))",
    "C.count_nonzero(Tensor([[0, 1, 2], [0, 0, 3]]))", "C.count_nonzero(Tensor([[0, 1, 2], [0, 0, 3]]), 1)",
    "C.count_nonzero(Tensor([[0, 1, 2], [0, 0, 3]]), axis=[0], keep_dims=True)",
    "C.count_nonzero(Tensor([[0., 1, 2], [0, 0, 3]]), (0, 1), True, ms.float32)",
    "C.count_nonzero(Tensor([[0, 1, 2], [0, 0, 3]]), dtype=ms.bool_)",
    "C.count_nonzero(Tensor([[0, 1, 2], [0, 0, 3]]), 2)",
    "C.cummin(Tensor([3., 1., 2., 1., 0.]), 0)", "C.cummin(Tensor([[3, 1, 4], [1, 5, 0]], ms.int32), 1)",
    "C.cummin(Tensor([[3, 1, 4], [1, 5, 0]], ms.float32), 0)", "C.cummin(Tensor([[3, 1], [1, 5]], ms.int64), -1)",
    "C.cummin(Tensor([2., np.nan, 1.]), 0)",
    "C.repeat_elements(Tensor([[0, 1], [2, 3]]), 2, axis=1)", "C.repeat_elements(t, 3)",
    "C.repeat_elements(t, 2, -1)", "C.repeat_elements(t, 0)",
    "C.repeat_interleave(t, 2, 1)", "C.repeat_interleave(t, 2)",
    "C.sequence_mask(Tensor([1, 2, 3, 4]), 5)", "C.sequence_mask(Tensor([[1, 3], [2, 0]]), 5)",
    "C.sequence_mask(Tensor([[1, 3], [2, 4]]))", "C.sequence_mask(Tensor([1.0, 2.0]), 3)",
    "C.matmul(t, Tensor(np.ones((3, 2)), ms.float32))", "C.matmul(t, Tensor(np.ones((3, 2)), ms.float32), ms.float16)",
    "C.matmul(Tensor(np.arange(24).reshape(2, 3, 4), ms.float32), Tensor(np.arange(20).reshape(4, 5), ms.float32))",
    "C.mm(t, Tensor(np.ones((3, 2)), ms.float32))",
    "C.dot(t, Tensor(np.ones((3, 2)), ms.float32))",
    "C.dot(Tensor(np.ones((2, 3, 4)), ms.float32), Tensor(np.ones((5, 4, 2)), ms.float32))",
    "C.dot(t, Tensor(np.ones((3, 2)), ms.float16))",
    "C.dot(Tensor([1.0, 2.0]), Tensor([3.0, 4.0]))",
    "C.GradOperation()(cube)(Tensor(2.0))",
    # functional helpers
    "F.tuple_to_array((1, 2, 3))", "F.tuple_to_array((1.0, 2.5))", "F.tuple_to_array(((1, 2), (3, 4)))",
    "F.tuple_to_array((True, False))",
    "F.partial(ops.add, 1)(Tensor(2))", "F.partial(ad, 2, t)(t)", "F.dtype(t)", "F.dtype(Tensor([1, 2]))",
    "F.shape(t)", "F.rank(t)", "F.rank(Tensor(1.0))", "F.size(t)", "F.size(Tensor(1.0))",
    "F.scalar_to_tensor(3)", "F.scalar_to_tensor(3.5)", "F.scalar_to_tensor(3, ms.float16)",
    "F.scalar_to_tensor(True)", "F.scalar_to_tensor(2, ms.int32)",
    "F.tensor_add(t, 1)", "F.tensor_sub(t, 1)", "F.tensor_mul(t, t)", "F.tensor_div(t, 2)", "F.tensor_pow(t, 2)",
    "F.tensor_gt(t, 2)", "F.tensor_ge(t, 2)", "F.tensor_lt(t, 2)", "F.tensor_le(t, 2)", "F.tensor_mod(t, 4)",
    "F.tensor_floordiv(t, 4)", "F.tensor_exp(t)", "F.tensor_expm1(t)",
    "F.depend(t, Tensor(1))", "F.stop_gradient((t, 1))", "F.isconstant(t)", "F.identity(t)",
    "F.tuple_len((1, 2, 3))", "F.list_len([1, 2])", "F.tuple_getitem((1, 2, 3), 1)", "F.list_getitem([1, 2, 3], -1)",
    "F.tuple_setitem((1, 2, 3), 1, 9)", "F.list_setitem([1, 2, 3], 1, 9)", "F.dict_getitem({'a': 1}, 'a')",
    "F.make_tuple(1, 2)", "F.make_list(1, 2)", "F.make_slice(1, 5, 2)", "F.make_range(5)", "F.make_range(1, 7, 2)",
    "F.tuple_equal((1, 2), (1, 2))", "F.list_equal([1, 2], [1, 3])", "F.tuple_div((4, 6), (2, 3))",
    "F.tuple_reversed((1, 2, 3))", "F.shape_mul((2, 3, 4))", "F.shape_mul(())",
    "F.scalar_add(1, 2)", "F.scalar_sub(2, 3)", "F.scalar_mul(2, 3.5)", "F.scalar_div(3, 2)", "F.scalar_div(4, 2)",
    "F.scalar_floordiv(7, 2)", "F.scalar_mod(7, 3)", "F.scalar_pow(2, 3)", "F.scalar_log(2.0)",
    "F.scalar_uadd(2)", "F.scalar_usub(2)", "F.scalar_max(2, 3)", "F.scalar_min(2, 3.5)", "F.scalar_gt(2, 3)",
    "F.scalar_ge(3, 3)", "F.scalar_lt(2, 3)", "F.scalar_le(4, 3)", "F.scalar_eq(2, 2)",
    "F.scalar_cast(2.7, ms.int64)", "F.scalar_cast(2, ms.float64)", "F.scalar_cast(0, ms.bool_)",
    "F.scalar_cast(2.7, ms.int32)",
    "F.bool_not(True)", "F.is_(None, None)", "F.is_not(1, None)", "F.in_dict('a', {'a': 1})",
    "F.not_in_dict('a', {'a': 1})", "F.hastype(t, ms.tensor_type)", "F.typeof(t)", "F.typeof(1)",
    "F.mixed_precision_cast(ms.float16, t)", "F.mixed_precision_cast(ms.float16, (t, 1, Tensor(1)))",
    "F.fill(ms.float32, (2, 2), 3)", "F.reduced_shape((2, 3, 4), (1,))", "F.reduced_shape((2, 3, 4), ())",
    "F.tensor_range(Tensor(0), Tensor(5), Tensor(1))", "F.tensor_slice(t, (0, 1), (1, 2))",
    "F.reduce_sum(t, 1)", "F.reduce_mean(t)", "F.reduce_max(t, 0)", "F.reduce_min(t)", "F.switch(True, 1, 2)",
    "F.broadcast_gradient_args((2, 3), (3,))", "F.broadcast_gradient_args((2, 1, 3), (4, 1))",
    "F.TensorToTuple()(Tensor([1, 2]))", "F.SliceGetItem(slice(1, 5, 2), 'start')",
    "F.SliceGetItem(slice(1, 5, 2), 'step')",
    "F.shape_(t)", "F.dyn_shape(t)", "F.reshape_(t, (3, 2))", "F.is_tensor(t)", "F.pows(t, 2)",
    "F.square(t)", "F.sqrt(t)", "F.cast(t, ms.int32)", "F.select(Tensor([True, False]), Tensor([1., 2.]), Tensor([3., 4.]))",
    "F.tensor_muls(t, 2.0)", "F.array_to_scalar(Tensor(3))", "F.string_eq('a', 'a')", "F.string_concat('a', 'b')",
    "F.bool_and(True, False)", "F.bool_or(True, False)", "F.bool_eq(True, False)", "F.scalar_ne(2, 3)",
    # vjp / jvp / linearize / derivative / jet / get_grad
    "ops.vjp(cube, x22)[0]", "ops.vjp(cube, x22)[1](v22)", "ops.vjp(mimo, x22, y22)[1](v22, w22)",
    "ops.vjp(lin2, x22, y22)[1](v22)", "ops.vjp(with_aux, x22, y22, has_aux=True)[1](v22)",
    "ops.vjp(with_aux, x22, y22, has_aux=True)[2]", "ops.vjp(cube, [x22])", "ops.vjp(cube, 1)",
    "ops.jvp(cube, x22, v22)", "ops.jvp(two_out, x22, w22)", "ops.jvp(lin2, (x22, y22), (v22, w22))",
    "ops.jvp(mimo, (x22, y22), (v22, w22))", "ops.jvp(mimo, [x22, y22], [v22, w22])",
    "ops.jvp(with_aux, (x22, y22), (v22, w22), has_aux=True)", "ops.jvp(cube, x22, (v22, v22))",
    "ops.jvp(cube, 1, v22)",
    "ops.linearize(cube, x22)[0]", "ops.linearize(cube, x22)[1](w22)", "ops.linearize(lin2, (x22, y22))[1]((v22, w22))",
    "ops.derivative(ops.sin, x22, 1)", "ops.derivative(ops.sin, x22, 3)", "ops.derivative(cube, x22, 2)",
    "ops.derivative(lin2, (x22, y22), 1)", "ops.derivative(ops.exp, Tensor([1, 2], ms.int32), 2)",
    "ops.derivative(ops.sin, x22, 0)",
    "ops.jet(ops.sin, x22, Tensor(np.stack([np.ones((2, 2)), np.zeros((2, 2))]).astype(np.float32)))",
    "ops.jet(cube, x22, Tensor(np.stack([np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 2))]).astype(np.float32)))",
    "ops.jet(ops.exp, x22, v22)",
    "ops.jet(lin2, (x22, y22), (Tensor(np.ones((1, 2, 2)), ms.float32), Tensor(np.ones((1, 2, 2)), ms.float32)))",
    "ops.get_grad(ops.grad(lin2, (0, 1), return_ids=True)(x22, y22), 1)",
    "ops.get_grad(ops.grad(lin2, (0, 1), return_ids=True)(x22, y22), 0)",
    "ops.grad(lin2, (0, 1), return_ids=True)(x22, y22)",
    "ops.grad(lin2, 1, return_ids=True)(x22, y22)",
    "ops.get_grad(ops.grad(lin2, (0, 1), return_ids=True)(x22, y22), 3)",
    # nn.grad cells
    "Jvp(SingleNet())(x22, v22)", "Jvp(SingleNet())(x22, w22)", "Jvp(TwoOutNet())(x22, w22)",
    "Jvp(MimoNet())(x22, y22, (v22, v22))", "Jvp(MimoNet())(x22, y22, (v22, w22))",
    "Jvp(LinNet())(x22, y22, (v22, w22))", "Jvp(SingleNet())(x22, (v22, v22))", "Jvp(SingleNet())(x22, (v22,))",
    "Jvp(SingleNet())(x22, x22, v22)", "Jvp(LinNet())((x22, y22), (v22, v22))", "Jvp(LinNet())(x22, y22, v22)",
    "Vjp(SingleNet())(x22, v22)", "Vjp(SingleNet())(x22, w22)", "Vjp(MimoNet())(x22, y22, (v22, w22))",
    "Vjp(SingleNet())(x22, (v22, v22))", "Vjp(SingleNet())(x22, (v22,))", "Vjp(SingleNet())(x22, y22, v22)",
    "Vjp(MimoNet())((x22, y22), (v22, v22))",
    "Jvp(BpropNet())(x22, w22)", "Vjp(BpropNet())(x22, w22)", "ops.jvp(BpropNet(), x22, w22)",
    "ops.vjp(BpropNet(), x22)[1](w22)",
]

GRAPH = {
    "hm_list": "return hm(sq, [t, 2])",
    "hm_nested": "return hm(sq, (t, [t, (3,)]))",
    "hm_len": "return hm(ad, (t, t), (t,))",
    "hm_mixed": "return hm(ad, (t, t), [t, t])",
    "hm_partial": "return hm(F.partial(ad, 2), (t, t), (t, t))",
    "hm_partial_list": "return hm(F.partial(ad, 2), [t, t], [t, t])",
    "hm_empty": "return hm(sq, ())",
    "hm_leaf": "return hm(sq, t)",
    "hm_dict": "return hm(sq, {'a': t, 'b': 2})",
    "hm_bool_number": "return hm(sq, (True, 2))",
    "hm_ops": "return hm_sq((t, [t, 3]))",
    "map": "return mp(sq, (t, 2))",
    "map_list": "return mp(sq, [t, 2])",
    "map_len": "return mp(ad, (t, t), (t,))",
    "map_partial": "return mp(F.partial(ad, 2), [t, t], [t, t])",
    "map_ops": "return mp_sq((t, 3))",
    "ov_bool": "return ov(True, False)",
    "ov_num": "return ov(1, 2), ov(t, 3), ov(True, 2)",
    "ov_seq": "return ov((t,), t), ov([t], t)",
    "ov_fn": "return ov(cube, t)",
    "ov_nomatch": "return ov(t, t)",
    "zeros_like_tuple": "return C.zeros_like((t, 1))",
    "zeros_like_list": "return C.zeros_like([t, 1.5])",
    "zeros_like_none": "return C.zeros_like(None)",
    "ones_like_tuple": "return C.ones_like((t, 2.0, 3))",
    "ones_like_list": "return C.ones_like([t, 2])",
    "ones_like_bool": "return C.ones_like(True)",
    "hyper_add_list": "return C.hyper_add([t, 1], [t, 2])",
    "tail": "return C.tail((1, t, 3))",
    "tail_list": "return C.tail([1, t, 3])",
    "zip": "return C.zip_operation((1, 2), (t, 4))",
    "zip_list": "return C.zip_operation([1, 2], [t, 4, 5])",
    "grad_op": "return C.GradOperation()(cube)(t)",
    "vjp": "return ops.vjp(cube, t)[1](t)",
    "jvp": "return ops.jvp(mimo, (t, t), (t, t))",
    "tuple_to_array": "return F.tuple_to_array((1, 2, 3)) + t",
    "scalar_to_tensor": "return F.scalar_to_tensor(3) * t",
    "depend": "return F.depend(t * 2, t + 1)",
    "tensor_dot": "return C.tensor_dot(t, t, ((1,), (1,)))",
    "count_nonzero": "return C.count_nonzero(t, 1)",
    "cummin": "return C.cummin(t, 1)",
    "sequence_mask": "return C.sequence_mask(Tensor([1, 3]), 4)",
    "jvp_cell": "return Jvp(MimoNet())(t, t, (t, t))",
    "vjp_cell": "return Vjp(TwoOutNet())(t, (t, t))",
}


def enc(v):
    import mindspore as ms
    if isinstance(v, ms.Tensor):
        a = v.asnumpy()
        if a.dtype.kind == "c":
            val = np.stack([a.real, a.imag], -1).astype(np.float64).ravel().tolist()
        else:
            val = a.astype(np.float64).ravel().tolist()
        return {"T": str(v.dtype), "shape": list(a.shape), "value": [None if x != x else x for x in val]}
    if isinstance(v, tuple):
        return {"tuple": [enc(x) for x in v]}
    if isinstance(v, list):
        return {"list": [enc(x) for x in v]}
    if isinstance(v, dict):
        return {"dict": {str(k): enc(x) for k, x in v.items()}}
    if isinstance(v, (bool, np.bool_)):
        return {"bool": bool(v)}
    if isinstance(v, (int, np.integer)):
        return {"int": int(v)}
    if isinstance(v, (float, np.floating)):
        return {"float": float(v)}
    if isinstance(v, str):
        return {"str": v}
    if v is None:
        return {"none": True}
    if isinstance(v, slice):
        return {"slice": [v.start, v.stop, v.step]}
    if isinstance(v, ms.dtype.Type):
        return {"dtype": str(v)}
    return {"repr": repr(v)}


def run(fn):
    try:
        return enc(fn())
    except Exception as e:  # noqa: BLE001 - the error class is the expected result
        return {"error": type(e).__name__, "msg": str(e).split("\n")[0][:300]}


def main():
    os.chdir(tempfile.mkdtemp())  # MindSpore writes rank_0/ and kernel caches under the cwd
    import mindspore as ms
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.runtime.launch_blocking()  # a failing op raises at its own call, not at a later one
    # ms.jit (used by GradOperation, vjp, jvp ...) needs the functions' source: the setup and
    # the graph cases live in a module file, whose namespace the eager expressions run in
    src = SETUP + "\n" + "\n".join(f"\n\ndef case_{k}(t):\n    {body}\n" for k, body in GRAPH.items())
    path = Path(tempfile.mkdtemp()) / "ms_composite_cases.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("ms_composite_cases", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    env = mod.__dict__
    out = {"setup": SETUP, "eager": {}, "graph": {}, "random": {}}
    for expr in EAGER:
        out["eager"][expr] = run(lambda: eval(expr, env))  # noqa: S307
    for k, body in GRAPH.items():
        out["graph"][k] = {"body": body, "result": run(lambda: ms.jit(getattr(mod, "case_" + k))(env["t"]))}
    # random functions: shapes and dtypes (values come from different streams)
    T = ms.Tensor
    rnd = {
        "normal": lambda: ops.normal((2, 3), T(0.0), T(1.0), seed=5),
        "normal_b": lambda: ops.normal((3, 1), T([1.0, 2.0]), T([1.0]), seed=5),
        "laplace": lambda: ops.laplace((4, 2), T(1.0), T(1.0), seed=5),
        "laplace_b": lambda: ops.laplace((3, 1), T([1.0, 2.0]), T(1.0), seed=5),
        "uniform": lambda: ops.uniform((2, 3), T(1.0), T(2.0), seed=5),
        "uniform_int": lambda: ops.uniform((2, 3), T(1, ms.int32), T(9, ms.int32), seed=5, dtype=ms.int32),
        "gamma": lambda: ops.gamma((3, 1), T([1.0, 2.0]), T([1.0]), seed=5),
        "gamma_s": lambda: ops.gamma((3,), T(2.0), T(1.0), seed=5),
        "gamma_2": lambda: ops.gamma((3, 2), T([[1.0], [3.0]]), T([1.0, 2.0]), seed=5),
        "poisson": lambda: ops.poisson((2, 2), T([5.0, 10.0]), seed=5),
        "poisson_s": lambda: ops.poisson((3,), T(4.0), seed=5),
        "poisson_2": lambda: ops.poisson((3, 2), T([[5.0], [10.0]]), seed=5),
        "multinomial": lambda: ops.multinomial(T([0.0, 9.0, 4.0, 0.0], ms.float32), 2, seed=5),
        "multinomial_2d": lambda: ops.multinomial(T([[0.0, 9.0, 4.0, 0.0], [1.0, 1.0, 1.0, 1.0]]), 3, False, seed=5),
    }
    from mindspore import ops
    for k, fn in rnd.items():
        r = run(fn)
        if "T" in r:
            r = {"T": r["T"], "shape": r["shape"]}
        out["random"][k] = r
    # reproducibility of the seed argument and of set_seed
    ms.set_seed(3)
    a = ops.normal((4,), T(0.0), T(1.0), seed=7).asnumpy()
    b = ops.normal((4,), T(0.0), T(1.0), seed=7).asnumpy()
    ms.set_seed(3)
    c = ops.normal((4,), T(0.0), T(1.0), seed=7).asnumpy()
    out["random"]["same_seed_two_calls_equal"] = bool((a == b).all())
    out["random"]["set_seed_repeats"] = bool((a == c).all())
    (HERE / "ms_composite.json").write_text(json.dumps(out, indent=1, sort_keys=True))
    print(f"wrote {len(out['eager'])} eager, {len(out['graph'])} graph, {len(out['random'])} random cases")


if __name__ == "__main__":
    main()
