"""``mindspore.profiler.schedule``: which steps a Profiler records."""
from __future__ import annotations

import logging
from enum import Enum

logger = logging.getLogger("mindjax.profiler")


class ProfilerAction(Enum):
    """What the profiler does at a step."""
    NONE = 0
    WARM_UP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3

    @staticmethod
    def get_by_value(value):
        return {a.value: a for a in ProfilerAction}.get(value)


class Schedule:
    """Skip ``skip_first`` steps, then repeat: wait ``wait`` steps, warm up ``warmup`` steps, record
    ``active`` steps (the last one saves), ``repeat`` times (0: until the profiler stops).

    Invalid values are reset to their defaults with a warning, as in MindSpore.

    Examples:
        >>> import mindjax as ms
        >>> s = ms.profiler.schedule(wait=1, warmup=1, active=2, repeat=1)
        >>> [s(i).name for i in range(5)]
        ['NONE', 'WARM_UP', 'RECORD', 'RECORD_AND_SAVE', 'NONE']
    """

    def __init__(self, *, wait: int, active: int, warmup: int = 0, repeat: int = 0, skip_first: int = 0) -> None:
        self.wait = wait
        self.active = active
        self.warmup = warmup
        self.repeat = repeat
        self.skip_first = skip_first
        self._check_params()

    def __call__(self, step: int) -> ProfilerAction:
        if step < 0:
            raise ValueError("Invalid parameter step, which must be not less than 0.")
        if step < self.skip_first:
            return ProfilerAction.NONE
        step -= self.skip_first
        num_steps = self.wait + self.warmup + self.active
        if 0 < self.repeat <= step / num_steps:
            return ProfilerAction.NONE
        mod_step = step % num_steps
        if mod_step < self.wait:
            return ProfilerAction.NONE
        if mod_step < self.wait + self.warmup:
            return ProfilerAction.WARM_UP
        return ProfilerAction.RECORD if mod_step < num_steps - 1 else ProfilerAction.RECORD_AND_SAVE

    def __repr__(self) -> str:
        return (f"Schedule(wait={self.wait!r}, active={self.active!r}, warmup={self.warmup!r}, "
                f"repeat={self.repeat!r}, skip_first={self.skip_first!r})")

    def _check_params(self) -> None:
        for name, low, default in (("wait", 0, 0), ("warmup", 0, 0), ("active", 1, 1), ("repeat", 0, 0),
                                   ("skip_first", 0, 0)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                logger.warning("Parameter '%s' should be of type int, but got %s. reset to int %d.",
                               name, type(value).__name__, default)
                setattr(self, name, default)
        if self.warmup == 0:
            logger.warning("Profiler won't be using warmup, this can skew profiler results")

    def to_dict(self) -> dict:
        return {"wait": self.wait, "active": self.active, "warmup": self.warmup, "repeat": self.repeat,
                "skip_first": self.skip_first}


def _default_schedule_fn(_: int) -> ProfilerAction:
    """Record every step."""
    return ProfilerAction.RECORD
