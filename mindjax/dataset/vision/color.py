"""Colour transforms of ``mindspore.dataset.vision``: brightness, contrast, saturation, hue, gamma,
sharpness, auto-contrast, equalize, colour-space conversion (random variants: ``color_random``).

Numerics follow MindSpore's C++ kernels, which call OpenCV (see ``_cv``); PIL images go through
Pillow's ``ImageEnhance`` as MindSpore's Python path does.
"""
import numbers

import numpy as np

from ..engine import _errors as E
from ..engine import validators as V
from . import _cv
from .transforms import _Op
from .utils import ConvertMode

__all__ = ["AdjustBrightness", "AdjustContrast", "AdjustSaturation", "AdjustHue", "AdjustGamma", "AdjustSharpness",
           "AutoContrast", "Equalize", "ConvertColor", "RgbToHsv", "HsvToRgb", "LinearTransformation",
           "NormalizePad"]

_FLOAT_MAX = 16777216


def _is_pil(img):
    return hasattr(img, "getbands")


class _PilOp(_Op):
    """An op with a Pillow path for PIL input (``_pil``) and the OpenCV-like path for arrays."""

    def __call__(self, *imgs):
        if len(imgs) == 1 and _is_pil(imgs[0]):
            return self._pil(imgs[0])
        return super().__call__(*imgs)

    def _pil(self, img):
        return self._apply(np.asarray(img))


def _factor(value, name, lo=0, hi=_FLOAT_MAX):
    V.type_check(value, (float, int), name)
    V.check_value(value, lo, hi, name)
    return float(value)


def _rgb(img, op):
    """MindSpore's ValidateImage(rank {3}, channel {3}) messages."""
    if img.ndim != 3:
        extra = " You may need to perform Decode first." if img.ndim == 1 else ""
        raise E.pipeline_error(f"{op}: the dimension of image tensor does not match the requirement of operator. "
                               f"Expecting tensor in dimension of (3), in shape of <H, W, C>. But got dimension "
                               f"{img.ndim}.{extra}")
    if img.shape[2] != 3:
        raise E.pipeline_error(f"{op}: the channel of image tensor does not match the requirement of operator. "
                               f"Expecting tensor in channel of (3). But got channel {img.shape[2]}.")


def _enhance(img, kind, factor):
    from PIL import ImageEnhance
    return getattr(ImageEnhance, kind)(img).enhance(factor)


def adjust_brightness(img, f):
    return _cv.saturate(img.astype(np.float32) * np.float32(f), img.dtype)


def adjust_contrast(img, f):
    _rgb(img, "AdjustContrast")
    mean = _cv.rgb2gray(img).astype(np.float64).mean()
    base = np.broadcast_to(_cv.saturate(np.float64(mean), img.dtype), img.shape)
    return _cv.add_weighted(base, 1.0 - f, img, f, dtype=img.dtype)


def adjust_saturation(img, f):
    _rgb(img, "AdjustSaturation")
    gray = np.repeat(_cv.rgb2gray(img)[..., None], 3, axis=-1)
    return _cv.add_weighted(gray, 1.0 - f, img, f, dtype=img.dtype)


def adjust_hue(img, f):
    _rgb(img, "AdjustHue")
    if img.dtype != np.uint8:
        raise E.pipeline_error(f"AdjustHue: input tensor type should be uint8, but got {img.dtype}.")
    hsv = _cv.rgb2hsv_full(img)
    shift = int(np.float32(f) * np.float32(255)) & 0xFF  # a C++ float -> uint8_t cast truncates, then wraps
    hsv[..., 0] = (hsv[..., 0].astype(np.int64) + shift).astype(np.uint8)
    return _cv.hsv_full2rgb(hsv)


def adjust_sharpness(img, f):
    if img.ndim not in (2, 3):
        raise E.pipeline_error(f"Sharpness: shape of input is not <H,W,C> or <H,W>, but got rank: {img.ndim}")
    k = np.full(3, 1.0)
    src = img.astype(np.float64)
    h, w = img.shape[:2]
    rows = _cv.reflect101(h, np.arange(-1, h + 1))
    cols = _cv.reflect101(w, np.arange(-1, w + 1))
    acc = sum(src[rows[i:i + h]][:, cols[j:j + w]] * (5.0 if (i, j) == (1, 1) else 1.0)
              for i in range(3) for j in range(3)) * np.float32(1.0 / 13.0)
    del k
    blurred = _cv.saturate(acc, img.dtype)
    blurred[0], blurred[-1] = img[0], img[-1]
    blurred[:, 0], blurred[:, -1] = img[:, 0], img[:, -1]
    return _cv.add_weighted(img, f, blurred, 1.0 - f, dtype=img.dtype)


