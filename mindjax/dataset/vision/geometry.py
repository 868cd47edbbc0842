"""Geometric transforms of ``mindspore.dataset.vision``: affine, rotation, perspective, blur, erasing,
crops, and their random variants.

Warps follow OpenCV's ``warpAffine``/``warpPerspective`` as MindSpore's kernels call them (``_cv``):
NEAREST, BILINEAR and BICUBIC reproduce OpenCV's fixed-point sampling (AREA is bilinear there, as in
OpenCV's warps). PIL input goes through Pillow as MindSpore's Python path does.
"""
import math
import numbers

import numpy as np

from .. import _random
from ..engine import _errors as E
from ..engine import validators as V
from . import _cv, _draw
from .transforms import (_check_hw, _check_prob, _crop_size, _fill_arg, _image, _Op, _resize, _size_arg,
                         Decode, RandomResizedCrop)
from .utils import Inter

__all__ = ["Affine", "RandomAffine", "Rotate", "RandomRotation", "Perspective", "RandomPerspective", "GaussianBlur",
           "Erase", "RandomErasing", "CutOut", "ResizedCrop", "RandomResize", "FiveCrop", "TenCrop",
           "RandomCropDecodeResize"]


def _inter(value, name="resample"):
    if not isinstance(value, Inter):
        raise TypeError(f"Argument {name} with value {value} is not of type [<enum 'Inter'>], but got {type(value)}.")
    return value


def _pil_resample(inter):
    from PIL import Image
    return {Inter.NEAREST: Image.NEAREST, Inter.BILINEAR: Image.BILINEAR, Inter.BICUBIC: Image.BICUBIC,
            Inter.ANTIALIAS: Image.LANCZOS}.get(inter, Image.BILINEAR)


def _is_cubic(inter):
    return inter in (Inter.BICUBIC, Inter.PILCUBIC)


def _fill3(fill_value):
    return _fill_arg(fill_value)


def affine_matrix(h, w, degrees, translation, scale, shear):
    """MindSpore's affine matrix (float32, source to destination) about the image centre."""
    f32 = np.float32
    rad = f32(np.pi * degrees / 180.0)
    sx = f32(np.pi * shear[0] / 180.0)
    sy = f32(np.pi * (-shear[1]) / 180.0)
    cx, cy = f32((w - 1) / 2.0), f32((h - 1) / 2.0)
    a = f32(scale * np.cos(rad + sy) / np.cos(sy))
    b = f32(scale * (-np.cos(rad + sy) * np.tan(sx) / np.cos(sy) - np.sin(rad)))
    c = f32(scale * np.sin(rad + sy) / np.cos(sy))
    d = f32(scale * (-np.sin(rad + sy) * np.tan(sx) / np.cos(sy) + np.cos(rad)))
    tx = f32((f32(1) - a) * cx - b * cy + f32(translation[0]))
    ty = f32((f32(1) - d) * cy - c * cx + f32(translation[1]))
    return np.array([[a, b, tx], [c, d, ty]], np.float64)


def _warp_check(img, op, inter):
    _check_hw(img, op)
    if inter == Inter.BICUBIC and img.ndim == 3 and img.shape[2] > 4:
        raise E.pipeline_error(f"{op}: interpolation can not be CUBIC when image channel is greater than 4.")


def affine(img, degrees, translation, scale, shear, inter, fill):
    m = affine_matrix(img.shape[0], img.shape[1], degrees, translation, scale, shear)
    return _cv.warp_affine(img, m, img.shape[:2], inter == Inter.NEAREST, fill, _is_cubic(inter))


def _number_pair(value, name):
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return (float(value), 0.0)  # a single shear is along x
    V.type_check(value, (list, tuple), name)
    for v in value:
        V.type_check(v, (int, float), name)
    return tuple(float(v) for v in value)


