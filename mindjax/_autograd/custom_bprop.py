"""A Cell's custom ``bprop(*inputs, out, dout)``: the checks on what it returns, and the
compiled form.

PyNative records one tape node whose backward calls the user's ``bprop`` (``Cell._call_with_bprop``).
Inside a compiled program (``jit`` or GRAPH_MODE) a gradient can also be taken of the whole
program at once (``jax.vjp``, a PyNative ``grad`` of a ``@jit`` construct): there the Cell's
call is a ``jax.custom_vjp`` whose backward is the same ``bprop``, so that the compiled
gradient is the user's, as in MindSpore.
"""
from __future__ import annotations

from .._state import state
from .._tensor import Tensor
from .._jit import state as jit_state


def _broadcasts_to(src: tuple, dst: tuple) -> bool:
    """Whether an array of shape ``src`` broadcasts to shape ``dst``."""
    if len(src) > len(dst):
        return False
    return all(s in (1, d) for s, d in zip(src[::-1], dst[::-1]))


def bprop_grads(name, args, res, internal=()):
    """The gradients a custom ``bprop`` returned (``res``), checked against the Cell's inputs
    ``args`` as MindSpore checks them: one per input Tensor (None: no gradient), then one per
    internal Parameter (``internal``)."""
    from .._extends.parse import compile_config
    from ..ops._base import sum_to, cast
    # MindSpore's CHECK_BPROP mode reports these as ValueError; by default, RuntimeError
    bad_bprop = ValueError if compile_config.CHECK_BPROP else RuntimeError
    param_grads = {}
    if internal and isinstance(res, tuple) and len(res) == 2 and isinstance(res[1], dict):
        res, param_grads = res
    if isinstance(res, Tensor):
        res = (res,)
    if not isinstance(res, (tuple, list)):
        raise TypeError(f"For '{name}', the custom bprop must return a tuple of gradients, but got "
                        f"{type(res).__name__}.")
    res = tuple(res)
    if len(res) < len(args):  # as MindSpore, gradients beyond the inputs are dropped
        raise bad_bprop(f"For '{name}', the custom bprop returned {len(res)} gradients, but the Cell has "
                        f"{len(args)} inputs.")
    grads = []
    for i, (a, g) in enumerate(zip(args, res)):
        if not isinstance(a, Tensor):
            continue
        if g is not None:
            if not isinstance(g, Tensor):
                raise TypeError(f"For '{name}', the custom bprop's gradient {i} must be a Tensor, but got "
                                f"{type(g).__name__}.")
            if g.shape != a.shape:
                # as MindSpore: a gradient of the broadcast shape is summed back to the input's
                if not _broadcasts_to(a.shape, g.shape):
                    raise bad_bprop(f"For '{name}', the custom bprop's gradient {i} has shape "
                                    f"{list(g.shape)}, which the input {i} of shape {list(a.shape)} does "
                                    f"not broadcast to.")
                g = sum_to(g, a.shape)
            if g.dtype != a.dtype:
                g = cast(g, a.dtype)  # MindSpore casts the gradient to the input's dtype
        grads.append(g)
    for p in internal:
        g = param_grads.get(p)
        if g is None:
            for k, v in param_grads.items():
                if k is p or (isinstance(k, str) and k == p.name):
                    g = v
        grads.append(g)
    return tuple(grads)


