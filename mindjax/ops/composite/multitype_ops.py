"""The structural ``zeros_like``/``ones_like``, ``hyper_add`` and the ``augassign_*`` functions of
``mindspore.ops.composite`` (MindSpore's ``multitype_ops``).

``zeros_like``/``ones_like`` map over (nested) tuples, lists and dicts: a Tensor gives a Tensor of
zeros/ones, an int 0/1, a float 0.0/1.0, and None stays None, as in MindSpore's Graph mode.
``augassign_add(x, y)`` is ``x += y`` (Python's augmented assignment on the two values).
"""
from __future__ import annotations

import operator

from ..._tensor import Tensor
from ... import _dtype as mstype
from .base import HyperMap, MultitypeFuncGraph


def _tensor_fill(x: Tensor, value) -> Tensor:
    from ..creation import zeros_like as _z, ones_like as _o
    return _o(x) if value else _z(x)


def _structural(name: str, x, value):
    if isinstance(x, Tensor):
        return _tensor_fill(x, value)
    if isinstance(x, (tuple, list)):
        return type(x)(_structural(name, v, value) for v in x)
    if isinstance(x, dict):
        return {k: _structural(name, v, value) for k, v in x.items()}
    if isinstance(x, bool):
        return bool(value) if value else 0
    if isinstance(x, int):
        return int(value)
    if isinstance(x, float):
        return float(value)
    if x is None or isinstance(x, (mstype.Type, slice)):
        return x
    if isinstance(x, str) and not value:
        return 0
    raise TypeError(f"For '{name}', the input must be a Tensor, a number, None or a tuple/list/dict of them, "
                    f"but got {type(x).__name__}.")


def zeros_like(x):
    """``ops.composite.zeros_like``: zeros with the structure of ``x`` (Tensors, numbers, tuples, lists).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import composite as C
        >>> print(C.zeros_like((ms.Tensor([1.5]), 3)))
        (Tensor(shape=[1], dtype=Float32, value= [ 0.00000000e+00]), 0)
    """
    return _structural("zeros_like", x, 0)


def ones_like(x):
    """``ops.composite.ones_like``: ones with the structure of ``x``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import composite as C
        >>> print(C.ones_like([ms.Tensor([1.5]), 2.0]))
        [Tensor(shape=[1], dtype=Float32, value= [ 1.00000000e+00]), 1.0]
    """
    return _structural("ones_like", x, 1)


_add = MultitypeFuncGraph("add")


@_add.register("Number", "Number")
@_add.register("String", "String")
@_add.register("Tensor", "Tensor")
@_add.register("Tensor", "Number")
@_add.register("Number", "Tensor")
@_add.register("Tuple", "Tensor")
@_add.register("Tensor", "Tuple")
@_add.register("List", "Tensor")
@_add.register("Tensor", "List")
def _add_values(x, y):
    return x + y


@_add.register("None", "None")
def _add_none(x, y):
    return None


hyper_add = HyperMap(_add)
hyper_add.__doc__ = """``ops.composite.hyper_add(x, y)``: ``x + y`` leaf by leaf over nested tuples/lists/dicts."""


def _augassign(name: str, op):
    def fn(x, y):
        try:
            return op(x, y)
        except TypeError:
            raise TypeError(f"For '{name}', the inputs of types {type(x).__name__} and {type(y).__name__} are not "
                            f"supported.") from None
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"``ops.composite.{name}(x, y)``: the value of ``x {op.__name__[1:]}= y`` as Python computes it."
    return fn


augassign_add = _augassign("augassign_add", operator.iadd)
augassign_sub = _augassign("augassign_sub", operator.isub)
augassign_mul = _augassign("augassign_mul", operator.imul)
augassign_div = _augassign("augassign_div", operator.itruediv)
augassign_floordiv = _augassign("augassign_floordiv", operator.ifloordiv)
augassign_mod = _augassign("augassign_mod", operator.imod)