class Affine(_Op):
    """Rotate by ``degrees``, translate by ``translate`` (fractions of width/height), scale and shear
    (degrees) about the image centre.

    Examples:
        >>> import numpy as np
        >>> Affine(0.0, [0.0, 0.0], 1.0, [0.0, 0.0])(np.arange(12, dtype=np.uint8).reshape(3, 4)).tolist()
        [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    """

    def __init__(self, degrees: float, translate, scale: float, shear, resample=Inter.NEAREST, fill_value=0):
        V.type_check(degrees, (int, float), "degrees")
        V.check_value(degrees, -180, 180, "degrees")
        V.type_check(translate, (list, tuple), "translate")
        if len(translate) != 2:
            raise TypeError("The length of translate should be 2.")
        for t in translate:
            V.type_check(t, (int, float), "translate")
            V.check_value(t, -1.0, 1.0, "translate")
        V.type_check(scale, (int, float), "scale")
        if scale <= 0:
            raise ValueError("Input scale must be greater than 0.")
        shear = _number_pair(shear, "shear")
        for s in shear:
            V.check_value(s, -180, 180, "shear")
        self.degrees, self.translate, self.scale = float(degrees), tuple(float(t) for t in translate), float(scale)
        self.shear = shear
        self.resample = _inter(resample)
        self.fill_value = _fill3(fill_value)

    def _apply(self, img):
        _warp_check(img, "Affine", self.resample)
        h, w = img.shape[:2]
        tr = (np.float32(self.translate[0]) * np.float32(w), np.float32(self.translate[1]) * np.float32(h))
        return affine(img, self.degrees, tr, self.scale, self.shear, self.resample, self.fill_value)


def _degrees_range(degrees):
    if isinstance(degrees, numbers.Number) and not isinstance(degrees, bool):
        V.check_value(degrees, 0, 16777216, "degrees")
        return (-float(degrees), float(degrees))
    V.type_check(degrees, (list, tuple, numbers.Number), "degrees")
    if len(degrees) != 2:
        raise TypeError("If degrees is a sequence, the length must be 2.")
    if degrees[0] > degrees[1]:
        raise ValueError("degrees should be in (min,max) format. Got (max,min).")
    return (float(degrees[0]), float(degrees[1]))


class RandomAffine(_Op):
    """Affine with degrees, translation (fractions: (min_x, max_x[, min_y, max_y])), scale and shear
    drawn uniformly from their ranges."""

    def __init__(self, degrees, translate=None, scale=None, shear=None, resample=Inter.NEAREST, fill_value=0):
        self.degrees = _degrees_range(degrees)
        if translate is None:
            translate = (0.0, 0.0, 0.0, 0.0)
        V.type_check(translate, (list, tuple), "translate")
        if len(translate) not in (2, 4):
            raise TypeError("translate should be a list or tuple of length 2 or 4.")
        for t in translate:
            V.check_value(t, -1.0, 1.0, "translate")
        if len(translate) == 2:
            translate = (translate[0], translate[1], 0.0, 0.0)
        self.translate = tuple(float(t) for t in translate)
        if scale is None:
            scale = (1.0, 1.0)
        V.type_check(scale, (list, tuple), "scale")
        if len(scale) != 2 or scale[0] > scale[1] or scale[0] < 0:
            raise ValueError("Input scale[1] must be equal to or greater than scale[0].")
        self.scale = (float(scale[0]), float(scale[1]))
        if shear is None:
            shear = (0.0, 0.0, 0.0, 0.0)
        elif isinstance(shear, numbers.Number):
            shear = (-float(shear), float(shear), 0.0, 0.0)
        elif len(shear) == 2:
            shear = (shear[0], shear[1], 0.0, 0.0)
        self.shear = tuple(float(s) for s in shear)
        self.resample = _inter(resample)
        self.fill_value = _fill3(fill_value)

    def _apply(self, img):
        _warp_check(img, "RandomAffine", self.resample)
        h, w = img.shape[:2]
        g = _draw.stream(self)
        f32 = np.float32
        u = lambda lo, hi: _draw.uniform_float(g, lo, hi)  # noqa: E731
        deg = u(*self.degrees)  # drawn in MindSpore's order: degrees, x, y, scale, shear x, shear y
        tx = u(f32(self.translate[0]) * f32(w), f32(self.translate[1]) * f32(w))
        ty = u(f32(self.translate[2]) * f32(h), f32(self.translate[3]) * f32(h))
        sc = u(*self.scale)
        sh = (u(self.shear[0], self.shear[1]), u(self.shear[2], self.shear[3]))
        deg = float(np.fmod(f32(deg), f32(360.0)))
        return affine(img, deg, (tx, ty), sc, sh, self.resample, self.fill_value)

    _pil = _Op._pil_via_array


