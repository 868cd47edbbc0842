"""MindSpore's class paths under ``python -m mindjax``.

A script run through the runner sees ``type(t)`` as ``<class 'mindspore.common.tensor.Tensor'>``,
as it would under MindSpore. The paths are data (``_data/ms_class_paths.json``, recorded
from MindSpore 2.10 by ``tests/data/gen_class_paths.py``); plain ``import mindjax`` keeps
mindjax's own paths, so pickling and introspection there see the modules that exist.
"""
from __future__ import annotations

import importlib
import json
from pathlib import Path

_TABLE = Path(__file__).parent / "_data" / "ms_class_paths.json"


def apply_mindspore_paths() -> int:
    """Give every public mindjax class MindSpore's ``__module__``; returns how many changed."""
    table = json.loads(_TABLE.read_text())
    changed = 0
    for public, classes in table.items():
        try:
            mod = importlib.import_module("mindjax" + public[len("mindspore"):])
        except ImportError:
            continue
        for name, ms_module in classes.items():
            try:
                cls = getattr(mod, name)
            except Exception:  # noqa: BLE001 - a name mindjax does not have
                continue
            if isinstance(cls, type) and cls.__module__.startswith("mindjax"):
                cls.__module__ = ms_module
                changed += 1
    return changed
