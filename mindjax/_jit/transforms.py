"""``ops.vmap``, ``ops.jacrev`` and ``ops.jacfwd``: jax's transforms over mindjax code.

The function (or Cell) runs on jax tracers wrapped as Tensors, like a jit trace: the
tape is off (the transform differentiates the jax program itself), nested jit calls
are inlined, and random ops draw from the global stream. Tensors in the arguments
become arrays and the results become Tensors again.
"""
from __future__ import annotations

import functools

import jax

from .._state import state
from .._tensor import Tensor
from . import state as jit_state


def _to_arrays(tree):
    return jax.tree_util.tree_map(lambda t: t._data if isinstance(t, Tensor) else t, tree,
                                  is_leaf=lambda t: isinstance(t, Tensor))


def _to_tensors(tree):
    return jax.tree_util.tree_map(lambda a: Tensor._make(a) if isinstance(a, (jax.Array, jax.core.Tracer)) else a,
                                  tree)


def _traced_call(fn, args):
    """Call ``fn`` on Tensors wrapping (traced) arrays, as a jit trace would."""
    state.jit_depth += 1
    depth, state.grad_depth = state.grad_depth, 0
    prev_rng = jit_state.set_rng_source(_fresh_key)
    try:
        return _to_arrays(fn(*_to_tensors(args)))
    finally:
        state.jit_depth -= 1
        state.grad_depth = depth
        jit_state.set_rng_source(prev_rng)


def _fresh_key():
    """A key from the global stream, drawn eagerly (it is a constant of the transformed program)."""
    from ..common.seed import next_key
    prev = jit_state.set_rng_source(None)
    try:
        return next_key()
    finally:
        jit_state.set_rng_source(prev)


def _check_fn(name, fn):
    if not callable(fn):
        raise TypeError(f"For '{name}', the 'fn' must be a function or a Cell, but got {type(fn).__name__}.")


def vmap(fn, in_axes=0, out_axes=0):
    """``mindspore.ops.vmap``: map ``fn`` over an axis of its inputs.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> f = ms.ops.vmap(lambda x, y: x * y, in_axes=(0, None))
        >>> print(f(ms.Tensor(np.ones((3, 2), np.float32)), ms.Tensor([1.0, 2.0])))
        [[1. 2.]
         [1. 2.]
         [1. 2.]]
    """
    _check_fn("vmap", fn)
    in_axes = tuple(in_axes) if isinstance(in_axes, list) else in_axes
    out_axes = tuple(out_axes) if isinstance(out_axes, list) else out_axes

    def pure(*arrays):
        return _traced_call(fn, arrays)

    mapped = jax.vmap(pure, in_axes=in_axes, out_axes=out_axes)

    @functools.wraps(fn if not hasattr(fn, "construct") else fn.construct)
    def wrapper(*args):
        return _to_tensors(mapped(*_to_arrays(args)))
    return wrapper


def _positions(name, grad_position, n):
    pos = grad_position if isinstance(grad_position, tuple) else (grad_position,)
    for p in pos:
        if not isinstance(p, int) or isinstance(p, bool) or not -n <= p < n:
            raise ValueError(f"For '{name}', the 'grad_position' must be an int or a tuple of ints in "
                             f"[{-n}, {n}), but got {grad_position!r}.")
    return tuple(p % n for p in pos)


def _jac(name, jax_jac, fn, grad_position, has_aux):
    _check_fn(name, fn)

    def wrapper(*args):
        pos = _positions(name, grad_position, len(args))
        arrays = _to_arrays(args)

        def pure(*diff):
            full = list(arrays)
            for p, d in zip(pos, diff):
                full[p] = d
            out = _traced_call(fn, tuple(full))
            if has_aux:
                if not isinstance(out, tuple) or len(out) < 2:
                    raise TypeError(f"For '{name}', with has_aux=True the 'fn' must return a tuple of at least "
                                    f"two outputs.")
                aux = out[1] if len(out) == 2 else tuple(out[1:])
                return out[0], aux
            return out

        argnums = tuple(range(len(pos))) if isinstance(grad_position, tuple) else 0
        res = jax_jac(pure, argnums=argnums, has_aux=has_aux)(*(arrays[p] for p in pos))
        jac, aux = res if has_aux else (res, None)
        jac = _to_tensors(jac)
        if has_aux:
            return jac, _to_tensors(jax.lax.stop_gradient(aux))
        return jac
    return wrapper


def jacrev(fn, grad_position=0, has_aux=False):
    """``mindspore.ops.jacrev``: the Jacobian of ``fn`` by reverse-mode autodiff.

    Examples:
        >>> import mindjax as ms
        >>> j = ms.ops.jacrev(lambda x: x * x)(ms.Tensor([1.0, 2.0]))
        >>> print(j)
        [[2. 0.]
         [0. 4.]]
    """
    return _jac("jacrev", jax.jacrev, fn, grad_position, has_aux)


def jacfwd(fn, grad_position=0, has_aux=False):
    """``mindspore.ops.jacfwd``: the Jacobian of ``fn`` by forward-mode autodiff.

    Examples:
        >>> import mindjax as ms
        >>> j = ms.ops.jacfwd(lambda x: x * x)(ms.Tensor([1.0, 2.0]))
        >>> print(j)
        [[2. 0.]
         [0. 4.]]
    """
    return _jac("jacfwd", jax.jacfwd, fn, grad_position, has_aux)
