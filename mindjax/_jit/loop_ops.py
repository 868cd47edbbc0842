"""``ops.WhileLoop``, ``ops.ForiLoop`` and ``ops.Scan``: loops as operators.

In PyNative they run the Python loop their documentation gives. Inside compiled code the
loop is graph mode's own: a condition known only at run time (a Tensor) makes one
``lax.while_loop`` over the loop value, differentiable (``loops.while_``); a condition known
while compiling unrolls, as MindSpore's ``unroll=True`` does. ``Scan`` walks a Python
sequence, so it unrolls in both modes. Errors raised by the user's function are reported
as MindSpore reports them: ``ValueError("Invalid loop_func, ...")``.
"""
from __future__ import annotations

import types

from .._checkparam import check_value_type
from .._state import state
from .._tensor import Tensor
from ..ops._primitive import Primitive

_FUNCS = [types.FunctionType, types.MethodType]


def _invalid(e: Exception) -> ValueError:
    return ValueError(f"Invalid loop_func, please check input arguments and return value, error info: {e}")


def _graph(fn):
    """``fn`` as graph mode compiles it (its tensor control flow rewritten) when tracing."""
    if not state.jit_depth:
        return fn
    from .ast_pass import convert
    return convert(fn)


class WhileLoop(Primitive):
    """``WhileLoop()(cond_func, loop_func, init_val)``: ``while cond_func(val): val = loop_func(val)``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import ops
        >>> out = ops.WhileLoop()(lambda v: v < 10, lambda v: v * 2, ms.Tensor(1.0))
        >>> print(out)
        16.0
    """

    def __init__(self) -> None:
        super().__init__("WhileLoop")

    def __call__(self, cond_func, loop_func, init_val):
        check_value_type("cond_func", cond_func, _FUNCS, "WhileLoop")
        check_value_type("loop_func", loop_func, _FUNCS, "WhileLoop")
        from . import loops
        cond, body = _graph(cond_func), _graph(loop_func)
        try:
            return loops.while_(lambda v: cond(v), lambda v: (body(v),), (init_val,))[0]
        except (TypeError, ValueError) as e:
            raise _invalid(e) from None


class ForiLoop(Primitive):
    """``ForiLoop()(lower, upper, loop_func, init_val, unroll=True)``:
    ``for i in range(lower, upper): val = loop_func(i, val)``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import ops
        >>> print(ops.ForiLoop()(0, 4, lambda i, v: v + i, ms.Tensor(0)))
        6
    """

    def __init__(self) -> None:
        super().__init__("ForiLoop")

    def __call__(self, lower, upper, loop_func, init_val, unroll: bool = True):
        check_value_type("lower", lower, [int, Tensor], "ForiLoop")
        check_value_type("upper", upper, [int, Tensor], "ForiLoop")
        check_value_type("loop_func", loop_func, _FUNCS, "ForiLoop")
        from . import loops
        body = _graph(loop_func)
        try:
            if not state.jit_depth:
                val = init_val
                for i in range(int(lower), int(upper)):
                    val = body(i, val)
                return val
            return loops.for_(loops.range_(lower, upper), lambda i, v: (body(i, v),), (init_val,))[0]
        except (TypeError, ValueError) as e:
            raise _invalid(e) from None


class Scan(Primitive):
    """``Scan()(loop_func, init, xs, length=None, unroll=True)``: ``carry, y = loop_func(carry, x)``
    for each ``x`` of ``xs``; returns ``(carry, [y, ...])``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import ops
        >>> carry, ys = ops.Scan()(lambda c, x: (c + x, c * x), ms.Tensor(0), [1, 2, 3])
        >>> print(carry, [int(y) for y in ys])
        6 [0, 2, 9]
    """

    def __init__(self) -> None:
        super().__init__("Scan")

    def __call__(self, loop_func, init, xs, length=None, unroll: bool = True):
        check_value_type("loop_func", loop_func, _FUNCS, "Scan")
        check_value_type("xs", xs, [list, tuple, type(None)], "Scan")
        if xs is None:
            check_value_type("length", length, [int], "Scan")
            xs = [None] * length
        check_value_type("unroll", unroll, [bool], "Scan")
        body = _graph(loop_func)
        carry, ys = init, []
        try:
            for x in xs:
                carry, y = body(carry, x)
                ys.append(y)
        except (TypeError, ValueError) as e:
            raise _invalid(e) from None
        return carry, ys
