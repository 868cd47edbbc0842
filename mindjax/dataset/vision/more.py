"""More of ``mindspore.dataset.vision``: pixel-value transforms (Invert, Posterize, Solarize),
PadToSize, SlicePatches, PIL conversion, and the image file helpers (read_file, write_file,
read_image, get_image_size, get_image_num_channels)."""
import math
import numbers
import os
from enum import IntEnum

import numpy as np

from ..engine import _errors as E
from ..engine import validators as V
from .transforms import _Op, _check_hw, _decode, _pad, _image
from .utils import Border, ImageReadMode

__all__ = ["Invert", "Posterize", "Solarize", "PadToSize", "SlicePatches", "SliceMode", "ToNumpy", "ToPIL",
           "get_image_num_channels", "get_image_size", "read_file", "write_file", "read_image"]


class SliceMode(IntEnum):
    """How SlicePatches treats a remainder: PAD it to full patches, or DROP it."""
    PAD = 0
    DROP = 1


class Invert(_Op):
    """``255 - pixel`` on an RGB image (HWC, 3 channels), in the image's dtype.

    Examples:
        >>> import numpy as np
        >>> Invert()(np.zeros((1, 1, 3), np.uint8)).tolist()
        [[[255, 255, 255]]]
    """

    def _apply(self, img):
        if img.ndim != 3 or img.shape[2] != 3:
            raise E.pipeline_error(f"Invert: the shape of input tensor does not match the requirement of operator. "
                                   f"Expecting tensor in shape of <H, W, C>, and C must be 3. But got tensor with "
                                   f"dimension {img.ndim} and shape {list(img.shape)}.")
        return (np.array(255, img.dtype) - img).astype(img.dtype)

    def _pil(self, img):
        from PIL import ImageOps
        return ImageOps.invert(img)


class Posterize(_Op):
    """Keep the ``bits`` highest bits of each uint8 pixel."""

    def __init__(self, bits):
        V.type_check(bits, (int,), "bits")
        V.check_value(bits, 0, 8, "bits")
        self.bits = bits

    def _apply(self, img):
        if img.dtype != np.uint8:
            raise E.pipeline_error(f"Posterize: data type of input image should be uint8, but got {img.dtype}.")
        _check_hw(img, "Posterize")
        mask = (0xFF << (8 - self.bits)) & 0xFF
        return img & np.uint8(mask)


class Solarize(_Op):
    """Invert the pixels whose value lies in ``threshold`` (a (min, max) range, or a single min up to 255)."""

    def __init__(self, threshold):
        if isinstance(threshold, numbers.Number) and not isinstance(threshold, bool):
            threshold = (threshold, 255)
        if not isinstance(threshold, (list, tuple)) or len(threshold) != 2:
            raise TypeError("threshold must be a number or a sequence of two numbers.")
        for t in threshold:
            V.type_check(t, (float, int), "threshold")
            V.check_value(t, 0, 255, "threshold")
        if threshold[0] > threshold[1]:
            raise ValueError("threshold must be in order of (min, max).")
        self.threshold = tuple(threshold)

    def _apply(self, img):
        _check_hw(img, "Solarize")
        lo, hi = self.threshold
        if lo == hi:  # MindSpore reads an empty range as "from lo up"
            hi = 255
        inside = (img >= lo) & (img <= hi)
        return np.where(inside, (255 - img.astype(np.float64)).astype(img.dtype), img)


