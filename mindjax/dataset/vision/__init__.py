"""``mindspore.dataset.vision``: image transforms on numpy arrays (and PIL images where MindSpore takes them).

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
from .color import *  # noqa: F401,F403
from .color import __all__ as _color
from .color_random import *  # noqa: F401,F403
from .color_random import __all__ as _color_random
from .geometry import *  # noqa: F401,F403
from .geometry import __all__ as _geometry
from .augment import *  # noqa: F401,F403
from .augment import __all__ as _augment
from .bbox import *  # noqa: F401,F403
from .bbox import __all__ as _bbox
from .image_io import *  # noqa: F401,F403
from .image_io import __all__ as _image_io
from .utils import Border, ConvertMode, ImageBatchFormat, ImageReadMode, Inter  # noqa: F401
from ..transforms.transforms import not_random  # noqa: F401
from . import c_transforms, py_transforms, py_transforms_util, transforms, utils, validators  # noqa: F401,E402

__all__ = (list(_all) + list(_more) + list(_color) + list(_color_random) + list(_geometry) + list(_augment)
           + list(_bbox) + list(_image_io)
           + ["ImageReadMode", "ConvertMode", "not_random", "c_transforms", "py_transforms", "py_transforms_util",
              "utils", "validators", "transforms"])
