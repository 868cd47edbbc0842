"""``mindspore._Function``: a custom autograd Function (``forward``/``backward`` static methods, ``apply``).

The forward runs without recording; one tape node stands for it, and its backward calls the
user's ``backward(ctx, *grad_outputs)``. The gradients it returns are checked, cast to the
inputs' dtypes and summed down to the inputs' shapes, as MindSpore does. Because the user's
backward is written with mindjax ops, a gradient of it can be taken again (higher order).
"""
from __future__ import annotations

import inspect
from typing import Any

from .._state import state
from .._tensor import Tensor
from .._autograd import tape

__all__ = ['_Function']


def _is_grad_leaf(t: Tensor) -> bool:
    """Whether ``t`` is a tensor a gradient is taken with respect to (an input leaf of a grad call,
    or a Parameter)."""
    node = t._node
    return node is not None and (node.backward is tape._leaf_backward or node.name == "Parameter")


def _needs_grad(a) -> bool:
    # a Tensor needs a gradient when it has a history (a grad call's input or computed from one,
    # inside _no_grad too) or is a Parameter that requires one, as MindSpore's flag reads
    if not isinstance(a, Tensor) or a._node is None:
        return False
    from .parameter import Parameter
    return a.requires_grad if isinstance(a, Parameter) else True


def _reduce_to(grad: Tensor, shape: tuple) -> Tensor:
    """``grad`` summed over the axes along which ``shape`` was broadcast to ``grad.shape``."""
    from ..ops import functional as F
    gshape = tuple(grad.shape)
    lead = len(gshape) - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape) if n == 1 and gshape[lead + i] != 1)
    if axes:
        grad = F.reduce_sum(grad, axes)
    return F.reshape(grad, shape) if tuple(grad.shape) != tuple(shape) else grad


def _broadcastable(shape: tuple, to: tuple) -> bool:
    if len(shape) > len(to):
        return False
    return all(a == b or a == 1 for a, b in zip(reversed(shape), reversed(to)))


def _fit(grad: Tensor, inp: Tensor) -> Tensor:
    """MindSpore's automatic reduction and cast of a custom gradient to its input."""
    from ..ops import functional as F
    shape = tuple(inp.shape)
    if tuple(grad.shape) != shape:
        if not _broadcastable(shape, tuple(grad.shape)):
            raise RuntimeError(f"For grad interface or custom function, grad tensor should be broadcast to expected "
                               f"shape, but got {list(grad.shape)} vs {list(shape)}")
        grad = _reduce_to(grad, shape)
    if grad.dtype != inp.dtype:
        grad = F.cast(grad, inp.dtype)
    return grad


