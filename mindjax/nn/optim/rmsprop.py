"""``mindspore.nn.optim.rmsprop``: RMSProp, plain or centered."""
from __future__ import annotations

from ... import ops
from ... import _checkparam as validator
from .optimizer import Optimizer

__all__ = ["RMSProp"]


class RMSProp(Optimizer):
    """``nn.RMSProp(params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False,
    centered=False, loss_scale=1.0, weight_decay=0.0)``.

    The update of MindSpore's ``ApplyRMSProp`` / ``ApplyCenteredRMSProp`` kernels::

        s = decay * s + (1 - decay) * g^2                 (mean_square, starts at 1)
        d = s + eps                 or  s - mg^2 + eps    (centered: mg = decay * mg + (1 - decay) * g)
        mom = momentum * mom + lr * g / sqrt(d)           (moment)
        w = w - mom

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.RMSProp(net.trainable_params(), learning_rate=0.01, centered=True)
        >>> sorted(opt.parameters_dict())[:3]
        ['bias', 'global_step', 'learning_rate']
    """

    def __init__(self, params, learning_rate=0.1, decay: float = 0.9, momentum: float = 0.0, epsilon: float = 1e-10,
                 use_locking: bool = False, centered: bool = False, loss_scale: float = 1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        name = "RMSProp"
        validator.check_value_type("decay", decay, [float], name)
        validator.check_non_negative_float(decay, "decay", name)
        validator.check_value_type("momentum", momentum, [float], name)
        validator.check_non_negative_float(momentum, "momentum", name)
        validator.check_value_type("epsilon", epsilon, [float], name)
        validator.check_positive_float(epsilon, "epsilon", name)
        validator.check_value_type("use_locking", use_locking, [bool], name)
        validator.check_value_type("centered", centered, [bool], name)
        self.centered = centered
        if centered:
            self.mg = self.parameters.clone(prefix="mean_grad", init="zeros")
        # MindSpore starts the mean square at ones (not zeros): the first step is lr * g / sqrt(1 - decay * ...)
        self.ms = self.parameters.clone(prefix="mean_square", init="ones")
        self.moment = self.parameters.clone(prefix="moment", init="zeros")
        self.decay, self.momentum, self.epsilon = decay, momentum, epsilon

    def construct(self, gradients):
        grads = self._prep_grads(gradients)
        d = self.decay
        for i, (p, s, mom, g) in enumerate(zip(self.parameters, self.ms, self.moment, grads)):
            lr = ops.cast(self._lr_at(i), g.dtype)
            ns = ops.add(ops.mul(s, d), ops.mul(ops.square(g), 1 - d))
            ops.assign(s, ns)
            if self.centered:
                mg = self.mg[i]
                nmg = ops.add(ops.mul(mg, d), ops.mul(g, 1 - d))
                ops.assign(mg, nmg)
                denom = ops.add(ops.sub(ns, ops.square(nmg)), self.epsilon)
            else:
                denom = ops.add(ns, self.epsilon)
            nmom = ops.add(ops.mul(mom, self.momentum), ops.div(ops.mul(g, lr), ops.sqrt(denom)))
            ops.assign(mom, nmom)
            ops.assign(p, ops.sub(p, nmom))
        self._step_done()
        return True
