"""``mindspore.ops.function.random_func``: the random ops."""
from .. import random as _random, _random_more
from ._collect import export

__all__ = export(globals(), _random, _random_more)

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)
