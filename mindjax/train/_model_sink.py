"""``Model.train``/``fit`` with ``dataset_sink_mode=True``: MindSpore's GPU/Ascend sink loop.

Each epoch is one sink of ``cb_params.batch_num`` steps (``sink_size``, or the dataset size
for -1), the dataset repeating as often as the epochs need.  In GRAPH_MODE the sink's steps
run as compiled scans (:class:`~mindjax.train._sink_scan.SinkRunner`) and the step
callbacks run once per sink with ``cur_step_num`` advanced by the sink's steps, as MindSpore
does; in PYNATIVE_MODE (or with mindjax's ``Model.pynative``) the steps run one by one, each
with its callbacks.  Stop requests are honoured at epoch ends, as in MindSpore's sink loop.
"""
from __future__ import annotations

import math

from .. import context
from .callback._callback import RunContext

__all__ = ["train_sink_process"]


def _rows(it, count):
    """The next ``count`` rows of the endless stream ``it`` (its epochs follow each other)."""
    taken = 0
    misses = 0
    while taken < count:
        try:
            row = next(it)
        except StopIteration:  # the end of one epoch of the dataset: the next one follows
            misses += 1
            if misses > 1:
                raise RuntimeError("The dataset ran out of data in sink mode: it yielded nothing for a whole "
                                   "epoch.") from None
            continue
        misses = 0
        taken += 1
        yield row


def _check_row(model, row):
    if model._loss_fn is not None and len(row) != 2:
        raise ValueError("When 'loss_fn' is not None, 'train_dataset' should return two elements, but got "
                         f"{len(row)}, please check the number of elements returned by 'train_dataset'")
    return row


def train_sink_process(model, epoch, train_dataset, list_callback, cb_params, initial_epoch, valid_infos):
    """The sink-mode training loop of ``model`` (see the module notes)."""
    from ..dataset.engine.datasets import Dataset
    from ._sink_scan import SinkRunner
    from .model import _tuple_iterator, _to_tensors
    run_context = RunContext(cb_params)
    steps = cb_params.batch_num
    dataset_size = train_dataset.get_dataset_size()
    epochs = epoch - initial_epoch
    it = _tuple_iterator(train_dataset, max(1, math.ceil(epochs * steps / dataset_size)))
    if not isinstance(train_dataset, Dataset):
        it = iter(it)
    step_fn = model._runner("train", model._train_network)
    graph = context.get_context("mode") == context.GRAPH_MODE and not model._is_pynative()
    runner = None
    if graph and hasattr(step_fn, "_cache"):  # a jit function (not a data-parallel Cell's own SPMD step)
        runner = model.__dict__.get("_sink_runner")
        if runner is None or runner.holder is not step_fn:
            runner = model._sink_runner = SinkRunner(step_fn)
    list_callback.on_train_begin(run_context)
    model._train_network.set_train(True)
    for i in range(initial_epoch, epoch):
        cb_params.cur_epoch_num = i + 1
        model._current_epoch_num = i + 1
        model._current_step_num = 0
        list_callback.on_train_epoch_begin(run_context)
        if graph:
            cb_params.cur_step_num += steps
            model._current_step_num = int((cb_params.cur_step_num - 1) % steps + 1)
            cb_params.train_dataset_element = ()
            list_callback.on_train_step_begin(run_context)
            model._train_network.set_train(True)
            rows = (_check_row(model, r) for r in _rows(it, steps))
            if runner is not None:
                outputs = runner.run(rows)
            else:
                outputs = None
                for r in rows:
                    outputs = step_fn(*_to_tensors(r))
            cb_params.net_outputs = outputs
            list_callback.on_train_step_end(run_context)
        else:
            for r in _rows(it, steps):
                element = _to_tensors(_check_row(model, r))
                cb_params.cur_step_num += 1
                model._current_step_num = int((cb_params.cur_step_num - 1) % steps + 1)
                cb_params.train_dataset_element = element
                list_callback.on_train_step_begin(run_context)
                model._train_network.set_train(True)
                cb_params.net_outputs = step_fn(*element)
                list_callback.on_train_step_end(run_context)
        if model._end_epoch(valid_infos, cb_params, list_callback, run_context):
            break
    list_callback.on_train_end(run_context)
