"""Record MindSpore 2.10's GRAPH_MODE treatment of Python builtins, containers, globals and
Cells made inside jit. Run with ``~/msref/bin/python tests/data/gen_graph_builtins.py``;
writes ``ms_graph_builtins.json`` (case format of gen_graph_control.py; ``AFTER()``, where a
case defines it, is recorded after its calls: the state of globals)."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_graph_control import HEAD, enc, load_case, run_case  # noqa: E402,F401


def _fn(body, inputs="[(Tensor(2.0),)]"):
    return "@ms.jit\ndef net(x):\n" + "".join("    " + ln + "\n" for ln in body.split("\n")) + f"INPUTS = {inputs}\n"


CASES = {
    "map": _fn("return map(lambda v: v * 2, (1, 2, 3))"),
    "zip": _fn("return zip((1, 2), (x, x * 2))"),
    "enumerate": _fn("return enumerate((x, x + 1))"),
    "filter": _fn("return filter(lambda v: v > 1, (1, 2, 3))"),
    "range": _fn("return range(3)"),
    "sorted": _fn("return sorted((3, 1, 2))"),
    "sum": _fn("return sum((1, 2, 3)), sum([x, x])"),
    "max_min": _fn("return max(1, 5, 3), min((4, 2)), max(x, x * 2), min(x, x - 1)"),
    "any_all": _fn("return any((0, 1)), all((1, 0))"),
    "isinstance_len": _fn("return isinstance(x, Tensor), isinstance(3, int), len((1, 2)), len(x)",
                          "[(Tensor(np.ones(2, np.float32)),)]"),
    "abs_round": _fn("return abs(-3), round(2.567, 2), abs(x - 5)"),
    "list_dict_ops": _fn("a = [1, 2]\na.append(3)\na.extend([4])\nb = a[1:3]\nd = {'a': x, 'b': 2}\nd['c'] = 5\n"
                         "return a, b, d['a'] * 2, len(d), [v * 2 for v in (1, 2)], {k: 1 for k in ('p',)}"),
    "getattr_hasattr": _fn("return getattr(x, 'shape'), hasattr(x, 'dtype'), hasattr(x, 'nope')"),
    "fstring_static": _fn("return f'v={x.shape}'"),
    "for_enumerate": _fn("s = x\nfor i, v in enumerate((1.0, 2.0)):\n    s = s + i * v\nreturn s"),
    "for_zip": _fn("s = x\nfor a, b in zip((1, 2), (3, 4)):\n    s = s + a * b\nreturn s"),
    "python_scalars_returned": _fn("a = 3\nreturn a, 2.5, True, None, 's'"),
    "global_read": "G = 3\n" + _fn("return x * G"),
    "global_augassign_declared": ("Z = Tensor(1.0)\n@ms.jit\ndef net(x):\n    global Z\n    for i in range(3):\n"
                                  "        Z += i\n    return Z * x\nINPUTS = [(Tensor(2.0),)]\ndef AFTER():\n    return Z\n"),
    "global_augassign_undeclared": ("z = Tensor(1.0)\n@ms.jit\ndef net(x):\n    for i in range(3):\n        z += i\n"
                                    "    return z * x\nINPUTS = [(Tensor(2.0),)]\ndef AFTER():\n    return z\n"),
    "closure_read": _fn("k = 2\ndef inner(v):\n    return v * k\nreturn inner(x)"),
    "cell_inside_jit": ("@ms.jit\ndef net(x):\n    d = nn.Dense(2, 2, weight_init='ones', bias_init='zeros')\n"
                        "    return d(x)\nINPUTS = [(Tensor(np.ones((1, 2), np.float32)),), (Tensor(np.ones((1, 2), np.float32) * 2),)]\n"),
    "cell_inside_construct": ("class Net(nn.Cell):\n    def construct(self, x):\n        relu = nn.ReLU()\n"
                              "        return relu(x - 1)\nnet = Net()\nINPUTS = [(Tensor(np.array([0.0, 3.0], np.float32)),)]\n"),
}


def run_with_after(mod):
    res = run_case(mod)
    if hasattr(mod, "AFTER"):
        res.append({"after": enc(mod.AFTER())})
    return res


if __name__ == "__main__":
    import numpy as np
    import mindspore as ms
    import gen_graph_control
    gen_graph_control.ms, gen_graph_control.np = ms, np
    ms.set_context(mode=ms.GRAPH_MODE)
    out = {}
    with tempfile.TemporaryDirectory() as d:
        sys.path.insert(0, d)
        for name, src in CASES.items():
            out[name] = run_with_after(load_case(name, src, d, HEAD))
            print(name, out[name], flush=True)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_graph_builtins.json"), "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=1, sort_keys=True)
