"""EarlyStopping and ReduceLROnPlateau (monitor a metric at the end of each epoch)."""
from __future__ import annotations

import copy
import logging

import numpy as np

from ... import ops
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ._callback import Callback, _handle_loss

logger = logging.getLogger("mindjax.train")

_smaller_better_metrics = ["hausdorff_distance", "mae", "mse", "loss", "perplexity", "mean_surface_distance",
                           "root_mean_square_distance", "eval_loss"]


class _MonitorBase(Callback):
    _what = ""

    def _init_mode(self, monitor, mode, min_delta):
        if not isinstance(monitor, str):
            raise TypeError(f"The argument 'monitor' must be str, but got {type(monitor)}.")
        if not isinstance(mode, str):
            raise TypeError(f"The argument 'mode' must be str, but got {type(mode)}.")
        if isinstance(min_delta, bool) or not isinstance(min_delta, (int, float)):
            raise TypeError(f"The argument 'min_delta' must be float or int, but got {type(min_delta)}.")
        if mode not in ["auto", "min", "max"]:
            raise ValueError("mode should be 'auto', 'min' or 'max', but got %s." % mode)
        self.monitor, self.mode, self.min_delta = monitor, mode, abs(min_delta)
        self._reset_best()

    def _smaller(self):
        return self.mode == "min" or (self.mode == "auto" and self.monitor in _smaller_better_metrics)

    def _reset_best(self):
        self.best = np.inf if self._smaller() else -np.inf

    def is_improvement(self, a, b):
        if self._smaller():
            return np.less(a, b - self.min_delta)
        return np.greater(a, b + self.min_delta)

    def _get_monitor_value(self, cb_params):
        monitor_candidates = {}
        if self.monitor == "loss":
            monitor_value = _handle_loss(cb_params.get("net_outputs"))
        else:
            monitor_candidates = cb_params.get("eval_results", {}) or {}
            monitor_value = monitor_candidates.get(self.monitor)
        if monitor_value is None:
            support_keys = set(["loss"] + list(monitor_candidates.keys()))
            logger.warning("%s is conditioned on %s, which is not available. Available choices are: %s",
                           self._what, self.monitor, support_keys)
        if isinstance(monitor_value, np.ndarray) and monitor_value.shape != ():
            raise ValueError(f"{type(self).__name__} only supports scalar monitor now.")
        return np.array(monitor_value) if monitor_value else None


class EarlyStopping(_MonitorBase):
    """Stops training when ``monitor`` (an eval metric, ``eval_loss`` or ``loss``) stops improving."""
    _what = "Early stopping"

    def __init__(self, monitor="eval_loss", min_delta=0, patience=0, verbose=False, mode="auto", baseline=None,
                 restore_best_weights=False):
        super().__init__()
        self._init_mode(monitor, mode, min_delta)
        if isinstance(patience, bool) or not isinstance(patience, int) or patience < 0:
            raise ValueError(f"The argument 'patience' must be int and must >= 0, but got {patience}.")
        self.patience = patience
        self.verbose = bool(verbose)
        self.baseline = baseline if baseline else None
        self.restore_best_weights = bool(restore_best_weights)
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights_param_dict = None

    def on_train_begin(self, run_context):
        self.wait = 0
        self.stopped_epoch = 0
        self._reset_best()
        self.best_weights_param_dict = None

    def _snapshot(self, net):
        return {k: Parameter(Tensor(p.asnumpy()), name=k) for k, p in net.parameters_dict().items()}

    def on_train_epoch_end(self, run_context):
        from ..serialization import load_param_into_net
        cb_params = run_context.original_args()
        current = self._get_monitor_value(cb_params)
        if current is None:
            return
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = self._snapshot(cb_params.train_network)
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self.best_weights_param_dict = self._snapshot(cb_params.train_network)
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb_params.get("cur_epoch_num")
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights_param_dict is not None:
                if self.verbose:
                    print("Restoring model weights from the end of the best epoch.")
                load_param_into_net(cb_params.train_network, self.best_weights_param_dict)

    def on_train_end(self, run_context):
        if self.stopped_epoch > 0 and self.verbose:
            print("Epoch %05d: early stopping" % self.stopped_epoch)


class ReduceLROnPlateau(_MonitorBase):
    """Multiplies the optimizer's (fixed) learning rate by ``factor`` when ``monitor`` stalls."""
    _what = "Learning rate reduction"

    def __init__(self, monitor="eval_loss", factor=0.1, patience=10, verbose=False, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0):
        super().__init__()
        self._init_mode(monitor, mode, min_delta)
        if not isinstance(factor, float) or not 0.0 < factor < 1.0:
            raise ValueError(f"The argument 'factor' must be float in (0.0, 1.0), but got {factor}.")
        for name, v in (("patience", patience), ("cooldown", cooldown)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"The argument '{name}' must be int and must >= 0, but got {v}.")
        self.factor, self.patience, self.cooldown, self.min_lr = factor, patience, cooldown, min_lr
        self.verbose = bool(verbose)
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, run_context):
        self.cooldown_counter = 0
        self.wait = 0
        self._reset_best()

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        cur_lr = cb_params.optimizer.learning_rate
        if not isinstance(cur_lr, Parameter) or cur_lr.ndim != 0 and cur_lr.shape != (1,):
            raise ValueError("ReduceLROnPlateau does not support dynamic learning rate and group learning rate now.")
        current = self._get_monitor_value(cb_params)
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                lr = float(cur_lr.asnumpy().reshape(-1)[0])
                if lr > self.min_lr:
                    new_lr = max(lr * self.factor, self.min_lr)
                    ops.assign(cur_lr, ops.cast(Tensor(np.full(cur_lr.shape, new_lr, np.float32)), cur_lr.dtype))
                    if self.verbose:
                        print("Epoch %05d: ReduceLROnPlateau reducing learning rate to %s."
                              % (cb_params.cur_epoch_num, new_lr))
                self.cooldown_counter = self.cooldown
                self.wait = 0
