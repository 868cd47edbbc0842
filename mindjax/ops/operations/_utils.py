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


def _arity(fn):
    """``(required, most, names)`` of ``fn``'s positional parameters (None: it takes ``*args``)."""
    import inspect
    try:
        ps = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_POSITIONAL for p in ps):
        return None
    pos = [p for p in ps if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return (sum(p.default is p.empty for p in pos), len(pos), [p.name for p in pos])


def _arity_error(name: str, arity, n: int) -> Exception:
    """A Primitive called with too many or too few inputs, as MindSpore words it: graph mode's
    compiler (while a jit function is traced) or Python's call of ``__call__`` (PyNative)."""
    from ..._state import state
    req, most, names = arity
    if state.jit_depth > 0:
        if n > most and most == 1:
            return TypeError(f"For Operator[{name}], the number of inputs should be less than or equal to {most}, "
                             f"but got {n}.")
        if n > most:
            return RuntimeError(f"Function S_Prim_{name}'s input length is not equal to Signature length.")
        return RuntimeError(f"For 'S_Prim_{name}', the size of input should be {req}, but got {n}. Please check "
                            f"inputs of the operator.")
    if n > most:
        return TypeError(f"{name}.__call__() takes {most + 1} positional arguments but {n + 1} were given")
    missing = [f"'{m}'" for m in names[n:req]]
    listed = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + \
        ("," if len(missing) > 2 else "") + " and " + missing[-1]
    return TypeError(f"{name}.__call__() missing {len(missing)} required positional argument"
                     f"{'s' if len(missing) > 1 else ''}: {listed}")


def simple(name: str, fn, doc: str | None = None, module: str | None = None):
    """A Primitive class without constructor arguments whose call is ``fn``."""
    def __init__(self):
        Primitive.__init__(self, name)

    arity = _arity(fn)

    def __call__(self, *args):
        if arity is not None and not arity[0] <= len(args) <= arity[1]:
            raise _arity_error(name, arity, len(args))
        return fn(*args)

    fn_name = getattr(fn, "__name__", "<lambda>")
    text = doc or f"``ops.{name}()``: the Primitive form of ``ops.{fn_name}``."
    mod = module or sys._getframe(1).f_globals.get("__name__", __name__)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": text,
                                     "__module__": mod, "__qualname__": name})
