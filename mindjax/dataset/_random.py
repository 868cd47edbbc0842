"""Random streams of the pipeline.

Each iterator draws a base seed (the configured seed, or fresh entropy when none is set); every
random node of the tree derives its own generator from (base seed, node position, pass number),
so a run is reproducible under ``config.set_seed`` whatever the thread timing. Random
transforms read the generator installed for the current thread by the map node that runs them,
falling back to a process-wide one when called eagerly.
"""
import threading

import numpy as np

_local = threading.local()
_global = {"rng": np.random.default_rng()}


def _reseed_global(seed):
    _global["rng"] = np.random.default_rng(seed)


def new_base_seed():
    from . import config
    s = config._seed_or_none()
    if s is not None:
        return int(s)
    return int(np.random.SeedSequence().entropy % (2 ** 63))


def make_rng(base_seed, *keys):
    return np.random.default_rng([int(base_seed) & 0xFFFFFFFFFFFFFFFF] + [int(k) for k in keys])


def current():
    """The generator random transforms should use on this thread."""
    rng = getattr(_local, "rng", None)
    return rng if rng is not None else _global["rng"]


class use:
    """Context manager installing ``rng`` for random transforms on this thread."""

    def __init__(self, rng):
        self.rng = rng

    def __enter__(self):
        self.prev = getattr(_local, "rng", None)
        _local.rng = self.rng
        return self.rng

    def __exit__(self, *exc):
        _local.rng = self.prev
        return False
