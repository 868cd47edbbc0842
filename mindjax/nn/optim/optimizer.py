"""Optimizer base: parameters (or parameter groups), learning rate (a number, a list per
step, a Tensor or a LearningRateSchedule), weight decay and loss scale."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from ... import ops
from ..._state import state
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
        self._wds = wds
        self.weight_decay = weight_decay
        self.global_step = Parameter(Tensor([0], mstype.int32), name="global_step", requires_grad=False)
        # as in MindSpore, a fixed or per-step learning rate is a Parameter (saved in checkpoints)
        self.learning_rate = self._lr_param(learning_rate, "learning_rate")
        self._lrs = [self.learning_rate if lr is learning_rate else self._lr_param(lr, f"learning_rate_group_{i}")
                     for i, lr in enumerate(lrs)]

    @staticmethod
    def _lr_param(lr, name):
        from ..learning_rate_schedule import LearningRateSchedule
        if isinstance(lr, LearningRateSchedule) or isinstance(lr, Parameter):
            return lr
        if isinstance(lr, bool) or not isinstance(lr, (int, float, list, tuple, Tensor)):
            raise TypeError(f"For 'Optimizer', the 'learning_rate' must be a float, list, Tensor or "
                            f"LearningRateSchedule, but got {type(lr).__name__}.")
        if isinstance(lr, (list, tuple)) and not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                     for v in lr):
            raise TypeError(f"For 'Optimizer', a 'learning_rate' list must hold only numbers, but got {lr}.")
        if isinstance(lr, (int, float)) and lr < 0:
            raise ValueError(f"For 'Optimizer', the 'learning_rate' must be >= 0, but got {lr}.")
        t = lr if isinstance(lr, Tensor) else Tensor(lr, mstype.float32)
        return Parameter(ops.cast(t, mstype.float32), name=name, requires_grad=False)

    def _lr_at(self, i):
        """The learning rate for parameter i at the current step (a Tensor or a float)."""
        from ..learning_rate_schedule import LearningRateSchedule
        lr = self._lrs[i]
        step = ops.reshape(self.global_step, ())
        if isinstance(lr, LearningRateSchedule):
            return lr(step)
        if lr.ndim == 1:  # one learning rate per step; the last one holds afterwards
            return ops.gather(lr, ops.minimum(step, lr.shape[0] - 1), 0)
        return lr

    def state_parameters(self) -> list:
        """Every Parameter an update writes: the trained ones and the optimizer's own state."""
        seen, out = set(), []
        candidates = list(self.parameters) + list(self.get_parameters())
        for v in list(self.__dict__.values()):
            if isinstance(v, ParameterTuple):
                candidates += list(v)
        for p in candidates:
            if id(p) not in seen:
                seen.add(id(p))
                out.append(p)
        return out

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

    def __call__(self, gradients):
        # In PyNative the whole update (every Parameter, moment and the step counter) runs
        # as one compiled program instead of a few small kernels per Parameter.
        if state.jit_depth or state.grad_depth or self._forward_pre_hooks or self._forward_hooks:
            return super().__call__(gradients)
        jitted = self.__dict__.get("_jitted_update")
        if jitted is None:
            from ..._jit.api import JitFunction
            jitted = self.__dict__["_jitted_update"] = JitFunction(self.construct, owner=self)
        return jitted(tuple(gradients))

    def construct(self, gradients):
        raise NotImplementedError
