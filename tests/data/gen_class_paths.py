"""Record where MindSpore 2.10 defines each public class (``cls.__module__``), so that
``python -m mindjax`` prints the same paths (``<class 'mindspore.common.tensor.Tensor'>``).

Run with real MindSpore: ``~/msref/bin/python tests/data/gen_class_paths.py``; writes
mindjax/_data/ms_class_paths.json as {public module: {class name: defining module}}.
"""
import importlib
import inspect
import json
import sys
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
MODULES = ["mindspore", "mindspore.ops", "mindspore.ops.operations", "mindspore.ops.composite", "mindspore.nn",
           "mindspore.nn.probability", "mindspore.mint", "mindspore.mint.nn", "mindspore.numpy", "mindspore.amp",
           "mindspore.train", "mindspore.dataset", "mindspore.dataset.vision", "mindspore.dataset.transforms",
           "mindspore.dataset.text", "mindspore.communication", "mindspore.common.initializer",
           "mindspore.common.dtype", "mindspore.common.tensor", "mindspore.common.parameter", "mindspore.context",
           "mindspore.experimental.optim", "mindspore.hal", "mindspore.runtime", "mindspore.nn.optim",
           "mindspore.train.callback", "mindspore.profiler"]
out = {}
for name in MODULES:
    try:
        m = importlib.import_module(name)
    except Exception:  # noqa: BLE001
        continue
    table = {}
    for n in sorted(dir(m)):
        if n.startswith("_"):
            continue
        obj = getattr(m, n, None)
        if inspect.isclass(obj):
            mod = getattr(obj, "__module__", None) or ""
            if isinstance(mod, str) and mod.startswith("mindspore.") and "_c_expression" not in mod:
                table[n] = mod
    out[name] = table
path = Path(__file__).resolve().parents[2] / "mindjax" / "_data" / "ms_class_paths.json"
path.write_text(json.dumps(out, indent=0, sort_keys=True) + "\n")
print(f"{sum(len(v) for v in out.values())} classes from {len(out)} modules -> {path}", file=sys.stderr)
