"""Record the MindSpore reference values used by tests/common/test_init_matches_mindspore.py.

Run with a Python that has real MindSpore installed (not mindjax's venv), e.g.
``~/msref/bin/python tests/common/data/gen_mindspore_init_reference.py``.
"""
import json, hashlib, math, os
import numpy as np
import mindspore as ms
from mindspore import nn, Parameter
from mindspore.common import initializer as I

SAMPLE_MAX = 96
def rec(a, sample=SAMPLE_MAX):
    """Shape, sha256 of the float32 bytes, float64 sum, and the values at a strided sample of indices."""
    a = np.ascontiguousarray(np.asarray(a, dtype=np.float32))
    flat = a.reshape(-1)
    if flat.size <= sample:
        idx = list(range(flat.size))
    else:
        step = flat.size // sample + 1
        idx = list(range(0, flat.size, step)) + [flat.size - 1]
    return {"shape": list(a.shape), "sha256": hashlib.sha256(flat.tobytes()).hexdigest(),
            "sum": float(flat.astype(np.float64).sum()), "index": idx,
            "values": [float(str(flat[i])) for i in idx]}  # shortest float32 decimals

def param(init, shape, dtype=ms.float32):
    return Parameter(I.initializer(init, shape, dtype), name="p").asnumpy()

cases = {}
ms.set_seed(1)
net = nn.Conv2d(1, 6, 5, pad_mode='valid')
cases["conv2d_1_6_5_valid_seed1"] = {"weight": rec(net.weight.asnumpy(), 256)}
ms.set_seed(1)
net = nn.Conv2d(3, 8, 3, has_bias=True)
cases["conv2d_3_8_3_bias_seed1"] = {"weight": rec(net.weight.asnumpy()), "bias": rec(net.bias.asnumpy())}
ms.set_seed(1)
d = nn.Dense(400, 120, weight_init=I.Normal(0.02))
cases["dense_400_120_normal002_seed1"] = {"weight": rec(d.weight.asnumpy()), "bias": rec(d.bias.asnumpy(), 256)}
ms.set_seed(0)
d = nn.Dense(7, 5)
cases["dense_7_5_default_seed0"] = {"weight": rec(d.weight.asnumpy()), "bias": rec(d.bias.asnumpy())}
# a LeNet-like sequence of layers under one seed
ms.set_seed(42)
layers = [nn.Conv2d(1, 6, 5, pad_mode='valid'), nn.Conv2d(6, 16, 5, pad_mode='valid'),
          nn.Dense(16 * 5 * 5, 120, weight_init=I.Normal(0.02)), nn.Dense(120, 84, weight_init=I.Normal(0.02)),
          nn.Dense(84, 10, weight_init=I.Normal(0.02))]
seq = {}
for i, l in enumerate(layers):
    seq[f"{i}.weight"] = rec(l.weight.asnumpy())
    if getattr(l, "bias", None) is not None:
        seq[f"{i}.bias"] = rec(l.bias.asnumpy())
cases["lenet_seed42"] = seq

