"""``mindspore.ops.operations.random_ops``: random Primitives drawing from the global seed stream."""
from __future__ import annotations

from ... import _dtype as mstype
from .. import functional as F
from .._primitive import Primitive
from ._utils import check_int, set_attrs


class _Random(Primitive):
    def __init__(self, seed=0, seed2=0):
        name = type(self).__name__
        super().__init__(name)
        for arg, v in (("seed", seed), ("seed2", seed2)):
            if check_int(name, arg, v) < 0:
                raise ValueError(f"For '{name}', the '{arg}' must be greater than or equal to 0, but got {v}.")
        set_attrs(self, seed=seed, seed2=seed2)


def _shape(name, shape):
    if not isinstance(shape, tuple) or not all(isinstance(s, int) and s > 0 for s in shape):
        raise TypeError(f"For '{name}', the 'shape' must be a tuple of positive ints, but got {shape!r}.")
    return shape


class StandardNormal(_Random):
    """``ops.StandardNormal(seed=0, seed2=0)(shape)``: float32 samples of N(0, 1)."""

    def __call__(self, shape):
        return F.standard_normal(_shape(self.name, shape))


class StandardLaplace(_Random):
    """``ops.StandardLaplace(seed=0, seed2=0)(shape)``: float32 samples of Laplace(0, 1)."""

    def __call__(self, shape):
        return F.standard_laplace(_shape(self.name, shape))


class UniformReal(_Random):
    """``ops.UniformReal(seed=0, seed2=0)(shape)``: float32 samples of U[0, 1)."""

    def __call__(self, shape):
        return F.uniform(_shape(self.name, shape), 0.0, 1.0)


class UniformInt(_Random):
    """``ops.UniformInt(seed=0, seed2=0)(shape, minval, maxval)``: int32 samples in [minval, maxval)."""

    def __call__(self, shape, minval, maxval):
        lo, hi = minval.item(), maxval.item()
        if lo >= hi:
            raise ValueError(f"For 'UniformInt', the 'minval' must be less than 'maxval', but got {lo} and {hi}.")
        return F.uniform(_shape(self.name, shape), lo, hi, dtype=mstype.int32)


# the distribution, sampling and permutation Primitives of issue #11 (ops/_random_more.py)
from ._random_more_ops import *  # noqa: E402,F401,F403

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)
