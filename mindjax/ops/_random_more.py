"""Random ops beyond ops/random.py: gamma/poisson with shape Tensors, categorical and multinomial sampling,
shuffles and permutations, truncated normals, Cauchy, log-normal, candidate samplers, choice with mask.

Every draw takes a fresh key from the global stream (``common.seed.next_key``): ``set_seed`` makes a
program reproducible, and under ``jit`` the key is an input of the compiled program, so each call of a
compiled function draws new values. MindSpore's ``seed``/``seed2``/``offset`` arguments are checked but
do not select a stream: MindSpore's Philox streams are not reproduced, only the distributions.
"""
from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ..common.seed import next_key
from ._base import tensor_of

__all__ = ["bernoulli_ext", "random_gamma", "random_poisson", "multinomial_with_replacement", "random_categorical",
           "rand_like", "randint_like", "randn_like", "choice_with_mask", "shuffle", "uniform_candidate_sampler",
           "log_uniform_candidate_sampler"]


# gamma and poisson samplers are rejection loops: one compiled kernel per shape instead of many small
# eager dispatches (inside a jit trace the call is inlined)
@functools.partial(jax.jit, static_argnums=(2,))
def _gamma_draw(key, a, shape):
    return jax.random.gamma(key, a, shape, jnp.float32)


@functools.partial(jax.jit, static_argnums=(2,))
def _poisson_draw(key, lam, shape):
    # the rate is broadcast inside the kernel: one compile per (shape, rate shape), whatever the dtypes
    return jax.random.poisson(key, jnp.broadcast_to(lam.astype(jnp.float32), shape), shape)


def _shape_of(name: str, shape) -> tuple:
    """A shape given as a tuple/list of ints or a 1-D int Tensor (MindSpore's random ops take both)."""
    if isinstance(shape, Tensor):
        if shape.dtype.kind not in "iu" or shape.ndim > 1:
            raise TypeError(f"For '{name}', the 'shape' must be a 1-D int32 or int64 Tensor, but got {shape.dtype} "
                            f"of rank {shape.ndim}.")
        shape = np.asarray(shape._data).reshape(-1).tolist()
    if not isinstance(shape, (tuple, list)) or not all(isinstance(s, (int, np.integer)) and s >= 0 for s in shape):
        raise ValueError(f"For '{name}', the 'shape' must be non-negative ints, but got {shape!r}.")
    return tuple(int(s) for s in shape)


def _poisson_shape(shape) -> tuple:
    """RandomPoisson's ``shape``: a 1-D int32/int64 Tensor of positive sizes only (MindSpore refuses a tuple)."""
    if not isinstance(shape, Tensor) or shape.dtype not in (mstype.int32, mstype.int64):
        got = f"Tensor[{shape.dtype}]" if isinstance(shape, Tensor) else type(shape).__name__
        raise TypeError(f"For primitive[RandomPoisson], the input argument[shape] must be a type of "
                        f"{{Tensor[Int32], Tensor[Int64]}}, but got {got}.")
    if shape.ndim != 1:
        raise ValueError(f"For RandomPoisson, the argument[shape] must be a 1-D tensor, but got {shape.ndim}-D.")
    vals = np.asarray(shape._data).tolist()
    if not all(v > 0 for v in vals):
        raise ValueError(f"For primitive[RandomPoisson], the attribute[shape] should be a vector with all positive "
                         f"item, but got {vals}.")
    return tuple(int(v) for v in vals)


def _check_seed(name: str, seed, arg: str = "seed") -> None:
    if seed is not None and (not isinstance(seed, (int, np.integer)) or isinstance(seed, bool)):
        raise TypeError(f"For '{name}', the '{arg}' must be an int, but got {type(seed).__name__}.")


def _float_tensor(name: str, arg: str, x) -> Tensor:
    t = tensor_of(x, name)
    if t.dtype.kind != "f":
        raise TypeError(f"For '{name}', the '{arg}' must be a float16, float32 or float64 Tensor, but got {t.dtype}.")
    return t


def bernoulli_ext(input, *, generator=None) -> Tensor:
    """``ops.bernoulli_ext``: 0/1 samples of Bernoulli(p) for each probability ``p`` in ``input``, in its dtype.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.bernoulli_ext(ms.Tensor([0.0, 1.0])))
        [0. 1.]
    """
    p = _float_tensor("bernoulli_ext", "input", input)
    return Tensor._make(jax.random.bernoulli(next_key(), p._data.astype(jnp.float32)).astype(p._data.dtype))


