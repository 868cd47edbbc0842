"""``mindspore._checkparam``: the argument checks MindSpore's own layers and user code call.

Each check returns the value when it is valid and raises MindSpore's class with its
message otherwise (``For 'Dense', the 'in_channels' must be int and must > 0, but got
'0' with type 'int'.``). The relations are MindSpore's integer codes (``EQ`` ... ``NOT_IN``
for comparisons, ``INC_NEITHER`` ... ``INC_BOTH`` for ranges). Older code reaches these
as ``Validator.check_*``: ``Validator`` and ``Rel`` are this module's namespace.

Examples:
    >>> from mindjax import _checkparam as validator
    >>> validator.check_positive_int(3, "in_channels", "Dense")
    3
    >>> validator.check_int_range(2, 0, 3, validator.INC_LEFT, "axis", "Concat")
    2
"""
from __future__ import annotations

import numbers
import re
import sys
from typing import Any, Iterable, Sequence

import numpy as np

# comparison relations
EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6
# range relations: which ends are included
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10
# membership
IN, NOT_IN = 11, 12

_CMP = {EQ: ("=", lambda a, b: a == b), NE: ("!=", lambda a, b: a != b), LT: ("<", lambda a, b: a < b),
        LE: ("<=", lambda a, b: a <= b), GT: (">", lambda a, b: a > b), GE: (">=", lambda a, b: a >= b)}
_RANGE = {INC_NEITHER: ("(", ")", lambda v, lo, hi: lo < v < hi),
          INC_LEFT: ("[", ")", lambda v, lo, hi: lo <= v < hi),
          INC_RIGHT: ("(", "]", lambda v, lo, hi: lo < v <= hi),
          INC_BOTH: ("[", "]", lambda v, lo, hi: lo <= v <= hi)}


def _prefix(prim_name: str | None) -> str:
    return f"For '{prim_name}', the" if prim_name else "The"


def _is_int(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _is_float(v) -> bool:
    return isinstance(v, (float, np.floating))


def _check_typed(value, kind: str, is_kind, rel: int, bound, arg_name, prim_name):
    """``value`` must be of ``kind`` (int or float) and satisfy ``value <rel> bound``."""
    info = f"{_prefix(prim_name)} '{arg_name}'" if arg_name else f"{_prefix(prim_name)} input value"
    sym, ok = _CMP[rel]
    # MindSpore: not an instance of the kind -> the short message; a bool where an int is wanted (bool is
    # an int) or a failed relation -> the long one
    if not (is_kind(value) or (kind == "int" and isinstance(value, (bool, np.bool_)))):
        raise TypeError(f"{info} must be {kind}, but got '{type(value).__name__}'")
    if kind == "float" and (value != value or value in (float("inf"), float("-inf"))):
        raise ValueError(f"{info} must be a legal value, but got '{value}'.")
    if not is_kind(value) or not ok(value, bound):
        raise (TypeError if not is_kind(value) else ValueError)(
            f"{info} must be {kind} and must {sym} {bound}, but got '{value}' with type '{type(value).__name__}'.")
    return value


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is an int with ``arg_value <rel> value``."""
    return _check_typed(arg_value, "int", _is_int, rel, value, arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is a float with ``arg_value <rel> value``."""
    return _check_typed(arg_value, "float", _is_float, rel, value, arg_name, prim_name)


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    return check_int(arg_value, 0, GT, arg_name, prim_name)


def check_negative_int(arg_value, arg_name=None, prim_name=None):
    return check_int(arg_value, 0, LT, arg_name, prim_name)


def check_non_positive_int(arg_value, arg_name=None, prim_name=None):
    return check_int(arg_value, 0, LE, arg_name, prim_name)


def check_non_negative_int(arg_value, arg_name=None, prim_name=None):
    return check_int(arg_value, 0, GE, arg_name, prim_name)


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    return check_int(arg_value, value, EQ, arg_name, prim_name)


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    return check_float(arg_value, 0, GT, arg_name, prim_name)


def check_negative_float(arg_value, arg_name=None, prim_name=None):
    return check_float(arg_value, 0, LT, arg_name, prim_name)


def check_non_positive_float(arg_value, arg_name=None, prim_name=None):
    return check_float(arg_value, 0, LE, arg_name, prim_name)


def check_non_negative_float(arg_value, arg_name=None, prim_name=None):
    return check_float(arg_value, 0, GE, arg_name, prim_name)


def _check_sequence(sequence, check, arg_name, prim_name):
    if not isinstance(sequence, (tuple, list)):
        raise TypeError(f"{_prefix(prim_name)} '{arg_name}' must be tuple or list, but got "
                        f"'{type(sequence).__name__}'.")
    for i, v in enumerate(sequence):
        check(v, f"{arg_name}[{i}]", prim_name)
    return sequence


def check_positive_int_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, check_positive_int, arg_name, prim_name)


