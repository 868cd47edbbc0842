"""Shared pieces of the Primitive classes: the class factory for attribute-free
Primitives and the attribute checks, with MindSpore's error classes and wording."""
from __future__ import annotations

import sys

import numpy as np

from .._primitive import Primitive


def _is_int(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _is_float(v) -> bool:
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))


def type_error(prim: str, arg: str, expected: str, value) -> TypeError:
    return TypeError(f"For '{prim}', the type of '{arg}' should be '{expected}', but got type "
                     f"'{type(value).__name__}'.")


def check_bool(prim: str, arg: str, value) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise type_error(prim, arg, "bool", value)
    return bool(value)


def check_int(prim: str, arg: str, value) -> int:
    if not _is_int(value):
        raise type_error(prim, arg, "int", value)
    return int(value)


def check_float(prim: str, arg: str, value) -> float:
    if not _is_float(value):
        raise TypeError(f"For '{prim}', the type of '{arg}' should be one of '['int', 'float']', but got type "
                        f"'{type(value).__name__}'.")
    return float(value)


def check_str(prim: str, arg: str, value, allowed=None) -> str:
    if not isinstance(value, str):
        raise type_error(prim, arg, "str", value)
    if allowed is not None and value not in allowed:
        raise ValueError(f"For '{prim}', the '{arg}' must be str and must be in '{list(allowed)}', but got "
                         f"'{value}'.")
    return value


def check_int_or_tuple(prim: str, arg: str, value, allow_list: bool = False) -> tuple:
    """An int or a tuple (list) of ints as a tuple; MindSpore's TypeError otherwise."""
    kinds = "[list of int, int, tuple of int]" if allow_list else "[int, tuple of int]"
    seq = (tuple, list) if allow_list else (tuple,)
    if _is_int(value):
        return (int(value),)
    if isinstance(value, seq) and all(_is_int(v) for v in value):
        return tuple(int(v) for v in value)
    raise TypeError(f"For '{prim}', the type of '{arg}' should be one of '{kinds}', but got {type(value)}.")


def check_call_attrs(prim: Primitive, **expected) -> None:
    """Attributes that MindSpore checks when the Primitive is called (its generated ops
    accept any value at construction): ``expected`` maps an attribute to bool/int/float/str."""
    for arg, kind in expected.items():
        v = getattr(prim, arg)
        ok = {"bool": lambda x: isinstance(x, (bool, np.bool_)), "int": _is_int,
              "float": _is_float, "str": lambda x: isinstance(x, str)}[kind](v)
        if not ok:
            raise type_error(prim.name, arg, kind, v)


def set_attrs(prim: Primitive, **attrs) -> None:
    """Record constructor arguments as MindSpore does: in ``attrs`` and as attributes."""
    for k, v in attrs.items():
        prim.add_prim_attr(k, v)


def simple(name: str, fn, doc: str | None = None, module: str | None = None):
    """A Primitive class without constructor arguments whose call is ``fn``."""
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, *args):
        return fn(*args)

    fn_name = getattr(fn, "__name__", "<lambda>")
    text = doc or f"``ops.{name}()``: the Primitive form of ``ops.{fn_name}``."
    mod = module or sys._getframe(1).f_globals.get("__name__", __name__)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": text,
                                     "__module__": mod, "__qualname__": name})
