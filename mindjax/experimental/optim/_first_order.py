"""SGD, Adadelta, Adagrad, ASGD, RMSprop and Rprop of ``mindspore.experimental.optim``: the update
rules MindSpore 2.10 runs (its apply-op kernels where it calls one), over parameter groups."""
from __future__ import annotations

from ... import _checkparam as validator
from ... import _dtype as mstype
from ... import ops
from ..._tensor import Tensor
from ...common.parameter import Parameter
from .optimizer import Optimizer, check_not_less_than, check_not_less_than_without_equal

__all__ = ["SGD", "Adadelta", "Adagrad", "ASGD", "RMSprop", "Rprop"]


def _maybe_neg(grads, maximize: bool) -> tuple:
    return tuple(ops.neg(g) for g in grads) if maximize else tuple(grads)


def _f32(v) -> Tensor:
    return ops.cast(v, mstype.float32)


class SGD(Optimizer):
    """``SGD(params, lr, momentum=0, dampening=0, weight_decay=0.0, nesterov=False, *, maximize=False)``:
    stochastic gradient descent with momentum (the first step's buffer is the gradient), dampening,
    Nesterov momentum and L2 weight decay. State: ``accum.<name>`` (momentum buffer) and
    ``stat.<name>`` (1 until the first step).

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.SGD([w], lr=0.1, momentum=0.9)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy())
        [0.9]
    """

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0.0, nesterov=False, *,
                 maximize=False):
        validator.check_value_type("lr", lr, [float, int, Tensor], self.cls_name)
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        validator.check_value_type("momentum", momentum, [int, float], self.cls_name)
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        momentum = float(momentum)
        validator.check_value_type("nesterov", nesterov, [bool], self.cls_name)
        validator.check_value_type("maximize", maximize, [bool], self.cls_name)
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                        nesterov=nesterov, maximize=maximize, grad_centralization=False)
        super().__init__(params, defaults)
        for group in self.param_groups:
            validator.check_value_type("dampening", group.get("dampening"), [int, float], self.cls_name)
            group["dampening"] = float(group.get("dampening"))
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.stat = self.parameters.clone(prefix="stat", init="ones")

    def construct(self, gradients):
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            opt = ops.SGD(group["dampening"], float(group["weight_decay"]), group["nesterov"])
            momentum = _f32(Tensor(group["momentum"]))
            for p, g, a, s in zip(self.parameters[sl], _maybe_neg(gradients[sl], group["maximize"]),
                                  self.accum[sl], self.stat[sl]):
                opt(p, g, lr, a, momentum, s)
        return True


class Adadelta(Optimizer):
    """``Adadelta(params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False)``: Adadelta
    (MindSpore's ApplyAdadelta). State: ``accum.<name>``, ``accum_update.<name>``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.Adadelta([w])((ms.Tensor([1.0]),))
        >>> print(w.asnumpy().round(4))
        [0.9968]
    """

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        validator.check_float_range(rho, 0., 1., validator.INC_BOTH, "rho", self.cls_name)
        super().__init__(params, dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize))
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.accum_update = self.parameters.clone(prefix="accum_update", init="zeros")
        self.opt = ops.ApplyAdadelta()

    def construct(self, gradients):
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            params = self.parameters[sl]
            grads = self._decay_weight(group["weight_decay"], params, _maybe_neg(gradients[sl], group["maximize"]))
            for p, a, u, g in zip(params, self.accum[sl], self.accum_update[sl], grads):
                self.opt(p, a, u, lr, group["rho"], group["eps"], g)
        return True


class Adagrad(Optimizer):
    """``Adagrad(params, lr=1e-2, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10,
    *, maximize=False)``: Adagrad with the rate ``lr / (1 + step * lr_decay)``. State: ``accum.<name>``,
    ``step_t``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.Adagrad([w], lr=0.1)((ms.Tensor([2.0]),))
        >>> print(w.asnumpy())
        [0.9]
    """

    def __init__(self, params, lr=1e-2, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10,
                 *, maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(lr_decay, "lr_decay", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than(initial_accumulator_value, "initial_accumulator_value", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value, maximize=maximize))
        self.accum = self.parameters.clone(prefix="accum", init=initial_accumulator_value)
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")

    def construct(self, gradients):
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            opt = ops.ApplyAdagradV2(epsilon=float(group["eps"]), update_slots=True)
            decay_lr = self._group_lr(gid) / (1 + _f32(self.step_t) * group["lr_decay"])
            params = self.parameters[sl]
            grads = self._decay_weight(group["weight_decay"], params, _maybe_neg(gradients[sl], group["maximize"]))
            for p, a, g in zip(params, self.accum[sl], grads):
                opt(p, a, decay_lr, g)
        ops.assign_add(self.step_t, Tensor(1, mstype.int32))  # counted after the update, as MindSpore
        return True


class ASGD(Optimizer):
    """``ASGD(params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False)``:
    averaged SGD. State: ``eta_<name>``, ``mu_<name>`` (scalars), ``ax.<name>`` (the average), ``step_t``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.ASGD([w], lr=0.1)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy().round(4))
        [0.9]
    """

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        if not isinstance(lambd, float):
            raise TypeError(f"For 'ASGD', the type of lambd must be float, but got {type(lambd)}.")
        if not isinstance(t0, float):
            raise TypeError(f"For 'ASGD', the type of t0 must be float, but got {type(t0)}.")
        super().__init__(params, dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay,
                                      maximize=maximize))
        self.mu = [Parameter(Tensor(1.), "mu_" + p.name) for p in self.parameters]
        self.eta = [Parameter(Tensor(0.), "eta_" + p.name) for p in self.parameters]
        self.ax = self.parameters.clone(prefix="ax", init="zeros")
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")

    def construct(self, gradients):
        ops.assign_add(self.step_t, Tensor(1, mstype.int32))
        step = _f32(self.step_t)
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            lambd, alpha, t0 = group["lambd"], group["alpha"], group["t0"]
            params = self.parameters[sl]
            grads = self._decay_weight(group["weight_decay"], params, _maybe_neg(gradients[sl], group["maximize"]))
            for p, g, eta, mu, ax in zip(params, grads, self.eta[sl], self.mu[sl], self.ax[sl]):
                eta_now = ops.select(ops.equal(self.step_t, 1), ops.cast(lr, eta.dtype), eta.value())
                new_p = ops.cast(p * (1. - lambd * eta_now) - eta_now * g, p.dtype)
                ops.assign(p, new_p)
                averaged = ax + ops.cast((new_p - ax) * mu, ax.dtype)
                ops.assign(ax, ops.select(ops.not_equal(mu, 1), averaged, new_p))
                ops.assign(eta, lr / ops.pow(1. + lambd * lr * step, alpha))
                ops.assign(mu, 1. / ops.maximum(Tensor(1., mstype.float32), step - t0))
        return True


