"""Record MindSpore 2.10's GRAPH_MODE answers for the constructs of its static-graph syntax
tutorials where mindjax differed (issue #13): a generator expression, ``tuple``/``list`` of a
numpy array, ``isinstance`` of JIT Fallback values, a ``jit_class`` object without ``__call__``
called, and the gradient through a Parameter that ``ops.assign`` rewrites in a loop.
Run with ``~/msref/bin/python tests/data/gen_graph_tutorial.py``; writes ``ms_graph_tutorial.json``.
Cases, encoding and running as in gen_graph_jit.py (its ``load_case``/``enc``/``run_case``)."""
import importlib.util
import json
import os
import sys
import tempfile

_HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("gen_graph_jit", os.path.join(_HERE, "gen_graph_jit.py"))
_jit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_jit)
load_case, enc, run_case = _jit.load_case, _jit.enc, _jit.run_case

HEAD = _jit.HEAD
_fn, _call = _jit._fn, _jit._call

_ASSIGN_LOOP = """
class Fwd(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(np.array(0), ms.int32), name="w")

    def construct(self, x):
        out = 0
        i = 0
        while i < 3:
            ops.assign(self.weight, i)
            out = x * self.weight + out
            i = i + 1
        return out


class Bwd(nn.Cell):
    def __init__(self, fwd):
        super().__init__()
        self.fwd = fwd
        self.grad = ops.GradOperation(get_all=True)

    def construct(self, x):
        return self.grad(self.fwd)(x)
"""

