"""The autograd tape: nodes recorded as ops run, and the backward walk over them.

A node is recorded only while a gradient call is running (``state.grad_depth > 0``) and
only for ops with an input that already has a node, so code that wants no gradient
pays nothing. Output tensors point at their node; a node holds its input tensors
(which hold their nodes) and the raw output arrays. The tape is therefore exactly the
part of the graph that live tensors can still reach: when they die, it dies.

The backward walk visits only nodes from which a requested target can be reached, and
tells each bprop which of its inputs need a gradient, so no gradient that nobody
needs is computed.
"""
from __future__ import annotations

from .._state import state


class Node:
    """One recorded op application.

    ``backward(node, douts, needs)`` returns one gradient (a Tensor, or None for
    'no gradient') per input. ``inputs`` are the input Tensors, ``outs`` the raw
    output arrays, ``attrs`` whatever the op needs.
    """

    __slots__ = ("backward", "inputs", "outs", "attrs", "name", "needs", "__weakref__")

    def __init__(self, backward, inputs, outs, attrs=None, name=""):
        self.backward = backward
        self.inputs = inputs
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
        from .._tensor import Tensor
        return Tensor._make(self.outs[i], self, i)

    def __repr__(self):
        return f"<Node {self.name}>"


def _leaf_backward(node, douts, needs):
    return (douts[0],)


def make_leaf(t, name="leaf"):
    """A new Tensor holding ``t``'s data, recorded as an identity of ``t``.

    Gradient calls mark their inputs this way: the walk stops at the leaf's node, and
    for higher-order gradients the identity links the leaf to ``t``'s own history.
    """
    from .._tensor import Tensor
    parent = t if t._node is not None else None
    node = Node(_leaf_backward, (parent,), (t._data,), None, name)
    return Tensor._make(t._data, node, 0)


def _zeros(data):
    import jax.numpy as jnp
    from .._tensor import Tensor
    return Tensor._make(jnp.zeros(data.shape, data.dtype))


def _add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    from ..ops import functional as F
    return F.add(a, b)


def backward(roots, root_grads, targets, create_graph=False):
    """Gradients of ``roots`` (weighted by ``root_grads``) w.r.t. ``targets``.

    roots: output Tensors; root_grads: Tensors (the sensitivities), same length.
    targets: list of (node, index) pairs. Returns a list of Tensors or None per target
    (None: the target does not reach the roots).
    """
    target_set = set()
    for node, i in targets:
        target_set.add(id(node))
    # 1. Which nodes lie on a path from a root to a target? (iterative DFS, post-order)
    relevant = {}     # id(node) -> bool
    order = []        # post-order of relevant nodes
    nodes = {}
    stack = []
    for r in roots:
        n = r._node
        if n is not None and id(n) not in relevant:
            stack.append((n, False))
    while stack:
        n, expanded = stack.pop()
        key = id(n)
        if expanded:
            rel = key in target_set
            for inp in n.inputs:
                if inp is not None and inp._node is not None and relevant.get(id(inp._node)):
                    rel = True
            relevant[key] = rel
            if rel:
                order.append(n)
            continue
        if key in relevant:
            continue
        relevant[key] = False  # visiting
        nodes[key] = n
        stack.append((n, True))
        if key in target_set:
            continue  # the walk stops at a target
        for inp in n.inputs:
            if inp is not None and inp._node is not None and id(inp._node) not in relevant:
                stack.append((inp._node, False))
    # 2. Walk the relevant nodes from the roots down (reverse post-order).
    grads = {}        # (id(node), idx) -> Tensor
    for r, g in zip(roots, root_grads):
        if r._node is not None and relevant.get(id(r._node)):
            k = (id(r._node), r._idx)
            grads[k] = _add(grads.get(k), g)
    saved_depth = state.grad_depth
    if not create_graph:
        state.grad_depth = 0
    try:
        for n in reversed(order):
            key = id(n)
            if key in target_set:
                continue
            douts = [grads.pop((key, i), None) for i in range(len(n.outs))]
            if all(d is None for d in douts):
                continue
            douts = tuple(_zeros(n.outs[i]) if d is None else d for i, d in enumerate(douts))
            needs = tuple(inp is not None and inp._node is not None and relevant.get(id(inp._node), False)
                          for inp in n.inputs)
            in_grads = n.backward(n, douts, needs)
            for inp, need, g in zip(n.inputs, needs, in_grads):
                if need and g is not None:
                    k = (id(inp._node), inp._idx)
                    grads[k] = _add(grads.get(k), g)
    finally:
        state.grad_depth = saved_depth
    out = []
    for node, i in targets:
        out.append(grads.get((id(node), i)))
    return out
