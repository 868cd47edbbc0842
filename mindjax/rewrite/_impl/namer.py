"""Unique names for targets, nodes, classes and functions, as MindSpore's rewrite hands them out:
``name``, then ``name_1``, ``name_2``...; a requested ``x_3`` is kept when it is still free."""
from __future__ import annotations


def _split(name: str):
    pos = name.rfind("_")
    if name == "_" or pos in (-1, len(name) - 1) or not name[pos + 1:].isdigit():
        return name, None
    return name[:pos], int(name[pos + 1:])


class Namer:
    """Counts how often each name was handed out."""

    def __init__(self):
        self._names = {}

    def get_name(self, origin: str) -> str:
        if origin == "_":
            return origin
        base, idx = _split(origin)
        number = self._names.get(origin)
        if number is None:
            self._names[origin] = 1
            if not idx or self._names.get(base, -1) <= idx:
                return origin
            number = 1
        while True:
            cand = f"{origin}_{number}"
            number += 1
            self._names[origin] = number
            if cand not in self._names:
                return cand

    def add_name(self, name: str):
        self._names.setdefault(name, 1)


class _Global(Namer):
    """One per process, as MindSpore: class and function names stay unique across trees."""
    suffix = ""

    def get_name(self, origin: str) -> str:
        return super().get_name(origin + self.suffix)


class ClassNamer(_Global):
    suffix = "Opt"


CLASS_NAMER = ClassNamer()
FUNCTION_NAMER = _Global()
