"""``mindspore.nn.optim.asgd``: averaged stochastic gradient descent (ASGD)."""
from __future__ import annotations

from ... import _dtype as mstype
from ... import ops
from ... import _checkparam as validator
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from .optimizer import Optimizer

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """``nn.ASGD(params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0)``.

    At step t (from 1), with eta = lr on the first step::

        w = w * (1 - lambd * eta) - eta * g
        ax = w                  while mu == 1, else ax += (w - ax) * mu     (the running average)
        eta = lr / (1 + lambd * lr * t) ** alpha
        mu = 1 / max(1, t - t0)

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.ASGD(net.trainable_params(), learning_rate=0.01)
        >>> sorted(opt.parameters_dict())[:3]
        ['ax_.bias', 'ax_.weight', 'bias']
    """

    def __init__(self, params, learning_rate=0.1, lambd: float = 1e-4, alpha: float = 0.75, t0: float = 1e6,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        validator.check_value_type("lambd", lambd, [float], "ASGD")
        validator.check_value_type("alpha", alpha, [float], "ASGD")
        validator.check_value_type("t0", t0, [float], "ASGD")
        self.lambd, self.alpha, self.t0 = lambd, alpha, t0
        self.mu = ParameterTuple([Parameter(Tensor(1., mstype.float32), name=f"mu_{p.name}")
                                  for p in self.parameters])
        self.eta = ParameterTuple([Parameter(Tensor(0., mstype.float32), name=f"eta_{p.name}")
                                   for p in self.parameters])
        self.ax = self.parameters.clone(prefix="ax_", init="zeros")

    def construct(self, gradients):
        grads = self._prep_grads(gradients)
        f32 = mstype.float32
        t = ops.cast(ops.add(ops.reshape(self.global_step, ()), 1), f32)  # this update's step number
        for i, (p, mu, eta, ax, g) in enumerate(zip(self.parameters, self.mu, self.eta, self.ax, grads)):
            lr = ops.reshape(ops.cast(self._lr_at(i), f32), ())
            e = ops.select(ops.equal(t, 1.0), lr, eta)
            w = ops.sub(ops.mul(ops.cast(p, f32), ops.sub(1.0, ops.mul(e, self.lambd))), ops.mul(e, ops.cast(g, f32)))
            ops.assign(p, ops.cast(w, p.dtype))
            avg = ops.add(ops.cast(ax, f32), ops.mul(ops.sub(w, ops.cast(ax, f32)), mu))
            ops.assign(ax, ops.cast(ops.select(ops.equal(mu, 1.0), w, avg), ax.dtype))
            ops.assign(eta, ops.div(lr, ops.pow(ops.add(1.0, ops.mul(ops.mul(lr, self.lambd), t)), self.alpha)))
            ops.assign(mu, ops.div(1.0, ops.maximum(ops.sub(t, self.t0), 1.0)))
        self._step_done()
        return True
