"""Expressions whose printed results are compared with real MindSpore 2.10.

Run with the oracle (~/msref/bin/python gen_ms_exprs.py ms_exprs.json) to record the
expected strings; tests/test_ms_strings.py runs it through `python -m mindjax`."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor
ms.set_context(mode=ms.PYNATIVE_MODE)
f32 = ms.float32
E = []
def rec(name, val):
    E.append((name, repr(val)))
x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([[0.5], [2.0]], np.float32))
rec("grad_sin_mul", ms.grad(lambda a: ops.sin(a) * a)(x))
rec("grad_broadcast", ms.grad(lambda a, b: (a * b).sum(), grad_position=(0, 1))(x, y))
rec("grad_exp_log", ms.grad(lambda a: ops.log(ops.exp(a) + 1.0).sum())(x))
rec("grad_tanh_sq", ms.grad(lambda a: (ops.tanh(a) ** 2).mean())(x))
rec("grad_matmul", ms.grad(lambda a, b: ops.matmul(a, b).sum(), grad_position=(0, 1))(Tensor(np.arange(6).reshape(2, 3).astype(np.float32)), Tensor(np.ones((3, 2), np.float32))))
rec("grad_softmax", ms.grad(lambda a: (ops.softmax(a) * Tensor(np.array([1.0, 0.0, 0.0], np.float32))).sum())(x))
rec("grad_int_mul", ops.GradOperation(get_all=True)(lambda a, b: a * b)(Tensor(3, ms.int32), Tensor(4, ms.int32)))
rec("grad_unused", ms.grad(lambda a, b: a * 2.0, grad_position=(0, 1))(x, Tensor(np.ones(2, np.float32))))
rec("grad_of_grad", ms.grad(ms.grad(lambda a: a * a * a))(Tensor(2.0, f32)))
rec("grad_relu", ms.grad(lambda a: ops.relu(a - 2.0).sum())(x))
rec("grad_div", ms.grad(lambda a, b: (a / b).sum(), grad_position=(0, 1))(x, Tensor(np.array([2.0, 4.0, 8.0], np.float32))))
rec("grad_max", ms.grad(lambda a: a.max())(x))
rec("grad_getitem", ms.grad(lambda a: a[1:] .sum() * 3)(x))
rec("value_and_grad", ms.value_and_grad(lambda a: (a * a).sum())(x))
rec("grad_sqrt_f64", ms.grad(lambda a: ops.sqrt(a).sum())(Tensor(np.array([4.0, 9.0]), ms.float64)))
rec("grad_pow", ms.grad(lambda a: ops.pow(a, 3.0).sum())(x))
rec("grad_reshape_transpose", ms.grad(lambda a: (a.reshape(3, 1) * Tensor(np.array([[1.0, 2.0]], np.float32))).T.sum())(x))
rec("grad_concat", ms.grad(lambda a: ops.concat((a, a * 2.0)).sum())(x))
rec("dtype_int_plus_float", (Tensor(1, ms.int32) + 1.5))
rec("dtype_i32_f16", (Tensor([1], ms.int32) + Tensor([1], ms.float16)))
rec("dtype_int64_div", (Tensor([3], ms.int64) / Tensor([2], ms.int64)))
rec("dtype_u8_i8", (Tensor([3], ms.uint8) + Tensor([2], ms.int8)))
rec("dtype_bool_int", (Tensor([True]) + 1))
rec("dtype_f32_f64", (Tensor([1.5], ms.float32) * Tensor([2.0], ms.float64)))
import json, sys
json.dump(E, open(sys.argv[1], "w"), indent=1)
