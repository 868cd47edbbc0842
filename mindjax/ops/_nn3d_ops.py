"""N-d padding, convolution and pooling ops (the 3-D family and the padding layers).

Each op is one definition: a jax forward on plain arrays, differentiated with ``jax.vjp``
("vjp" bprop). The layers in ``nn/layer/padding.py``, ``conv3d.py`` and ``pooling.py`` call
only these functions.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply
from . import math as M
from . import array as A


# ---- padding -------------------------------------------------------------------------------
def _pad_fwd(x, *, pairs, mode, value):
    # a negative width crops (MindSpore's constant and edge pads allow it): crop first,
    # then pad by the positive widths
    start = tuple(max(-lo, 0) for lo, _ in pairs)
    stop = tuple(n - max(-hi, 0) for n, (_, hi) in zip(x.shape, pairs))
    if any(start) or stop != x.shape:
        x = jax.lax.slice(x, start, stop)
    pos = tuple((max(lo, 0), max(hi, 0)) for lo, hi in pairs)
    if mode == "constant":
        return jnp.pad(x, pos, constant_values=jnp.asarray(value).astype(x.dtype))
    return jnp.pad(x, pos, mode=mode)


_padnd = Op("PadV3", _pad_fwd, "vjp")

_NP_MODES = {"constant": "constant", "reflect": "reflect", "symmetric": "symmetric", "edge": "edge"}


def pad_pairs(input_x, pairs, mode: str = "constant", value=0) -> Tensor:
    """Pads ``input_x`` by ``pairs`` ((before, after) for every axis, from the first);
    ``mode`` is numpy's: 'constant', 'reflect', 'symmetric' or 'edge'."""
    x = tensor_of(input_x, "Pad")
    pairs = tuple((int(a), int(b)) for a, b in pairs)
    return apply(_padnd, (x,), {"pairs": pairs, "mode": _NP_MODES[mode], "value": value})


