"""Faster forms of 2-D convolutions and their gradients on XLA:CPU, used by the Conv2D op's forward
(and so by its derived gradient, in PyNative and under jit alike; where a form has its own VJP,
``jax.vjp`` of the forward takes it).

XLA's CPU convolution is slow for two shapes that dominate real CNNs, measured fwd+dx+dw on
2 cores (batch 8):

* 1x1 convolutions (ResNet bottlenecks, MobileNet pointwise layers): 1.5-5.7x slower than the
  matmul they are, its weight gradient most of all;
* depthwise convolutions (``group == in_channels``: MobileNet, EfficientNet, ConvNeXt): 4-9x
  slower than a sum of k*k shifted, per-channel scaled copies of the input, which XLA fuses into
  one loop.

The results equal XLA's convolution up to float rounding (~1e-6 relative in float32; half
precision accumulates in float32).

The 1x1 matmul has its own gradient: on NCHW data ``einsum`` contracts over (n, h*w) or returns
(c, n, h*w), so XLA transposes whole activations around the dot. Where the image is larger than
the channel counts (ResNet-50's 56x56 and 28x28 stages), per-image matmuls with the weight
broadcast over the batch need no transpose: forward 2.2x, input gradient 2.5x and weight
gradient 3.3x faster at 8x64x56x56 -> 256 (2 cores); on small images with many channels
(14x14x1024, 7x7x2048) the per-image dots are 2-10x slower, and the einsum stays.

The same holds for the weight gradient of a k x k convolution, which XLA:CPU computes 2-3x
slower than its forward: on large images it is faster as k*k per-image dots of dy with strided
slices of the padded input (3x3 at 8x64x56x56: 49 -> 30 ms; 3x3/2 at 8x128x56x56: 29 -> 11 ms).
The forward and the input gradient stay XLA's (as taps or im2col they ran 1.5-3x slower).
"""
from __future__ import annotations

import functools

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
    n, c = x.shape[:2]
    y = _matmul(x.reshape(n, c, -1), w.reshape(w.shape[:2]))
    return y.reshape((n, w.shape[0]) + x.shape[2:])


def _per_image(p: int, c: int, o: int) -> bool:
    # p pixels per image: large images against the channel counts (the module docstring's figures);
    # below ~256 pixels the per-image dots are too small to pay (LeNet's 10x10 layer: 2x slower)
    return p >= max(c, o, 256)


def _dot(a, b, contract, batch=((), ())):
    acc = jnp.float32 if _half(a) else None
    return jax.lax.dot_general(a, b, (contract, batch), preferred_element_type=acc)


@jax.custom_vjp
def _matmul(x3, w2):
    """y[n, o, p] = sum_c w2[o, c] * x3[n, c, p]."""
    (n, c, p), o = x3.shape, w2.shape[0]
    if _per_image(p, c, o):
        y = _dot(jnp.broadcast_to(w2, (n, o, c)), x3, ((2,), (1,)), ((0,), (0,)))
    else:
        y = jnp.einsum("ncp,oc->nop", x3, w2, preferred_element_type=jnp.float32 if _half(x3) else None)
    return y.astype(x3.dtype)


def _matmul_fwd(x3, w2):
    return _matmul(x3, w2), (x3, w2)


def _matmul_bwd(res, dy):
    """dx[n, c, p] = sum_o w2[o, c] dy[n, o, p];  dw[o, c] = sum_{n, p} dy[n, o, p] x3[n, c, p]."""
    x3, w2 = res
    (n, c, p), o = x3.shape, w2.shape[0]
    if _per_image(p, c, o):
        dx = _dot(jnp.broadcast_to(w2, (n, o, c)), dy, ((1,), (1,)), ((0,), (0,)))
        dw = _dot(dy, x3, ((2,), (2,)), ((0,), (0,))).sum(0)
    else:
        dx = _dot(dy, w2, ((1,), (0,))).transpose(0, 2, 1)
        dw = _dot(dy, x3, ((0, 2), (0, 2)))
    return dx.astype(x3.dtype), dw.astype(w2.dtype)


