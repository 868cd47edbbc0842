"""Image layers: PSNR, SSIM, MSSSIM, CentralCrop, ImageGradients, PixelShuffle, PixelUnshuffle,
ChannelShuffle.

PSNR/SSIM/MSSSIM compute in float32, integer images being first scaled by their dtype's max
(as MindSpore). MindSpore 2.10 raises ValueError from ScalarCast for these three in PyNative mode
on every input (its Graph mode computes them); mindjax computes them in both modes, with the
values MindSpore's Graph mode gives.
"""
from __future__ import annotations

import math

import numpy as np

from ... import _dtype as mstype
from ... import _checkparam as validator
from ..._tensor import Tensor
from ... import ops
from ...ops import _image_ops
from ..cell import Cell
from .conv import Conv2d
from .container import CellList

__all__ = ["ImageGradients", "SSIM", "MSSSIM", "PSNR", "CentralCrop", "PixelShuffle", "PixelUnshuffle",
           "ChannelShuffle"]


def _check_4d(x, arg: str, cls: str):
    if len(x.shape) != 4:
        raise ValueError(f"For '{cls}', the dimension of '{arg}' must be 4d, but got {len(x.shape)}.")


def _check_same(img1, img2):
    # MindSpore's SameTypeShape primitive does this check (and names itself)
    if img1.dtype != img2.dtype:
        raise TypeError(f"For 'SameTypeShape', the x type should be same as y type: {img1.dtype}, but got "
                        f"{img2.dtype}.")
    if img1.shape != img2.shape:
        raise ValueError(f"For 'SameTypeShape', the x shape should be = y shape: {list(img2.shape)}, but got "
                         f"{list(img1.shape)}.")


def _dtype_max(dtype) -> float:
    np_type = mstype.dtype_to_nptype(dtype)
    return float(np.iinfo(np_type).max) if issubclass(np_type, np.integer) else 1.0


def _to_float32(img: Tensor, dtype_max: float) -> Tensor:
    img = ops.cast(img, mstype.float32)
    return ops.mul(img, 1.0 / dtype_max) if dtype_max > 1.0 else img


def _scale_max(max_val, dtype_max: float) -> float:
    max_val = float(np.float32(max_val))
    return max_val / dtype_max if dtype_max > 1.0 else max_val


def _check_max_val(cls: str, max_val):
    validator.check_value_type("max_val", max_val, [int, float], cls)
    validator.check_number("max_val", max_val, 0.0, validator.GT, cls)
    return max_val


