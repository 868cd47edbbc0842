"""Record what MindSpore 2.10 gives in GRAPH_MODE for tensor-dependent control flow.

Run with real MindSpore: ``~/msref/bin/python tests/data/gen_graph_control.py`` writes
``ms_graph_control.json``. Each case is the source of a module (``import mindspore as ms``)
defining ``net`` (a Cell or a jit function) and ``INPUTS`` (argument tuples); for each
input the result (or the error class) is recorded, and with ``GRAD = True`` the
gradients with respect to all inputs too. tests/jit/test_graph_control.py runs the same
sources under mindjax.
"""
import importlib.util
import json
import os
import sys
import tempfile

HEAD = "import numpy as np\nimport mindspore as ms\nfrom mindspore import nn, ops, Tensor, Parameter\n"

CASES = {
    "if_elif_else": """
class Net(nn.Cell):
    def construct(self, x, y):
        if x > y:
            out = x * 2
        elif x < 0:
            out = x - 3
        else:
            out = x + y
        return out
net = Net()
INPUTS = [(Tensor(3.0), Tensor(1.0)), (Tensor(-2.0), Tensor(1.0)), (Tensor(0.5), Tensor(1.0))]
GRAD = True
""",
    "if_return_both": """
class Net(nn.Cell):
    def construct(self, x):
        if x.sum() > 0:
            return x * x
        return x - 1
net = Net()
INPUTS = [(Tensor(np.array([1.0, 2.0], np.float32)),), (Tensor(np.array([-1.0, -2.0], np.float32)),)]
GRAD = True
""",
    "if_and_or_not": """
class Net(nn.Cell):
    def construct(self, x, y):
        if x > 0 and y > 0:
            z = x + y
        elif not x > 0 or y > 5:
            z = x - y
        else:
            z = x * y
        return z
net = Net()
INPUTS = [(Tensor(1.0), Tensor(2.0)), (Tensor(-1.0), Tensor(2.0)), (Tensor(1.0), Tensor(-2.0))]
""",
    "if_python_cond_unrolled": """
class Net(nn.Cell):
    def __init__(self, flag):
        super().__init__()
        self.flag = flag
    def construct(self, x):
        if self.flag:
            x = x + 1
        if x.shape[0] == 2:
            x = x * 10
        return x
net = Net(True)
INPUTS = [(Tensor(np.array([1.0, 2.0], np.float32)),), (Tensor(np.array([1.0, 2.0, 3.0], np.float32)),)]
""",
    "nested_if": """
class Net(nn.Cell):
    def construct(self, x, y):
        if x > 0:
            if y > 0:
                r = x + y
            else:
                r = x - y
        else:
            if y > x:
                r = y * 2
            else:
                r = x * 2
        return r * 1
net = Net()
INPUTS = [(Tensor(1.0), Tensor(2.0)), (Tensor(1.0), Tensor(-2.0)), (Tensor(-1.0), Tensor(2.0)), (Tensor(-1.0), Tensor(-2.0))]
GRAD = True
""",
    "while_tensor": """
class Net(nn.Cell):
    def construct(self, x):
        while x < 10:
            x = x * 2
        return x
net = Net()
INPUTS = [(Tensor(1.0),), (Tensor(3.0),), (Tensor(20.0),)]
GRAD = True
""",
    "while_counter": """
class Net(nn.Cell):
    def construct(self, x, y):
        i = Tensor(0, ms.int32)
        while i < 3:
            x = x * y + 1
            i = i + 1
        return x
net = Net()
INPUTS = [(Tensor(1.0), Tensor(2.0)), (Tensor(0.5), Tensor(-1.0))]
GRAD = True
""",
    "while_break": """
class Net(nn.Cell):
    def construct(self, x):
        while x < 100:
            x = x + 1
            if x > 5:
                break
            x = x * 3
        return x
net = Net()
INPUTS = [(Tensor(1.0),), (Tensor(10.0),), (Tensor(200.0),)]
""",
    "while_continue": """
class Net(nn.Cell):
    def construct(self, x, n):
        i = Tensor(0, ms.int32)
        s = x * 0
        while i < n:
            i = i + 1
            if i % 2 == 0:
                continue
            s = s + x * i
        return s
net = Net()
INPUTS = [(Tensor(1.5), Tensor(5, ms.int32)), (Tensor(2.0), Tensor(0, ms.int32))]
""",
    "while_return_inside": """
class Net(nn.Cell):
    def construct(self, x):
        while x < 50:
            x = x * 2
            if x > 20:
                return x - 1
        return x + 1
net = Net()
INPUTS = [(Tensor(1.0),), (Tensor(60.0),), (Tensor(25.0),)]
""",
    "for_python_range": """
class Net(nn.Cell):
    def construct(self, x):
        for i in range(3):
            x = x + i
        return x
net = Net()
INPUTS = [(Tensor(np.array([1.0, 2.0], np.float32)),)]
GRAD = True
""",
    "for_range_tensor_if": """
class Net(nn.Cell):
    def construct(self, x):
        s = x * 0
        for i in range(4):
            if x > i:
                s = s + x
            else:
                s = s - 1
        return s
net = Net()
INPUTS = [(Tensor(2.5),), (Tensor(-1.0),)]
GRAD = True
""",
    "for_over_tensor": """
class Net(nn.Cell):
    def construct(self, x):
        s = x[0] * 0
        for row in x:
            s = s + row * 2
        return s
net = Net()
INPUTS = [(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)),)]
GRAD = True
""",
    "for_break_tensor": """
class Net(nn.Cell):
    def construct(self, x):
        for i in range(5):
            if x > 4:
                break
            x = x + 2
        return x
net = Net()
INPUTS = [(Tensor(1.0),), (Tensor(10.0),)]
""",
    "for_range_tensor_bound": """
class Net(nn.Cell):
    def construct(self, x, n):
        s = x
        for i in range(n):
            s = s + i
        return s
net = Net()
INPUTS = [(Tensor(1.0), Tensor(4)),]
""",
    "while_in_if": """
class Net(nn.Cell):
    def construct(self, x, y):
        if y > 0:
            while x < y:
                x = x + 3
        else:
            x = x * 0 - 1
        return x
net = Net()
INPUTS = [(Tensor(1.0), Tensor(8.0)), (Tensor(1.0), Tensor(-8.0))]
""",
    "parameter_written_in_branch": """
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")
    def construct(self, x):
        if x > 0:
            self.w = self.w + x
        else:
            ops.assign(self.w, self.w * 0)
        return self.w * 1
net = Net()
INPUTS = [(Tensor(1.0),), (Tensor(2.0),), (Tensor(-1.0),)]
""",
    "parameter_in_while": """
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.count = Parameter(Tensor(0.0, ms.float32), name="count")
    def construct(self, x):
        while x < 10:
            x = x + 4
            self.count = self.count + 1
        return x, self.count * 1
net = Net()
INPUTS = [(Tensor(1.0),), (Tensor(5.0),)]
""",
    "subcell_with_if": """
class Inner(nn.Cell):
    def construct(self, x):
        if x.sum() > 2:
            return x * 2
        return x / 2
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.dense = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    def construct(self, x):
        return self.inner(self.dense(x))
net = Net()
INPUTS = [(Tensor(np.array([[1.0, 2.0]], np.float32)),), (Tensor(np.array([[0.1, 0.2]], np.float32)),)]
GRAD = True
""",
    "helper_function_with_if": """
def helper(a, b):
    if a > b:
        return a - b
    return b - a
class Net(nn.Cell):
    def construct(self, x, y):
        return helper(x, y) * 3
net = Net()
INPUTS = [(Tensor(5.0), Tensor(2.0)), (Tensor(1.0), Tensor(4.0))]
""",
    "jit_function_if": """
@ms.jit
def net(x, y):
    if x.max() > y:
        z = x - y
    else:
        z = x + y
    return z
INPUTS = [(Tensor(np.array([1.0, 5.0], np.float32)), Tensor(2.0)), (Tensor(np.array([1.0, 0.5], np.float32)), Tensor(2.0))]
""",
    "ifexp_tensor": """
class Net(nn.Cell):
    def construct(self, x, y):
        z = x if x > y else y
        return z * 2
net = Net()
INPUTS = [(Tensor(3.0), Tensor(1.0)), (Tensor(1.0), Tensor(3.0))]
""",
    "python_scalar_in_branch": """
class Net(nn.Cell):
    def construct(self, x):
        k = 1
        if x > 0:
            k = 3
        return x * k
net = Net()
INPUTS = [(Tensor(2.0),), (Tensor(-2.0),)]
""",
    "var_defined_in_one_branch": """
class Net(nn.Cell):
    def construct(self, x):
        if x > 0:
            y = x + 1
        return y
net = Net()
INPUTS = [(Tensor(2.0),)]
""",
    "for_range_break_on_tensor": """
class Net(nn.Cell):
    def construct(self, x):
        for _ in range(0, 10):
            x = x * 2
            if x > 100:
                break
        return x
net = Net()
INPUTS = [(Tensor(2.0),), (Tensor(300.0),)]
GRAD = True
""",
    "for_range_return_on_tensor": """
class Net(nn.Cell):
    def construct(self, x):
        out = x
        for _ in range(0, 10):
            x = x * 2
            if x > 100:
                return x
        return out
net = Net()
INPUTS = [(Tensor(2.0),), (Tensor(0.0),)]
GRAD = True
""",
    "for_tuple_break_on_tensor": """
class Net(nn.Cell):
    def construct(self, x):
        for k in (1.0, 2.0, 3.0, 4.0):
            x = x * k + 1
            if x > 10:
                break
        return x
net = Net()
INPUTS = [(Tensor(1.0),), (Tensor(20.0),)]
GRAD = True
""",
    "nested_for_break_return_params": """
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Parameter(Tensor(5, ms.int32), name='a')
        self.b = Parameter(Tensor(2, ms.int32), name='b')
    def construct(self, x):
        out = x + self.a
        for _ in range(0, 10):
            x *= 2
            if self.a % 2 == 0:
                self.a += 1
                continue
            for _ in range(0, 5):
                self.a += 1
                x += self.b
                if x > 10:
                    break
            if x > 100:
                return x
        if self.a > self.b:
            out += x
        return out
net = Net()
INPUTS = [(Tensor(2, ms.int32),)]
""",
    "shape_mismatch_branches": """
class Net(nn.Cell):
    def construct(self, x):
        if x.sum() > 0:
            y = x
        else:
            y = ops.concat((x, x))
        return y
net = Net()
INPUTS = [(Tensor(np.array([1.0, 2.0], np.float32)),)]
""",
}