def last_dims_pairs(ndim: int, padding) -> tuple:
    """MindSpore's flat padding (last axis first: (left, right, top, bottom, ...)) as
    (before, after) pairs for all ``ndim`` axes."""
    pairs = [(0, 0)] * ndim
    for i in range(len(padding) // 2):
        pairs[ndim - 1 - i] = (padding[2 * i], padding[2 * i + 1])
    return tuple(pairs)


# ---- convolution ---------------------------------------------------------------------------
def _dn(nd):
    sp = "DHW"[3 - nd:]
    return ("NC" + sp, "OI" + sp, "NC" + sp)


def _conv_fwd(x, w, *, stride, padding, dilation, groups):
    nd = x.ndim - 2
    return jax.lax.conv_general_dilated(x, w.astype(x.dtype), stride, padding, rhs_dilation=dilation,
                                        dimension_numbers=_dn(nd), feature_group_count=groups)


_convnd = Op("Conv3D", _conv_fwd, "vjp")


def _conv_t_fwd(x, w, *, stride, padding, dilation, groups, out_pad):
    # the transposed convolution is the input-gradient of a convolution: dilate the input
    # by the stride, flip the kernel and swap its in/out axes within each group
    nd = x.ndim - 2
    k = w.shape[2:]
    pads = tuple((d * (kk - 1) - p0, d * (kk - 1) - p1 + op) for kk, d, (p0, p1), op in
                 zip(k, dilation, padding, out_pad))
    wt = jnp.flip(w, tuple(range(2, 2 + nd)))
    cin, cout_g = w.shape[0], w.shape[1]
    wt = wt.reshape(groups, cin // groups, cout_g, *k).swapaxes(1, 2).reshape(groups * cout_g, cin // groups, *k)
    return jax.lax.conv_general_dilated(x, wt.astype(x.dtype), (1,) * nd, pads, lhs_dilation=stride,
                                        rhs_dilation=dilation, dimension_numbers=_dn(nd),
                                        feature_group_count=groups)


_convnd_t = Op("Conv3DTranspose", _conv_t_fwd, "vjp")


def same_pads(spatial, kernel, stride, dilation) -> tuple:
    """TensorFlow/MindSpore 'same' padding: output ceil(n / s), the extra pixel at the end."""
    pads = []
    for n, k, s, d in zip(spatial, kernel, stride, dilation):
        out = -(-n // s)
        total = max((out - 1) * s + (k - 1) * d + 1 - n, 0)
        pads.append((total // 2, total - total // 2))
    return tuple(pads)


def conv_nd(x: Tensor, weight: Tensor, bias, stride, pads, dilation, groups: int) -> Tensor:
    """N-d convolution of NC... input ``x`` with O I/g ... ``weight``; ``pads`` are (lo, hi) pairs."""
    out = apply(_convnd, (x, weight), {"stride": tuple(stride), "padding": tuple(pads),
                                      "dilation": tuple(dilation), "groups": int(groups)})
    if bias is not None:
        out = M.add(out, A.reshape(bias, (1, -1) + (1,) * (x.ndim - 2)))
    return out


def conv_transpose_nd(x: Tensor, weight: Tensor, bias, stride, pads, out_pad, dilation, groups: int) -> Tensor:
    """N-d transposed convolution; ``weight`` is I O/g ...; ``pads`` (lo, hi) pairs crop the output."""
    out = apply(_convnd_t, (x, weight), {"stride": tuple(stride), "padding": tuple(pads),
                                        "dilation": tuple(dilation), "groups": int(groups),
                                        "out_pad": tuple(out_pad)})
    if bias is not None:
        out = M.add(out, A.reshape(bias, (1, -1) + (1,) * (x.ndim - 2)))
    return out


# ---- pooling -------------------------------------------------------------------------------
def _pool_fwd(x, *, kind, window, strides, pads, extra, dilation, count_pad, divisor):
    # pads: the explicit (lo, hi) padding; extra: what ceil_mode adds at the high end,
    # which (as in MindSpore/PyTorch) never counts in an average
    nd = x.ndim - 2
    full = ((0, 0), (0, 0)) + tuple((lo, hi + e) for (lo, hi), e in zip(pads, extra))
    win, st, dil = (1, 1) + window, (1, 1) + strides, (1, 1) + dilation
    if kind == "max":
        init = -jnp.inf if x.dtype.kind == "f" else jnp.iinfo(x.dtype).min
        if all(d == 1 for d in dilation):
            return jax.lax.reduce_window(x, init, jax.lax.max, win, st, full, window_dilation=dil)
        # jax has no VJP for a dilated max window: take the max over the strided slices,
        # one per kernel offset, which differentiates as an ordinary max
        xp = jnp.pad(x, full, constant_values=init)
        outs = [(n - (d * (k - 1) + 1)) // s + 1 for n, k, s, d in zip(xp.shape[2:], window, strides, dilation)]
        taps = []
        for off in np.ndindex(*window):
            start = (0, 0) + tuple(o * d for o, d in zip(off, dilation))
            stop = x.shape[:2] + tuple(b + (m - 1) * s + 1 for b, m, s in zip(start[2:], outs, strides))
            taps.append(jax.lax.slice(xp, start, stop, (1, 1) + strides))
        return jnp.max(jnp.stack(taps), axis=0)
    s = jax.lax.reduce_window(x, 0.0, jax.lax.add, win, st, full, window_dilation=dil)
    if divisor:
        return s / jnp.asarray(divisor, x.dtype)
    if count_pad:
        # the input plus its explicit padding counts; the ceil_mode extension does not
        ones = jnp.pad(jnp.ones(x.shape[2:], x.dtype), pads, constant_values=1)
        cnt = jax.lax.reduce_window(ones, 0.0, jax.lax.add, window, strides,
                                    tuple((0, e) for e in extra), window_dilation=dilation)
    else:
        ones = jnp.ones(x.shape[2:], x.dtype)
        cnt = jax.lax.reduce_window(ones, 0.0, jax.lax.add, window, strides, full[2:], window_dilation=dilation)
    del nd
    return s / cnt[None, None]


_poolnd = Op("Pool3D", _pool_fwd, "vjp")


def _ceil_extra(n, k, s, d, lo, hi):
    eff = d * (k - 1) + 1
    span = n + lo + hi - eff
    out = -(-span // s) + 1
    if (out - 1) * s >= n + lo:  # the last window must start inside the input or the left padding
        out -= 1
    return max((out - 1) * s + eff - (n + lo + hi), 0)


def pool_nd(x: Tensor, kind: str, kernel, stride, pad_mode: str, pads=None, dilation=None, ceil_mode=False,
            count_include_pad=True, divisor_override=0) -> Tensor:
    """N-d max/avg pooling of NC... input. ``pad_mode`` 'same', 'valid' or 'pad' (with ``pads``
    (lo, hi) pairs)."""
    nd = x.ndim - 2
    kernel, stride = tuple(kernel), tuple(stride)
    dilation = tuple(dilation) if dilation is not None else (1,) * nd
    spatial = tuple(x.shape[2:])
    if pad_mode == "same":
        # MindSpore's AvgPool3D counts the "same" padding in the divisor (count_include_pad)
        pads, ceil_mode = same_pads(spatial, kernel, stride, dilation), False
    elif pad_mode == "valid":
        pads = ((0, 0),) * nd
    pads = tuple(tuple(p) for p in pads)
    extra = tuple(_ceil_extra(n, k, s, d, lo, hi) if ceil_mode else 0
                  for n, k, s, d, (lo, hi) in zip(spatial, kernel, stride, dilation, pads))
    return apply(_poolnd, (x,), {"kind": kind, "window": kernel, "strides": stride, "pads": pads,
                                 "extra": extra, "dilation": dilation, "count_pad": bool(count_include_pad),
                                 "divisor": int(divisor_override or 0)})


def _bins(n, o):
    """PyTorch/MindSpore adaptive bins: [floor(i*n/o), ceil((i+1)*n/o)) as an averaging matrix."""
    m = np.zeros((o, n))
    for i in range(o):
        a, b = (i * n) // o, -(-((i + 1) * n) // o)
        m[i, a:b] = 1.0 / (b - a)
    return m


def _adaptive_avg_fwd(x, *, out):
    nd = len(out)
    for k, o in enumerate(out):
        ax = x.ndim - nd + k
        m = jnp.asarray(_bins(x.shape[ax], o), x.dtype)
        x = jnp.moveaxis(jnp.tensordot(x, m, axes=[[ax], [1]]), -1, ax)
    return x


_adaptive_avg = Op("AdaptiveAvgPool3D", _adaptive_avg_fwd, "vjp")


def adaptive_avg_pool_nd(x: Tensor, out: tuple) -> Tensor:
    """Adaptive average pooling of the last ``len(out)`` axes of ``x`` to sizes ``out``."""
    return apply(_adaptive_avg, (x,), {"out": tuple(int(o) for o in out)})
