"""Gather the public functions an op module defines (its ``__all__``, else the callables whose
``__module__`` is that module), to re-export them under MindSpore's ``ops.function.*`` paths."""
from __future__ import annotations


def export(namespace: dict, *modules) -> list:
    names = []
    for mod in modules:
        public = getattr(mod, "__all__", None)
        if public is None:
            public = [n for n, v in vars(mod).items() if not n.startswith("_") and callable(v)
                      and getattr(v, "__module__", None) == mod.__name__ and not isinstance(v, type)]
        for n in public:
            namespace[n] = getattr(mod, n)
            names.append(n)
    return sorted(set(names))
