"""Record which functions of MindSpore 2.10's ``mindspore._extends.parse.standard_method`` (the
graph-mode implementations of Tensor methods) have a Tensor method or property of the same name.

run: ~/msref/bin/python tests/data/gen_standard_method_names.py
(writes mindjax/_data/standard_method_names.json)
"""
import inspect
import json
import os

from mindspore import Tensor
from mindspore._extends.parse import standard_method as sm

names = sorted(n for n, o in vars(sm).items()
               if inspect.isfunction(o) and o.__module__ == sm.__name__ and not n.startswith("_") and hasattr(Tensor, n))
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "mindjax", "_data",
                   "standard_method_names.json")
with open(out, "w") as f:
    json.dump({"about": "standard_method functions named as a Tensor method (MindSpore 2.10)", "names": names}, f,
              indent=0)
print(len(names), "names")
