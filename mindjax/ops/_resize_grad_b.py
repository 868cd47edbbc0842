"""ResizeBilinearGrad: the gradient of ResizeBilinearV2 w.r.t. its image. The resize is linear, one weight
matrix W (out, in) per resized axis (``_resize.weights``), so the gradient applies W transposed to ``dy``
along each axis."""
from __future__ import annotations

import jax.numpy as jnp

from ._primitive import Op, apply, vjp_bprop
from ._resize import weights


def _fwd(dy, *, size, transform):
    d = dy.astype(jnp.float32) if dy.dtype.itemsize < 4 else dy
    for axis, n_in in zip((2, 3), size):
        m = jnp.asarray(weights(n_in, d.shape[axis], "linear", transform), d.dtype)  # (out, in)
        d = jnp.moveaxis(jnp.tensordot(d, m, axes=[[axis], [0]]), -1, axis)
    return d.astype(dy.dtype)


_op = Op("ResizeBilinearGrad", _fwd, vjp_bprop)  # linear in dy


def resize_bilinear_grad(dy, size, transform: str):
    return apply(_op, (dy,), {"size": tuple(int(s) for s in size), "transform": transform})
