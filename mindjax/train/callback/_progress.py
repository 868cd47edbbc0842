"""The progress bar that Model adds on interactive terminals (tqdm)."""
from __future__ import annotations

from ._callback import Callback, _handle_loss


class _ProgressBar(Callback):
    def __init__(self, total, desc="train"):
        super().__init__()
        self._total, self._desc, self._bar = total, desc, None
        self._last_step = None  # cur_step_num at the last step end: a sink advances it by its steps

    def _open(self):
        from tqdm.auto import tqdm
        if self._bar is None:
            try:
                self._bar = tqdm(total=self._total, desc=self._desc, unit="step", leave=False, dynamic_ncols=True)
            except (AttributeError, OSError, ValueError):  # a stream that cannot host a bar: train without one
                self._bar = None

    def on_train_begin(self, run_context):
        self._open()
        self._last_step = run_context.original_args().get("cur_step_num")

    def on_train_step_end(self, run_context):
        if self._bar is None:
            return
        cb = run_context.original_args()
        step = cb.get("cur_step_num")
        done = 1 if self._last_step is None or step is None else max(step - self._last_step, 1)
        self._last_step = step
        self._bar.update(done)
        loss = _handle_loss(cb.get("net_outputs"))
        if isinstance(loss, float):
            self._bar.set_postfix(loss=f"{loss:.4f}", refresh=False)

    def on_eval_begin(self, run_context):
        if self._desc == "eval":
            self._open()

    def on_eval_step_end(self, run_context):
        if self._desc == "eval" and self._bar is not None:
            self._bar.update(1)

    def __exit__(self, *err):
        if self._bar is not None:
            self._bar.close()
            self._bar = None
