"""Old path ``mindspore.dataset.vision.c_transforms``: the same transforms as ``mindspore.dataset.vision``."""
from .transforms import *  # noqa: F401,F403
from .more import *  # noqa: F401,F403
from .color import *  # noqa: F401,F403
from .color_random import *  # noqa: F401,F403
from .geometry import *  # noqa: F401,F403
from .augment import *  # noqa: F401,F403
from .bbox import *  # noqa: F401,F403
from . import transforms as _t, more as _m, color as _c, color_random as _cr, geometry as _g, augment as _a, \
    bbox as _b  # noqa: E402
from .utils import ConvertMode, ImageReadMode  # noqa: F401

__all__ = (list(_t.__all__) + list(_m.__all__) + list(_c.__all__) + list(_cr.__all__) + list(_g.__all__)
           + list(_a.__all__) + list(_b.__all__) + ["ConvertMode", "ImageReadMode"])