class _Function:
    """A custom autograd Function, written like ``torch.autograd.Function``.

    Subclass it with ``@staticmethod forward(ctx, *args)`` and ``@staticmethod backward(ctx,
    *grad_outputs)`` (one gradient per forward input, None for no gradient) and call
    ``MyFunction.apply(*args)``. In ``forward``, ``ctx.save_for_backward(*tensors)`` keeps tensors
    for ``backward`` (``ctx.saved_tensors``), ``ctx.mark_non_differentiable(*outputs)`` gives
    outputs no gradient, ``ctx.set_materialize_grads(False)`` passes None (not zeros) for outputs
    that got no gradient, ``ctx.mark_dirty(*inputs)`` declares inputs modified in place, and
    ``ctx.needs_input_grad`` tells which inputs need a gradient. Any other attribute set on
    ``ctx`` is kept for ``backward``. Instead of taking ``ctx``, ``forward`` may take only the
    inputs when a ``setup_context(ctx, inputs, output)`` static method is defined.

    Note:
        Only supported in PyNative mode.

    Examples:
        >>> import mindjax as ms
        >>> class Square(ms._Function):
        ...     @staticmethod
        ...     def forward(ctx, x):
        ...         ctx.save_for_backward(x)
        ...         return x * x
        ...     @staticmethod
        ...     def backward(ctx, g):
        ...         x, = ctx.saved_tensors
        ...         return g * 2 * x
        >>> print(ms.grad(Square.apply)(ms.Tensor([1.0, 3.0])))
        [2. 6.]
    """

    _has_setup_context = False

    def __init__(self) -> None:
        self.needs_input_grad = ()
        self._saved = None
        self.non_differentiable = None
        self.dirty_tensors = None
        self._materialize = True

    @staticmethod
    def forward(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        """The forward computation (to be defined by the subclass)."""
        raise NotImplementedError("forward function should be customized.")

    @staticmethod
    def backward(ctx: Any, *grad_outputs: Any) -> Any:
        """The gradients w.r.t. the forward's inputs (to be defined by the subclass)."""
        raise NotImplementedError("backward function should be customized.")

    @staticmethod
    def setup_context(ctx: Any, inputs: tuple, output: Any) -> Any:
        """Save what ``backward`` needs, for a ``forward`` that does not take ``ctx``."""
        raise NotImplementedError("setup_context is not implemented.")

    # ---- ctx ------------------------------------------------------------------------------------
    @property
    def saved_tensors(self) -> tuple:
        """The tensors given to ``save_for_backward`` (outputs among them linked to this Function)."""
        return () if self._saved is None else tuple(self._saved)

    @saved_tensors.setter
    def saved_tensors(self, tensors) -> None:
        self._saved = tuple(tensors)  # checked when the node is recorded, as in MindSpore

    def save_for_backward(self, *tensors: Tensor) -> None:
        """Keep ``tensors`` (Tensors or None) for ``backward``: read them back as ``ctx.saved_tensors``."""
        self.saved_tensors = tensors

    def mark_dirty(self, *args: Tensor) -> None:
        """Declare that ``forward`` modified these inputs in place (they must be returned as outputs)."""
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args: Tensor) -> None:
        """Give these outputs of ``forward`` no gradient."""
        self.non_differentiable = args

    def set_materialize_grads(self, value: bool) -> None:
        """With False, ``backward`` receives None (not zeros) for outputs that got no gradient."""
        self._materialize = bool(value)

    def __setattr__(self, name, value):
        if name == "materialize_grads":
            self._materialize = bool(value)
            return
        object.__setattr__(self, name, value)

    # ---- apply ----------------------------------------------------------------------------------
    @classmethod
    def apply(cls, *args, **kwargs):
        """Run ``forward`` on ``args`` and record one tape node whose gradient is ``backward``."""
        if state.jit_depth:
            raise AttributeError(f"For '{cls.__name__}', a custom autograd Function (_Function) is only supported "
                                 f"in PyNative mode: it cannot be called inside jit or in Graph mode.")
        cls._has_setup_context = cls.setup_context is not _Function.setup_context
        if cls._has_setup_context:
            bound = inspect.signature(cls.forward).bind(*args, **kwargs)
            bound.apply_defaults()
            args, kwargs = bound.args, bound.kwargs
        elif kwargs:
            raise TypeError("apply() takes no keyword arguments")
        ctx = cls()
        ctx.needs_input_grad = tuple(_needs_grad(a) for a in args)
        # taken before forward: an in-place op inside it may change an input's history
        leaves = [a for a in args if isinstance(a, Tensor) and _is_grad_leaf(a)]
        depth, state.grad_depth = state.grad_depth, 0
        try:
            if cls._has_setup_context:
                outputs = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, outputs)
            else:
                outputs = cls.forward(ctx, *args)
        finally:
            state.grad_depth = depth
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        inputs = [a for a in args if isinstance(a, Tensor)]
        if not state.grad_depth or not any(t._node is not None for t in inputs):
            # an input returned as an output comes back as a new Tensor (a view), as in MindSpore
            if any(o is a for o in outs for a in inputs):
                outs = tuple(Tensor._make(o._data) if any(o is a for a in inputs) else o for o in outs)
                return outs[0] if single else outs
            return outputs
        wrapped = _record(cls, ctx, args, inputs, outs, leaves)
        return wrapped[0] if single else wrapped


