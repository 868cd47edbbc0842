"""Recomputation: keep a block's inputs, not its intermediate activations, and run the block
again in the backward pass (``mindspore.recompute``, ``Cell.recompute()``).

The forward runs without recording; one tape node stands for the whole block. Its backward
runs the block again, this time recorded, from fresh leaves holding the same inputs, and
walks that small tape back to the inputs and the block's Parameters. The random keys the
forward drew are recorded and replayed, so a dropout inside draws the same mask twice.
"""
from __future__ import annotations

from .._state import state
from .._tensor import Tensor
from .._jit import state as jit_state
from . import tape


def _tensors(out) -> list:
    if isinstance(out, Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in _tensors(o)]
    return []


def _rewrap(out, it):
    """``out`` with each Tensor replaced by the next one from ``it`` (same nesting)."""
    if isinstance(out, Tensor):
        return next(it)
    if isinstance(out, tuple):
        return tuple(_rewrap(o, it) for o in out)
    if isinstance(out, list):
        return [_rewrap(o, it) for o in out]
    return out


def _recording_source(keys: list):
    prev = jit_state.rng_key_in_trace()

    def draw():
        if prev is not None:
            k = prev()
        else:
            from ..common.seed import next_key
            jit_state.set_rng_source(None)
            try:
                k = next_key()
            finally:
                jit_state.set_rng_source(draw)
        keys.append(k)
        return k
    return draw


def recompute_call(fn, args: tuple, kwargs: dict, params, name: str):
    """``fn(*args, **kwargs)`` whose activations are recomputed in the backward pass."""
    if not state.grad_depth:
        return fn(*args, **kwargs)
    keys: list = []
    prev_source = jit_state.set_rng_source(_recording_source(keys))
    depth, state.grad_depth = state.grad_depth, 0
    try:
        out = fn(*args, **kwargs)
    finally:
        state.grad_depth = depth
        jit_state.set_rng_source(prev_source)
    tensors = [a for a in args if isinstance(a, Tensor)]
    params = [p for p in params if getattr(p, "requires_grad", True)]
    node_inputs = tuple(tensors) + tuple(params)
    out_tensors = _tensors(out)
    if not out_tensors or not any(t._node is not None for t in node_inputs):
        return out

    def backward(node, douts, needs):
        leaves = [tape.make_leaf(Tensor._make(t._data), "recompute") for t in tensors]
        it = iter(leaves)
        new_args = tuple(next(it) if isinstance(a, Tensor) else a for a in args)
        replay = iter(keys)
        prev = jit_state.set_rng_source(lambda: next(replay))
        state.grad_depth += 1
        try:
            again = _tensors(fn(*new_args, **kwargs))
        finally:
            state.grad_depth -= 1
            jit_state.set_rng_source(prev)
        targets = [(leaf._node, 0) for leaf in leaves] + [(p._leaf_node(), 0) for p in params]
        return tuple(tape.backward(again, list(douts), targets, create_graph=state.grad_depth > 0))

    node = tape.Node(backward, node_inputs, tuple(t._data for t in out_tensors), None, f"{name}.recompute")
    fresh = iter(Tensor._make(t._data, node, i) for i, t in enumerate(out_tensors))
    return _rewrap(out, fresh)


def recompute(block, *args, use_reentrant: bool = True, output_recompute: bool = False, **kwargs):
    """``mindspore.recompute``: run ``block`` (a Cell) on the inputs, keeping only its inputs for
    the backward pass and computing its activations again there. Gradients are unchanged.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> net = ms.nn.Dense(2, 2)
        >>> x = ms.Tensor(np.ones((1, 2), np.float32))
        >>> f = lambda x: ms.recompute(net, x).sum()
        >>> g1 = ms.grad(f)(x); g2 = ms.grad(lambda x: net(x).sum())(x)
        >>> bool((g1 == g2).all())
        True
    """
    from ..nn.cell import Cell
    if not isinstance(block, Cell):
        raise TypeError(f"For 'recompute', the 'block' must be a Cell, but got {type(block).__name__}.")
    return recompute_call(block, args, kwargs, block.trainable_params(), type(block).__name__)
