"""``WaitedDSCallback``: a dataset callback kept in step with training.

It is both a ``dataset.DSCallback`` (given to ``map(..., callbacks=...)``) and a ``train.Callback``
(given to ``Model.train(..., callbacks=...)``): before a dataset step (epoch) after the first, the
pipeline thread waits until training has ended the previous step (epoch), then calls
``sync_step_begin`` (``sync_epoch_begin``) with both run contexts. The waits time out after
``dataset.config.get_callback_timeout()`` seconds, as MindSpore's do.
"""
import threading

from .. import config
from ..callback import DSCallback
from ...train.callback import Callback

__all__ = ["WaitedDSCallback"]


class WaitedDSCallback(Callback, DSCallback):
    """Base class of dataset callbacks synchronized with training: override ``sync_epoch_begin`` and/or
    ``sync_step_begin(train_run_context, ds_run_context)``.

    Examples:
        >>> import mindjax.dataset as ds
        >>> class Seen(ds.WaitedDSCallback):
        ...     def sync_epoch_begin(self, train_run_context, ds_run_context):
        ...         print("epoch", ds_run_context.cur_epoch_num)
        >>> cb = Seen(step_size=1)
        >>> cb.step_size
        1
    """

    def __init__(self, step_size: int = 1):
        DSCallback.__init__(self, step_size)
        self.step_event = threading.Event()
        self.step_run_context = None
        self.epoch_event = threading.Event()
        self.epoch_run_context = None
        self.training_ended = False

    def sync_epoch_begin(self, train_run_context, ds_run_context):
        """Called before a dataset epoch, after the previous training epoch ended."""

    def sync_step_begin(self, train_run_context, ds_run_context):
        """Called before a dataset step, after the previous training step ended."""

    # ---- the training side ----
    def epoch_end(self, run_context):
        self.epoch_run_context = run_context
        self.epoch_event.set()

    def step_end(self, run_context):
        self.step_run_context = run_context
        self.step_event.set()

    def end(self, run_context):
        self.epoch_end(run_context)
        self.step_end(run_context)
        self.training_ended = True

    # ---- the pipeline side ----
    def _wait(self, event, what):
        if not self.training_ended:
            ok = event.wait(timeout=config.get_callback_timeout())
            event.clear()
            if not ok:
                raise RuntimeError(f"{what} timed out after {config.get_callback_timeout()} second(s).")

    def ds_epoch_begin(self, ds_run_context):
        if type(self).sync_epoch_begin is WaitedDSCallback.sync_epoch_begin:
            return
        if ds_run_context.cur_epoch_num > 1:
            self._wait(self.epoch_event, "ds_epoch_begin")
            self.sync_epoch_begin(self.epoch_run_context, ds_run_context)

    def ds_step_begin(self, ds_run_context):
        if type(self).sync_step_begin is WaitedDSCallback.sync_step_begin:
            return
        if ds_run_context.cur_step_num > self.step_size:
            self._wait(self.step_event, "ds_step_begin")
            self.sync_step_begin(self.step_run_context, ds_run_context)

    def create_runtime_obj(self):
        if type(self).sync_step_begin is WaitedDSCallback.sync_step_begin and \
                type(self).sync_epoch_begin is WaitedDSCallback.sync_epoch_begin:
            raise AttributeError("Inheriting Callback class without overriding any methods, check the usage of user "
                                 "defined Callback.")
        return self
