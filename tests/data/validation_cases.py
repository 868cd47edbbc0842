"""Bad input that MindSpore 2.10 refuses or answers in a particular way (issue #14's probes and their
neighbours). gen_validation.py records MindSpore's answers; tests/errors/test_no_silent_answers.py
runs the same statements under mindjax and compares.

Each case is (statements, mode): the statements are joined by "; ", the last one an expression.
mode "exact": the error class and its first message line equal MindSpore's (or the value, for cases
that succeed); "class": the error class equals MindSpore's and mindjax's message starts with
"For '" (MindSpore's text there names C++ internals or is empty).
"""
SETUP = """
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
ms.set_seed(1)
"""

Z3 = "x = Tensor(np.zeros(3, np.float32))"
Z23 = "x = Tensor(np.zeros((2, 3), np.float32))"
T42 = "t = Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))"
T3 = "t = Tensor(np.arange(3, dtype=np.float32))"
X23 = "x = Tensor(np.ones((2, 3), np.float32))"

CASES = [
    # ---- out-of-range indices: never a silent answer in PyNative
    (f"{Z3}; x[5] = 1.0; x", "exact"),
    (f"{Z23}; x[-3] = 1.0; x", "exact"),
    (f"{Z23}; x[-2] = 1.0; x", "exact"),
    (f"{Z23}; x[1, 3] = 1.0; x", "class"),
    (f"{Z3}; x[[0, 5]] = 1.0; x", "class"),
    (f"{Z3}; x[Tensor([0, 5])] = 1.0; x", "class"),
    (f"{Z3}; x[Tensor([0, -1])] = 1.0; x", "exact"),
    (f"{T42}; ops.gather(t, Tensor([1, 7]), 0)", "exact"),
    (f"{T42}; ops.gather(t, Tensor([1, -1]), 0)", "exact"),
    (f"{T42}; ops.gather(t, Tensor([[0, 2]]), 1)", "exact"),
    (f"{T42}; ops.Gather()(t, Tensor([4]), 0)", "exact"),
    (f"{T3}; t[Tensor([0, 5])]", "exact"),
    (f"{T3}; t[[0, 5]]", "class"),
    (f"{T3}; t[5]", "class"),
    (f"{T3}; t[-4]", "class"),
    (f"{T3}; t[Tensor([2, -3])]", "exact"),
    ("e = nn.Embedding(4, 2); e(Tensor([9], ms.int32))", "exact"),
    ("e = nn.Embedding(4, 2); e(Tensor([[1, 4]], ms.int32))", "exact"),
    ("e = nn.Embedding(4, 2); e(Tensor([3], ms.int32)).shape", "exact"),
    (f"{T42}; ops.gather_elements(t, 1, Tensor([[0, 2]] * 4, ms.int32))", "class"),
    (f"{T42}; ops.tensor_scatter_update(t, Tensor([[4]], ms.int32), Tensor([[1.0, 1.0]]))", "class"),
    (f"{T42}; ops.tensor_scatter_add(t, Tensor([[9]], ms.int32), Tensor([[1.0, 1.0]]))", "class"),
    (f"{T42}; ops.scatter_nd(Tensor([[5]], ms.int32), Tensor([1.0]), (4,))", "class"),
    # ---- dtypes kept, mixed dtypes refused
    ("bn = nn.BatchNorm2d(2); str(bn(Tensor(np.ones((1, 2, 2, 2), np.float16))).dtype)", "exact"),
    ("bn = nn.BatchNorm2d(2); bn.set_train(False); str(bn(Tensor(np.ones((1, 2, 2, 2), np.float16))).dtype)",
     "exact"),
    ("bn = nn.BatchNorm1d(3); str(bn(Tensor(np.ones((2, 3), np.float16))).dtype)", "exact"),
    ("ln = nn.LayerNorm((4,)); str(ln(Tensor(np.ones((2, 4), np.float16))).dtype)", "exact"),
    ("ln = nn.LayerNorm((4,)); ln(Tensor(np.ones((2, 4), np.float32), ms.bfloat16))", "class"),
    ("d = nn.Dense(4, 3); d(Tensor(np.ones((2, 4), np.float32), ms.bfloat16))", "exact"),
    ("d = nn.Dense(4, 3); d(Tensor(np.ones((2, 4), np.float16)))", "exact"),
    ("ops.MatMul()(Tensor(np.ones((2, 2, 2), np.float32)), Tensor(np.ones((2, 2, 2), np.float32)))", "exact"),
    ("ops.MatMul()(Tensor(np.ones((2, 2), np.float32)), Tensor(np.ones((2, 2), np.int32)))", "exact"),
    ("ops.matmul(Tensor(np.ones((2, 2), np.float32)), Tensor(np.ones((2, 2), np.int32)))", "exact"),
    ("ops.MatMul()(Tensor(np.ones((2, 2), np.float32), ms.bfloat16), Tensor(np.ones((2, 2), np.float32)))",
     "exact"),
    ("ops.matmul(Tensor(np.ones((2, 3), np.float16)), Tensor(np.ones((3, 2), np.float16))).dtype", "exact"),
    (f"{X23}; ops.cast(x, 'int32')", "exact"),
    (f"{X23}; ops.Cast()(x, np.int32)", "exact"),
    # ---- bad input accepted before
    ("ops.conv2d(Tensor(np.ones((1, 1, 3, 3), np.float32)), Tensor(np.ones((1, 1, 5, 5), np.float32)))", "exact"),
    ("c = nn.Conv2d(1, 1, 5, pad_mode='valid'); c(Tensor(np.ones((1, 1, 3, 3), np.float32)))", "exact"),
    ("ops.conv2d(Tensor(np.ones((1, 1, 3, 3), np.float32)), Tensor(np.ones((1, 1, 5, 5), np.float32)), "
     "pad_mode='pad', padding=1).shape", "exact"),
    (f"{X23}; ops.mean(x, (0, 0))", "exact"),
    (f"{X23}; ops.sum(x, (0, 0))", "exact"),
    (f"{X23}; ops.ReduceSum()(x, (0, 0))", "exact"),
    (f"{X23}; ops.amax(x, (0, 0))", "exact"),
    (f"{X23}; ops.mean(x, (1, -1))", "exact"),
    (f"{X23}; ops.ReduceMean(keep_dims=True)(x, (0, -2))", "exact"),
    ("ops.max(Tensor(np.zeros((0,), np.float32)))", "class"),
    ("def f(a): return a * 2\nms.grad(f, has_aux=True)(Tensor([1.0]))", "exact"),
    ("def f(a): return a * 2, a\nms.grad(f, has_aux=True)(Tensor([1.0]))", "exact"),
    ("nn.SGD(nn.Dense(2, 2).trainable_params(), learning_rate=Tensor(np.ones((2, 2), np.float32)))", "exact"),
    ("ops.one_hot(Tensor([0, 1], ms.int32), -1, Tensor(1.0), Tensor(0.0))", "exact"),
    ("ops.OneHot()(Tensor([0, 1], ms.int32), -2, Tensor(1.0), Tensor(0.0))", "exact"),
    ("ops.concat([1, 2])", "class"),
    ("ops.concat((1, 2))", "class"),
    ("class N(nn.Cell):\n    def construct(self, x): return x * 2\nops.GradOperation(sens_param=True)(N())(Tensor([1.0]))",
     "exact"),
    ("class N(nn.Cell):\n    def construct(self, x): return x * 2\n"
     "ops.GradOperation(sens_param=True)(N())(Tensor([1.0]), Tensor([3.0]))", "exact"),
    # ---- Tensor construction from out-of-range Python ints: wraps as C does, big ints become uint64
    ("Tensor([300], ms.int8)", "exact"),
    ("Tensor([-200, 128], ms.int8)", "exact"),
    ("Tensor([-1, 256], ms.uint8)", "exact"),
    ("Tensor([2**31], ms.int32)", "exact"),
    ("t = Tensor(2**63); (str(t.dtype), str(t))", "exact"),
    ("t = Tensor([2**63, 1]); (str(t.dtype), str(t))", "exact"),
    ("Tensor(2**64)", "class"),
    ("Tensor(-2**63 - 1)", "class"),
]


