"""Loss scale managers (``mindspore.train.loss_scale_manager``) and the update Cells
that ``nn.TrainOneStepWithLossScaleCell`` drives (``update(overflow)`` / ``get_scale()``)."""
from __future__ import annotations

from .. import _dtype as mstype
from .. import ops
from .._tensor import Tensor
from ..common.parameter import Parameter
from ..nn.cell import Cell

__all__ = ["LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager",
           "FixedLossScaleUpdateCell", "DynamicLossScaleUpdateCell"]


class LossScaleManager:
    """Abstract loss scale manager."""

    def get_loss_scale(self):
        raise NotImplementedError

    def update_loss_scale(self, overflow):
        raise NotImplementedError

    def get_update_cell(self):
        raise NotImplementedError


class FixedLossScaleManager(LossScaleManager):
    """A constant loss scale; with ``drop_overflow_update`` a step that overflows is skipped."""

    def __init__(self, loss_scale=128.0, drop_overflow_update=True):
        if loss_scale < 1:
            raise ValueError("The argument 'loss_scale' must be >= 1, but got {}".format(loss_scale))
        self._loss_scale = loss_scale
        self._drop_overflow_update = drop_overflow_update

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self):
        return self._drop_overflow_update

    def update_loss_scale(self, overflow):
        pass

    def get_update_cell(self):
        if not self._drop_overflow_update:
            return None
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """Divides the scale by ``scale_factor`` on overflow and multiplies it after
    ``scale_window`` steps without one."""

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000):
        if init_loss_scale < 1.0:
            raise ValueError("The argument 'init_loss_scale' must be > 1, but got {}".format(init_loss_scale))
        self.loss_scale = init_loss_scale
        if isinstance(scale_window, bool) or not isinstance(scale_window, int) or scale_window <= 0:
            raise ValueError(f"For 'DynamicLossScaleManager', the 'scale_window' must be a positive int, "
                             f"but got {scale_window}.")
        self.scale_window = scale_window
        if scale_factor <= 0:
            raise ValueError("The argument 'scale_factor' must be > 0, but got {}".format(scale_factor))
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self):
        return self.loss_scale

    def update_loss_scale(self, overflow):
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError("Dynamic loss scale Continuous overflow ", self.bad_step,
                               " times, has exceeded maximum threshold.")
        self.cur_iter += 1

    def get_drop_overflow_update(self):
        return True

    def get_update_cell(self):
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)


class FixedLossScaleUpdateCell(Cell):
    """``nn.FixedLossScaleUpdateCell(loss_scale_value)``: the scale never changes."""

    def __init__(self, loss_scale_value):
        super().__init__()
        self.loss_scale_value = float(loss_scale_value)
        self.scale_sense = Parameter(Tensor(self.loss_scale_value, mstype.float32), name="scale_sense",
                                     requires_grad=False)

    def get_loss_scale(self):
        return self.loss_scale_value

    def get_scale(self):
        return self.scale_sense

    def update(self, overflow):
        return overflow

    def construct(self, loss_scale, overflow):
        return overflow


class DynamicLossScaleUpdateCell(Cell):
    """``nn.DynamicLossScaleUpdateCell(loss_scale_value, scale_factor, scale_window)``, written with
    ops only (no Python branches on values), so it compiles inside a jit training step."""

    def __init__(self, loss_scale_value, scale_factor, scale_window):
        super().__init__()
        self.scale_window = Tensor(scale_window, mstype.int32)
        self.scale_factor = Tensor(float(scale_factor), mstype.float32)
        self.loss_scale_value = loss_scale_value
        self.scale_sense = Parameter(Tensor(float(loss_scale_value), mstype.float32), name="scale_sense",
                                     requires_grad=False)
        self.cur_iter = Parameter(Tensor(1, mstype.int32), name="current_iterator_step", requires_grad=False)
        self.last_overflow_iter = Parameter(Tensor(0, mstype.int32), name="last_overflow_iterator_step",
                                            requires_grad=False)

    def get_loss_scale(self):
        return self.loss_scale_value

    def get_scale(self):
        return self.scale_sense

    def update(self, overflow):
        return self.construct(self.scale_sense, overflow)

    def construct(self, loss_scale, overflow):
        overflow = ops.cast(overflow, mstype.bool_)
        one = ops.cast(Tensor(1.0), loss_scale.dtype)
        on_overflow = ops.select(overflow, ops.maximum(ops.div(loss_scale, self.scale_factor), one), loss_scale)
        should_inc = ops.less_equal(self.scale_window, ops.sub(self.cur_iter, self.last_overflow_iter))
        last_iter_cond = ops.logical_or(overflow, should_inc)
        ops.assign(self.last_overflow_iter, ops.select(last_iter_cond, self.cur_iter, self.last_overflow_iter))
        update_cond = ops.logical_and(should_inc, ops.logical_not(overflow))
        ops.assign(loss_scale, ops.select(update_cond, ops.mul(on_overflow, self.scale_factor), on_overflow))
        ops.assign(self.cur_iter, ops.add(self.cur_iter, 1))
        return overflow


def _as_scale_manager_cell(scale_sense):
    """What ``TrainOneStepWithLossScaleCell`` takes as ``scale_sense``: an update Cell
    (kept), a manager (its update cell), a Tensor or a number (a fixed scale)."""
    if isinstance(scale_sense, (FixedLossScaleUpdateCell, DynamicLossScaleUpdateCell)):
        return scale_sense
    if isinstance(scale_sense, Cell) and hasattr(scale_sense, "get_scale") and hasattr(scale_sense, "update"):
        return scale_sense
    if isinstance(scale_sense, LossScaleManager):
        cell = scale_sense.get_update_cell()
        return cell if cell is not None else FixedLossScaleUpdateCell(scale_sense.get_loss_scale())
    if isinstance(scale_sense, Tensor):
        if scale_sense.shape not in ((), (1,)):
            raise ValueError(f"The shape of 'scale_sense' must be (1,) or (), but got {scale_sense.shape}")
        return FixedLossScaleUpdateCell(float(scale_sense.asnumpy().reshape(())))
    if isinstance(scale_sense, (int, float)) and not isinstance(scale_sense, bool):
        return FixedLossScaleUpdateCell(scale_sense)
    raise TypeError(f"The scale_sense must be Cell or Tensor, but got {type(scale_sense)}")
