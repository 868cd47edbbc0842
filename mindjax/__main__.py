"""``python -m mindjax script.py ARGS`` / ``python -m mindjax -m MODULE ARGS``.

Runs code written for ``import mindspore``: an import hook makes ``mindspore`` and every
``mindspore.X`` resolve to ``mindjax`` and ``mindjax.X``. Nothing named ``mindspore``
is installed.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import runpy
import sys


class _MindSporeAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``mindspore[.X]`` as ``mindjax[.X]`` (the same module objects)."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "mindspore" or fullname.startswith("mindspore."):
            real = "mindjax" + fullname[len("mindspore"):]
            try:
                real_spec = importlib.util.find_spec(real)
            except (ImportError, ValueError):
                real_spec = None
            if real_spec is None:
                return None
            return importlib.util.spec_from_loader(fullname, self, is_package=real_spec.submodule_search_locations
                                                   is not None)
        return None

    def create_module(self, spec):
        real = importlib.import_module("mindjax" + spec.name[len("mindspore"):])
        self._specs = getattr(self, "_specs", {})
        self._specs[id(real)] = (real.__spec__, real.__loader__)
        return real

    def exec_module(self, module):
        # the import system stamped the alias spec on the real module: give it back its own
        spec, loader = self._specs.pop(id(module), (None, None))
        if spec is not None:
            module.__spec__, module.__loader__ = spec, loader


def install_alias() -> None:
    if not any(isinstance(f, _MindSporeAlias) for f in sys.meta_path):
        sys.meta_path.insert(0, _MindSporeAlias())


_USAGE = "usage: python -m mindjax script.py [args ...]\n       python -m mindjax -m module [args ...]"


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from .communication._launch import is_launch
    if is_launch(argv):  # python -m mindjax --worker_num=N ... script.py: the msrun-like launcher
        from .communication._launch import launch
        return launch(argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(_USAGE)
        return 0 if argv else 2
    install_alias()
    import mindjax  # noqa: F401  (sets up jax before user code)
    from mindjax._naming import apply_mindspore_paths
    apply_mindspore_paths()
    if argv[0] == "-m":
        if len(argv) < 2:
            print(_USAGE, file=sys.stderr)
            return 2
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = argv
        sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(argv[0])))
        runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