def _record(cls, ctx: _Function, args: tuple, inputs: list, outs: tuple, leaves: list) -> tuple:
    """Record the tape node of one ``apply`` and return the outputs linked to it."""
    non_diff = ctx.non_differentiable or ()
    for t in non_diff:
        if not isinstance(t, Tensor):
            raise RuntimeError(f"element of non_differentiable should be a tensor, but get a {type(t).__name__}")
    dirty = ctx.dirty_tensors or ()
    for t in dirty:
        if not isinstance(t, Tensor):
            raise RuntimeError(f"element of dirty_tensors should be a tensor, but get a {type(t).__name__}")
        if not any(t is o for o in outs):
            raise RuntimeError("The dirty tensors must all be outputs of the forward function.")
        if any(t is a for a in leaves):
            raise RuntimeError("A leaf tensor that need grad is being used in an inplace operator.")
    ctx.non_differentiable = None
    ctx.dirty_tensors = None
    if ctx._saved and any(t is not None and not isinstance(t, Tensor) for t in ctx._saved):
        raise RuntimeError("Please check your custom function, that save_for_backward() only support None and "
                           "tensor, but got other type!")
    # kind of each forward output: index into the node's outputs, 'nd' (no gradient) or None (not a Tensor)
    kinds, node_outs = [], []
    for o in outs:
        if not isinstance(o, Tensor):
            kinds.append(None)
        elif any(o is t for t in non_diff):
            kinds.append("nd")
        else:
            kinds.append(len(node_outs))
            node_outs.append(o._data)
    if not node_outs:
        return tuple(Tensor._make(o._data) if isinstance(o, Tensor) else o for o in outs)
    is_tensor_input = [isinstance(a, Tensor) for a in args]
    materialize = ctx._materialize
    received = set()      # outputs that got a gradient in the current backward walk (materialize_grads off)

    def backward(node, douts, needs):
        grads = []
        for o, k in zip(outs, kinds):
            if k is None:
                grads.append(None)
            elif k == "nd":
                grads.append(tape._zeros(o._data) if materialize else None)
            else:
                grads.append(douts[k] if materialize or k in received else None)
        received.clear()
        res = cls.backward(ctx, *grads)
        if not isinstance(res, tuple):
            res = (res,)
        if len(res) < len(args):
            raise RuntimeError(f"Function backward return a wrong number of gradients, expect: {len(args)}but: "
                               f"{len(res)}")
        for i, g in enumerate(res):
            if g is None:
                continue
            if not (i < len(args) and is_tensor_input[i]):
                raise RuntimeError(f"Input is not tensor, but gradient is not none, position: {i} type: {type(g)}")
            if not isinstance(g, Tensor):
                raise RuntimeError(f"Gradient should be none or tensor, position: {i} type: {type(g)}")
        return tuple(None if g is None else _fit(g, a)
                     for a, g in zip(args, res[:len(args)]) if isinstance(a, Tensor))

    node = tape.Node(backward, tuple(inputs), tuple(node_outs), None, f"{cls.__name__}.backward")
    linked = [Tensor._make(d, node, k) for k, d in enumerate(node_outs)]
    if not materialize:
        linked = [_tap(t, k, received) for k, t in enumerate(linked)]
    result = []
    for o, k in zip(outs, kinds):
        if k is None:
            result.append(o)
        elif k == "nd":
            result.append(Tensor._make(o._data))
        else:
            result.append(linked[k])
    if ctx._saved:  # saved outputs are read back as the returned outputs, linked to this node
        ctx._saved = tuple(_saved_as(t, outs, kinds, linked) for t in ctx._saved)
    return tuple(result)


def _saved_as(t, outs, kinds, linked):
    for o, k in zip(outs, kinds):
        if t is o and isinstance(k, int):
            return linked[k]
    return t


def _tap(t: Tensor, k: int, received: set) -> Tensor:
    """An identity node after output ``k`` that notes when a gradient reaches it: the walk calls a
    node only when one of its outputs got a gradient, so outputs never noted got none."""
    def backward(node, douts, needs):
        received.add(k)
        return (douts[0],)
    node = tape.Node(backward, (t,), (t._data,), None, "materialize")
    return Tensor._make(t._data, node, 0)
