"""The Python-level helpers of ``mindspore.ops.functional``: tuple/list/dict/scalar/string
operations (MindSpore's graph primitives ``tuple_len``, ``scalar_add``, ``make_range``...),
``tuple_to_array``, ``scalar_to_tensor``, ``partial``, ``dtype``, ``mixed_precision_cast``.

They act on Python values, so they run the same way eagerly and while ``jit`` traces
(where Python numbers and tuples stay Python values). Where MindSpore's PyNative lacks a
kernel for one of them (``string_eq``, ``bool_and``, ``scalar_ne``...), the Graph-mode
meaning is implemented.
"""
from __future__ import annotations

import functools
import math
import numbers

import jax
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import cast

partial = functools.partial  # MindSpore's F.partial also gives a functools.partial in PyNative


def tuple_to_array(input_x: tuple) -> Tensor:
    """``F.tuple_to_array``: a tuple of numbers (or nested tuples) as a Tensor; ints give Int32,
    floats (and nested tuples) Float32.

    Examples:
        >>> from mindjax.ops import functional as F
        >>> print(F.tuple_to_array((1, 2, 3)))
        [1 2 3]
    """
    if not isinstance(input_x, tuple):
        raise TypeError(f"For 'tuple_to_array', the 'input_x' must be a tuple, but got {type(input_x).__name__}.")
    if not input_x:
        raise ValueError("For 'tuple_to_array', the 'input_x' must not be empty.")
    a = np.asarray(input_x)
    if a.dtype.kind in "biu" and not isinstance(input_x[0], tuple):
        return Tensor(a.astype(np.int32))
    if a.dtype.kind in "biuf":  # floats, and nested tuples of any numbers, give Float32 as in MindSpore
        return Tensor(a.astype(np.float32))
    raise TypeError(f"For 'tuple_to_array', the elements must be numbers, but got {input_x!r}.")


def scalar_to_tensor(input_x, dtype=mstype.float32) -> Tensor:
    """``F.scalar_to_tensor``: a 0-d Tensor of ``input_x`` in ``dtype`` (Float32 by default).

    Examples:
        >>> from mindjax.ops import functional as F
        >>> print(F.scalar_to_tensor(3))
        3.0
    """
    if not isinstance(input_x, (numbers.Number, np.generic)):
        raise TypeError(f"For 'ScalarToTensor', the 'input_x' must be a number, but got {type(input_x).__name__}.")
    return Tensor(input_x, mstype.to_dtype(dtype))


