"""``mindspore.mutable``: mark a constant input of a compiled function as a variable.

In MindSpore a plain Python scalar or tuple given to a ``jit`` function is a constant of
the graph; ``mutable`` makes it a variable. The marked object behaves as the original
(``mutable(2) + 1 == 3``). mindjax's ``jit`` already traces every Tensor as a variable;
a mutable scalar keeps its value and the program is specialised on it.
"""
from __future__ import annotations

from .._tensor import Tensor


class _Int(int):
    pass


class _Float(float):
    pass


class _Bool(int):
    """``mutable(True)``: bool cannot be subclassed, so this is an int that prints as a bool."""

    def __repr__(self) -> str:
        return repr(bool(self))

    __str__ = __repr__


class _Tuple(tuple):
    pass


class _List(list):
    pass


class _Dict(dict):
    pass


def _check(value, seen=()) -> None:
    if isinstance(value, (bool, int, float, Tensor)):
        return
    if isinstance(value, (tuple, list, dict)):
        if id(value) in seen:
            raise TypeError("For 'mutable', the 'input_data' should have no self-reference.")
        items = value.values() if isinstance(value, dict) else value
        for v in items:
            _check(v, seen + (id(value),))
        return
    raise TypeError(f"For 'mutable', the 'input_data' should be one of (bool, int, float, Tensor, tuple, list, "
                    f"dict) or their nested structures with no self-reference, but got "
                    f"{type(value).__name__}: {value}.")


def mutable(input_data, dynamic_len: bool = False):
    """``input_data`` marked as a variable input for ``jit``.

    Examples:
        >>> import mindjax as ms
        >>> m = ms.mutable(2)
        >>> m + 1
        3
        >>> t = ms.mutable((ms.Tensor(1.0), ms.Tensor(2.0)))
        >>> len(t)
        2
    """
    _check(input_data)
    if not isinstance(dynamic_len, bool):
        raise TypeError(f"For 'mutable', the 'dynamic_len' must be bool, but got {type(dynamic_len).__name__}.")
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError(f"For 'mutable', when the variable_len is True, the first input should be list or tuple, "
                        f"but got: {type(input_data).__name__}")
    if isinstance(input_data, Tensor):
        return input_data
    if isinstance(input_data, bool):
        return _Bool(input_data)
    if isinstance(input_data, int):
        return _Int(input_data)
    if isinstance(input_data, float):
        return _Float(input_data)
    if isinstance(input_data, tuple):
        return _Tuple(input_data)
    if isinstance(input_data, list):
        return _List(input_data)
    return _Dict(input_data)