def _gaussian_window(size: int, sigma: float) -> np.ndarray:
    """A (1, 1, size, size) normalised Gaussian, centred as MindSpore's (offset -size//2+1 .. size//2)."""
    r = np.arange(-size // 2 + 1, size // 2 + 1, dtype=np.float32)
    g = np.exp(-(r[:, None] ** 2 + r[None, :] ** 2) / (2 * sigma ** 2))
    return (g / np.sum(g))[None, None].astype(np.float32)


def _window_conv(size: int, sigma: float) -> Conv2d:
    # a 1->1 Conv2d, so the window is a (frozen) parameter as in MindSpore's SSIM cells
    conv = Conv2d(1, 1, size, pad_mode="valid", weight_init=Tensor(_gaussian_window(size, sigma)))
    conv.weight.requires_grad = False
    return conv


def _ssim_cs(c1: float, c2: float, img1: Tensor, img2: Tensor, conv: Conv2d):
    """Mean SSIM and contrast-structure per (image, channel): two (N, C) tensors."""
    n, c, h, w = img1.shape
    # every channel through the same 1->1 filter: fold channels into the batch
    x = ops.reshape(img1, (n * c, 1, h, w))
    y = ops.reshape(img2, (n * c, 1, h, w))
    mu1, mu2 = conv(x), conv(y)
    mu1_sq, mu2_sq, mu1_mu2 = ops.mul(mu1, mu1), ops.mul(mu2, mu2), ops.mul(mu1, mu2)
    sigma1_sq = ops.sub(conv(ops.mul(x, x)), mu1_sq)
    sigma2_sq = ops.sub(conv(ops.mul(y, y)), mu2_sq)
    sigma12 = ops.sub(conv(ops.mul(x, y)), mu1_mu2)
    a = ops.add(ops.mul(mu1_mu2, 2), c1)
    b = ops.add(ops.add(mu1_sq, mu2_sq), c1)
    v1 = ops.add(ops.mul(sigma12, 2), c2)
    v2 = ops.add(ops.add(sigma1_sq, sigma2_sq), c2)
    ssim = ops.div(ops.mul(a, v1), ops.mul(b, v2))
    cs = ops.div(v1, v2)
    oh, ow = ssim.shape[-2:]
    ssim = ops.mean(ops.reshape(ssim, (n, c, oh, ow)), (2, 3))
    cs = ops.mean(ops.reshape(cs, (n, c, oh, ow)), (2, 3))
    return ssim, cs


def _check_ssim_args(cls: str, max_val, filter_size, filter_sigma, k1, k2):
    _check_max_val(cls, max_val)
    validator.check_int(filter_size, 1, validator.GE, "filter_size", cls)
    validator.check_positive_float(filter_sigma, "filter_sigma", cls)
    validator.check_value_type("k1", k1, [float], cls)
    validator.check_value_type("k2", k2, [float], cls)


def _check_dtype(x: Tensor, arg: str, allowed, cls: str):
    if x.dtype not in allowed:
        names = ", ".join(f"mindspore.{str(d).lower()}" for d in allowed)
        raise TypeError(f"For '{cls}', the '{arg}' should be one of [{names}], but got "
                        f"'mindspore.{str(x.dtype).lower()}'.")


class ImageGradients(Cell):
    """``nn.ImageGradients()``: (dy, dx), the forward differences of an NCHW batch along H and W,
    0 in the last row / column.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.image import ImageGradients
        >>> dy, dx = ImageGradients()(ms.Tensor(np.array([[[[1, 2], [3, 4]]]]), ms.int32))
        >>> print(dy.asnumpy().tolist(), dx.asnumpy().tolist())
        [[[[2, 2], [0, 0]]]] [[[[1, 0], [1, 0]]]]
    """

    def construct(self, images):
        _check_4d(images, "images", "ImageGradients")
        n, c, h, w = images.shape
        zero_row = ops.zeros((n, c, 1, w), images.dtype)
        zero_col = ops.zeros((n, c, h, 1), images.dtype)
        dy = zero_row if h == 1 else ops.concat((ops.sub(images[:, :, 1:, :], images[:, :, :h - 1, :]), zero_row), 2)
        dx = zero_col if w == 1 else ops.concat((ops.sub(images[:, :, :, 1:], images[:, :, :, :w - 1]), zero_col), 3)
        return dy, dx


class PSNR(Cell):
    """``nn.PSNR(max_val=1.0)``: peak signal-to-noise ratio per image of two NCHW batches, float32 (N,).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.image import PSNR
        >>> out = PSNR()(ms.Tensor(np.ones((1, 1, 2, 2)), ms.float32), ms.Tensor(np.full((1, 1, 2, 2), 0.5), ms.float32))
        >>> print(np.round(out.asnumpy(), 4))
        [6.0206]
    """

    def __init__(self, max_val: int | float = 1.0):
        super().__init__()
        self.max_val = _check_max_val("PSNR", max_val)

    def construct(self, img1, img2):
        _check_4d(img1, "img1", "PSNR")
        _check_4d(img2, "img2", "PSNR")
        _check_same(img1, img2)
        dmax = _dtype_max(img1.dtype)
        max_val = _scale_max(self.max_val, dmax)
        img1, img2 = _to_float32(img1, dmax), _to_float32(img2, dmax)
        mse = ops.mean(ops.square(ops.sub(img1, img2)), (-3, -2, -1))
        # 10 * log10(max^2 / mse), in MindSpore's order (log of the ratio, then / ln 10)
        ratio = ops.div(Tensor(np.float32(max_val) ** 2, mstype.float32), mse)
        return ops.div(ops.mul(ops.log(ratio), 10.0), math.log(10.0))


class SSIM(Cell):
    """``nn.SSIM(max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03)``: the mean structural
    similarity of two NCHW batches (float32/float16), per image: shape (N,).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.image import SSIM
        >>> img = ms.Tensor(np.ones([1, 3, 16, 16]), ms.float32)
        >>> print(SSIM()(img, img))
        [1.]
    """

    def __init__(self, max_val: int | float = 1.0, filter_size: int = 11, filter_sigma: float = 1.5,
                 k1: float = 0.01, k2: float = 0.03):
        super().__init__()
        _check_ssim_args("SSIM", max_val, filter_size, filter_sigma, k1, k2)
        self.max_val, self.filter_size, self.filter_sigma, self.k1, self.k2 = max_val, filter_size, filter_sigma, k1, k2
        self.conv = _window_conv(filter_size, filter_sigma)

    def construct(self, img1, img2):
        _check_dtype(img1, "img1", (mstype.float32, mstype.float16), "SSIM")
        _check_4d(img1, "img1", "SSIM")
        for i in (2, 3):
            if img1.shape[i] < self.filter_size:
                raise ValueError(f"For 'SSIM', the img1 shape[{i}] should be >= filter_size: {self.filter_size}, "
                                 f"but got {img1.shape[i]}.")
        _check_same(img1, img2)
        dmax = _dtype_max(img1.dtype)
        max_val = _scale_max(self.max_val, dmax)
        img1, img2 = _to_float32(img1, dmax), _to_float32(img2, dmax)
        c1, c2 = float(np.float32(self.k1 * max_val) ** 2), float(np.float32(self.k2 * max_val) ** 2)
        ssim, _ = _ssim_cs(c1, c2, img1, img2, self.conv)
        return ops.mean(ssim, -1)


class MSSSIM(Cell):
    """``nn.MSSSIM(max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333), filter_size=11,
    filter_sigma=1.5, k1=0.01, k2=0.03)``: multi-scale SSIM per image, one scale per power factor
    (each next scale a 2x2 average pool of the previous one).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.image import MSSSIM
        >>> img = ms.Tensor(np.ones((1, 3, 128, 128)), ms.float32)
        >>> print(MSSSIM(power_factors=(0.033, 0.033, 0.033))(img, img))
        [1.]
    """

    def __init__(self, max_val: int | float = 1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
                 filter_size: int = 11, filter_sigma: float = 1.5, k1: float = 0.01, k2: float = 0.03):
        super().__init__()
        _check_max_val("MSSSIM", max_val)
        validator.check_value_type("power_factors", power_factors, [tuple, list], "MSSSIM")
        _check_ssim_args("MSSSIM", max_val, filter_size, filter_sigma, k1, k2)
        self.max_val, self.filter_size, self.filter_sigma, self.k1, self.k2 = max_val, filter_size, filter_sigma, k1, k2
        self.level = len(power_factors)
        self.multi_convs_list = CellList([_window_conv(filter_size, filter_sigma) for _ in range(self.level)])
        self.weight_tensor = Tensor(np.asarray(power_factors, np.float32), mstype.float32)

    def construct(self, img1, img2):
        _check_4d(img1, "img1", "MSSSIM")
        _check_4d(img2, "img2", "MSSSIM")
        _check_dtype(img1, "img1", (mstype.float64, mstype.float32, mstype.float16, mstype.uint8), "MSSSIM")
        _check_same(img1, img2)
        dmax = _dtype_max(img1.dtype)
        max_val = _scale_max(self.max_val, dmax)
        img1, img2 = _to_float32(img1, dmax), _to_float32(img2, dmax)
        c1, c2 = float(np.float32(self.k1 * max_val) ** 2), float(np.float32(self.k2 * max_val) ** 2)
        mcs, sim = [], None
        for i in range(self.level):
            sim, cs = _ssim_cs(c1, c2, img1, img2, self.multi_convs_list[i])
            mcs.append(ops.relu(cs))
            img1 = ops.avg_pool2d(img1, 2, 2)
            img2 = ops.avg_pool2d(img2, 2, 2)
        # the contrast terms of every scale but the last, and the full SSIM of the last scale
        terms = ops.stack(mcs[:-1] + [ops.relu(sim)], -1)
        return ops.mean(ops.prod(ops.pow(terms, self.weight_tensor), -1), -1)


class CentralCrop(Cell):
    """``nn.CentralCrop(central_fraction)``: the central ``central_fraction`` of H and W of a CHW or
    NCHW tensor.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.image import CentralCrop
        >>> CentralCrop(0.5)(ms.Tensor(np.ones((4, 3, 4, 4)), ms.float32)).shape
        (4, 3, 2, 2)
    """

    def __init__(self, central_fraction: float):
        super().__init__()
        validator.check_value_type("central_fraction", central_fraction, [float], "CentralCrop")
        validator.check_float_range(central_fraction, 0.0, 1.0, validator.INC_RIGHT, "central_fraction",
                                    "CentralCrop")
        self.central_fraction = central_fraction

    def construct(self, image):
        shape = tuple(image.shape)
        if len(shape) not in (3, 4):
            raise ValueError(f"CentralCrop image must be 3d or 4d, but got shape {shape}")
        if self.central_fraction == 1.0:
            return image
        h, w = shape[-2:]
        hs = int((float(h) - float(h * self.central_fraction)) / 2)
        ws = int((float(w) - float(w * self.central_fraction)) / 2)
        begin = (0,) * (len(shape) - 2) + (hs, ws)
        size = shape[:-2] + (h - 2 * hs, w - 2 * ws)
        return ops.slice(image, begin, size)


class PixelShuffle(Cell):
    """``nn.PixelShuffle(upscale_factor)``: (*, C*r*r, H, W) -> (*, C, H*r, W*r).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.image import PixelShuffle
        >>> PixelShuffle(3)(ms.Tensor(np.ones((3, 2, 9, 4, 4)), ms.int32)).shape
        (3, 2, 1, 12, 12)
    """

    def __init__(self, upscale_factor: int):
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, input):
        return _image_ops.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    """``nn.PixelUnshuffle(downscale_factor)``: (*, C, H*r, W*r) -> (*, C*r*r, H, W).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.image import PixelUnshuffle
        >>> PixelUnshuffle(2)(ms.Tensor(np.ones((1, 1, 8, 8)), ms.float32)).shape
        (1, 4, 4, 4)
    """

    def __init__(self, downscale_factor: int):
        super().__init__()
        self.downscale_factor = downscale_factor

    def construct(self, input):
        return _image_ops.pixel_unshuffle(input, self.downscale_factor)


