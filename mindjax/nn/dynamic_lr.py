"""Dynamic learning rates as lists: one float per training step (``mindspore.nn.dynamic_lr``).

Each function computes the schedule in plain Python floats, step by step, with the same
arithmetic (and so the same rounding) as MindSpore. The list can be given to an optimizer as its
``learning_rate``.
"""
from __future__ import annotations

import math

from .. import _checkparam as validator

__all__ = [
    'piecewise_constant_lr',
    'exponential_decay_lr',
    'natural_exp_decay_lr',
    'inverse_decay_lr',
    'cosine_decay_lr',
    'polynomial_decay_lr',
    'warmup_lr',
]


def _epoch(step: int, step_per_epoch: int) -> int:
    return math.floor(step / step_per_epoch)


def _check_float_type(value, arg_name: str, func: str) -> None:
    # a bare isinstance check (not the Validator's): bool/int are rejected with this message
    if not isinstance(value, float):
        raise TypeError(f"For '{func}', the argument '{arg_name}' must be type of float, "
                        f"but got '{arg_name}' type: {type(value)}.")


def _check_steps(total_step, step_per_epoch, decay_epoch, decay_name: str = 'decay_epoch') -> None:
    validator.check_positive_int(total_step, 'total_step')
    validator.check_positive_int(step_per_epoch, 'step_per_epoch')
    validator.check_positive_int(decay_epoch, decay_name)


def _check_decay(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair) -> None:
    _check_steps(total_step, step_per_epoch, decay_epoch)
    for name, value in (('learning_rate', learning_rate), ('decay_rate', decay_rate)):
        validator.check_positive_float(value, name)
        validator.check_is_float(value, name)
    validator.check_value_type('is_stair', is_stair, [bool])


def piecewise_constant_lr(milestone: list | tuple, learning_rates: list | tuple) -> list:
    """A piecewise constant schedule: ``learning_rates[t]`` for the steps in ``[milestone[t-1], milestone[t])``.

    Args:
        milestone: increasing positive ints, the step at which each rate ends.
        learning_rates: floats, one per milestone.

    Returns:
        list[float] of length ``milestone[-1]``.

    Examples:
        >>> from mindjax import nn
        >>> nn.piecewise_constant_lr([2, 5], [0.1, 0.05])
        [0.1, 0.1, 0.05, 0.05, 0.05]
    """
    validator.check_value_type('milestone', milestone, (tuple, list))
    validator.check_value_type('learning_rates', learning_rates, (tuple, list))
    if len(milestone) != len(learning_rates):
        raise ValueError(f"For 'piecewise_constant_lr', the size of 'milestone' must be same with the size of "
                         f"'learning_rates', but got 'milestone' size: {len(milestone)}, 'learning_rates' size: "
                         f"{len(learning_rates)}.")
    out = []
    start = 0
    for i, end in enumerate(milestone):
        validator.check_positive_int(end, f'milestone[{i}]')
        validator.check_is_float(learning_rates[i], f'learning_rates[{i}]')
        if end < start:
            raise ValueError(f"For 'piecewise_constant_lr', the value of milestone[{i}] must be greater than "
                             f"milestone[{i - 1}], but got milestone[{i}]: {milestone[i]}, milestone[{i - 1}]: "
                             f"{milestone[i - 1]}.")
        out.extend([learning_rates[i]] * (end - start))
        start = end
    return out


