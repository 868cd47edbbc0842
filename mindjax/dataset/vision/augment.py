"""Augmentation policies and batch mixing of ``mindspore.dataset.vision``: AutoAugment, RandAugment,
TrivialAugmentWide, UniformAugment, RandomSelectSubpolicy, CutMixBatch, MixUpBatch, MixUp.

The operation spaces (names, magnitude bins, signs) and how each named operation is applied are
MindSpore's (its ``ApplyAugment``), e.g. a translation magnitude is scaled by the image size once
more inside the affine step, and Rotate fills with (R, B, G) as MindSpore passes them.
"""
import math
from enum import Enum

import numpy as np

from .. import _random
from ..engine import _errors as E
from ..engine import validators as V
from . import _draw
from . import color as C
from . import geometry as G
from .transforms import _fill_arg, _image, _Op
from .utils import ImageBatchFormat, Inter

__all__ = ["AutoAugment", "AutoAugmentPolicy", "RandAugment", "TrivialAugmentWide", "UniformAugment",
           "RandomSelectSubpolicy", "CutMixBatch", "MixUpBatch", "MixUp"]


class AutoAugmentPolicy(str, Enum):
    """The three learned AutoAugment policies."""
    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


def _ms_round(v):
    """MindSpore's Round of the magnitude tables: halves (within float epsilon) to even, else std::round."""
    lo = math.floor(v)
    if abs((v - lo) - 0.5) <= float(np.finfo(np.float32).eps):
        return lo if lo % 2 == 0 else lo + 1
    return math.floor(abs(v) + 0.5) * (1 if v >= 0 else -1)


def _linspace(start, end, n, scale=1.0, offset=0.0, rnd=False):
    f32 = np.float32
    if n == 1:
        vals = [f32(start)]
    else:
        step = (f32(end) - f32(start)) / f32(n - 1)
        vals = [f32(start) + f32(i) * step for i in range(n)]
    vals = [f32(v * f32(scale) + f32(offset)) for v in vals]
    if rnd:
        vals = [f32(_ms_round(float(v))) for v in vals]
    return [float(v) for v in vals]


def apply_augment(img, name, magnitude, inter, fill):
    """MindSpore's ``ApplyAugment``: one named operation with a signed magnitude."""
    if name in ("ShearX", "ShearY"):
        shear = float(np.float32(magnitude) * np.float32(180.0) / np.float32(np.pi))
        sh = (shear, 0.0) if name == "ShearX" else (0.0, shear)
        return G.affine(img, 0.0, (0.0, 0.0), 1.0, sh, inter, fill)
    if name in ("TranslateX", "TranslateY"):
        h, w = img.shape[:2]  # the affine step scales the translation by the image size once more
        tr = (np.float32(magnitude) * np.float32(w), 0.0) if name == "TranslateX" else \
            (0.0, np.float32(magnitude) * np.float32(h))
        return G.affine(img, 0.0, tr, 1.0, (0.0, 0.0), inter, fill)
    if name == "Rotate":
        return G.rotate(img, magnitude, inter, False, None, (fill[0], fill[2], fill[1]))
    factor = float(np.float32(1) + np.float32(magnitude))  # MindSpore forms 1 + magnitude in float32
    if name == "Brightness":
        return C.adjust_brightness(img, factor)
    if name == "Color":
        return C.adjust_saturation(img, factor)
    if name == "Contrast":
        return C.adjust_contrast(img, factor)
    if name == "Sharpness":
        return C.adjust_sharpness(img, factor)
    if name == "Posterize":
        bits = int(magnitude)
        return img & np.uint8((0xFF << (8 - bits)) & 0xFF)
    if name == "Solarize":
        inside = img >= magnitude
        return np.where(inside, (255 - img.astype(np.int64)).astype(img.dtype), img)
    if name == "AutoContrast":
        return C.auto_contrast(img, 0.0, [])
    if name == "Equalize":
        return C.equalize(img)
    if name == "Invert":
        return (np.array(255, img.dtype) - img).astype(img.dtype)
    return img  # Identity


