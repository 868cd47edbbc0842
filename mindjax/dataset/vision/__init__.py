"""``mindspore.dataset.vision``: image transforms on numpy arrays.

Examples:
    >>> import numpy as np
    >>> import mindjax.dataset.vision as vision
    >>> img = np.zeros((4, 6, 3), np.uint8)
    >>> vision.HWC2CHW()(vision.Resize((2, 3))(img)).shape
    (3, 2, 3)
"""
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _all
from .more import *  # noqa: F401,F403
from .more import __all__ as _more
from .utils import Border, ConvertMode, ImageBatchFormat, ImageReadMode, Inter  # noqa: F401
from . import c_transforms, py_transforms  # noqa: F401,E402

__all__ = list(_all) + list(_more) + ["ImageReadMode", "ConvertMode", "c_transforms", "py_transforms"]
