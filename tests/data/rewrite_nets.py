"""Networks for the rewrite tests; the same source runs on MindSpore (REWRITE_FW=mindspore, from
gen_rewrite.py) and on mindjax (the tests), so both parse the very same ``construct``."""
import importlib
import os

ms = importlib.import_module(os.environ.get("REWRITE_FW", "mindjax"))
nn = ms.nn
ops = ms.ops


def scale_add(a, b):
    return a * 0.5 + b


class LeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 3, 3, pad_mode='valid')
        self.conv2 = nn.Conv2d(3, 4, 3, pad_mode='valid')
        self.fc1 = nn.Dense(4 * 2 * 2, 12)
        self.fc2 = nn.Dense(12, 8)
        self.fc3 = nn.Dense(8, 3)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.relu(self.conv2(x))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x)) * 2 - 1
        x = self.fc3(x)
        return x


class IfNet(nn.Cell):
    def __init__(self, flag=True):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.relu = nn.ReLU()
        self.tanh = nn.Tanh()
        self.flag = flag

    def construct(self, x, y=1.5):
        x = self.dense(x)
        if self.flag:
            x = self.relu(x) + y
        else:
            x = self.tanh(self.relu(x))
        out = x * y
        return out


class Sub(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.relu = nn.ReLU()

    def construct(self, x):
        y = self.relu(self.dense(x))
        return y + x


class SubNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.sub = Sub()
        self.seq = nn.SequentialCell([nn.Dense(4, 4), nn.Tanh(), Sub()])
        self.abs = ops.Abs()
        self.flag = True

    def construct(self, x, y=2):
        x = self.sub(x)
        if self.flag:
            x = self.seq(x)
        else:
            x = x * 3
        z = self.abs(x) - y
        a, b = z, x
        w = x[0]
        return a + b, w
