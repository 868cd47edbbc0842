"""``mindspore.experimental.optim.lr_scheduler``: PyTorch-style schedulers that rewrite the learning-rate
Parameters of an ``experimental.optim`` optimizer's groups (``optimizer.lrs``) between steps, so a
jitted training step sees the new rate without recompiling.

The schedule runs on the host (``step()`` is called between training steps, in PyNative); the rates
are float32 Tensors computed as MindSpore computes them (``lr * gamma`` in float32).

Example:
    >>> import mindjax as ms
    >>> from mindjax import nn
    >>> from mindjax.experimental import optim
    >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
    >>> sched = optim.lr_scheduler.MultiStepLR(opt, milestones=[2], gamma=0.1)
    >>> for _ in range(2):
    ...     _ = sched.step()
    >>> print([round(float(x), 4) for x in sched.get_last_lr()])
    [0.01]
"""
from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter

from ... import _checkparam as validator
from ... import _dtype as mstype
from ... import ops
from ..._tensor import Tensor
from ...common.parameter import Parameter
from .optimizer import Optimizer

__all__ = ["StepLR", "LinearLR", "LRScheduler", "ExponentialLR", "PolynomialLR", "MultiplicativeLR", "ConstantLR",
           "MultiStepLR", "LambdaLR", "SequentialLR", "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts",
           "CosineAnnealingLR"]


def _now(p: Parameter) -> Tensor:
    """A Tensor holding the Parameter's value now (MindSpore's ``Parameter.value()``: a snapshot, not a view)."""
    return Tensor(p.asnumpy())


def _f32(v) -> Tensor:
    return Tensor(v, mstype.float32) if not isinstance(v, Tensor) else ops.cast(v, mstype.float32)


class LRScheduler:
    """``LRScheduler(optimizer, last_epoch=-1)``: the base; a subclass implements ``get_lr()`` (the new
    rates from ``last_epoch`` and the current ones) and may implement ``_get_closed_form_lr()`` (the
    rates at an epoch given to ``step(epoch)``).

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> class Halve(optim.lr_scheduler.LRScheduler):
        ...     def get_lr(self):
        ...         return [lr * 0.5 for lr in self._last_lr]
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = Halve(opt)
        >>> print(opt.param_groups[0]["lr"].asnumpy())
        0.05
    """

    def __init__(self, optimizer, last_epoch: int = -1):
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        validator.check_value_type("last_epoch", last_epoch, [int])
        if last_epoch < -1:
            raise ValueError(f"Invalid last_epoch: {last_epoch}")
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", _now(group["lr"]))
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(f"param 'initial_lr' is not specified in param_groups[{i}] when resuming an "
                                   f"optimizer")
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(Tensor(last_epoch, mstype.float32), name="last_epoch_" + type(self).__name__)
        self.step()

    @property
    def _epoch(self) -> float:
        return float(self.last_epoch.asnumpy())

    def get_lr(self):
        """The rates for ``last_epoch`` (one per group)."""
        raise NotImplementedError

    def get_last_lr(self) -> list:
        """The rates now, one Tensor per group."""
        return [_now(lr) for lr in self._last_lr]

    def step(self, epoch=None):
        """Advances one epoch (or jumps to ``epoch``) and writes the new rates into the optimizer."""
        if epoch is None:
            ops.assign_add(self.last_epoch, Tensor(1, mstype.float32))
            values = self.get_lr()
        else:
            ops.assign(self.last_epoch, _f32(epoch))
            values = self._get_closed_form_lr() if hasattr(self, "_get_closed_form_lr") else self.get_lr()
        for lr, value in zip(self._last_lr, values):
            ops.assign(lr, _f32(value))
        return True


