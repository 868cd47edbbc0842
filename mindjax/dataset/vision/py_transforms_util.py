"""``mindspore.dataset.vision.py_transforms_util``: the functional forms behind the vision transforms
(numpy HWC images unless said otherwise).

Examples:
    >>> import numpy as np
    >>> adjust_brightness(np.full((1, 1, 3), 10, np.uint8), 2.0).tolist()
    [[[20, 20, 20]]]
"""
from .color import (adjust_brightness, adjust_contrast, adjust_hue, adjust_saturation, adjust_sharpness,  # noqa: F401
                    auto_contrast, equalize)
from .geometry import affine, rotate  # noqa: F401
from .transforms import _decode as decode, _pad as pad, _resize as resize  # noqa: F401


def horizontal_flip(img):
    """The image mirrored left-right."""
    return img[:, ::-1].copy()


def vertical_flip(img):
    """The image mirrored top-bottom."""
    return img[::-1].copy()


def hwc_to_chw(img):
    """HWC to CHW (an HW image gains a leading axis)."""
    from .transforms import HWC2CHW
    return HWC2CHW()(img)


def invert_color(img):
    """255 - pixel."""
    return (255 - img.astype("int64")).astype(img.dtype)


__all__ = ["adjust_brightness", "adjust_contrast", "adjust_hue", "adjust_saturation", "adjust_sharpness",
           "auto_contrast", "equalize", "affine", "rotate", "decode", "pad", "resize", "horizontal_flip",
           "vertical_flip", "hwc_to_chw", "invert_color"]
