"""Learning-rate schedules (``nn.LearningRateSchedule`` and the common decays)."""
from __future__ import annotations

import math

from .. import _dtype as mstype
from .. import ops
from .cell import Cell

__all__ = ["LearningRateSchedule", "ExponentialDecayLR", "CosineDecayLR", "PolynomialDecayLR", "WarmUpLR",
           "InverseDecayLR", "NaturalExpDecayLR"]


class LearningRateSchedule(Cell):
    """``construct(global_step) -> lr``."""


def _step(global_step):
    return ops.cast(global_step, mstype.float32)


class ExponentialDecayLR(LearningRateSchedule):
    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        self.lr, self.rate, self.steps, self.stair = learning_rate, decay_rate, decay_steps, is_stair

    def construct(self, global_step):
        p = ops.div(_step(global_step), float(self.steps))
        if self.stair:
            p = ops.floor(p)
        return ops.mul(ops.pow(ops.cast(ops.full((), self.rate, dtype=mstype.float32), mstype.float32), p), self.lr)


class NaturalExpDecayLR(ExponentialDecayLR):
    def construct(self, global_step):
        p = ops.div(_step(global_step), float(self.steps))
        if self.stair:
            p = ops.floor(p)
        return ops.mul(ops.exp(ops.mul(p, -self.rate)), self.lr)


class InverseDecayLR(ExponentialDecayLR):
    def construct(self, global_step):
        p = ops.div(_step(global_step), float(self.steps))
        if self.stair:
            p = ops.floor(p)
        return ops.div(self.lr, ops.add(ops.mul(p, self.rate), 1.0))


class CosineDecayLR(LearningRateSchedule):
    def __init__(self, min_lr, max_lr, decay_steps):
        super().__init__()
        self.min_lr, self.max_lr, self.steps = min_lr, max_lr, decay_steps

    def construct(self, global_step):
        p = ops.minimum(_step(global_step), float(self.steps))
        cos = ops.cos(ops.mul(ops.div(p, float(self.steps)), math.pi))
        return ops.add(ops.mul(ops.add(cos, 1.0), 0.5 * (self.max_lr - self.min_lr)), self.min_lr)


class PolynomialDecayLR(LearningRateSchedule):
    def __init__(self, learning_rate, end_learning_rate, decay_steps, power, update_decay_steps=False):
        super().__init__()
        self.lr, self.end, self.steps, self.power = learning_rate, end_learning_rate, decay_steps, power

    def construct(self, global_step):
        p = ops.div(ops.minimum(_step(global_step), float(self.steps)), float(self.steps))
        return ops.add(ops.mul(ops.pow(ops.sub(1.0, p), float(self.power)), self.lr - self.end), self.end)


class WarmUpLR(LearningRateSchedule):
    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        self.lr, self.steps = learning_rate, warmup_steps

    def construct(self, global_step):
        return ops.mul(ops.div(ops.minimum(_step(global_step), float(self.steps)), float(self.steps)), self.lr)
