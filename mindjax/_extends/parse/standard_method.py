"""``mindspore._extends.parse.standard_method``: MindSpore's graph-mode implementations of the
Tensor methods, as plain functions of the Tensor (``standard_method.var(x, axis)`` is
``x.var(axis)``). In mindjax a Tensor method is one definition for both modes, so each function
here calls the method of the same name; which names MindSpore has is data
(``_data/standard_method_names.json``, recorded by tests/data/gen_standard_method_names.py).
A name mindjax's Tensor lacks stays absent.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

from ..._tensor import Tensor


@functools.lru_cache(maxsize=None)
def _names() -> frozenset:
    path = Path(__file__).resolve().parents[2] / "_data" / "standard_method_names.json"
    return frozenset(json.loads(path.read_text())["names"])


def tensor_bool(x) -> bool:
    """The truth value of a one-element Tensor (``if x:`` in a construct).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax._extends.parse.standard_method import tensor_bool
        >>> tensor_bool(ms.Tensor([4.0]))
        True
    """
    return bool(x)


def max(input, axis=None, keepdims=False, *, initial=None, where=True, return_indices=False):  # noqa: A001
    """``Tensor.max`` with the numpy-style signature (values only unless ``return_indices``), as
    MindSpore's graph mode has it.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax._extends.parse import standard_method
        >>> print(standard_method.max(ms.Tensor([[1., 5.], [4., 2.]]), 1))
        [5. 4.]
    """
    return input.max(axis=axis, keepdims=keepdims, initial=initial, where=where, return_indices=return_indices)


def min(input, axis=None, keepdims=False, *, initial=None, where=True, return_indices=False):  # noqa: A001
    """``Tensor.min`` with the numpy-style signature, as MindSpore's graph mode has it.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax._extends.parse import standard_method
        >>> print(standard_method.min(ms.Tensor([[1., 5.], [4., 2.]]), 1))
        [1. 2.]
    """
    return input.min(axis=axis, keepdims=keepdims, initial=initial, where=where, return_indices=return_indices)


def _method(name: str):
    attr = getattr(Tensor, name)
    if isinstance(attr, property):  # T, H, mT, data: the property's value
        def fn(x):
            return getattr(x, name)
    else:
        def fn(x, *args, **kwargs):
            return getattr(x, name)(*args, **kwargs)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"``Tensor.{name}`` as a function of the Tensor."
    return fn


def __getattr__(name: str):
    if name in _names() and hasattr(Tensor, name):
        fn = _method(name)
        globals()[name] = fn
        return fn
    raise AttributeError(f"module '{__name__}' has no attribute '{name}'")
