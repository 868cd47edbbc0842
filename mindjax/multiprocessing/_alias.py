"""Preloaded by the fork server of ``mindjax.multiprocessing`` when the parent runs under
``python -m mindjax``: its children resolve ``import mindspore`` to mindjax, as their parent does."""
from ..__main__ import install_alias

install_alias()

import mindjax  # noqa: E402,F401 - the children fork from a process that has mindjax imported
from mindjax._naming import apply_mindspore_paths  # noqa: E402

apply_mindspore_paths()
