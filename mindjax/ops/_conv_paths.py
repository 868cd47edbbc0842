"""Faster forms of two kinds of 2-D convolution, used by the Conv2D op's forward (and so by its
derived gradient, in PyNative and under jit alike).

XLA's CPU convolution is slow for two shapes that dominate real CNNs, measured fwd+dx+dw on
2 cores (batch 8):

* 1x1 convolutions (ResNet bottlenecks, MobileNet pointwise layers): 1.5-5.7x slower than the
  matmul they are, its weight gradient most of all;
* depthwise convolutions (``group == in_channels``: MobileNet, EfficientNet, ConvNeXt): 4-9x
  slower than a sum of k*k shifted, per-channel scaled copies of the input, which XLA fuses into
  one loop.

The results equal XLA's convolution up to float rounding (~1e-6 relative in float32; half
precision accumulates in float32).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp


def _half(x) -> bool:
    return x.dtype in (jnp.float16, jnp.bfloat16)


def is_pointwise(w, padding, groups) -> bool:
    return groups == 1 and all(k == 1 for k in w.shape[2:]) and (
        padding in ("SAME", "VALID") or all(p == (0, 0) for p in padding))


def pointwise(x, w, stride):
    """A 1x1 convolution without padding as a matmul; a stride keeps every s-th pixel, which is
    what a 1x1 window with that stride reads."""
    if any(s > 1 for s in stride):
        x = x[(slice(None), slice(None)) + tuple(slice(None, None, s) for s in stride)]
    y = jnp.einsum("nc...,oc->no...", x, w.reshape(w.shape[:2]),
                   preferred_element_type=jnp.float32 if _half(x) else None)
    return y.astype(x.dtype) if _half(x) else y


def is_depthwise(x, w, groups) -> bool:
    return x.ndim == 4 and groups > 1 and groups == x.shape[1] and w.shape[1] == 1 and w.shape[0] % groups == 0


def _pads(padding, size, k, s, d):
    """(low, high) padding of one spatial axis, XLA's rule for 'SAME'."""
    if padding == "VALID":
        return 0, 0
    eff = (k - 1) * d + 1
    out = -(-size // s)
    total = max((out - 1) * s + eff - size, 0)
    return total // 2, total - total // 2


def depthwise(x, w, stride, padding, dilation):
    """Depthwise convolution: out[n, c*m + j] = sum_{a,b} x_pad[n, c, s*i + d*a, ...] * w[c*m + j, 0, a, b]
    (m = out_channels / in_channels), as a sum over the kernel's taps of strided slices."""
    n, c, h, wd = x.shape
    m = w.shape[0] // c
    kh, kw = w.shape[2:]
    (sh, sw), (dh, dw) = stride, dilation
    if isinstance(padding, str):
        ph, pw = _pads(padding, h, kh, sh, dh), _pads(padding, wd, kw, sw, dw)
    else:
        ph, pw = padding
    acc_t = jnp.float32 if _half(x) else x.dtype
    xp = jnp.pad(x.astype(acc_t), ((0, 0), (0, 0), ph, pw))
    if m > 1:  # each input channel feeds m consecutive output channels
        xp = jnp.repeat(xp, m, axis=1)
    oh = (xp.shape[2] - (kh - 1) * dh - 1) // sh + 1
    ow = (xp.shape[3] - (kw - 1) * dw - 1) // sw + 1
    wt = w[:, 0].astype(acc_t)
    out = None
    for a in range(kh):
        for b in range(kw):
            tap = jax.lax.slice(xp, (0, 0, a * dh, b * dw),
                                (n, xp.shape[1], a * dh + (oh - 1) * sh + 1, b * dw + (ow - 1) * sw + 1),
                                (1, 1, sh, sw))
            term = tap * wt[:, a, b][None, :, None, None]
            out = term if out is None else out + term
    return out.astype(x.dtype)
