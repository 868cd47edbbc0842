"""Adam, AdamW, Adamax, NAdam and RAdam of ``mindspore.experimental.optim``: MindSpore 2.10's update
rules (Adam through its Adam kernel, which ignores ``amsgrad``; AdamW with AMSGrad), over groups."""
from __future__ import annotations

from ... import _checkparam as validator
from ... import _dtype as mstype
from ... import ops
from ..._tensor import Tensor
from ...common.parameter import Parameter
from .optimizer import Optimizer, check_not_less_than, check_not_less_than_without_equal
from ._first_order import _maybe_neg, _f32

__all__ = ["Adam", "AdamW", "Adamax", "NAdam", "RAdam"]


def _check_adam(lr, betas, eps, weight_decay) -> None:
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


def _check_betas(name: str, lr, eps, weight_decay, betas) -> None:
    check_not_less_than_without_equal(lr, "lr", name)
    check_not_less_than(weight_decay, "weight_decay", name)
    check_not_less_than_without_equal(eps, "eps", name)
    validator.check_float_range(betas[0], 0., 1., validator.INC_LEFT, "betas[0]", name)
    validator.check_float_range(betas[1], 0., 1., validator.INC_LEFT, "betas[1]", name)


def _power(base: float, step: Tensor) -> Tensor:
    return ops.pow(Tensor(base, mstype.float32), _f32(step))


class Adam(Optimizer):
    """``Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
    maximize=False)``: Adam with L2 decay added to the gradient, through MindSpore's Adam kernel
    (``p -= lr * sqrt(1 - b2^t) / (1 - b1^t) * m / (sqrt(v) + eps)``). MindSpore 2.10's experimental Adam
    ignores ``amsgrad`` (the kernel it calls has no AMSGrad), and so does this one. State:
    ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>``, ``state_step``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.Adam([w], lr=0.1)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy().round(4))
        [0.9]
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        _check_adam(lr, betas, eps, weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                                      maximize=maximize))
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.max_exp_avg_sq = self.parameters.clone(prefix="max_exp_avg_sq", init="zeros")
        self.state_step = Parameter(Tensor(0, mstype.int32), "state_step")
        self.adam_opt = ops.Adam(False, False)

    def construct(self, gradients):
        ops.assign_add(self.state_step, Tensor(1, mstype.int32))
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            beta1, beta2 = group["betas"]
            b1p, b2p = _power(beta1, self.state_step), _power(beta2, self.state_step)
            params = self.parameters[sl]
            grads = self._decay_weight(group["weight_decay"], params, _maybe_neg(gradients[sl], group["maximize"]))
            for g, p, m, v in zip(grads, params, self.exp_avg[sl], self.exp_avg_sq[sl]):
                self.adam_opt(p, m, v, b1p, b2p, lr, beta1, beta2, group["eps"], g)
        return True


class AdamW(Optimizer):
    """``AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
    maximize=False)``: Adam with decoupled weight decay (``p *= 1 - lr * weight_decay``), optionally
    AMSGrad. State: ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>``, ``state_step``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.AdamW([w], lr=0.1, weight_decay=0.0)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy().round(4))
        [0.9]
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        _check_adam(lr, betas, eps, weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                                      maximize=maximize))
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.max_exp_avg_sq = self.parameters.clone(prefix="max_exp_avg_sq", init="zeros")
        self.state_step = Parameter(Tensor(0, mstype.int32), "state_step")

    def construct(self, gradients):
        ops.assign_add(self.state_step, Tensor(1, mstype.int32))
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            beta1, beta2 = group["betas"]
            decay = 1 - lr * group["weight_decay"]
            step_size = lr / (1 - _power(beta1, self.state_step))
            bc2_sqrt = ops.sqrt(1 - _power(beta2, self.state_step))
            eps = group["eps"]
            for p, g, m, v, vmax in zip(self.parameters[sl], _maybe_neg(gradients[sl], group["maximize"]),
                                        self.exp_avg[sl], self.exp_avg_sq[sl], self.max_exp_avg_sq[sl]):
                new_p = p * decay
                new_m = m * beta1 + g * (1 - beta1)
                new_v = v * beta2 + g * g * (1 - beta2)
                ops.assign(m, new_m)
                ops.assign(v, new_v)
                if group["amsgrad"]:
                    new_v = ops.maximum(vmax, new_v)
                    ops.assign(vmax, new_v)
                denom = ops.sqrt(new_v) / bc2_sqrt + eps
                ops.assign(p, new_p - (new_m / denom) * step_size)
        return True


