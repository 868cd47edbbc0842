"""Record MindSpore 2.10's convolutions of the two kinds mindjax computes another way
(mindjax/ops/_conv_paths.py): 1x1 kernels (nn.Conv2d / nn.Conv1d, strides 1-3, pad modes
'same', 'valid' and 'pad' with zero padding) and depthwise ones (group == in_channels, channel
multiplier 1 and 2, kernels 3x3 to 7x7, strides, dilation, every pad mode), float32 and float16,
with the gradients of sum(out * cot) for the input and the weight.

run: ~/msref/bin/python tests/data/gen_conv_paths.py  (writes tests/data/ms_conv_paths.json)
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
rng = np.random.default_rng(7)

CASES = [  # name, x shape, out channels, kernel, stride, pad_mode, padding, dilation, group, dtype, dims
    ("pw_s1_valid", (2, 5, 6, 7), 4, 1, 1, "valid", 0, 1, 1, "float32", 2),
    ("pw_s2_same", (2, 5, 7, 6), 3, 1, 2, "same", 0, 1, 1, "float32", 2),
    ("pw_s3_pad0", (1, 4, 8, 5), 6, 1, 3, "pad", 0, 1, 1, "float32", 2),
    ("pw_s2x1_valid", (2, 3, 6, 5), 2, 1, (2, 1), "valid", 0, 1, 1, "float32", 2),
    ("pw_f16_s1", (2, 6, 4, 4), 5, 1, 1, "valid", 0, 1, 1, "float16", 2),
    ("pw_conv1d_s2", (3, 4, 9), 5, 1, 2, "valid", 0, 1, 1, "float32", 1),
    ("dw_3x3_same", (2, 4, 7, 6), 4, 3, 1, "same", 0, 1, 4, "float32", 2),
    ("dw_3x3_s2_same", (2, 3, 9, 8), 3, 3, 2, "same", 0, 1, 3, "float32", 2),
    ("dw_5x5_s2_pad", (1, 4, 10, 9), 4, 5, 2, "pad", 2, 1, 4, "float32", 2),
    ("dw_3x3_dil2_valid", (2, 3, 9, 9), 3, 3, 1, "valid", 0, 2, 3, "float32", 2),
    ("dw_mult2_same", (2, 3, 6, 6), 6, 3, 1, "same", 0, 1, 3, "float32", 2),
    ("dw_7x7_same", (1, 2, 9, 10), 2, 7, 1, "same", 0, 1, 2, "float32", 2),
    ("dw_3x1_s2_same", (2, 4, 7, 8), 4, (3, 1), 2, "same", 0, 1, 4, "float32", 2),
    ("dw_f16_same", (2, 4, 6, 6), 4, 3, 1, "same", 0, 1, 4, "float16", 2),
]


def run(name, shape, cout, kernel, stride, pad_mode, padding, dilation, group, dtype, dims):
    x = rng.standard_normal(shape).astype(dtype)
    cin = shape[1]
    ks = (kernel,) * dims if isinstance(kernel, int) else kernel
    w = (rng.standard_normal((cout, cin // group) + ks) * 0.5).astype(dtype)
    cls = nn.Conv2d if dims == 2 else nn.Conv1d
    net = cls(cin, cout, kernel, stride=stride, pad_mode=pad_mode, padding=padding, dilation=dilation,
              group=group, has_bias=False, weight_init=ms.Tensor(w), dtype=getattr(ms, dtype))
    out = net(ms.Tensor(x))
    cot = rng.standard_normal(out.shape).astype(dtype)
    grad = ms.grad(lambda a: (net(a) * ms.Tensor(cot)).sum(), grad_position=0, weights=net.trainable_params())
    dx, (dw,) = grad(ms.Tensor(x))
    return {"x": x.astype(np.float64).tolist(), "w": w.astype(np.float64).tolist(), "cot": cot.astype(np.float64).tolist(),
            "kernel": kernel, "stride": stride, "pad_mode": pad_mode, "padding": padding, "dilation": dilation,
            "group": group, "dtype": dtype, "dims": dims, "out_dtype": str(out.dtype),
            "out": out.asnumpy().astype(np.float64).tolist(), "dx": dx.asnumpy().astype(np.float64).tolist(),
            "dw": dw.asnumpy().astype(np.float64).tolist()}


out = {c[0]: run(*c) for c in CASES}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_conv_paths.json")
with open(path, "w") as f:
    json.dump(out, f)
print("wrote", path, len(out))
