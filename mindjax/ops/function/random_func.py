"""``mindspore.ops.function.random_func``: the random ops."""
from .. import random as _random
from ._collect import export

__all__ = export(globals(), _random)