_POLICIES = {
    AutoAugmentPolicy.IMAGENET: [
        (("Posterize", 0.4, 8), ("Rotate", 0.6, 9)), (("Solarize", 0.6, 5), ("AutoContrast", 0.6, -1)),
        (("Equalize", 0.8, -1), ("Equalize", 0.6, -1)), (("Posterize", 0.6, 7), ("Posterize", 0.6, 6)),
        (("Equalize", 0.4, -1), ("Solarize", 0.2, 4)), (("Equalize", 0.4, -1), ("Rotate", 0.8, 8)),
        (("Solarize", 0.6, 3), ("Equalize", 0.6, -1)), (("Posterize", 0.8, 5), ("Equalize", 1.0, -1)),
        (("Rotate", 0.2, 3), ("Solarize", 0.6, 8)), (("Equalize", 0.6, -1), ("Posterize", 0.4, 6)),
        (("Rotate", 0.8, 8), ("Color", 0.4, 0)), (("Rotate", 0.4, 9), ("Equalize", 0.6, -1)),
        (("Equalize", 0.0, -1), ("Equalize", 0.8, -1)), (("Invert", 0.6, -1), ("Equalize", 1.0, -1)),
        (("Color", 0.6, 4), ("Contrast", 1.0, 8)), (("Rotate", 0.8, 8), ("Color", 1.0, 2)),
        (("Color", 0.8, 8), ("Solarize", 0.8, 7)), (("Sharpness", 0.4, 7), ("Invert", 0.6, -1)),
        (("ShearX", 0.6, 5), ("Equalize", 1.0, -1)), (("Color", 0.4, 0), ("Equalize", 0.6, -1)),
        (("Equalize", 0.4, -1), ("Solarize", 0.2, 4)), (("Solarize", 0.6, 5), ("AutoContrast", 0.6, -1)),
        (("Invert", 0.6, -1), ("Equalize", 1.0, -1)), (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
        (("Equalize", 0.8, -1), ("Equalize", 0.6, -1))],
    AutoAugmentPolicy.CIFAR10: [
        (("Invert", 0.1, -1), ("Contrast", 0.2, 6)), (("Rotate", 0.7, 2), ("TranslateX", 0.3, 9)),
        (("Sharpness", 0.8, 1), ("Sharpness", 0.9, 3)), (("ShearY", 0.5, 8), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.5, -1), ("Equalize", 0.9, -1)), (("ShearY", 0.2, 7), ("Posterize", 0.3, 7)),
        (("Color", 0.4, 3), ("Brightness", 0.6, 7)), (("Sharpness", 0.3, 9), ("Brightness", 0.7, 9)),
        (("Equalize", 0.6, -1), ("Equalize", 0.5, -1)), (("Contrast", 0.6, 7), ("Sharpness", 0.6, 5)),
        (("Color", 0.7, 7), ("TranslateX", 0.5, 8)), (("Equalize", 0.3, -1), ("AutoContrast", 0.4, -1)),
        (("TranslateY", 0.4, 3), ("Sharpness", 0.2, 6)), (("Brightness", 0.9, 6), ("Color", 0.2, 8)),
        (("Solarize", 0.5, 2), ("Invert", 0.0, -1)), (("Equalize", 0.2, -1), ("AutoContrast", 0.6, -1)),
        (("Equalize", 0.2, -1), ("Equalize", 0.6, -1)), (("Color", 0.9, 9), ("Equalize", 0.6, -1)),
        (("AutoContrast", 0.8, -1), ("Solarize", 0.2, 8)), (("Brightness", 0.1, 3), ("Color", 0.7, 0)),
        (("Solarize", 0.4, 5), ("AutoContrast", 0.9, -1)), (("TranslateY", 0.9, 9), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.9, -1), ("Solarize", 0.8, 3)), (("Equalize", 0.8, -1), ("Invert", 0.1, -1)),
        (("TranslateY", 0.7, 9), ("AutoContrast", 0.9, -1))],
    AutoAugmentPolicy.SVHN: [
        (("ShearX", 0.9, 4), ("Invert", 0.2, -1)), (("ShearY", 0.9, 8), ("Invert", 0.7, -1)),
        (("Equalize", 0.6, -1), ("Solarize", 0.6, 6)), (("Invert", 0.9, -1), ("Equalize", 0.6, -1)),
        (("Equalize", 0.6, -1), ("Rotate", 0.9, 3)), (("ShearX", 0.9, 4), ("AutoContrast", 0.8, -1)),
        (("ShearY", 0.9, 8), ("Invert", 0.4, -1)), (("ShearY", 0.9, 5), ("Solarize", 0.2, 6)),
        (("Invert", 0.9, -1), ("AutoContrast", 0.8, -1)), (("Equalize", 0.6, -1), ("Rotate", 0.9, 3)),
        (("ShearX", 0.9, 4), ("Solarize", 0.3, 3)), (("ShearY", 0.8, 8), ("Invert", 0.7, -1)),
        (("Equalize", 0.9, -1), ("TranslateY", 0.6, 6)), (("Invert", 0.9, -1), ("Equalize", 0.6, -1)),
        (("Contrast", 0.3, 3), ("Rotate", 0.8, 4)), (("Invert", 0.8, -1), ("TranslateY", 0.0, 2)),
        (("ShearY", 0.7, 6), ("Solarize", 0.4, 8)), (("Invert", 0.6, -1), ("Rotate", 0.8, 4)),
        (("ShearY", 0.3, 7), ("TranslateX", 0.9, 3)), (("ShearX", 0.1, 6), ("Invert", 0.6, -1)),
        (("Solarize", 0.7, 2), ("TranslateY", 0.6, 7)), (("ShearY", 0.8, 4), ("Invert", 0.8, -1)),
        (("ShearX", 0.7, 9), ("TranslateY", 0.8, 3)), (("ShearY", 0.8, 5), ("AutoContrast", 0.7, -1)),
        (("ShearX", 0.7, 2), ("Invert", 0.1, -1))],
}


