"""Record MindSpore 2.10's answers for ``mutable``, ``jit``'s arguments, ``JitConfig`` and
the syntax levels, ``constexpr``, ``jit_class`` and in-place writes to jit arguments.
Run with ``~/msref/bin/python tests/data/gen_graph_jit.py``; writes ``ms_graph_jit.json``.

Each case is source text defining ``net`` and ``INPUTS`` (argument tuples, one call each);
optional ``AFTER()`` is recorded after the calls, and ``CONTEXT`` (a dict) is given to
``set_context`` before the case and undone after it. Outputs are encoded as in
gen_graph_control.py; errors keep their class and the first line of their message."""
import importlib.util
import json
import os
import sys
import tempfile

HEAD = ("import numpy as np\nimport mindspore as ms\nfrom mindspore import nn, ops, Tensor, Parameter, mutable, jit\n"
        "X = Tensor(np.array([1.0, 2.0], np.float32))\nI = Tensor(np.array([1, 2], np.int32))\n")


def _fn(body, inputs, deco="@jit"):
    return f"{deco}\ndef net(*args):\n" + "".join("    " + ln + "\n" for ln in body.split("\n")) + \
        f"INPUTS = {inputs}\n"


def _call(expr):
    """A case whose one call evaluates ``expr`` (for errors raised outside compiled code)."""
    return f"def net():\n    return {expr}\nINPUTS = [()]\n"


