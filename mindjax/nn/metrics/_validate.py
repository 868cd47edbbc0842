"""Argument checks of the metrics and callbacks, raising MindSpore's exception classes
with MindSpore's wording (``The type of 'n_gram' should be 'int', but got type 'str'.``)."""
from __future__ import annotations

import math
import re
from collections.abc import Iterable


def _prefix(prim_name):
    return f"For '{prim_name}', the" if prim_name else "The"


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` if it is an instance of ``valid_types`` (bool is not an int here), else TypeError."""
    valid_types = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)

    def fail():
        names = [t.__name__ if hasattr(t, "__name__") else str(t) for t in valid_types]
        many = len(valid_types) > 1
        raise TypeError(f"{_prefix(prim_name)} type of '{arg_name}' should be {'one of ' if many else ''}"
                        f"'{names if many else names[0]}', but got type '{type(arg_value).__name__}'.")

    if isinstance(arg_value, bool) and bool not in valid_types:
        fail()
    if isinstance(arg_value, float) and float not in valid_types:
        arg_value = round(arg_value, 6)
    if not isinstance(arg_value, valid_types):
        fail()
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    """``arg_value`` if it is one of ``valid_values``, else ValueError."""
    if not (isinstance(arg_value, str) and arg_value in valid_values):
        raise ValueError(f"{_prefix(prim_name)} '{arg_name or 'parameter'}' must be str and must be in "
                         f"'{valid_values}', but got '{arg_value}'.")
    return arg_value


def _check_number(arg_value, arg_type, arg_name=None, prim_name=None):
    """A positive ``arg_type`` number (TypeError for another type, ValueError for <= 0)."""
    info = (f"For '{prim_name}', the " if prim_name else "The ") + (f"'{arg_name}'" if arg_name else "input value")
    if not isinstance(arg_value, arg_type):
        raise TypeError(f"{info} must be {arg_type.__name__}, but got '{type(arg_value).__name__}'")
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{info} must be a legal value, but got '{arg_value}'.")
    bad_type = isinstance(arg_value, bool)
    if bad_type or not arg_value > 0:
        msg = (f"{info} must be {arg_type.__name__} and must > 0, but got '{arg_value}' with type "
               f"'{type(arg_value).__name__}'.")
        raise TypeError(msg) if bad_type else ValueError(msg)
    return arg_value


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, float, arg_name, prim_name)


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, int, arg_name, prim_name)


def check_bool(arg_value, arg_name=None, prim_name=None):
    if not isinstance(arg_value, bool):
        name = f"'{arg_name}'" if arg_name else "input value"
        raise TypeError(f"{_prefix(prim_name)} {name} must be a bool, but got {type(arg_value).__name__}.")
    return arg_value


def check_isinstance(arg_name, arg_value, classes):
    if not isinstance(arg_value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got {arg_value}.")
    return arg_value


def check_equal(arg_name, arg_value, value_name, value, prim_name=None):
    """MindSpore's ``Validator.check(..., rel=EQ)``: ValueError unless ``arg_value == value``."""
    if not arg_value == value:
        subject = f"{_prefix(prim_name)} '{arg_name}'" if " " not in arg_name else f"{_prefix(prim_name)} {arg_name}"
        raise ValueError(f"{subject} should be = {value_name}: {value}, but got {arg_value}.")
    return arg_value


def check_str_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    reg = reg or r"^\w+[0-9a-zA-Z\_\.]*$"
    if re.match(reg, target, flag) is None:
        raise ValueError(f"{_prefix(prim_name)} '{target}' is illegal, it must be match regular'{reg}' "
                         f"by flags'{flag}.'")
    return True