CASES = {
    "genexp_is_list": _fn("return (v * v for v in range(1, 11) if v % 2 == 0)", "[()]"),
    "genexp_of_tensor_elements": _fn("return tuple(t * 2 for t in (args[0], args[0] + 1)), "
                                     "sum(v for v in range(4))", "[(X,)]"),
    "genexp_in_builtin": _fn("return any(v > 3 for v in range(5)), all(v > 3 for v in range(5)), "
                             "list(v for v in range(3))", "[()]"),
    "tuple_list_of_ndarray": _fn("a = np.array([1, 2, 3])\nb = np.array([1.5, 2.5])\n"
                                 "return tuple(a), list(a), list(b), [type(v).__name__ for v in tuple(a)]", "[()]"),
    "tuple_of_2d_ndarray": _fn("return tuple(np.array([[1, 2], [3, 4]]))", "[()]"),
    "isinstance_fallback_values": _fn("w = args[0]\nn = w.asnumpy()\n"
                                      "return isinstance(n, np.ndarray), isinstance(n, Tensor), "
                                      "isinstance(w.tolist(), list), isinstance(int(w[0]), int), "
                                      "isinstance(float(w[0]), float)", "[(I,)]"),
    "jit_class_without_call": ("@ms.jit_class\nclass Inner:\n    def __init__(self, k):\n        self.k = k\n"
                               "@jit\ndef net(x):\n    return Inner(2)(x)\nINPUTS = [(X,)]\n"),
    "jit_class_with_call": ("@ms.jit_class\nclass Inner:\n    def __init__(self, k):\n        self.k = k\n"
                            "    def __call__(self, x):\n        return self.k * x\n"
                            "@jit\ndef net(x):\n    return Inner(2)(x)\nINPUTS = [(X,)]\n"),
    "assign_in_loop_grad": _ASSIGN_LOOP + "net = Bwd(Fwd())\n"
                           "INPUTS = [(Tensor(np.array(1), ms.int32),), (Tensor(np.array([1, 2, 3]), ms.int32),)]\n",
    "assign_in_loop_grad_float": _ASSIGN_LOOP.replace("ms.int32", "ms.float32") + "net = Bwd(Fwd())\n"
                                 "INPUTS = [(Tensor(np.array([1.0, 2.0]), ms.float32),)]\n",
    # comprehensions of more than one generator: refused by the parser
    "listcomp_two_generators": _fn("x = ((1, 2), (3, 4))\nreturn [y for a in x for y in a]", "[()]"),
    "dictcomp_two_generators": _fn("x = ({'a': 1}, {'b': 2})\nreturn {k: v for y in x for (k, v) in y.items()}",
                                   "[()]"),
    "genexp_two_generators": _fn("x = ((1, 2), (3, 4))\nreturn tuple(y for a in x for y in a)", "[()]"),
    # the branches of a run-time ``if``: a Tensor and a Python scalar do not join; two scalars do
    "join_tensor_scalar_assigned": _fn("x = args[0]\nif x > 0:\n    y = x * 2\nelse:\n    y = 1\nreturn y",
                                       "[(X[0],), (-X[0],)]"),
    "join_tensor_scalar_returned": _fn("x = args[0]\nif x > 0:\n    return x\nreturn 0", "[(X[0],)]"),
    "join_one_branch_assigns": _fn("x = args[0]\ny = 3\nif x > 0:\n    y = x\nreturn y", "[(X[0],)]"),
    "join_unused_after": _fn("x = args[0]\nif x > 0:\n    y = x\nelse:\n    y = 1\nreturn x", "[(X[0],), (-X[0],)]"),
    "join_two_scalars": _fn("x = args[0]\nif x > 0:\n    y = (x, 1)\nelse:\n    y = (x, 2)\nreturn y",
                            "[(X[0],), (-X[0],)]"),
    "join_str_int": _fn("x = args[0]\nif x > 1:\n    return '2'\nreturn 1", "[(X[1],)]"),
    "join_tuple_tensor": _fn("x = args[0]\nif x > 1:\n    return x, x\nreturn x", "[(X[1],)]"),
    "join_while_return": _fn("x = args[0]\nwhile x < 10:\n    return x * 2\nreturn 0", "[(X[0],)]"),
    # f-strings of run-time Tensors: returned, and from the branches of a run-time ``if``
    "fstring_returned": _fn("return f'x: {args[0]}'", "[(I,)]"),
    "fstring_from_branches": _fn("x, y = args\nif (x > 2 * y).all():\n    res = f'res: {2 * y}'\nelse:\n"
                                 "    res = f'res: {x}'\nreturn res", "[(I, I)]"),
    # round() of a Tensor: elementwise, halves to even; a 0-d Tensor does not iterate
    "round_tensor": _fn("a = args[0]\nreturn round(a), round(a, 0), round(a[1])",
                        "[(Tensor(np.array([0.1, 4.51, 2.5, -0.5]), ms.float32),)]"),
    "round_tensor_pynative": _call("round(Tensor(np.array([0.5, 1.5, 2.51], np.float32)))"),
    "sum_0d_tensor": _fn("return sum(Tensor(1))", "[()]"),
    "iter_0d_tensor_pynative": _call("list(Tensor(1))"),
    # ndarray OP Tensor: numpy's answer on the values, an ndarray (PyNative)
    "ndarray_op_tensor_pynative": _call("(np.array([[6, 0], [5, 20]]) == Tensor(np.array([[6, 0], [5, 20]])), "
                                        "np.array([1, 2]) * Tensor(np.array([3, 4])))"),
    "numpy_ufunc_of_tensor": _fn("return np.exp(args[0]), np.array([1.0, 2.0]) * args[0]", "[(X,)]"),
    # map's checks in graph mode
    "map_one_arg": _fn("return map(lambda a: a)", "[()]"),
    "map_int_args": _fn("return map(lambda a, b: a * b, 3, 4)", "[()]"),
    "map_tensor_args": _fn("return map(lambda a, b: a * b, args[0], args[0])", "[(X,)]"),
    "map_list_lengths": _fn("return map(lambda a, b: a * b, [1, 2], [1])", "[()]"),
    "map_tuple_and_list": _fn("return map(lambda a, b: a * b, (1, 2), [1, 2])", "[()]"),
    "map_lists_and_tuples": _fn("return map(lambda a, b: a + b, [0, 1], [6, 7]), map(lambda a: a * 2, (1, 2))",
                                "[()]"),
    "map_tuple_lengths": _fn("return map(lambda a, b: a * b, (1, 2), (1,))", "[()]"),
    "map_list_and_tensor": _fn("return map(lambda a, b: a * b, [args[0]], args[0])", "[(X,)]"),
    "invert_int_tensor": _fn("return ~args[0]", "[(Tensor([1, 2, 3, 4]),)]"),
    # range's checks in graph mode
    "range_step_zero": _fn("n = 0\nfor _ in range(1, 2, 0):\n    n += 1\nreturn n", "[()]"),
    "range_float_arg": _fn("n = 0\nfor _ in range(0, 0.02):\n    n += 1\nreturn n", "[()]"),
    "range_four_args": _fn("n = 0\nfor _ in range(1, 2, 3, 4):\n    n += 1\nreturn n", "[()]"),
    "range_overflow": _fn("n = 0\nfor _ in range(9223372036854775806, 9223372036854775807, 3):\n    n += 1\n"
                          "return n", "[()]"),
    "range_empty": _fn("n = 0\nfor _ in range(1, -1, 3):\n    n += 1\nreturn n + 2, range(0, 7, 3)", "[()]"),
}


if __name__ == "__main__":
    import mindspore as ms
    ms.set_context(mode=ms.GRAPH_MODE)
    out = {}
    with tempfile.TemporaryDirectory() as d:
        sys.path.insert(0, d)
        for name, src in CASES.items():
            out[name] = run_case(ms, load_case(name, src, d, HEAD), enc)
            print(name, out[name], flush=True)
    with open(os.path.join(_HERE, "ms_graph_tutorial.json"), "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=1, sort_keys=True)