def _center_arg(center):
    if center is None:
        return None
    V.type_check(center, (list, tuple), "center")
    if len(center) != 2:
        raise TypeError("center should be a list or tuple of length 2.")
    for c in center:
        V.type_check(c, (int, float), "center")
    return (float(center[0]), float(center[1]))


def rotate(img, degrees, inter, expand, center, fill):
    h, w = img.shape[:2]
    f32 = np.float32
    if center is None:
        cx, cy = (f32(w) - f32(1)) * f32(0.5), (f32(h) - f32(1)) * f32(0.5)
    else:
        cx, cy = f32(center[0]), f32(center[1])
    m = _cv.rotation_matrix(float(cx), float(cy), degrees)
    out_hw = (h, w)
    if expand:  # the bounding box of the rotated frame, as cv::RotatedRect(...).boundingRect2f()
        ang = f32(degrees * np.pi / 180.0)
        b, a = f32(np.cos(ang)) * f32(0.5), f32(np.sin(ang)) * f32(0.5)
        p0 = (cx - a * f32(h) - b * f32(w), cy + b * f32(h) - a * f32(w))
        p1 = (cx + a * f32(h) - b * f32(w), cy - b * f32(h) - a * f32(w))
        xs = [p0[0], p1[0], f32(2) * cx - p0[0], f32(2) * cx - p1[0]]
        ys = [p0[1], p1[1], f32(2) * cy - p0[1], f32(2) * cy - p1[1]]
        bw, bh = f32(max(xs) - min(xs)), f32(max(ys) - min(ys))
        m[0, 2] += bw / 2.0 - w / 2.0
        m[1, 2] += bh / 2.0 - h / 2.0
        out_hw = (int(np.rint(bh)), int(np.rint(bw)))
    # MindSpore builds the border colour as cv::Scalar(b, g, r): on an RGB array the fill is reversed
    return _cv.warp_affine(img, m, out_hw, inter == Inter.NEAREST, tuple(fill)[::-1], _is_cubic(inter))


class Rotate(_Op):
    """Rotate counter-clockwise by ``degrees`` about ``center`` (default: the image centre); ``expand``
    enlarges the output to hold the whole rotated image."""

    def __init__(self, degrees: float, resample=Inter.NEAREST, expand: bool = False, center=None, fill_value=0):
        V.type_check(degrees, (float, int), "degrees")
        V.check_value(degrees, -16777216, 16777216, "degrees")
        self.degrees = float(degrees)
        self.resample = _inter(resample)
        V.type_check(expand, (bool,), "expand")
        self.expand, self.center = expand, _center_arg(center)
        self.fill_value = _fill3(fill_value)

    def _apply(self, img):
        _warp_check(img, "Rotate", self.resample)
        return rotate(img, self.degrees, self.resample, self.expand, self.center, self.fill_value)


