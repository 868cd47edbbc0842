"""Argument checks shared by the layers, with MindSpore's messages."""
from __future__ import annotations


def positive_int(cls: str, arg: str, v) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"For '{cls}', the '{arg}' must be an int, but got {type(v).__name__}.")
    if v <= 0:
        raise ValueError(f"For '{cls}', the '{arg}' must be a positive int, but got {v}.")
    return v


def one_of(cls: str, arg: str, v, options):
    if v not in options:
        raise ValueError(f"For '{cls}', the '{arg}' must be one of {list(options)}, but got {v!r}.")
    return v


def pair(cls: str, arg: str, v, n: int = 2) -> tuple:
    if isinstance(v, int) and not isinstance(v, bool):
        v = (v,) * n
    v = tuple(v)
    if len(v) != n or any(not isinstance(x, int) or x <= 0 for x in v):
        raise ValueError(f"For '{cls}', the '{arg}' must be a positive int or a tuple of {n} positive ints, but got "
                         f"{v}.")
    return v


def keep_prob(cls: str, v) -> float:
    if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 < v <= 1:
        raise ValueError(f"For '{cls}', the 'keep_prob' must be a float in range (0, 1], but got {v}.")
    return float(v)
