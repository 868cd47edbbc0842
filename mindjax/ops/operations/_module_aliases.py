"""MindSpore's ``mindspore.ops.operations.<file>`` paths for Primitives that mindjax defines elsewhere.

MindSpore's tests import a Primitive from the file that defines it (``from
mindspore.ops.operations.nn_ops import FractionalMaxPool``, ``nn_ops.DeformableOffsets(...)``); mindjax
groups its Primitives by family, so ``nn_ops``, ``array_ops``, ``math_ops``, ... lack some of MindSpore's
names. Which public objects those files hold in MindSpore 2.10 is data (``_data/operations_aliases.json``,
written by tests/data/gen_operations_aliases.py); ``install()`` gives each such module a lazy module
``__getattr__`` that finds a missing name at its public path. A name the module defines wins, and a name
mindjax has nowhere stays absent (AttributeError).
"""
from __future__ import annotations

import functools
import importlib
import json
from pathlib import Path

from ... import _deep_aliases as _deep


@functools.lru_cache(maxsize=None)
def _table() -> dict:
    path = Path(__file__).resolve().parents[2] / "_data" / "operations_aliases.json"
    return json.loads(path.read_text())["modules"]


def _hook(module, names: dict):
    previous = module.__dict__.get("__getattr__")

    def __getattr__(name: str):
        paths = names.get(name)
        obj = _deep._resolve(paths) if paths else None
        if obj is not None:
            setattr(module, name, obj)  # resolved once
            return obj
        if previous is not None:
            return previous(name)
        raise AttributeError(f"module '{module.__name__}' has no attribute '{name}'")

    return __getattr__


def install() -> None:
    """Hook every recorded ``mindjax.ops.operations.<file>`` module (each imported here)."""
    for ms_name, names in _table().items():
        try:
            module = importlib.import_module("mindjax" + ms_name[len("mindspore"):])
        except ImportError:
            continue
        module.__getattr__ = _hook(module, names)