def auto_contrast(img, cutoff, ignore):
    if img.ndim not in (2, 3):
        raise E.pipeline_error(f"AutoContrast: image rank should be 2 or 3,  but got: {img.ndim}")
    if img.ndim == 3 and img.shape[2] not in (1, 3):
        raise E.pipeline_error(f"AutoContrast: channel of input image should be 1 or 3, but got: {img.shape[2]}")
    planes = img[..., None] if img.ndim == 2 else img
    out = np.empty_like(planes)
    cut_p = int(cutoff)  # MindSpore passes the percentage through an int32
    for c in range(planes.shape[2]):
        plane = planes[..., c]
        hist = np.bincount(plane.astype(np.int64).ravel(), minlength=256)[:256].astype(np.int64)
        hist[list(ignore)] = 0
        n = int(hist.sum())
        for order in (range(256), range(255, -1, -1)):
            cut = int(np.float32(cut_p) / np.float32(100.0) * np.float32(n))
            for i in order:
                if cut <= 0:
                    break
                take = min(cut, hist[i])
                hist[i] -= take
                cut -= take
        nz = np.nonzero(hist)[0]
        lo = int(nz[0]) if nz.size else 255
        hi = int(nz[-1]) if nz.size else -1
        if hi <= lo:
            table = np.arange(256)
        else:
            scale = np.float32(255.0) / np.float32(hi - lo)
            offset = np.float32(-lo) * scale
            table = np.clip((np.arange(256, dtype=np.float32) * scale + offset).astype(np.int32), 0, 255)
        out[..., c] = table[plane.astype(np.int64)].astype(img.dtype)
    return out[..., 0] if img.ndim == 2 else out


def equalize(img):
    if img.ndim not in (2, 3):
        raise E.pipeline_error(f"Equalize: image rank should be 2 or 3,  but got: {img.ndim}")
    if img.ndim == 3 and img.shape[2] not in (1, 3):
        raise E.pipeline_error(f"Equalize: channel of input image should be 1 or 3, but got: {img.shape[2]}")
    if img.dtype != np.uint8:
        raise E.pipeline_error("Equalize: input image data type should be uint8.")
    planes = img[..., None] if img.ndim == 2 else img
    out = np.empty_like(planes)
    for c in range(planes.shape[2]):
        plane = planes[..., c]
        hist = np.bincount(plane.ravel(), minlength=256)
        i = int(np.argmax(hist > 0))
        total = plane.size
        if hist[i] == total:
            out[..., c] = i
            continue
        scale = np.float32(255.0) / np.float32(total - hist[i])
        lut = np.zeros(256, np.uint8)
        cums = np.cumsum(hist[i + 1:])
        lut[i + 1:] = _cv.saturate(cums.astype(np.float32) * scale, np.uint8)
        out[..., c] = lut[plane]
    return out[..., 0] if img.ndim == 2 else out


class AdjustBrightness(_PilOp):
    """Scale the pixel values by ``brightness_factor`` (0 gives black).

    Examples:
        >>> import numpy as np
        >>> AdjustBrightness(2.0)(np.full((1, 1, 3), 100, np.uint8)).tolist()
        [[[200, 200, 200]]]
    """

    def __init__(self, brightness_factor: float):
        self.brightness_factor = _factor(brightness_factor, "brightness_factor")

    def _apply(self, img):
        _rgb(img, "AdjustBrightness")
        return adjust_brightness(img, self.brightness_factor)

    def _pil(self, img):
        return _enhance(img, "Brightness", self.brightness_factor)


class AdjustContrast(_PilOp):
    """Blend with the mean gray level: ``mean * (1 - f) + image * f``."""

    def __init__(self, contrast_factor: float):
        self.contrast_factor = _factor(contrast_factor, "contrast_factor")

    def _apply(self, img):
        return adjust_contrast(img, self.contrast_factor)

    def _pil(self, img):
        return _enhance(img, "Contrast", self.contrast_factor)


class AdjustSaturation(_PilOp):
    """Blend with the gray image: ``gray * (1 - f) + image * f``."""

    def __init__(self, saturation_factor: float):
        self.saturation_factor = _factor(saturation_factor, "saturation_factor")

    def _apply(self, img):
        return adjust_saturation(img, self.saturation_factor)

    def _pil(self, img):
        return _enhance(img, "Color", self.saturation_factor)


