"""Record the gradient Primitives MindSpore 2.10 has in ``mindspore.ops.auto_generate`` (its generated
ops) that ``mindspore.ops.operations._grad_ops`` also names (the same op there, or its older twin, as
TanhGrad): mindjax/_deep_aliases.py resolves them to mindjax's ``_grad_ops``.

run: ~/msref/bin/python tests/data/gen_auto_generate_grads.py  (writes mindjax/_data/auto_generate_grads.json)
"""
import inspect
import json
import os

import mindspore.ops.auto_generate as ag
from mindspore.ops.operations import _grad_ops as g

names = sorted(n for n, o in vars(ag).items()
               if inspect.isclass(o) and n.endswith(("Grad", "Backward", "GradGrad")) and hasattr(g, n))
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "mindjax", "_data",
                   "auto_generate_grads.json")
with open(out, "w") as f:
    json.dump({"about": "gradient Primitives of mindspore.ops.auto_generate also in _grad_ops (MindSpore 2.10)",
               "names": names}, f, indent=0)
print(len(names), "names")
