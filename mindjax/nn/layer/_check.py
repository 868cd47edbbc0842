"""Argument checks shared by the layers, with MindSpore's messages (and exception classes)."""
from __future__ import annotations

import numbers


def _is_int(v) -> bool:
    return isinstance(v, numbers.Integral) and not isinstance(v, bool)


def positive_int(cls: str, arg: str, v) -> int:
    if not _is_int(v):
        raise TypeError(f"For '{cls}', the '{arg}' must be an int, but got {type(v).__name__}.")
    if v <= 0:
        raise ValueError(f"For '{cls}', the '{arg}' must be a positive int, but got {v}.")
    return v


def check_bool(cls: str, arg: str, v) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"For '{cls}', the '{arg}' must be a bool, but got {type(v).__name__}.")
    return v


def check_number(cls: str, arg: str, v, allow_none: bool = False):
    if v is None and allow_none:
        return v
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"For '{cls}', the type of '{arg}' should be one of ['float', 'int'], but got type "
                        f"'{type(v).__name__}'.")
    return v


def check_axis_type(cls: str, arg: str, v):
    """An int or a tuple/list of ints."""
    ok = _is_int(v) or (isinstance(v, (tuple, list)) and all(_is_int(a) for a in v))
    if not ok:
        raise TypeError(f"For '{cls}', the type of '{arg}' should be one of '[int, tuple of int]', but got "
                        f"{type(v).__name__}.")
    return v


def one_of(cls: str, arg: str, v, options):
    if not isinstance(v, str):
        raise TypeError(f"For '{cls}', the '{arg}' must be a str, but got {type(v).__name__}.")
    if v not in options:
        raise ValueError(f"For '{cls}', the '{arg}' must be one of {list(options)}, but got {v!r}.")
    return v


def pair(cls: str, arg: str, v, n: int = 2, len_error=ValueError) -> tuple:
    """An int or a tuple of ``n`` ints, all positive. A wrong type is a TypeError; a
    wrong length raises ``len_error`` (MindSpore's conv layers use TypeError there)."""
    if _is_int(v):
        v = (v,) * n
    if not isinstance(v, (tuple, list)) or not all(_is_int(x) for x in v):
        raise TypeError(f"For '{cls}', the '{arg}' must be an int or a tuple of {n} ints, but got "
                        f"{type(v).__name__}.")
    v = tuple(v)
    if len(v) != n:
        raise len_error(f"For '{cls}', the '{arg}' must be a positive int or a tuple of {n} positive ints, but got "
                        f"{v}.")
    if any(x <= 0 for x in v):
        raise ValueError(f"For '{cls}', the '{arg}' must be a positive int or a tuple of {n} positive ints, but got "
                         f"{v}.")
    return v


def keep_prob(cls: str, v) -> float:
    if not isinstance(v, float):
        raise TypeError(f"For '{cls}', the type of 'keep_prob' should be 'float', but got type '{type(v).__name__}'.")
    if not 0 < v <= 1:
        raise ValueError(f"For '{cls}', the 'keep_prob' must be a number in range (0, 1], but got {v}.")
    return float(v)
