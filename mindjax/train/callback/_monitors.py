"""LossMonitor, TimeMonitor, History, LambdaCallback: printing and recording."""
from __future__ import annotations

import time

import numpy as np

from ..._tensor import Tensor
from ._callback import Callback, _handle_loss


def _non_negative_int(value, name):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"The argument '{name}' must be int and must >= 0, but got {value}.")
    return value


class LossMonitor(Callback):
    """Prints ``epoch: E step: S, loss is L`` every ``per_print_times`` steps (0: never);
    stops training with ValueError when the loss is NaN or Inf."""

    def __init__(self, per_print_times=1):
        super().__init__()
        self._per_print_times = _non_negative_int(per_print_times, "per_print_times")
        self._last_print_time = 0

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        cur_epoch_num = cb_params.get("cur_epoch_num", 1)
        loss = _handle_loss(cb_params.net_outputs)
        cur_step_in_epoch = (cb_params.cur_step_num - 1) % cb_params.batch_num + 1
        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            raise ValueError("In epoch: {} step: {}, loss is NAN or INF, training process cannot continue, "
                             "terminating training.".format(cur_epoch_num, cur_step_in_epoch))
        if self._per_print_times != 0 and cb_params.cur_step_num <= self._last_print_time:
            while cb_params.cur_step_num <= self._last_print_time:
                self._last_print_time -= max(self._per_print_times,
                                             cb_params.batch_num if cb_params.dataset_sink_mode else 1)
        if self._per_print_times != 0 and (cb_params.cur_step_num - self._last_print_time) >= self._per_print_times:
            self._last_print_time = cb_params.cur_step_num
            print("epoch: %s step: %s, loss is %s" % (cur_epoch_num, cur_step_in_epoch, loss), flush=True)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        metrics = cb_params.get("metrics")
        if metrics:
            print("Eval result: epoch %d, metrics: %s" % (cb_params.cur_epoch_num, metrics))


class TimeMonitor(Callback):
    """Prints ``epoch time: T ms, per step time: t ms`` at the end of every epoch."""

    def __init__(self, data_size=None, data_time=False):
        super().__init__()
        if not isinstance(data_time, bool):
            raise TypeError(f"The argument 'data_time' must be bool, but got {type(data_time)}.")
        self.data_size = data_size
        self.epoch_time = time.time()
        self.data_time = data_time
        self.data_time_sum = 0.0
        self.data_time_start = 0.0

    def on_train_step_begin(self, run_context):
        if self.data_time and not run_context.original_args()["dataset_sink_mode"]:
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context):
        if self.data_time and not run_context.original_args()["dataset_sink_mode"]:
            self.data_time_start = time.time()

    def epoch_begin(self, run_context):
        self.epoch_time = time.time()
        if self.data_time:
            self.data_time_sum = 0.0
            self.data_time_start = time.time()

    def epoch_end(self, run_context):
        epoch_seconds = (time.time() - self.epoch_time) * 1000
        step_size = self.data_size
        cb_params = run_context.original_args()
        mode = cb_params.get("mode", "")
        batch_num = cb_params.get("batch_num")
        if isinstance(batch_num, int) and batch_num > 0:
            step_size = batch_num
        if isinstance(step_size, bool) or not isinstance(step_size, int) or step_size <= 0:
            raise ValueError(f"The argument 'step_size' must be positive int, but got {step_size}.")
        step_seconds = epoch_seconds / step_size
        train_log = "{} epoch time: {:5.3f} ms, per step time: {:5.3f} ms".format(
            mode.title(), epoch_seconds, step_seconds)
        if self.data_time:
            train_log += " (data time: {:5.3f} ms)".format(self.data_time_sum * 1000 / step_size)
        print(train_log, flush=True)


class History(Callback):
    """Records the network output (loss) and the eval metrics of every epoch in ``history``."""

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = None

    def begin(self, run_context):
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context):
        cb_params = run_context.original_args()
        self.epoch.get("epoch").append(cb_params.get("cur_epoch_num", 1))
        net_output = cb_params.net_outputs
        if isinstance(net_output, (tuple, list)) and isinstance(net_output[0], Tensor):
            net_output = net_output[0]
        if isinstance(net_output, Tensor):
            net_output = np.mean(net_output.asnumpy())
        cur_history = {"net_output": net_output}
        metrics = cb_params.get("metrics")
        if metrics:
            cur_history.update(metrics)
        for k, v in cur_history.items():
            self.history.setdefault(k, []).append(v)


class LambdaCallback(Callback):
    """A callback made of plain functions, one per hook."""

    def __init__(self, on_train_epoch_begin=None, on_train_epoch_end=None, on_train_step_begin=None,
                 on_train_step_end=None, on_train_begin=None, on_train_end=None, on_eval_epoch_begin=None,
                 on_eval_epoch_end=None, on_eval_step_begin=None, on_eval_step_end=None, on_eval_begin=None,
                 on_eval_end=None):
        super().__init__()
        noop = lambda run_context: None  # noqa: E731
        self.on_train_epoch_begin = on_train_epoch_begin or noop
        self.on_train_epoch_end = on_train_epoch_end or noop
        self.on_train_step_begin = on_train_step_begin or noop
        self.on_train_step_end = on_train_step_end or noop
        self.on_train_begin = on_train_begin or noop
        self.on_train_end = on_train_end or noop
        self.on_eval_epoch_begin = on_eval_epoch_begin or noop
        self.on_eval_epoch_end = on_eval_epoch_end or noop
        self.on_eval_step_begin = on_eval_step_begin or noop
        self.on_eval_step_end = on_eval_step_end or noop
        self.on_eval_begin = on_eval_begin or noop
        self.on_eval_end = on_eval_end or noop