CASES = {
    # mutable scalars: variables of the program, Python semantics inside, Python results
    "mut_scalar_times_tensor": _fn("a, n = args\nreturn a * n", "[(X, mutable(3)), (X, mutable(4))]"),
    "mut_int_returned": _fn("return args[0] + 1", "[(mutable(3),), (mutable(-7),)]"),
    "mut_float_returned": _fn("return args[0] + 1", "[(mutable(3.5),)]"),
    "mut_bool_returned": _fn("return args[0] + 1", "[(mutable(True),)]"),
    "mut_int_ops": _fn("n = args[0]\nreturn n * 2, n / 2, n // 2, -n, n ** 2, n % 2, n > 2, n == 3, 7 - n, 2 * n",
                       "[(mutable(3),), (mutable(-5),)]"),
    "mut_float_ops": _fn("n = args[0]\nreturn n * 2, n / 2, n // 2, n - 1, n < 3.0", "[(mutable(2.5),)]"),
    "mut_with_int_tensor": _fn("return I * args[0], I + args[1]", "[(mutable(3), mutable(2.5))]"),
    "mut_tuple_of_tensors": _fn("t = args[0]\nreturn t[0] + t[1]", "[(mutable((X, X * 2)),)]"),
    "mut_list_of_scalars": _fn("t = args[0]\nreturn t[0] + t[1], len(t)", "[(mutable([1, 2]),), (mutable([5, 7]),)]"),
    "mut_dict": _fn("d = args[0]\nreturn d['a'] * d['k']", "[(mutable({'a': X, 'k': 3}),)]"),
    "mut_dynamic_len": _fn("t = args[0]\nreturn len(t)", "[(mutable([1, 2, 3], True),), (mutable([1, 2], True),)]"),
    "mut_dynamic_len_append": _fn("t = args[0]\nt.append(4)\nreturn t", "[(mutable([1, 2, 3], True),)]"),
    "mut_type": _fn("n = args[0]\nreturn type(n) == int, isinstance(n, int), isinstance(n, float)",
                    "[(mutable(2),)]"),
    "mut_range": _fn("a, n = args\nfor i in range(n):\n    a = a + 1\nreturn a", "[(X, mutable(3)), (X, mutable(1))]"),
    "mut_if": _fn("a, n = args\nif n > 2:\n    return a + 1\nreturn a - 1", "[(X, mutable(3)), (X, mutable(1))]"),
    "mut_as_shape": _fn("a, n = args\nreturn ops.reshape(a, (n, 1))", "[(X, mutable(2))]"),
    "mut_to_tensor": _fn("return Tensor(args[0])", "[(mutable(3),)]"),
    "mut_plain_python": _call("(mutable(2) + 1, repr(mutable(True)), isinstance(mutable(False), bool), "
                              "type(mutable((1, 2))).__name__, mutable([1])[0])"),
    "mut_error_type": _call("mutable(None)"),
    "mut_error_dynamic_len_type": _call("mutable((1, 2), 1)"),
    "mut_error_dynamic_len_scalar": _call("mutable(3, True)"),
    # jit's arguments
    "jit_bad_capture_mode": _call("jit(lambda a: a, capture_mode='graph')"),
    "jit_bad_level": _call("jit(lambda a: a, jit_level='O2')"),
    "jit_bad_dynamic": _call("jit(lambda a: a, dynamic=2)"),
    "jit_bad_fullgraph": _call("jit(lambda a: a, fullgraph=1)"),
    "jit_bad_exec_order": _call("jit(lambda a: a, exec_order='xyz')"),
    "jit_options": _fn("return args[0] * 3", "[(X,)]", "@jit(jit_level='O1', dynamic=1, backend='ms_backend', "
                                                      "disable_format_transform=True)"),
    "jit_deprecated_args": _fn("return args[0] - 1", "[(X,)]", "@jit(input_signature=None, compile_once=True)"),
    "jit_dynamic_shapes": _fn("return args[0].sum() * 2", "[(X,), (Tensor(np.ones((3, 2), np.float32)),)]",
                              "@jit(dynamic=1)"),
    "jit_bytecode_if": _fn("a = args[0]\nif a.sum() > 2:\n    return a + 1\nreturn a - 1", "[(X,), (-X,)]",
                           "@jit(capture_mode='bytecode')"),
    "jit_fullgraph_dict_out": _fn("a = args[0]\nreturn {'a': a, 'b': {'c': 2}}", "[(X,)]", "@jit(fullgraph=True)"),
    "jit_fullgraph_asnumpy": _fn("return args[0].asnumpy()", "[(X,)]", "@jit(fullgraph=True)"),
    "jit_fullgraph_tolist": _fn("return args[0].tolist()", "[(X,)]", "@jit(fullgraph=True)"),
    "jit_fullgraph_item_ok": _fn("return args[0][0].item(), float(args[0][1])", "[(X,)]", "@jit(fullgraph=True)"),
    "jit_lax_asnumpy": _fn("return args[0].asnumpy()", "[(X,)]"),
    "context_compatible": ("class Net(nn.Cell):\n    def construct(self, a):\n        return {'a': a}, a.shape\n"
                           "net = Net()\nINPUTS = [(X,)]\nCONTEXT = {'jit_syntax_level': ms.COMPATIBLE}\n"),
    "context_compatible_asnumpy": ("class Net(nn.Cell):\n    def construct(self, a):\n        return a.asnumpy()\n"
                                   "net = Net()\nINPUTS = [(X,)]\nCONTEXT = {'jit_syntax_level': ms.COMPATIBLE}\n"),
    "context_strict_dict": ("class Net(nn.Cell):\n    def construct(self, a):\n        return {'a': a * 2}\n"
                            "net = Net()\nINPUTS = [(X,)]\nCONTEXT = {'jit_syntax_level': ms.STRICT}\n"),
    # JitConfig
    "jitconfig_dict": _call("sorted(ms.JitConfig(jit_level='O1', jit_syntax_level='COMPATIBLE', "
                            "foo=3).jit_config_dict.items())"),
    "jitconfig_o2_backend": _call("ms.JitConfig(jit_level='O2').jit_config_dict['backend']"),
    "jitconfig_bad_level": _call("ms.JitConfig(jit_level='O3')"),
    "jitconfig_bad_syntax": _call("ms.JitConfig(jit_syntax_level='strict')"),
    "jitconfig_bad_exc_mode": _call("ms.JitConfig(exc_mode='x')"),
    # jit_class, jit on a Cell class, constexpr, in-place writes to arguments
    "jit_class_on_cell": _call("ms.jit_class(nn.ReLU)"),
    "jit_class_not_class": _call("ms.jit_class(3)"),
    "jit_class_used": ("@ms.jit_class\nclass Scale:\n    def __init__(self):\n        self.k = 3\n"
                       "    def apply(self, a):\n        return a * self.k\nS = Scale()\n"
                       "@jit\ndef net(a):\n    return S.apply(a) + S.k\nINPUTS = [(X,)]\n"),
    "jit_cell_class": ("@jit\nclass Net(nn.Cell):\n    def construct(self, a):\n        if a.sum() > 2:\n"
                       "            return a * 2\n        return a\nnet = Net()\nINPUTS = [(X,), (-X,)]\n"),
    "constexpr_in_jit": ("from mindspore.ops import constexpr\n@constexpr\ndef half(s):\n    return tuple(d // 2 for d in s)\n"
                         "@jit\ndef net(a):\n    return ops.zeros(half(a.shape), ms.float32) + 1\n"
                         "INPUTS = [(Tensor(np.ones((4, 6), np.float32)),)]\n"),
    "inplace_jit_argument": ("B = Tensor(np.array([1.0], np.float32))\n@jit\ndef net(x):\n    x.add_(1)\n"
                             "    return x * 2\nINPUTS = [(B,), (B,)]\ndef AFTER():\n    return B\n"),
    "inplace_jit_argument_grad": ("B = Tensor(np.array([3.0, 4.0], np.float32))\n@jit\ndef f(x, y):\n    y.add_(1)\n"
                                  "    return (x * y).sum()\ndef net(x):\n    return ms.grad(f)(x, B)\n"
                                  "INPUTS = [(X,)]\ndef AFTER():\n    return B\n"),
    # loop operators
    "op_while_loop": _fn("return ops.WhileLoop()(lambda v: v.sum() < 100, lambda v: v * 2 + 1, args[0])", "[(X,)]"),
    "op_fori_loop": _fn("return ops.ForiLoop()(args[1], 5, lambda i, v: v + i * v, args[0])",
                        "[(X, 0), (X, Tensor(2, ms.int32))]"),
    "op_scan": _fn("c, ys = ops.Scan()(lambda c, x: (c + x, c * x), args[0], [X, X * 2, X * 3])\nreturn c, ys",
                   "[(X,)]"),
    "op_loops_pynative": _call("(ops.WhileLoop()(lambda v: v < 10, lambda v: v * 2, Tensor(1.0)), "
                               "ops.ForiLoop()(0, 4, lambda i, v: v + i, Tensor(0)), "
                               "ops.Scan()(lambda c, x: (c + x, c * x), Tensor(0), [1, 2, 3]))"),
    "op_while_loop_bad_func": _call("ops.WhileLoop()(1, lambda v: v, X)"),
    # Parameters written in branches and loops: returned after the write, differentiated from their start
    "param_returned_after_branch": ("class Net(nn.Cell):\n    def __init__(self):\n        super().__init__()\n"
                                    "        self.w = Parameter(Tensor(np.array(0), ms.int32), name='w')\n"
                                    "    def construct(self, x):\n        for i in range(3):\n            if x > 0:\n"
                                    "                self.w = x\n                ops.assign(self.w, i)\n"
                                    "        return x, self.w\nnet = Net()\nINPUTS = [(Tensor(np.array(1), ms.int32),)]\n"),
    "grad_while_writing_params": ("class Net(nn.Cell):\n    def __init__(self):\n        super().__init__()\n"
                                  "        self.w = Parameter(Tensor(np.array([1.5], np.float32)), name='w')\n"
                                  "        self.b = Parameter(Tensor(np.array([0.0], np.float32)), name='b')\n"
                                  "    def construct(self, x):\n        while self.b < 3:\n            x = x * self.w\n"
                                  "            self.b = self.b + 1\n        if x > 1:\n            x = x * self.w\n"
                                  "        return x\nclass G(nn.Cell):\n    def __init__(self, n):\n"
                                  "        super().__init__()\n        self.n = n\n"
                                  "        self.g = ops.GradOperation(get_all=True, get_by_list=True)\n"
                                  "        self.p = ms.ParameterTuple(n.trainable_params())\n    def construct(self, x):\n"
                                  "        return self.g(self.n, self.p)(x)\nnet = G(Net())\n"
                                  "INPUTS = [(Tensor([2.0], ms.float32),)]\n"),
    # a numpy scalar given to mutable: compiled code reads it as the Python number; PyNative refuses it
    "mutable_numpy_scalar_in_jit": _fn("return mutable(args[0][1]) * 2", "[(np.array([1, 2, 3]),), (np.array([1.5, 2.5]),)]"),
    "mutable_numpy_scalar_pynative": _call("mutable(np.int64(2))"),
    # custom_vjp: a function with its own backward (defbwd), under vjp and GradOperation, inlined in jit
    "custom_vjp_graph": ("from mindspore.ops.function.grad.grad_func import custom_vjp\n@custom_vjp\ndef mul_add(x, y):\n    return 2 * x + y\ndef bwd(x, y, out, dout):\n    return 2 * dout, 3 * y * dout\nmul_add.defbwd(bwd)\n@jit\ndef inline(x, y):\n    return mul_add(x, y) * x + y\ndef net(x, y):\n    _, f1 = ops.vjp(mul_add, x, y)\n    _, f2 = ops.vjp(inline, x, y)\n    return f1(Tensor([1.0, 1.0])), f2(Tensor([1.0, 1.0])), ops.GradOperation(get_all=True)(inline)(x, y)\nINPUTS = [(Tensor([1.0, 2.0]), Tensor([3.0, -1.0]))]\n"),
    # vjp's function called twice reuses the one forward (the BatchNorm statistics update once)
    "vjp_fn_reuses_forward": ("class Net(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.bn = ops.BatchNorm(is_training=True)\n        self.s = Parameter(Tensor(np.ones([2], np.float32)), name='s')\n        self.b = Parameter(Tensor(np.ones([2], np.float32)), name='b')\n        self.m = Parameter(Tensor(np.ones([2], np.float32)), name='m')\n        self.v = Parameter(Tensor(np.ones([2], np.float32)), name='v')\n    def construct(self, x):\n        y = self.bn(x, self.s, self.b, self.m, self.v)[0]\n        return y, ops.relu(y) * 3\nN = Net()\nclass G(nn.Cell):\n    def construct(self, x):\n        out, f = ops.vjp(N, x)\n        return out, f((ops.ones_like(out[0]), ops.zeros_like(out[1]))), f((ops.zeros_like(out[0]), ops.ones_like(out[1])))\nnet = G()\nINPUTS = [(Tensor(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)),)]\ndef AFTER():\n    return N.m, N.v\n"),
    # GradOperation/grad with no inputs, weights None, positions out of range or empty (GRAPH and PyNative)
    "gradop_no_inputs_graph": ("from mindspore.common import dtype as mstype\nclass P0(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w0')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b0')\n    def construct(self):\n        return self.w + self.b\nclass P2(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w2')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b2')\n    def construct(self, x, y):\n        return self.w * x + self.b * y\nclass W0(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self):\n        return self.op(self.net)()\nclass WN(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self, x, y):\n        return self.op(self.net, None)(x, y)\nX1, Y1 = Tensor([10], mstype.int32), Tensor([20], mstype.int32)\ndef net():\n    return W0(P0(), ops.GradOperation())(), W0(P0(), ops.GradOperation(get_all=True))()\nINPUTS = [()]\n"),
    "gradop_no_inputs_pynative": ("from mindspore.common import dtype as mstype\nclass P0(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w0')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b0')\n    def construct(self):\n        return self.w + self.b\nclass P2(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w2')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b2')\n    def construct(self, x, y):\n        return self.w * x + self.b * y\nclass W0(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self):\n        return self.op(self.net)()\nclass WN(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self, x, y):\n        return self.op(self.net, None)(x, y)\nX1, Y1 = Tensor([10], mstype.int32), Tensor([20], mstype.int32)\ndef net():\n    return W0(P0(), ops.GradOperation())(), W0(P0(), ops.GradOperation(get_all=True))()\nCONTEXT = {'mode': ms.PYNATIVE_MODE}\nINPUTS = [()]\n"),
    "gradop_by_list_weights_none_graph": ("from mindspore.common import dtype as mstype\nclass P0(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w0')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b0')\n    def construct(self):\n        return self.w + self.b\nclass P2(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w2')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b2')\n    def construct(self, x, y):\n        return self.w * x + self.b * y\nclass W0(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self):\n        return self.op(self.net)()\nclass WN(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self, x, y):\n        return self.op(self.net, None)(x, y)\nX1, Y1 = Tensor([10], mstype.int32), Tensor([20], mstype.int32)\ndef net():\n    return WN(P2(), ops.GradOperation(get_all=True, get_by_list=True))(X1, Y1), WN(P2(), ops.GradOperation(get_by_list=True))(X1, Y1)\nINPUTS = [()]\n"),
    "gradop_by_list_weights_none_pynative": ("from mindspore.common import dtype as mstype\nclass P0(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w0')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b0')\n    def construct(self):\n        return self.w + self.b\nclass P2(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w2')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b2')\n    def construct(self, x, y):\n        return self.w * x + self.b * y\nclass W0(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self):\n        return self.op(self.net)()\nclass WN(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self, x, y):\n        return self.op(self.net, None)(x, y)\nX1, Y1 = Tensor([10], mstype.int32), Tensor([20], mstype.int32)\ndef net():\n    return WN(P2(), ops.GradOperation(get_all=True, get_by_list=True))(X1, Y1), WN(P2(), ops.GradOperation(get_by_list=True))(X1, Y1)\nCONTEXT = {'mode': ms.PYNATIVE_MODE}\nINPUTS = [()]\n"),
    "grad_position_beyond_inputs_graph": ("from mindspore.common import dtype as mstype\nclass P0(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w0')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b0')\n    def construct(self):\n        return self.w + self.b\nclass P2(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w2')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b2')\n    def construct(self, x, y):\n        return self.w * x + self.b * y\nclass W0(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self):\n        return self.op(self.net)()\nclass WN(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self, x, y):\n        return self.op(self.net, None)(x, y)\nX1, Y1 = Tensor([10], mstype.int32), Tensor([20], mstype.int32)\ndef net():\n    return ops.grad(P2(), grad_position=(0, 2), weights=None)(X1, Y1)\nINPUTS = [()]\n"),
    "grad_position_beyond_inputs_pynative": ("from mindspore.common import dtype as mstype\nclass P0(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w0')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b0')\n    def construct(self):\n        return self.w + self.b\nclass P2(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w2')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b2')\n    def construct(self, x, y):\n        return self.w * x + self.b * y\nclass W0(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self):\n        return self.op(self.net)()\nclass WN(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self, x, y):\n        return self.op(self.net, None)(x, y)\nX1, Y1 = Tensor([10], mstype.int32), Tensor([20], mstype.int32)\ndef net():\n    return ops.grad(P2(), grad_position=(0, 2), weights=None)(X1, Y1)\nCONTEXT = {'mode': ms.PYNATIVE_MODE}\nINPUTS = [()]\n"),
    "grad_position_empty_graph": ("from mindspore.common import dtype as mstype\nclass P0(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w0')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b0')\n    def construct(self):\n        return self.w + self.b\nclass P2(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w2')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b2')\n    def construct(self, x, y):\n        return self.w * x + self.b * y\nclass W0(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self):\n        return self.op(self.net)()\nclass WN(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self, x, y):\n        return self.op(self.net, None)(x, y)\nX1, Y1 = Tensor([10], mstype.int32), Tensor([20], mstype.int32)\ndef net():\n    return ops.grad(P2(), grad_position=(), weights=None)(X1, Y1)\nINPUTS = [()]\n"),
    "grad_position_empty_pynative": ("from mindspore.common import dtype as mstype\nclass P0(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w0')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b0')\n    def construct(self):\n        return self.w + self.b\nclass P2(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.w = Parameter(Tensor([6], mstype.int32), name='w2')\n        self.b = Parameter(Tensor([2], mstype.int32), name='b2')\n    def construct(self, x, y):\n        return self.w * x + self.b * y\nclass W0(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self):\n        return self.op(self.net)()\nclass WN(nn.Cell):\n    def __init__(self, net, op):\n        super().__init__()\n        self.net, self.op = net, op\n    def construct(self, x, y):\n        return self.op(self.net, None)(x, y)\nX1, Y1 = Tensor([10], mstype.int32), Tensor([20], mstype.int32)\ndef net():\n    return ops.grad(P2(), grad_position=(), weights=None)(X1, Y1)\nCONTEXT = {'mode': ms.PYNATIVE_MODE}\nINPUTS = [()]\n"),
    # a loop variable that starts as a Parameter and is rebound to values in the body carries the values
    "loop_var_starts_as_parameter": ("class Net(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.var = Parameter(Tensor([1], ms.float32), name='var')\n    def construct(self, c2, c4):\n        ops.assign(self.var, c4)\n        y = self.var\n        while y < c2:\n            ops.assign(self.var, c4)\n            y = y + 1\n        z = self.var\n        ops.assign(self.var, c2)\n        return y, z + 1, self.var\nnet = Net()\nINPUTS = [(Tensor([3], ms.int32), Tensor([0], ms.int32))]\n"),
    # gradients with respect to a mutable container input keep its structure (dicts, lists, tuples)
    "grad_mutable_container_graph": ("class Net(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.z = Parameter(Tensor(np.array([2.0], np.float32)), name='z')\n    def construct(self, x, t):\n        return t[0]['a'] * x * self.z + t[1][1] * t[1][0]\nclass Net2(Net):\n    def construct(self, t, x):\n        return t[0]['b'] * x * self.z + t[1][0]\nclass G(nn.Cell):\n    def __init__(self, n, op):\n        super().__init__()\n        self.n, self.op = n, op\n    def construct(self, x, t):\n        return self.op(self.n)(x, t)\ndef net(x):\n    t = mutable(({'a': Tensor([1.0, 2.0]), 'b': Tensor([3.0, 4.0])}, [Tensor([5.0, 6.0]), Tensor([7.0, 8.0])]))\n    return G(Net(), ops.GradOperation(get_all=True))(x, t), G(Net2(), ops.GradOperation())(t, x)\nINPUTS = [(Tensor([0.5, -1.0]),)]\n"),
    "grad_mutable_container_pynative": ("class Net(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.z = Parameter(Tensor(np.array([2.0], np.float32)), name='z')\n    def construct(self, x, t):\n        return t[0]['a'] * x * self.z + t[1][1] * t[1][0]\nclass Net2(Net):\n    def construct(self, t, x):\n        return t[0]['b'] * x * self.z + t[1][0]\nclass G(nn.Cell):\n    def __init__(self, n, op):\n        super().__init__()\n        self.n, self.op = n, op\n    def construct(self, x, t):\n        return self.op(self.n)(x, t)\ndef net(x):\n    t = mutable(({'a': Tensor([1.0, 2.0]), 'b': Tensor([3.0, 4.0])}, [Tensor([5.0, 6.0]), Tensor([7.0, 8.0])]))\n    return G(Net(), ops.GradOperation(get_all=True))(x, t), G(Net2(), ops.GradOperation())(t, x)\nCONTEXT = {'mode': ms.PYNATIVE_MODE}\nINPUTS = [(Tensor([0.5, -1.0]),)]\n"),
    # loops with an else branch are refused by MindSpore's parser
    "for_else_refused": _fn("y = args[1]\nfor _ in range(3):\n    y += args[0]\n    break\nelse:\n    y = args[0] + 6\nreturn y",
                            "[(Tensor(1), Tensor(2))]"),
    "while_else_refused": _fn("y = args[1]\nwhile y < 10:\n    y += args[0]\nelse:\n    y = args[0] + 6\nreturn y",
                              "[(Tensor(1), Tensor(2))]"),
    # gradients with respect to complex inputs are the conjugates of jax's (MindSpore's and PyTorch's convention)
    "complex_input_grad_graph": ("class N(nn.Cell):\n    def construct(self, z):\n        return ops.Imag()(z) * 2 + ops.ComplexAbs()(z) + ops.Angle()(z) + ops.Real()(z)\ndef net(z):\n    return ops.GradOperation()(N())(z)\n"
                                 "INPUTS = [(Tensor(np.array([1.3 + 0.4j, -0.5 + 2j]), ms.complex64),)]\n"),
    "complex_input_grad_pynative": ("class N(nn.Cell):\n    def construct(self, z):\n        return ops.Imag()(z) * 2 + ops.ComplexAbs()(z) + ops.Angle()(z) + ops.Real()(z)\ndef net(z):\n    return ops.GradOperation()(N())(z)\n"
                                    "CONTEXT = {'mode': ms.PYNATIVE_MODE}\nINPUTS = [(Tensor(np.array([1.3 + 0.4j, -0.5 + 2j]), ms.complex64),)]\n"),
    # a Cell's custom bprop: inside a @jit construct under a PyNative gradient, and at the top of GRAPH_MODE;
    # gradients returned beyond the inputs are dropped
    "bprop_inside_jit_construct": ("class Sub(nn.Cell):\n    def construct(self, x, y):\n        return ops.matmul(x, y)\n"
                                   "    def bprop(self, x, y, out, dout):\n        return 2 * x, 2 * y\n"
                                   "class Net(nn.Cell):\n    def __init__(self):\n        super().__init__()\n"
                                   "        self.sub = Sub()\n"
                                   "        self.z = Parameter(Tensor(np.array([3.0], np.float32)), name='z')\n"
                                   "    @jit\n    def construct(self, x, y):\n        return self.sub(x * self.z, y) + x\n"
                                   "def net(x, y):\n    return ops.GradOperation(get_all=True)(Net())(x, y)\n"
                                   "CONTEXT = {'mode': ms.PYNATIVE_MODE}\n"
                                   "INPUTS = [(Tensor([[0.5, 0.6], [1.2, 1.3]], ms.float32), Tensor([[0.1, 0.3], [2.0, 1.0]], ms.float32))]\n"),
    "bprop_nested_outputs_grad_inside": ("class F(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.relu = ops.ReLU()\n    def construct(self, x, y):\n        return self.relu(x)\n"
                                         "    def bprop(self, x, y, out, dout):\n        return x * y, y + x\n"
                                         "class G(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.f = F()\n"
                                         "    def construct(self, x, y):\n        return self.f(x, y), ops.GradOperation(get_all=True)(self.f)(x, y)\n"
                                         "    def bprop(self, x, y, out, dout):\n        g = ops.GradOperation(get_all=True)(self.f)(x, y)\n"
                                         "        return out[1][0] * 3, g[1] + dout[0]\n"
                                         "class Top(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.g = G()\n"
                                         "    def construct(self, x, y):\n        return self.g(x, y)\n"
                                         "def net(x, y):\n    return ops.GradOperation(get_all=True)(Top())(x, y)\n"
                                         "INPUTS = [(Tensor([[1.0, -2.0]], ms.float32), Tensor([[3.0, 0.5]], ms.float32))]\n"),
    "bprop_extra_grads_graph_mode": ("class Net(nn.Cell):\n    def construct(self, x, y):\n        return x * y * y\n"
                                     "    def bprop(self, x, y, out, dout):\n        return x + y, x * y, out, dout\n"
                                     "def net(x, y):\n    return ops.GradOperation(get_all=True)(Net())(x, y)\n"
                                     "INPUTS = [(Tensor(1.0, ms.float32), Tensor(2.0, ms.float32))]\n"),
    "bprop_extra_grads_jit_construct": ("class Net(nn.Cell):\n    @jit\n    def construct(self, x, y):\n        return x * y * y\n"
                                        "    def bprop(self, x, y, out, dout):\n        return x + y, x * y, out\n"
                                        "def net(x, y):\n    return ops.GradOperation(get_all=True)(Net())(x, y)\n"
                                        "CONTEXT = {'mode': ms.PYNATIVE_MODE}\n"
                                        "INPUTS = [(Tensor(1.0, ms.float32), Tensor(2.0, ms.float32))]\n"),
}