def bernoulli_prim(x, p) -> Tensor:
    """``ops.Bernoulli()(x, p)``: 0/1 samples of Bernoulli(p), the shape and dtype of ``x``."""
    x = tensor_of(x, "Bernoulli")
    pr = p._data if isinstance(p, Tensor) else jnp.float32(p)
    if not isinstance(p, Tensor) and not 0 <= float(p) <= 1:
        raise ValueError(f"For 'Bernoulli', the 'p' must be in [0, 1], but got {p}.")
    pr = jnp.broadcast_to(jnp.asarray(pr, jnp.float32), x.shape)
    return Tensor._make(jax.random.bernoulli(next_key(), pr).astype(x._data.dtype))


def random_gamma(shape, alpha, seed=None) -> Tensor:
    """``ops.random_gamma``: samples of Gamma(alpha, 1), shape ``shape + alpha.shape``, dtype of ``alpha``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.random_gamma(ms.Tensor([3], ms.int32), ms.Tensor([1.0, 2.0])).shape)
        (3, 2)
    """
    _check_seed("random_gamma", seed)
    a = _float_tensor("RandomGamma", "alpha", alpha)
    out = _shape_of("RandomGamma", shape) + a.shape
    g = _gamma_draw(next_key(), jnp.broadcast_to(a._data.astype(jnp.float32), out), out)
    return Tensor._make(g.astype(a._data.dtype))


def random_poisson(shape, rate, seed=None, dtype=mstype.float32) -> Tensor:
    """``ops.random_poisson``: samples of Poisson(rate), shape ``shape + rate.shape``, in ``dtype``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.random_poisson(ms.Tensor([3], ms.int32), ms.Tensor([1.0, 2.0])).shape)
        (3, 2)
    """
    _check_seed("random_poisson", seed)
    shp = _poisson_shape(shape)
    r = tensor_of(rate, "RandomPoisson") if isinstance(rate, (Tensor, int, float)) else rate
    ok = (mstype.float16, mstype.float32, mstype.float64, mstype.int32, mstype.int64)
    if not isinstance(r, Tensor) or r.dtype not in ok:
        got = f"Tensor[{r.dtype}]" if isinstance(r, Tensor) else type(rate).__name__
        raise TypeError(f"For primitive[RandomPoisson], the input argument[rate] must be a type of "
                        f"{{Tensor[Float16], Tensor[Float32], Tensor[Float64], Tensor[Int32], Tensor[Int64]}}, "
                        f"but got {got}.")
    dt = mstype.to_dtype(dtype)
    if dt not in (mstype.int32, mstype.int64, mstype.float16, mstype.float32, mstype.float64):
        raise TypeError(f"For 'RandomPoisson', the 'dtype' must be int32, int64, float16, float32 or float64, "
                        f"but got {dt}.")
    out = shp + r.shape
    lam = r._data
    if not isinstance(lam, jax.core.Tracer):  # eager: casts on the host, no kernel per dtype pair
        return Tensor(np.asarray(_poisson_draw(next_key(), np.asarray(lam, np.float32), out)).astype(dt.np))
    return Tensor._make(_poisson_draw(next_key(), lam, out).astype(dt.np))


def _categorical(logits, n: int, dtype) -> jax.Array:
    out = jax.random.categorical(next_key(), logits, axis=-1, shape=(n,) + logits.shape[:-1])
    return jnp.moveaxis(out, 0, -1).astype(dtype)


def _no_replacement(probs, n: int, dtype) -> jax.Array:
    """``n`` draws without replacement per row: the top ``n`` of Gumbel-perturbed log-probabilities."""
    g = jax.random.gumbel(next_key(), probs.shape)
    keys = jnp.where(probs > 0, jnp.log(probs) + g, -jnp.inf)
    return jax.lax.top_k(keys, n)[1].astype(dtype)