class RandomRotation(_Op):
    """Rotate by an angle drawn uniformly from ``degrees`` ((-d, d) for a number).

    Examples:
        >>> import numpy as np
        >>> RandomRotation((90, 90))(np.arange(4, dtype=np.uint8).reshape(2, 2)).tolist()
        [[1, 3], [0, 2]]
    """

    def __init__(self, degrees, resample=Inter.NEAREST, expand: bool = False, center=None, fill_value=0):
        self.degrees = _degrees_range(degrees)
        self.resample = _inter(resample)
        V.type_check(expand, (bool,), "expand")
        self.expand, self.center = expand, _center_arg(center)
        self.fill_value = _fill3(fill_value)

    def _apply(self, img):
        _warp_check(img, "RandomRotation", self.resample)
        f32 = np.float32
        r = f32(_draw.uniform_float(_draw.stream(self), -1.0, 1.0))  # MindSpore: mid + U(-1, 1) * half range
        lo, hi = f32(self.degrees[0]), f32(self.degrees[1])
        deg = float((hi + lo) / f32(2) + r * ((hi - lo) / f32(2)))
        return rotate(img, deg, self.resample, self.expand, self.center, self.fill_value)

    def _pil(self, img):
        from PIL import Image
        modes = {Inter.NEAREST: Image.NEAREST, Inter.BILINEAR: Image.BILINEAR, Inter.BICUBIC: Image.BICUBIC}
        if self.resample not in modes:
            raise TypeError("Current Interpolation is not supported with PIL input.")
        deg = float(_random.current().uniform(*self.degrees))
        fill = self.fill_value if img.mode == "RGB" else self.fill_value[0]
        return img.rotate(deg, modes[self.resample], self.expand, self.center, fillcolor=fill)


def _points(points, name):
    V.type_check(points, (list, tuple), name)
    if len(points) != 4:
        raise TypeError(f"{name} should be a list or tuple of length 4.")
    out = []
    for p in points:
        V.type_check(p, (list, tuple), name)
        if len(p) != 2:
            raise TypeError(f"{name} should be a list or tuple of length 2.")
        for v in p:
            V.type_check(v, (int,), name)
            V.check_value(v, -2147483648, 2147483647, name)
        out.append((int(p[0]), int(p[1])))
    return out


def _pil_perspective(img, start_points, end_points, inter):
    rows, rhs = [], []
    for (x, y), (u, v) in zip(end_points, start_points):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    coeffs = np.linalg.lstsq(np.array(rows, float), np.array(rhs, float), rcond=None)[0]
    from PIL import Image
    return img.transform(img.size, Image.PERSPECTIVE, coeffs.tolist(), _pil_resample(inter))


class Perspective(_Op):
    """Map the four ``start_points`` onto ``end_points`` ([top-left, top-right, bottom-right, bottom-left])."""

    def __init__(self, start_points, end_points, interpolation=Inter.BILINEAR):
        self.start_points = _points(start_points, "start_points")
        self.end_points = _points(end_points, "end_points")
        self.interpolation = _inter(interpolation, "interpolation")

    def __call__(self, img):
        if hasattr(img, "getbands"):
            return _pil_perspective(img, self.start_points, self.end_points, self.interpolation)
        return self._apply(_image(img))

    def _apply(self, img):
        _warp_check(img, "Perspective", self.interpolation)
        m = _cv.perspective_matrix(self.start_points, self.end_points)
        return _cv.warp_perspective(img, m, self.interpolation == Inter.NEAREST, 0, _is_cubic(self.interpolation))


class RandomPerspective(_Op):
    """With probability ``prob``, move each corner inwards by up to ``distortion_scale`` of half the size."""

    def __init__(self, distortion_scale: float = 0.5, prob: float = 0.5, interpolation=Inter.BICUBIC):
        V.type_check(distortion_scale, (float, int), "distortion_scale")
        V.check_value(distortion_scale, 0, 1, "distortion_scale")
        self.distortion_scale = float(distortion_scale)
        self.prob = _check_prob(prob)
        self.interpolation = _inter(interpolation, "interpolation")

    def __call__(self, img):
        pil = hasattr(img, "getbands")
        if not pil:
            from PIL import Image
            img = Image.fromarray(_image(img))
        rng = _random.current()
        if rng.random() < self.prob:
            w, h = img.size
            dw, dh = int(w / 2 * self.distortion_scale), int(h / 2 * self.distortion_scale)
            r = lambda lo, hi: int(rng.integers(lo, hi + 1))  # noqa: E731
            end = [(r(0, dw), r(0, dh)), (r(w - dw - 1, w - 1), r(0, dh)),
                   (r(w - dw - 1, w - 1), r(h - dh - 1, h - 1)), (r(0, dw), r(h - dh - 1, h - 1))]
            start = [(0, 0), (w - 1, 0), (w - 1, h - 1), (0, h - 1)]
            img = _pil_perspective(img, start, end, self.interpolation)
        return img if pil else np.asarray(img)


