"""How mint's adapters are declared and installed.

Each mint name is a thin function over ``mindjax.ops`` that translates PyTorch-style arguments
(``dim``, ``keepdim``, ``input``, torch's dtype rules). ``@needs("x", "y")`` records the ops it
calls; :func:`install` puts a name into a mint namespace only when all of them exist in ops at
import time, so a name whose op is not implemented yet is absent (AttributeError), never a stub.
"""
from __future__ import annotations

from typing import Callable

from .. import ops as _ops


def needs(*op_names: str) -> Callable:
    """Mark an adapter with the ``mindjax.ops`` names it calls."""
    def deco(fn):
        fn.__mint_needs__ = op_names
        return fn
    return deco


def has_op(name: str) -> bool:
    return hasattr(_ops, name)


def install(namespace: dict, candidates: dict, absent: dict) -> list:
    """Install each candidate whose ops all exist; record the missing ops of the others."""
    done = []
    for name, obj in candidates.items():
        missing = [n for n in getattr(obj, "__mint_needs__", ()) if not has_op(n)]
        if missing:
            absent[name] = missing
            namespace.pop(name, None)
            continue
        namespace[name] = obj
        done.append(name)
    return done


def dims(dim) -> tuple | int | None:
    """``dim`` as ops wants it: a list becomes a tuple."""
    return tuple(dim) if isinstance(dim, list) else dim


def shape_args(size: tuple) -> tuple:
    """``f(2, 3)`` and ``f((2, 3))`` both give the shape ``(2, 3)``."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return tuple(int(s) for s in size)
