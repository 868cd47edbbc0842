"""Random colour transforms of ``mindspore.dataset.vision``: colour jitter, random sharpness/colour,
and the random-probability forms of Invert, Equalize, AutoContrast, Posterize, Solarize, Grayscale,
and AlexNet's PCA lighting noise. The draws come from the pipeline's generator (``_random``)."""
import numbers

import numpy as np

from .. import _random
from ..engine import _errors as E
from ..engine import validators as V
from . import _cv, _draw
from .color import (_enhance, _factor, _FLOAT_MAX, _PilOp, _rgb, adjust_brightness, adjust_contrast, adjust_hue,
                    adjust_saturation, adjust_sharpness, AdjustHue, AdjustSharpness, AutoContrast, Equalize)
from .more import Invert, Posterize, Solarize
from .transforms import _check_hw, _check_prob, _Op

__all__ = ["RandomColorAdjust", "RandomColor", "RandomSharpness", "RandomAdjustSharpness", "RandomPosterize",
           "RandomSolarize", "RandomAutoContrast", "RandomEqualize", "RandomInvert", "RandomGrayscale",
           "RandomLighting"]


def _range_arg(value, name, center=1.0, bound=(0, _FLOAT_MAX), non_negative=True):
    V.type_check(value, (numbers.Number, list, tuple), name)
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"The input value of {name} cannot be negative.")
        lo, hi = center - value, center + value
        lo = max(lo, 0.0) if non_negative else lo
        V.check_value(lo, bound[0], bound[1], "")
        V.check_value(hi, bound[0], bound[1], "")
        return (lo, hi)
    if len(value) != 2:
        raise TypeError(f"If {name} is a sequence, the length must be 2.")
    if value[0] > value[1]:
        raise ValueError(f"{name} value should be in (min,max) format. Got ({value[0]}, {value[1]}).")
    for v in value:
        V.check_value(v, bound[0], bound[1], "")
    return (float(value[0]), float(value[1]))


class RandomColorAdjust(_PilOp):
    """Brightness, contrast, saturation and hue factors drawn uniformly from their ranges, applied in a
    random order (an adjustment whose range is the identity is skipped).

    Examples:
        >>> import numpy as np
        >>> RandomColorAdjust(brightness=(2, 2))(np.full((1, 1, 3), 50, np.uint8)).tolist()
        [[[100, 100, 100]]]
    """

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
        self.brightness = _range_arg(brightness, "brightness")
        self.contrast = _range_arg(contrast, "contrast")
        self.saturation = _range_arg(saturation, "saturation")
        self.hue = _range_arg(hue, "hue", center=0.0, bound=(-0.5, 0.5), non_negative=False)

    def _draws(self):
        """The order of the four adjustments (shuffled) and a factor for each one that is not the identity."""
        g = _draw.stream(self)
        order = [("brightness", self.brightness, (1, 1)), ("contrast", self.contrast, (1, 1)),
                 ("saturation", self.saturation, (1, 1)), ("hue", self.hue, (0, 0))]
        out = []
        for name, r, identity in _draw.shuffled(g, order):
            if r != identity:
                out.append((name, _draw.uniform_float(g, *r)))
        return out

    def _apply(self, img):
        _rgb(img, "RandomColorAdjust")
        fns = {"brightness": adjust_brightness, "contrast": adjust_contrast, "saturation": adjust_saturation,
               "hue": adjust_hue}
        for name, f in self._draws():
            img = fns[name](img, f)
        return img

    def _pil(self, img):
        kinds = {"brightness": "Brightness", "contrast": "Contrast", "saturation": "Color"}
        for name, f in self._draws():
            img = AdjustHue(f)._pil(img) if name == "hue" else _enhance(img, kinds[name], f)
        return img


def _degrees_pair(degrees, name="degrees"):
    V.type_check(degrees, (list, tuple), name)
    if len(degrees) != 2:
        raise ValueError(f"{name} should be a list or tuple of length 2.")
    for d in degrees:
        V.type_check(d, (int, float), name)
        V.check_value(d, 0, _FLOAT_MAX, name)
    if degrees[0] > degrees[1]:
        raise ValueError(f"{name}[0] should be less than or equal to {name}[1].")
    return (float(degrees[0]), float(degrees[1]))


class RandomColor(_PilOp):
    """Saturation blend with a factor drawn uniformly from ``degrees``."""

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _degrees_pair(degrees)

    def _apply(self, img):
        t = _draw.uniform_float(_draw.stream(self), *self.degrees)
        if abs(t - 1.0) < 0.00195:  # MindSpore returns the input within half a gray level of the identity
            return img
        return adjust_saturation(img, t)

    def _pil(self, img):
        return _enhance(img, "Color", float(_random.current().uniform(*self.degrees)))


