"""LeNet-5 and the data of the data-parallel tests (shared by the workers and the reference run)."""
import numpy as np

from mindjax import nn

GLOBAL_BATCH, STEPS = 8, 5


class LeNet5(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(2, 2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, 10)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(self.flatten(x))))))


def data():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((GLOBAL_BATCH * STEPS, 1, 32, 32)).astype(np.float32),
            rng.integers(0, 10, GLOBAL_BATCH * STEPS).astype(np.int32))


class BNNet(nn.Cell):
    """Conv, batch norm (``bn``: SyncBatchNorm in the workers, BatchNorm2d in the reference), Dense."""

    def __init__(self, bn):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, pad_mode="valid", has_bias=True)
        self.bn = bn
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(2 * 30 * 30, 10)

    def construct(self, x):
        return self.fc(self.flatten(self.bn(self.conv(x))))
