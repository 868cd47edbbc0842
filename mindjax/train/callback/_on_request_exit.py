"""OnRequestExit: stop training cleanly on a signal (or a flag in a JSON file) and save."""
from __future__ import annotations

import json
import logging
import os
import signal
import threading

from ...nn.metrics._validate import check_isinstance
from ._callback import Callback
from ._dirs import _make_directory

logger = logging.getLogger("mindjax.train")


class OnRequestExit(Callback):
    """Stops ``Model.train``/``Model.eval`` when the process receives ``sig`` (SIGTERM by
    default) or when ``config_file`` (JSON) holds ``{"GracefulExit": 1}``, and saves the
    network to ``{directory}/rank_{device_id}/{file_name}_train.ckpt`` (``_eval`` for
    evaluation). A later run with the same callback loads that checkpoint when it begins.

    The request is seen when the next step begins; that step completes, then training
    stops (``on_train_step_end`` requests the stop) and the checkpoint is written when
    training ends. This is MindSpore 2.10's graceful-exit sequence; mindjax runs it
    always, where MindSpore 2.10 runs it only under ``MS_ENABLE_GRACEFUL_EXIT=1`` (and
    otherwise trains to the end and saves then).  ``save_mindir``: the training network (forward,
    gradients and optimizer update, as MindSpore's export writes it) goes to
    ``{file_name}_train.mindir``; a network with an op that has no MindIR mapping in mindjax goes
    out as StableHLO (``{file_name}_train.stablehlo``) instead, with a warning saying why, and where
    that export fails too the checkpoint alone is saved.

    Example:
        >>> import numpy as np
        >>> from mindspore import nn
        >>> from mindspore import dataset as ds
        >>> from mindspore.train import Model, OnRequestExit
        >>> net = nn.Dense(3, 1)
        >>> model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        >>> data = ds.NumpySlicesDataset((np.ones((4, 3), np.float32), np.ones((4, 1), np.float32))).batch(2)
        >>> model.train(2, data, callbacks=OnRequestExit(save_mindir=False, directory="./exit"))
    """

    def __init__(self, save_ckpt: bool = True, save_mindir: bool = True, file_name: str = "Net",
                 directory: str = "./", config_file: str | None = None, sig: int = signal.SIGTERM):
        super().__init__()
        self.save_ckpt = check_isinstance("save_ckpt", save_ckpt, bool)
        self.save_mindir = check_isinstance("save_mindir", save_mindir, bool)
        self.sig = check_isinstance("sig", sig, int)
        if hasattr(signal, "SIGKILL") and self.sig == signal.SIGKILL:
            raise ValueError("Not support send exit request by signal SIGKILL.")
        self.exit = False
        self.lock = threading.Lock()
        self.save_path = directory
        self.key = "GracefulExit"
        self.remote_config_file = config_file
        self.stop_train = False
        self.need_do_step_end = False
        if self.save_ckpt or self.save_mindir:
            self.train_name, self.eval_name = self._get_save_path(file_name)

    def _get_save_path(self, file_name):
        from ...context import get_context
        sub = "rank_" + str(get_context("device_id"))
        base = os.path.join(os.getcwd(), sub) if self.save_path is None else os.path.join(self.save_path, sub)
        path = _make_directory(base)
        return os.path.join(path, f"{file_name}_train"), os.path.join(path, f"{file_name}_eval")

    def _handle_signal(self, signum, frame):
        logger.debug("signum: %s, frame: %s", signum, frame)
        self.exit = True

    def _check_config_info(self):
        if self.remote_config_file is None or not os.path.exists(self.remote_config_file):
            return False
        with open(self.remote_config_file, "r", encoding="utf-8") as f:
            try:
                config_info = json.load(f)
            except json.JSONDecodeError as e:
                logger.warning("Parse json file failed: %s, please check json file: %s", e, self.remote_config_file)
                return False
        return config_info.get(self.key) == 1 if isinstance(config_info, dict) else False

    def _save(self, net, name, inputs):
        from ..serialization import save_checkpoint
        if self.save_ckpt:
            save_checkpoint(net, name + ".ckpt")
        if self.save_mindir:
            # ``name.mindir`` as MindSpore writes it; a network with an op that has no MindIR mapping in
            # mindjax goes out as StableHLO instead (``name.stablehlo``, read back by mindspore.load)
            from ..export import export
            try:
                export(net, *inputs, file_name=name, file_format="MINDIR")
                return
            except Exception as e:  # noqa: BLE001 - fall back to the format every network exports to
                logger.warning(f"OnRequestExit: the network could not be exported as MindIR ({type(e).__name__}: "
                               f"{e}); exporting it as StableHLO.")
            try:
                export(net, *inputs, file_name=name, file_format="STABLEHLO")
            except Exception as e:  # noqa: BLE001 - the checkpoint is written; say why the graph is not
                logger.warning(f"OnRequestExit: the network could not be exported as StableHLO ({type(e).__name__}: "
                               f"{e}); only the checkpoint was saved.")

    def on_train_begin(self, run_context):
        """Install the signal handler; load a checkpoint left by an earlier exit."""
        from ..serialization import load_checkpoint
        signal.signal(self.sig, self._handle_signal)
        if self.save_ckpt and os.path.isfile(f"{self.train_name}.ckpt"):
            load_checkpoint(f"{self.train_name}.ckpt", net=run_context.original_args().train_network)

    def on_train_step_begin(self, run_context):
        """Notice an exit request (signal or config file)."""
        with self.lock:
            if not self.stop_train and (self.exit or self._check_config_info()):
                self.exit = True
                self.need_do_step_end = True

    def on_train_step_end(self, run_context):
        """Stop after the step during which the request was noticed."""
        with self.lock:
            if self.stop_train or not self.need_do_step_end:
                return
            logger.warning("Graceful exit is triggered, stop training.")
            run_context.request_stop()
            self.stop_train = True

    def on_train_epoch_end(self, run_context):
        self.on_train_step_end(run_context)

    def on_train_end(self, run_context):
        """Save the training network if training was stopped by a request."""
        if not self.exit:
            return
        cb_params = run_context.original_args()
        self._save(cb_params.train_network, self.train_name, cb_params.get("train_dataset_element") or ())

    def on_eval_begin(self, run_context):
        """Install the signal handler; load the eval (else the train) checkpoint of an earlier exit."""
        from ..serialization import load_checkpoint
        signal.signal(self.sig, self._handle_signal)
        if not self.save_ckpt:
            return
        eval_net = run_context.original_args().eval_network
        if os.path.isfile(f"{self.eval_name}.ckpt"):
            load_checkpoint(f"{self.eval_name}.ckpt", net=eval_net)
        elif os.path.isfile(f"{self.train_name}.ckpt"):
            load_checkpoint(f"{self.train_name}.ckpt", net=eval_net)

    def on_eval_step_end(self, run_context):
        """Stop evaluating on a request."""
        if self.exit:
            run_context.request_stop()

    def on_eval_end(self, run_context):
        """Save the evaluation network if evaluation was stopped by a request."""
        if not self.exit:
            return
        cb_params = run_context.original_args()
        self._save(cb_params.eval_network, self.eval_name, cb_params.get("eval_dataset_element") or ())
