"""Record which names of MindSpore 2.10's ``mindspore.ops.operations.<module>`` files (nn_ops, array_ops,
math_ops, ...) are the same objects as public ones.

MindSpore's tests import Primitives from the file that defines them
(``from mindspore.ops.operations.nn_ops import FractionalMaxPool``); mindjax defines its Primitives by
family, not by MindSpore's file. This records, for every public name of those files, the public paths that
are the same object, as data for mindjax/ops/operations/_module_aliases.py (the format of
gen_deep_aliases.py).

run: ~/msref/bin/python tests/data/gen_operations_aliases.py  (writes mindjax/_data/operations_aliases.json)
"""
import importlib
import inspect
import json
import os

import mindspore  # noqa: F401

PUBLIC = ["mindspore.ops", "mindspore.ops.operations", "mindspore.nn", "mindspore"]
FILES = ["nn_ops", "array_ops", "math_ops", "image_ops", "random_ops", "other_ops", "linalg_ops", "debug_ops",
         "comm_ops", "_sequence_ops"]

public = {}
for m in PUBLIC:
    mod = importlib.import_module(m)
    for n in dir(mod):
        if not n.startswith("_"):
            o = getattr(mod, n)
            if callable(o) and not inspect.ismodule(o):
                public.setdefault(id(o), []).append(f"{m}.{n}")

out = {}
for f in FILES:
    m = "mindspore.ops.operations." + f
    mod = importlib.import_module(m)
    table = {}
    for n in dir(mod):
        if n.startswith("_"):
            continue
        o = getattr(mod, n)
        if inspect.ismodule(o) or not callable(o):
            continue
        paths = [p for p in public.get(id(o), []) if p != f"{m}.{n}"]
        if paths:
            table[n] = paths
    out[m] = table
path = os.path.join(os.path.dirname(__file__), "..", "..", "mindjax", "_data", "operations_aliases.json")
with open(path, "w") as fh:
    json.dump({"about": "MindSpore 2.10: names of mindspore.ops.operations' files that are the same objects as "
                        "public ones (tests/data/gen_operations_aliases.py)", "modules": out}, fh, indent=0,
              sort_keys=True)
print({m: len(t) for m, t in out.items()})