def traced_call(cell, args, kwargs):
    """``cell(*args)`` inside a program being traced, as a ``jax.custom_vjp`` whose backward is
    ``cell.bprop``. The construct is traced once (``jax.closure_convert`` lifts the values it
    reads from outside, the Parameters among them: they get no gradient through the Cell, as in
    MindSpore, unless the bprop returns one for an internal Parameter, which only the PyNative
    tape delivers)."""
    import jax
    import jax.numpy as jnp

    pos = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    if not pos:
        return cell.construct(*args, **kwargs)
    spec = []

    def flat(*arrs):
        a = list(args)
        for i, x in zip(pos, arrs):
            a[i] = Tensor._make(x)
        out = cell.construct(*a, **kwargs)
        leaves = []
        spec[:] = [_structure(out, leaves)]
        return tuple(o._data for o in leaves)

    arrs = tuple(args[i]._data for i in pos)
    try:
        conv, consts = jax.closure_convert(flat, *arrs)
    except _NotTensors:
        return cell.construct(*args, **kwargs)
    n = len(arrs)
    name = type(cell).__name__

    @jax.custom_vjp
    def call(*xs):
        return conv(*xs)

    def fwd(*xs):
        out = conv(*xs)
        return out, (xs[:n], out, xs[n:])

    def bwd(res, cts):
        xs, out, cs = res
        a = list(args)
        for i, x in zip(pos, xs):
            a[i] = Tensor._make(x)
        outs = _rebuild(spec[0], iter([Tensor._make(o) for o in out]))
        douts = _rebuild(spec[0], iter([Tensor._make(c) for c in cts]))
        # the bprop is traced when jax transposes the program: random ops in it draw from their own
        # keys, not from the program's threaded key (a value of the forward trace)
        # keys, not from the program's threaded key (a value of the forward trace); Cells it calls are
        # traced into the same program
        from ..common.seed import _get_key, _set_key
        saved_key = _get_key()
        prev = jit_state.set_rng_source(_local_keys())
        state.jit_depth += 1
        try:
            got = cell.bprop(*a, outs, douts)
        finally:
            state.jit_depth -= 1
            jit_state.set_rng_source(prev)
            _set_key(saved_key)
        grads = bprop_grads(name, tuple(a), got)
        gx = tuple(jnp.zeros_like(x) if g is None else g._data for x, g in zip(xs, grads))
        return gx + tuple(_zero_ct(c) for c in cs)

    call.defvjp(fwd, bwd)
    out = call(*arrs, *consts)
    return _rebuild(spec[0], iter([Tensor._make(o) for o in out]))


def _local_keys():
    import jax
    from ..common.seed import _get_key
    box = [_get_key()]

    def draw():
        box[0], sub = jax.random.split(box[0])
        return sub
    return draw


class _NotTensors(Exception):
    pass


def _structure(out, leaves):
    """The nesting of tuples and lists of Tensors in ``out`` (its Tensors appended to ``leaves``)."""
    if isinstance(out, Tensor):
        leaves.append(out)
        return None
    if isinstance(out, (tuple, list)):
        return type(out), [_structure(o, leaves) for o in out]
    raise _NotTensors()


def _rebuild(spec, it):
    if spec is None:
        return next(it)
    kind, items = spec
    return kind(_rebuild(s, it) for s in items)


def _zero_ct(x):
    import jax.numpy as jnp
    import numpy as np
    from jax import dtypes
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return jnp.zeros_like(x)
    return np.zeros(x.shape, dtype=dtypes.float0)


def custom_vjp(fn=None):
    """``mindspore.ops.function.grad.grad_func.custom_vjp``: ``fn`` with a backward given by
    ``fn.defbwd(bwd)``, ``bwd(*inputs, out, dout)`` returning one gradient per input (a
    Cell with a custom ``bprop``, so PyNative, ``jit`` and GRAPH_MODE all use it)."""
    from ..nn.cell import Cell

    class CustomVjp(Cell):
        def __init__(self, fwd):
            super().__init__()
            self.fwd = fwd
            self.bwd = None

        def construct(self, *args):
            return self.fwd(*args)

        def defbwd(self, bwd):
            self.bwd = bwd

        def bprop(self, *args):
            if self.bwd is None:
                raise RuntimeError(f"For 'custom_vjp', the function '{getattr(self.fwd, '__name__', self.fwd)}' "
                                   f"has no backward: call its 'defbwd' first.")
            return self.bwd(*args)

    def deco(f):
        return CustomVjp(f)
    return deco(fn) if fn is not None else deco
