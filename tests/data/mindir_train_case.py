"""A small LeNet-like training network (convolutions with and without padding, ReLU, max pooling, Dense,
sparse softmax cross-entropy, Momentum) for the MindIR export of training graphs; the builder takes the
framework module (``mindspore`` or ``mindjax``)."""
import numpy as np


def build(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(1, 2, 3, pad_mode="valid", has_bias=False, weight_init="ones")
            self.conv2 = nn.Conv2d(2, 2, 3, pad_mode="same", has_bias=False, weight_init="ones")
            self.relu = nn.ReLU()
            self.pool = nn.MaxPool2d(2, 2)
            self.flat = nn.Flatten()
            self.fc = nn.Dense(2 * 3 * 3, 3, weight_init="ones", bias_init="zeros")

        def construct(self, x):
            return self.fc(self.flat(self.pool(self.relu(self.conv2(self.conv(x))))))

    net = Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    return net, train


def inputs(ms):
    x = ms.Tensor(np.linspace(-1, 1, 128).reshape(2, 1, 8, 8).astype(np.float32))
    y = ms.Tensor(np.array([1, 2], np.int32))
    return x, y