def multinomial_with_replacement(x, seed, offset, numsamples: int, replacement: bool = False) -> Tensor:
    """``ops.multinomial_with_replacement``: ``numsamples`` int64 category indices per row of the
    (unnormalised, non-negative) weights ``x``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.multinomial_with_replacement(ms.Tensor([[0.0, 1.0]]), ms.Tensor(1), ms.Tensor(0), 2,
        ...                                           True))
        [[1 1]]
    """
    name = "MultinomialWithReplacement"
    t = _float_tensor(name, "x", x)
    if t.ndim not in (1, 2):
        raise ValueError(f"For '{name}', the rank of 'x' must be 1 or 2, but got {t.ndim}.")
    if not isinstance(numsamples, int) or numsamples <= 0:
        raise ValueError(f"For '{name}', the 'numsamples' must be a positive int, but got {numsamples!r}.")
    p = t._data.astype(jnp.float32)
    if not replacement:
        if numsamples > t.shape[-1]:
            raise ValueError(f"For '{name}', the 'numsamples' must be at most the number of categories "
                             f"{t.shape[-1]} when 'replacement' is False, but got {numsamples}.")
        return Tensor._make(_no_replacement(p, numsamples, jnp.int64))
    return Tensor._make(_categorical(jnp.log(p), numsamples, jnp.int64))


def multinomial_prim(x, num_samples, dtype=mstype.int32) -> Tensor:
    """``ops.Multinomial()(x, num_samples)``: category draws (with replacement) per row of weights ``x``."""
    t = _float_tensor("Multinomial", "x", x)
    if isinstance(num_samples, Tensor):
        num_samples = num_samples.item()
    if not isinstance(num_samples, int) or num_samples <= 0:
        raise ValueError(f"For 'Multinomial', the 'num_samples' must be a positive int, but got {num_samples!r}.")
    return Tensor._make(_categorical(jnp.log(t._data.astype(jnp.float32)), num_samples, mstype.to_dtype(dtype).np))


def random_categorical(logits, num_sample: int, seed: int = 0, dtype=mstype.int64) -> Tensor:
    """``ops.random_categorical``: ``num_sample`` category indices per row of the 2-D ``logits``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.random_categorical(ms.Tensor([[0.0, 100.0]]), 3))
        [[1 1 1]]
    """
    name = "RandomCategorical"
    t = _float_tensor(name, "logits", logits)
    _check_seed(name, seed)
    dt = mstype.to_dtype(dtype)
    if dt not in (mstype.int16, mstype.int32, mstype.int64):
        raise TypeError(f"For '{name}', the 'dtype' must be int16, int32 or int64, but got {dt}.")
    if t.ndim != 2:
        raise ValueError(f"For '{name}', the rank of 'logits' must be 2, but got {t.ndim}.")
    if not isinstance(num_sample, int) or isinstance(num_sample, bool) or num_sample <= 0:
        raise ValueError(f"For '{name}', the 'num_sample' must be a positive int, but got {num_sample!r}.")
    return Tensor._make(_categorical(t._data.astype(jnp.float32), num_sample, dt.np))


def _like_dtype(input, dtype):
    return mstype.to_dtype(dtype) if dtype is not None else tensor_of(input).dtype


def rand_like(input, seed=None, *, dtype=None) -> Tensor:
    """``ops.rand_like``: U[0, 1) samples of the shape of ``input`` (its dtype unless ``dtype``).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.rand_like(ms.ops.zeros((2, 3))).shape)
        (2, 3)
    """
    _check_seed("rand_like", seed)
    dt = _like_dtype(input, dtype)
    if dt.kind != "f":
        raise ValueError(f"For 'rand_like', the 'dtype' must be a float type, but got {dt}.")
    return Tensor._make(jax.random.uniform(next_key(), tuple(input.shape), jnp.float32).astype(dt.np))


def randn_like(input, seed=None, *, dtype=None) -> Tensor:
    """``ops.randn_like``: N(0, 1) samples of the shape of ``input``, float32 unless ``dtype``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.randn_like(ms.ops.zeros((2, 3))).shape)
        (2, 3)
    """
    _check_seed("randn_like", seed)
    dt = mstype.to_dtype(dtype) if dtype is not None else mstype.float32  # MindSpore 2.10: float32 by default
    if dt.kind != "f":
        raise ValueError(f"For 'randn_like', the 'dtype' must be a float type, but got {dt}.")
    return Tensor._make(jax.random.normal(next_key(), tuple(input.shape), jnp.float32).astype(dt.np))


