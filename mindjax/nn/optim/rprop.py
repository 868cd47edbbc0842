"""``mindspore.nn.optim.rprop``: resilient backpropagation (Rprop)."""
from __future__ import annotations

from ... import _dtype as mstype
from ... import ops
from ... import _checkparam as validator
from .optimizer import Optimizer

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """``nn.Rprop(params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.), weight_decay=0.)``.

    Each weight moves by its own step size against the sign of its gradient; the step grows by
    ``etaplus`` while the gradient keeps its sign and shrinks by ``etaminus`` when it flips (and that
    step is skipped)::

        s = sign(g * prev);  f = etaplus if s > 0, etaminus if s < 0, 1 otherwise
        step = clip(step * f, min_step, max_step)         (step starts at lr on the first update)
        g' = 0 where f == etaminus, else g
        w = w - sign(g') * step;  prev = g'

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.Rprop(net.trainable_params(), learning_rate=0.01)
        >>> sorted(opt.parameters_dict())[:4]
        ['bias', 'global_step', 'learning_rate', 'prev.bias']
    """

    def __init__(self, params, learning_rate=0.1, etas: tuple = (0.5, 1.2), step_sizes: tuple = (1e-6, 50.),
                 weight_decay=0.):
        super().__init__(learning_rate, params, weight_decay)
        if not isinstance(etas, tuple):
            raise TypeError(f"For Rprop, etas must be a tuple, but got {type(etas)}.")
        if len(etas) != 2:
            raise ValueError(f"For Rprop, etas must be a tuple with the size of 2, but got {len(etas)}.")
        if not isinstance(step_sizes, tuple):
            raise TypeError(f"For Rprop, step_sizes must be a tuple, but got {type(step_sizes)}.")
        if len(step_sizes) != 2:
            raise ValueError(f"For Rprop, step_sizes must be a tuple with the size of 2, but got {len(step_sizes)}.")
        if step_sizes[0] > step_sizes[1]:
            raise ValueError(f"For Rprop, maximal step size should not be less than minimal step size, but got "
                             f"{step_sizes[0]} > {step_sizes[1]}.")
        validator.check_float_range(etas[0], 0.0, 1.0, validator.INC_NEITHER, "etaminus", "Rprop")
        validator.check_value_type("etaplus", etas[1], [float], "Rprop")
        if etas[1] <= 1.0:
            raise ValueError(f"For Rprop, etaplus must be greater than 1.0, but got etaplus {etas[1]}.")
        validator.check_value_type("min_step_sizes", step_sizes[0], [float], "Rprop")
        validator.check_value_type("max_step_sizes", step_sizes[1], [float], "Rprop")
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")

    def construct(self, gradients):
        grads = self._prep_grads(gradients)
        first = ops.equal(ops.reshape(self.global_step, ()), 0)  # the counter moves after the update here
        f32 = mstype.float32
        for i, (p, prev, step, g) in enumerate(zip(self.parameters, self.prev, self.step_size, grads)):
            lr = ops.cast(self._lr_at(i), f32)
            step32 = ops.select(first, ops.mul(ops.ones_like(ops.cast(step, f32)), lr), ops.cast(step, f32))
            g32 = ops.cast(g, f32)
            s = ops.sign(ops.mul(g32, ops.cast(prev, f32)))
            factor = ops.select(ops.greater(s, 0), ops.full_like(s, self.etaplus),
                                ops.select(ops.less(s, 0), ops.full_like(s, self.etaminus), ops.ones_like(s)))
            step32 = ops.clip_by_value(ops.mul(step32, factor), self.step_size_min, self.step_size_max)
            g_upd = ops.select(ops.equal(factor, self.etaminus), ops.zeros_like(g32), g32)
            ops.assign(p, ops.cast(ops.sub(ops.cast(p, f32), ops.mul(ops.sign(g_upd), step32)), p.dtype))
            ops.assign(prev, ops.cast(g_upd, prev.dtype))
            ops.assign(step, ops.cast(step32, step.dtype))
        self._step_done()
        return True
