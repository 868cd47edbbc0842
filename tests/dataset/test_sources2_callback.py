"""WaitedDSCallback kept in step with training, as MindSpore 2.10 orders its hooks
(tests/data/gen_waited_callback.py records them under MindSpore's Model.train).

mindjax's Model.train makes a new iterator per epoch (MindSpore makes one for all epochs), which
restarts the dataset callbacks' epoch count; until it makes one, the training side here is a loop
that drives the callbacks as MindSpore's Model does, over one iterator for both epochs."""
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import mindjax.dataset as ds
from mindjax.train.callback import Callback, InternalCallbackParam, RunContext

DATA = Path(__file__).resolve().parents[1] / "data"
REF = json.loads((DATA / "ms_waited_callback.json").read_text())


def run(step_size, epochs=2):
    events = []

    class DataCb(ds.WaitedDSCallback):
        def sync_epoch_begin(self, train_run_context, ds_run_context):
            events.append(f"ds_epoch_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}")

        def sync_step_begin(self, train_run_context, ds_run_context):
            cb = train_run_context.original_args()
            events.append(f"ds_step_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}"
                          f"_after_train_step_{cb.cur_step_num}")

    class TrainCb(Callback):
        def epoch_end(self, run_context):
            cb = run_context.original_args()
            events.append(f"ms_epoch_end_{cb.cur_epoch_num}_{cb.cur_step_num}")

        def step_end(self, run_context):
            cb = run_context.original_args()
            events.append(f"ms_step_end_{cb.cur_epoch_num}_{cb.cur_step_num}")

    data_cb = DataCb(step_size)
    arr = np.arange(1, 5, dtype=np.float32).reshape(4, 1, 1)
    data = ds.NumpySlicesDataset((arr, arr), column_names=["c1", "c2"], shuffle=False)
    data = data.map(operations=(lambda x: x), callbacks=data_cb)
    params = InternalCallbackParam()
    params.cur_epoch_num = params.cur_step_num = 0
    ctx = RunContext(params)
    cbs = [TrainCb(), data_cb]
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    for epoch in range(epochs):
        params.cur_epoch_num = epoch + 1
        for _ in it:
            params.cur_step_num += 1
            for cb in cbs:
                cb.step_end(ctx)
        for cb in cbs:
            cb.epoch_end(ctx)
    for cb in cbs:
        cb.end(ctx)
    return events


def test_step_by_step_as_mindspore():
    assert run(1) == REF["step1"]


def test_every_second_step_as_mindspore():
    # which training step a dataset step follows is fixed; how the two threads' log lines interleave
    # after it is a race in MindSpore too
    got = run(2)
    assert sorted(got) == sorted(REF["step2"])
    for e in got:
        if e.startswith("ds_step_begin"):
            parts = e.split("_")
            after = f"ms_step_end_{parts[3]}_{parts[-1]}" if parts[3] == "1" or int(parts[-1]) > 4 else None
            if after in got:
                assert got.index(after) < got.index(e)


def test_without_sync_methods_fails_when_the_pipeline_starts():
    class Empty(ds.WaitedDSCallback):
        pass

    data = ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: x, callbacks=Empty())
    with pytest.raises(AttributeError, match="Inheriting Callback class without overriding any methods"):
        list(data.create_tuple_iterator(num_epochs=1))


def test_times_out_without_training():
    class Waits(ds.WaitedDSCallback):
        def sync_step_begin(self, train_run_context, ds_run_context):
            pass

    old = ds.config.get_callback_timeout()
    ds.config.set_callback_timeout(1)
    try:
        data = ds.NumpySlicesDataset([1, 2, 3], shuffle=False).map(lambda x: x, callbacks=Waits())
        with pytest.raises(RuntimeError, match=r"ds_step_begin timed out after 1 second\(s\)"):
            list(data.create_tuple_iterator(num_epochs=1))
    finally:
        ds.config.set_callback_timeout(old)
