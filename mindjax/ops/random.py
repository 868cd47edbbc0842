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
    return Tensor._make(jnp.moveaxis(out, 0, -1).astype(jnp.int32))  # MindSpore 2.10 gives Int32


__all__ = ["standard_normal", "randn", "rand", "uniform", "standard_laplace", "randint", "randperm", "bernoulli",
           "multinomial"]


# ---- MindSpore's distribution functions (ops.normal, laplace, gamma, poisson) ---------------
# They broadcast ``shape`` with the parameter Tensors, as MindSpore does; values come from the
# global stream (``set_seed`` makes them reproducible); the ``seed`` argument is checked only,
# since MindSpore's Philox streams are not reproduced here.
def _param(name: str, arg: str, v) -> Tensor:
    if isinstance(v, Tensor):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return Tensor(float(v), mstype.float32)
    raise TypeError(f"For '{name}', the '{arg}' must be a Tensor or a number, but got {type(v).__name__}.")


def _check_seed(name: str, seed) -> None:
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise ValueError(f"For '{name}', the 'seed' must be None or a non-negative int, but got {seed!r}.")


def _check_shape(name: str, shape) -> tuple:
    if not isinstance(shape, (tuple, list)) or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0
                                                       for s in shape):
        raise TypeError(f"For '{name}', the 'shape' must be a tuple of non-negative ints, but got {shape!r}.")
    return tuple(shape)


def _bshape(name: str, *shapes) -> tuple:
    import numpy as _np
    try:
        return tuple(_np.broadcast_shapes(*shapes))
    except ValueError:
        raise ValueError(f"For '{name}', the 'shape' and the shapes of the parameters must broadcast, but got "
                         f"{', '.join(str(list(s)) for s in shapes)}.") from None


def normal(shape, mean, stddev, seed=None) -> Tensor:
    """``ops.normal``: samples of N(mean, stddev²), shape ``broadcast(shape, mean.shape, stddev.shape)``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.normal((2, 3), ms.Tensor(0.0), ms.Tensor(1.0), seed=5).shape)
        (2, 3)
    """
    _check_seed("normal", seed)
    mean, stddev = _param("normal", "mean", mean), _param("normal", "stddev", stddev)
    out = _bshape("normal", _check_shape("normal", shape), mean.shape, stddev.shape)
    z = jax.random.normal(next_key(), out, jnp.float32)
    return Tensor._make(z * stddev._data.astype(jnp.float32) + mean._data.astype(jnp.float32))


def laplace(shape, mean, lambda_param, seed=None) -> Tensor:
    """``ops.laplace``: samples of Laplace(mean, lambda_param), shape broadcast with the parameters.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.laplace((4,), ms.Tensor(1.0), ms.Tensor(1.0), seed=5).shape)
        (4,)
    """
    _check_seed("laplace", seed)
    mean, lam = _param("laplace", "mean", mean), _param("laplace", "lambda_param", lambda_param)
    out = _bshape("laplace", _check_shape("laplace", shape), mean.shape, lam.shape)
    z = jax.random.laplace(next_key(), out, jnp.float32)
    return Tensor._make(z * lam._data.astype(jnp.float32) + mean._data.astype(jnp.float32))


def gamma(shape, alpha, beta, seed=None) -> Tensor:
    """``ops.gamma``: samples of Gamma(alpha, rate beta), shape ``shape + broadcast(alpha.shape, beta.shape)``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.gamma((3, 1), ms.Tensor([1.0, 2.0]), ms.Tensor([1.0]), seed=5).shape)
        (3, 2)
    """
    _check_seed("gamma", seed)
    alpha, beta = _param("gamma", "alpha", alpha), _param("gamma", "beta", beta)
    shape = _check_shape("gamma", shape)
    ab = _bshape("gamma", alpha.shape, beta.shape)
    out = _bshape("gamma", shape, ab) if len(shape) >= len(ab) else shape + ab
    dt = alpha._data.dtype if alpha.dtype.kind == "f" else jnp.float32
    a = jnp.broadcast_to(alpha._data.astype(dt), out)
    g = jax.random.gamma(next_key(), a, out, dt)
    return Tensor._make(g / beta._data.astype(dt))


def poisson(shape, mean, seed=None) -> Tensor:
    """``ops.poisson``: samples of Poisson(mean), shape ``broadcast(shape, mean.shape)``, float32.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.poisson((2, 2), ms.Tensor([5.0, 10.0]), seed=5).shape)
        (2, 2)
    """
    _check_seed("poisson", seed)
    mean = _param("poisson", "mean", mean)
    out = _bshape("poisson", _check_shape("poisson", shape), mean.shape)
    lam = jnp.broadcast_to(mean._data.astype(jnp.float32), out)
    return Tensor._make(jax.random.poisson(next_key(), lam, out).astype(jnp.float32))


__all__ += ["normal", "laplace", "gamma", "poisson"]
