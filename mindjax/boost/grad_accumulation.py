"""``mindspore.boost.grad_accumulation``: accumulate the gradients of several steps, then apply
them with the optimizer once.

Each step adds ``grad / max_accumulation_step`` to an accumulator Parameter per weight (so the
applied gradient is the mean over the accumulated steps); on the ``max_accumulation_step``-th step
the optimizer runs on the accumulators, the step counter returns to 0 and the accumulators are
cleared.
"""
from __future__ import annotations

from .. import _dtype as mstype
from .._jit.control import if_
from .._tensor import Tensor
from ..common.parameter import Parameter
from ..nn.cell import Cell
from ..ops import functional as F
from ..ops import operations as P
from ..ops.composite import HyperMap, MultitypeFuncGraph

__all__ = ["GradientAccumulation", "gradient_accumulation_op", "gradient_clear_op"]

gradient_accumulation_op = MultitypeFuncGraph("gradient_accumulation_op")


@gradient_accumulation_op.register("Int64", "Tensor", "Tensor")
def _accumulate(accumulation_step, cumulative_grad, grad):
    """cumulative_grad += grad / accumulation_step (in place)."""
    P.AssignAdd()(cumulative_grad, grad / accumulation_step)
    return cumulative_grad


gradient_clear_op = MultitypeFuncGraph("gradient_clear_op")


@gradient_clear_op.register("Tensor")
def _clear(cumulative_grad):
    """cumulative_grad = 0 (in place)."""
    return F.assign(cumulative_grad, P.ZerosLike()(cumulative_grad))


class GradientAccumulation(Cell):
    """Accumulates ``grads`` over ``max_accumulation_step`` calls and then runs ``optimizer`` on
    their mean.

    Args:
        max_accumulation_step (int): the number of steps whose gradients are accumulated.
        optimizer (Cell): the optimizer that applies the accumulated gradients.

    Inputs:
        ``loss`` (Tensor) and ``grads`` (tuple of Tensors, one per optimizer parameter).

    Outputs:
        ``loss``, unchanged.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax import nn, boost
        >>> net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> opt = nn.SGD(net.trainable_params(), 1.0)
        >>> acc = boost.GradientAccumulation(2, opt)
        >>> g = (ms.Tensor(np.ones((1, 2), np.float32)), ms.Tensor(np.ones(1, np.float32)))
        >>> _ = acc(ms.Tensor(0.0), g)   # accumulated, not applied
        >>> print(net.weight.asnumpy())
        [[1. 1.]]
        >>> _ = acc(ms.Tensor(0.0), g)   # second step: the mean gradient is applied
        >>> print(net.weight.asnumpy())
        [[0. 0.]]
    """

    def __init__(self, max_accumulation_step: int, optimizer: Cell) -> None:
        super().__init__()
        if isinstance(max_accumulation_step, bool) or not isinstance(max_accumulation_step, int) \
                or max_accumulation_step <= 0:
            raise ValueError(f"For 'GradientAccumulation', the 'max_accumulation_step' must be a positive int, "
                             f"but got {max_accumulation_step!r}.")
        self._max_accumulation_step = max_accumulation_step
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.hyper_map = HyperMap()
        self._grad_accumulation = self.weights.clone(prefix="grad_accumulation", init="zeros")
        self._accumulation_step = Parameter(Tensor(0, dtype=mstype.int32), name="accumulation_step")

    def construct(self, loss, grads):
        # mean of the step gradients: each step adds grad / max_accumulation_step to its accumulator
        added = self.hyper_map(F.partial(gradient_accumulation_op, self._max_accumulation_step),
                               self._grad_accumulation, grads)
        loss = F.depend(loss, added)
        self._accumulation_step += 1

        def apply(loss):  # the window is full: apply, then start the next window from zero
            loss = F.depend(loss, self.optimizer(self._grad_accumulation))
            loss = F.depend(loss, self.hyper_map(gradient_clear_op, self._grad_accumulation))
            F.assign(self._accumulation_step, 0)
            return (loss,)

        # a Tensor condition: Python ``if`` in PyNative, a compiled branch under jit/GRAPH_MODE
        (loss,) = if_(self._accumulation_step >= self._max_accumulation_step, apply, lambda loss: (loss,), (loss,))
        return loss
