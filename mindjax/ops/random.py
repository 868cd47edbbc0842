"""Random ops, drawing keys from the global stream of ``set_seed``."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from .. import _dtype as mstype
from .._tensor import Tensor
from ..common.seed import next_key


def _shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(int(s) for s in shape)


def standard_normal(shape, seed=0, seed2=0) -> Tensor:
    return Tensor._make(jax.random.normal(next_key(), _shape(shape), jnp.float32))


def randn(*size, dtype=None, seed=None) -> Tensor:
    size = size[0] if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    dt = mstype.to_dtype(dtype) if dtype is not None else mstype.float32
    return Tensor._make(jax.random.normal(next_key(), _shape(size), dt.np))


def rand(*size, dtype=None, seed=None) -> Tensor:
    size = size[0] if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    dt = mstype.to_dtype(dtype) if dtype is not None else mstype.float32
    return Tensor._make(jax.random.uniform(next_key(), _shape(size), dt.np))


def uniform(shape, minval, maxval, seed=None, dtype=mstype.float32) -> Tensor:
    lo = minval._data if isinstance(minval, Tensor) else minval
    hi = maxval._data if isinstance(maxval, Tensor) else maxval
    dt = mstype.to_dtype(dtype)
    if dt.kind in "iu":
        return Tensor._make(jax.random.randint(next_key(), _shape(shape), lo, hi, dt.np))
    return Tensor._make(jax.random.uniform(next_key(), _shape(shape), dt.np, lo, hi))


def standard_laplace(shape, seed=0, seed2=0) -> Tensor:
    return Tensor._make(jax.random.laplace(next_key(), _shape(shape), jnp.float32))


def randint(low, high, size, seed=None, *, dtype=None) -> Tensor:
    dt = mstype.to_dtype(dtype) if dtype is not None else mstype.int64
    return Tensor._make(jax.random.randint(next_key(), _shape(size), low, high, dt.np))


def randperm(n, seed=0, offset=0, dtype=mstype.int64) -> Tensor:
    return Tensor._make(jax.random.permutation(next_key(), n).astype(mstype.to_dtype(dtype).np))


def bernoulli(input, p=0.5, seed=None) -> Tensor:
    pr = p._data if isinstance(p, Tensor) else p
    return Tensor._make(jax.random.bernoulli(next_key(), pr, input.shape).astype(input._data.dtype))


def multinomial(input, num_samples, replacement=True, seed=None) -> Tensor:
    logits = jnp.log(input._data)
    out = jax.random.categorical(next_key(), logits, axis=-1, shape=(num_samples,) + input.shape[:-1])
    return Tensor._make(jnp.moveaxis(out, 0, -1).astype(jnp.int64))


__all__ = ["standard_normal", "randn", "rand", "uniform", "standard_laplace", "randint", "randperm", "bernoulli",
           "multinomial"]
