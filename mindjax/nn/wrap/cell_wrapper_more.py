"""``nn.ForwardValueAndGrad`` and the loss-scale update cells under their ``nn`` names."""
from __future__ import annotations

from types import FunctionType, MethodType

from ...common.parameter import ParameterTuple
from ... import ops
from ..cell import Cell

__all__ = ["ForwardValueAndGrad"]


class ForwardValueAndGrad(Cell):
    """``nn.ForwardValueAndGrad(network, weights=None, get_all=False, get_by_list=False, sens_param=False)``:
    ``construct(*inputs)`` returns ``(loss, grads)``, the gradients as ``ops.GradOperation`` with the
    same flags gives them (with ``sens_param`` the last input is the sensitivity).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> net = ms.nn.Dense(2, 1)
        >>> fg = ms.nn.ForwardValueAndGrad(net, net.trainable_params(), get_by_list=True)
        >>> loss, grads = fg(ms.Tensor(np.ones((3, 2)), ms.float32))
        >>> [g.shape for g in grads]
        [(1, 2), (1,)]
    """

    def __init__(self, network, weights=None, get_all: bool = False, get_by_list: bool = False,
                 sens_param: bool = False):
        super().__init__(auto_prefix=False)
        if not isinstance(network, (Cell, FunctionType, MethodType)):
            raise TypeError(f"For 'ForwardValueAndGrad', the argument 'network' must be cell, function type or "
                            f"method type, but got '{type(network)}'")
        if not isinstance(get_all, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_all' must be bool, but got "
                            f"'{type(get_all)}'")
        if not isinstance(get_by_list, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_by_list' must be bool, but got "
                            f"'{type(get_by_list)}'")
        if get_by_list and not isinstance(weights, (ParameterTuple, tuple, list)):
            raise TypeError(f"For 'ForwardValueAndGrad', when 'get_by_list' is set to True, the argument 'weights' "
                            f"must be Parameters array, but got '{type(weights)}'")
        self.network = network
        if isinstance(network, Cell):
            network.set_grad()
        self.weights, self.get_all, self.get_by_list, self.sens_param = weights, get_all, get_by_list, sens_param
        self.grad = ops.GradOperation(get_all=get_all, get_by_list=get_by_list, sens_param=sens_param)

    def construct(self, *inputs):
        grad_inputs = inputs
        if self.sens_param:
            inputs = inputs[:-1]
        loss = self.network(*inputs)
        if self.get_by_list:
            grads = self.grad(self.network, self.weights)(*grad_inputs)
        else:
            grads = self.grad(self.network)(*grad_inputs)
        return loss, grads
