"""Records MindSpore 2.10 outputs and input gradients of the padding, 3-D conv/pool and
adaptive pooling layers (run with ~/msref/bin/python; writes ms_padding_3d.json)."""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn, ops

# (ctor expression, input shape, input dtype)
CASES = [
    ("nn.Pad(((0, 1), (1, 1), (2, 2)))", (2, 3, 4), "float32"),
    ("nn.Pad(((0, 1), (1, 1), (2, 2)), mode='REFLECT')", (2, 3, 4), "float32"),
    ("nn.Pad(((0, 1), (1, 2), (4, 2)), mode='SYMMETRIC')", (2, 3, 4), "float32"),
    ("nn.ConstantPad1d((0, 2), 0.5)", (1, 2, 3, 4), "float32"),
    ("nn.ConstantPad1d((-1, 2), 1.5)", (2, 4), "float32"),
    ("nn.ConstantPad1d(1, 1.5)", (4,), "int32"),
    ("nn.ConstantPad2d((1, 1, 0, 1), -2.0)", (1, 2, 3, 4), "float32"),
    ("nn.ConstantPad2d(2, 3)", (2, 3, 4), "float32"),
    ("nn.ConstantPad3d((1, 1, 0, 1, 1, 0), 0.5)", (1, 2, 3, 4), "float32"),
    ("nn.ZeroPad2d((1, -1, 2, 0))", (1, 2, 3, 4), "float32"),
    ("nn.ReflectionPad1d((3, 1))", (2, 3, 4), "float32"),
    ("nn.ReflectionPad2d((1, 2, 2, 0))", (1, 3, 4), "float32"),
    ("nn.ReflectionPad3d(1)", (1, 2, 3, 4), "float32"),
    ("nn.ReplicationPad1d((1, 3))", (2, 3, 4), "float32"),
    ("nn.ReplicationPad1d((2, -1))", (3, 4), "float32"),
    ("nn.ReplicationPad2d((1, 0, 2, 1))", (2, 2, 3, 4), "float32"),
    ("nn.ReplicationPad3d(1)", (2, 3, 4, 2), "float32"),
    ("nn.Conv3d(4, 6, 3, group=2, has_bias=True)", (2, 4, 5, 4, 6), "float32"),
    ("nn.Conv3d(2, 3, (2, 3, 1), stride=(2, 1, 2), pad_mode='valid', dilation=(1, 2, 1))", (1, 2, 5, 6, 5),
     "float32"),
    ("nn.Conv3d(2, 3, 3, stride=2, pad_mode='pad', padding=(1, 0, 2, 1, 0, 1), has_bias=True)", (1, 2, 5, 6, 5),
     "float32"),
    ("nn.Conv3d(2, 4, 2, stride=2)", (1, 2, 5, 4, 3), "float32"),
    ("nn.Conv3dTranspose(4, 6, 3, stride=2, group=2, has_bias=True)", (1, 4, 3, 2, 3), "float32"),
    ("nn.Conv3dTranspose(2, 3, (3, 2, 3), stride=(2, 1, 3), pad_mode='valid')", (1, 2, 3, 2, 2), "float32"),
    ("nn.Conv3dTranspose(2, 3, 3, stride=2, pad_mode='pad', padding=1, output_padding=1, has_bias=True)",
     (1, 2, 3, 3, 2), "float32"),
    ("nn.Conv3dTranspose(2, 2, 2, stride=3, pad_mode='same')", (1, 2, 2, 3, 2), "float32"),
    ("nn.Conv1dTranspose(4, 6, 3, stride=2, has_bias=True)", (2, 4, 5), "float32"),
    ("nn.Conv1dTranspose(4, 6, 4, stride=2, pad_mode='same', group=2)", (1, 4, 5), "float32"),
    ("nn.Conv1dTranspose(3, 2, 3, stride=2, pad_mode='valid')", (1, 3, 5), "float32"),
    ("nn.Conv1dTranspose(3, 2, 2, stride=3, pad_mode='valid')", (1, 3, 4), "float32"),
    ("nn.Conv1dTranspose(3, 2, 3, stride=2, pad_mode='pad', padding=1, dilation=2)", (1, 3, 5), "float32"),
    ("nn.AvgPool3d(2, 2)", (1, 2, 5, 4, 6), "float32"),
    ("nn.AvgPool3d((2, 3, 2), (1, 2, 2))", (2, 5, 6, 4), "float32"),
    ("nn.AvgPool3d(3, 2, pad_mode='same')", (1, 2, 5, 4, 6), "float32"),
    ("nn.AvgPool3d(3, 2, pad_mode='pad', padding=1)", (1, 2, 5, 4, 6), "float32"),
    ("nn.AvgPool3d(3, 2, pad_mode='pad', padding=1, count_include_pad=False)", (1, 2, 5, 4, 6), "float32"),
    ("nn.AvgPool3d(3, 2, pad_mode='pad', padding=(1, 0, 1), ceil_mode=True)", (1, 2, 5, 4, 6), "float32"),
    ("nn.AvgPool3d(3, 2, pad_mode='pad', padding=1, ceil_mode=True, count_include_pad=False)", (1, 2, 5, 4, 6),
     "float32"),
    ("nn.AvgPool3d(2, 2, divisor_override=3)", (1, 2, 4, 4, 4), "float32"),
    ("nn.MaxPool3d(2, 2)", (1, 2, 5, 4, 6), "float32"),
    ("nn.MaxPool3d(3, (1, 2, 2), pad_mode='same')", (2, 5, 4, 6), "float32"),
    ("nn.MaxPool3d(3, 2, pad_mode='pad', padding=1)", (1, 2, 5, 4, 6), "float32"),
    ("nn.MaxPool3d(3, 2, pad_mode='pad', padding=1, dilation=2)", (1, 2, 7, 6, 6), "float32"),
    ("nn.MaxPool3d(2, 2, pad_mode='pad', padding=0, ceil_mode=True)", (1, 2, 5, 4, 7), "float32"),
    ("nn.AdaptiveAvgPool1d(3)", (2, 3, 6), "float32"),
    ("nn.AdaptiveMaxPool1d(2)", (2, 3, 6), "float32"),
    ("nn.AdaptiveAvgPool3d((2, None, 3))", (1, 2, 5, 6, 7), "float32"),
    ("nn.AdaptiveAvgPool3d(2)", (2, 5, 3, 4), "float32"),
    ("nn.AdaptiveAvgPool3d((3, 4, 1))", (1, 2, 4, 4, 5), "float32"),
]

