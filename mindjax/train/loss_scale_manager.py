"""Alias of mindjax.train.loss_scale (MindSpore module name)."""
from .loss_scale import *  # noqa: F401,F403
from .loss_scale import __all__  # noqa: F401