inits = [
    ("Normal()", I.Normal(), (3, 4)),
    ("Normal(0.5, 1.5)", I.Normal(0.5, 1.5), (33,)),
    ("Normal(2.0)", I.Normal(2.0), (5000,)),
    ("TruncatedNormal()", I.TruncatedNormal(), (4, 5)),
    ("TruncatedNormal(1.0)", I.TruncatedNormal(1.0), (3001,)),
    ("TruncatedNormal(0.7, 0.2, -0.5, 1.5)", I.TruncatedNormal(0.7, 0.2, -0.5, 1.5), (7, 9)),
    ("Uniform()", I.Uniform(), (5, 5)),
    ("Uniform(3.3)", I.Uniform(3.3), (2049,)),
    ("XavierUniform()", I.XavierUniform(), (6, 4)),
    ("XavierUniform(2.0)", I.XavierUniform(2.0), (4, 3, 2, 2)),
    ("XavierNormal()", I.XavierNormal(), (6, 4)),
    ("XavierNormal(0.5)", I.XavierNormal(0.5), (8, 3, 3)),
    ("HeUniform()", I.HeUniform(), (10, 20)),
    ("HeUniform(math.sqrt(5))", I.HeUniform(math.sqrt(5)), (6, 1, 5, 5)),
    ("HeUniform(0, 'fan_out', 'relu')", I.HeUniform(0, 'fan_out', 'relu'), (16, 6, 5, 5)),
    ("HeNormal()", I.HeNormal(), (10, 20)),
    ("HeNormal(0.2, 'fan_out', 'leaky_relu')", I.HeNormal(0.2, 'fan_out', 'leaky_relu'), (3, 4, 3)),
    ("'normal'", 'normal', (9,)),
    ("'uniform'", 'uniform', (9,)),
    ("'truncatedNormal'", 'truncatedNormal', (9,)),
    ("'xavier_uniform'", 'xavier_uniform', (3, 7)),
    ("'he_normal'", 'he_normal', (3, 7)),
    ("Orthogonal()", I.Orthogonal(), (4, 6)),
    ("Orthogonal(2.0)", I.Orthogonal(2.0), (6, 2, 2)),
]
ms.set_seed(123)
seqcase = []
for name, init, shape in inits:
    seqcase.append({"init": name, "shape": list(shape), "value": rec(param(init, shape))})
cases["initializer_sequence_seed123"] = seqcase
# each initializer after its own set_seed
single = []
for name, init, shape in inits:
    ms.set_seed(7)
    single.append({"init": name, "shape": list(shape), "value": rec(param(init, shape))})
cases["initializer_single_seed7"] = single
# other dtypes: values drawn as float32 and cast
ms.set_seed(5)
h = param(I.Normal(1.0), (17,), ms.float16)
cases["float16_normal"] = {"bits": [int(x) for x in h.view(np.uint16)]}
ms.set_seed(5)
cases["float64_uniform"] = {"value": rec(param(I.Uniform(0.3), (9,), ms.float64))}
# TruncatedNormal bounds are absolute: with sigma=0.02 the [-2, 2] truncation never bites
ms.set_seed(11)
cases["truncated_normal_002_768x768"] = {"value": rec(param(I.TruncatedNormal(0.02), (768, 768)))}
# the C++ generators called directly (seed, size); sizes across the 1024-element threshold
# for multi-threaded generation and mindjax's 65536-element chunks
from mindspore._c_expression import _random_normal, _random_uniform, _truncated_normal
raw = []
for seed in (1, 12345, 0xFFFFFFFF, (1 << 32) + 7, 9223372036854775807):
    for n in (1, 5, 1025, 131075):
        x = np.zeros(n, np.float32); _random_normal(seed, x, 0.25, 1.5)
        raw.append({"fn": "normal", "seed": seed, "args": [0.25, 1.5], "value": rec(x, 16)})
        x = np.zeros(n, np.float32); _random_uniform(seed, x, -0.7, 0.3)
        raw.append({"fn": "uniform", "seed": seed, "args": [-0.7, 0.3], "value": rec(x, 16)})
        x = np.zeros(n, np.float32); _truncated_normal(seed, x, -0.5, 1.5, 0.2, 0.7)
        raw.append({"fn": "truncated_normal", "seed": seed, "args": [-0.5, 1.5, 0.2, 0.7], "value": rec(x, 16)})
cases["raw_generators"] = raw
# np.random.seed alone also drives initializers (MindSpore reads numpy's global state)
np.random.seed(2024)
cases["numpy_seed_2024_uniform"] = {"value": rec(param(I.Uniform(1.0), (10,)))}
json.dump({"mindspore": ms.__version__, "cases": cases}, open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "mindspore_init_reference.json"), "w"), indent=None,
          separators=(",", ":"))
print("ok", ms.__version__)