class PadToSize(_Op):
    """Pad an image to ``size`` (h, w), the original placed at ``offset`` (top, left; default: centred,
    rounding the top/left margins down)."""

    def __init__(self, size, offset=None, fill_value=0, padding_mode=Border.CONSTANT):
        self.size = _pair(size, "size", 1)
        self.offset = None if offset is None else _pair(offset, "offset", 0)
        if isinstance(fill_value, numbers.Integral) and not isinstance(fill_value, bool):
            V.check_value(int(fill_value), 0, 255, "fill_value")
            fill_value = (int(fill_value),) * 3
        self.fill_value = tuple(fill_value)
        V.type_check(padding_mode, (Border,), "padding_mode")
        self.padding_mode = padding_mode

    def _apply(self, img):
        _check_hw(img, "PadToSize")
        h, w = img.shape[:2]
        th, tw = self.size
        top, left = self.offset if self.offset is not None else ((th - h) // 2, (tw - w) // 2)
        if th < h + max(top, 0) or tw < w + max(left, 0):
            raise RuntimeError("Syntax error. \n\n" + "-" * 66 + "\n- Dataset Pipeline Error Message: \n" + "-" * 66
                               + f"\n[ERROR] PadToSize: the target size to pad should be no less than the original "
                               f"image size, but got target size {[th, tw]} and original size {[h, w]}.\n")
        return _pad(img, (left, top, tw - w - left, th - h - top), self.fill_value, self.padding_mode)


def _pair(value, name, lo):
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        V.check_value(int(value), lo, V.INT32_MAX, name)
        return (int(value), int(value))
    if isinstance(value, (list, tuple)) and len(value) == 2:
        for v in value:
            V.type_check(v, (int,), name)
            V.check_value(v, lo, V.INT32_MAX, name)
        return tuple(int(v) for v in value)
    raise TypeError(f"{name} should be a single integer or a list/tuple of 2 integers.")


class SlicePatches(_Op):
    """Cut an image into ``num_height`` x ``num_width`` patches (row-major); a remainder is padded
    with ``fill_value`` (SliceMode.PAD) or dropped (SliceMode.DROP)."""

    def __init__(self, num_height=1, num_width=1, slice_mode=SliceMode.PAD, fill_value=0):
        V.type_check(num_height, (int,), "num_height")
        V.type_check(num_width, (int,), "num_width")
        V.check_value(num_height, 1, 512, "num_height")
        V.check_value(num_width, 1, 512, "num_width")
        V.type_check(slice_mode, (SliceMode,), "slice_mode")
        V.type_check(fill_value, (int,), "fill_value")
        V.check_value(fill_value, 0, 255, "fill_value")
        self.num_height, self.num_width = num_height, num_width
        self.slice_mode, self.fill_value = slice_mode, fill_value

    def __call__(self, img):
        return self._apply(_image(img))

    def _apply(self, img):
        _check_hw(img, "SlicePatches")
        h, w = img.shape[:2]
        if self.slice_mode == SliceMode.PAD:
            ph, pw = math.ceil(h / self.num_height), math.ceil(w / self.num_width)
            widths = ((0, ph * self.num_height - h), (0, pw * self.num_width - w)) + ((0, 0),) * (img.ndim - 2)
            img = np.pad(img, widths, constant_values=self.fill_value)
        else:
            ph, pw = h // self.num_height, w // self.num_width
        return tuple(np.ascontiguousarray(img[i * ph:(i + 1) * ph, j * pw:(j + 1) * pw])
                     for i in range(self.num_height) for j in range(self.num_width))


class ToNumpy(_Op):
    """A PIL image (or anything array-like) as a numpy array."""

    def __call__(self, img):
        return np.asarray(img)


class ToPIL(_Op):
    """A numpy HWC uint8 image as a PIL image."""

    def __call__(self, img):
        from PIL import Image
        if isinstance(img, Image.Image):
            return img
        arr = _image(img)
        if arr.ndim == 3 and arr.shape[2] == 1:
            arr = arr[..., 0]
        return Image.fromarray(arr)


def get_image_num_channels(image):
    """Number of channels of an HWC numpy image (1 for HW) or of a PIL image."""
    if hasattr(image, "getbands"):
        return len(image.getbands())
    image = _image(image)
    if image.ndim < 2:
        raise RuntimeError(f"GetImageNumChannels: the dimension of image tensor does not match the requirement of "
                           f"operator. Expecting tensor in dimension of at least 2, but got {image.ndim}.")
    return 1 if image.ndim == 2 else int(image.shape[-1])


def get_image_size(image):
    """[height, width] of an HWC numpy image or a PIL image."""
    if hasattr(image, "size") and hasattr(image, "getbands"):
        w, h = image.size
        return [h, w]
    image = _image(image)
    if image.ndim < 2:
        raise RuntimeError(f"GetImageSize: the dimension of image tensor does not match the requirement of "
                           f"operator. Expecting tensor in dimension of at least 2, but got {image.ndim}.")
    return [int(image.shape[0]), int(image.shape[1])]


def read_file(filename):
    """The bytes of a file as a uint8 1-D array."""
    V.type_check(filename, (str,), "filename")
    if not os.path.isfile(filename):
        raise RuntimeError(f"ReadFile: the file does not exist or permission denied: {os.path.realpath(filename)}")
    return np.fromfile(filename, dtype=np.uint8)


def write_file(filename, data):
    """Write a uint8 1-D array to a file."""
    V.type_check(filename, (str,), "filename")
    data = _image(data)
    if data.dtype != np.uint8 or data.ndim != 1:
        raise RuntimeError("WriteFile: the data type and shape of input should be uint8 and 1-D.")
    data.tofile(filename)


def _png_gray(rgb):
    """libpng's RGB-to-gray (the coefficients 0.299/0.587 in 15-bit fixed point, truncated), which is
    what MindSpore's PNG reader applies for ImageReadMode.GRAYSCALE."""
    c = rgb[..., :3].astype(np.int64)
    return ((c[..., 0] * 9797 + c[..., 1] * 19234 + c[..., 2] * 3737) >> 15).astype(np.uint8)


def read_image(filename, mode=ImageReadMode.UNCHANGED):
    """Decode an image file to HWC uint8 (``GRAYSCALE``: 1 channel, ``COLOR``: 3 channels).

    Grayscale is made as MindSpore's decoders make it: libjpeg's own conversion for JPEG, libpng's for PNG.
    """
    V.type_check(filename, (str,), "filename")
    V.type_check(mode, (ImageReadMode,), "mode")
    import io
    from PIL import Image
    data = read_file(filename)
    with Image.open(io.BytesIO(data.tobytes())) as im:
        if mode == ImageReadMode.GRAYSCALE:
            if im.format == "JPEG":
                im.draft("L", im.size)
                return np.asarray(im.convert("L"))[..., None]
            if im.mode in ("L", "P") and im.format != "PNG":
                return np.asarray(im.convert("L"))[..., None]
            if im.mode == "L":
                return np.asarray(im)[..., None]
            return _png_gray(np.asarray(im.convert("RGB")))[..., None]
        if mode == ImageReadMode.COLOR or im.mode not in ("L", "RGB", "RGBA"):
            return _decode(data)
        arr = np.asarray(im)
        return arr[..., None] if arr.ndim == 2 else arr
