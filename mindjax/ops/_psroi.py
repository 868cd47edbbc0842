"""Position-sensitive ROI pooling (PSROIPooling) and its gradient (PSROIPoolingGrad), as MindSpore's CPU
kernels compute them.

``features`` is (N, output_dim * g * g, H, W), ``rois`` is (batch, 5, rois_n): per roi (batch index, x1,
y1, x2, y2) in image coordinates. Each roi, scaled by ``spatial_scale`` and rounded, is split into a
g x g grid of bins; output channel d of bin (i, j) is the mean of feature channel (d * g + i) * g + j over
the bin's pixels (0 for an empty bin). The kernels differ in one place, which is kept: the forward clips
a bin's end to H - 1 / W - 1 (its last row/column is never read), the gradient clips it to H / W.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from ._primitive import Op, vjp_bprop


def _round(v):
    """C's round(): halves away from zero (jnp.round rounds them to even)."""
    return jnp.sign(v) * jnp.floor(jnp.abs(v) + 0.5)


def _bins(rois, scale, g, h, w, last):
    """Per roi n (in MindSpore's (batch, 5, rois_n) order): the batch index and the masks (n, g, H) and
    (n, g, W) of the rows and columns of each bin, and the bin areas (n, g, g)."""
    r = jnp.transpose(rois, (0, 2, 1)).reshape(-1, 5)
    sw, sh, ew, eh = (_round(r[:, k] * jnp.asarray(scale, r.dtype)) for k in (1, 2, 3, 4))
    bh = jnp.maximum(eh - sh, jnp.asarray(0.1, r.dtype)) / g
    bw = jnp.maximum(ew - sw, jnp.asarray(0.1, r.dtype)) / g
    i = jnp.arange(g, dtype=r.dtype)

    def edges(b, s, size):
        lo = (jnp.floor(i[None] * b[:, None]) + s[:, None]).astype(jnp.int32)
        hi = (jnp.ceil((i[None] + 1) * b[:, None]) + s[:, None]).astype(jnp.int32)
        top = size - 1 if last else size
        lo, hi = jnp.clip(lo, 0, top), jnp.clip(hi, 0, top)
        pix = jnp.arange(size)
        return (pix >= lo[..., None]) & (pix < hi[..., None]), hi - lo

    mh, nh = edges(bh, sh, h)
    mw, nw = edges(bw, sw, w)
    area = nh[:, :, None] * nw[:, None, :]
    return r[:, 0].astype(jnp.int32), mh, mw, area


def _fwd(x, rois, *, scale, group, dim):
    _, _, h, w = x.shape
    b, mh, mw, area = _bins(rois, scale, group, h, w, last=True)
    xs = x[b].reshape(b.shape[0], dim, group, group, h, w)
    s = jnp.einsum("ndijhw,nih,njw->ndij", xs, mh.astype(x.dtype), mw.astype(x.dtype))
    a = area[:, None].astype(x.dtype)
    return jnp.where(a > 0, s / jnp.where(a > 0, a, 1), 0).astype(x.dtype)


def _grad_fwd(dy, rois, *, size, scale, group, dim):
    h, w = size
    b, mh, mw, area = _bins(rois, scale, group, h, w, last=False)
    a = area[:, None].astype(dy.dtype)
    diff = jnp.where(a > 0, dy / jnp.where(a > 0, a, 1), 0)
    part = jnp.einsum("ndij,nih,njw->ndijhw", diff, mh.astype(dy.dtype), mw.astype(dy.dtype))
    part = part.reshape(b.shape[0], dim * group * group, h, w)
    return jnp.zeros((rois.shape[0], dim * group * group, h, w), dy.dtype).at[b].add(part, mode="drop")


def _fwd_bprop(ctx, dout):
    """MindSpore's bprop: PSROIPoolingGrad of ``dout`` (the rois get zeros)."""
    from .creation import zeros_like
    x, rois = ctx.inputs
    at = ctx.attrs[1]
    dx = psroi_pooling_grad(dout, rois, tuple(x.shape[2:]), at["scale"], at["group"], at["dim"])
    return dx, zeros_like(rois)


psroi_pooling_op = Op("PSROIPooling", _fwd, _fwd_bprop)
psroi_pooling_grad_op = Op("PSROIPoolingGrad", _grad_fwd, vjp_bprop)  # linear in dy


def psroi_pooling(x, rois, scale: float, group: int, dim: int):
    from ._primitive import apply
    return apply(psroi_pooling_op, (x, rois), {"scale": float(scale), "group": int(group), "dim": int(dim)})


def psroi_pooling_grad(dy, rois, size, scale: float, group: int, dim: int):
    from ._primitive import apply
    return apply(psroi_pooling_grad_op, (dy, rois), {"size": tuple(int(s) for s in size), "scale": float(scale),
                                                      "group": int(group), "dim": int(dim)})
