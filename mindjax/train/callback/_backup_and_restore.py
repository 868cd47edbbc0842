"""BackupAndRestore: saves the training network every few epochs and loads it back when
training starts again."""
from __future__ import annotations

import logging
import os
import stat

from ...nn.metrics._validate import check_bool, check_positive_int
from ._callback import Callback
from ._dirs import _make_directory

logger = logging.getLogger("mindjax.train")


class BackupAndRestore(Callback):
    """Saves the training network (the model's weights and the optimizer's state) to
    ``backup_dir/backup.ckpt`` at the end of every ``save_freq``-th epoch, and loads that
    file into the training network when training begins, so that a run killed in epoch
    k+1 restarts from the end of epoch k. As in MindSpore, the epoch counter is not
    restored: pass ``initial_epoch=k`` to ``Model.train`` to skip the epochs done. The
    file is deleted when training ends normally, unless ``delete_checkpoint=False``.

    Example:
        >>> import numpy as np
        >>> from mindspore import nn
        >>> from mindspore import dataset as ds
        >>> from mindspore.train import Model, BackupAndRestore
        >>> net = nn.Dense(3, 1)
        >>> model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        >>> data = ds.NumpySlicesDataset((np.ones((4, 3), np.float32), np.ones((4, 1), np.float32))).batch(2)
        >>> model.train(2, data, callbacks=BackupAndRestore("backup", delete_checkpoint=False))
        >>> import os; os.path.isfile("backup/backup.ckpt")
        True
    """

    def __init__(self, backup_dir: str, save_freq="epoch", delete_checkpoint: bool = True):
        super().__init__()
        ckpt_dir = _make_directory(backup_dir)
        self.backup_file = os.path.join(ckpt_dir, "backup.ckpt")
        self.save_freq = 1 if save_freq == "epoch" else check_positive_int(save_freq)
        self.delete_checkpoint = check_bool(delete_checkpoint)

    def on_train_begin(self, run_context):
        """Load the backup, if there is one, into the training network."""
        from ..serialization import load_checkpoint
        if os.path.exists(self.backup_file):
            cb_params = run_context.original_args()
            logger.info("Restore checkpoint file is %s, load checkpoint into train net.", self.backup_file)
            load_checkpoint(self.backup_file, net=cb_params.train_network)

    def on_train_epoch_end(self, run_context):
        """Save the backup every ``save_freq`` epochs."""
        from ..serialization import save_checkpoint
        cb_params = run_context.original_args()
        if cb_params.cur_epoch_num % self.save_freq == 0:
            logger.info("Train task end, backup checkpoint file: %s.", self.backup_file)
            save_checkpoint(cb_params.train_network, self.backup_file)

    def on_train_end(self, run_context):
        """Delete the backup (training finished)."""
        if self.delete_checkpoint:
            cb_params = run_context.original_args()
            logger.info("Delete restore checkpoint file %s at %s epoch.", self.backup_file, cb_params.cur_epoch_num)
            os.chmod(self.backup_file, stat.S_IWRITE)
            os.remove(self.backup_file)
