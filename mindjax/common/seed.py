"""The global seed and the random stream that initializers and random ops draw from.

``set_seed(n)`` resets both the numpy generator used by initializers and the jax PRNG
key used by random ops, so a program seeded the same way gives the same values.
"""
from __future__ import annotations

import numpy as np

_seed = None
_np_rng = np.random.default_rng()
_key = None
_counter = 0


def set_seed(seed: int) -> None:
    """``mindspore.set_seed``: make initializers and random ops reproducible.

    Examples:
        >>> import mindjax as ms
        >>> ms.set_seed(1)
        >>> a = ms.ops.standard_normal((2,)); ms.set_seed(1)
        >>> bool((a == ms.ops.standard_normal((2,))).all())
        True
    """
    global _seed, _np_rng, _key, _counter
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"For 'set_seed', the 'seed' must be a non-negative int, but got {seed!r}.")
    _seed = seed
    _np_rng = np.random.default_rng(seed)
    _key = None
    _counter = 0
    try:
        from ..dataset import config as _dsconfig
        _dsconfig.set_seed(seed)
    except ImportError:
        pass


def get_seed():
    return _seed


def np_rng() -> np.random.Generator:
    return _np_rng


def next_key():
    """A fresh jax PRNG key (a new one every call; reproducible after ``set_seed``)."""
    import jax
    global _key, _counter
    from .._jit import state as jit_state
    traced = jit_state.rng_key_in_trace()
    if traced is not None:
        return traced()
    if _key is None:
        _key = jax.random.PRNGKey(_seed if _seed is not None else int(np.random.SeedSequence().entropy % (2 ** 31)))
    _key, sub = jax.random.split(_key)
    return sub


def _get_key():
    global _key
    import jax
    if _key is None:
        _key = jax.random.PRNGKey(_seed if _seed is not None else int(np.random.SeedSequence().entropy % (2 ** 31)))
    return _key


def _set_key(k):
    global _key
    _key = k
