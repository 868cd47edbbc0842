"""LeNet-5 on handwritten digits, written for ``import mindspore``.

Run with ``python -m mindjax demo/demo.py`` (``make demo``).  The data are scikit-learn's
bundled 8x8 digits (1797 images, no download), scaled to 24x24 and padded to MNIST's
28x28, written once as MNIST IDX files and read back through
``mindspore.dataset.MnistDataset`` with the usual MNIST pipeline (Resize to 32x32,
Rescale, Normalize, HWC2CHW).  It trains with ``Model.train`` (callbacks: LossMonitor,
TimeMonitor, ModelCheckpoint), evaluates the test split, loads the last checkpoint into a
fresh network and evaluates again.
"""
import os
import struct
import sys
import tempfile
import time

import numpy as np
from sklearn.datasets import load_digits

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as C
import mindspore.dataset.vision as CV
from mindspore import nn
from mindspore.common.initializer import Normal
from mindspore.train import Model, CheckpointConfig, ModelCheckpoint, LossMonitor, TimeMonitor, Callback
from mindspore.nn.metrics import Accuracy


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(16 * 5 * 5, 120, weight_init=Normal(0.02))
        self.fc2 = nn.Dense(120, 84, weight_init=Normal(0.02))
        self.fc3 = nn.Dense(84, num_class, weight_init=Normal(0.02))

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def _write_idx(path, array, magic):
    with open(path, "wb") as f:
        f.write(struct.pack(">I", magic))
        f.write(struct.pack(">" + "I" * array.ndim, *array.shape))
        f.write(np.ascontiguousarray(array, dtype=np.uint8).tobytes())


def write_digits_as_mnist(directory):
    """sklearn digits -> MNIST IDX files (train 80% / test 20%, fixed split)."""
    digits = load_digits()
    images = (digits.images * (255.0 / 16.0)).round().astype(np.uint8)       # (1797, 8, 8), 0..255
    images = np.kron(images, np.ones((3, 3), np.uint8))                       # 24x24
    images = np.pad(images, ((0, 0), (2, 2), (2, 2)))                         # 28x28, like MNIST
    labels = digits.target.astype(np.uint8)
    order = np.random.default_rng(0).permutation(len(labels))
    n_test = len(labels) // 5
    test, train = order[:n_test], order[n_test:]
    _write_idx(os.path.join(directory, "train-images-idx3-ubyte"), images[train], 2051)
    _write_idx(os.path.join(directory, "train-labels-idx1-ubyte"), labels[train], 2049)
    _write_idx(os.path.join(directory, "t10k-images-idx3-ubyte"), images[test], 2051)
    _write_idx(os.path.join(directory, "t10k-labels-idx1-ubyte"), labels[test], 2049)
    return len(train), len(test)


def create_dataset(data_path, usage, batch_size=32, shuffle=False):
    data = ds.MnistDataset(data_path, usage=usage, shuffle=shuffle)
    image_ops = [CV.Resize((32, 32)), CV.Rescale(1.0 / 255.0, 0.0),
                 CV.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081), CV.HWC2CHW()]
    data = data.map(operations=C.TypeCast(ms.int32), input_columns="label")
    data = data.map(operations=image_ops, input_columns="image")
    return data.batch(batch_size, drop_remainder=False)


class EpochProgress(Callback):
    """One line per epoch (the tqdm bar appears by itself on an interactive terminal)."""

    def __init__(self):
        super().__init__()
        self.start = time.time()

    def on_train_epoch_end(self, run_context):
        cb = run_context.original_args()
        loss = float(cb.net_outputs.asnumpy())
        print(f"[{time.time() - self.start:6.1f}s] epoch {cb.cur_epoch_num}/{cb.epoch_num} done, "
              f"last loss {loss:.4f}", flush=True)


def main():
    t0 = time.time()
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    ms.set_seed(1)
    cache = os.path.join(tempfile.gettempdir(), "mindjax_demo_digits")
    os.makedirs(cache, exist_ok=True)
    n_train, n_test = write_digits_as_mnist(cache)
    print(f"digits written as MNIST IDX files to {cache}: {n_train} train / {n_test} test images")

    ds_train = create_dataset(cache, "train", shuffle=True)
    ds_test = create_dataset(cache, "test")
    steps = ds_train.get_dataset_size()
    epochs = int(os.environ.get("DEMO_EPOCHS", "12"))

    network = LeNet5(10)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    # cosine decay to a small rate: the last epochs settle instead of bouncing around
    lr = nn.CosineDecayLR(min_lr=0.0005, max_lr=0.03, decay_steps=epochs * steps)
    optimizer = nn.Momentum(network.trainable_params(), learning_rate=lr, momentum=0.9)
    model = Model(network, loss_fn, optimizer, metrics={"Accuracy": Accuracy()})

    ckpt_dir = tempfile.mkdtemp(prefix="mindjax_demo_ckpt_")
    config = CheckpointConfig(save_checkpoint_steps=steps, keep_checkpoint_max=2)
    ckpt_cb = ModelCheckpoint(prefix="lenet", directory=ckpt_dir, config=config)
    print(f"training LeNet-5 for {epochs} epochs of {steps} steps ...", flush=True)
    model.train(epochs, ds_train, callbacks=[LossMonitor(steps), TimeMonitor(steps), ckpt_cb, EpochProgress()])

    acc = model.eval(ds_test)["Accuracy"]
    print(f"test accuracy: {acc:.4f}")
    ckpt_file = ckpt_cb.latest_ckpt_file_name
    print("checkpoints:", sorted(os.listdir(ckpt_dir)))

    fresh = LeNet5(10)
    param_not_load, _ = ms.load_param_into_net(fresh, ms.load_checkpoint(ckpt_file))
    fresh_model = Model(fresh, loss_fn, metrics={"Accuracy": Accuracy()})
    acc2 = fresh_model.eval(ds_test)["Accuracy"]
    print(f"reloaded from {os.path.basename(ckpt_file)} (parameters not loaded: {param_not_load}): "
          f"test accuracy {acc2:.4f}")
    print(f"total time: {time.time() - t0:.1f}s")
    if acc < 0.97 or abs(acc2 - acc) > 1e-9:
        print("FAILED: accuracy below 97% or differs after reloading", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
