"""Record MindSpore 2.10's GRAPH_MODE errors (class and message) and results for the syntax checks of
its compiler: constant division by zero, Primitives called with the wrong number of inputs,
``F.typeof``/``F.tuple_div`` checks, slices of tuples, lists, strings and Tensors, ``try``, a missing
attribute of a list, ``and``/``or``/``not`` on Tensors, reflected bitwise operators, lambdas made
outside compiled code, and ``Cell.pipeline_stage``.

Run with ``~/msref/bin/python tests/data/gen_graph_syntax_errors.py``; writes
``ms_graph_syntax_errors.json``. Each case is a module source defining ``net`` and ``INPUTS`` (as in
gen_graph_control.py); for each input the result, or the error class with the first ``LINES`` lines
of its message (default 1), is recorded. ``EAGER = True`` runs the case in PyNative mode."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_graph_control import HEAD, enc, load_case  # noqa: E402,F401  (tests/jit/test_graph_syntax_errors.py loads cases with it)

HEAD = HEAD + "from mindspore.ops import operations as P\nfrom mindspore.ops import functional as F\n"


def _fn(body, inputs="[(Tensor(2, ms.int32),)]", args="x", extra=""):
    return extra + f"@ms.jit\ndef net({args}):\n" + "".join("    " + ln + "\n" for ln in body.split("\n")) + \
        f"INPUTS = {inputs}\n"


TT = "(Tensor(1), Tensor(2), Tensor(3), Tensor(4), Tensor(5), Tensor(6))"
X5 = "Tensor(np.arange(5), ms.int32)"
CELL = """def lambda_f(v):
    return v
class Net(nn.Cell):
    def __init__(self, f):
        super().__init__()
        self.f = f
    def construct(self, x):
        return self.f(x)