def dtype(x) -> mstype.Type:
    """``F.dtype``: the dtype of a Tensor.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import functional as F
        >>> print(F.dtype(ms.Tensor([1.0])))
        Float32
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"For 'DType', the input must be a Tensor, but got {type(x).__name__}.")
    return x.dtype


def isconstant(x) -> bool:
    """``F.isconstant``: True unless ``x`` is a value computed inside a ``jit`` trace."""
    if isinstance(x, Tensor):
        return not isinstance(x._data, jax.core.Tracer)
    return not isinstance(x, jax.core.Tracer)


def mixed_precision_cast(dst_type, input_x):
    """``F.mixed_precision_cast``: floating Tensors in ``input_x`` (nested tuples/lists/dicts) cast to ``dst_type``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import functional as F
        >>> print(F.mixed_precision_cast(ms.float16, ms.Tensor([1.5])).dtype)
        Float16
    """
    if isinstance(input_x, Tensor):
        return cast(input_x, dst_type) if input_x.dtype.kind == "f" else input_x
    if isinstance(input_x, (tuple, list)):
        return type(input_x)(mixed_precision_cast(dst_type, x) for x in input_x)
    if isinstance(input_x, dict):
        return {k: mixed_precision_cast(dst_type, v) for k, v in input_x.items()}
    return input_x


# ---- sequences and dicts ------------------------------------------------------------------
def _seq(name, x, kind):
    if not isinstance(x, kind):
        raise TypeError(f"For '{name}', the input must be a {kind.__name__}, but got {type(x).__name__}.")
    return x


def tuple_len(x) -> int:
    """``F.tuple_len``: ``len`` of a tuple or list (MindSpore's ``sequence_len``)."""
    return len(_seq("sequence_len", x, (tuple, list)))


list_len = tuple_len


def tuple_getitem(x, index):
    """``F.tuple_getitem``: ``x[index]``."""
    return _seq("tuple_getitem", x, (tuple, list))[index]


def list_getitem(x, index):
    """``F.list_getitem``: ``x[index]``."""
    return _seq("list_getitem", x, (list, tuple))[index]


def tuple_setitem(x, index, value) -> tuple:
    """``F.tuple_setitem``: a new tuple with ``value`` at ``index``."""
    items = list(_seq("tuple_setitem", x, tuple))
    items[index] = value
    return tuple(items)


def list_setitem(x, index, value) -> list:
    """``F.list_setitem``: a new list with ``value`` at ``index``."""
    items = list(_seq("list_setitem", x, list))
    items[index] = value
    return items


def dict_getitem(d, key):
    """``F.dict_getitem``: ``d[key]``."""
    return _seq("dict_getitem", d, dict)[key]


def dict_setitem(d, key, value) -> dict:
    """``F.dict_setitem``: a new dict with ``key`` set to ``value``."""
    out = dict(_seq("dict_setitem", d, dict))
    out[key] = value
    return out


def make_tuple(*args) -> tuple:
    """``F.make_tuple(a, b, ...)``: ``(a, b, ...)``."""
    return tuple(args)


def make_list(*args) -> list:
    """``F.make_list(a, b, ...)``: ``[a, b, ...]``."""
    return list(args)


def make_dict(keys, values) -> dict:
    """``F.make_dict(keys, values)``: ``dict(zip(keys, values))``."""
    return dict(zip(keys, values))


def make_slice(start, stop, step) -> slice:
    """``F.make_slice``: ``slice(start, stop, step)``."""
    return slice(start, stop, step)


def make_range(*args) -> tuple:
    """``F.make_range(stop)`` / ``(start, stop[, step])``: ``tuple(range(...))``.

    Examples:
        >>> from mindjax.ops import functional as F
        >>> print(F.make_range(1, 7, 2))
        (1, 3, 5)
    """
    if not 1 <= len(args) <= 3 or not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        raise TypeError(f"For 'make_range', the inputs must be 1 to 3 ints, but got {args!r}.")
    return tuple(range(*args))


def tuple_equal(x, y) -> bool:
    """``F.tuple_equal``: ``x == y``."""
    return tuple(x) == tuple(y)


def list_equal(x, y) -> bool:
    """``F.list_equal``: ``x == y``."""
    return list(x) == list(y)


def tuple_div(x, y) -> tuple:
    """``F.tuple_div``: element-wise integer division of two shapes (each must divide exactly), with
    MindSpore's checks and messages (RuntimeError)."""
    from ._ops4_math import typeof
    for i, v in enumerate((x, y)):
        if not isinstance(v, tuple):
            raise TypeError(f"For 'tuple_div', input[{i}] should be Tuple, but got {typeof(v)}.")
    if len(x) != len(y):
        raise RuntimeError(f"The size of inputs of 'tuple_div' operator must be the same, but the size of divisor "
                           f"tuple is {len(y)}, the size of dividend tuple is {len(x)}.")
    for a, b in zip(x, y):
        if not isinstance(b, int):
            raise RuntimeError(f"The data type of inputs of 'tuple_div' operator should be an int64 number, but got "
                               f"a {typeof(b)} number {b:g}.")
        if not isinstance(a, int):
            raise RuntimeError(f"Cast failed, original value: {a:g}, type: FP32Imm")
        if b == 0:
            raise RuntimeError("The divisor value should not be 0!")
        if a % b:
            raise RuntimeError(f"The inputs of 'tuple_div' operator should be divisible, but they are not divisible "
                               f"now, the dividend is {a}, the divisor is {b}.")
    return tuple(a // b for a, b in zip(x, y))


def tuple_reversed(x) -> tuple:
    """``F.tuple_reversed``: the tuple in reverse order."""
    return tuple(reversed(_seq("tuple_reversed", x, tuple)))


def shape_mul(shape) -> int:
    """``F.shape_mul``: the product of the entries of a shape (1 for ``()``)."""
    return int(math.prod(_seq("shape_mul", shape, (tuple, list))))


def reduced_shape(shape, axis) -> tuple:
    """``F.reduced_shape``: ``shape`` with the reduced ``axis`` set to 1 (all axes when ``axis`` is ``()``).

    Examples:
        >>> from mindjax.ops import functional as F
        >>> print(F.reduced_shape((2, 3, 4), (1,)))
        (2, 1, 4)
    """
    n = len(shape)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    axes = {a % n for a in axes} if axes else set(range(n))
    return tuple(1 if i in axes else s for i, s in enumerate(shape))


def broadcast_gradient_args(x_shape, y_shape) -> tuple:
    """``F.broadcast_gradient_args``: the axes along which each input was broadcast (to sum its gradient over).

    Examples:
        >>> from mindjax.ops import functional as F
        >>> print(F.broadcast_gradient_args((2, 3), (3,)))
        ((), (0,))
    """
    n = max(len(x_shape), len(y_shape))
    xs = (1,) * (n - len(x_shape)) + tuple(x_shape)
    ys = (1,) * (n - len(y_shape)) + tuple(y_shape)
    rx, ry = [], []
    for i, (a, b) in enumerate(zip(xs, ys)):
        if a == 1 and b != 1:
            rx.append(i)
        elif b == 1 and a != 1:
            ry.append(i)
        elif a != b:
            raise ValueError(f"For 'BroadcastGradientArgs', the shapes {tuple(x_shape)} and {tuple(y_shape)} can "
                             f"not broadcast.")
        elif a == 1:
            rx.append(i)
            ry.append(i)
    return tuple(rx), tuple(ry)


def SliceGetItem(s: slice, attr: str):  # noqa: N802 - MindSpore's name
    """``F.SliceGetItem(slice, 'start' | 'stop' | 'step')``."""
    if attr not in ("start", "stop", "step"):
        raise ValueError(f"For 'SliceGetItem', the attribute must be 'start', 'stop' or 'step', but got {attr!r}.")
    return getattr(s, attr)


class TensorToTuple:
    """``F.TensorToTuple()(x)``: a 1-D Tensor's values as a tuple of Python numbers."""

    def __call__(self, x: Tensor) -> tuple:
        if not isinstance(x, Tensor):
            raise TypeError(f"For 'TensorToTuple', the input must be a Tensor, but got {type(x).__name__}.")
        return tuple(x.asnumpy().reshape(-1).tolist())


def array_to_scalar(x: Tensor):
    """``F.array_to_scalar``: the Python number held by a one-element Tensor."""
    if not isinstance(x, Tensor) or x.size != 1:
        raise TypeError("For 'array_to_scalar', the input must be a Tensor with one element.")
    return x.item()


def switch(cond, true_branch, false_branch):
    """``F.switch``: ``true_branch if cond else false_branch``."""
    return true_branch if cond else false_branch


# ---- scalars, bools, strings --------------------------------------------------------------
def _num(name, *xs):
    for x in xs:
        if not isinstance(x, (numbers.Number, np.generic)):
            raise TypeError(f"For '{name}', the inputs must be numbers, but got {type(x).__name__}.")


def scalar_add(x, y):
    """``F.scalar_add``: ``x + y`` on Python numbers."""
    _num("ScalarAdd", x, y)
    return x + y


def scalar_sub(x, y):
    """``F.scalar_sub``: ``x - y``."""
    _num("ScalarSub", x, y)
    return x - y


def scalar_mul(x, y):
    """``F.scalar_mul``: ``x * y``."""
    _num("ScalarMul", x, y)
    return x * y


def scalar_div(x, y) -> float:
    """``F.scalar_div``: true division ``x / y`` (always a float, as MindSpore)."""
    _num("ScalarDiv", x, y)
    if y == 0:
        raise ValueError("For 'ScalarDiv', the 'y' can not be zero.")
    return float(x / y)


def scalar_floordiv(x, y):
    """``F.scalar_floordiv``: ``x // y``."""
    _num("ScalarFloorDiv", x, y)
    if y == 0:
        raise ValueError("For 'ScalarFloorDiv', the 'y' can not be zero.")
    return x // y


def scalar_mod(x, y):
    """``F.scalar_mod``: ``x % y``."""
    _num("ScalarMod", x, y)
    if y == 0:
        raise ValueError("For 'ScalarMod', the 'y' can not be zero.")
    return x % y


def scalar_pow(x, y):
    """``F.scalar_pow``: ``x ** y``."""
    _num("ScalarPow", x, y)
    return x ** y


def scalar_log(x) -> float:
    """``F.scalar_log``: the natural logarithm of a number."""
    _num("ScalarLog", x)
    return math.log(x)


def scalar_uadd(x):
    """``F.scalar_uadd``: ``+x``."""
    _num("ScalarUadd", x)
    return +x


def scalar_usub(x):
    """``F.scalar_usub``: ``-x``."""
    _num("ScalarUsub", x)
    return -x


def scalar_max(x, y):
    """``F.scalar_max``: the larger number."""
    _num("ScalarMax", x, y)
    return max(x, y)


def scalar_min(x, y):
    """``F.scalar_min``: the smaller number."""
    _num("ScalarMin", x, y)
    return min(x, y)


def scalar_gt(x, y) -> bool:
    """``F.scalar_gt``: ``x > y``."""
    return bool(x > y)


def scalar_ge(x, y) -> bool:
    """``F.scalar_ge``: ``x >= y``."""
    return bool(x >= y)


def scalar_lt(x, y) -> bool:
    """``F.scalar_lt``: ``x < y``."""
    return bool(x < y)


def scalar_le(x, y) -> bool:
    """``F.scalar_le``: ``x <= y``."""
    return bool(x <= y)


def scalar_eq(x, y) -> bool:
    """``F.scalar_eq``: ``x == y``."""
    return bool(x == y)


def scalar_ne(x, y) -> bool:
    """``F.scalar_ne``: ``x != y``."""
    return bool(x != y)


def scalar_cast(input_x, input_y):
    """``F.scalar_cast(x, ms.int64 | ms.float64 | ms.bool_)``: a Python int, float or bool.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import functional as F
        >>> print(F.scalar_cast(2.7, ms.int64))
        2
    """
    dt = mstype.to_dtype(input_y)
    conv = {"Int64": int, "Float64": float, "Bool": bool}.get(dt.name)
    if conv is None:
        raise ValueError(f"For 'ScalarCast', the supported type is in the list: [mindspore.int64, "
                         f"mindspore.float64, mindspore.bool], but got {dt}")
    _num("ScalarCast", input_x)
    return conv(input_x)


def bool_not(x) -> bool:
    """``F.bool_not``: ``not x``."""
    return not x


def bool_and(x, y) -> bool:
    """``F.bool_and``: ``x and y`` on bools."""
    return bool(x) and bool(y)


def bool_or(x, y) -> bool:
    """``F.bool_or``: ``x or y`` on bools."""
    return bool(x) or bool(y)


def bool_eq(x, y) -> bool:
    """``F.bool_eq``: ``x == y`` on bools."""
    return bool(x) == bool(y)


def string_eq(x: str, y: str) -> bool:
    """``F.string_eq``: ``x == y`` on strings."""
    return _seq("string_eq", x, str) == _seq("string_eq", y, str)


def string_concat(x: str, y: str) -> str:
    """``F.string_concat``: ``x + y`` on strings."""
    return _seq("string_concat", x, str) + _seq("string_concat", y, str)


def is_(x, y) -> bool:
    """``F.is_``: ``x is y``."""
    return x is y


def is_not(x, y) -> bool:
    """``F.is_not``: ``x is not y``."""
    return x is not y


def in_dict(key, d) -> bool:
    """``F.in_dict``: ``key in d``."""
    return key in _seq("in_dict", d, dict)


def not_in_dict(key, d) -> bool:
    """``F.not_in_dict``: ``key not in d``."""
    return key not in _seq("not_in_dict", d, dict)


__all__ = ["partial", "tuple_to_array", "scalar_to_tensor", "dtype", "isconstant", "mixed_precision_cast", "tuple_len",
           "list_len", "tuple_getitem", "list_getitem", "tuple_setitem", "list_setitem", "dict_getitem",
           "dict_setitem", "make_tuple", "make_list", "make_dict", "make_slice", "make_range", "tuple_equal",
           "list_equal", "tuple_div", "tuple_reversed", "shape_mul", "reduced_shape", "broadcast_gradient_args",
           "SliceGetItem", "TensorToTuple", "array_to_scalar", "switch", "scalar_add", "scalar_sub", "scalar_mul",
           "scalar_div", "scalar_floordiv", "scalar_mod", "scalar_pow", "scalar_log", "scalar_uadd", "scalar_usub",
           "scalar_max", "scalar_min", "scalar_gt", "scalar_ge", "scalar_lt", "scalar_le", "scalar_eq", "scalar_ne",
           "scalar_cast", "bool_not", "bool_and", "bool_or", "bool_eq", "string_eq", "string_concat", "is_",
           "is_not", "in_dict", "not_in_dict"]