class Adamax(Optimizer):
    """``Adamax(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *, maximize=False)``:
    Adam with the infinity norm. State: ``exp_avg.<name>``, ``exp_inf.<name>``, ``step_t``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.Adamax([w], lr=0.1)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy().round(4))
        [0.9]
    """

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *, maximize=False):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        validator.check_float_range(betas[0], 0., 1., validator.INC_LEFT, "betas[0]", self.cls_name)
        validator.check_float_range(betas[1], 0., 1., validator.INC_LEFT, "betas[1]", self.cls_name)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, maximize=maximize))
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_inf = self.parameters.clone(prefix="exp_inf", init="zeros")

    def construct(self, gradients):
        ops.assign_add(self.step_t, Tensor(1, mstype.int32))
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            beta1, beta2 = group["betas"]
            clr = self._group_lr(gid) / (1 - _power(beta1, self.step_t))
            params = self.parameters[sl]
            grads = self._decay_weight(group["weight_decay"], params, _maybe_neg(gradients[sl], group["maximize"]))
            for p, g, m, u in zip(params, grads, self.exp_avg[sl], self.exp_inf[sl]):
                new_m = m * beta1 + g * (1 - beta1)
                ops.assign(m, new_m)
                new_u = ops.maximum(u * beta2, ops.abs(g) + group["eps"])
                ops.assign(u, new_u)
                ops.assign(p, p - clr * new_m / new_u)
        return True


class NAdam(Optimizer):
    """``NAdam(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, momentum_decay=4e-3)``:
    Adam with Nesterov momentum. State: ``exp_avg.<name>``, ``exp_avg_sq.<name>``,
    ``mu_product_<name>``, ``step_t``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.NAdam([w], lr=0.1)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy().round(3))
        [0.894]
    """

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, momentum_decay=4e-3):
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than(momentum_decay, "momentum_decay", self.cls_name)
        validator.check_float_range(betas[0], 0., 1., validator.INC_LEFT, "betas[0]", self.cls_name)
        validator.check_float_range(betas[1], 0., 1., validator.INC_LEFT, "betas[1]", self.cls_name)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      momentum_decay=momentum_decay))
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.mu_product = [Parameter(Tensor(1.), "mu_product_" + p.name) for p in self.parameters]

    def construct(self, gradients):
        ops.assign_add(self.step_t, Tensor(1, mstype.int32))
        t = _f32(self.step_t)
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            beta1, beta2 = group["betas"]
            decay, eps = group["momentum_decay"], group["eps"]
            bc2 = 1 - _power(beta2, self.step_t)
            mu = beta1 * (1. - 0.5 * ops.pow(Tensor(0.96, mstype.float32), t * decay))
            mu_next = beta1 * (1. - 0.5 * ops.pow(Tensor(0.96, mstype.float32), (t + 1) * decay))
            params = self.parameters[sl]
            grads = self._decay_weight(group["weight_decay"], params, gradients[sl])
            for p, g, m, v, prod in zip(params, grads, self.exp_avg[sl], self.exp_avg_sq[sl], self.mu_product[sl]):
                new_prod = prod * mu
                ops.assign(prod, new_prod)
                new_m = m * beta1 + g * (1 - beta1)
                new_v = v * beta2 + g * g * (1 - beta2)
                ops.assign(m, new_m)
                ops.assign(v, new_v)
                denom = ops.sqrt(new_v / bc2) + eps
                p1 = p - lr * (1. - mu) / (1. - new_prod) * g / denom
                ops.assign(p, p1 - (lr * mu_next) / (1. - new_prod * mu_next) * new_m / denom)
        return True


class RAdam(Optimizer):
    """``RAdam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0)``: rectified Adam (plain
    momentum SGD while the variance estimate is unreliable, ``rho_t <= 5``). State: ``exp_avg.<name>``,
    ``exp_avg_sq.<name>``, ``step_t``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax.experimental import optim
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = optim.RAdam([w], lr=0.1)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy().round(4))
        [0.9]
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        _check_betas(self.cls_name, lr, eps, weight_decay, betas)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")

    def construct(self, gradients):
        ops.assign_add(self.step_t, Tensor(1, mstype.int32))
        t = _f32(self.step_t)
        for gid, group in enumerate(self.param_groups):
            sl = self._group_slice(gid)
            lr = self._group_lr(gid)
            beta1, beta2 = group["betas"]
            eps = group["eps"]
            bc1 = 1 - _power(beta1, self.step_t)
            b2p = _power(beta2, self.step_t)
            bc2 = 1 - b2p
            rho_inf = 2 / (1 - beta2) - 1
            rho_t = rho_inf - 2 * t * b2p / bc2
            rect = ops.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
            params = self.parameters[sl]
            grads = self._decay_weight(group["weight_decay"], params, gradients[sl])
            for p, g, m, v in zip(params, grads, self.exp_avg[sl], self.exp_avg_sq[sl]):
                new_m = m * beta1 + g * (1 - beta1)
                new_v = v * beta2 + g * g * (1 - beta2)
                ops.assign(m, new_m)
                ops.assign(v, new_v)
                corrected = new_m / bc1
                adaptive = ops.sqrt(bc2) / (ops.sqrt(new_v) + eps)
                # rect is NaN while rho_t <= 4: select, not multiply, keeps it out of the plain step
                step = ops.select(ops.broadcast_to(rho_t > 5.0, corrected.shape),
                                  corrected * lr * adaptive * ops.where(rho_t > 5.0, rect, ops.ones_like(rect)),
                                  corrected * lr)
                ops.assign(p, p - step)
        return True
