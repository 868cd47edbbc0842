"""``mindspore.nn.optim.ftrl``: FTRL-proximal (follow the regularised leader)."""
from __future__ import annotations

from ... import ops
from ... import _checkparam as validator
from .optimizer import Optimizer

__all__ = ["FTRL"]


def _check(initial_accum, learning_rate, lr_power, l1, l2, use_locking, name):
    validator.check_value_type("initial_accum", initial_accum, [float], name)
    validator.check_number("initial_accum", initial_accum, 0.0, validator.GE, name)
    validator.check_value_type("learning_rate", learning_rate, [float], name)
    validator.check_positive_float(learning_rate, "learning_rate", name)
    validator.check_value_type("lr_power", lr_power, [float], name)
    validator.check_number("lr_power", lr_power, 0.0, validator.LE, name)
    validator.check_value_type("l1", l1, [float], name)
    validator.check_number("l1", l1, 0.0, validator.GE, name)
    validator.check_value_type("l2", l2, [float], name)
    validator.check_number("l2", l2, 0.0, validator.GE, name)
    validator.check_value_type("use_locking", use_locking, [bool], name)


class FTRL(Optimizer):
    """``nn.FTRL(params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
    use_locking=False, loss_scale=1.0, weight_decay=0.0)``: a fixed learning rate only.

    The update of MindSpore's ``ApplyFtrl`` (p = -lr_power)::

        n = accum + g^2
        linear += g - (n^p - accum^p) / lr * w
        w = (sign(linear) * l1 - linear) / (n^p / lr + 2 * l2)   where |linear| > l1, else 0
        accum = n

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.FTRL(net.trainable_params(), l1=0.01)
        >>> sorted(opt.parameters_dict())[:2]
        ['bias', 'linear.bias']
    """

    def __init__(self, params, initial_accum: float = 0.1, learning_rate: float = 0.001, lr_power: float = -0.5,
                 l1: float = 0.0, l2: float = 0.0, use_locking: bool = False, loss_scale: float = 1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale=loss_scale)
        dynamic = isinstance(learning_rate, (list, tuple)) or (hasattr(learning_rate, "ndim") and
                                                               learning_rate.ndim == 1) or callable(learning_rate)
        grouped = self.is_group_lr
        if dynamic or grouped:
            raise ValueError(f"For 'FTRL', dynamic learning rate and group learning rate are currently not supported "
                             f"in FTRL, they should all be false, but got dynamic learning rate {dynamic} and"
                             f" group learning rate {grouped}.")
        _check(initial_accum, learning_rate, lr_power, l1, l2, use_locking, "FTRL")
        self.moments = self.parameters.clone(prefix="moments", init=initial_accum)
        self.linear = self.parameters.clone(prefix="linear", init="zeros")
        self.l1, self.l2, self.lr, self.lr_power, self.use_locking = l1, l2, learning_rate, lr_power, use_locking

    def construct(self, gradients):
        grads = self._prep_grads(gradients)
        p_ = -self.lr_power
        for p, acc, lin, g in zip(self.parameters, self.moments, self.linear, grads):
            n = ops.add(acc, ops.square(g))
            sigma = ops.div(ops.sub(ops.pow(n, p_), ops.pow(acc, p_)), self.lr)
            new_lin = ops.sub(ops.add(lin, g), ops.mul(sigma, p))
            ops.assign(lin, new_lin)
            quad = ops.add(ops.div(ops.pow(n, p_), self.lr), 2.0 * self.l2)
            w = ops.div(ops.sub(ops.mul(ops.sign(new_lin), self.l1), new_lin), quad)
            ops.assign(p, ops.select(ops.greater(ops.abs(new_lin), self.l1), w, ops.zeros_like(w)))
            ops.assign(acc, n)
        self._step_done()
        return True