class GaussianBlur(_Op):
    """Gaussian blur with an odd ``kernel_size`` (int or (x, y)) and ``sigma`` (default from the size).

    Examples:
        >>> import numpy as np
        >>> img = np.zeros((5, 5), np.uint8); img[2, 2] = 255
        >>> GaussianBlur(3)(img)[1:4, 1:4].tolist()
        [[14, 32, 14], [32, 70, 32], [14, 32, 14]]
    """

    def __init__(self, kernel_size, sigma=None):
        if isinstance(kernel_size, numbers.Integral) and not isinstance(kernel_size, bool):
            kernel_size = (kernel_size, kernel_size)
        V.type_check(kernel_size, (int, list, tuple), "kernel_size")
        for k in kernel_size:
            V.type_check(k, (int,), "kernel_size")
            V.check_value(k, 1, 2147483647, "kernel_size")
            if k % 2 == 0:
                raise ValueError(f"Input kernel_size is not an odd value.")
        if sigma is None:
            sigma = tuple(((k - 1) * 0.5 - 1) * 0.3 + 0.8 for k in kernel_size)
        elif isinstance(sigma, numbers.Number) and not isinstance(sigma, bool):
            sigma = (sigma, sigma)
        for s in sigma:
            V.type_check(s, (int, float), "sigma")
            V.check_value(s, 0, 16777216, "sigma")
        self.kernel_size, self.sigma = tuple(kernel_size), tuple(float(s) for s in sigma)

    def _apply(self, img):
        _check_hw(img, "GaussianBlur")
        if img.dtype == np.uint8:
            kx = _cv.gaussian_kernel_fixed(self.kernel_size[0], float(np.float32(self.sigma[0])))
            ky = _cv.gaussian_kernel_fixed(self.kernel_size[1], float(np.float32(self.sigma[1])))
            return _cv.gaussian_blur_u8(img, kx, ky)
        kx = _cv.gaussian_kernel(self.kernel_size[0], np.float32(self.sigma[0]))
        ky = _cv.gaussian_kernel(self.kernel_size[1], np.float32(self.sigma[1]))
        return _cv.sep_filter(img, kx, ky)


def _erase_value(value, name="value"):
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return (float(value),) * 3
    V.type_check(value, (int, float, list, tuple), name)
    if len(value) not in (1, 3):
        raise TypeError(f"value should be a single number or a list/tuple of length 3.")
    return tuple(float(v) for v in value) if len(value) == 3 else (float(value[0]),) * 3


class Erase(_Op):
    """Fill the box (``top``, ``left``, ``height``, ``width``) of an HWC image with ``value``."""

    def __init__(self, top: int, left: int, height: int, width: int, value=0.0, inplace: bool = False):
        for n, v in (("top", top), ("left", left)):
            V.type_check(v, (int,), n)
            V.check_value(v, 0, 2147483647, n)
        for n, v in (("height", height), ("width", width)):
            V.type_check(v, (int,), n)
            V.check_value(v, 1, 2147483647, n)
        self.top, self.left, self.height, self.width = top, left, height, width
        self.value = _erase_value(value)
        for v in self.value:
            V.check_value(v, 0, 255, "value")
        V.type_check(inplace, (bool,), "inplace")
        self.inplace = inplace

    def _apply(self, img):
        _check_hw(img, "Erase")
        h, w = img.shape[:2]
        if self.height > h or self.width > w:
            raise E.pipeline_error(f"Erase: box size is too large for image erase, got box height: {self.height}"
                                   f"box weight: {self.width}, and image height: {h}, image width: {w}")
        out = img.copy()
        box = out[self.top:self.top + self.height, self.left:self.left + self.width]
        fill = _cv.saturate(np.array(self.value), img.dtype)
        box[...] = fill[:img.shape[2]] if img.ndim == 3 else fill[0]
        return out


