"""Expressions evaluated under real MindSpore (gen_common_layout.py records them) and under
mindjax (tests/test_common_layout.py compares): top-level names, common/*, _checkparam."""
import numpy as np

SETUP = """
import numpy as np
import mindspore as ms
from mindspore import Tensor
import mindspore._checkparam as cp
import mindspore.common.dtype as mstype
from mindspore.common.api import _pynative_executor
"""

# (expression, how to render the result); every case records either its value or its error
CASES = [
    # dtypes
    "str(ms.number), str(ms.list_), str(ms.tuple_), str(ms.type_none), str(ms.string), str(ms.tensor_type)",
    "str(ms.TensorType(ms.float32)), str(ms.TensorType(ms.float32).element_type())",
    "ms.Int(32) == ms.int32, isinstance(ms.int32, ms.Int), isinstance(ms.float32, ms.Int)",
    "[str(t) for t in (ms.intc, ms.intp, ms.uintc, ms.uintp, ms.byte, ms.ubyte, ms.short, ms.ushort, ms.long, ms.cfloat, ms.cdouble)]",
    "str(ms.float8_e4m3fn), str(ms.float8_e5m2)",
    "[str(ms.get_py_obj_dtype(o)) for o in (1, 1.0, True, 'a', (1,), [1], None, Tensor(1), np.float32(1), 1j)]",
    "ms.get_py_obj_dtype({})",
    "str(mstype.float16), mstype.dtype_to_nptype(mstype.float16).__name__, str(mstype.pytype_to_dtype(bool))",
    # mutable / JitConfig / Symbol
    "type(ms.mutable(1)).__name__, ms.mutable(1) + 1, type(ms.mutable(1.5)).__name__, type(ms.mutable((1, 2))).__name__",
    "type(ms.mutable([Tensor(1)])).__name__, type(ms.mutable({'a': Tensor(1)})).__name__, str(ms.mutable(True))",
    "ms.mutable('a')",
    "ms.mutable(None)",
    "ms.mutable(1, True)",
    "ms.JitConfig(jit_level='O1').jit_config_dict",
    "ms.JitConfig(foo=1).jit_config_dict",
    "ms.JitConfig(jit_level='O3')",
    "ms.JitConfig(exc_mode='x')",
    "ms.JitConfig(jit_syntax_level='X')",
    "ms.JitConfig(debug_level='x')",
    "ms.JitConfig(infer_boost='x')",
    "{k: v for k, v in ms.Symbol(max=10, min=2, divisor=2).to_dict().items()}",
    "ms.Symbol(max=1, min=2).to_dict(), ms.Symbol(max=-1).to_dict()",
    "ms.Symbol(divisor=0)",
    "ms.Symbol(min=0)",
    "ms.Symbol(min=1.5)",
    "ms.Symbol(remainder=3, divisor=2)",
    "Tensor(shape=[ms.Symbol(max=8), 3], dtype=ms.float32).shape",
    # Tensor forms
    "repr(Tensor(shape=[3, None], dtype=ms.float32)), Tensor(shape=[3, None], dtype=ms.float32).shape",
    "repr(Tensor(shape=None, dtype=ms.float32)), Tensor(shape=None, dtype=ms.float32).shape",
    "Tensor(shape=[3, None])",
    "Tensor(shape=(2, 3), dtype=ms.float32, init=ms.common.initializer.One()).asnumpy().tolist()",
    "Tensor(shape=(2,), dtype=ms.float32).asnumpy().tolist()",
    "Tensor.from_numpy(np.array([1, 2], np.int32)).asnumpy().tolist(), str(Tensor.from_numpy(np.array([1, 2], np.int32)).dtype)",
    "ms.from_numpy(np.ones(2)).asnumpy().tolist(), str(ms.from_numpy(np.ones(2)).dtype)",
    "ms.frombuffer(b'\\x00\\x00\\x80?\\x00\\x00\\x00@', ms.float32).asnumpy().tolist()",
    "str(ms.tensor([1, 2], ms.float32)), str(ms.tensor(3).dtype)",
    "ms.is_tensor(Tensor(1)), ms.is_tensor(1), ms.is_tensor(ms.Parameter(Tensor(1.0)))",
    # seeds and generators
    "g = ms.Generator(); g.manual_seed(4); g.initial_seed(), str(g.get_state().dtype), g.get_state().shape",
    "ms.set_seed(3); ms.manual_seed(7); ms.initial_seed(), ms.get_seed()",
    "ms.manual_seed(1.5)",
    "ms.set_rng_state(Tensor([1, 2]))",
    "str(ms.get_rng_state().dtype), ms.get_rng_state().shape",
    "type(ms.seed()).__name__",
    # swap_tensors
    "a, b = Tensor([1.0, 2.0]), Tensor([3, 4, 5]); ms.swap_tensors(a, b); a.asnumpy().tolist(), b.asnumpy().tolist(), str(a.dtype)",
    # context-level
    "ms.STRICT, ms.COMPATIBLE, ms.LAX",
    "ms.set_deterministic(True); ms.get_context('deterministic')",
    "ms.set_deterministic(1)",
    "ms.set_recursion_limit(0)",
    "ms.get_level(), sorted(ms.get_log_config())",
    # executors
    "_pynative_executor.grad_flag(), _pynative_executor.sync()",
    "from mindspore.common.api import _cell_graph_executor; _cell_graph_executor.compile(ms.nn.Dense(2, 3), Tensor(np.ones((1, 2), np.float32)))[1]",
    # _checkparam
    "cp.check_positive_int(3, 'a', 'Dense')",
    "cp.check_positive_int(0, 'a', 'Dense')",
    "cp.check_positive_int(True, 'a', 'Dense')",
    "cp.check_positive_int(3.0, 'a')",
    "cp.check_bool(1, 'x', 'P')",
    "cp.check_int_range(5, 0, 3, cp.INC_LEFT, 'k', 'Conv')",
    "cp.check_int_range(2, 0, 3, cp.INC_BOTH, 'k', 'Conv')",
    "cp.check_value_type('x', 1.0, [int, bool], 'Op')",
    "cp.check_value_type('x', True, [int], 'Op')",
    "cp.check_value_type('x', 1, [int], 'Op')",
    "cp.check_float_range(1.5, 0.0, 1.0, cp.INC_BOTH, 'keep', 'Dropout')",
    "cp.check_is_int(1.0, 'a', 'X')",
    "cp.check_non_negative_int(-1, 'a', 'X')",
    "cp.check_non_negative_int(0, 'a', 'X')",
    "cp.check_str_by_regular('a b')",
    "cp.check_str_by_regular('conv1.weight')",
    "cp.check_string('x', ['a', 'b'], 'mode', 'P')",
    "cp.check_string('a', ['a', 'b'], 'mode', 'P')",
    "cp.check_int(3, 5, cp.GE, 'a', 'P')",
    "cp.check_equal_int(3, 5, 'a', 'P')",
    "cp.check_axis_in_range(3, 2)",
    "cp.check_axis_in_range(-1, 2)",
    "cp.check_positive_int_sequence((1, 0), 'a', 'P')",
    "cp.check_positive_int_sequence((1, 2), 'a', 'P')",
    "cp.check_subclass('x', ms.int32, [ms.float32], 'P')",
    "cp.check_tensor_dtype_valid('x', ms.int32, [ms.float32, ms.float16], 'P')",
    "str(cp.check_tensor_dtype_valid('x', ms.TensorType(ms.float32), [ms.float32, ms.float16], 'P'))",
    "cp.twice(3), cp.triple(2), cp.once(1)",
    "cp.check('a', 1, 'b', 2, cp.EQ, 'P')",
    "cp.check_isinstance('x', 1, float)",
    "cp.check_number_range(5, 0, 3, cp.INC_LEFT, int, 'P')",
    "cp.check_positive_float(0.0, 'lr', 'Adam')",
    "cp.check_non_negative_float(-0.1, 'wd', 'Adam')",
    "cp.check_type_name('x', ms.int8, [ms.float32], 'P')",
    "cp.check_and_canonicalize_axes((0, -1), 3)",
    "cp.INC_LEFT, cp.INC_BOTH, cp.EQ, cp.GE, cp.GT, cp.LT",
]


