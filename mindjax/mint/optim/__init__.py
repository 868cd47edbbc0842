"""``mindspore.mint.optim``: PyTorch-style optimizers (SGD, Adam, AdamW).

Each is a Cell called with the gradients (a tuple in the order of its parameters), like
``mindspore.nn`` optimizers; ``params`` may be Parameters or PyTorch-style groups (dicts with
"params" and per-group options). The state (momentum buffers, moments, step) is held in
Parameters and written with ``ops.assign``, so a jitted training step carries it.

Example:
    >>> import mindjax as ms
    >>> from mindjax.mint import optim
    >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
    >>> opt = optim.SGD([w], lr=0.1)
    >>> _ = opt((ms.Tensor([1.0]),))
    >>> round(float(w.asnumpy()[0]), 4)
    0.9
"""
from __future__ import annotations

from ... import ops as _ops
from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...experimental.optim.optimizer import Optimizer as _Base

__all__ = ["SGD", "Adam", "AdamW"]


class _Optimizer(_Base):
    """The mint optimizers' loop over groups, on ``experimental.optim.Optimizer`` (MindSpore's base for
    both): ``param_groups`` with Parameter learning rates, so ``experimental.optim.lr_scheduler`` drives
    them."""

    _defaults: dict = {}

    def __init__(self, params, **options):
        defaults = dict(self._defaults)
        defaults.update(options)
        self._check(defaults)
        super().__init__(params, defaults)
        for group in self.param_groups:
            group["params"] = list(group["params"])
        self.state_step = Parameter(Tensor(0, mstype.int32), name="state_step", requires_grad=False)

    def _check(self, group: dict):
        name = type(self).__name__
        lr = group.get("lr")
        if not isinstance(lr, (int, float)) or lr < 0:
            raise ValueError(f"For '{name}', the 'lr' must be a non-negative float, but got {lr}.")
        if group.get("weight_decay", 0) < 0:
            raise ValueError(f"For '{name}', the 'weight_decay' must be non-negative, but got {group['weight_decay']}.")

    def _state(self, prefix: str, p: Parameter, value: float = 0.0) -> Parameter:
        return Parameter(_ops.full(tuple(p.shape), value, dtype=p.dtype), name=f"{prefix}.{p.name}",
                         requires_grad=False)

    def construct(self, gradients):
        grads = tuple(gradients)
        if len(grads) != len(self.parameters):
            raise ValueError(f"For '{type(self).__name__}', expected {len(self.parameters)} gradients, "
                             f"but got {len(grads)}.")
        _ops.assign_add(self.state_step, Tensor(1, mstype.int32))
        k = 0
        for group in self.param_groups:
            for p in group["params"]:
                g = grads[k]
                if group.get("maximize"):
                    g = _ops.neg(g)
                self._update(k, p, g, group)
                k += 1
        return True


class SGD(_Optimizer):
    """Stochastic gradient descent with momentum, dampening, Nesterov and weight decay (PyTorch's).

    Example:
        >>> import mindjax as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = SGD([w], lr=0.1, momentum=0.9)((ms.Tensor([1.0]),))
    """

    _defaults = {"momentum": 0, "dampening": 0, "weight_decay": 0, "nesterov": False, "maximize": False}

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False):
        super().__init__(params, lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                         nesterov=nesterov, maximize=maximize)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("For 'SGD', nesterov momentum requires a momentum and zero dampening.")
        self.momentum_buffer = [self._state("momentum_buffer", p) for p in self.parameters]

    def _update(self, k, p, g, group):
        if group["weight_decay"]:
            g = _ops.add(g, _ops.mul(p, group["weight_decay"]))
        mom = group["momentum"]
        if mom:
            buf = self.momentum_buffer[k]
            first = _ops.eq(self.state_step, 1)  # the first step's buffer is the gradient itself
            new = _ops.add(_ops.mul(buf, mom), _ops.mul(g, 1 - group["dampening"]))
            new = _ops.where(first, g, new)
            _ops.assign(buf, new)
            g = _ops.add(g, _ops.mul(new, mom)) if group["nesterov"] else new
        _ops.assign(p, _ops.sub(p, _ops.mul(g, group["lr"])))


class Adam(_Optimizer):
    """Adam (L2 weight decay added to the gradient), optionally AMSGrad (PyTorch's).

    Example:
        >>> import mindjax as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = Adam([w], lr=0.01)((ms.Tensor([1.0]),))
    """

    _defaults = {"lr": 1e-3, "betas": (0.9, 0.999), "eps": 1e-8, "weight_decay": 0.0, "amsgrad": False,
                 "maximize": False}
    _decoupled = False

    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr=lr, betas=tuple(betas), eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                         maximize=maximize)
        self.exp_avg = [self._state("exp_avg", p) for p in self.parameters]
        self.exp_avg_sq = [self._state("exp_avg_sq", p) for p in self.parameters]
        self.max_exp_avg_sq = [self._state("max_exp_avg_sq", p) for p in self.parameters]

    def _update(self, k, p, g, group):
        lr, (b1, b2), eps, wd = group["lr"], group["betas"], group["eps"], group["weight_decay"]
        if wd and self._decoupled:
            _ops.assign(p, _ops.mul(p, 1 - lr * wd))
        elif wd:
            g = _ops.add(g, _ops.mul(p, wd))
        m = _ops.add(_ops.mul(self.exp_avg[k], b1), _ops.mul(g, 1 - b1))
        v = _ops.add(_ops.mul(self.exp_avg_sq[k], b2), _ops.mul(_ops.mul(g, g), 1 - b2))
        _ops.assign(self.exp_avg[k], m)
        _ops.assign(self.exp_avg_sq[k], v)
        if group["amsgrad"]:
            v = _ops.maximum(self.max_exp_avg_sq[k], v)
            _ops.assign(self.max_exp_avg_sq[k], v)
        t = _ops.cast(self.state_step, p.dtype)
        bc1 = _ops.sub(1.0, _ops.pow(Tensor(b1, p.dtype), t))
        bc2 = _ops.sub(1.0, _ops.pow(Tensor(b2, p.dtype), t))
        denom = _ops.add(_ops.div(_ops.sqrt(v), _ops.sqrt(bc2)), eps)
        _ops.assign(p, _ops.sub(p, _ops.mul(_ops.div(m, denom), _ops.div(lr, bc1))))


class AdamW(Adam):
    """Adam with decoupled weight decay: ``p *= 1 - lr * weight_decay`` before the Adam step.

    Example:
        >>> import mindjax as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = AdamW([w], lr=0.01)((ms.Tensor([1.0]),))
    """

    _decoupled = True

    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)