def _space(bins, h, w, wide=False, auto=False):
    """{name: (magnitudes, signed)} of the policy ops (RandAugment / AutoAugment, or TrivialAugmentWide)."""
    top = 0.99 if wide else 0.9
    s = {
        "Identity": ([0.0], False),
        "ShearX": (_linspace(0, top if wide else 0.3, bins), True),
        "ShearY": (_linspace(0, top if wide else 0.3, bins), True),
        "TranslateX": (_linspace(0, 32.0 if wide else 150.0 / 331 * w, bins), True),
        "TranslateY": (_linspace(0, 32.0 if wide else 150.0 / 331 * h, bins), True),
        "Rotate": (_linspace(0, 135.0 if wide else 30.0, bins), True),
        "Brightness": (_linspace(0, top, bins), True),
        "Color": (_linspace(0, top, bins), True),
        "Contrast": (_linspace(0, top, bins), True),
        "Sharpness": (_linspace(0, top, bins), True),
        "Posterize": (_linspace(0, bins - 1, bins, -(6.0 if wide else 4.0) / (bins - 1), 8, True), False),
        "Solarize": (_linspace(256.0 if auto else 255.0, 0.0, bins), False),
        "AutoContrast": ([0.0], False),
        "Equalize": ([0.0], False),
    }
    if auto:  # AutoAugment's space: Invert instead of Identity
        del s["Identity"]
        s["Invert"] = ([0.0], False)
    return s


def _rand_int(g, low, high):
    """MindSpore's RandInt of the policy ops: ``uniform_int(low, high) % (high - low) + low``."""
    return _draw.uniform_int(g, low, high) % (high - low) + low


def _check_rgb(img, op):
    """MindSpore's ValidateImage(dtype {uint8}, rank {3}, channel {3}) messages (AutoAugment words its own)."""
    if op == "AutoAugment":
        if img.ndim != 3:
            raise E.pipeline_error(f"AutoAugment: input tensor is not in shape of <H,W,C>, but got rank: {img.ndim}")
        if img.shape[2] != 3:
            raise E.pipeline_error(f"AutoAugment: channel of input image should be 3, but got: {img.shape[2]}")
        return
    if img.dtype != np.uint8:
        raise E.pipeline_error(f"{op}: the data type of image tensor does not match the requirement of operator. "
                               f"Expecting tensor in type of (uint8). But got type {img.dtype}.")
    if img.ndim != 3:
        raise E.pipeline_error(f"{op}: the dimension of image tensor does not match the requirement of operator. "
                               f"Expecting tensor in dimension of (3), in shape of <H, W, C>. But got dimension "
                               f"{img.ndim}.")
    if img.shape[2] != 3:
        raise E.pipeline_error(f"{op}: the channel of image tensor does not match the requirement of operator. "
                               f"Expecting tensor in channel of (3). But got channel {img.shape[2]}.")


