"""The benchmarked networks, written once against MindSpore's API.

``lenet5(nn, Normal)`` and ``resnet18(nn, ops)`` take the ``nn`` (and ``ops`` /
``Normal``) modules, so the same class definition runs on mindjax and on real
MindSpore (bench/_ms_worker.py). The plain-JAX versions in jax_models.py compute the same
functions on a dict of arrays copied from the mindjax network.
"""
LR, MOM, BATCH = 0.01, 0.9, 32


def lenet5(nn, Normal, num_class=10, num_channel=1):
    """The LeNet-5 of seed case zh03_model_train.py."""

    class LeNet5(nn.Cell):
        def __init__(self):
            super(LeNet5, self).__init__()
            self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode='valid')
            self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
            self.relu = nn.ReLU()
            self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
            self.flatten = nn.Flatten()
            self.fc1 = nn.Dense(16 * 5 * 5, 120, weight_init=Normal(0.02))
            self.fc2 = nn.Dense(120, 84, weight_init=Normal(0.02))
            self.fc3 = nn.Dense(84, num_class, weight_init=Normal(0.02))

        def construct(self, x):
            x = self.conv1(x)
            x = self.relu(x)
            x = self.max_pool2d(x)
            x = self.conv2(x)
            x = self.relu(x)
            x = self.max_pool2d(x)
            x = self.flatten(x)
            x = self.relu(self.fc1(x))
            x = self.relu(self.fc2(x))
            x = self.fc3(x)
            return x

    return LeNet5()


def train_step(nn, net):
    """TrainOneStepCell(WithLossCell(net, sparse mean CE), Momentum(0.01, 0.9)), in training mode."""
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=LR, momentum=MOM)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    return step


def resnet18(nn, ops, widths=(64, 128, 256, 512), num_class=10):
    """ResNet-18 for 32x32 inputs (CIFAR style: 3x3 stem, no max-pool), BasicBlocks,
    BatchNorm in training mode."""

    def conv3(cin, cout, stride):
        return nn.Conv2d(cin, cout, 3, stride=stride, pad_mode="pad", padding=1, has_bias=False)

    class BasicBlock(nn.Cell):
        def __init__(self, cin, cout, stride):
            super(BasicBlock, self).__init__()
            self.conv1 = conv3(cin, cout, stride)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = conv3(cout, cout, 1)
            self.bn2 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU()
            self.down = stride != 1 or cin != cout
            if self.down:
                self.sc_conv = nn.Conv2d(cin, cout, 1, stride=stride, pad_mode="valid", has_bias=False)
                self.sc_bn = nn.BatchNorm2d(cout)

        def construct(self, x):
            y = self.relu(self.bn1(self.conv1(x)))
            y = self.bn2(self.conv2(y))
            s = self.sc_bn(self.sc_conv(x)) if self.down else x
            return self.relu(y + s)

    class ResNet18(nn.Cell):
        def __init__(self):
            super(ResNet18, self).__init__()
            self.conv1 = conv3(3, widths[0], 1)
            self.bn1 = nn.BatchNorm2d(widths[0])
            self.relu = nn.ReLU()
            blocks = []
            cin = widths[0]
            for i, w in enumerate(widths):
                for j in range(2):
                    blocks.append(BasicBlock(cin, w, 2 if (i > 0 and j == 0) else 1))
                    cin = w
            self.layers = nn.SequentialCell(blocks)
            self.fc = nn.Dense(cin, num_class)

        def construct(self, x):
            x = self.relu(self.bn1(self.conv1(x)))
            x = self.layers(x)
            x = ops.mean(x, (2, 3))
            return self.fc(x)

    return ResNet18()