class RandomErasing(_Op):
    """With probability ``prob``, erase a random box of a CHW array (area fraction in ``scale``, aspect
    ratio in ``ratio``) with ``value`` (a number, one per channel, or 'random' for normal noise)."""

    def __init__(self, prob: float = 0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace: bool = False,
                 max_attempts: int = 10):
        self.prob = _check_prob(prob)
        for n, v in (("scale", scale), ("ratio", ratio)):
            V.type_check(v, (list, tuple), n)
            if len(v) != 2:
                raise TypeError(f"{n} should be a list or tuple of length 2.")
            if v[0] > v[1]:
                raise ValueError(f"{n} should be in (min,max) format. Got (max,min).")
        if not (isinstance(value, numbers.Number) or value == "random" or
                (isinstance(value, (list, tuple)) and len(value) == 3)):
            raise ValueError("The value for erasing should be either a single value, or a string 'random', "
                             "or a sequence of 3 elements for RGB respectively.")
        V.type_check(inplace, (bool,), "inplace")
        V.type_check(max_attempts, (int,), "max_attempts")
        V.check_value(max_attempts, 1, 2147483647, "max_attempts")
        self.scale, self.ratio, self.value = tuple(scale), tuple(ratio), value
        self.inplace, self.max_attempts = inplace, max_attempts

    def _apply(self, img):
        if img.ndim != 3:
            raise TypeError(f"img should be NumPy array of shape (C, H, W). Got {img.shape}.")
        rng = _random.current()
        if rng.random() >= self.prob:
            return img
        c, h, w = img.shape
        for _ in range(self.max_attempts):
            area = rng.uniform(*self.scale) * h * w
            aspect = rng.uniform(*self.ratio)
            ew = int(round(math.sqrt(area * aspect)))
            eh = int(round(ew / aspect))
            if eh < h and ew < w:
                i, j = int(rng.integers(0, h - eh + 1)), int(rng.integers(0, w - ew + 1))
                out = img if self.inplace else img.copy()
                if self.value == "random":
                    out[:, i:i + eh, j:j + ew] = rng.normal(0.0, 1.0, size=(c, eh, ew))
                elif isinstance(self.value, (list, tuple)):
                    out[:, i:i + eh, j:j + ew] = np.asarray(self.value)[:, None, None]
                else:
                    out[:, i:i + eh, j:j + ew] = self.value
                return out
        return img


class CutOut(_Op):
    """Zero ``num_patches`` random ``length`` x ``length`` boxes (which may reach past the border)."""

    def __init__(self, length: int, num_patches: int = 1, is_hwc: bool = True):
        V.type_check(length, (int,), "length")
        V.check_value(length, 1, 2147483647, "length")
        V.type_check(num_patches, (int,), "num_patches")
        V.check_value(num_patches, 1, 2147483647, "num_patches")
        V.type_check(is_hwc, (bool,), "is_hwc")
        self.length, self.num_patches, self.is_hwc = length, num_patches, is_hwc

    def _apply(self, img):
        if img.ndim != 3:
            raise E.pipeline_error(f"CutOut: shape is invalid, got rank: {img.ndim}")
        out = img.copy()
        h, w = img.shape[:2] if self.is_hwc else img.shape[1:]
        n = self.length
        g = _draw.stream(self)
        for _ in range(self.num_patches):
            y = _draw.uniform_int(g, 0, h + n) - n
            x = _draw.uniform_int(g, 0, w + n) - n
            y0, x0, y1, x1 = max(y, 0), max(x, 0), min(y + n, h), min(x + n, w)
            if self.is_hwc:
                out[y0:y1, x0:x1] = 0
            else:
                out[:, y0:y1, x0:x1] = 0
        return out