def _policy_args(interpolation, fill_value):
    if not isinstance(interpolation, Inter):
        raise TypeError(f"Argument interpolation with value {interpolation} is not of type [<enum 'Inter'>], "
                        f"but got {type(interpolation)}.")
    return interpolation, _fill_arg(fill_value)


class AutoAugment(_Op):
    """One of the 25 sub-policies of ``policy`` drawn at random; each of its two operations applied with its
    probability and a random sign.

    Examples:
        >>> import numpy as np
        >>> AutoAugment()(np.zeros((8, 8, 3), np.uint8)).shape
        (8, 8, 3)
    """

    def __init__(self, policy=AutoAugmentPolicy.IMAGENET, interpolation=Inter.NEAREST, fill_value=0):
        V.type_check(policy, (AutoAugmentPolicy,), "policy")
        self.policy = policy
        self.interpolation, self.fill_value = _policy_args(interpolation, fill_value)

    def _apply(self, img):
        _check_rgb(img, "AutoAugment")
        g = _draw.stream(self)
        subs = _POLICIES[self.policy]
        sub = subs[_draw.uniform_int(g, 0, len(subs) - 1)]
        probs = [_draw.uniform_float(g, 0.0, 1.0) for _ in range(2)]
        signs = [_draw.uniform_int(g, 0, 1) for _ in range(2)]
        space = _space(10, img.shape[0], img.shape[1], auto=True)
        for i, (name, p, mid) in enumerate(sub):
            if probs[i] <= p:
                mags, signed = space[name]
                m = mags[mid] if len(mags) != 1 and mid != -1 else 0.0
                if signed and signs[i] == 0:
                    m = -m
                img = apply_augment(img, name, m, self.interpolation, self.fill_value)
        return img


class RandAugment(_Op):
    """``num_ops`` operations drawn uniformly from the RandAugment space at a fixed ``magnitude``."""

    def __init__(self, num_ops: int = 2, magnitude: int = 9, num_magnitude_bins: int = 31,
                 interpolation=Inter.NEAREST, fill_value=0):
        V.type_check(num_ops, (int,), "num_ops")
        V.check_value(num_ops, 0, 2147483647, "num_ops")
        V.type_check(num_magnitude_bins, (int,), "num_magnitude_bins")
        V.check_value(num_magnitude_bins, 2, 2147483647, "num_magnitude_bins")
        V.type_check(magnitude, (int,), "magnitude")
        V.check_value(magnitude, 0, num_magnitude_bins, "magnitude", right_open=True)
        self.num_ops, self.magnitude, self.num_magnitude_bins = num_ops, magnitude, num_magnitude_bins
        self.interpolation, self.fill_value = _policy_args(interpolation, fill_value)

    def _apply(self, img):
        _check_rgb(img, "RandAugment")
        g = _draw.stream(self)
        space = _space(self.num_magnitude_bins, img.shape[0], img.shape[1])
        names = sorted(space)  # MindSpore keeps the space in a std::map
        for _ in range(self.num_ops):
            name = names[_rand_int(g, 0, len(names))]
            mags, signed = space[name]
            m = mags[self.magnitude] if len(mags) != 1 else 0.0
            if _rand_int(g, 0, 2) and signed:
                m = -m
            img = apply_augment(img, name, m, self.interpolation, self.fill_value)
        return img


class TrivialAugmentWide(_Op):
    """One operation of the wide space with a magnitude bin drawn at random."""

    def __init__(self, num_magnitude_bins: int = 31, interpolation=Inter.NEAREST, fill_value=0):
        V.type_check(num_magnitude_bins, (int,), "num_magnitude_bins")
        V.check_value(num_magnitude_bins, 2, 2147483647, "num_magnitude_bins")
        self.num_magnitude_bins = num_magnitude_bins
        self.interpolation, self.fill_value = _policy_args(interpolation, fill_value)

    def _apply(self, img):
        _check_rgb(img, "TrivialAugmentWide")
        g = _draw.stream(self)
        space = _space(self.num_magnitude_bins, img.shape[0], img.shape[1], wide=True)
        names = sorted(space)
        name = names[_rand_int(g, 0, len(names))]
        mags, signed = space[name]
        m = mags[_rand_int(g, 0, len(mags))] if len(mags) != 1 else 0.0
        if _rand_int(g, 0, 2) and signed:
            m = -m
        return apply_augment(img, name, m, self.interpolation, self.fill_value)


