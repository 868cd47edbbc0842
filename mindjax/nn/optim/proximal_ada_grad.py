"""``mindspore.nn.optim.proximal_ada_grad``: ProximalAdagrad (Adagrad with an l1/l2 proximal step)."""
from __future__ import annotations

from ... import ops
from ... import _checkparam as validator
from .optimizer import Optimizer

__all__ = ["ProximalAdagrad"]


def _check(accum, l1, l2, use_locking, name):
    validator.check_value_type("accum", accum, [float], name)
    validator.check_value_type("l1", l1, [float], name)
    validator.check_value_type("l2", l2, [float], name)
    validator.check_value_type("use_locking", use_locking, [bool], name)
    validator.check_non_negative_float(accum, "accum", name)
    validator.check_non_negative_float(l1, "l1", name)
    validator.check_non_negative_float(l2, "l2", name)


class ProximalAdagrad(Optimizer):
    """``nn.ProximalAdagrad(params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0, use_locking=False,
    loss_scale=1.0, weight_decay=0.0)``.

    The update of MindSpore's ``ApplyProximalAdagrad``::

        accum += g^2
        a = lr / sqrt(accum)                   (the adaptive rate: it also scales l1 and l2)
        v = w - a * g
        w = sign(v) * max(|v| - a * l1, 0) / (1 + a * l2)

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.ProximalAdagrad(net.trainable_params(), l1=0.01)
        >>> sorted(opt.parameters_dict())[:2]
        ['accum.bias', 'accum.weight']
    """

    def __init__(self, params, accum: float = 0.1, learning_rate=0.001, l1: float = 0.0, l2: float = 0.0,
                 use_locking: bool = False, loss_scale: float = 1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check(accum, l1, l2, use_locking, "ProximalAdagrad")
        self.accum = self.parameters.clone(prefix="accum", init=accum)
        self.l1, self.l2, self.use_locking = l1, l2, use_locking

    def construct(self, gradients):
        grads = self._prep_grads(gradients)
        for i, (p, acc, g) in enumerate(zip(self.parameters, self.accum, grads)):
            lr = ops.cast(self._lr_at(i), g.dtype)
            a = ops.add(acc, ops.square(g))
            ops.assign(acc, a)
            rate = ops.div(lr, ops.sqrt(a))
            v = ops.sub(p, ops.mul(rate, g))
            shrunk = ops.maximum(ops.sub(ops.abs(v), ops.mul(rate, self.l1)), 0.0)
            ops.assign(p, ops.div(ops.mul(ops.sign(v), shrunk), ops.add(1.0, ops.mul(rate, self.l2))))
        self._step_done()
        return True
