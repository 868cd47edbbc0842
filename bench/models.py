"""The benchmarked networks, written once against MindSpore's API.

``lenet5(nn, Normal)``, ``resnet50(nn, ops)`` and ``gpt(nn, ops, ms)`` take the ``nn`` (and ``ops`` /
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


# ---- (c) ResNet-50, mindcv's shape -------------------------------------------------------------
R50_BATCH, R50_SIZE, R50_CLASSES = 8, 224, 1000


def resnet50(nn, ops, num_class=R50_CLASSES, widths=(64, 128, 256, 512), layers=(3, 4, 6, 3)):
    """ResNet-50 as mindcv writes it: 7x7/2 stem, BatchNorm, ReLU, 3x3/2 max-pool ('same'),
    Bottleneck blocks (1x1, 3x3 with the stride, 1x1 x4; 1x1 conv + BatchNorm on the shortcut
    where the shape changes), global average pooling, Dense classifier. ``widths`` scales
    the network down for ``bench.py --quick``."""

    def conv(cin, cout, k, stride=1):
        if k == 1:
            return nn.Conv2d(cin, cout, 1, stride=stride, pad_mode="valid", has_bias=False)
        return nn.Conv2d(cin, cout, k, stride=stride, pad_mode="pad", padding=k // 2, has_bias=False)

    class Bottleneck(nn.Cell):
        expansion = 4

        def __init__(self, cin, ch, stride):
            super(Bottleneck, self).__init__()
            self.conv1, self.bn1 = conv(cin, ch, 1), nn.BatchNorm2d(ch)
            self.conv2, self.bn2 = conv(ch, ch, 3, stride), nn.BatchNorm2d(ch)
            self.conv3, self.bn3 = conv(ch, ch * 4, 1), nn.BatchNorm2d(ch * 4)
            self.relu = nn.ReLU()
            self.down = None
            if stride != 1 or cin != ch * 4:
                self.down = nn.SequentialCell([conv(cin, ch * 4, 1, stride), nn.BatchNorm2d(ch * 4)])

        def construct(self, x):
            identity = x
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.relu(self.bn2(self.conv2(out)))
            out = self.bn3(self.conv3(out))
            if self.down is not None:
                identity = self.down(x)
            return self.relu(out + identity)

    class ResNet50(nn.Cell):
        def __init__(self):
            super(ResNet50, self).__init__()
            self.conv1, self.bn1 = conv(3, widths[0], 7, 2), nn.BatchNorm2d(widths[0])
            self.relu = nn.ReLU()
            self.max_pool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
            blocks, cin = [], widths[0]
            for i, (w, n) in enumerate(zip(widths, layers)):
                for j in range(n):
                    blocks.append(Bottleneck(cin, w, 2 if (i > 0 and j == 0) else 1))
                    cin = w * 4
            self.layers = nn.SequentialCell(blocks)
            self.classifier = nn.Dense(cin, num_class)

        def construct(self, x):
            x = self.max_pool(self.relu(self.bn1(self.conv1(x))))
            x = self.layers(x)
            x = ops.mean(x, (2, 3))
            return self.classifier(x)

    return ResNet50()


# ---- (d) a GPT-2-small-style decoder -----------------------------------------------------------
GPT = dict(vocab=8192, layers=6, d_model=512, heads=8, seq=128, batch=8)
GPT_LR, GPT_WD = 1e-4, 0.01


def gpt(nn, ops, ms, vocab=GPT["vocab"], n_layers=GPT["layers"], d=GPT["d_model"], heads=GPT["heads"],
        seq=GPT["seq"]):
    """A GPT-2-style decoder: token and position embeddings, pre-LayerNorm blocks of causal
    multi-head self-attention and a 4x GELU MLP, a final LayerNorm and an untied head.
    It returns the logits flattened to (batch * seq, vocab)."""
    import numpy as np
    dh = d // heads

    class Block(nn.Cell):
        def __init__(self):
            super(Block, self).__init__()
            self.ln1, self.ln2 = nn.LayerNorm((d,)), nn.LayerNorm((d,))
            self.qkv, self.proj = nn.Dense(d, 3 * d), nn.Dense(d, d)
            self.fc, self.out = nn.Dense(d, 4 * d), nn.Dense(4 * d, d)
            self.gelu = nn.GELU()
            self.softmax = nn.Softmax(-1)
            self.bmm = ops.BatchMatMul()
            self.bmm_t = ops.BatchMatMul(transpose_b=True)
            self.scale = 1.0 / float(np.sqrt(dh))
            # additive causal mask: 0 on and below the diagonal, -1e9 above
            self.mask = ms.Tensor(np.triu(np.full((seq, seq), -1e9, np.float32), 1))

        def construct(self, x):
            b, t, _ = x.shape
            qkv = self.qkv(self.ln1(x)).reshape(b, t, 3, heads, dh).transpose(2, 0, 3, 1, 4)
            q, k, v = qkv[0], qkv[1], qkv[2]
            att = self.softmax(self.bmm_t(q, k) * self.scale + self.mask)
            y = self.bmm(att, v).transpose(0, 2, 1, 3).reshape(b, t, d)
            x = x + self.proj(y)
            return x + self.out(self.gelu(self.fc(self.ln2(x))))

    class GPTDecoder(nn.Cell):
        def __init__(self):
            super(GPTDecoder, self).__init__()
            self.wte, self.wpe = nn.Embedding(vocab, d), nn.Embedding(seq, d)
            self.blocks = nn.SequentialCell([Block() for _ in range(n_layers)])
            self.ln_f = nn.LayerNorm((d,))
            self.head = nn.Dense(d, vocab, has_bias=False)
            self.pos = ms.Tensor(np.arange(seq, dtype=np.int32)[None, :])

        def construct(self, idx):
            x = self.wte(idx) + self.wpe(self.pos)
            x = self.ln_f(self.blocks(x))
            return self.head(x).reshape(-1, vocab)

    return GPTDecoder()


def gpt_train_step(nn, net):
    """TrainOneStepCell(WithLossCell(decoder, sparse mean CE), AdamWeightDecay)."""
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.AdamWeightDecay(net.trainable_params(), learning_rate=GPT_LR, weight_decay=GPT_WD)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    return step