def _check_transforms(transforms, name="transforms"):
    V.type_check(transforms, (list,), name)
    if not transforms:
        raise ValueError(f"{name} list is empty.")
    for i, t in enumerate(transforms):
        if not callable(t):
            raise TypeError(f"{name}[{i}] is neither a transforms op (TensorOperation) nor a callable pyfunc.")
    return list(transforms)


class UniformAugment(_Op):
    """``num_ops`` distinct transforms of the list drawn at random (kept in list order, as ``std::sample``
    keeps them), each then applied with probability 1/2."""

    def __init__(self, transforms, num_ops: int = 2):
        self.transforms = _check_transforms(transforms)
        V.type_check(num_ops, (int,), "num_ops")
        V.check_value(num_ops, 1, 2147483647, "num_ops")
        if num_ops > len(self.transforms):
            raise ValueError("num_ops is greater than transforms list size.")
        self.num_ops = num_ops

    def __call__(self, img):
        rng = _random.current()
        for i in np.sort(rng.choice(len(self.transforms), size=self.num_ops, replace=False)):
            if rng.integers(0, 2) == 0:  # each selected transform runs with probability 1/2
                img = self.transforms[int(i)](img)
        return img


class RandomSelectSubpolicy(_Op):
    """Pick one sub-policy (a list of (transform, prob)) at random; apply each transform with its probability."""

    def __init__(self, policy):
        V.type_check(policy, (list,), "policy")
        if not policy:
            raise ValueError("policy can not be empty.")
        for sub in policy:
            V.type_check(sub, (list,), "policy")
            if not sub:
                raise ValueError("policy can not contain empty sub-policy.")
            for pair in sub:
                if not isinstance(pair, tuple) or len(pair) != 2 or not callable(pair[0]):
                    raise TypeError("Each element of a sub-policy should be a tuple of (transform, prob).")
                V.check_value(pair[1], 0.0, 1.0, "prob")
        self.policy = policy

    def __call__(self, img):
        g = _draw.stream(self)
        sub = self.policy[_draw.uniform_int(g, 0, len(self.policy) - 1)]
        for op, p in sub:
            if _draw.uniform_double(g, 0.0, 1.0) <= p:
                img = op(img)
        return img


def _check_alpha(alpha):
    V.type_check(alpha, (int, float), "alpha")
    if alpha <= 0:
        raise ValueError(f"Input alpha must be greater than 0.")
    return float(alpha)


def _batch_args(images, labels, op):
    images, labels = _image(images), _image(labels)
    if images.ndim != 4:
        raise E.pipeline_error(f"{op}: input image is not in shape of <B,H,W,C> or <B,C,H,W>, but got dimension: "
                               f"{images.ndim}. You may need to perform Batch first.")
    if labels.ndim not in (2, 3) or labels.shape[0] != images.shape[0]:
        raise E.pipeline_error(f"{op}: wrong labels shape. The second column (labels) must have a shape of NC or "
                               f"NLC where N is the batch size, L is the number of labels in each row, and C is the "
                               f"number of classes. labels must be in one-hot format and in a batch, but got rank: "
                               f"{labels.ndim}")
    if not np.issubdtype(labels.dtype, np.number):
        raise E.pipeline_error(f"{op}: invalid label type, label must be in a numeric type, but got: "
                               f"{labels.dtype}. You may need to perform OneHot first.")
    return images, labels


