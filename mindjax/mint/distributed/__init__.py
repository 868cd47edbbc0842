"""``mindspore.mint.distributed``: PyTorch-style process groups and collectives.

The names live in the submodule ``mindspore.mint.distributed.distributed`` (programs import
either path) and are re-exported here. mindjax runs them for one process: rank 0 of a world of
1, where each collective leaves or copies the local data.

Example:
    >>> from mindjax.mint.distributed import distributed as dist
    >>> dist.is_available()
    True
"""
from . import distributed
from .distributed import *  # noqa: F401,F403
from .distributed import __all__  # noqa: F401