def check_non_negative_int_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, check_non_negative_int, arg_name, prim_name)


def check_positive_float_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, check_positive_float, arg_name, prim_name)


def check_is_int(arg_value, arg_name=None, prim_name=None):
    if not _is_int(arg_value):
        raise TypeError(f"{_prefix(prim_name)} type of '{arg_name}' must be 'int', but got "
                        f"'{type(arg_value).__name__}'.")
    return arg_value


def check_is_float(arg_value, arg_name=None, prim_name=None):
    if not _is_float(arg_value):
        raise TypeError(f"{_prefix(prim_name)} type of '{arg_name}' must be 'float', but got "
                        f"'{type(arg_value).__name__}'.")
    return arg_value


def check_bool(arg_value, arg_name=None, prim_name=None):
    if not isinstance(arg_value, bool):
        raise TypeError(f"{_prefix(prim_name)} '{arg_name}' must be a bool, but got {type(arg_value).__name__}.")
    return arg_value


def _range_text(lower, upper, rel) -> str:
    left, right, _ = _RANGE[rel]
    return f"{left}{lower}, {upper}{right}"


def _check_range(arg_value, lower, upper, rel, kind, is_kind, arg_name, prim_name):
    if not is_kind(arg_value):
        raise TypeError(f"{_prefix(prim_name)} '{arg_name}' must be {kind}, but got "
                        f"'{type(arg_value).__name__}'.")
    if not _RANGE[rel][2](arg_value, lower, upper):
        raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be in range of {_range_text(lower, upper, rel)}, "
                         f"but got {arg_value} with type '{type(arg_value).__name__}'.")
    return arg_value


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """``arg_value`` is an int inside the range that ``rel`` (``INC_LEFT``...) describes."""
    return _check_range(arg_value, lower_limit, upper_limit, rel, "int", _is_int, arg_name, prim_name)


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    return _check_range(arg_value, lower_limit, upper_limit, rel, "float", _is_float, arg_name, prim_name)


def check_number_range(arg_value, lower_limit, upper_limit, rel, value_type, arg_name=None, prim_name=None):
    """``arg_value`` is of ``value_type`` and inside the range (MindSpore names the op here)."""
    if isinstance(arg_value, bool) or not isinstance(arg_value, value_type):
        raise TypeError(f"{_prefix(prim_name)} '{arg_name}' must be {value_type.__name__}, but got "
                        f"'{type(arg_value).__name__}'.")
    if not _RANGE[rel][2](arg_value, lower_limit, upper_limit):
        who = f"'{prim_name}'" if prim_name else f"'{arg_name}'"
        raise ValueError(f"The {who} must be in range of {_range_text(lower_limit, upper_limit, rel)}, but got "
                         f"{arg_value} with type '{type(arg_value).__name__}'.")
    return arg_value


def check(arg_name, arg_value, value_name, value, rel=EQ, prim_name=None, excp_cls=ValueError):
    """``arg_value <rel> value``, else ``excp_cls``."""
    sym, ok = _CMP[rel]
    if not ok(arg_value, value):
        raise excp_cls(f"{_prefix(prim_name)} '{arg_name}' should be {sym} {value_name}: {value}, "
                       f"but got {arg_value}.")
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    if isinstance(arg_value, str) and arg_value in valid_values:
        return arg_value
    raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be str and must be in '{list(valid_values)}', "
                     f"but got '{arg_value}'.")


