"""The channel dropout of ``ops.Dropout2D`` / ``ops.Dropout3D``: whole (N, C) channels kept with probability
``keep_prob`` and scaled by 1 / keep_prob, for MindSpore's integer and float dtypes; returns (output, mask)."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply

_DTYPES = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.float16, mstype.float32, mstype.float64)


def _fwd(x, keep, *, scale):
    # integers: x / keep_prob computed in float and truncated back (MindSpore: 3 / 0.4 -> 7)
    wide = jnp.promote_types(x.dtype, jnp.float32)
    return jnp.where(keep, x.astype(wide) * scale, 0).astype(x.dtype)


_ops = {n: Op(n, _fwd, "vjp") for n in ("Dropout2D", "Dropout3D")}


def channel_dropout(name: str, x, keep_prob: float, rank: int) -> tuple:
    """(output, mask) of ``name`` ('Dropout2D' on 4-D, 'Dropout3D' on 5-D ``x``); keep_prob 0 drops all."""
    from ..common.seed import next_key
    t = tensor_of(x, name)
    if t.ndim != rank:
        raise ValueError(f"For '{name}', the dimension of 'x' must be {rank}, but got {t.ndim}.")
    if t.dtype not in _DTYPES:
        raise TypeError(f"For '{name}', the type of 'x' should be one of [Int8, Int16, Int32, Int64, Float16, "
                        f"Float32, Float64], but got {t.dtype}.")
    shape = tuple(t.shape[:2]) + (1,) * (rank - 2)
    if keep_prob >= 1:
        keep = jnp.ones(shape, jnp.bool_)
    else:
        keep = jax.random.bernoulli(next_key(), keep_prob, shape)
    mask = Tensor._make(jnp.broadcast_to(keep, tuple(t.shape)))
    scale = 1.0 / keep_prob if keep_prob > 0 else 0.0
    return apply(_ops[name], (t, mask), {"scale": scale}), mask
