"""``mindspore.Generator`` and the default random stream's state.

A Generator owns a seed and a JAX PRNG key; every draw splits the key. Its state is a
UInt8 Tensor of 16 bytes, as MindSpore's: the seed (int64, little-endian), then the
current key (two uint32 words; zeros while no draw has been made since seeding). The
default generator is the stream that mindjax's random ops draw from, so
``get_rng_state``/``set_rng_state`` replay their values. The stream itself is JAX's
(threefry), not MindSpore's Philox: seeded sequences are reproducible here but differ
from MindSpore's values.
"""
from __future__ import annotations

import os

import numpy as np

from . import seed as _seed_mod

_STATE_BYTES = 16


def _check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError("Seed must be an integer.")
    seed = int(seed)
    if not -(1 << 63) <= seed < (1 << 64):
        raise ValueError(f"Seed must be in the range of int64 or uint64, but got {seed}.")
    return seed


def _key_for(seed: int):
    import jax
    return jax.random.PRNGKey(seed & 0xFFFFFFFFFFFFFFFF if seed < 0 else seed)


def _encode(seed: int, key) -> "np.ndarray":
    out = np.zeros(_STATE_BYTES, np.uint8)
    out[:8] = np.frombuffer(np.int64(np.uint64(seed & 0xFFFFFFFFFFFFFFFF).astype(np.int64)).tobytes(), np.uint8)
    if key is not None:
        out[8:] = np.frombuffer(np.asarray(key, np.uint32).tobytes(), np.uint8)
    return out


def _decode(state):
    from .._tensor import Tensor
    from .. import _dtype as mstype
    if not isinstance(state, Tensor):
        raise TypeError(f"The state must be a Tensor, but got {type(state).__name__}.")
    if state.dtype != mstype.uint8:
        raise RuntimeError(f"State data type must be UInt8, but got {state.dtype}")
    raw = np.asarray(state.asnumpy()).reshape(-1)
    if raw.size != _STATE_BYTES:
        raise RuntimeError(f"State size must be {_STATE_BYTES}, but got {raw.size}")
    seed = int(np.frombuffer(raw[:8].tobytes(), np.int64)[0])
    words = np.frombuffer(raw[8:].tobytes(), np.uint32)
    key = None if not words.any() else words.copy()
    return seed, key


class Generator:
    """A random stream: ``manual_seed``, ``seed``, ``initial_seed``, ``get_state``, ``set_state``.

    Examples:
        >>> import mindjax as ms
        >>> g = ms.Generator().manual_seed(4)
        >>> g.initial_seed()
        4
        >>> print(g.get_state())
        [4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0]
    """

    def __init__(self) -> None:
        self._seed = 0
        self._key = None

    def manual_seed(self, seed: int) -> "Generator":
        """Seed the stream; returns the generator."""
        self._seed = _check_seed(seed)
        self._key = None
        return self

    def seed(self) -> int:
        """Seed the stream from the operating system's entropy; returns the new seed."""
        s = int.from_bytes(os.urandom(8), "little") >> 1
        self.manual_seed(s)
        return s

    def initial_seed(self) -> int:
        return self._seed

    def get_state(self):
        """The state as a UInt8 Tensor of 16 bytes (seed, then the current key)."""
        from .._tensor import Tensor
        return Tensor(_encode(self._seed, self._key))

    def set_state(self, state) -> "Generator":
        self._seed, key = _decode(state)
        self._key = None if key is None else __import__("jax").numpy.asarray(key)
        return self

    def _next_key(self):
        import jax
        if self._key is None:
            self._key = _key_for(self._seed)
        self._key, sub = jax.random.split(self._key)
        return sub


class _DefaultGenerator(Generator):
    """The stream behind mindjax's random ops: its key is the one ``common.seed`` keeps, so a
    draw by ``ops.rand`` advances it and ``set_state`` replays the draws that follow."""

    @property
    def _key(self):
        return _seed_mod._key

    @_key.setter
    def _key(self, key):
        _seed_mod._key = key

    def manual_seed(self, seed: int) -> "Generator":
        seed = _check_seed(seed)
        self._seed = seed
        self._key = _key_for(seed)
        return self

    def get_state(self):
        _seed_mod._get_key()  # the stream starts lazily: fix its key so the state replays it
        return super().get_state()

    def set_state(self, state) -> "Generator":
        self._seed, key = _decode(state)
        import jax.numpy as jnp
        self._key = _key_for(self._seed) if key is None else jnp.asarray(key)
        return self

    def _next_key(self):
        return _seed_mod.next_key()


default_generator = _DefaultGenerator()


def manual_seed(seed: int) -> None:
    """Seed the default generator, the stream random ops draw from (``get_seed``, the global
    seed of ``set_seed``, is unchanged, as in MindSpore).

    Examples:
        >>> import mindjax as ms
        >>> ms.manual_seed(7); ms.initial_seed()
        7
    """
    default_generator.manual_seed(seed)


def seed() -> int:
    """Seed the default generator from the operating system's entropy; returns the seed."""
    return default_generator.seed()


def initial_seed() -> int:
    """The seed the default generator was last seeded with (0 until seeded)."""
    return default_generator.initial_seed()


def get_rng_state():
    """The default generator's state (a UInt8 Tensor of 16 bytes)."""
    return default_generator.get_state()


def set_rng_state(state) -> None:
    """Restore the default generator's state: the random ops that follow repeat their values.

    Examples:
        >>> import mindjax as ms
        >>> s = ms.get_rng_state(); a = ms.ops.rand(2); ms.set_rng_state(s)
        >>> bool((a == ms.ops.rand(2)).all())
        True
    """
    default_generator.set_state(state)


__all__ = ["Generator", "default_generator", "manual_seed", "seed", "initial_seed", "get_rng_state",
           "set_rng_state"]
