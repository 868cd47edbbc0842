"""MindSpore's internal module paths for names that are public elsewhere.

MindSpore's own tests and many programs import from internal modules:
``from mindspore.ops.function.array_func import gather_ext``,
``from mindspore.ops.auto_generate.gen_ops_def import Reciprocal``. In MindSpore 2.10 most such
names are the very objects its public API exports (``gather_ext is mint.gather``); which ones is
recorded from MindSpore as data (``_data/deep_aliases.json``, written by
tests/data/gen_deep_aliases.py). ``install(globals())`` at the end of an internal module gives it
a module ``__getattr__`` that finds a missing name there: the first of its public paths that
mindjax has. A name the module defines itself always wins, and a name mindjax has under none of
those paths stays absent (AttributeError, as before). Resolution is lazy, on first use, so the
internal modules import nothing more at start-up and no import cycle is made.
"""
from __future__ import annotations

import functools
import importlib
import json
from pathlib import Path


@functools.lru_cache(maxsize=None)
def _table() -> dict:
    data = json.loads((Path(__file__).with_name("_data") / "deep_aliases.json").read_text())
    return data["modules"]


def _resolve(paths: list[str]):
    for path in paths:
        mod, _, name = path.rpartition(".")
        try:
            module = importlib.import_module("mindjax" + mod[len("mindspore"):])
        except ImportError:
            continue
        try:
            return getattr(module, name)
        except AttributeError:
            continue
    return None


# MindSpore's *_ext functions, distinct objects in MindSpore (so not in the recorded table): where it has them
_EXT = "mindjax.ops.function._ext."
EXTRA = {
    "mindspore.ops.function.array_func": {n: _EXT + n for n in ("split_ext", "max_ext", "min_ext", "new_zeros",
                                                               "new_ones")},
    "mindspore.ops.function": {"split_ext": _EXT + "split_ext"},
    "mindspore.ops.function.math_func": {"add_ext": _EXT + "add_ext", "sub_ext": _EXT + "sub_ext"},
    "mindspore.ops.auto_generate.gen_ops_def": {"add_ext": _EXT + "add_ext", "sub_ext": _EXT + "sub_ext"},
    "mindspore.ops.auto_generate": {"add_ext": _EXT + "add_ext", "sub_ext": _EXT + "sub_ext"},
    "mindspore.ops.function.nn_func": {"interpolate_ext": _EXT + "interpolate_ext"},
}



@functools.lru_cache(maxsize=None)
def _auto_generate_grads() -> frozenset:
    data = json.loads((Path(__file__).with_name("_data") / "auto_generate_grads.json").read_text())
    return frozenset(data["names"])


# the gradient Primitives of MindSpore's generated ops (auto_generate.TanhGrad): mindjax's _grad_ops ones
_GRADS_IN = ("mindspore.ops.auto_generate", "mindspore.ops.auto_generate.gen_ops_prim")

_busy: set = set()  # (module, name) being resolved: public paths can lead back through another alias


def lookup(ms_module: str, name: str):
    """The mindjax object MindSpore has as ``ms_module.name``, or None."""
    extra = EXTRA.get(ms_module, {}).get(name)
    if extra is not None:
        mod, _, attr = extra.rpartition(".")
        return getattr(importlib.import_module(mod), attr)
    if ms_module in _GRADS_IN and name in _auto_generate_grads():
        from mindjax.ops.operations import _grad_ops
        obj = getattr(_grad_ops, name, None)
        if obj is not None:
            return obj
    paths = _table().get(ms_module, {}).get(name)
    key = (ms_module, name)
    if not paths or key in _busy:
        return None
    _busy.add(key)
    try:
        return _resolve(paths)
    finally:
        _busy.discard(key)


def add_getattr(namespace: dict, find) -> None:
    """Give the module whose globals are ``namespace`` a module ``__getattr__`` that asks
    ``find(name)`` for a missing name (None: not found), keeps what it finds, and otherwise defers to
    the ``__getattr__`` the module had."""
    module_name = namespace["__name__"]
    previous = namespace.get("__getattr__")

    def __getattr__(name: str):
        obj = find(name)
        if obj is not None:
            namespace[name] = obj
            return obj
        if previous is not None:
            return previous(name)
        raise AttributeError(f"module '{module_name}' has no attribute '{name}'")

    namespace["__getattr__"] = __getattr__


def install(namespace: dict) -> None:
    """Give the module whose globals are ``namespace`` MindSpore's public aliases as lazy attributes."""
    ms_name = "mindspore" + namespace["__name__"][len("mindjax"):]
    add_getattr(namespace, lambda name: None if name.startswith("__") else lookup(ms_name, name))