def randint_like(input, low: int, high: int, seed=None, *, dtype=None) -> Tensor:
    """``ops.randint_like``: ints in [low, high) of the shape of ``input`` (``dtype`` must be an int type).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.randint_like(ms.ops.zeros((2,), ms.int32), 0, 1))
        [0 0]
    """
    _check_seed("randint_like", seed)
    dt = _like_dtype(input, dtype)
    if dt.kind not in "iu":
        raise ValueError(f"For 'randint_like', the 'dtype' must be an int type, but got {dt}.")
    for arg, v in (("low", low), ("high", high)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For 'randint_like', the '{arg}' must be an int, but got {type(v).__name__}.")
    if low >= high:
        raise ValueError(f"For 'randint_like', the 'low' must be less than 'high', but got {low} and {high}.")
    return Tensor._make(jax.random.randint(next_key(), tuple(input.shape), low, high, jnp.int64 if dt.bits == 64
                                           else jnp.int32).astype(dt.np))


def choice_with_mask(input_x, count: int = 256, seed=None):
    """``ops.choice_with_mask``: ``count`` randomly chosen coordinates (int32, shape (count, rank)) of the
    True elements of a bool ``input_x``, and a bool mask of which rows are real (the rest are zeros).

    Examples:
        >>> import mindjax as ms
        >>> idx, mask = ms.ops.choice_with_mask(ms.Tensor([True, False, True]), 4)
        >>> print(idx.shape, mask.tolist().count(True))
        (4, 1) 2
    """
    x = tensor_of(input_x, "RandomChoiceWithMask")
    if x.dtype != mstype.bool_:
        raise TypeError(f"For 'RandomChoiceWithMask', the 'input_x' must be a bool Tensor, but got {x.dtype}.")
    if not 1 <= x.ndim <= 5:
        raise ValueError(f"For 'RandomChoiceWithMask', the rank of 'input_x' must be in [1, 5], but got {x.ndim}.")
    if not isinstance(count, int) or count <= 0:
        raise ValueError(f"For 'RandomChoiceWithMask', the 'count' must be a positive int, but got {count!r}.")
    flat = x._data.reshape(-1)
    keys = jnp.where(flat, jax.random.uniform(next_key(), flat.shape), -1.0)
    k = min(count, flat.shape[0])
    vals, pos = jax.lax.top_k(keys, k)
    mask = vals >= 0
    coords = jnp.stack(jnp.unravel_index(pos, x.shape), -1).astype(jnp.int32)
    coords = jnp.where(mask[:, None], coords, 0)
    if k < count:
        coords = jnp.concatenate([coords, jnp.zeros((count - k, x.ndim), jnp.int32)])
        mask = jnp.concatenate([mask, jnp.zeros(count - k, bool)])
    return Tensor._make(coords), Tensor._make(mask)


def shuffle(x, seed=None) -> Tensor:
    """``ops.shuffle``: ``x`` with its slices along axis 0 in a random order.

    Examples:
        >>> import mindjax as ms
        >>> print(sorted(ms.ops.shuffle(ms.Tensor([1, 2, 3])).tolist()))
        [1, 2, 3]
    """
    _check_seed("shuffle", seed)
    t = tensor_of(x, "RandomShuffle")
    if t.ndim == 0:
        return t
    return Tensor._make(jax.random.permutation(next_key(), t._data, axis=0))


def _candidates(name, true_classes, num_true, num_sampled, unique, range_max, probs):
    """TensorFlow's candidate samplers: draws from ``probs`` over [0, range_max) (without repeats when
    ``unique``, counting the tries) and the expected counts of the true and the sampled classes."""
    t = tensor_of(true_classes, name)
    if t.dtype not in (mstype.int32, mstype.int64) or t.ndim != 2:
        raise TypeError(f"For '{name}', the 'true_classes' must be a 2-D int32 or int64 Tensor, but got "
                        f"{t.dtype} of rank {t.ndim}.")
    for arg, v in (("num_true", num_true), ("num_sampled", num_sampled), ("range_max", range_max)):
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            raise ValueError(f"For '{name}', the '{arg}' must be a positive int, but got {v!r}.")
    if t.shape[1] != num_true:
        raise ValueError(f"For '{name}', the second dimension of 'true_classes' must be 'num_true' {num_true}, "
                         f"but got {t.shape[1]}.")
    if unique and num_sampled > range_max:
        raise ValueError(f"For '{name}', the 'num_sampled' must be at most 'range_max' when 'unique' is True, but "
                         f"got {num_sampled} and {range_max}.")
    out = _sampler_kernel(next_key(), t._data, jnp.asarray(probs, jnp.float32), num_sampled=num_sampled,
                          unique=bool(unique))
    return tuple(Tensor._make(o) for o in out)


@functools.partial(jax.jit, static_argnames=("num_sampled", "unique"))
def _sampler_kernel(key, true_classes, probs, *, num_sampled, unique):
    """The sampler as one jax program (eager and under jit alike).

    Without ``unique``: ``num_sampled`` independent draws, ``tries = num_sampled``. With it, TensorFlow's
    sampler draws until ``num_sampled`` distinct classes came up. The classes in order of first appearance
    follow sequential sampling without replacement, which the Gumbel top-k of log(p) reproduces exactly; given
    them, the draws wasted on repeats before the i-th new class are Geometric with failure probability
    S_i = p(first i - 1 classes), independent: tries = num_sampled + sum_i floor(log U_i / log S_i)."""
    k_draw, k_tries = jax.random.split(key)
    logp = jnp.log(probs)
    range_max = probs.shape[0]
    if unique:
        g = logp + jax.random.gumbel(k_draw, (range_max,), jnp.float32)
        sampled = jax.lax.top_k(g, num_sampled)[1]
        seen = jnp.concatenate([jnp.zeros(1, jnp.float32), jnp.cumsum(probs[sampled])[:-1]])
        u = jax.random.uniform(k_tries, (num_sampled,), jnp.float32, minval=jnp.finfo(jnp.float32).tiny)
        wasted = jnp.where(seen > 0, jnp.floor(jnp.log(u) / jnp.log(jnp.clip(seen, 1e-30, 1 - 1e-7))), 0.0)
        tries = num_sampled + jnp.sum(wasted)
    else:
        sampled = jax.random.categorical(k_draw, logp, shape=(num_sampled,))
        tries = jnp.float32(num_sampled)

    def expected(c):
        p = probs[jnp.clip(c, 0, range_max - 1)]
        if unique:
            return -jnp.expm1(tries * jnp.log1p(-jnp.minimum(p, 1 - 1e-7)))
        return p * tries
    return sampled.astype(true_classes.dtype), expected(true_classes), expected(sampled)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False):
    """``ops.uniform_candidate_sampler``: ``num_sampled`` classes drawn uniformly from [0, range_max), with the
    expected counts of ``true_classes`` and of the sampled classes (TensorFlow's sampler).

    Examples:
        >>> import mindjax as ms
        >>> s, t, e = ms.ops.uniform_candidate_sampler(ms.Tensor([[1], [3]], ms.int64), 1, 3, True, 5)
        >>> print(s.shape, t.shape, e.shape)
        (3,) (2, 1) (3,)
    """
    _check_seed("UniformCandidateSampler", seed)
    if not isinstance(range_max, int) or range_max <= 0:
        raise ValueError(f"For 'UniformCandidateSampler', the 'range_max' must be a positive int, but got "
                         f"{range_max!r}.")
    probs = np.full(range_max, 1.0 / range_max)
    return _candidates("UniformCandidateSampler", true_classes, num_true, num_sampled, unique, range_max, probs)


