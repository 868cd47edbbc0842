"""The networks of models.py in PyTorch (eager), with module names that follow mindjax's
Parameter names, so that ``load(net, params)`` copies the mindjax network's initial weights."""
import numpy as np

from models import LR, MOM, GPT_LR, GPT_WD

# PyTorch's parameter and buffer names -> MindSpore's
_SUFFIX = {"running_mean": "moving_mean", "running_var": "moving_variance"}


def ms_name(torch_name, module):
    """The mindjax Parameter name of ``torch_name`` (``module`` is the owning torch module)."""
    import torch
    head, _, leaf = torch_name.rpartition(".")
    pre = head + "." if head else ""
    if isinstance(module, (torch.nn.BatchNorm2d, torch.nn.LayerNorm)):
        leaf = {"weight": "gamma", "bias": "beta"}.get(leaf, _SUFFIX.get(leaf, leaf))
    elif isinstance(module, torch.nn.Embedding):
        leaf = "embedding_table"
    return pre + leaf


def load(torch, net, params):
    """Copy ``params`` (mindjax name -> array) into ``net``; every tensor of ``net`` must be found."""
    mods = dict(net.named_modules())
    with torch.no_grad():
        for name, t in net.state_dict(keep_vars=True).items():   # (not the non-persistent causal mask)
            if name.endswith("num_batches_tracked"):
                continue
            src = np.asarray(params[ms_name(name, mods[name.rpartition(".")[0]])])
            assert src.shape == tuple(t.shape), (name, src.shape, t.shape)
            t.copy_(torch.from_numpy(src.copy()))


def lenet(torch, params):
    tnn, F = torch.nn, torch.nn.functional

    class LeNet5(tnn.Module):
        def __init__(self):
            super().__init__()
            self.conv1, self.conv2 = tnn.Conv2d(1, 6, 5, bias=False), tnn.Conv2d(6, 16, 5, bias=False)
            self.fc1, self.fc2, self.fc3 = tnn.Linear(400, 120), tnn.Linear(120, 84), tnn.Linear(84, 10)

        def forward(self, x):
            x = F.max_pool2d(F.relu(self.conv1(x)), 2)
            x = F.max_pool2d(F.relu(self.conv2(x)), 2)
            x = x.flatten(1)
            return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))

    net = LeNet5()
    load(torch, net, params)
    return net, torch.optim.SGD(net.parameters(), lr=LR, momentum=MOM)


def resnet50(torch, params, widths=(64, 128, 256, 512), layers=(3, 4, 6, 3), num_class=1000):
    tnn, F = torch.nn, torch.nn.functional

    def conv(cin, cout, k, stride=1):
        return tnn.Conv2d(cin, cout, k, stride=stride, padding=k // 2, bias=False)

    def bn(c):  # MindSpore's momentum 0.9 is PyTorch's 0.1
        return tnn.BatchNorm2d(c, eps=1e-5, momentum=0.1)

    class Bottleneck(tnn.Module):
        def __init__(self, cin, ch, stride):
            super().__init__()
            self.conv1, self.bn1 = conv(cin, ch, 1), bn(ch)
            self.conv2, self.bn2 = conv(ch, ch, 3, stride), bn(ch)
            self.conv3, self.bn3 = conv(ch, ch * 4, 1), bn(ch * 4)
            self.down = None
            if stride != 1 or cin != ch * 4:
                self.down = tnn.Sequential(conv(cin, ch * 4, 1, stride), bn(ch * 4))

        def forward(self, x):
            out = F.relu(self.bn1(self.conv1(x)))
            out = F.relu(self.bn2(self.conv2(out)))
            out = self.bn3(self.conv3(out))
            return F.relu(out + (self.down(x) if self.down is not None else x))

    class ResNet50(tnn.Module):
        def __init__(self):
            super().__init__()
            self.conv1, self.bn1 = conv(3, widths[0], 7, 2), bn(widths[0])
            blocks, cin = [], widths[0]
            for i, (w, n) in enumerate(zip(widths, layers)):
                for j in range(n):
                    blocks.append(Bottleneck(cin, w, 2 if (i > 0 and j == 0) else 1))
                    cin = w * 4
            self.layers = tnn.Sequential(*blocks)
            self.classifier = tnn.Linear(cin, num_class)

        def forward(self, x):
            x = F.relu(self.bn1(self.conv1(x)))
            # MindSpore's 'same' max-pool pads after (TensorFlow's rule), PyTorch's padding=1 both sides
            h = x.shape[-1]
            pad = max((-(-h // 2) - 1) * 2 + 3 - h, 0)
            x = F.max_pool2d(F.pad(x, (pad // 2, pad - pad // 2, pad // 2, pad - pad // 2), value=float("-inf")), 3, 2)
            x = self.layers(x)
            return self.classifier(x.mean((2, 3)))

    net = ResNet50()
    load(torch, net, params)
    net.train()
    return net, torch.optim.SGD(net.parameters(), lr=LR, momentum=MOM)


def gpt(torch, params, vocab, n_layers, d, heads, seq):
    tnn, F = torch.nn, torch.nn.functional
    dh = d // heads

    class Block(tnn.Module):
        def __init__(self):
            super().__init__()
            self.ln1, self.ln2 = tnn.LayerNorm(d, eps=1e-7), tnn.LayerNorm(d, eps=1e-7)
            self.qkv, self.proj = tnn.Linear(d, 3 * d), tnn.Linear(d, d)
            self.fc, self.out = tnn.Linear(d, 4 * d), tnn.Linear(4 * d, d)
            self.register_buffer("mask", torch.triu(torch.full((seq, seq), -1e9), 1), persistent=False)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = self.qkv(self.ln1(x)).reshape(b, t, 3, heads, dh).permute(2, 0, 3, 1, 4)
            att = torch.softmax(q @ k.transpose(-1, -2) * (1.0 / dh ** 0.5) + self.mask, -1)
            x = x + self.proj((att @ v).transpose(1, 2).reshape(b, t, d))
            return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))

    class GPTDecoder(tnn.Module):
        def __init__(self):
            super().__init__()
            self.wte, self.wpe = tnn.Embedding(vocab, d), tnn.Embedding(seq, d)
            self.blocks = tnn.Sequential(*[Block() for _ in range(n_layers)])
            self.ln_f = tnn.LayerNorm(d, eps=1e-7)
            self.head = tnn.Linear(d, vocab, bias=False)

        def forward(self, idx):
            x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1]))[None]
            return self.head(self.ln_f(self.blocks(x))).reshape(-1, vocab)

    net = GPTDecoder()
    load(torch, net, params)
    decay = [p for n, p in net.named_parameters() if not any(s in ms_name(n, dict(net.named_modules())[
        n.rpartition(".")[0]]) for s in ("gamma", "beta"))]
    rest = [p for p in net.parameters() if all(p is not q for q in decay)]
    # AdamW: the same work per step as MindSpore's AdamWeightDecay (which has no bias correction)
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": GPT_WD}, {"params": rest, "weight_decay": 0.0}],
                            lr=GPT_LR, eps=1e-6)
    return net, opt