def run_case(expr: str, ns: dict):
    """Evaluate ``expr`` (statements; the last one an expression) in ``ns``: ('ok', repr) or
    ('error', class name, first line of the message)."""
    *stmts, last = expr.split("; ")
    try:
        for s in stmts:
            exec(s, ns)  # noqa: S102 - test expressions of this file only
        value = eval(last, ns)  # noqa: S307
    except Exception as e:  # noqa: BLE001
        return ["error", type(e).__name__, str(e).strip().split("\n")[0].strip()]
    return ["ok", _render(value)]


def _render(v):
    if isinstance(v, np.ndarray):
        return v.tolist()
    if isinstance(v, (tuple, list)):
        return [_render(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _render(x) for k, x in v.items()}
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return str(v)


def graph_cases(ms):
    """GRAPH_MODE calls of a Cell with declared inputs (this file, so MindSpore can parse it)."""
    nn, Tensor = ms.nn, ms.Tensor

    class Two(nn.Cell):
        def construct(self, x, y):
            return x * 2 + y.sum()

    prev = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    out = []
    try:
        n = Two()
        n.set_inputs(Tensor(shape=[None, 2], dtype=ms.float32), Tensor(shape=[None, 3], dtype=ms.float32))
        out.append([str(t.shape) for t in n.get_inputs()])
        for a, b, dt in [((3, 2), (3, 3), np.float32), ((5, 2), (1, 3), np.float32), ((3, 2), (3, 4), np.float32),
                         ((3, 3), (1, 3), np.float32), ((3, 2, 1), (3, 3), np.float32), ((3, 2), (3, 3), np.int32)]:
            try:
                r = n(Tensor(np.ones(a, np.float32)), Tensor(np.ones(b, dt)))
                out.append(["ok", r.asnumpy().tolist()])
            except Exception as e:  # noqa: BLE001
                out.append(["error", type(e).__name__, str(e).split("\n")[0]])
    finally:
        ms.set_context(mode=prev)
    return out
