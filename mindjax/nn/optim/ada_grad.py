"""``mindspore.nn.optim.ada_grad``: Adagrad."""
from __future__ import annotations

from ... import ops
from ... import _checkparam as validator
from .optimizer import Optimizer

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """``nn.Adagrad(params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0, weight_decay=0.0)``.

    The update of MindSpore's ``ApplyAdagrad`` kernel (no epsilon)::

        accum = accum + g^2        (skipped when update_slots is False)
        w = w - lr * g / sqrt(accum)

    Examples:
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.Adagrad(net.trainable_params(), accum=0.1, learning_rate=0.1)
        >>> opt.accum[0].name
        'accum.weight'
    """

    def __init__(self, params, accum: float = 0.1, learning_rate=0.001, update_slots: bool = True,
                 loss_scale: float = 1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        validator.check_value_type("accum", accum, [float], "Adagrad")
        validator.check_value_type("update_slots", update_slots, [bool], "Adagrad")
        validator.check_non_negative_float(accum, "accum", "Adagrad")
        self.accum = self.parameters.clone(prefix="accum", init=accum)
        self.update_slots = update_slots

    def construct(self, gradients):
        grads = self._prep_grads(gradients)
        for i, (p, a, g) in enumerate(zip(self.parameters, self.accum, grads)):
            lr = ops.cast(self._lr_at(i), g.dtype)
            if self.update_slots:
                na = ops.add(a, ops.square(g))
                ops.assign(a, na)
            else:
                na = a
            ops.assign(p, ops.sub(p, ops.div(ops.mul(g, lr), ops.sqrt(na))))
        self._step_done()
        return True