class AdjustHue(_PilOp):
    """Rotate the hue by ``hue_factor`` (in [-0.5, 0.5] of a full turn), through 8-bit HSV."""

    def __init__(self, hue_factor: float):
        self.hue_factor = _factor(hue_factor, "hue_factor", -0.5, 0.5)

    def _apply(self, img):
        return adjust_hue(img, self.hue_factor)

    def _pil(self, img):
        from PIL import Image
        mode = img.mode
        h, s, v = img.convert("HSV").split()
        shifted = (np.asarray(h).astype(np.int64) + int(self.hue_factor * 255)) % 256
        h = Image.fromarray(shifted.astype(np.uint8), "L")
        return Image.merge("HSV", (h, s, v)).convert(mode)


class AdjustGamma(_PilOp):
    """``gain * image ** gamma`` on [0, 1]-scaled values (a lookup table for uint8)."""

    def __init__(self, gamma: float, gain: float = 1):
        self.gamma = _factor(gamma, "")
        V.type_check(gain, (float, int), "gain")
        self.gain = float(gain)

    def _apply(self, img):
        if img.ndim < 2:
            raise E.pipeline_error(f"AdjustGamma: input tensor is not in shape of <...,H,W,C> or <H,W>, got shape:"
                                   f"{list(img.shape)}")
        if np.issubdtype(img.dtype, np.floating):
            return np.clip(np.power(img.astype(np.float32) * np.float32(self.gain), np.float32(self.gamma)),
                           0, 1).astype(img.dtype)
        f = np.power(np.arange(256, dtype=np.float32) / np.float32(255), np.float32(self.gamma))
        lut = np.floor(np.minimum(f * np.float32(256.0 - 1e-3) * np.float32(self.gain), 255)).astype(np.uint8)
        return lut[img.astype(np.int64)]

    def _pil(self, img):
        from PIL import Image
        arr = np.asarray(img).astype(np.float64) / 255.0
        out = np.clip(np.rint(255 * self.gain * arr ** self.gamma), 0, 255).astype(np.uint8)
        return Image.fromarray(out, img.mode)


class AdjustSharpness(_Op):
    """Blend with a 3x3 smoothed image (border pixels kept): factor 0 blurs, 1 is the identity, 2 sharpens."""

    def __init__(self, sharpness_factor: float):
        self.sharpness_factor = _factor(sharpness_factor, "sharpness_factor")

    def _apply(self, img):
        return adjust_sharpness(img, self.sharpness_factor)


def _ignore_arg(ignore):
    if ignore is None:
        return []
    if isinstance(ignore, numbers.Integral) and not isinstance(ignore, bool):
        ignore = [ignore]
    V.type_check(ignore, (list, tuple, int), "ignore")
    for i in ignore:
        V.type_check(i, (int,), "ignore")
        V.check_value(i, 0, 255, "ignore")
    return list(ignore)


class AutoContrast(_PilOp):
    """Stretch each channel's histogram to the full range after cutting ``cutoff`` percent at both ends."""

    def __init__(self, cutoff: float = 0.0, ignore=None):
        V.type_check(cutoff, (int, float), "cutoff")
        V.check_value(cutoff, 0, 50, "cutoff", right_open=True)
        self.cutoff = float(cutoff)
        self.ignore = _ignore_arg(ignore)

    def _apply(self, img):
        return auto_contrast(img, self.cutoff, self.ignore)

    def _pil(self, img):
        from PIL import ImageOps
        return ImageOps.autocontrast(img, self.cutoff, self.ignore or None)


class Equalize(_PilOp):
    """Equalize each channel's histogram (uint8)."""

    def _apply(self, img):
        return equalize(img)

    def _pil(self, img):
        from PIL import ImageOps
        return ImageOps.equalize(img)


def _alpha(img):
    a = 255 if img.dtype == np.uint8 else (65535 if img.dtype == np.uint16 else 1)
    return np.full(img.shape[:2] + (1,), a, img.dtype)


def _gray(img, rgb_order):
    c = img[..., :3] if rgb_order else img[..., 2::-1]
    return _cv.rgb2gray(c)


_CONVERT = {
    0: (3, lambda x: np.concatenate([x, _alpha(x)], -1)),
    1: (4, lambda x: x[..., :3].copy()),
    2: (3, lambda x: np.concatenate([x[..., ::-1], _alpha(x)], -1)),
    3: (4, lambda x: x[..., 2::-1].copy()),
    4: (3, lambda x: x[..., ::-1].copy()),
    5: (4, lambda x: x[..., [2, 1, 0, 3]].copy()),
    6: (3, lambda x: _gray(x, False)),
    7: (3, lambda x: _gray(x, True)),
    8: (1, lambda x: np.repeat(x.reshape(x.shape[:2] + (1,)), 3, -1)),
    9: (1, lambda x: np.concatenate([np.repeat(x.reshape(x.shape[:2] + (1,)), 3, -1), _alpha(x)], -1)),
    10: (4, lambda x: _gray(x, False)),
    11: (4, lambda x: _gray(x, True)),
}


