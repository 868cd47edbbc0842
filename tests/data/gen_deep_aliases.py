"""Record which names of MindSpore 2.10's internal modules are the same objects as its public ones.

MindSpore's tests and programs import functions and Primitives from internal paths
(``from mindspore.ops.function.array_func import gather_ext``,
``from mindspore.ops.auto_generate.gen_ops_def import Reciprocal``,
``from mindspore.ops.operations.nn_ops import FractionalMaxPool``); most of those are the very
objects the public API exports (``gather_ext is mint.gather``). This records, for every such
name, the public paths that are the same object, as data for mindjax/_deep_aliases.py.

run: ~/msref/bin/python tests/data/gen_deep_aliases.py  (writes mindjax/_data/deep_aliases.json)
"""
import importlib
import inspect
import json
import os

import mindspore  # noqa: F401

PUBLIC = ["mindspore.ops", "mindspore.mint", "mindspore.mint.nn.functional", "mindspore.mint.nn",
          "mindspore.mint.linalg", "mindspore.mint.special", "mindspore.ops.functional", "mindspore.nn",
          "mindspore.ops.operations", "mindspore"]
DEEP = ["mindspore.ops.function", "mindspore.ops.function.array_func", "mindspore.ops.function.nn_func",
        "mindspore.ops.function.math_func", "mindspore.ops.function.random_func", "mindspore.ops.function.clip_func",
        "mindspore.ops.function.linalg_func", "mindspore.ops.function.spectral_func",
        "mindspore.ops.auto_generate", "mindspore.ops.auto_generate.gen_ops_def",
        "mindspore.ops.auto_generate.gen_ops_prim", "mindspore.ops.operations._inner_ops",
        "mindspore.ops.operations._grad_ops", "mindspore.ops.functional", "mindspore.mint.nn.functional",
        "mindspore.mint", "mindspore.mint.nn"]
# the files of mindspore.ops.operations: MindSpore's tests import a Primitive from the file that defines it
# (``from mindspore.ops.operations.nn_ops import FractionalMaxPool``); mindjax groups its Primitives by family
DEEP += ["mindspore.ops.operations." + f for f in ("nn_ops", "array_ops", "math_ops", "image_ops", "random_ops",
                                                   "other_ops", "linalg_ops", "debug_ops", "comm_ops",
                                                   "_sequence_ops")]

public = {}
for m in PUBLIC:
    mod = importlib.import_module(m)
    for n in dir(mod):
        if not n.startswith("_"):
            o = getattr(mod, n)
            if callable(o) and not inspect.ismodule(o):
                public.setdefault(id(o), []).append(f"{m}.{n}")

out = {}
for m in DEEP:
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
path = os.path.join(os.path.dirname(__file__), "..", "..", "mindjax", "_data", "deep_aliases.json")
with open(path, "w") as f:
    json.dump({"about": "MindSpore 2.10: names of internal modules that are the same objects as public ones "
                        "(tests/data/gen_deep_aliases.py)", "modules": out}, f, indent=0, sort_keys=True)
print({m: len(t) for m, t in out.items()})
