"""Primitive subclasses written outside the framework (only __init__ and inference), run by name:
shared by tests/data/gen_by_name.py (MindSpore 2.10, GRAPH_MODE as MindSpore's tests run them)
and tests/ops/test_by_name.py. Import after `mindspore` resolves to the framework under test."""
import numpy as np
import mindspore as ms
from mindspore import nn
from mindspore.ops import PrimitiveWithInfer, prim_attr_register


class Shift(PrimitiveWithInfer):
    @prim_attr_register
    def __init__(self, periods=1, axis=-1):
        self.init_prim_io_names(inputs=['x', 'fill_value'], outputs=['output'])

    def __infer__(self, x, fill_value):
        return {'shape': tuple(x['shape']), 'dtype': x['dtype'], 'value': None}


class Add(PrimitiveWithInfer):  # the name of a public Primitive: its kernel runs
    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(inputs=['x', 'y'], outputs=['output'])

    def __infer__(self, x, y):
        return {'shape': tuple(x['shape']), 'dtype': x['dtype'], 'value': None}


class Net(nn.Cell):
    def __init__(self, prim):
        super().__init__()
        self.prim = prim

    def construct(self, *args):
        return self.prim(*args)


X = np.arange(24, dtype=np.float32).reshape(2, 3, 4) * 0.5 - 3
XI = np.arange(12, dtype=np.int64).reshape(3, 4) - 5
XB = np.array([[True, False, True], [False, False, True]])
CASES = {
    "shift_p1_ax1": lambda: Net(Shift(1, 1))(ms.Tensor(X), 9.5),
    "shift_m2_ax2": lambda: Net(Shift(-2, 2))(ms.Tensor(X), -1.25),
    "shift_p3_ax0_all": lambda: Net(Shift(3, 0))(ms.Tensor(X), 0.0),
    "shift_nan_fill": lambda: Net(Shift(2, 2))(ms.Tensor(X.astype(np.float64)), float("nan")),
    "shift_zero": lambda: Net(Shift(0, 1))(ms.Tensor(X), 7.0),
    "shift_int64": lambda: Net(Shift(-1, 0))(ms.Tensor(XI), -4),
    "shift_bool": lambda: Net(Shift(1, 1))(ms.Tensor(XB), True),
    "shift_int32_axis1": lambda: Net(Shift(5, 1))(ms.Tensor(XI.astype(np.int32)), 3),
    "add_by_name": lambda: Net(Add())(ms.Tensor(X), ms.Tensor(X)),
}
