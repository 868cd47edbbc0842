"""WaitedDSCallback with a model training two epochs over four rows: the events of the dataset
callback (sync_*_begin) and of a training callback (step/epoch end), in the order they happen."""


def run(ms, ds, step_size):
    events = []

    class DataCb(ds.WaitedDSCallback):
        def sync_epoch_begin(self, train_run_context, ds_run_context):
            events.append(f"ds_epoch_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}")

        def sync_step_begin(self, train_run_context, ds_run_context):
            cb = train_run_context.original_args()
            events.append(f"ds_step_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}"
                          f"_after_train_step_{cb.cur_step_num}")

    class TrainCb(ms.train.Callback):
        def epoch_end(self, run_context):
            cb = run_context.original_args()
            events.append(f"ms_epoch_end_{cb.cur_epoch_num}_{cb.cur_step_num}")

        def step_end(self, run_context):
            cb = run_context.original_args()
            events.append(f"ms_step_end_{cb.cur_epoch_num}_{cb.cur_step_num}")

    import numpy as np
    data_cb = DataCb(step_size)
    arr = np.arange(1, 5, dtype=np.float32).reshape(4, 1, 1)
    data = ds.NumpySlicesDataset((arr, arr), column_names=["c1", "c2"], shuffle=False)
    data = data.map(operations=(lambda x: x), callbacks=data_cb)
    net = ms.nn.Dense(1, 1)
    model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.Momentum(net.trainable_params(), 0.01, 0.9))
    model.train(2, data, dataset_sink_mode=False, callbacks=[TrainCb(), data_cb])
    return events