"""

CASES = {
    "div_zero": _fn("return x + 5 / 0"),
    "floordiv_zero": _fn("return x + 5 // 0"),
    "mod_zero": _fn("return x + 5 % 0"),
    "float_mod_zero": _fn("return x + 5.0 % 0.0"),
    "prim_unary_two_inputs": _fn("return P.Abs()(x, x)"),
    "prim_binary_one_input": _fn("return P.Mod()(x)"),
    "prim_binary_three_inputs": _fn("return P.Add()(x, x, x)"),
    "prim_eager_too_many": _fn("return P.Abs()(x, x)").replace("@ms.jit\n", "") + "EAGER = True\n",
    "prim_mod_numbers": _fn("return P.Mod()(x, y)", "[(19, 2), (19, Tensor(2))]", "x, y"),
    "prim_mod_numbers_eager": "def net(x, y):\n    return P.Mod()(x, y)\nINPUTS = [(19, 2), (19, Tensor(2))]\nEAGER = True\n",
    "typeof_two": _fn("return F.typeof(x, x)"),
    "tuple_div_ok": _fn("return F.tuple_div(x, y)", "[((8, 14), (2, 7))]", "x, y"),
    "tuple_div_len": _fn("return F.tuple_div(x, y)", "[((8, 14, 20), (2, 2))]", "x, y"),
    "tuple_div_float": _fn("return F.tuple_div(x, y)", "[((8, 14, 20), (2, 2, 2.0))]", "x, y"),
    "tuple_div_zero": _fn("return F.tuple_div(x, y)", "[((8, 14, 20), (2, 2, 0))]", "x, y"),
    "tuple_div_not_divisible": _fn("return F.tuple_div(x, y)", "[((8, 14), (2, 3))]", "x, y"),
    "tuple_div_eager_list": "net = F.tuple_div\nINPUTS = [((8, 14), [2, 7])]\nEAGER = True\n",
    "tuple_slice_tensor_bounds": _fn("return t[I3:], t[2:I5], t[B:]", f"[({TT},)]", "t",
                                     "I3 = Tensor(3)\nI5 = Tensor([5])\nB = Tensor([True])\n"),
    "tuple_slice_str": _fn("return t[I3:'str']", f"[({TT},)]", "t", "I3 = Tensor(3)\n"),
    "tuple_slice_float": _fn("return t[1:4.5]", f"[({TT},)]", "t"),
    "tuple_slice_float_tensor": _fn("return t[F15:]", f"[({TT},)]", "t", "F15 = Tensor(1.5)\n"),
    "tuple_slice_step_zero": _fn("return t[2:I5:0]", f"[({TT},)]", "t", "I5 = Tensor([5])\n"),
    "tuple_index_float": _fn("return t[1.5]", f"[({TT},)]", "t"),
    "list_index_float": _fn("s = [1, 2]\nreturn s[1.5]"),
    "list_slice_step_zero": _fn("s = [1, 2, 3, 4]\nreturn s[1:3:0]"),
    "str_slice_float": _fn("s = 'ABCDEFGHIJKL'\nreturn s[1:4.5]"),
    "str_slice_object": _fn("s = 'ABCDEFGHIJKL'\nreturn s[slice(x, 4.5)]", "[(1,)]"),
    "tuple_slice_object": _fn("t = (1, 2, 3, 4, 5)\nreturn t[SL]", "[(1,)]", extra="SL = slice(1, 4.5)\n"),
    "str_slice_object_str": _fn("t = 'abcdef'\nreturn t[slice('a', 3)]", "[(1,)]"),
    "tensor_slice_float": _fn("return x[1.01:None:None]", f"[({X5},)]"),
    "tensor_slice_step_zero": _fn("return x[1:2:0]", f"[({X5},)]"),
    "tensor_slice_float_tensor": _fn("return x[1:Tensor(2.5)]", f"[({X5},)]"),
    "tensor_index_float": _fn("return x[1.5]", f"[({X5},)]"),
    "try_refused": _fn("try:\n    v = x + 1\nexcept Exception:\n    v = x\nreturn v"),
    "try_finally_refused": _fn("try:\n    v = x + 1\nfinally:\n    v = x\nreturn v"),
    "list_missing_attribute": _fn("return x.id_", "[([3, 1],), ((3, 1),), ({'a': 1},)]"),
    "list_missing_attribute_aug": _fn("x.id_ += y\nreturn x", "[([3, 1], 2)]", "x, y"),
    "and_other_dtypes": _fn("return x and y", "[(Tensor(np.ones([1], np.float32)), Tensor(np.zeros([1], np.int32)))]",
                            "x, y") + "LINES = 2\n",
    "and_tensor_number": _fn("return x and y", "[(Tensor(np.ones([1], np.int32)), 2)]", "x, y") + "LINES = 2\n",
    "or_other_dtypes": _fn("return x or y", "[(Tensor(np.ones([1], np.float32)), Tensor(np.zeros([1], np.int32)))]",
                           "x, y") + "LINES = 2\n",
    "and_same_dtype": _fn("return x and y", "[(Tensor(np.ones([1], np.int32)), Tensor(np.zeros([1], np.int32)))]",
                          "x, y"),
    "and_constants_made_inside": _fn("a = Tensor([1])\nb = Tensor([2.0])\nreturn a and b, b and x, Tensor([0]) or x",
                                     "[(Tensor([1]),)]"),
    "and_printed_then_returned": _fn("print(x and y)\nreturn x and y", "[(Tensor([1]), Tensor([1.0]))]", "x, y") +
                                 "LINES = 2\n",
    "and_constant_list": _fn("return L and T", "[(1,)]", extra="L = ['1', '2']\nT = Tensor(np.ones([2, 2], np.int32))\n"),
    "not_2x2": _fn("return not x", "[(Tensor(np.ones([2, 2], np.int32)),), (Tensor(np.ones([2, 2], np.float32)),)]"),
    "not_constant_2x2": _fn("return not T", "[(1,)]", extra="T = Tensor(np.ones([2, 2], np.int32))\n"),
    "not_shape_1": _fn("return not x", "[(Tensor([2]),)]"),
    "if_2x2": _fn("if x:\n    return 1\nreturn 2", "[(Tensor(np.ones([2, 2], np.int32)),)]"),
    "bool_eager_2x2": "net = bool\nINPUTS = [(Tensor(np.ones((2, 2))),)]\nEAGER = True\n",
    "bitwise_number_tensor": _fn("return 1 & y, 1 | y, 1 ^ y, 3 & y, True & b, True ^ b, 1 & b, b & 1, b | True",
                                 "[(Tensor(np.array([1, 2, -4])), Tensor(np.array([True, False])))]", "y, b"),
    "lambda_attribute_alone": CELL + "F1 = (lambda x: x + 1)\nnet = Net(F1)\nINPUTS = [(Tensor(4),)]\n",
    "lambda_in_ifexp": CELL + "Y = 2\nF1 = nn.ReLU() if Y < 1 else lambda x: x + 1\nnet = Net(F1)\n"
                       "INPUTS = [(Tensor(4),)]\n",
    "lambda_in_call": CELL + "net = Net(dict(f=lambda x: x + 1)['f'])\nINPUTS = [(Tensor(4),)]\n",
    "lambda_default_value": CELL + "def make(a, f=lambda x: x * 3):\n    return f\nnet = Net(make(1))\n"
                            "INPUTS = [(Tensor(4),)]\n",
    "lambda_inside_jit": _fn("return tuple(map(lambda v: v * 2, (1, 2))), (lambda v: v + x)(1)"),
    "super_three_arguments": CELL.replace("return self.f(x)", "super(Net, 2, 3).aa()\n        return x") +
                             "net = Net(1)\nINPUTS = [(Tensor(1),)]\n",
    "super_not_instance": CELL.replace("return self.f(x)", "super(Net, 2).aa()\n        return x") +
                          "net = Net(1)\nINPUTS = [(Tensor(1),)]\n",
    "zip_no_arguments": _fn("return zip()"),
    "zip_two": _fn("return zip(x, (1, 2))", "[((1, 2),)]"),
    "assign_parameter_dtype_rank": ("class PNet(nn.Cell):\n    def __init__(self, dt, shape):\n        super().__init__()\n"
                                    "        self.p = Parameter(Tensor(np.full(shape, 5), dt), name='p')\n"
                                    "    def construct(self, x):\n        self.p = x\n        return self.p\n"
                                    "def net(dt, shape, v):\n    return PNet(dt, shape)(v)\n"
                                    "INPUTS = [(ms.float32, (), Tensor(np.ones((2, 3), np.float64))), "
                                    "(ms.float32, (), Tensor(np.ones((2, 3), np.float32))), "
                                    "(ms.int32, (2,), Tensor(np.ones(2, np.int64))), (ms.float16, (2,), Tensor(np.ones(2, np.float32))), "
                                    "(ms.int64, (2,), Tensor(np.ones(2, np.int32))), (ms.float32, (2,), Tensor(np.ones(2, np.float16)))]\n"),
    "raise_percent_format": CELL.replace("return self.f(x)", "if x > 10:\n            raise ValueError(f'The input can not be %s.' % x)"
                                         "\n        return x") + "net = Net(1)\nINPUTS = [(Tensor(11),)]\n",
    "assert_fstring_message": _fn("out = x + y\nassert out == Tensor(8, ms.int32), f'The output is {out}, y is {y}'\nreturn out",
                                  "[(Tensor(2, ms.int32), Tensor(3, ms.int32))]",
                                  "x, y"),
    "raise_after_return_none": _fn("if x != y:\n    return None\nraise RuntimeError(f'The input should not be {x}.')",
                                   "[(Tensor(1), Tensor(1))]", "x, y"),
    "assert_fstring_message_holds": _fn("out = x + y\nassert out == Tensor(8, ms.int32), f'The output is {out}'\nreturn out",
                                        "[(Tensor(5, ms.int32), Tensor(3, ms.int32))]", "x, y"),
    "raise_after_return_none_returns": _fn("if x != y:\n    return None\nraise RuntimeError(f'The input should not be {x}.')",
                                           "[(Tensor(1), Tensor(2))]", "x, y"),
    "min_of_mutable_scalar": _fn("return min(x)", "[(ms.mutable(1),)]"),
    "parameter_names_unique": _fn("return a * b", "[(Parameter(Tensor(1), name='a'), Parameter(Tensor(2), name='a')), "
                                  "(Parameter(Tensor(1), name='a'), Parameter(Tensor(2), name='b'))]", "a, b"),
    "jit_class_parameter_assigned": ("@ms.jit_class\nclass Save:\n    def __init__(self):\n"
                                     "        self.num = Parameter(0, name='num', requires_grad=False)\n"
                                     "    def __call__(self, x):\n        self.num = self.num + 1\n        return x\n"
                                     "save = Save()\nclass Net(nn.Cell):\n    def construct(self, x):\n"
                                     "        x = save(x)\n        x = save(x + 1)\n        return x + 1, save.num\n"
                                     "net = Net()\nINPUTS = [(Tensor([1, 2, 3]),), (Tensor([1, 2, 3]),)]\n"),
    "enumerate_start_not_int": _fn("return enumerate((1, 2), start=x)", "[([1, 2],), (1.5,)]"),
    "len_of_scalar": _fn("return len(x)", "[(ms.mutable(2),), (1.5,)]"),
    "dict_views": _fn("d = {'a': x, 'b': 2}\nreturn d.values(), d.keys(), d.values()[0]", "[(Tensor([1]),)]"),
    "dict_items_view": _fn("d = {'a': x, 'b': 2}\nreturn d.items()", "[(Tensor([1]),)]"),
    "run_time_scalar_arithmetic": _fn("return int(x) + 1, int(x) + float(x), int(float(x) + 1.5), float(int(x) + 1.5)",
                                      "[(Tensor(5),)]"),
    "pipeline_stage": ("def net(v):\n    c = nn.ReLU()\n    c.pipeline_stage = v\n    return c.pipeline_stage\n"
                       "INPUTS = [(2,), (-1,), (1.5,), (True,)]\nEAGER = True\n"),
}


def run_case(mod):
    ms.set_context(mode=ms.PYNATIVE_MODE if getattr(mod, "EAGER", False) else ms.GRAPH_MODE)
    lines = getattr(mod, "LINES", 1)
    res = []
    for args in mod.INPUTS:
        try:
            res.append({"out": enc(mod.net(*args))})
        except Exception as e:  # noqa: BLE001 - the class and message are what is recorded
            res.append({"error": type(e).__name__, "message": "\n".join(str(e).split("\n")[:lines])})
    return res


if __name__ == "__main__":
    import numpy as np
    import mindspore as ms
    import gen_graph_control
    gen_graph_control.ms, gen_graph_control.np = ms, np
    gen_graph_control.record(CASES, HEAD, "ms_graph_syntax_errors.json", run_case)
