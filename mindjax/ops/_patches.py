"""``ops.ExtractImagePatches`` (MindSpore's GPU/Ascend op, TensorFlow's extract_image_patches on NCHW):
the patches of an image laid out as channels, used by ``nn.Unfold``.

For output position (row, col), patch element (i, j) of channel c is output channel
``(i * ksize_col + j) * C + c`` (TensorFlow's order: depth fastest), the input pixel
``(row * stride_row + i * rate_row - pad_top, col * stride_col + j * rate_col - pad_left)``, zero
outside the image. ``"VALID"`` keeps only whole patches; ``"SAME"`` gives ceil(in / stride) positions
with the padding split as TensorFlow splits it (the extra row/col at the bottom/right).
"""
from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from ._base import tensor_of
from ._primitive import Op, Primitive, apply

__all__ = ["ExtractImagePatches"]


def _out_and_pad(n: int, k: int, s: int, r: int, same: bool):
    eff = k + (k - 1) * (r - 1)
    out = -(-n // s) if same else -(-(n - eff + 1) // s)
    pad = max(0, (out - 1) * s + eff - n)
    return out, pad // 2, pad - pad // 2


def _patches_fwd(x, *, ksizes, strides, rates, same):
    n, c, h, w = x.shape
    (kr, kc), (sr, sc), (rr, rc) = ksizes, strides, rates
    oh, top, bottom = _out_and_pad(h, kr, sr, rr, same)
    ow, left, right = _out_and_pad(w, kc, sc, rc, same)
    xp = jnp.pad(x, ((0, 0), (0, 0), (top, max(bottom, 0)), (left, max(right, 0))))
    pieces = []
    for i in range(kr):
        for j in range(kc):
            r0, c0 = i * rr, j * rc
            pieces.append(lax.slice(xp, (0, 0, r0, c0), (n, c, r0 + (oh - 1) * sr + 1, c0 + (ow - 1) * sc + 1),
                                    (1, 1, sr, sc)))
    return jnp.stack(pieces, 1).reshape(n, kr * kc * c, oh, ow)  # (N, kr*kc, C, OH, OW): depth fastest


_patches_op = Op("ExtractImagePatches", _patches_fwd, "vjp")


def _pair4(name: str, arg: str, v) -> tuple:
    if isinstance(v, int):
        return (v, v)
    if isinstance(v, (tuple, list)):
        t = tuple(v[2:]) if len(v) == 4 else tuple(v)
        if len(t) == 2 and all(isinstance(i, int) and i > 0 for i in t):
            return t
    raise ValueError(f"For '{name}', the value of '{arg}' is invalid: '{v}'.")


class ExtractImagePatches(Primitive):
    """``ops.ExtractImagePatches(ksizes, strides, rates, padding='VALID')(input_x)``: the patches of the NCHW
    ``input_x`` as channels: output (N, ksize_row * ksize_col * C, out_row, out_col). ``ksizes``, ``strides``
    and ``rates`` are ``[1, 1, row, col]`` (or an int, or a pair).

    Example:
        >>> import mindjax as ms
        >>> x = ms.ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> out = ms.ops.ExtractImagePatches([1, 1, 2, 2], [1, 1, 2, 2], [1, 1, 1, 1])(x)
        >>> print(out[0, :, 0, 0])
        [0. 1. 4. 5.]
    """

    def __init__(self, ksizes, strides, rates, padding="VALID"):
        super().__init__("ExtractImagePatches")
        self.ksizes = _pair4(self.name, "ksizes", ksizes)
        self.strides = _pair4(self.name, "strides", strides)
        self.rates = _pair4(self.name, "rates", rates)
        if not isinstance(padding, str) or padding.upper() not in ("VALID", "SAME"):
            raise ValueError(f"For '{self.name}', the 'padding' must be 'VALID' or 'SAME', but got {padding}.")
        self.padding = padding.upper()
        for k, v in (("ksizes", self.ksizes), ("strides", self.strides), ("rates", self.rates),
                     ("padding", self.padding)):
            self.add_prim_attr(k, v)

    def __call__(self, input_x):
        x = tensor_of(input_x, self.name)
        if x.ndim != 4:
            raise ValueError(f"For '{self.name}', the 'input_x' must be a 4-D Tensor (NCHW), but got {x.ndim}-D.")
        same = self.padding == "SAME"
        for n, k, r in ((x.shape[2], self.ksizes[0], self.rates[0]), (x.shape[3], self.ksizes[1], self.rates[1])):
            if not same and n < k + (k - 1) * (r - 1):
                raise ValueError(f"For '{self.name}', the input's spatial size {n} is smaller than the patch "
                                 f"{k + (k - 1) * (r - 1)} (ksize with rate) with padding 'VALID'.")
        return apply(_patches_op, (x,), {"ksizes": self.ksizes, "strides": self.strides, "rates": self.rates,
                                         "same": same})
