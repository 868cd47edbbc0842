"""Image rearrangement ops: ``ops.pixel_shuffle`` and ``ops.pixel_unshuffle``.

Both are a reshape, a transpose and a reshape, so they compose existing ops (whose bprops
give the gradient) rather than defining a new primitive.
"""
from __future__ import annotations

from .. import _checkparam as validator
from .._tensor import Tensor
from . import array as A

__all__ = ["pixel_shuffle", "pixel_unshuffle"]


def _check_input(input, name: str):
    if not isinstance(input, Tensor):
        raise TypeError(f"For '{name}', the 'input' must be a Tensor, but got '{type(input).__name__}'.")
    if input.ndim < 3:
        raise ValueError(f"For {name}, the dimension of `input` should be larger than 2, but got {input.ndim}.")


def pixel_shuffle(input: Tensor, upscale_factor: int) -> Tensor:
    """``ops.pixel_shuffle``: (*, C*r*r, H, W) -> (*, C, H*r, W*r).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops._image_ops import pixel_shuffle
        >>> pixel_shuffle(ms.Tensor(np.arange(16).reshape(1, 4, 2, 2), ms.int32), 2).shape
        (1, 1, 4, 4)
    """
    r = validator.check_positive_int(upscale_factor, "upscale_factor")
    _check_input(input, "pixel_shuffle")
    pre, (c, h, w) = input.shape[:-3], input.shape[-3:]
    if c % (r * r) != 0:
        raise ValueError("For 'pixel_shuffle', the length of third to last dimension is not divisible"
                         "by `upscale_factor` squared.")
    n = input.ndim
    x = A.reshape(input, pre + (c // (r * r), r, r, h, w))
    # (..., c, r1, r2, h, w) -> (..., c, h, r1, w, r2)
    x = A.transpose(x, tuple(range(n - 2)) + (n, n - 2, n + 1, n - 1))
    return A.reshape(x, pre + (c // (r * r), h * r, w * r))


def pixel_unshuffle(input: Tensor, downscale_factor: int) -> Tensor:
    """``ops.pixel_unshuffle``: (*, C, H*r, W*r) -> (*, C*r*r, H, W), the inverse of ``pixel_shuffle``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops._image_ops import pixel_unshuffle
        >>> pixel_unshuffle(ms.Tensor(np.arange(16).reshape(1, 1, 4, 4), ms.int32), 2).shape
        (1, 4, 2, 2)
    """
    r = validator.check_positive_int(downscale_factor, "downscale_factor")
    _check_input(input, "pixel_unshuffle")
    pre, (c, h, w) = input.shape[:-3], input.shape[-3:]
    if h % r != 0 or w % r != 0:
        raise ValueError("For 'pixel_unshuffle', the length of second to last 2 dimension should be divisible "
                         "by downscale_factor.")
    n = input.ndim
    x = A.reshape(input, pre + (c, h // r, r, w // r, r))
    # (..., c, h, r1, w, r2) -> (..., c, r1, r2, h, w)
    x = A.transpose(x, tuple(range(n - 2)) + (n - 1, n + 1, n - 2, n))
    return A.reshape(x, pre + (c * r * r, h // r, w // r))
