"""mint's overloaded functions (``max``, ``min``, ``clamp``/``clip``): one name, several signatures,
chosen from the argument types as MindSpore's overload resolution does, with its TypeError when
no signature matches and its ValueError for the values ``Clamp`` refuses.

Example:
    >>> import mindjax as ms
    >>> from mindjax import mint
    >>> x = ms.Tensor([[1., 5.], [3., 2.]])
    >>> mint.max(x).asnumpy().tolist(), mint.max(x, 1)[1].asnumpy().tolist(), mint.max(x, 4.).shape
    (5.0, [1, 0], (2, 2))
"""
from __future__ import annotations

import numbers

import numpy as np

from .. import ops as _ops
from .. import _dtype as mstype
from .._tensor import Tensor

CANDIDATES: dict = {}


def _tname(v) -> str:
    return "Tensor" if isinstance(v, Tensor) else type(v).__name__


def _is_int(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _is_number(v) -> bool:
    return isinstance(v, (numbers.Number, np.generic)) and not isinstance(v, Tensor)


def _no_match(name: str, args: tuple, kwargs: dict) -> TypeError:
    shown = ", ".join([_tname(a) for a in args] + [f"{k}={_tname(v)}" for k, v in kwargs.items()])
    return TypeError(f'Failed calling {name} with "{name}({shown})".\nThe valid calling should be:\n'
                     f'"{name}(input=<Tensor>, dim=<int>, keepdim=<bool>)"\n'
                     f'"{name}(input=<Number, Tensor>, other=<Number, Tensor>)"')


def _maxmin(name: str, amm: str, pair: str):
    """``name(input)``, ``name(input, dim, keepdim=False)`` -> (values, indices), ``name(input, other)``."""
    reduce_dim = getattr(_ops, name, None)

    def fn(*args, **kwargs):
        allowed = {"input", "dim", "keepdim", "other"}
        if len(args) > 3 or set(kwargs) - allowed:
            raise _no_match(name, args, kwargs)
        pos = list(args)
        names = ("input", "dim", "keepdim")[:len(pos)]
        if any(k in kwargs for k in names):
            raise _no_match(name, args, kwargs)
        if "input" not in kwargs and not pos:
            raise TypeError(f"{name}(): missing 1 required positional argument: input.")
        inp = pos[0] if pos else kwargs["input"]
        second = pos[1] if len(pos) > 1 else kwargs.get("dim", kwargs.get("other", _MISSING))
        third = pos[2] if len(pos) > 2 else kwargs.get("keepdim", _MISSING)
        by_other = "other" in kwargs or (len(pos) == 2 and "keepdim" not in kwargs and second is not None
                                         and not _is_int(second))
        if by_other:  # name(input, other): elementwise, either may be a number
            if "dim" in kwargs or third is not _MISSING:
                raise _no_match(name, args, kwargs)
            if not (isinstance(inp, Tensor) or _is_number(inp)) or not (
                    isinstance(second, Tensor) or _is_number(second)):
                raise _no_match(name, args, kwargs)
            if not isinstance(inp, Tensor) and not isinstance(second, Tensor):
                raise _no_match(name, args, kwargs)
            return getattr(_ops, pair)(inp, second)
        if not isinstance(inp, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {_tname(inp)}.")
        if second is _MISSING:
            if third is not _MISSING:
                raise _no_match(name, args, kwargs)
            return getattr(_ops, amm)(inp)
        if second is None:
            if "dim" in kwargs:
                raise _no_match(name, args, kwargs)
            raise TypeError(f"{name}(): missing 1 required positional argument: dim.")
        if not _is_int(second):
            raise TypeError(f"{name}(): argument 'dim' (position 2) must be int, not {_tname(second)}.")
        keepdim = False if third is _MISSING else third
        if keepdim is None:
            raise TypeError(f"{name}(): missing 1 required positional argument: keepdim.")
        if not isinstance(keepdim, (bool, np.bool_)):
            raise TypeError(f"{name}(): argument 'keepdim' (position 3) must be bool, not {_tname(keepdim)}.")
        return reduce_dim(inp, int(second), bool(keepdim))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"``mint.{name}(input)``: the {name}imum of all elements; ``mint.{name}(input, dim, keepdim=False)``: "
                  f"(values, int64 indices) over ``dim``; ``mint.{name}(input, other)``: ``{pair}`` (a float, bool "
                  f"or Tensor second argument). Other argument types raise TypeError.\n\n"
                  f"Example:\n    >>> values, indices = mint.{name}(ms.Tensor([[1., 5.], [3., 2.]]), 1)\n"
                  f"    >>> indices.asnumpy().tolist()\n    [1, {0 if name == 'max' else 1}]\n")
    fn.__mint_needs__ = (name, amm, pair)
    CANDIDATES[name] = fn
    return fn


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()
_maxmin("max", "amax", "maximum")
_maxmin("min", "amin", "minimum")


def _is_bool(v) -> bool:
    if isinstance(v, Tensor):
        return v.dtype == mstype.bool_
    return isinstance(v, (bool, np.bool_))


def clamp(input: Tensor, min=None, max=None) -> Tensor:  # noqa: A002 - mint's argument names
    """Clip to ``[min, max]``; either bound may be None, a number or a Tensor (not both None, and no
    bool input or bound: MindSpore's ValueError).

    Example:
        >>> mint.clamp(ms.Tensor([-2., 0., 2.]), -1, 1).asnumpy().tolist()
        [-1.0, 0.0, 1.0]
    """
    if min is None and max is None:
        raise ValueError("For Clamp, at least one of 'min' or 'max' must not be None.")
    if any(_is_bool(v) for v in (input, min, max)):
        raise ValueError("For Clamp, the dtype of 'input', 'min' and 'max' must not be bool.")
    return _ops.clamp(input, min, max)


clamp.__mint_needs__ = ("clamp",)
CANDIDATES["clamp"] = clamp
