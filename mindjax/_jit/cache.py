"""The per-function program cache of jit (an LRU bounded by ``cache_size()``) and the input
checks of a Cell whose ``set_inputs`` declared its inputs."""
from __future__ import annotations

import collections
import os

from .._tensor import Tensor


class _LRU(collections.OrderedDict):
    """The compiled programs of one function, least recently used first; at most
    ``cache_size()`` of them are kept."""

    def get(self, key, default=None):
        try:
            self.move_to_end(key)
        except KeyError:
            return default
        return self[key]

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        limit = cache_size()
        while len(self) > limit:
            self.popitem(last=False)
            _evicted(limit)


_evictions = {"n": 0}


def _evicted(limit: int) -> None:
    """A program left an LRU. JAX's Python-level staging caches (traced jaxprs, lowerings,
    compiled executables; up to 2048 entries each) keep what a dropped ``jax.jit`` compiled
    even after the function is gone, ~1.5 MB per program on CPU; after ``limit`` evictions
    they are cleared, so that memory stays bounded by the cache size. The executables of
    live functions stay in their own C++ caches, so calls already compiled stay fast."""
    _evictions["n"] += 1
    if _evictions["n"] < limit:
        return
    _evictions["n"] = 0
    try:
        from jax._src import util as jax_util
        jax_util.clear_all_caches()
    except (ImportError, AttributeError):  # another JAX layout: its caches stay bounded by their own sizes
        pass


def cache_size() -> int:
    """Programs kept per jit function: ``set_context(jit_cache_size=N)``, else the environment
    variable ``MINDJAX_JIT_CACHE_SIZE``, else 64."""
    from .. import context
    n = context._ctx.get("jit_cache_size")
    if n is None:
        n = os.environ.get("MINDJAX_JIT_CACHE_SIZE", 64)
    return max(1, int(n))



def check_declared_inputs(declared, args) -> None:
    """GRAPH_MODE calls of a Cell whose ``set_inputs`` declared its inputs: the same ranks,
    fixed dimensions and dtypes (-1 accepts any size), with MindSpore's errors."""
    for i, (want, got) in enumerate(zip(declared, args), 1):  # MindSpore counts inputs from 1
        if isinstance(want, (tuple, list)) and isinstance(got, (tuple, list)):
            check_declared_inputs(want, got)
            continue
        if not isinstance(want, Tensor) or not isinstance(got, Tensor):
            continue
        if want.dtype != got.dtype:
            raise TypeError(f"For set_inputs or tuple(list) in set_inputs, the {i}th type should be "
                            f"Tensor[{want.dtype}], but got Tensor[{got.dtype}]!")
        if want.shape == (-2,):
            continue  # unknown rank: any shape
        if len(want.shape) != len(got.shape):
            raise ValueError(f"For set_inputs and tuple(list) in set_inputs, the dims of {i}th input must be the "
                             f"same as expected, but got expected: {len(want.shape)}, and input: {len(got.shape)}!")
        for w, g in zip(want.shape, got.shape):
            if w != -1 and w != g:
                raise ValueError(f"For set_inputs and tuple(list) in set_inputs, the shape of {i}th input must be "
                                 f"the same as expected, but got expected: {w}, and input: {g}!")