def run_case(stmts: str, ns: dict):
    """Run ``stmts`` in ``ns``: ('ok', rendered value) or ('error', class name, first message line)."""
    *body, last = stmts.split("; ")
    try:
        for s in body:
            exec(s, ns)  # noqa: S102 - statements of this file only
        value = eval(last, ns) if "\n" not in last else _exec_last(last, ns)  # noqa: S307
        return ["ok", render(value)]  # rendering reads the value: an asynchronous error surfaces here
    except Exception as e:  # noqa: BLE001
        lines = [s.strip() for s in str(e).strip().split("\n") if s.strip()]
        return ["error", type(e).__name__, lines[0] if lines else ""]


def _exec_last(block: str, ns: dict):
    *defs, expr = block.split("\n")
    exec("\n".join(defs), ns)  # noqa: S102
    return eval(expr, ns)  # noqa: S307


def render(v):
    """JSON-able form of a result: Tensors as (dtype, values), containers elementwise."""
    if hasattr(v, "asnumpy"):
        a = v.asnumpy()
        return {"dtype": str(v.dtype), "value": a.astype(float).tolist() if a.dtype.kind == "f" or
                str(a.dtype) == "bfloat16" else a.tolist()}
    if isinstance(v, (tuple, list)):
        return [render(x) for x in v]
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return str(v)