# (expression, exception class): construction and call errors
ERRORS = [
    "nn.Pad([(0, 1)])", "nn.Pad(((0, 1, 2),))", "nn.Pad(((0, 1),) * 5)", "nn.Pad(((0, 1),), mode='constant')",
    "nn.Pad(((1, 1), (2, 2)))(X3)", "nn.Pad(((1, 1), (2, 2)), mode='REFLECT')(X3)",
    "nn.Pad(((0, 1), (1, 1), (-1, 2)))(X3)", "nn.Pad(((0, 1), (1, 1), (4, 2)), mode='REFLECT')(X3)",
    "nn.Pad(((0, 1), (1, 1), (5, 2)), mode='SYMMETRIC')(X3)",
    "nn.ConstantPad1d((1, 2, 3), 0.5)", "nn.ConstantPad1d((1, 2, 3, 4), 0.5)", "nn.ConstantPad2d((1, 2) * 3, 0.5)",
    "nn.ConstantPad2d([1, 2], 0.5)", "nn.ConstantPad2d((1, 2), 'a')", "nn.ConstantPad1d((-5, 0), 1.)(X3)",
    "nn.ConstantPad1d((-2, -2), 1.)(X3)", "nn.ZeroPad2d((1, 2) * 3)",
    "nn.ReflectionPad1d([1, 2])", "nn.ReflectionPad1d((1, 2, 3))", "nn.ReflectionPad1d((1, -2))",
    "nn.ReflectionPad1d((1, 2.0))", "nn.ReflectionPad1d(4)(X3)", "nn.ReflectionPad3d(1)(X2)",
    "nn.ReplicationPad1d([1, 2])", "nn.ReplicationPad1d(2)(X1)", "nn.ReplicationPad2d(2)(X5)",
    "nn.ReplicationPad1d((1, 2, 3, 4))(X3)",
    "nn.Conv3d(4, 6, (3, 3))", "nn.Conv3d(4, 6, 3, pad_mode='pad', padding=(1, 1, 1))",
    "nn.Conv3d(4, 6, 3, padding=1)", "nn.Conv3d(4, 6, 3, data_format='NCHW')", "nn.Conv3d(4, 6, 3, group=3)",
    "nn.Conv3d(4, 6, 3)(X4)", "nn.Conv3d(3, 6, 3)(X5)", "nn.Conv3d(0, 6, 3)",
    "nn.Conv3dTranspose(4, 6, 3, output_padding=1)", "nn.Conv3dTranspose(4, 6, 3, stride=0)",
    "nn.Conv1dTranspose(4, 6, (3,))", "nn.Conv1dTranspose(4, 6, 3)(X4)",
    "nn.AvgPool3d(3, 2, padding=1)", "nn.AvgPool3d(0)", "nn.AvgPool3d(2, pad_mode='foo')",
    "nn.AvgPool3d(2, divisor_override=-1)", "nn.MaxPool3d(2, dilation=2)",
    "nn.AdaptiveAvgPool1d(3)(X3)", "nn.AdaptiveAvgPool1d(3)(X2)", "nn.AdaptiveMaxPool1d(3)(X3)",
    "nn.AdaptiveAvgPool1d(3.0)", "nn.AdaptiveAvgPool1d(0)", "nn.AdaptiveMaxPool1d(0)",
]