class ChannelShuffle(Cell):
    """``nn.ChannelShuffle(groups)``: splits the channels of (N, C, ...) into ``groups`` groups and
    interleaves them.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.nn.layer.image import ChannelShuffle
        >>> out = ChannelShuffle(2)(ms.Tensor(np.arange(4).reshape(1, 4, 1, 1), ms.int32))
        >>> print(out.asnumpy().ravel().tolist())
        [0, 2, 1, 3]
    """

    def __init__(self, groups: int):
        super().__init__()
        if not isinstance(groups, int):
            raise TypeError(f"For ChannelShuffle, the param `groups` must be int, but got {type(groups)}.")
        if groups < 1:
            raise ValueError(f"For ChannelShuffle, the param `groups` must be larger than 0, but got {groups}.")
        self.groups = groups

    def construct(self, x):
        shape = tuple(x.shape)
        n, c = shape[0], shape[1]
        if c % self.groups != 0:  # MindSpore's reshape fails here
            raise ValueError(f"For 'ChannelShuffle', the number of channels {c} must be divisible by 'groups' "
                             f"{self.groups}, but got input shape {list(shape)}.")
        out = ops.reshape(x, (n, self.groups, c // self.groups, -1))
        out = ops.transpose(out, (0, 2, 1, 3))
        return ops.reshape(out, shape)
