"""Enums of ``mindspore.dataset.vision``."""
from enum import Enum, IntEnum

__all__ = ["Inter", "Border", "ImageBatchFormat", "ImageReadMode", "ConvertMode"]


class Inter(IntEnum):
    """Interpolation modes (values as MindSpore's)."""
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = LINEAR = 2
    CUBIC = BICUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ImageBatchFormat(IntEnum):
    NHWC = 0
    NCHW = 1


class ImageReadMode(IntEnum):
    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


class ConvertMode(IntEnum):
    COLOR_BGR2BGRA = 0