def exponential_decay_lr(learning_rate: float, decay_rate: float, total_step: int, step_per_epoch: int,
                         decay_epoch: int, is_stair: bool = False) -> list:
    """``learning_rate * decay_rate ** (epoch / decay_epoch)`` per step, ``epoch = floor(step / step_per_epoch)``;
    with ``is_stair`` the exponent is floored.

    Examples:
        >>> from mindjax import nn
        >>> nn.exponential_decay_lr(0.1, 0.9, 4, 2, 1)
        [0.1, 0.1, 0.09000000000000001, 0.09000000000000001]
    """
    _check_decay(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for step in range(total_step):
        power = _epoch(step, step_per_epoch) / decay_epoch
        if is_stair:
            power = math.floor(power)
        out.append(learning_rate * decay_rate ** power)
    return out


def natural_exp_decay_lr(learning_rate: float, decay_rate: float, total_step: int, step_per_epoch: int,
                         decay_epoch: int, is_stair: bool = False) -> list:
    """``learning_rate * e ** (-decay_rate * epoch)`` per step; with ``is_stair`` the epoch is rounded down
    to a multiple of ``decay_epoch``.

    Examples:
        >>> from mindjax import nn
        >>> len(nn.natural_exp_decay_lr(0.1, 0.9, 6, 2, 2, True))
        6
    """
    _check_decay(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for step in range(total_step):
        epoch = _epoch(step, step_per_epoch)
        if is_stair:
            epoch = math.floor(epoch / decay_epoch) * decay_epoch
        # math.e ** x, not math.exp(x): the two can differ in the last bit, and MindSpore uses the power
        out.append(learning_rate * math.e ** (-decay_rate * epoch))
    return out


def inverse_decay_lr(learning_rate: float, decay_rate: float, total_step: int, step_per_epoch: int,
                     decay_epoch: int, is_stair: bool = False) -> list:
    """``learning_rate / (1 + decay_rate * epoch / decay_epoch)`` per step; with ``is_stair``
    ``epoch / decay_epoch`` is floored.

    Examples:
        >>> from mindjax import nn
        >>> nn.inverse_decay_lr(0.1, 0.5, 4, 1, 1)
        [0.1, 0.06666666666666667, 0.05, 0.04]
    """
    _check_decay(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for step in range(total_step):
        epoch = _epoch(step, step_per_epoch)
        if is_stair:
            out.append(learning_rate / (1 + decay_rate * math.floor(epoch / decay_epoch)))
        else:
            out.append(learning_rate / (1 + decay_rate * epoch / decay_epoch))
    return out


def cosine_decay_lr(min_lr: float, max_lr: float, total_step: int, step_per_epoch: int, decay_epoch: int) -> list:
    """``min_lr + 0.5 * (max_lr - min_lr) * (1 + cos(pi * min(epoch, decay_epoch) / decay_epoch))`` per step.

    Examples:
        >>> from mindjax import nn
        >>> nn.cosine_decay_lr(0.0, 0.1, 3, 1, 2)
        [0.1, 0.05, 0.0]
    """
    _check_float_type(min_lr, 'min_lr', 'cosine_decay_lr')
    validator.check_non_negative_float(min_lr, "min_lr", None)
    validator.check_positive_float(max_lr, 'max_lr')
    validator.check_is_float(max_lr, 'max_lr')
    _check_steps(total_step, step_per_epoch, decay_epoch)
    if min_lr >= max_lr:
        raise ValueError(f"For 'cosine_decay_lr', the 'max_lr' must be greater than the 'min_lr', but got 'max_lr' "
                         f"value: {max_lr}, 'min_lr' value: {min_lr}.")
    half = 0.5 * (max_lr - min_lr)
    out = []
    for step in range(total_step):
        epoch = min(_epoch(step, step_per_epoch), decay_epoch)
        out.append(min_lr + half * (1 + math.cos(math.pi * epoch / decay_epoch)))
    return out


def polynomial_decay_lr(learning_rate: float, end_learning_rate: float, total_step: int, step_per_epoch: int,
                        decay_epoch: int, power: float, update_decay_epoch: bool = False) -> list:
    """``(learning_rate - end_learning_rate) * (1 - epoch / decay) ** power + end_learning_rate`` per step,
    with ``epoch`` capped at ``decay_epoch``; with ``update_decay_epoch`` the epoch is not capped and
    ``decay`` grows to the next multiple of ``decay_epoch``.

    Examples:
        >>> from mindjax import nn
        >>> nn.polynomial_decay_lr(0.1, 0.01, 3, 1, 2, 1.0)
        [0.1, 0.05500000000000001, 0.01]
    """
    validator.check_positive_float(learning_rate, 'learning_rate')
    validator.check_is_float(learning_rate, 'learning_rate')
    _check_float_type(end_learning_rate, 'end_learning_rate', 'polynomial_decay_lr')
    validator.check_non_negative_float(end_learning_rate, "end_learning_rate", None)
    validator.check_positive_float(power, 'power')
    validator.check_is_float(power, 'power')
    _check_steps(total_step, step_per_epoch, decay_epoch)
    validator.check_value_type('update_decay_epoch', update_decay_epoch, [bool])
    delta = learning_rate - end_learning_rate
    decay = decay_epoch
    out = []
    for step in range(total_step):
        epoch = _epoch(step, step_per_epoch)
        if update_decay_epoch:
            decay = decay_epoch * max(math.ceil(epoch / decay_epoch), 1)
        else:
            epoch = min(decay, epoch)
        out.append(delta * (1 - epoch / decay) ** power + end_learning_rate)
    return out


def warmup_lr(learning_rate: float, total_step: int, step_per_epoch: int, warmup_epoch: int) -> list:
    """``learning_rate * min(epoch, warmup_epoch) / warmup_epoch`` per step.

    Examples:
        >>> from mindjax import nn
        >>> nn.warmup_lr(0.1, 4, 1, 2)
        [0.0, 0.05, 0.1, 0.1]
    """
    _check_float_type(learning_rate, 'learning_rate', 'warmup_lr')
    validator.check_non_negative_float(learning_rate, "learning_rate", None)
    validator.check_positive_int(warmup_epoch, 'warmup_epoch')
    validator.check_positive_int(total_step, 'total_step')
    validator.check_positive_int(step_per_epoch, 'step_per_epoch')
    out = []
    for step in range(total_step):
        epoch = min(warmup_epoch, _epoch(step, step_per_epoch))
        out.append(learning_rate * epoch / warmup_epoch)
    return out