class StepLR(LRScheduler):
    """Multiplies the rates by ``gamma`` every ``step_size`` epochs.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    """

    def __init__(self, optimizer, step_size: int, gamma: float = 0.1, last_epoch: int = -1):
        if not isinstance(step_size, int):
            raise TypeError(f"For 'StepLR', the 'step_size' must be int, but got {type(step_size)}.")
        if not isinstance(gamma, float):
            raise TypeError(f"For 'StepLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.step_size, self.gamma = step_size, gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0 or e % self.step_size != 0:
            return [lr * 1. for lr in self._last_lr]
        return [lr * self.gamma for lr in self._last_lr]

    def _get_closed_form_lr(self):
        return [base * self.gamma ** (self._epoch // self.step_size) for base in self.base_lrs]


class LinearLR(LRScheduler):
    """Scales the rates linearly from ``start_factor`` to ``end_factor`` over ``total_iters`` epochs.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.LinearLR(opt, start_factor=0.5, total_iters=4)
    """

    def __init__(self, optimizer, start_factor: float = 1.0 / 3, end_factor: float = 1.0, total_iters: int = 5,
                 last_epoch: int = -1):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and less than or equal "
                             "to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'LinearLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.start_factor, self.end_factor, self.total_iters = start_factor, end_factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0:
            return [lr * self.start_factor for lr in self._last_lr]
        if e > self.total_iters:
            return [lr * 1. for lr in self._last_lr]
        d = self.end_factor - self.start_factor
        factor = 1. + d / (self.total_iters * self.start_factor + (e - 1) * d)
        return [lr * factor for lr in self._last_lr]

    def _get_closed_form_lr(self):
        d = self.end_factor - self.start_factor
        return [base * (self.start_factor + d * min(self.total_iters, self._epoch) / self.total_iters)
                for base in self.base_lrs]


class ExponentialLR(LRScheduler):
    """Multiplies the rates by ``gamma`` every epoch.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    """

    def __init__(self, optimizer, gamma: float, last_epoch: int = -1):
        if not isinstance(gamma, float):
            raise TypeError(f"For 'ExponentialLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._epoch == 0:
            return [lr * 1. for lr in self._last_lr]
        return [lr * self.gamma for lr in self._last_lr]

    def _get_closed_form_lr(self):
        return [base * self.gamma ** self._epoch for base in self.base_lrs]


class PolynomialLR(LRScheduler):
    """Decays the rates as ``(1 - epoch / total_iters) ** power`` until ``total_iters``.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.PolynomialLR(opt, total_iters=4, power=2.0)
    """

    def __init__(self, optimizer, total_iters: int = 5, power: float = 1.0, last_epoch: int = -1):
        if not isinstance(power, float):
            raise TypeError(f"For 'PolynomialLR', the 'power' must be float, but got {type(power)}.")
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be >= 0, but got {power}.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'PolynomialLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.total_iters, self.power = total_iters, power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0 or e > self.total_iters:
            return [lr * 1. for lr in self._last_lr]
        factor = ((1.0 - e / self.total_iters) / (1.0 - (e - 1) / self.total_iters)) ** self.power
        return [lr * factor for lr in self._last_lr]

    def _get_closed_form_lr(self):
        return [base * (1.0 - min(self.total_iters, self._epoch) / self.total_iters) ** self.power
                for base in self.base_lrs]


def _lambdas(optimizer, lr_lambda) -> list:
    n = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != n:
            raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * n


class LambdaLR(LRScheduler):
    """The rates are ``initial_lr * lr_lambda(epoch)`` (one function, or one per group).

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.LambdaLR(opt, lambda e: 0.9 ** e)
    """

    def __init__(self, optimizer, lr_lambda, last_epoch: int = -1):
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base * fn(_now(self.last_epoch)) for fn, base in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(LRScheduler):
    """Multiplies the rates by ``lr_lambda(epoch)`` every epoch.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.MultiplicativeLR(opt, lambda e: 0.95)
    """

    def __init__(self, optimizer, lr_lambda, last_epoch: int = -1):
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._epoch > 0:
            return [lr * fn(_now(self.last_epoch)) for fn, lr in zip(self.lr_lambdas, self._last_lr)]
        return [lr * 1. for lr in self._last_lr]


class MultiStepLR(LRScheduler):
    """Multiplies the rates by ``gamma`` at each milestone epoch (twice at a milestone given twice).

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.MultiStepLR(opt, milestones=[2, 4])
    """

    def __init__(self, optimizer, milestones: list, gamma: float = 0.1, last_epoch: int = -1):
        validator.check_value_type("milestones", milestones, [list])
        for m in milestones:
            if not isinstance(m, int):
                raise TypeError(f"For 'MultiStepLR', elements of the 'milestones' must be type of int, but got one "
                                f"element of 'milestones' type: {type(m)}.")
        validator.check_value_type("gamma", gamma, [float, int])
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        lrs = [_now(lr) for lr in self._last_lr]
        count = self.milestones.get(int(self._epoch), 0)
        return [lr * self.gamma ** count for lr in lrs] if count else lrs

    def _get_closed_form_lr(self):
        # MindSpore 2.10's closed form reads an attribute MultiStepLR lacks; this one counts the milestones passed
        passed = sum(c for m, c in self.milestones.items() if m <= self._epoch)
        return [base * self.gamma ** passed for base in self.base_lrs]


class ConstantLR(LRScheduler):
    """Scales the rates by ``factor`` until epoch ``total_iters``.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
    """

    def __init__(self, optimizer, factor: float = 1.0 / 3, total_iters: int = 5, last_epoch: int = -1):
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'ConstantLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.factor, self.total_iters = factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0:
            return [lr * self.factor for lr in self._last_lr]
        if e != self.total_iters:
            return [lr * 1. for lr in self._last_lr]
        return [lr / self.factor for lr in self._last_lr]

    def _get_closed_form_lr(self):
        return [base * (self.factor + (self._epoch >= self.total_iters) * (1 - self.factor))
                for base in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    """Cosine annealing from the initial rate to ``eta_min`` over ``T_max`` epochs.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4)
    """

    def __init__(self, optimizer, T_max: int, eta_min: float = 0.0, last_epoch: int = -1):  # noqa: N803
        if not isinstance(eta_min, (float, int)):
            raise TypeError(f"For 'CosineAnnealingLR', the 'eta_min' must be float or int, but got {type(eta_min)}.")
        if not isinstance(T_max, int):
            raise TypeError(f"For 'CosineAnnealingLR', the 'T_max' must be int, but got {type(eta_min)}.")
        self.T_max, self.eta_min = T_max, eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e, t = self._epoch, self.T_max
        if e == 0:
            return [lr * 1. for lr in self._last_lr]
        if (e - 1 - t) % (2 * t) == 0:
            c = ops.cos(_f32(math.pi / t))
            return [lr + (base - self.eta_min) * (1 - c) / 2 for base, lr in zip(self.base_lrs, self._last_lr)]
        ratio = (1 + ops.cos(_f32(math.pi * e / t))) / (1 + ops.cos(_f32(math.pi * (e - 1) / t)))
        return [ratio * (lr - self.eta_min) + self.eta_min for lr in self._last_lr]

    def _get_closed_form_lr(self):
        c = ops.cos(_f32(math.pi * self._epoch / self.T_max))
        return [self.eta_min + (base - self.eta_min) * (1 + c) / 2 for base in self.base_lrs]


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing restarted every ``T_i`` epochs, ``T_i`` growing by ``T_mult`` after each restart.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3)
    """

    def __init__(self, optimizer, T_0: int, T_mult: int = 1, eta_min=0, last_epoch: int = -1):  # noqa: N803
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"T_0 should be an integer and equal or greater than 0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"T_mult should be an integer and equal or greater than 1, but got {T_mult}")
        validator.check_value_type("eta_min", eta_min, [float, int])
        self.T_0, self.T_i, self.T_mult = float(T_0), float(T_0), T_mult
        self.eta_min = eta_min
        self.T_cur = float(last_epoch)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        c = ops.cos(_f32(math.pi * self.T_cur / self.T_i))
        return [self.eta_min + (base - self.eta_min) * (1 + c) / 2 for base in self.base_lrs]

    def step(self, epoch=None):
        if epoch is None and self._epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self._epoch + 1
            self.T_cur += 1
            if self.T_cur >= self.T_i:
                self.T_cur -= self.T_i
                self.T_i *= self.T_mult
        else:
            epoch = float(epoch)
            if epoch < 0:
                raise ValueError(f"epoch should be a non-negative integer, but got {epoch}")
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** n
            else:
                self.T_i, self.T_cur = self.T_0, epoch
        ops.assign(self.last_epoch, _f32(math.floor(epoch)))
        for lr, value in zip(self._last_lr, self.get_lr()):
            ops.assign(lr, _f32(value))


class CyclicLR(LRScheduler):
    """Cycles the rates between ``base_lr`` and ``max_lr`` (modes ``triangular``, ``triangular2``,
    ``exp_range`` or a ``scale_fn``).

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2)
    """

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode="triangular",
                 gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch: int = -1):
        base_lrs = self._per_group(optimizer, base_lr, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                ops.assign(group["lr"], _f32(lr))
        self.max_lrs = [_f32(lr) for lr in self._per_group(optimizer, max_lr, "max_lr")]
        up = float(step_size_up)
        down = up if step_size_down is None else float(step_size_down)
        self.total_step_size = up + down
        self.step_up_ratio = up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode, self.gamma, self._scale_fn_custom, self.scale_mode = mode, gamma, scale_fn, scale_mode
        if scale_fn is None:
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [_f32(lr) for lr in base_lrs]

    @staticmethod
    def _per_group(optimizer, value, name: str) -> list:
        if isinstance(value, (list, tuple)):
            if len(value) != len(optimizer.param_groups):
                raise ValueError(f"Expected {len(optimizer.param_groups)} values for {name}, got {len(value)}")
            return list(value)
        return [value] * len(optimizer.param_groups)

    def scale_fn(self, x):
        """The amplitude scale at cycle (or iteration) ``x``."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.
        if self.mode == "triangular2":
            return 1 / (2. ** (x - 1))
        return self.gamma ** x

    def get_lr(self):
        e = self._epoch
        cycle = math.floor(1 + e / self.total_step_size)
        x = 1. + e / self.total_step_size - cycle
        scale = x / self.step_up_ratio if x <= self.step_up_ratio else (x - 1) / (self.step_up_ratio - 1)
        at = cycle if self.scale_mode == "cycle" else e
        return [base + (top - base) * scale * self.scale_fn(at) for base, top in zip(self.base_lrs, self.max_lrs)]


class SequentialLR:
    """Runs ``schedulers`` one after another, switching at the ``milestones`` epochs.

    Example:
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> a = optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
        >>> b = optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
        >>> s = optim.lr_scheduler.SequentialLR(opt, schedulers=[a, b], milestones=[2])
    """

    def __init__(self, optimizer, schedulers: list, milestones: list, last_epoch: int = -1):
        for i, sched in enumerate(schedulers):
            if sched.optimizer is not optimizer:
                raise ValueError(f"Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                                 f"got scheduler at index {i} is different from the optimizer passed in.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(f"Sequential Schedulers expects number of schedulers provided to be one more than the "
                             f"number of milestone points, but got number of schedulers {len(schedulers)} and the "
                             f"number of milestones {len(milestones)}")
        self._schedulers, self.milestones, self.optimizer = schedulers, milestones, optimizer
        self.last_epoch = Parameter(Tensor(last_epoch + 1, mstype.float32), name="last_epoch_SequentialLR")
        for group in optimizer.param_groups:
            ops.assign(group["lr"], _f32(group["initial_lr"]))
        for sched in schedulers:
            ops.assign_sub(sched.last_epoch, Tensor(1, mstype.float32))
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self):
        """Advances one epoch in the scheduler whose range holds it."""
        ops.assign_add(self.last_epoch, Tensor(1, mstype.float32))
        epoch = int(float(self.last_epoch.asnumpy()))
        idx = bisect_right(self.milestones, epoch)
        sched = self._schedulers[idx]
        if idx > 0 and self.milestones[idx - 1] == epoch:
            sched.step(0)
        else:
            sched.step()

    def get_last_lr(self) -> list:
        """The rates now, one Tensor per group."""
        return [_now(lr) for lr in self._last_lr]


class ReduceLROnPlateau:
    """Multiplies the rates by ``factor`` when ``step(metric)`` has not improved for ``patience`` epochs.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> from mindjax.experimental import optim
        >>> opt = optim.SGD(nn.Dense(2, 1).trainable_params(), lr=0.1)
        >>> s = optim.lr_scheduler.ReduceLROnPlateau(opt, patience=0)
        >>> for loss in (1.0, 2.0):
        ...     _ = s.step(ms.Tensor(loss))
        >>> print(round(float(s.get_last_lr()[0]), 4))
        0.01
    """

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4, threshold_mode="rel",
                 cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError("The lr factor should be less than 1.0.")
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"Expected an `Optimizer`, but got type {type(optimizer).__name__}")
        n = len(optimizer.param_groups)
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != n:
                raise ValueError(f"Expected {n} min_lrs, got {len(min_lr)}")
            self.min_lrs = [_f32(lr) for lr in min_lr]
        else:
            self.min_lrs = [_f32(min_lr)] * n
        if mode not in ("min", "max"):
            raise ValueError(f"`mode` should be 'min' or 'max', but got {mode}.")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(f"`threshold mode` should be 'rel' or 'abs', but got {threshold_mode}.")
        self.optimizer, self.factor, self.mode, self.patience = optimizer, factor, mode, patience
        self.threshold, self.threshold_mode, self.cooldown, self.eps = threshold, threshold_mode, cooldown, eps
        self.mode_worse = float("inf") if mode == "min" else float("-inf")
        self.last_epoch = Parameter(Tensor(0, mstype.int32), name="last_epoch_ReduceLROnPlateau")
        self.best = Parameter(Tensor(self.mode_worse, mstype.float32), name="best")
        self.cooldown_counter = Parameter(Tensor(0, mstype.float32), name="cooldown_counter")
        self.wait = Parameter(Tensor(0, mstype.float32), name="wait")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def step(self, metrics):
        """Records one epoch's metric and reduces the rates after ``patience`` epochs without improvement."""
        ops.assign_add(self.last_epoch, Tensor(1, mstype.int32))
        current = ops.cast(_f32(metrics), mstype.float32)
        if bool(self._is_improvement(current, _now(self.best))):
            ops.assign(self.best, current)
            ops.assign(self.wait, Tensor(0, mstype.float32))
        else:
            ops.assign_add(self.wait, Tensor(1, mstype.float32))
        if self.in_cooldown():
            ops.assign_sub(self.cooldown_counter, Tensor(1, mstype.float32))
            ops.assign(self.wait, Tensor(0, mstype.float32))
        if float(self.wait.asnumpy()) > self.patience:
            for lr, floor in zip(self._last_lr, self.min_lrs):
                old = _now(lr)
                new = ops.maximum(old * self.factor, floor)
                if float(old.asnumpy()) > float(new.asnumpy()) + self.eps:
                    ops.assign(lr, new)
            ops.assign(self.cooldown_counter, Tensor(self.cooldown, mstype.float32))
            ops.assign(self.wait, Tensor(0, mstype.float32))
        return True

    def in_cooldown(self) -> bool:
        """Whether the cooldown after a reduction is running."""
        return float(self.cooldown_counter.asnumpy()) > 0

    def _is_improvement(self, current, best):
        if self.mode == "min" and self.threshold_mode == "rel":
            return current < best * (1. - self.threshold)
        if self.mode == "min":
            return current < best - self.threshold
        if self.threshold_mode == "rel":
            return current > best * (self.threshold + 1.)
        return current > best + self.threshold

    def get_last_lr(self) -> list:
        """The rates now, one Tensor per group."""
        return [_now(lr) for lr in self._last_lr]
