"""``mindspore.ops.auto_generate.CdistGrad``: the gradient Primitive of ``ops.cdist`` w.r.t. ``x1``."""
from __future__ import annotations

import math

import jax.numpy as jnp

from ..._tensor import Tensor
from .._base import tensor_of
from .._primitive import Op, Primitive, apply
from ..operations._utils import check_float, set_attrs


def _cdist_grad_fwd(grad, x1, x2, dist, *, p):
    # d_ij = (sum_k |x1_ik - x2_jk|^p)^(1/p); dd_ij/dx1_ik = sign(diff) |diff|^(p-1) / d_ij^(p-1), summed over j
    # with grad_ij (p = 1: sign(diff); p = inf: sign(diff) where |diff| is the maximum d_ij; d_ij = 0: 0)
    diff = x1[..., :, None, :] - x2[..., None, :, :]  # (..., P, R, M)
    g, d = grad[..., None], dist[..., None]
    s = jnp.sign(diff)
    if p == 0:
        part = jnp.zeros_like(diff)
    elif p == 1:
        part = g * s
    elif math.isinf(p):
        part = g * s * (jnp.abs(diff) == d)
    else:
        safe = jnp.where(d == 0, 1, d)
        part = jnp.where(d == 0, 0, g * s * jnp.abs(diff) ** (p - 1) / safe ** (p - 1))
    return jnp.sum(part, axis=-2).astype(x1.dtype)


_cdist_grad = Op("CdistGrad", _cdist_grad_fwd, "vjp")


class CdistGrad(Primitive):
    """``CdistGrad(p=2.0)(grad, x1, x2, dist)``: the gradient of ``ops.cdist(x1, x2, p)`` w.r.t. ``x1``, given
    the upstream ``grad`` and the forward's output ``dist`` (both (..., P, R)).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> from mindjax.ops import auto_generate as gen
        >>> x1, x2 = ms.Tensor(np.array([[[1.0, 1.0]]], np.float32)), ms.Tensor(np.array([[[3.0, 3.0]]], np.float32))
        >>> d = ms.ops.cdist(x1, x2, 3.0)
        >>> print(gen.CdistGrad(3.0)(ms.ops.ones_like(d), x1, x2, d).shape)
        (1, 1, 2)
    """

    def __init__(self, p: float = 2.0):
        super().__init__("CdistGrad")
        p = check_float(self.name, "p", p)
        if p < 0:
            raise ValueError(f"For '{self.name}', the 'p' must be a non-negative float, but got {p}.")
        set_attrs(self, p=p)

    def __call__(self, grad, x1, x2, dist) -> Tensor:
        ts = tuple(tensor_of(v, self.name) for v in (grad, x1, x2, dist))
        g, a, b, d = ts
        if a.ndim < 2 or a.ndim != b.ndim or a.shape[-1] != b.shape[-1]:
            raise ValueError(f"For '{self.name}', 'x1' and 'x2' must be (..., P, M) and (..., R, M), but got "
                             f"{list(a.shape)} and {list(b.shape)}.")
        want = tuple(a.shape[:-1]) + (b.shape[-2],)
        if tuple(g.shape) != want or tuple(d.shape) != want:
            raise ValueError(f"For '{self.name}', 'grad' and 'dist' must have the shape {list(want)}, but got "
                             f"{list(g.shape)} and {list(d.shape)}.")
        return apply(_cdist_grad, ts, {"p": self.p})