class ConvertColor(_Op):
    """Convert between RGB/BGR/RGBA/BGRA/GRAY layouts (``ConvertMode``); gray as OpenCV computes it."""

    def __init__(self, convert_mode: ConvertMode):
        V.type_check(convert_mode, (ConvertMode,), "convert_mode")
        self.convert_mode = convert_mode

    def _apply(self, img):
        channels, fn = _CONVERT[int(self.convert_mode)]
        have = 1 if img.ndim == 2 else img.shape[2]
        if img.ndim not in (2, 3) or have != channels:
            raise E.pipeline_error(f"ConvertColor: the number of channels of the input image should be {channels}, "
                                   f"but got {have}.")
        return fn(img)


def _hsv_arrays(img, is_hwc, to_hsv):
    import colorsys
    arr = img if is_hwc else np.moveaxis(img, 0, -1)
    f = np.vectorize(colorsys.rgb_to_hsv if to_hsv else colorsys.hsv_to_rgb, otypes=[float, float, float])
    out = np.stack(f(arr[..., 0].astype(np.float64), arr[..., 1].astype(np.float64),
                     arr[..., 2].astype(np.float64)), axis=-1)
    return out if is_hwc else np.moveaxis(out, -1, 0)


class RgbToHsv(_Op):
    """RGB to HSV with ``colorsys`` (values in [0, 1]), CHW unless ``is_hwc``; a batch of images too."""

    def __init__(self, is_hwc: bool = False):
        V.type_check(is_hwc, (bool,), "is_hwc")
        self.is_hwc = is_hwc

    def _apply(self, img):
        return np.stack([_hsv_arrays(i, self.is_hwc, True) for i in img]) if img.ndim == 4 else \
            _hsv_arrays(img, self.is_hwc, True)


class HsvToRgb(RgbToHsv):
    """HSV to RGB with ``colorsys``, CHW unless ``is_hwc``."""

    def _apply(self, img):
        return np.stack([_hsv_arrays(i, self.is_hwc, False) for i in img]) if img.ndim == 4 else \
            _hsv_arrays(img, self.is_hwc, False)


class LinearTransformation(_Op):
    """Flatten a CHW image, subtract ``mean_vector``, multiply by ``transformation_matrix`` (whitening)."""

    def __init__(self, transformation_matrix: np.ndarray, mean_vector: np.ndarray):
        V.type_check(transformation_matrix, (np.ndarray,), "transformation_matrix")
        V.type_check(mean_vector, (np.ndarray,), "mean_vector")
        if transformation_matrix.shape[0] != transformation_matrix.shape[1]:
            raise ValueError(f"transformation_matrix should be a square matrix. Got shape "
                             f"{transformation_matrix.shape} instead.")
        if mean_vector.shape[0] != transformation_matrix.shape[0]:
            raise ValueError(f"mean_vector length {mean_vector.shape[0]} should match either one dimension of the "
                             f"squaretransformation_matrix {transformation_matrix.shape}.")
        self.transformation_matrix, self.mean_vector = transformation_matrix, mean_vector

    def _apply(self, img):
        flat = img.reshape(1, -1) - self.mean_vector
        return np.dot(flat, self.transformation_matrix).reshape(img.shape)


class NormalizePad(_Op):
    """Normalize (as ``Normalize``) and append a zero channel, in ``dtype`` (float32 or float16)."""

    def __init__(self, mean, std, dtype: str = "float32", is_hwc: bool = True):
        from .transforms import Normalize
        self._norm = Normalize(mean, std, is_hwc)
        V.type_check(dtype, (str,), "dtype")
        if dtype not in ("float32", "float16"):
            raise ValueError(f"dtype is not within the valid set of ['float32', 'float16'].")
        self.mean, self.std, self.dtype, self.is_hwc = self._norm.mean, self._norm.std, dtype, is_hwc

    def _apply(self, img):
        out = self._norm._apply(img).astype(self.dtype)
        if self.is_hwc and img.ndim == 3:
            # MindSpore 2.10's CPU kernel writes the normalized values one after the other into the
            # (H, W, C+1) output without skipping the pad slot, so they shift by one per pixel and the
            # zeros gather at the end; mindjax reproduces the values MindSpore gives
            flat = np.zeros(out.size + out.shape[0] * out.shape[1], self.dtype)
            flat[:out.size] = out.ravel()
            return flat.reshape(out.shape[0], out.shape[1], out.shape[2] + 1)
        if img.ndim == 2:
            out = out[..., None] if self.is_hwc else out[None]
        axis = -1 if self.is_hwc else 0
        zeros = np.zeros_like(np.take(out, [0], axis=axis))
        return np.concatenate([out, zeros], axis=axis)