def load_case(name, src, folder, head):
    path = os.path.join(folder, f"case_{name}.py")
    with open(path, "w") as f:
        f.write(head + src)
    spec = importlib.util.spec_from_file_location(f"case_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def enc(x):
    import numpy as np
    import mindspore as ms
    if isinstance(x, ms.Tensor):
        a = x.asnumpy()
        if np.iscomplexobj(a):  # (real, imag) pairs
            a = np.stack([a.real, a.imag], -1)
            return {"tensor": str(x.dtype), "shape": list(a.shape[:-1]), "value": a.astype(np.float64).tolist()}
        return {"tensor": str(x.dtype), "shape": list(a.shape), "value": a.astype(np.float64).tolist()}
    if isinstance(x, np.ndarray):
        return {"ndarray": str(x.dtype), "value": x.astype(np.float64).tolist()}
    if isinstance(x, (tuple, list)):
        return {"seq": type(x).__name__, "items": [enc(v) for v in x]}
    if isinstance(x, dict):
        return {"dict": [[k, enc(v)] for k, v in x.items()]}
    if isinstance(x, (bool, int, float, str)) or x is None:
        return {"py": type(x).__name__, "value": x}
    return {"other": type(x).__name__, "repr": repr(x)}


def error(e):
    lines = str(e).strip().splitlines()
    return {"error": type(e).__name__, "message": lines[0] if lines else ""}


def run_case(ms, mod, encode):
    res = []
    ctx = getattr(mod, "CONTEXT", {})
    before = {k: ms.get_context(k) for k in ctx}
    if ctx:
        ms.set_context(**ctx)
    try:
        for args in mod.INPUTS:
            try:
                res.append({"out": encode(mod.net(*args))})
            except Exception as e:  # noqa: BLE001 - class and message are recorded
                res.append(error(e))
        if hasattr(mod, "AFTER"):
            res.append({"after": encode(mod.AFTER())})
    finally:
        if ctx:
            ms.set_context(**{k: (2 if v is None and k == "jit_syntax_level" else v) for k, v in before.items()})
    return res


if __name__ == "__main__":
    import mindspore as ms
    ms.set_context(mode=ms.GRAPH_MODE)
    out = {}
    with tempfile.TemporaryDirectory() as d:
        sys.path.insert(0, d)
        for name, src in CASES.items():
            out[name] = run_case(ms, load_case(name, src, d, HEAD), enc)
            print(name, out[name], flush=True)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_graph_jit.json"), "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=1, sort_keys=True)