_NAME_RE = r"^\w+[0-9a-zA-Z\_\.]*$"


def check_str_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    """``target`` matches ``reg`` (by default a name: word characters, digits, '_' and '.')."""
    reg = _NAME_RE if reg is None else reg
    if not isinstance(target, str):
        raise TypeError(f"{_prefix(prim_name)} type of '{target}' must be str, but got {type(target).__name__}.")
    if re.match(reg, target, flag) is None:
        raise ValueError(f"{_prefix(prim_name)} '{target}' is illegal, it must be match regular'{reg}' by "
                         f"flags'{flag!s}.'".replace("RegexFlag.", "re."))
    return True


def check_file_name_by_regular(target, reg=None, prim_name=None):
    if not isinstance(target, str):
        raise ValueError(f"{_prefix(prim_name)} '{target}' must be str, but got {type(target).__name__}.")
    reg = r"^[0-9a-zA-Z@\_\-\.\:\/\\]+$" if reg is None else reg
    if re.match(reg, target, re.ASCII) is None:
        raise ValueError(f"{_prefix(prim_name)} '{target}' is illegal, it must be match regular '{reg}'.")
    return True


def _type_names(types) -> str:
    names = [t.__name__ if isinstance(t, type) else str(t) for t in types]
    return f"'{names[0]}'" if len(names) == 1 else f"one of '{names}'"


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` is an instance of one of ``valid_types`` (a bool is not an int here)."""
    valid = tuple(valid_types) if isinstance(valid_types, (tuple, list)) else (valid_types,)
    ok = isinstance(arg_value, valid) and not (isinstance(arg_value, bool) and bool not in valid)
    if not ok:
        raise TypeError(f"{_prefix(prim_name)} type of '{arg_name}' should be {_type_names(valid)}, "
                        f"but got type '{type(arg_value).__name__}'.")
    return arg_value


def check_isinstance(arg_name, arg_value, classes):
    if not isinstance(arg_value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got {arg_value}.")
    return arg_value


def check_is_number(arg_value, arg_type, arg_name=None, prim_name=None):
    if isinstance(arg_value, arg_type) and not isinstance(arg_value, bool):
        if isinstance(arg_value, float) and (np.isnan(arg_value) or np.isinf(arg_value)):
            raise ValueError(f"{_prefix(prim_name)} '{arg_name or 'input value'}' must be a legal value, "
                             f"but got '{arg_value}'.")
        return arg_value
    raise TypeError(f"{_prefix(prim_name)} type of '{arg_name or 'input value'}' must be '{arg_type.__name__}', "
                    f"but got '{type(arg_value).__name__}'")


def check_number(arg_name, arg_value, value, rel, prim_name):
    """``arg_value <rel> value`` for any number."""
    sym, ok = _CMP[rel]
    if not ok(arg_value, value):
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}' must {sym} {value}, but got {arg_value}.")
    return arg_value


def check_valid_input(arg_name, arg_value, prim_name):
    if arg_value is None:
        raise ValueError(f"For '{prim_name}', the input '{arg_name}' can not be None, but got {arg_value}.")
    return arg_value


def check_axis_in_range(axis, ndim):
    if not _is_int(axis):
        raise TypeError(f"The axis {axis} must be int, but got {type(axis).__name__}.")
    if not -ndim <= axis < ndim:
        raise ValueError(f"The 'axis' must be in the range of [-{ndim}, {ndim}), but got {axis}.")
    return axis % ndim if ndim else axis


def check_axis_valid(axes, ndim):
    """``axes`` (None, an int or a sequence) as a tuple of distinct non-negative axes."""
    if axes is None:
        return tuple(range(ndim))
    if _is_int(axes):
        return (check_axis_in_range(axes, ndim),)
    out = tuple(check_axis_in_range(a, ndim) for a in axes)
    if len(set(out)) != len(out):
        raise ValueError(f"The element of 'axis' should be different, but got {axes}.")
    return out


def check_and_canonicalize_axes(axes, ndim):
    """``axes`` (an int or a sequence) with negative axes wrapped, as a tuple."""
    axes = axes if isinstance(axes, (tuple, list)) else (axes,)
    return tuple(check_axis_in_range(a, ndim) for a in axes)


def check_axis_type(axis, type_int=True, type_tuple=True, type_list=True):
    allowed = [t for t, on in ((int, type_int), (tuple, type_tuple), (list, type_list)) if on]
    if isinstance(axis, bool) or not isinstance(axis, tuple(allowed)):
        raise TypeError(f"The axis should be {', '.join(t.__name__ for t in allowed)}, but got {type(axis)}.")
    return axis


def check_element_type_of_iterable(arg_name, arg_value, valid_types, prim_name=None):
    check_value_type(arg_name, arg_value, [tuple, list], prim_name)
    for i, v in enumerate(arg_value):
        check_value_type(f"{arg_name}[{i}]", v, valid_types, prim_name)
    return arg_value


def check_element_type_of_dict(arg_name, arg_value, key_types, value_types, prim_name=None):
    check_value_type(arg_name, arg_value, [dict], prim_name)
    for k, v in arg_value.items():
        check_value_type(f"{arg_name} key", k, key_types, prim_name)
        check_value_type(f"{arg_name}[{k!r}]", v, value_types, prim_name)
    return arg_value


def check_size_and_element_type_of_tuple(arg_name, arg_value, expect_size, expect_element_type, prim_name=None):
    check_value_type(arg_name, arg_value, [tuple], prim_name)
    if len(arg_value) != expect_size:
        raise ValueError(f"{_prefix(prim_name)} '{arg_name}' must be a tuple of size {expect_size}, but got "
                         f"{len(arg_value)}.")
    return check_element_type_of_iterable(arg_name, arg_value, [expect_element_type], prim_name)


def check_subclass(arg_name, type_, template_types, prim_name, addition_error_info=None):
    """``type_`` (a dtype) is one of ``template_types``."""
    from ._dtype import TensorType
    templates = template_types if isinstance(template_types, Iterable) else (template_types,)
    base = type_.element_type() if isinstance(type_, TensorType) else type_
    if any(base == (t.element_type() if isinstance(t, TensorType) else t) for t in templates):
        return type_
    names = [str(t) for t in templates]
    what = names[0] if len(names) == 1 else "one of " + ", ".join(names)
    extra = addition_error_info or (" The supported data types depend on the device that runs the op; "
                                    "cast the input to one of them.")
    raise TypeError(f"For '{prim_name}', the element of '{arg_name}' must be {what}, but got {type_}.{extra}")


def check_tensor_dtype_valid(arg_name, arg_type, valid_dtypes, prim_name):
    """A tensor's dtype is one of ``valid_dtypes``."""
    from ._dtype import TensorType
    check_subclass(arg_name, arg_type, [TensorType(d) for d in valid_dtypes], prim_name)


def check_type_name(arg_name, arg_type, valid_types, prim_name):
    if arg_type in valid_types:
        return arg_type
    names = [str(t) for t in valid_types]
    what = names[0] if len(names) == 1 else "one of " + str(names)
    raise TypeError(f"For '{prim_name}', the '{arg_name}' should be {what}, but got "
                    f"'mindspore.{str(arg_type).lower()}'.")


def check_types_same_and_valid(args: dict, valid_values, prim_name):
    """Every dtype in ``args`` (name -> dtype) is valid, and all are the same."""
    items = list(args.items())
    for name, t in items:
        check_type_name(name, t, valid_values, prim_name)
    first_name, first = items[0]
    for name, t in items[1:]:
        if t != first:
            raise TypeError(f"For '{prim_name}', the type of '{name}' should be same as '{first_name}', but got "
                            f"'{first_name}' with type {first} and '{name}' with type {t}.")
    return first


def check_tensors_dtypes_same_and_valid(args: dict, valid_dtypes, prim_name):
    for name, t in args.items():
        check_tensor_dtype_valid(name, t, valid_dtypes, prim_name)
    return check_types_same_and_valid(args, list({str(t): t for t in args.values()}.values()), prim_name)


def check_reshape_shp(shp):
    """A reshape target: ints, at most one of them -1."""
    if isinstance(shp, int):
        shp = (shp,)
    if not isinstance(shp, (tuple, list)) or not all(_is_int(s) for s in shp):
        raise TypeError(f"The shape must be an int or a tuple of ints, but got {shp}.")
    if sum(1 for s in shp if s == -1) > 1:
        raise ValueError(f"The shape can only have one -1 at most, but got {shp}.")
    return tuple(shp)


def check_reduce_shape(ori_shape, shape, axis, prim_name, arg_name1, arg_name2):
    """``shape`` equals ``ori_shape`` with the reduced ``axis`` kept as 1."""
    axes = check_axis_valid(axis, len(ori_shape))
    expected = tuple(1 if i in axes else d for i, d in enumerate(ori_shape))
    if tuple(shape) != expected:
        raise ValueError(f"For '{prim_name}', the '{arg_name1}'.shape reduced on {axis} should be equal to "
                         f"'{arg_name2}'.shape {tuple(shape)}, but got {expected}.")


def check_pad_value_by_mode(pad_mode, padding, prim_name):
    if pad_mode != "pad" and padding != 0:
        raise ValueError(f"For '{prim_name}', padding must be zero when pad_mode is '{pad_mode}', but got "
                         f"{padding}.")
    return padding


def _repeat(m, n: int, name: str) -> tuple:
    if _is_int(m):
        return (m,) * n
    if isinstance(m, (tuple, list)) and len(m) == n:
        return tuple(m)
    raise ValueError(f"The '{name}' must be an int or a tuple of {n} ints, but got {m}.")


def once(m):
    return _repeat(m, 1, "value")


def twice(m):
    """``m`` as a pair: ``twice(3) == (3, 3)``."""
    return _repeat(m, 2, "value")


def triple(m):
    return _repeat(m, 3, "value")


def args_type_check(*type_args, **type_kwargs):
    """A decorator checking the types of the named keyword arguments of a function."""
    import functools
    import inspect

    def decorator(func):
        sig = inspect.signature(func)
        bound_types = sig.bind_partial(*type_args, **type_kwargs).arguments

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            values = sig.bind(*args, **kwargs)
            for name, value in values.arguments.items():
                if name in bound_types and value is not None and not isinstance(value, bound_types[name]):
                    raise TypeError(f"The argument '{name}' must be {bound_types[name]}, but got {type(value)}")
            return func(*args, **kwargs)
        return wrapper
    return decorator


def check_hook_fn(hook_fn):
    """A hook must be a Python function (or callable object) taking arguments."""
    import inspect
    if not callable(hook_fn) or isinstance(hook_fn, type):
        raise TypeError(f"The 'hook_fn' must be a function, but got {type(hook_fn)}.")
    return True


def __getattr__(name):
    # the dataset/input checks live with the training code that uses them
    if name in ("check_input_data", "check_input_dataset"):
        from .train import _utils
        return getattr(_utils, name)
    raise AttributeError(f"module 'mindspore._checkparam' has no attribute '{name}'")


# Older code: ``Validator.check_positive_int(...)``, ``Rel.INC_LEFT``.
Validator = Rel = sys.modules[__name__]

__all__ = [n for n in dir() if n.startswith("check") or n in (
    "EQ", "NE", "LT", "LE", "GT", "GE", "INC_NEITHER", "INC_LEFT", "INC_RIGHT", "INC_BOTH", "IN", "NOT_IN",
    "once", "twice", "triple", "args_type_check", "Validator", "Rel")] + ["check_input_data", "check_input_dataset"]
del Any, Sequence, numbers
