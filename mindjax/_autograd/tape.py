"""The autograd tape: nodes recorded as ops run, and the backward walk over them.

A node is recorded only while a gradient call is running (``state.grad_depth > 0``) and
only for ops with an input that already has a node, so code that wants no gradient
pays nothing. Output tensors point at their node; a node holds its input tensors
(which hold their nodes) and the raw output arrays, or, where its bprop reads only their
shapes, stand-ins without values (``saved.py``). The tape is therefore exactly the part of
the graph that live tensors can still reach: when they die, it dies; and a gradient call
releases each node as its walk passes it.

The backward walk visits only nodes from which a requested target can be reached, and
tells each bprop which of its inputs need a gradient, so no gradient that nobody
needs is computed.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from .._state import state
from .._tensor import Tensor


class Node:
    """One recorded op application.

    ``backward(node, douts, needs)`` returns one gradient (a Tensor, or None for
    'no gradient') per input. ``inputs`` are the input Tensors, ``outs`` the raw
    output arrays, ``attrs`` whatever the op needs.
    """

    __slots__ = ("backward", "inputs", "outs", "attrs", "name", "needs", "__weakref__")

    def __init__(self, backward, inputs, outs, attrs=None, name=""):
        self.backward = backward
        # the inputs as they are now: an in-place write (x[i] += v, x.add_(1)) later gives the
        # same Tensor object a new history, which must not change what this op read
        self.inputs = tuple(t if t is None or (type(t) is not Tensor or t._node is None) and not _graph_param(t)
                            else Tensor._make(t._raw, t._node, t._idx) for t in inputs)
        self.outs = outs
        self.attrs = attrs
        self.name = name
        self.needs = None

    @property
    def out(self):
        """The single output as a Tensor (see ``out_tensor``)."""
        return self.out_tensor(0)

    def out_tensor(self, i: int):
        """The i-th output as a Tensor linked to this node (for bprops that use ``out``)."""
        return Tensor._make(self.outs[i], self, i)

    def __repr__(self):
        return f"<Node {self.name}>"


def _graph_param(t) -> bool:
    """A Parameter read in compiled code: graph mode differentiates the value read there, not
    the one a later ``ops.assign`` leaves (PyNative reads the Parameter when the bprop runs, as
    MindSpore's PyNative does)."""
    return isinstance(t, Tensor) and type(t).__name__ == "Parameter" and isinstance(t._raw, jax.core.Tracer)


def _leaf_backward(node, douts, needs):
    return (douts[0],)


def make_leaf(t, name="leaf"):
    """A new Tensor holding ``t``'s data, recorded as an identity of ``t``.

    Gradient calls mark their inputs this way: the walk stops at the leaf's node, and
    for higher-order gradients the identity links the leaf to ``t``'s own history.
    """
    parent = t if t._node is not None else None
    d = t._raw if type(t) is Tensor else t._data  # (a captured value stays a placeholder)
    node = Node(_leaf_backward, (parent,), (d,), None, name)
    return Tensor._make(d, node, 0)


_F = None


def _functional():
    global _F
    if _F is None:
        from ..ops import functional
        _F = functional
    return _F


class _Released(tuple):
    """A released node's ``outs``: any later use is a bug in mindjax, said plainly."""

    def __getitem__(self, i):
        raise RuntimeError("mindjax: this gradient tape was already walked and released (a node's saved "
                           "values were freed after its bprop ran)")


_RELEASED = _Released()

_CONSTS = {}      # (shape, dtype, value) -> a concrete array: ones/zeros made once, reused (arrays are immutable)


def const_array(shape, dtype, value):
    """A concrete array of ``value`` (0 or 1) in ``shape``/``dtype``; small ones are cached.

    Never cached while a trace runs: there ``jnp.full`` makes a tracer.
    """
    if state.jit_depth:
        return jnp.full(shape, value, dtype)
    key = (shape, dtype, value)
    arr = _CONSTS.get(key)
    if arr is None:
        arr = jnp.full(shape, value, dtype)
        if arr.size <= 65536 and len(_CONSTS) < 1024 and not isinstance(arr, jax.core.Tracer):
            _CONSTS[key] = arr
    return arr


def _zeros(data):
    return Tensor._make(const_array(data.shape, data.dtype, 0))


def _add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return _functional().add(a, b)


def backward(roots, root_grads, targets, create_graph=False, release=False):
    """Gradients of ``roots`` (weighted by ``root_grads``) w.r.t. ``targets``.

    release: the tape is walked once (each gradient call records its own, running the function
    again): a node drops what it saved (its inputs and outputs) as soon as its bprop has run, so
    the forward's activations are freed while the walk goes down, not when the loss Tensor dies
    (a training loop holding ``loss`` kept the whole previous step's graph alive during the next
    forward). Never with ``create_graph``: a higher-order gradient walks the bprops' own tape.

    roots: output Tensors; root_grads: Tensors (the sensitivities), same length.
    targets: list of (node, index) pairs. Returns a list of Tensors or None per target
    (None: the target does not reach the roots).

    Nodes are dict keys by identity. Phase 1 finds, by an iterative DFS, the nodes on
    a path from a root to a target (post-order); phase 2 walks them from the roots
    down, passing each bprop the flags of the inputs that need a gradient, and keeps
    one list of output gradients per node.
    """
    target_set = {node for node, _ in targets}
    # 1. Which nodes lie on a path from a root to a target? (iterative DFS, post-order)
    relevant = {}     # node -> bool (False while visiting)
    order = []        # post-order of relevant nodes
    stack = [(r._node, False) for r in roots if r._node is not None]
    pop, push = stack.pop, stack.append
    while stack:
        n, expanded = pop()
        if expanded:
            if n in target_set:
                rel = True
            else:
                rel = False
                for inp in n.inputs:
                    if inp is not None and relevant.get(inp._node):
                        rel = True
                        break
            relevant[n] = rel
            if rel:
                order.append(n)
            continue
        if n in relevant:
            continue
        relevant[n] = False  # visiting
        push((n, True))
        if n in target_set:
            continue  # the walk stops at a target
        for inp in n.inputs:
            if inp is not None:
                m = inp._node
                if m is not None and m not in relevant:
                    push((m, False))
    if not order:
        return [None] * len(targets)
    # 2. Walk the relevant nodes from the roots down (reverse post-order).
    grads = {}        # node -> [gradient or None per output]

    def accumulate(node, i, g):
        lst = grads.get(node)
        if lst is None:
            lst = grads[node] = [None] * len(node.outs)
        old = lst[i]
        lst[i] = g if old is None else _add(old, g)

    for r, g in zip(roots, root_grads):
        if r._node is not None and relevant.get(r._node):
            accumulate(r._node, r._idx, g)
    saved_depth = state.grad_depth
    if not create_graph:
        state.grad_depth = 0
    try:
        for n in reversed(order):
            if n in target_set:
                continue
            douts = grads.pop(n, None)
            if douts is None:
                continue
            for i, d in enumerate(douts):  # (not `None in douts`: that would call Tensor.__eq__)
                if d is None:
                    douts[i] = _zeros(n.outs[i])
            inputs = n.inputs
            needs = tuple([inp is not None and relevant.get(inp._node, False) for inp in inputs])
            in_grads = n.backward(n, tuple(douts), needs)
            for inp, need, g in zip(inputs, needs, in_grads):
                if need and g is not None:
                    m = inp._node
                    lst = grads.get(m)
                    if lst is None:
                        lst = grads[m] = [None] * len(m.outs)
                    i = inp._idx
                    old = lst[i]
                    lst[i] = g if old is None else _add(old, g)
            if release:
                n.inputs, n.outs, n.attrs = (), _RELEASED, None
                del inputs, in_grads, douts
    finally:
        state.grad_depth = saved_depth
    out = []
    for node, i in targets:
        lst = grads.get(node)
        out.append(None if lst is None else lst[i])
    return out
