"""``mindspore.mutable``: mark a constant input of a compiled function as a variable.

In MindSpore a plain Python scalar, tuple, list or dict given to a ``jit`` function (or a
Cell in GRAPH_MODE) is a constant of the graph: a new value compiles a new graph.
``mutable`` makes it a variable input instead. mindjax does the same: a mutable ``int``,
``float`` or ``bool`` (alone or inside a mutable tuple/list/dict) enters the compiled
program as a 0-d array, so calling again with another value runs the same program; inside
the program it computes as the Python scalar does (``n / 2`` is a float, ``n // 2`` an
int) and a scalar it returns comes back as a Python scalar. Where the program needs the
value itself while compiling (a shape, ``range`` bounds feeding a shape), the scalar is a
constant of the program instead, one program per value, as a plain scalar is.

``dynamic_len=True`` is accepted on a tuple or list; XLA programs have static shapes, so
mindjax compiles one program per length (MindSpore compiles one for all lengths).
"""
from __future__ import annotations

from .._tensor import Tensor


class _Int(int):
    pass


class _Float(float):
    pass


class _Tuple(tuple):
    pass


class _List(list):
    pass


class _Dict(dict):
    pass


class _Bool(int):
    """``mutable(True)``: ``bool`` cannot be subclassed, so this is an int that reports itself as a
    bool (``isinstance(m, bool)``, ``m.__class__``) and prints as one, as MindSpore's does."""

    def __init__(self, value) -> None:
        self.value = bool(value)

    @property
    def __class__(self):
        return bool

    def __and__(self, x):
        return self.value & x

    def __rand__(self, x):
        return x & self.value

    def __or__(self, x):
        return self.value | x

    def __ror__(self, x):
        return x | self.value

    def __xor__(self, x):
        return self.value ^ x

    def __rxor__(self, x):
        return x ^ self.value

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


def _valid(value, seen: set) -> bool:
    """Only Tensors, Python numbers and tuples/lists/dicts of them, without self-reference."""
    if id(value) in seen:
        return False
    if isinstance(value, (tuple, list, dict)):
        seen.add(id(value))
        items = value.values() if isinstance(value, dict) else value
        ok = all(_valid(v, seen) for v in items)
        seen.discard(id(value))
        return ok
    return isinstance(value, (Tensor, int, float))


def is_mutable(obj) -> bool:
    """Whether ``obj`` was made by ``mutable`` (its scalars are variables of a compiled program)."""
    return getattr(obj, "__ms_mutable__", False) is True


def mutable(input_data, dynamic_len: bool = False):
    """``input_data`` marked as a variable input of ``jit`` functions and GRAPH_MODE Cells:
    calling again with another value reuses the compiled program.

    Args:
        input_data (Union[Tensor, int, float, bool, tuple, list, dict]): the value.
        dynamic_len (bool): the length of a tuple or list may change between calls.

    Examples:
        >>> import mindjax as ms
        >>> m = ms.mutable(2)
        >>> m + 1
        3
        >>> @ms.jit
        ... def f(n):
        ...     return n * 2, n / 4
        >>> f(ms.mutable(3))
        (6, 0.75)
        >>> f(ms.mutable(5))  # the same program, another value
        (10, 1.25)
    """
    from .._state import state
    if state.jit_depth and type(input_data).__module__ == "numpy" and hasattr(input_data, "item") and \
            getattr(input_data, "ndim", None) == 0:
        input_data = input_data.item()  # compiled code reads a numpy scalar as the Python number
    if not _valid(input_data, set()):
        raise TypeError(f"For 'mutable', the 'input_data' should be one of (bool, int, float, Tensor, tuple, list, "
                        f"dict) or their nested structures with no self-reference, but got "
                        f"{type(input_data).__name__}: {input_data}.")
    if not isinstance(dynamic_len, bool):
        # MindSpore names the type of the first input here
        raise TypeError(f"For 'mutable', the second input should be bool, but got: {type(input_data).__name__}")
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError(f"For 'mutable', when the variable_len is True, the first input should be list or tuple, "
                        f"but got: {type(input_data).__name__}")
    ret = input_data
    if isinstance(input_data, bool):
        ret = _Bool(input_data)
    elif isinstance(input_data, int):
        ret = _Int(input_data)
    elif isinstance(input_data, float):
        ret = _Float(input_data)
    elif isinstance(input_data, list):
        ret = _List(input_data)
    elif isinstance(input_data, tuple):
        ret = _Tuple(input_data)
    elif isinstance(input_data, dict):
        ret = _Dict(input_data)
    elif isinstance(input_data, Tensor):
        input_data.__dict__.pop("_const_arg", None)  # a variable, whatever const_arg said
    setattr(ret, "__ms_mutable__", True)
    setattr(ret, "__ms_dynamic_len__", dynamic_len)
    setattr(ret, "__ms_origin_object__", input_data)
    return ret