class CutMixBatch(_Op):
    """Paste a random box of a shuffled partner into each image of a batch (with probability ``prob``) and
    mix the one-hot labels by the pasted area."""

    def __init__(self, image_batch_format, alpha: float = 1.0, prob: float = 1.0):
        V.type_check(image_batch_format, (ImageBatchFormat,), "image_batch_format")
        self.image_batch_format, self.alpha = image_batch_format, _check_alpha(alpha)
        V.type_check(prob, (int, float), "prob")
        V.check_value(prob, 0, 1, "prob")
        self.prob = float(prob)

    def __call__(self, images, labels):
        images, labels = _batch_args(images, labels, "CutMixBatch")
        rng = _random.current()
        n = images.shape[0]
        perm = rng.permutation(n)
        out, lab = images.copy(), labels.astype(np.float32)
        nhwc = self.image_batch_format == ImageBatchFormat.NHWC
        h, w = (images.shape[1], images.shape[2]) if nhwc else (images.shape[2], images.shape[3])
        for i in range(n):
            lam = rng.beta(self.alpha, self.alpha)
            if rng.random() < self.prob:
                ratio = math.sqrt(1.0 - lam)
                cw, ch = int(w * ratio), int(h * ratio)
                cx, cy = int(rng.integers(0, w)), int(rng.integers(0, h))
                x0, y0 = max(cx - cw // 2, 0), max(cy - ch // 2, 0)
                x1, y1 = min(cx + cw // 2, w), min(cy + ch // 2, h)
                j = int(perm[i])
                if nhwc:
                    out[i, y0:y1, x0:x1] = images[j, y0:y1, x0:x1]
                else:
                    out[i, :, y0:y1, x0:x1] = images[j, :, y0:y1, x0:x1]
                label_lam = np.float32(1.0 - (x1 - x0) * (y1 - y0) / float(h * w))
                lab[i] = label_lam * labels[i].astype(np.float32) + (1 - label_lam) * labels[j].astype(np.float32)
        return out, lab


class MixUpBatch(_Op):
    """Blend each image and one-hot label of a batch with a shuffled partner, ``lam ~ Beta(alpha, alpha)``.

    Examples:
        >>> import numpy as np
        >>> images, labels = MixUpBatch()(np.zeros((2, 4, 4, 3), np.uint8), np.eye(2, dtype=np.int32))
        >>> images.shape, labels.dtype
        ((2, 4, 4, 3), dtype('float32'))
    """

    def __init__(self, alpha: float = 1.0):
        self.alpha = _check_alpha(alpha)

    def __call__(self, images, labels):
        images, labels = _batch_args(images, labels, "MixUpBatch")
        rng = _random.current()
        lam = np.float32(rng.beta(self.alpha, self.alpha))
        perm = rng.permutation(images.shape[0])
        lab = labels.astype(np.float32)
        lab = lam * lab + (np.float32(1) - lam) * lab[perm]
        mixed = lam * images.astype(np.float32) + (np.float32(1) - lam) * images[perm].astype(np.float32)
        from . import _cv
        return _cv.saturate(mixed, images.dtype), lab


class MixUp(_Op):
    """Python MixUp on batches: within the batch (``is_single``) or with the previous batch's mix."""

    def __init__(self, batch_size: int, alpha: float, is_single: bool = True):
        V.type_check(batch_size, (int,), "batch_size")
        V.check_value(batch_size, 1, 2147483647, "batch_size")
        self.batch_size, self.alpha = batch_size, _check_alpha(alpha)
        V.type_check(is_single, (bool,), "is_single")
        self.is_single = is_single
        self.image = self.label = 0
        self.is_first = True

    def __call__(self, image, label):
        image, label = _image(image), _image(label)
        if image.ndim != 4:
            raise TypeError("Input image should be a 4-D (N, C, H, W) or (N, H, W, C) numpy array.")
        if label.ndim != 2:
            raise TypeError("Input label should be a 2-D (N, num_classes) numpy array.")
        n = self.batch_size
        lam = _random.current().beta(self.alpha, self.alpha, n)
        if self.is_single:
            idx = list(range(1, n)) + [0]
            mix_img = lam.reshape(n, 1, 1, 1) * image + (1 - lam.reshape(n, 1, 1, 1)) * image[idx]
            mix_label = lam.reshape(n, 1) * label + (1 - lam.reshape(n, 1)) * label[idx]
            return mix_img, mix_label
        if self.is_first:
            lam = np.ones(n)
            self.is_first = False
        mix_img = lam.reshape(n, 1, 1, 1) * image + (1 - lam.reshape(n, 1, 1, 1)) * self.image
        mix_label = lam.reshape(n, 1) * label + (1 - lam.reshape(n, 1)) * self.label
        self.image, self.label = mix_img, mix_label
        return mix_img, mix_label

