"""``mindspore.lazy_inline`` and ``mindspore.no_inline``: compile-time hints for Graph mode.

MindSpore compiles a Cell marked ``lazy_inline`` once and reuses the subgraph, and keeps a
``no_inline`` function as a separate subgraph. XLA decides inlining of the whole program
itself, so in mindjax these decorators change neither results nor compilation; they accept
MindSpore's arguments and return the decorated function, so code written with them runs.
"""
from __future__ import annotations

import functools


def lazy_inline(fn=None, attrs=None, policy=None):
    """Mark a Cell's ``__init__`` for lazy inlining (a compile hint; see the module docstring).

    Examples:
        >>> import mindjax as ms
        >>> class Block(ms.nn.Cell):
        ...     @ms.lazy_inline
        ...     def __init__(self):
        ...         super().__init__()
        >>> isinstance(Block(), ms.nn.Cell)
        True
    """
    if attrs is not None and not isinstance(attrs, (list, tuple, str)):
        raise TypeError(f"For 'lazy_inline', the 'attrs' must be a list, tuple or str, but got "
                        f"{type(attrs).__name__}.")

    def wrap(func):
        @functools.wraps(func)
        def inner(self, *args, **kwargs):
            return func(self, *args, **kwargs)
        inner.__lazy_inline__ = True
        return inner
    return wrap(fn) if fn is not None else wrap


def no_inline(fn=None):
    """Keep a function as its own subgraph (a compile hint; see the module docstring)."""
    def wrap(func):
        func.__no_inline__ = True
        return func
    return wrap(fn) if fn is not None else wrap
