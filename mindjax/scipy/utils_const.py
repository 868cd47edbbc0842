"""``mindspore.scipy.utils_const``: argument-check helpers raising MindSpore's error classes and style."""
from __future__ import annotations


def _raise_value_error(*info):
    """Raise ValueError with the pieces of ``info`` joined."""
    raise ValueError("".join(str(i) for i in info))


def _raise_type_error(*info):
    """Raise TypeError with the pieces of ``info`` joined."""
    raise TypeError("".join(str(i) for i in info))


def is_within_range(x, low, high) -> bool:
    """Whether ``low <= x <= high``."""
    return low <= x <= high
