"""``mindspore.ops.function.spectral_func``: MindSpore's internal path for public ops (found on first use)."""
from mindjax import _deep_aliases as _deep

_deep.install(globals())
