"""The random draws of the vision transforms, made as MindSpore's kernels make them.

MindSpore's random image ops each own a ``std::mt19937`` seeded with the configured seed when the
op is built; an eager call builds the op anew, so with ``dataset.config.set_seed(n)`` every eager
call draws the same values. ``stream()`` gives an op that generator for an eager call (a fresh
``MT19937(seed)``), or the generator the pipeline installed for the map node (a numpy Generator,
or an ``MT19937`` stream when the engine provides MindSpore's); the draw helpers accept both and,
on an ``MT19937``, follow libstdc++'s distributions (``bernoulli_distribution``,
``uniform_real_distribution<float>``, ``uniform_int_distribution``, ``std::shuffle``).
"""
import numpy as np

from .. import _random
from ..engine import _stdrandom as R


def stream(op=None):
    """The generator of one call of random op ``op`` (take it once per call and pass it on): the op's
    own ``std::mt19937`` when the pipeline installed an ``OpStreams`` table (``_random._local.streams``)
    for the map worker running the row, else the pipeline's generator, else (eager) a fresh
    ``MT19937(seed)`` when a seed is configured."""
    streams = getattr(_random._local, "streams", None)
    if streams is not None and op is not None:
        return streams(op)
    local = getattr(_random._local, "rng", None)
    if local is not None:
        return local
    from .. import config
    seed = config._seed_or_none()
    if seed is not None:
        return R.MT19937(int(seed))
    return _random.current()


class OpStreams:
    """The random streams of one MindSpore map worker: every random op gets its own ``std::mt19937``
    seeded ``seed`` (MindSpore's map_op.cc seeds worker w's copies of the ops with base seed + w), made
    on first use and kept for the iterator's whole run.

    Examples:
        >>> table = OpStreams(7)
        >>> op = object()
        >>> table(op) is table(op)
        True
    """

    def __init__(self, seed):
        self.seed = int(seed) & 0xFFFFFFFF
        self._by_op = {}

    def __call__(self, op):
        g = self._by_op.get(id(op))
        if g is None:
            g = self._by_op[id(op)] = R.MT19937(self.seed)
        return g


def _is_std(g):
    return isinstance(g, R.MT19937)


def bernoulli(g, p):
    """``std::bernoulli_distribution(p)``: a canonical double below ``p``."""
    return (R.canonical(g) if _is_std(g) else g.random()) < p


def uniform_float(g, a, b):
    """``std::uniform_real_distribution<float>(a, b)``: one 32-bit draw scaled in float32."""
    a, b = np.float32(a), np.float32(b)
    if _is_std(g):
        u = np.float32(g() - g.min) / np.float32(2.0 ** 32)
        if u >= np.float32(1):
            u = np.nextafter(np.float32(1), np.float32(0))
        return float(u * (b - a) + a)
    return float(np.float32(g.uniform(float(a), float(b))))


def uniform_double(g, a, b):
    """``std::uniform_real_distribution<double>(a, b)``."""
    if _is_std(g):
        return R.canonical(g) * (b - a) + a
    return float(g.uniform(a, b))


def uniform_int(g, a, b):
    """``std::uniform_int_distribution(a, b)``: an int in [a, b]."""
    if _is_std(g):
        return R.uniform_int(g, int(a), int(b))
    return int(g.integers(a, b + 1))


def shuffled(g, items):
    """``std::shuffle`` of a copy of ``items``."""
    items = list(items)
    if _is_std(g):
        R.shuffle(items, g)
        return items
    return [items[int(i)] for i in g.permutation(len(items))]
