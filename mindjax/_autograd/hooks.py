"""Gradient hooks: HookBackward, Tensor.register_hook and the nodes that let a Cell's
backward pre-hooks and backward hooks see (and replace) its gradients."""
from __future__ import annotations

import itertools
import weakref

from .._state import state
from .._tensor import Tensor
from .tape import Node
from .._jit.hooks import call_hook


class RemovableHandle:
    """Returned by every ``register_*hook``: ``remove()`` removes exactly that hook.

    Also a context manager: the hook is removed when the ``with`` block ends.
    """

    _ids = itertools.count()

    def __init__(self, hooks: dict, on_change=None):
        self.id = next(RemovableHandle._ids)
        self._hooks = weakref.ref(hooks) if hasattr(hooks, "__weakref__") else (lambda: hooks)
        self._on_change = on_change

    def remove(self) -> None:
        hooks = self._hooks()
        if hooks is not None and self.id in hooks:
            del hooks[self.id]
            if self._on_change is not None:
                self._on_change()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
        return False


def _check_grads(name, new, old):
    """A hook's replacement gradients: a tuple matching ``old`` in count and shapes."""
    if isinstance(new, Tensor):
        new = (new,)
    if not isinstance(new, (tuple, list)):
        raise TypeError(f"For '{name}', the hook must return None or a tuple of Tensors, but got "
                        f"{type(new).__name__}.")
    new = tuple(new)
    if len(new) != len(old):
        raise TypeError(f"For '{name}', the hook returned {len(new)} gradients, but {len(old)} were expected.")
    for i, (n, o) in enumerate(zip(new, old)):
        if n is None:
            continue
        if not isinstance(n, Tensor):
            raise TypeError(f"For '{name}', gradient {i} returned by the hook must be a Tensor, but got "
                            f"{type(n).__name__}.")
        if o is not None and n.shape != o.shape:
            raise ValueError(f"For '{name}', gradient {i} returned by the hook has shape {list(n.shape)}, but the "
                             f"gradient it replaces has shape {list(o.shape)}.")
    return new


def hook_backward(fn, inputs, name="HookBackward"):
    """Identity on ``inputs``; in backward ``fn(grads_tuple)`` sees and may replace them."""
    if not state.grad_depth or not any(isinstance(t, Tensor) and t._node is not None for t in inputs):
        return tuple(inputs)

    def backward(node, douts, needs):
        r = call_hook(fn, tuple(douts))
        if r is None:
            return douts
        return _check_grads(name, r, douts)

    node = Node(backward, tuple(inputs), tuple(t._data for t in inputs), None, name)
    return tuple(Tensor._make(t._data, node, i) for i, t in enumerate(inputs))


def register_tensor_hook(t: Tensor, hook):
    """``Tensor.register_hook``: ``hook(grad)`` runs once, on the whole gradient of ``t``
    (summed over all its uses), when that gradient is computed; a non-None return
    replaces it. Hooks run in registration order, each on the previous one's result.

    A tensor computed while a gradient is being recorded (an intermediate) gets a hook
    node spliced in place: ``t`` itself is re-pointed at it, so every later use of ``t``
    goes through it. For gradient targets (the inputs of ``grad`` and Parameters) the
    gradient call applies the hooks to the final gradient (``run_tensor_hooks``).
    """
    if not callable(hook):
        raise TypeError(f"For 'Tensor.register_hook', the 'hook' must be callable, but got {type(hook).__name__}.")
    d = t.__dict__
    hooks = d.get("_grad_hooks")
    if hooks is None:
        hooks = d["_grad_hooks"] = {}
    handle = RemovableHandle(hooks)
    hooks[handle.id] = hook
    if state.grad_depth and t._node is not None and d.get("_hook_node") is None and \
            t._node.name != "Parameter" and not t._node.name.startswith("input"):
        _splice_hook_node(t, hooks)
    return handle


def run_tensor_hooks(t, grad):
    """The hooks registered on ``t`` applied to its (final) gradient ``grad``."""
    hooks = t.__dict__.get("_grad_hooks") if t is not None else None
    if not hooks or grad is None:
        return grad
    for h in list(hooks.values()):
        r = call_hook(h, grad)
        if r is not None:
            if not isinstance(r, Tensor):
                raise RuntimeError(f"Tensor hook should be return Tensor, but get type: {type(r).__name__}.")
            if r.shape != grad.shape:
                raise ValueError(f"For 'Tensor.register_hook', the hook returned a gradient of shape "
                                 f"{list(r.shape)}, but the tensor has shape {list(grad.shape)}.")
            grad = r
    return grad


def _splice_hook_node(t, hooks):
    shadow = Tensor._make(t._data, t._node, t._idx)

    def backward(node, douts, needs):
        return (run_tensor_hooks(t_ref, douts[0]),)

    t_ref = _HookOwner(hooks)
    node = Node(backward, (shadow,), (t._data,), None, "Tensor.register_hook")
    t._node = node
    t._idx = 0
    t.__dict__["_hook_node"] = node


class _HookOwner:
    """Holds a tensor's hook table for its spliced node without keeping the tensor alive."""
    __slots__ = ("__dict__",)

    def __init__(self, hooks):
        self.__dict__["_grad_hooks"] = hooks


class CellGradState:
    """What one call of a Cell with backward hooks remembers between its two nodes."""
    __slots__ = ("grad_output",)

    def __init__(self):
        self.grad_output = None


def wrap_cell_outputs(cell, outputs, gstate):
    """The node after a Cell's construct: backward pre-hooks see (and may replace) the
    gradients w.r.t. the Cell's outputs."""
    outs = outputs if isinstance(outputs, tuple) else (outputs,)
    if not any(isinstance(o, Tensor) and o._node is not None for o in outs):
        return outputs
    tensors = tuple(o for o in outs if isinstance(o, Tensor))

    def backward(node, douts, needs):
        douts = tuple(douts)
        for h in list(cell._backward_pre_hooks.values()):
            r = call_hook(h, cell, douts)
            if r is not None:
                douts = _check_grads(f"{type(cell).__name__}.register_backward_pre_hook", r, douts)
        gstate.grad_output = douts
        return douts

    node = Node(backward, tensors, tuple(t._data for t in tensors), None, f"{type(cell).__name__}.backward_pre_hook")
    it = iter(range(len(tensors)))
    wrapped = tuple(Tensor._make(o._data, node, next(it)) if isinstance(o, Tensor) else o for o in outs)
    return wrapped if isinstance(outputs, tuple) else wrapped[0]


def wrap_cell_inputs(cell, inputs, gstate):
    """The node before a Cell's construct: backward hooks get (cell, grad_input,
    grad_output) and may replace grad_input."""
    tensors = [x for x in inputs if isinstance(x, Tensor)]
    if not any(t._node is not None for t in tensors):
        return inputs

    def backward(node, douts, needs):
        douts = tuple(douts)
        for h in list(cell._backward_hooks.values()):
            r = call_hook(h, cell, douts, gstate.grad_output if gstate.grad_output is not None else ())
            if r is not None:
                douts = _check_grads(f"{type(cell).__name__}.register_backward_hook", r, douts)
        return douts

    node = Node(backward, tuple(tensors), tuple(t._data for t in tensors), None, f"{type(cell).__name__}.backward_hook")
    it = iter(range(len(tensors)))
    return tuple(Tensor._make(x._data, node, next(it)) if isinstance(x, Tensor) else x for x in inputs)
