"""Optimizer base: parameters (or parameter groups), learning rate (a number, a list per
step, a Tensor or a LearningRateSchedule), weight decay and loss scale."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from ... import ops
from ..cell import Cell


class Optimizer(Cell):
    """Base class; subclasses implement ``construct(gradients)``.

    ``optimizer(grads)`` updates every Parameter it holds with the gradient at the same
    position, and returns True.
    """

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        if parameters is None:
            raise ValueError(f"For '{type(self).__name__}', the 'parameters' must not be None.")
        parameters = list(parameters)
        if not parameters:
            raise ValueError(f"For '{type(self).__name__}', the 'parameters' must not be empty.")
        if loss_scale <= 0:
            raise ValueError(f"For '{type(self).__name__}', the 'loss_scale' must be positive, but got {loss_scale}.")
        self.loss_scale = float(loss_scale)
        groups = parameters if isinstance(parameters[0], dict) else [{"params": parameters}]
        params, lrs, wds = [], [], []
        for g in groups:
            ps = list(g["params"])
            for p in ps:
                if not isinstance(p, Parameter):
                    raise TypeError(f"For '{type(self).__name__}', each element of 'parameters' must be a Parameter, "
                                    f"but got {type(p).__name__}.")
            params += ps
            lrs += [g.get("lr", learning_rate)] * len(ps)
            wd = g.get("weight_decay", weight_decay)
            if wd < 0:
                raise ValueError(f"For '{type(self).__name__}', the 'weight_decay' must be >= 0, but got {wd}.")
            wds += [float(wd)] * len(ps)
        self.parameters = ParameterTuple(params)
        self._lrs = lrs
        self._wds = wds
        self.learning_rate = learning_rate
        self.weight_decay = weight_decay
        self.global_step = Parameter(Tensor(0, mstype.int32), name="global_step", requires_grad=False)

    def _lr_at(self, i):
        """The learning rate for parameter i at the current step (a Tensor or a float)."""
        from .._lr import LearningRateSchedule
        lr = self._lrs[i]
        if isinstance(lr, LearningRateSchedule):
            return lr(self.global_step)
        if isinstance(lr, (list, tuple)):
            return ops.gather(Tensor(list(lr), mstype.float32),
                              ops.minimum(self.global_step, len(lr) - 1), 0)
        if isinstance(lr, Tensor) and lr.ndim == 1:
            return ops.gather(lr, ops.minimum(self.global_step, lr.shape[0] - 1), 0)
        return lr

    def get_lr(self):
        return self._lr_at(0)

    def get_lr_parameter(self, param):
        return self._lr_at(list(self.parameters).index(param))

    def _prep_grads(self, grads):
        grads = tuple(grads)
        if len(grads) != len(self.parameters):
            raise ValueError(f"For '{type(self).__name__}', the number of gradients {len(grads)} must equal the "
                             f"number of parameters {len(self.parameters)}.")
        out = []
        for p, g, wd in zip(self.parameters, grads, self._wds):
            if g.shape != p.shape:
                raise ValueError(f"For '{type(self).__name__}', the gradient of '{p.name}' has shape "
                                 f"{list(g.shape)}, but the Parameter has shape {list(p.shape)}.")
            if self.loss_scale != 1.0:
                g = ops.div(g, self.loss_scale)
            if wd:
                g = ops.add(g, ops.mul(p, wd))
            out.append(g)
        return out

    def _step_done(self):
        ops.assign_add(self.global_step, 1)

    def construct(self, gradients):
        raise NotImplementedError