def main():
    rng = np.random.default_rng(0)
    cases = []
    for expr, shape, dt in CASES:
        ms.set_seed(1)
        net = eval(expr)  # noqa: S307 - our own case table
        if dt == "int32":
            x = rng.integers(-5, 6, shape).astype(np.int32)
        else:
            x = rng.standard_normal(shape).astype(np.float32)
        params = {p.name: p.asnumpy().tolist() for p in net.get_parameters()}
        y = net(ms.Tensor(x)).asnumpy()
        rec = {"expr": expr, "x": x.tolist(), "dtype": dt, "params": params,
               "param_shapes": {p.name: list(p.shape) for p in net.get_parameters()},
               "y": y.tolist(), "y_dtype": str(y.dtype)}
        if dt != "int32":
            sens = rng.standard_normal(y.shape).astype(np.float32)
            g = ops.GradOperation(sens_param=True)(net)(ms.Tensor(x), ms.Tensor(sens))
            rec["sens"], rec["dx"] = sens.tolist(), g.asnumpy().tolist()
        cases.append(rec)
    env = {"nn": nn, "X1": ms.Tensor(np.ones((4,), np.float32)), "X2": ms.Tensor(np.ones((4, 7), np.float32)),
           "X3": ms.Tensor(np.ones((2, 3, 4), np.float32)), "X4": ms.Tensor(np.ones((1, 4, 5, 5), np.float32)),
           "X5": ms.Tensor(np.ones((1, 4, 5, 5, 5), np.float32))}
    errors = []
    for expr in ERRORS:
        try:
            eval(expr, env)  # noqa: S307
            errors.append({"expr": expr, "error": None})
        except Exception as e:  # noqa: BLE001 - recording the class is the point
            errors.append({"expr": expr, "error": type(e).__name__, "msg": str(e).split("\n")[0]})
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_padding_3d.json")
    with open(out, "w") as f:
        json.dump({"cases": cases, "errors": errors}, f)


if __name__ == "__main__":
    main()