_matmul.defvjp(_matmul_fwd, _matmul_bwd)


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


def tap(xp, a: int, b: int, out, stride):
    """The values a window's tap at offset (a, b) reads for every output pixel: the strided slice
    ``xp[:, :, a + s*i, b + s*j]`` of the padded (N, C, H, W) input, i and j over ``out``."""
    (oh, ow), (sh, sw) = out, stride
    return jax.lax.slice(xp, (0, 0, a, b), (xp.shape[0], xp.shape[1], a + (oh - 1) * sh + 1, b + (ow - 1) * sw + 1),
                         (1, 1, sh, sw))


def depthwise(x, w, stride, padding, dilation):
    """Depthwise convolution: out[n, c*m + j] = sum_{a,b} x_pad[n, c, s*i + d*a, ...] * w[c*m + j, 0, a, b]
    (m = out_channels / in_channels), as a sum over the kernel's taps of strided slices."""
    c, h, wd = x.shape[1:]
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
            term = tap(xp, a * dh, b * dw, (oh, ow), stride) * wt[:, a, b][None, :, None, None]
            out = term if out is None else out + term
    return out.astype(x.dtype)


def taps_apply(x, w, stride, padding, dilation, groups) -> bool:
    """Whether ``conv`` below takes its weight gradient from the taps: a plain 2-D convolution
    (no groups or dilation) of 16 channels or more whose output images are large against its
    channel counts."""
    if x.ndim != 4 or groups != 1 or tuple(dilation) != (1, 1):
        return False
    pads = ((0, 0), (0, 0)) if padding == "VALID" else padding
    if isinstance(pads, str):
        return False
    oh, ow = ((n + lo + hi - k) // s + 1 for n, (lo, hi), k, s in zip(x.shape[2:], pads, w.shape[2:], stride))
    # a stem on 3 colour channels: 49 dots of 3 rows each ran slower than XLA's (80 against 57 ms)
    return min(w.shape[:2]) >= 16 and _per_image(oh * ow, w.shape[1], w.shape[0])


def _xla_conv(x, w, stride, padding):
    return jax.lax.conv_general_dilated(x, w, stride, padding, dimension_numbers=("NCHW", "OIHW", "NCHW"))


@functools.partial(jax.custom_vjp, nondiff_argnums=(2, 3))
def conv(x, w, stride, padding):
    """XLA's 2-D convolution (NCHW, OIHW), with the weight gradient as per-tap dots."""
    return _xla_conv(x, w, stride, padding)


def _conv_fwd(x, w, stride, padding):
    return _xla_conv(x, w, stride, padding), (x, w)


def _conv_bwd(stride, padding, res, dy):
    """dx from XLA (the transposed convolution); dw[o, c, a, b] = sum_{n, i, j} dy[n, o, i, j] *
    x_pad[n, c, i*s + a, j*s + b], one batched dot per tap (a, b)."""
    x, w = res
    dx = jax.vjp(lambda x: _xla_conv(x, w, stride, padding), x)[1](dy)[0]
    n, c = x.shape[:2]
    o, _, kh, kw = w.shape
    oh, ow = dy.shape[2:]
    pads = ((0, 0), (0, 0)) if padding == "VALID" else tuple(padding)
    xp = jnp.pad(x, ((0, 0), (0, 0)) + pads)
    d3 = dy.reshape(n, o, oh * ow)
    taps = [_dot(d3, tap(xp, a, b, (oh, ow), stride).reshape(n, c, oh * ow), ((2,), (2,)), ((0,), (0,))).sum(0)
            for a in range(kh) for b in range(kw)]
    dw = jnp.stack(taps, -1).reshape(o, c, kh, kw)
    return dx, dw.astype(w.dtype)


conv.defvjp(_conv_fwd, _conv_bwd)
