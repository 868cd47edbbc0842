"""Random Primitive classes over ``ops/_random_more.py`` and ``ops/random.py`` (star-imported into
``random_ops``, whose module path they carry). The seed attributes are checked as MindSpore checks them;
the values come from the global stream of ``set_seed``."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from .. import _random_more as R
from .. import functional as F
from .._primitive import Primitive
from ._utils import check_bool, check_int, check_float, set_attrs

_names = ["Bernoulli", "Gamma", "RandomGamma", "Poisson", "RandomPoisson", "Multinomial", "MultinomialWithReplacement",
          "RandomCategorical", "RandomShuffle", "Randperm", "RandpermV2", "TruncatedNormal",
          "ParameterizedTruncatedNormal", "Cauchy", "LogNormalReverse", "UniformCandidateSampler",
          "LogUniformCandidateSampler", "RandomChoiceWithMask", "NonDeterministicInts"]


class _Seeded(Primitive):
    """seed/seed2 attributes: non-negative ints."""

    def __init__(self, seed=0, seed2=0, **attrs):
        name = type(self).__name__
        super().__init__(name)
        for arg, v in (("seed", seed), ("seed2", seed2)):
            if check_int(name, arg, v) < 0:
                raise ValueError(f"For '{name}', the '{arg}' must be greater than or equal to 0, but got {v}.")
        set_attrs(self, seed=seed, seed2=seed2, **attrs)


class Bernoulli(Primitive):
    """``ops.Bernoulli(seed=-1, offset=0)(x, p)``: 0/1 samples of Bernoulli(p), shape and dtype of ``x``."""

    def __init__(self, seed: int = -1, offset: int = 0):
        super().__init__("Bernoulli")
        set_attrs(self, seed=check_int(self.name, "seed", seed), offset=check_int(self.name, "offset", offset))
        if seed < -1:
            raise ValueError(f"For 'Bernoulli', the 'seed' must be -1 or a non-negative int, but got {seed}.")

    def __call__(self, x, p=0.5):
        return R.bernoulli_prim(x, p)


class Gamma(_Seeded):
    """``ops.Gamma(seed=0, seed2=0)(shape, alpha, beta)``: samples of Gamma(alpha, rate beta)."""

    def __call__(self, shape, alpha, beta):
        return F.gamma(tuple(shape), alpha, beta)


class RandomGamma(_Seeded):
    """``ops.RandomGamma(seed=0, seed2=0)(shape, alpha)``: ``ops.random_gamma``."""

    def __call__(self, shape, alpha):
        return F.random_gamma(shape, alpha)


class Poisson(_Seeded):
    """``ops.Poisson(seed=0, seed2=0)(shape, mean)``: int32 samples of Poisson(mean)."""

    def __call__(self, shape, mean):
        return F.cast(F.poisson(tuple(shape), mean), mstype.int32)


class RandomPoisson(_Seeded):
    """``ops.RandomPoisson(seed=0, seed2=0, dtype=mstype.int64)(shape, rate)``: ``ops.random_poisson``."""

    def __init__(self, seed=0, seed2=0, dtype=mstype.int64):
        super().__init__(seed, seed2, dtype=dtype)

    def __call__(self, shape, rate):
        return F.random_poisson(shape, rate, dtype=self.dtype)


class Multinomial(_Seeded):
    """``ops.Multinomial(seed=0, seed2=0, dtype=mstype.int32)(x, num_samples)``: category draws per row."""

    def __init__(self, seed=0, seed2=0, dtype=mstype.int32):
        super().__init__(seed, seed2, dtype=dtype)

    def __call__(self, x, num_samples):
        return R.multinomial_prim(x, num_samples, self.dtype)


class MultinomialWithReplacement(Primitive):
    """``ops.MultinomialWithReplacement(numsamples, replacement=False)(x, seed, offset)``."""

    def __init__(self, numsamples: int, replacement: bool = False):
        super().__init__("MultinomialWithReplacement")
        set_attrs(self, numsamples=check_int(self.name, "numsamples", numsamples),
                  replacement=check_bool(self.name, "replacement", replacement))

    def __call__(self, x, seed, offset):
        return F.multinomial_with_replacement(x, seed, offset, self.numsamples, self.replacement)


class RandomCategorical(Primitive):
    """``ops.RandomCategorical(dtype=mstype.int64)(logits, num_samples, seed=0)``."""

    def __init__(self, dtype=mstype.int64):
        super().__init__("RandomCategorical")
        set_attrs(self, dtype=dtype)

    def __call__(self, logits, num_samples, seed=0):
        return F.random_categorical(logits, num_samples, seed, self.dtype)


class RandomShuffle(_Seeded):
    """``ops.RandomShuffle(seed=0, seed2=0)(x)``: ``ops.shuffle``."""

    def __call__(self, x):
        return F.shuffle(x)


class Randperm(Primitive):
    """``ops.Randperm(max_length=1, pad=-1, dtype=mstype.int32)(n)``: a permutation of 0..n-1 padded to
    ``max_length`` with ``pad``."""

    def __init__(self, max_length: int = 1, pad: int = -1, dtype=mstype.int32):
        super().__init__("Randperm")
        if check_int(self.name, "max_length", max_length) <= 0:
            raise ValueError(f"For 'Randperm', the 'max_length' must be positive, but got {max_length}.")
        set_attrs(self, max_length=max_length, pad=check_int(self.name, "pad", pad), dtype=dtype)

    def __call__(self, n):
        return R.randperm_padded(n, self.max_length, self.pad, self.dtype)


class RandpermV2(Primitive):
    """``ops.RandpermV2(seed=0, offset=0, dtype=mstype.int64)(n)``: a random permutation of 0..n-1."""

    def __init__(self, seed: int = 0, offset: int = 0, dtype=mstype.int64):
        super().__init__("RandpermV2")
        set_attrs(self, seed=check_int(self.name, "seed", seed), offset=check_int(self.name, "offset", offset),
                  dtype=dtype)

    def __call__(self, n):
        n = n.item() if isinstance(n, Tensor) else n
        if check_int(self.name, "n", n) < 0:
            raise ValueError(f"For 'RandpermV2', the 'n' must be non-negative, but got {n}.")
        return F.randperm(n, dtype=self.dtype)


class TruncatedNormal(_Seeded):
    """``ops.TruncatedNormal(dtype=mstype.float32, seed=0, seed2=0)(shape)``: N(0, 1) samples in [-2, 2]."""

    def __init__(self, dtype=mstype.float32, seed=0, seed2=0):
        if dtype not in (mstype.float16, mstype.float32, mstype.float64):
            raise TypeError(f"For 'TruncatedNormal', the 'dtype' must be float16, float32 or float64, but got {dtype}.")
        super().__init__(seed, seed2, dtype=dtype)

    def __call__(self, shape):
        return R.truncated_normal(R.shape_arg(self.name, shape), self.dtype)


class ParameterizedTruncatedNormal(_Seeded):
    """``ops.ParameterizedTruncatedNormal(seed=0, seed2=0)(shape, mean, stdevs, min, max)``."""

    def __call__(self, shape, mean, stdevs, min, max):
        return R.parameterized_truncated_normal(shape, mean, stdevs, min, max)


class Cauchy(Primitive):
    """``ops.Cauchy(size, median=0.0, sigma=1.0)()``: float32 samples of Cauchy(median, sigma)."""

    def __init__(self, size, median: float = 0.0, sigma: float = 1.0):
        super().__init__("Cauchy")
        if not isinstance(size, (list, tuple)) or not all(isinstance(s, int) and s > 0 for s in size):
            raise ValueError(f"For 'Cauchy', the 'size' must be a list of positive ints, but got {size!r}.")
        set_attrs(self, size=list(size), median=check_float(self.name, "median", median),
                  sigma=check_float(self.name, "sigma", sigma))

    def __call__(self):
        return R.cauchy(self.size, self.median, self.sigma)


class LogNormalReverse(Primitive):
    """``ops.LogNormalReverse(mean=1.0, std=2.0)(input)``: samples of exp(N(mean, std²)) shaped as ``input``."""

    def __init__(self, mean: float = 1.0, std: float = 2.0):
        super().__init__("LogNormalReverse")
        set_attrs(self, mean=check_float(self.name, "mean", mean), std=check_float(self.name, "std", std))

    def __call__(self, input):
        return R.log_normal(input, self.mean, self.std)


class UniformCandidateSampler(Primitive):
    """``ops.UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed=0,
    remove_accidental_hits=False)(true_classes)``: ``ops.uniform_candidate_sampler``."""

    def __init__(self, num_true, num_sampled, unique, range_max, seed=0, remove_accidental_hits=False):
        super().__init__("UniformCandidateSampler")
        set_attrs(self, num_true=check_int(self.name, "num_true", num_true),
                  num_sampled=check_int(self.name, "num_sampled", num_sampled),
                  unique=check_bool(self.name, "unique", unique),
                  range_max=check_int(self.name, "range_max", range_max), seed=check_int(self.name, "seed", seed),
                  remove_accidental_hits=check_bool(self.name, "remove_accidental_hits", remove_accidental_hits))

    def __call__(self, true_classes):
        return F.uniform_candidate_sampler(true_classes, self.num_true, self.num_sampled, self.unique,
                                           self.range_max, self.seed, self.remove_accidental_hits)


class LogUniformCandidateSampler(Primitive):
    """``ops.LogUniformCandidateSampler(num_true=1, num_sampled=5, unique=True, range_max=5, seed=0)
    (true_classes)``: ``ops.log_uniform_candidate_sampler``."""

    def __init__(self, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
        super().__init__("LogUniformCandidateSampler")
        set_attrs(self, num_true=check_int(self.name, "num_true", num_true),
                  num_sampled=check_int(self.name, "num_sampled", num_sampled),
                  unique=check_bool(self.name, "unique", unique),
                  range_max=check_int(self.name, "range_max", range_max), seed=check_int(self.name, "seed", seed))

    def __call__(self, true_classes):
        return F.log_uniform_candidate_sampler(true_classes, self.num_true, self.num_sampled, self.unique,
                                               self.range_max, self.seed)


class RandomChoiceWithMask(_Seeded):
    """``ops.RandomChoiceWithMask(count=256, seed=0, seed2=0)(input_x)``: ``ops.choice_with_mask``."""

    def __init__(self, count=256, seed=0, seed2=0):
        if check_int("RandomChoiceWithMask", "count", count) <= 0:
            raise ValueError(f"For 'RandomChoiceWithMask', the 'count' must be positive, but got {count}.")
        super().__init__(seed, seed2, count=count)

    def __call__(self, input_x):
        return F.choice_with_mask(input_x, self.count)


class NonDeterministicInts(Primitive):
    """``ops.NonDeterministicInts(dtype=mstype.int64)(shape)``: integers uniform over the range of ``dtype``."""

    def __init__(self, dtype=mstype.int64):
        super().__init__("NonDeterministicInts")
        if dtype not in (mstype.int32, mstype.int64, mstype.uint32, mstype.uint64):
            raise TypeError(f"For 'NonDeterministicInts', the 'dtype' must be int32, int64, uint32 or uint64, but "
                            f"got {dtype}.")
        set_attrs(self, dtype=dtype)

    def __call__(self, shape):
        return R.non_deterministic_ints(shape, self.dtype)


for _n in _names:
    globals()[_n].__module__ = "mindjax.ops.operations.random_ops"
__all__ = list(_names)
