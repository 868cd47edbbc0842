"""``mindspore.dataset.transforms``: Compose, TypeCast, OneHot and other column transforms."""
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _all
from . import c_transforms, py_transforms, py_transforms_util, transforms, validators  # noqa: F401,E402
from .. import vision  # noqa: F401,E402 - MindSpore's transforms package exposes dataset.vision too

__all__ = list(_all) + ["c_transforms", "py_transforms", "py_transforms_util", "transforms", "validators", "vision"]