def enc(x):
    if isinstance(x, ms.Tensor):
        a = x.asnumpy()
        return {"tensor": str(x.dtype), "shape": list(a.shape), "value": a.astype(np.float64).tolist()}
    if isinstance(x, (tuple, list)):
        return {"seq": type(x).__name__, "items": [enc(v) for v in x]}
    if isinstance(x, (bool, int, float, str)) or x is None:
        return {"py": type(x).__name__, "value": x}
    return {"other": type(x).__name__, "repr": repr(x)}


def load_case(name, src, folder, head):
    path = os.path.join(folder, f"case_{name}.py")
    with open(path, "w") as f:
        f.write(head + src)
    spec = importlib.util.spec_from_file_location(f"case_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # MindSpore writes globals back through sys.modules
    spec.loader.exec_module(mod)
    return mod


def run_case(mod):
    res = []
    for args in mod.INPUTS:
        entry = {}
        try:
            entry["out"] = enc(mod.net(*args))
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            entry["error"] = type(e).__name__
        if getattr(mod, "GRAD", False) and "out" in entry:
            try:
                g = ms.grad(mod.net, grad_position=tuple(range(len(args))))(*args)
                entry["grad"] = enc(g)
            except Exception as e:  # noqa: BLE001
                entry["grad_error"] = type(e).__name__
        res.append(entry)
    return res


def record(cases: dict, head: str, json_name: str, run=None) -> None:
    """Run every case of ``cases`` under real MindSpore (each from its own file, ``head`` on top,
    by ``run``: this file's ``run_case`` by default) and write their results to tests/data/``json_name``."""
    run = run or run_case
    import mindspore as ms
    out = {}
    with tempfile.TemporaryDirectory() as d:
        sys.path.insert(0, d)
        for name, src in cases.items():
            out[name] = run(load_case(name, src, d, head))
            print(name, out[name], flush=True)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), json_name), "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    import numpy as np
    import mindspore as ms
    ms.set_context(mode=ms.GRAPH_MODE)
    record(CASES, HEAD, "ms_graph_control.json")