def log_uniform_candidate_sampler(true_classes, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
    """``ops.log_uniform_candidate_sampler``: classes drawn from the log-uniform (Zipf) distribution
    P(k) = log((k + 2) / (k + 1)) / log(range_max + 1), with the expected counts.

    Examples:
        >>> import mindjax as ms
        >>> s, t, e = ms.ops.log_uniform_candidate_sampler(ms.Tensor([[1], [3]], ms.int64), 1, 3, True, 5)
        >>> print(s.shape, t.shape, e.shape)
        (3,) (2, 1) (3,)
    """
    _check_seed("LogUniformCandidateSampler", seed)
    if not isinstance(range_max, int) or range_max <= 0:
        raise ValueError(f"For 'LogUniformCandidateSampler', the 'range_max' must be a positive int, but got "
                         f"{range_max!r}.")
    k = np.arange(range_max, dtype=np.float64)
    probs = np.log((k + 2) / (k + 1)) / math.log(range_max + 1)
    return _candidates("LogUniformCandidateSampler", true_classes, num_true, num_sampled, unique, range_max,
                       probs / probs.sum())


# ---- helpers of the Primitive classes (operations/random_ops.py) -----------------------------------
def truncated_normal(shape, dtype=mstype.float32, mean=0.0, std=1.0, lo=-2.0, hi=2.0) -> Tensor:
    """Samples of N(mean, std²) truncated to [lo, hi] (in units of the raw values)."""
    dt = mstype.to_dtype(dtype)
    z = jax.random.truncated_normal(next_key(), (lo - mean) / std, (hi - mean) / std, shape, jnp.float32)
    return Tensor._make((z * std + mean).astype(dt.np))


def parameterized_truncated_normal(shape, mean, stdevs, min, max) -> Tensor:
    """Per-batch truncated normals: row b of the (batch, ...) output from N(mean[b], stdevs[b]²) on
    [min[b], max[b]] (``ops.ParameterizedTruncatedNormal``)."""
    name = "ParameterizedTruncatedNormal"
    shp = _shape_of(name, shape)
    ps = [_float_tensor(name, a, v) for a, v in (("mean", mean), ("stdevs", stdevs), ("min", min), ("max", max))]
    if not shp:
        raise ValueError(f"For '{name}', the 'shape' must have at least 1 element, but got {shp}.")
    for p in ps:
        if p.ndim > 1 or p.size not in (1, shp[0]):
            raise ValueError(f"For '{name}', the parameters must be scalars or 1-D of length shape[0] = {shp[0]}, "
                             f"but got shape {list(p.shape)}.")
    b = (shp[0],) + (1,) * (len(shp) - 1)
    m, s, lo, hi = (jnp.broadcast_to(p._data.astype(jnp.float32).reshape(-1), (shp[0],)).reshape(b) for p in ps)
    z = jax.random.truncated_normal(next_key(), (lo - m) / s, (hi - m) / s, shp, jnp.float32)
    return Tensor._make((z * s + m).astype(ps[0]._data.dtype))


def cauchy(size, median=0.0, sigma=1.0) -> Tensor:
    """float32 samples of Cauchy(median, sigma) of shape ``size`` (``ops.Cauchy``)."""
    z = jax.random.cauchy(next_key(), tuple(size), jnp.float32)
    return Tensor._make(z * jnp.float32(sigma) + jnp.float32(median))


def log_normal(input, mean=1.0, std=2.0) -> Tensor:
    """Samples of exp(N(mean, std²)) of the shape and dtype of ``input`` (``ops.LogNormalReverse``)."""
    t = _float_tensor("LogNormalReverse", "input", input)
    z = jax.random.normal(next_key(), t.shape, jnp.float32)
    return Tensor._make(jnp.exp(z * jnp.float32(std) + jnp.float32(mean)).astype(t._data.dtype))


def randperm_padded(n, max_length, pad, dtype) -> Tensor:
    """A permutation of 0..n-1 padded with ``pad`` to ``max_length`` (``ops.Randperm``)."""
    if isinstance(n, Tensor):
        n = int(np.asarray(n._data).reshape(-1)[0])
    if n > max_length:
        raise ValueError(f"For 'Randperm', the 'n' must be at most 'max_length' {max_length}, but got {n}.")
    perm = jax.random.permutation(next_key(), n)
    out = jnp.concatenate([perm, jnp.full((max_length - n,), pad, perm.dtype)])
    return Tensor._make(out.astype(mstype.to_dtype(dtype).np))


def non_deterministic_ints(shape, dtype=mstype.int64) -> Tensor:
    """Uniform random integers over the whole range of ``dtype`` (``ops.NonDeterministicInts``)."""
    dt = mstype.to_dtype(dtype)
    shp = _shape_of("NonDeterministicInts", shape)
    bits = jax.random.bits(next_key(), shp, jnp.uint64 if dt.bits == 64 else jnp.uint32)
    return Tensor._make(jax.lax.bitcast_convert_type(bits, dt.np) if dt.kind == "i" else bits.astype(dt.np))


def shape_arg(name, shape) -> tuple:
    """``shape`` as a tuple of ints (a tuple, list or 1-D int Tensor)."""
    return _shape_of(name, shape)


# ---- in-place fills (``ops.normal_`` ...): the new values are written into ``input``, which is returned ----------
def _fill_inplace(name: str, input, sample) -> Tensor:
    from ._array_more import write_back
    x = tensor_of(input, name)
    return write_back(x, Tensor._make(sample(tuple(x.shape)).astype(x._data.dtype)))


def normal_(input, mean=0, std=1, *, generator=None) -> Tensor:
    """``ops.normal_``: fills ``input`` in place with samples of N(mean, std²); returns it.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.normal_(ms.ops.zeros((2, 3)), 0.0, 1.0).shape)
        (2, 3)
    """
    m = mean._data if isinstance(mean, Tensor) else mean
    s = std._data if isinstance(std, Tensor) else std
    return _fill_inplace("normal_", input, lambda shp: jax.random.normal(next_key(), shp, jnp.float32) * s + m)


def uniform_(input, from_=0, to=1, *, generator=None) -> Tensor:
    """``ops.uniform_``: fills ``input`` in place with samples of U[from_, to); returns it.

    Examples:
        >>> import mindjax as ms
        >>> x = ms.ops.uniform_(ms.ops.zeros((100,)), 2.0, 3.0)
        >>> print(bool(((x >= 2) & (x < 3)).all()))
        True
    """
    if from_ > to:
        raise ValueError(f"For 'uniform_', the 'from_' must be at most 'to', but got {from_} and {to}.")
    return _fill_inplace("uniform_", input, lambda shp: jax.random.uniform(next_key(), shp, jnp.float32, from_, to))


def random_(input, from_=0, to=None, *, generator=None) -> Tensor:
    """``ops.random_``: fills ``input`` in place with integers uniform in [from_, to) (``to`` None: up to the
    largest integer the dtype holds exactly); returns it.

    Examples:
        >>> import mindjax as ms
        >>> x = ms.ops.random_(ms.ops.zeros((100,), ms.int32), 0, 3)
        >>> print(sorted(set(x.tolist())) <= [0, 1, 2])
        True
    """
    x = tensor_of(input, "random_")
    if to is None:
        to = 2 ** (np.finfo(x.dtype.np).nmant + 1) if x.dtype.kind == "f" else int(np.iinfo(x.dtype.np).max) \
            if x.dtype.kind in "iu" else 2
    if from_ >= to:
        raise ValueError(f"For 'random_', the 'from_' must be less than 'to', but got {from_} and {to}.")
    return _fill_inplace("random_", x, lambda shp: jax.random.randint(next_key(), shp, from_, to, jnp.int64))


def bernoulli_(input, p=0.5, *, generator=None) -> Tensor:
    """``ops.bernoulli_``: fills ``input`` in place with 0/1 samples of Bernoulli(p); returns it.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.bernoulli_(ms.ops.zeros((3,)), 1.0))
        [1. 1. 1.]
    """
    pr = p._data.astype(jnp.float32) if isinstance(p, Tensor) else jnp.float32(p)
    if not isinstance(p, Tensor) and not 0 <= float(p) <= 1:
        raise ValueError(f"For 'bernoulli_', the 'p' must be in [0, 1], but got {p}.")
    return _fill_inplace("bernoulli_", input,
                         lambda shp: jax.random.bernoulli(next_key(), jnp.broadcast_to(pr, shp), shp))


def exponential_(input, lambd=1, *, generator=None) -> Tensor:
    """``ops.exponential_``: fills ``input`` in place with samples of Exponential(rate ``lambd``); returns it.

    Examples:
        >>> import mindjax as ms
        >>> print(bool((ms.ops.exponential_(ms.ops.zeros((10,)), 2.0) >= 0).all()))
        True
    """
    if lambd <= 0:
        raise ValueError(f"For 'exponential_', the 'lambd' must be positive, but got {lambd}.")
    return _fill_inplace("exponential_", input,
                         lambda shp: jax.random.exponential(next_key(), shp, jnp.float32) / lambd)


__all__ += ["normal_", "uniform_", "random_", "bernoulli_", "exponential_"]