class RandomSharpness(_PilOp):
    """Sharpness blend with a factor drawn uniformly from ``degrees``."""

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _degrees_pair(degrees)

    def _apply(self, img):
        f32 = np.float32
        r = f32(_draw.uniform_float(_draw.stream(self), -1.0, 1.0))  # MindSpore: mid + U(-1, 1) * half range
        lo, hi = f32(self.degrees[0]), f32(self.degrees[1])
        return adjust_sharpness(img, float((hi + lo) / f32(2) + r * ((hi - lo) / f32(2))))

    def _pil(self, img):
        return _enhance(img, "Sharpness", float(_random.current().uniform(*self.degrees)))


class _RandomApplyOp(_Op):
    """Apply ``self._op`` with probability ``prob``."""

    def _apply(self, img):
        if _draw.bernoulli(_draw.stream(self), self.prob):
            return self._op._apply(img)
        return img


class RandomAdjustSharpness(_RandomApplyOp):
    """AdjustSharpness(``degree``) with probability ``prob``."""

    def __init__(self, degree: float, prob: float = 0.5):
        self._op = AdjustSharpness(degree)
        self.degree, self.prob = self._op.sharpness_factor, _check_prob(prob)


class RandomAutoContrast(_RandomApplyOp):
    """AutoContrast(``cutoff``, ``ignore``) with probability ``prob``."""

    def __init__(self, cutoff: float = 0.0, ignore=None, prob: float = 0.5):
        self._op = AutoContrast(cutoff, ignore)
        self.cutoff, self.ignore, self.prob = self._op.cutoff, self._op.ignore, _check_prob(prob)


class RandomEqualize(_RandomApplyOp):
    """Equalize with probability ``prob``."""

    def __init__(self, prob: float = 0.5):
        self._op, self.prob = Equalize(), _check_prob(prob)


class RandomInvert(_RandomApplyOp):
    """Invert with probability ``prob``."""

    def __init__(self, prob: float = 0.5):
        self._op, self.prob = Invert(), _check_prob(prob)


class RandomPosterize(_Op):
    """Posterize to a bit count drawn uniformly from ``bits`` (inclusive)."""

    def __init__(self, bits=(8, 8)):
        V.type_check(bits, (list, tuple, int), "bits")
        if isinstance(bits, int):
            V.check_value(bits, 1, 8, "")
            bits = (bits, bits)
        if len(bits) != 2:
            raise TypeError("Size of bits should be a single integer or a list/tuple (min, max) of length 2.")
        for b in bits:
            V.type_check(b, (int,), "bits")
            V.check_value(b, 1, 8, "")
        if bits[0] > bits[1]:
            raise ValueError(f"Input bits is not within the required interval of [1, 8].")
        self.bits = tuple(bits)

    def _apply(self, img):
        b = _draw.uniform_int(_draw.stream(self), self.bits[0], self.bits[1])
        return Posterize(b)._apply(img)


class RandomSolarize(_Op):
    """Solarize with a (min, max) threshold: two values drawn uniformly from ``threshold``, sorted."""

    def __init__(self, threshold=(0, 255)):
        V.type_check(threshold, (list, tuple), "threshold")
        if len(threshold) != 2:
            raise ValueError("threshold must be a sequence of two numbers.")
        for t in threshold:
            V.type_check(t, (int,), "threshold")
            V.check_value(t, 0, 255, "threshold")
        if threshold[0] > threshold[1]:
            raise ValueError("threshold must be in min max format numbers.")
        self.threshold = tuple(threshold)

    def _apply(self, img):
        g = _draw.stream(self)
        a, b = sorted(_draw.uniform_int(g, *self.threshold) for _ in range(2))
        return Solarize((a, b))._apply(img)


class RandomGrayscale(_PilOp):
    """Gray (kept with the input's channel count) with probability ``prob``."""

    def __init__(self, prob: float = 0.1):
        self.prob = _check_prob(prob)

    def _apply(self, img):
        _check_hw(img, "RandomGrayscale")
        if img.ndim == 3 and img.shape[2] == 3 and _random.current().random() < self.prob:
            return np.repeat(_cv.rgb2gray(img)[..., None], 3, axis=-1)
        return img

    def _pil(self, img):
        if _random.current().random() < self.prob:
            g = img.convert("L")
            return g.convert(img.mode) if img.mode == "RGB" else g
        return img


_EIG = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                 [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                 [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]], np.float32)


class RandomLighting(_PilOp):
    """AlexNet PCA lighting noise: add ``eig @ N(0, alpha)`` to each RGB pixel."""

    def __init__(self, alpha: float = 0.05):
        self.alpha = _factor(alpha, "alpha")

    def _apply(self, img):
        if img.ndim != 3 or img.shape[2] != 3:
            raise E.pipeline_error(f"RandomLighting: input tensor is not in shape of <H,W,C> or channel is not 3, "
                                   f"got rank: {img.ndim}, and shape: <{','.join(str(d) for d in img.shape)}>")
        rnd = _random.current().normal(0.0, self.alpha, size=3).astype(np.float32) if self.alpha else \
            np.zeros(3, np.float32)
        pca = _EIG @ rnd
        return _cv.saturate(img.astype(np.float32) + pca, img.dtype)

    def _pil(self, img):
        from PIL import Image
        return Image.fromarray(self._apply(np.asarray(img.convert("RGB"))))
