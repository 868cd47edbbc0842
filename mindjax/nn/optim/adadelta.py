"""``mindspore.nn.optim.adadelta``: Adadelta."""
from __future__ import annotations

from ... import ops
from ... import _checkparam as validator
from .optimizer import Optimizer

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    """``nn.Adadelta(params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0, weight_decay=0.0)``.

    The update of MindSpore's ``ApplyAdadelta`` kernel::

        accum = rho * accum + (1 - rho) * g^2
        u = sqrt(accum_update + eps) / sqrt(accum + eps) * g
        accum_update = rho * accum_update + (1 - rho) * u^2
        w = w - lr * u

    Examples:
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.Adadelta(net.trainable_params(), learning_rate=1.0, rho=0.9)
        >>> opt.accum_update[1].name
        'accum_update.bias'
    """

    def __init__(self, params, learning_rate=1.0, rho: float = 0.9, epsilon: float = 1e-6, loss_scale: float = 1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        validator.check_value_type("rho", rho, [float], "Adadelta")
        validator.check_value_type("epsilon", epsilon, [float], "Adadelta")
        validator.check_float_range(rho, 0.0, 1.0, validator.INC_BOTH, "rho", "Adadelta")
        validator.check_non_negative_float(epsilon, "epsilon", "Adadelta")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.accum_update = self.parameters.clone(prefix="accum_update", init="zeros")
        self.rho, self.epsilon = rho, epsilon

    def construct(self, grads):
        grads = self._prep_grads(grads)
        rho, eps = self.rho, self.epsilon
        for i, (p, a, au, g) in enumerate(zip(self.parameters, self.accum, self.accum_update, grads)):
            lr = ops.cast(self._lr_at(i), g.dtype)
            na = ops.add(ops.mul(a, rho), ops.mul(ops.square(g), 1 - rho))
            u = ops.mul(ops.div(ops.sqrt(ops.add(au, eps)), ops.sqrt(ops.add(na, eps))), g)
            ops.assign(a, na)
            ops.assign(au, ops.add(ops.mul(au, rho), ops.mul(ops.square(u), 1 - rho)))
            ops.assign(p, ops.sub(p, ops.mul(u, lr)))
        self._step_done()
        return True