class RMSprop(Optimizer):
    """``RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False,
    maximize=False)``: RMSprop, optionally centered and with momentum. State: ``mean_grad.<name>``,
    ``mean_square.<name>``, ``moment.<name>``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.RMSprop([w], lr=0.01)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy().round(4))
        [0.9]
    """

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False,
                 maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(alpha, "alpha", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(momentum, "momentum", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        super().__init__(params, dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                                      weight_decay=weight_decay, maximize=maximize))
        self.mean_grad = self.parameters.clone(prefix="mean_grad", init="zeros")
        self.mean_square = self.parameters.clone(prefix="mean_square", init="zeros")
        self.moment = self.parameters.clone(prefix="moment", init="zeros")

    def construct(self, gradients):
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            alpha, eps, momentum = group["alpha"], group["eps"], group["momentum"]
            params = self.parameters[sl]
            grads = self._decay_weight(group["weight_decay"], params, _maybe_neg(gradients[sl], group["maximize"]))
            for p, ms_, mg, mom, g in zip(params, self.mean_square[sl], self.mean_grad[sl], self.moment[sl], grads):
                sq = ms_ * alpha + g * g * (1 - alpha)
                ops.assign(ms_, sq)
                if group["centered"]:
                    mean = mg * alpha + g * (1 - alpha)
                    ops.assign(mg, mean)
                    avg = ops.sqrt(sq - mean * mean) + eps
                else:
                    avg = ops.sqrt(sq) + eps
                if momentum > 0:
                    new_mom = mom * momentum + g / avg
                    ops.assign(mom, new_mom)
                    ops.assign(p, p - new_mom * lr)
                else:
                    ops.assign(p, p - lr * g / avg)
        return True


class Rprop(Optimizer):
    """``Rprop(params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, maximize=False)``: resilient
    backpropagation (sign-based steps grown by ``etas[1]`` and shrunk by ``etas[0]``). State:
    ``prev.<name>``, ``step_size.<name>``, ``step_t``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.Rprop([w], lr=0.1)((ms.Tensor([3.0]),))
        >>> print(w.asnumpy())
        [0.9]
    """

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(etas[1], "etas[1]", self.cls_name, 1.)
        validator.check_float_range(etas[0], 0., 1., validator.INC_NEITHER, "etas[0]", self.cls_name)
        super().__init__(params, dict(lr=lr, etas=etas, step_sizes=step_sizes, maximize=maximize))
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")

    def construct(self, gradients):
        ops.assign_add(self.step_t, Tensor(1, mstype.int32))
        first = ops.equal(self.step_t, 1)
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            eta_minus, eta_plus = (Tensor(e, mstype.float32) for e in group["etas"])
            lo, hi = group["step_sizes"]
            for p, prev, size, g in zip(self.parameters[sl], self.prev[sl], self.step_size[sl],
                                        _maybe_neg(gradients[sl], group["maximize"])):
                size_now = ops.select(first, ops.ones_like(size) * ops.cast(lr, size.dtype), size.value())
                s = ops.sign(g * prev)
                factor = ops.select(s > 0, ops.fill(s.dtype, s.shape, 1) * ops.cast(eta_plus, s.dtype),
                                    ops.select(s < 0, ops.fill(s.dtype, s.shape, 1) * ops.cast(eta_minus, s.dtype),
                                               ops.ones_like(s)))
                clipped = ops.clip_by_value(size_now * factor, lo, hi)
                ops.assign(size, clipped)
                g_used = ops.select(factor == ops.cast(eta_minus, factor.dtype), ops.zeros_like(g), g)
                ops.assign(prev, g_used)
                ops.assign(p, p - ops.sign(g_used) * clipped)
        return True
