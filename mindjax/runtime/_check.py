"""Argument checks with MindSpore's messages for the runtime, hal and device_context settings."""
from __future__ import annotations

import re


def check_type(value, expected: type, name: str) -> None:
    """MindSpore's ``args_type_check``: ``TypeError`` naming the parameter and both classes (None passes)."""
    if value is not None and not isinstance(value, expected):
        raise TypeError(f"The parameter '{name}' must be {expected}, but got {type(value)}")


def check_positive_int(value, name: str) -> int:
    """MindSpore's ``Validator.check_positive_int`` (a bool is refused with ``TypeError``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"The '{name}' must be int and must > 0, but got '{value}' with type "
                        f"'{type(value).__name__}'.")
    if value <= 0:
        raise ValueError(f"The '{name}' must be int and must > 0, but got '{value}' with type "
                         f"'{type(value).__name__}'.")
    return value


def check_is_int(value, name: str, prim: str) -> int:
    """MindSpore's ``Validator.check_is_int``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{prim}', the type of '{name}' must be 'int', but got '{type(value).__name__}'.")
    return value


def check_str_by_regular(value: str, pattern: str) -> None:
    """MindSpore's ``Validator.check_str_by_regular`` (whole-string match)."""
    if re.match(pattern, value, flags=re.ASCII) is None:
        raise ValueError(f"The '{value}' is illegal, it must be match regular'{pattern}' by flags're.ASCII.'")


def check_once(done: set, key: str, message: str) -> None:
    """Settings MindSpore accepts only once per process raise ``RuntimeError`` the second time."""
    if key in done:
        raise RuntimeError(message)
    done.add(key)
