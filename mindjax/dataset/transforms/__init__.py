"""``mindspore.dataset.transforms``: Compose, TypeCast, OneHot and other column transforms."""
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _all
from . import c_transforms, py_transforms  # noqa: F401,E402

__all__ = list(_all) + ["c_transforms", "py_transforms"]
