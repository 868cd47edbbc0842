"""The sink-mode training run recorded by gen_model_sink.py (real MindSpore 2.10, whose CPU
backend runs ``dataset_sink_mode=True`` as non-sink mode) and replayed by
tests/train/test_model_sink.py (mindjax runs the sink as compiled scans): a Dense-BatchNorm-ReLU-
Dense network, Momentum, 2 epochs of 3 batches, every step's loss and the trained Parameters
(BatchNorm's moving statistics included)."""
import numpy as np


def data(ds, rows=12, batch=4):
    rng = np.random.default_rng(7)
    x = rng.standard_normal((rows, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(batch)


def network(ms, nn):
    ms.set_seed(5)
    from importlib import import_module
    init = import_module(ms.__name__ + ".common.initializer")
    w1 = init.initializer(ms.Tensor(np.linspace(-0.5, 0.5, 12, dtype=np.float32).reshape(4, 3)), [4, 3])
    w2 = init.initializer(ms.Tensor(np.linspace(0.3, -0.3, 4, dtype=np.float32).reshape(1, 4)), [1, 4])
    return nn.SequentialCell([nn.Dense(3, 4, weight_init=w1, bias_init="zeros"), nn.BatchNorm1d(4), nn.ReLU(),
                              nn.Dense(4, 1, weight_init=w2, bias_init="zeros")])


def run(ms, ds, nn, sink=True, sink_size=-1, epochs=2, rows=12, metrics=False):
    """Train; return the losses seen at each step end, (epoch, step) of each, and the Parameters."""
    net = network(ms, nn)
    loss = nn.MSELoss()
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    model = ms.Model(net, loss, opt, metrics={"mae": nn.MAE()} if metrics else None)
    seen = []

    class Seen(ms.train.Callback):
        def on_train_step_end(self, run_context):
            cb = run_context.original_args()
            seen.append([cb.cur_epoch_num, cb.cur_step_num, float(cb.net_outputs.asnumpy())])

    out = {}
    if metrics:
        from importlib import import_module
        train_mod = import_module(ms.__name__ + ".train")
        hist = []

        class Eval(ms.train.Callback):
            def on_train_epoch_end(self, run_context):
                hist.append(run_context.original_args().get("metrics"))
        model.fit(epochs, data(ds, rows), data(ds, 8), callbacks=[Seen(), Eval()], dataset_sink_mode=sink,
                  sink_size=sink_size)
        out["eval"] = [{k: float(v) for k, v in h.items()} if h else None for h in hist]
        del train_mod
    else:
        model.train(epochs, data(ds, rows), callbacks=[Seen()], dataset_sink_mode=sink, sink_size=sink_size)
    out["seen"] = seen
    out["params"] = {p.name: p.asnumpy().tolist() for p in net.get_parameters()}
    return out
