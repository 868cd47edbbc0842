"""Resampling (ResizeNearestNeighbor, ResizeBilinearV2, ResizeBicubic, ResizeArea, ResizeLinear1D,
UpsampleNearest3D, UpsampleTrilinear3D and ``ops.interpolate``): one op.

Every resize is separable: along each resized axis the output is a fixed linear map of the input,
a (out, in) weight matrix that depends only on the sizes and the coordinate rule. The forward
builds those matrices with numpy at trace time and applies them with ``tensordot``; the
gradient (``jax.vjp``) is the transposed map, which is what MindSpore's resize-grad kernels
compute.
"""
from __future__ import annotations

import math

import jax.numpy as jnp
import numpy as np

from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply


def _source(i, n_in, n_out, transform, scale):
    """The input coordinate of output index ``i`` (a numpy array) under ``transform``."""
    s = scale if scale is not None else n_in / n_out
    if transform == "align":
        return i * ((n_in - 1) / (n_out - 1)) if n_out > 1 else np.zeros_like(i, dtype=np.float64)
    if transform == "half":
        return (i + 0.5) * s - 0.5
    return i * s  # asymmetric


def _nearest(n_in, n_out, rule, scale):
    i = np.arange(n_out, dtype=np.float64)
    s = scale if scale is not None else n_in / n_out
    if rule == "tf_align":  # TensorFlow's rounding, half away from zero
        src = np.floor(i * ((n_in - 1) / (n_out - 1) if n_out > 1 else 0.0) + 0.5)
    elif rule == "half":
        src = np.floor((i + 0.5) * s)
    else:
        src = np.floor(i * s)
    idx = np.clip(src, 0, n_in - 1).astype(np.int64)
    w = np.zeros((n_out, n_in))
    w[np.arange(n_out), idx] = 1.0
    return w


def _linear(n_in, n_out, transform, scale):
    i = np.arange(n_out, dtype=np.float64)
    src = np.maximum(_source(i, n_in, n_out, transform, scale), 0.0)
    lo = np.minimum(np.floor(src).astype(np.int64), n_in - 1)
    hi = np.minimum(lo + 1, n_in - 1)
    f = src - lo
    w = np.zeros((n_out, n_in))
    np.add.at(w, (np.arange(n_out), lo), 1.0 - f)
    np.add.at(w, (np.arange(n_out), hi), f)
    return w


def _cubic_kernel(t, a):
    t = np.abs(t)
    return np.where(t <= 1, ((a + 2) * t - (a + 3)) * t * t + 1,
                    np.where(t < 2, ((a * t - 5 * a) * t + 8 * a) * t - 4 * a, 0.0))


def _cubic(n_in, n_out, transform, scale, a, exclude_outside):
    i = np.arange(n_out, dtype=np.float64)
    src = _source(i, n_in, n_out, transform, scale)
    base = np.floor(src)
    # TensorFlow's (and MindSpore's) kernel reads the weights from a 1024-entry table: the
    # fractional position is rounded to a multiple of 1/1024
    src = base + np.rint((src - base) * 1024) / 1024
    w = np.zeros((n_out, n_in))
    taps = []
    for k in (-1, 0, 1, 2):
        j = base + k
        taps.append((j, _cubic_kernel(src - j, a)))
    if exclude_outside:  # taps outside the input get no weight; the rest are renormalized
        total = sum(np.where((j >= 0) & (j < n_in), c, 0.0) for j, c in taps)
        taps = [(j, np.where((j >= 0) & (j < n_in), c, 0.0) / total) for j, c in taps]
    for j, c in taps:
        np.add.at(w, (np.arange(n_out), np.clip(j, 0, n_in - 1).astype(np.int64)), c)
    return w


def _area_tf(n_in, n_out, align):
    """TensorFlow's resize_area: each output pixel averages the input box it covers."""
    s = (n_in - 1) / (n_out - 1) if align and n_out > 1 else n_in / n_out
    w = np.zeros((n_out, n_in))
    for i in range(n_out):
        a, b = i * s, (i + 1) * s
        j = int(math.floor(a))
        while j < b:
            w[i, min(j, n_in - 1)] += min(j + 1, b) - max(j, a)
            j += 1
    return w / s


def _adaptive(n_in, n_out):
    w = np.zeros((n_out, n_in))
    for i in range(n_out):
        a, b = (i * n_in) // n_out, -(-((i + 1) * n_in) // n_out)
        w[i, a:b] = 1.0 / (b - a)
    return w


def weights(n_in: int, n_out: int, method: str, transform: str = "half", scale=None, cubic_a=-0.75,
            exclude_outside=False) -> np.ndarray:
    if method == "nearest":
        return _nearest(n_in, n_out, transform, scale)
    if method == "linear":
        return _linear(n_in, n_out, transform, scale)
    if method == "cubic":
        return _cubic(n_in, n_out, transform, scale, cubic_a, exclude_outside)
    if method == "area_tf":
        return _area_tf(n_in, n_out, transform == "align")
    return _adaptive(n_in, n_out)


def _resize_fwd(x, *, specs):
    # specs: (axis, out_size, method, transform, scale, cubic_a, exclude_outside) per resized axis
    dt = x.dtype
    xf = x.astype(jnp.float32) if dt.kind != "f" or dt.itemsize < 4 else x
    for axis, n_out, method, transform, scale, a, excl in specs:
        w = weights(xf.shape[axis], n_out, method, transform, scale, a, excl)
        if method == "nearest":  # a gather: exact for every dtype
            idx = jnp.asarray(np.argmax(w, axis=1))
            xf = jnp.take(xf, idx, axis=axis)
            continue
        m = jnp.asarray(w, xf.dtype)
        xf = jnp.moveaxis(jnp.tensordot(xf, m, axes=[[axis], [1]]), -1, axis)
    if dt.kind in "iu":
        return jnp.round(xf).astype(dt) if any(s[2] != "nearest" for s in specs) else xf.astype(dt)
    return xf.astype(dt)


_resize = Op("Resize", _resize_fwd, "vjp")


def resize(x: Tensor, specs) -> Tensor:
    """Resample ``x`` along the axes in ``specs`` ((axis, out, method, transform, scale, cubic_a,
    exclude_outside) tuples); axes are non-negative."""
    x = tensor_of(x, "Resize")
    specs = tuple((int(a), int(o), m, t, None if s is None else float(s), float(c), bool(e))
                  for a, o, m, t, s, c, e in specs)
    return apply(_resize, (x,), {"specs": specs})


def spec(axis, n_out, method, transform="half", scale=None, cubic_a=-0.75, exclude_outside=False) -> tuple:
    return (axis, n_out, method, transform, scale, cubic_a, exclude_outside)
