"""``F.is_sequence_value_unknown`` / ``F.is_sequence_shape_unknown``: whether a tuple's elements
(or its length) are variables of the compiled program.

mindjax compiles one program per shape, so a Tensor's shape is always known. Inside a ``jit``
trace, a ``mutable`` tuple's elements are variables (value unknown) and a ``mutable(...,
dynamic_len=True)`` tuple also has a variable length, as in MindSpore's graph mode; in PyNative
every value is known.
"""
from __future__ import annotations

import jax

from .._state import state


def _check(x) -> None:
    if not isinstance(x, (tuple, list)):
        raise TypeError(f"The input of IsShapeUnKnown should be tuple or list but got {type(x).__name__}: {x}.")


def is_sequence_value_unknown(x) -> bool:
    """True where an element of the tuple or list ``x`` is a variable of the ``jit`` program.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import functional as F
        >>> F.is_sequence_value_unknown(ms.Tensor([[1., 2.]]).shape)
        False
    """
    _check(x)
    if state.jit_depth <= 0:
        return False
    if getattr(x, "__ms_mutable__", False):
        return True
    return any(isinstance(e, jax.core.Tracer) for e in x)


def is_sequence_shape_unknown(x) -> bool:
    """True where the length of the tuple or list ``x`` varies between calls of the ``jit`` program
    (``mutable(x, dynamic_len=True)``).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import functional as F
        >>> F.is_sequence_shape_unknown((1, 2))
        False
    """
    _check(x)
    return state.jit_depth > 0 and bool(getattr(x, "__ms_dynamic_len__", False))


__all__ = ["is_sequence_value_unknown", "is_sequence_shape_unknown"]