class ResizedCrop(_Op):
    """Crop (``top``, ``left``, ``height``, ``width``), then resize to ``size``."""

    def __init__(self, top: int, left: int, height: int, width: int, size, interpolation=Inter.BILINEAR):
        for n, v in (("top", top), ("left", left)):
            V.type_check(v, (int,), n)
            V.check_value(v, 0, 2147483647, n)
        for n, v in (("height", height), ("width", width)):
            V.type_check(v, (int,), n)
            V.check_value(v, 1, 2147483647, n)
        self.top, self.left, self.height, self.width = top, left, height, width
        self.size = _crop_size(size)
        self.interpolation = _inter(interpolation, "interpolation")

    def _apply(self, img):
        _check_hw(img, "ResizedCrop")
        h, w = img.shape[:2]
        if self.top + self.height > h or self.left + self.width > w:
            raise E.pipeline_error(f"ResizedCrop: the sum of top and height or the sum of left and width exceeds "
                                   f"the image size, got image size: [{h}, {w}].")
        crop = img[self.top:self.top + self.height, self.left:self.left + self.width]
        return _resize(crop, self.size, self.interpolation)


class RandomResize(_Op):
    """Resize to ``size`` with an interpolation drawn from bilinear, nearest, bicubic and area."""

    _MODES = (Inter.BILINEAR, Inter.NEAREST, Inter.BICUBIC, Inter.AREA)

    def __init__(self, size):
        self.size = _size_arg(size)

    def _apply(self, img):
        _check_hw(img, "RandomResize")
        mode = self._MODES[_draw.uniform_int(_draw.stream(self), 0, len(self._MODES) - 1)]
        return _resize(img, self.size, mode)


def _pil_of(img):
    if hasattr(img, "getbands"):
        return img
    from PIL import Image
    return Image.fromarray(_image(img))


class FiveCrop(_Op):
    """The four corner crops and the centre crop of a PIL image (a tuple of 5)."""

    def __init__(self, size):
        self.size = _crop_size(size)

    def __call__(self, img):
        img = _pil_of(img)
        w, h = img.size
        ch, cw = self.size
        if ch > h or cw > w:
            raise ValueError(f"Crop size {self.size} is larger than input image size {(h, w)}.")
        top, left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
        return (img.crop((0, 0, cw, ch)), img.crop((w - cw, 0, w, ch)), img.crop((0, h - ch, cw, h)),
                img.crop((w - cw, h - ch, w, h)), img.crop((left, top, left + cw, top + ch)))


class TenCrop(_Op):
    """FiveCrop of the image and of its horizontal (or vertical) mirror (a tuple of 10)."""

    def __init__(self, size, use_vertical_flip: bool = False):
        self.size = _crop_size(size)
        V.type_check(use_vertical_flip, (bool,), "use_vertical_flip")
        self.use_vertical_flip = use_vertical_flip

    def __call__(self, img):
        from PIL import Image
        img = _pil_of(img)
        five = FiveCrop(self.size)
        flip = Image.FLIP_TOP_BOTTOM if self.use_vertical_flip else Image.FLIP_LEFT_RIGHT
        return five(img) + five(img.transpose(flip))


class RandomCropDecodeResize(RandomResizedCrop):
    """Decode, then RandomResizedCrop (the same arguments)."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.), interpolation=Inter.BILINEAR,
                 max_attempts: int = 10):
        super().__init__(size, scale, ratio, interpolation, max_attempts)
        self._decode = Decode()

    def _apply(self, img):
        if img.ndim == 1:
            img = self._decode._apply(img)
        return super()._apply(img)
