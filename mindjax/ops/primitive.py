"""``mindspore.ops.primitive``: the Primitive base classes, ``prim_attr_register`` and
``constexpr``.

Examples:
    >>> from mindjax.ops.primitive import Primitive, prim_attr_register
    >>> class Scale(Primitive):
    ...     @prim_attr_register
    ...     def __init__(self, factor=2.0):
    ...         pass
    >>> Scale(3.0)
    Prim[Scale]<factor=3.0>
"""
from __future__ import annotations

from ._primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register

__all__ = ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck", "prim_attr_register", "constexpr"]


def constexpr(fn=None, get_instance: bool = True, name: str | None = None, reuse_result: bool = True,
              check: bool = True):
    """``@constexpr``: marks a function computed on Python constants at compile time. In mindjax
    a program's Python runs on Python values in both modes, so the function is returned as is.

    Examples:
        >>> from mindjax.ops.primitive import constexpr
        >>> @constexpr
        ... def double(n):
        ...     return 2 * n
        >>> double(4)
        8
    """
    if fn is None:
        return lambda f: f
    return fn
