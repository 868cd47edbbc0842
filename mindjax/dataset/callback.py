"""``mindspore.dataset.callback``: DSCallback, hooks a ``map`` calls as rows go through it."""
from .engine import validators as V

__all__ = ["DSCallback", "WaitedDSCallback"]


class _RunContext:
    """What a DSCallback method is told: epoch number and step numbers (in the epoch, and in all)."""

    def __init__(self):
        self.cur_epoch_num = 0
        self.cur_step_num_in_epoch = 0
        self.cur_step_num = 0


class DSCallback:
    """Base class of dataset callbacks: override ``ds_begin``, ``ds_epoch_begin``, ``ds_epoch_end``,
    ``ds_step_begin``, ``ds_step_end``; pass instances to ``map(..., callbacks=...)``. Step hooks run
    on steps 1, 1 + step_size, 1 + 2 * step_size, ... of each epoch.

    Examples:
        >>> import numpy as np, mindjax.dataset as ds
        >>> class Count(DSCallback):
        ...     def ds_epoch_end(self, ctx):
        ...         print(ctx.cur_epoch_num, ctx.cur_step_num)
        >>> d = ds.NumpySlicesDataset(np.arange(3), shuffle=False).map(lambda x: x, callbacks=Count())
        >>> _ = list(d.create_tuple_iterator(num_epochs=1))
        1 3
    """

    def __init__(self, step_size: int = 1):
        V.type_check(step_size, (int,), "step_size")
        V.check_value(step_size, 1, V.INT32_MAX, "step_size")
        self.step_size = step_size

    def ds_begin(self, ds_run_context):
        """Called once, before the first row."""

    def ds_epoch_begin(self, ds_run_context):
        """Called at the start of each epoch."""

    def ds_epoch_end(self, ds_run_context):
        """Called at the end of each epoch."""

    def ds_step_begin(self, ds_run_context):
        """Called before a row is mapped (every ``step_size`` rows)."""

    def ds_step_end(self, ds_run_context):
        """Called after a row is mapped (every ``step_size`` rows)."""

    def create_runtime_obj(self):
        """The object the pipeline drives (the callback itself in mindjax)."""
        return self


class _Driver:
    """Per-iterator state of a map's callbacks."""

    def __init__(self, callbacks):
        self.callbacks = callbacks
        self.ctx = _RunContext()
        self.started = False

    def _call(self, name, step_only=False):
        for cb in self.callbacks:
            if step_only and (self.ctx.cur_step_num_in_epoch - 1) % cb.step_size:
                continue
            getattr(cb, name)(self.ctx)

    def epoch_begin(self):
        if not self.started:
            self.started = True
            self._call("ds_begin")
        self.ctx.cur_epoch_num += 1
        self.ctx.cur_step_num_in_epoch = 0
        self._call("ds_epoch_begin")

    def step_begin(self):
        self.ctx.cur_step_num_in_epoch += 1
        self.ctx.cur_step_num += 1
        self._call("ds_step_begin", True)

    def step_end(self):
        self._call("ds_step_end", True)

    def epoch_end(self):
        self._call("ds_epoch_end")

from .engine._waited_callback import WaitedDSCallback  # noqa: E402,F401
