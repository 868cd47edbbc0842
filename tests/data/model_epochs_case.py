"""The Model.train run recorded by gen_model_epochs.py and replayed by tests/train/test_model_epochs.py:
3 epochs of a shuffled, batched dataset under dataset.config.set_seed; what the network is fed and
the trained weights."""
import numpy as np


def run(ms, ds, nn):
    ds.config.set_seed(3)
    d = ds.NumpySlicesDataset({"x": np.arange(8, dtype=np.float32).reshape(8, 1),
                               "y": (np.arange(8, dtype=np.float32) * 2 + 1).reshape(8, 1)}, shuffle=True).batch(4)
    seen = []

    class Seen(ms.train.Callback):
        def on_train_step_begin(self, run_context):
            seen.append(run_context.original_args().train_dataset_element[0].asnumpy().ravel().tolist())

    net = nn.Dense(1, 1, weight_init="ones", bias_init="zeros")
    model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    model.train(3, d, callbacks=[Seen()])
    return {"seen": seen, "weight": net.weight.asnumpy().ravel().tolist(), "bias": net.bias.asnumpy().tolist()}
