"""Record what MindSpore 2.10's ``ops.Print`` writes, in PyNative and inside ``jit`` (each input
on its own line; inside a program, the values of every call).

run: ~/msref/bin/python tests/data/gen_print_op.py  (writes tests/data/ms_print_op.json)
"""
import json
import os
import subprocess
import sys

SCRIPT = '''
import numpy as np
import mindspore as ms
from mindspore import ops
p = ops.Print()
p("x:", ms.Tensor([1, 2]))
p(ms.Tensor(np.array([[1.5, -2.0], [0.25, 4.0]], np.float32)), 3, "s")
p(ms.Tensor(True))

@ms.jit
def f(x, y):
    p("in jit", x, y)
    return x + 1

f(ms.Tensor([1.0, 2.0]), ms.Tensor(np.array([3, 4], np.int32)))
f(ms.Tensor([3.0, 4.0]), ms.Tensor(np.array([5, 6], np.int32)))
'''

if __name__ == "__main__":
    import tempfile
    env = dict(os.environ, GLOG_v="3")
    with tempfile.TemporaryDirectory() as tmp:  # a file: jit reads the function's source
        script = os.path.join(tmp, "case.py")
        with open(script, "w") as f:
            f.write(SCRIPT)
        out = subprocess.run([sys.executable, script], capture_output=True, text=True, env=env, check=True).stdout
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_print_op.json")
    with open(path, "w") as f:
        json.dump({"script": SCRIPT, "stdout": out}, f, indent=1)
    print(out)
