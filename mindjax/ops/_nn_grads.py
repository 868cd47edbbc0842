"""Closed-form gradient kernels for BatchNorm (training) and overlapping max pooling.

Both ops used to take their gradient from ``jax.vjp`` of the forward, and on XLA:CPU those
derived kernels were the slowest part of a ResNet-50 PyNative step after the convolutions
(batch 8, 2 cores): BatchNorm's backward took 426 ms of a 2.4 s step (PyTorch: 52 ms), the
3x3/2 max pool's ``select_and_scatter`` 73 ms (PyTorch: 2 ms). The forms below compute the
same values (up to float rounding) in one or two passes over the activations.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from ._conv_paths import tap


def _acc_dtype(dtype):
    # float16/bfloat16 data are normalised in float32, as the forward does (MindSpore's kernels)
    return jnp.float32 if dtype in (jnp.float16, jnp.bfloat16) else dtype


def batch_norm_grad(x, w, b, dy, *, eps):
    """``(dx, dw, db)`` of training-mode batch normalisation over axis 1.

    With ``n`` values per channel, ``xc = x - mean`` and ``inv = 1 / sqrt(var + eps)`` (the batch
    statistics, recomputed here: two passes over x cost less than keeping them on the tape)::

        db = sum(dy)      dw = inv * sum(dy * xc)
        dx = w * inv * (dy - db / n - xc * inv * dw / n)

    Reductions run over a (N, C, rest) view: XLA:CPU reduces NCHW's (0, 2, 3) axes slowly.
    """
    acc = _acc_dtype(x.dtype)
    view = (x.shape[0], x.shape[1], -1)
    x3, d3 = x.reshape(view).astype(acc), dy.reshape(view).astype(acc)
    n = x3.shape[0] * x3.shape[2]
    mean = jnp.mean(x3, (0, 2), keepdims=True)
    xc = x3 - mean
    inv = 1 / jnp.sqrt(jnp.mean(xc * xc, (0, 2), keepdims=True) + eps)
    db = jnp.sum(d3, (0, 2))
    dw = jnp.sum(d3 * xc, (0, 2)) * inv.reshape(-1)
    wc = w.astype(acc).reshape(1, -1, 1)
    dx = wc * inv * (d3 - (db / n).reshape(1, -1, 1) - xc * (inv * (dw / n).reshape(1, -1, 1)))
    return dx.reshape(x.shape).astype(x.dtype), dw.astype(w.dtype), db.astype(b.dtype)


def max_pool_grad(x, dy, *, window, strides, padding):
    """The gradient of a 2-D max pool (windows may overlap): each output's gradient goes to the
    first maximum of its window (row-major), as MindSpore's MaxPoolGrad and XLA's
    select-and-scatter do; positions shared by several windows receive the sum.

    The window's taps (a, b) are strided slices of the padded input; a running comparison over
    them gives each output the tap of its first maximum. Tap (a, b) of output (i, j) reads input
    row ``i*s + a = (i + a//s)*s + a%s``: on the input seen as an (H/s, s, W/s, s) grid of
    phases, every tap of one phase (a%s, b%s) lands on a plain shift of the output grid. So the
    gradient is, per phase, a sum of shifted masked copies of dy, and the phases interleave by
    a stack and reshape: elementwise work XLA fuses (a scatter per tap ran 4-5x slower).
    """
    kh, kw = window[2:]
    sh, sw = strides[2:]
    n, c, h, w = x.shape
    (p0, p1), (q0, q1) = ((0, 0), (0, 0)) if padding == "VALID" else tuple(padding[2:])
    low = jnp.array(-jnp.inf if x.dtype.kind == "f" else jnp.iinfo(x.dtype).min, x.dtype)
    xp = jax.lax.pad(x, low, ((0, 0, 0), (0, 0, 0), (p0, p1, 0), (q0, q1, 0)))
    oh, ow = dy.shape[2:]
    taps = [(a, b) for a in range(kh) for b in range(kw)]
    best, first = tap(xp, 0, 0, (oh, ow), (sh, sw)), jnp.zeros(dy.shape, jnp.int8 if len(taps) < 128 else jnp.int32)
    for t, (a, b) in enumerate(taps[1:], 1):
        v = tap(xp, a, b, (oh, ow), (sh, sw))
        take = v > best  # strictly greater: ties keep the earlier tap
        best, first = jnp.where(take, v, best), jnp.where(take, jnp.asarray(t, first.dtype), first)
    zero = jnp.zeros((), dy.dtype)
    gh, gw = oh + (kh - 1) // sh, ow + (kw - 1) // sw  # the phase grid covers every row/column read
    rows = []
    for ra in range(sh):
        cols = []
        for rb in range(sw):
            acc = jnp.zeros((n, c, gh, gw), dy.dtype)
            for t, (a, b) in enumerate(taps):
                if a % sh == ra and b % sw == rb:
                    da, db = a // sh, b // sw
                    part = jnp.where(first == t, dy, zero)
                    acc = acc + jnp.pad(part, ((0, 0), (0, 0), (da, gh - oh - da), (db, gw - ow - db)))
            cols.append(acc)
        rows.append(jnp.stack(cols, -1))            # (n, c, gh, gw, sw)
    g = jnp.stack(rows, 3).reshape(n, c, gh * sh, gw * sw)  # padded-input coordinates
    g = jnp.pad(g, ((0, 0), (0, 0), (0, max(0, p0 + h - g.shape[2])), (0, max(0, q0 + w - g.shape[3]))))
    return g[:, :, p0:p0 + h, q0:q0 + w]
