"""Record MindSpore 2.10's GRAPH_MODE JIT Fallback: Python conversions of Tensor values,
``print`` inside jit, ``raise``/``assert`` on run-time conditions, Python builtins.

Run with real MindSpore: ``~/msref/bin/python tests/data/gen_graph_fallback.py`` writes
``ms_graph_fallback.json`` (same case format as gen_graph_control.py). Cases listed in
PRINTS run in a subprocess and their standard output is recorded too (MindSpore prints
from C++).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_graph_control import HEAD, enc, load_case, run_case  # noqa: E402,F401

CASES = {
    "int_of_runtime": "@ms.jit\ndef net(x):\n    return int(x)\nINPUTS = [(Tensor(2.0),), (Tensor(-3.7),)]\n",
    "int_in_arith": "@ms.jit\ndef net(x):\n    return x * int(x)\nINPUTS = [(Tensor(2.0),)]\n",
    "float_of_runtime": "@ms.jit\ndef net(x):\n    return float(x)\nINPUTS = [(Tensor(2),)]\n",
    "item_of_runtime": "@ms.jit\ndef net(x):\n    return x.item()\nINPUTS = [(Tensor(2.5),), (Tensor(3, ms.int32),)]\n",
    "asnumpy_of_runtime": "@ms.jit\ndef net(x):\n    return x.asnumpy()\nINPUTS = [(Tensor(2.0),)]\n",
    "tolist_of_runtime": "@ms.jit\ndef net(x):\n    return x.tolist()\nINPUTS = [(Tensor(2.0),)]\n",
    "int_of_constant": "@ms.jit\ndef net(x):\n    return x * int(Tensor(3))\nINPUTS = [(Tensor(2.0),)]\n",
    "asnumpy_of_constant": ("@ms.jit\ndef net(x):\n    return x * Tensor(Tensor([1.0, 2.0]).asnumpy() * 2)\n"
                            "INPUTS = [(Tensor(2.0),)]\n"),
    "item_of_constant": "@ms.jit\ndef net(x):\n    return x + Tensor([5.0]).item()\nINPUTS = [(Tensor(2.0),)]\n",
    "numpy_on_constants": "@ms.jit\ndef net(x):\n    return x + Tensor(np.array([1, 2, 3]).sum())\nINPUTS = [(Tensor(2.0),)]\n",
    "shape_is_python": "@ms.jit\ndef net(x):\n    return x * float(x.shape[0]) + len(x)\nINPUTS = [(Tensor(np.ones(3, np.float32)),)]\n",
    "bool_condition": ("@ms.jit\ndef net(x):\n    if bool(x > 1):\n        return x\n    return -x\n"
                       "INPUTS = [(Tensor(2.0),), (Tensor(0.5),)]\n"),
    "raise_on_runtime_condition": ("@ms.jit\ndef net(x):\n    if x > 1:\n        raise ValueError('x is too big')\n"
                                   "    return x\nINPUTS = [(Tensor(0.5),), (Tensor(5.0),)]\n"),
    "raise_in_else": ("@ms.jit\ndef net(x):\n    if x > 1:\n        y = x * 2\n    else:\n"
                      "        raise TypeError('x must be big')\n    return y\nINPUTS = [(Tensor(5.0),), (Tensor(0.5),)]\n"),
    "assert_runtime": ("@ms.jit\ndef net(x):\n    assert x < 3, 'x must be small'\n    return x + 1\n"
                       "INPUTS = [(Tensor(1.0),), (Tensor(5.0),)]\n"),
    "assert_python": ("@ms.jit\ndef net(x):\n    assert x.shape[0] == 2, 'two rows'\n    return x + 1\n"
                      "INPUTS = [(Tensor(np.ones(2, np.float32)),), (Tensor(np.ones(3, np.float32)),)]\n"),
    "print_values": ("@ms.jit\ndef net(x):\n    y = x * 2\n    print('y is', y, 'and x', x)\n    print('const', 3, (1, 2))\n"
                     "    print(Tensor(np.array([[1.5, 2], [3, 4]], np.float32)) + x)\n    print(f'fstr {x}')\n    return y\n"
                     "INPUTS = [(Tensor(2.0),), (Tensor(3.0),)]\n"),
    "print_dtypes": ("@ms.jit\ndef net(a, b, c, d, e):\n    print(a, b, c, d, e)\n    print(a * 0.1)\n    return a\n"
                     "INPUTS = [(Tensor(2.5), Tensor(np.array([1, 2, 3], np.int32)), Tensor(np.array([True, False])),"
                     " Tensor(7, ms.int64), Tensor(np.array([1.25, -3.0, 1e-5], np.float32)))]\n"),
    "print_in_branch": ("class Net(nn.Cell):\n    def construct(self, x):\n        if x > 0:\n            print('positive', x)\n"
                        "            x = x + 1\n        else:\n            print('negative', x)\n        return x\n"
                        "net = Net()\nINPUTS = [(Tensor(2.0),), (Tensor(-2.0),)]\n"),
    "print_as_python": ("@ms.jit\ndef net(x):\n    print('A:', np.array([1, 2]))\n    print('G:', np.array([1, 2]), x)\n"
                        "    print('I:', x.asnumpy())\n    print('D:', dict([('one', 1), ('two', 2)]))\n"
                        "    print('H:', x.shape, 1.5)\n    return x\nINPUTS = [(Tensor([3]),)]\n"),
}
PRINTS = ["print_values", "print_dtypes", "print_in_branch", "print_as_python"]

RUNNER = """
import sys
sys.path.insert(0, {folder!r})
sys.path.insert(0, {here!r})
import importlib
import mindspore as ms
ms.set_context(mode=ms.GRAPH_MODE)
mod = importlib.import_module("case_{name}")
for args in mod.INPUTS:
    mod.net(*args)
"""


def printed(name, folder, python=sys.executable):
    code = RUNNER.format(folder=str(folder), here=os.path.dirname(os.path.abspath(__file__)), name=name)
    r = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=300, cwd=str(folder))
    lines = [ln for ln in r.stdout.splitlines() if not ln.startswith("[WARNING]")]
    return "\n".join(lines)


if __name__ == "__main__":
    import numpy as np
    import mindspore as ms
    import gen_graph_control
    gen_graph_control.ms, gen_graph_control.np = ms, np
    ms.set_context(mode=ms.GRAPH_MODE)
    out, prints = {}, {}
    with tempfile.TemporaryDirectory() as d:
        sys.path.insert(0, d)
        for name, src in CASES.items():
            mod = load_case(name, src, d, HEAD)
            if name in PRINTS:
                prints[name] = printed(name, d)
            out[name] = run_case(mod)
            print(name, out[name], flush=True)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_graph_fallback.json"), "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out, "prints": prints}, f, indent=1, sort_keys=True)
