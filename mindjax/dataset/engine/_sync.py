"""``Dataset.sync_wait`` / ``sync_update``: the pipeline pauses after a number of rows until the
training loop releases it (MindSpore's SyncWaitDataset and its block/release pair)."""
import logging
import threading

from .. import config
from . import validators as V
from .datasets import Dataset

_log = logging.getLogger("mindjax.dataset")


class _BlockRelease:
    """Rows may pass while ``row_count`` < 0; ``release`` lets ``n`` more pass (and calls the callback)."""

    def __init__(self, rows, callback=None):
        if rows <= 0:
            raise ValueError("release_rows need to be greater than 0.")
        self.row_count = -rows
        self.default_rows = rows
        self.callback = callback
        self.disable = False
        self.cv = threading.Condition()

    def __deepcopy__(self, memo):
        return self

    def update_batched_size(self, batch_size):
        self.row_count *= batch_size
        self.default_rows *= batch_size

    def block(self, stop=None):
        with self.cv:
            ok = self.cv.wait_for(lambda: self.row_count < 0 or self.disable, timeout=config.get_callback_timeout())
            if not ok:
                _log.warning("Timeout happened in sync_wait, maybe dataset.sync_update(condition=...) is not added "
                             "after dataset.create_dict_iterator(...), now disabling lock.")
                self.disable = True
            self.row_count += 1

    def release(self, pass_rows=None, data=None):
        with self.cv:
            self.row_count -= self.default_rows if pass_rows is None else pass_rows
            if self.callback is not None:
                self.callback(data)
            self.cv.notify_all()

    def disable_lock(self):
        with self.cv:
            self.disable = True
            self.cv.notify_all()


class SyncWaitDataset(Dataset):
    """The node of :meth:`Dataset.sync_wait`."""

    def __init__(self, child, condition_name, num_batch=1, callback=None):
        V.type_check(condition_name, (str,), "condition_name")
        V.type_check(num_batch, (int,), "num_batch")
        if num_batch <= 0:
            raise ValueError("num_batch need to be greater than 0.")
        super().__init__(child)
        if condition_name in child.get_sync_notifiers():
            raise RuntimeError("Condition name is already in use.")
        self.condition_name = condition_name
        self._pair = _BlockRelease(num_batch, callback)

    def _columns(self):
        return self.children[0]._columns()

    def _size(self):
        return self.children[0].get_dataset_size()

    def get_sync_notifiers(self):
        return {**self.children[0].get_sync_notifiers(), self.condition_name: self._pair.release}

    def disable_sync(self):
        self._pair.disable_lock()

    def _iter(self, ctx):
        for row in self.children[0]._iter(ctx):
            self._pair.block()
            yield row
