"""Activation layers: ReLU, Sigmoid, Tanh, Softmax, GELU, ..."""
from __future__ import annotations

from ... import ops
from ..cell import Cell
from ._check import check_axis_type, check_bool, check_number

__all__ = ["ReLU", "ReLU6", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "GELU", "FastGelu", "SiLU", "LeakyReLU",
           "ELU", "HSwish", "HSigmoid", "Mish", "SeLU", "Softplus", "LogSigmoid", "get_activation"]


def _act(name, fn):
    def construct(self, x):
        return fn(x)
    return type(name, (Cell,), {"construct": construct, "__doc__": f"``nn.{name}()``: elementwise {fn.__name__}."})


ReLU = _act("ReLU", ops.relu)
ReLU6 = _act("ReLU6", ops.relu6)
Sigmoid = _act("Sigmoid", ops.sigmoid)
Tanh = _act("Tanh", ops.tanh)
SiLU = _act("SiLU", ops.silu)
HSwish = _act("HSwish", ops.hardswish)
HSigmoid = _act("HSigmoid", ops.hardsigmoid)
Mish = _act("Mish", ops.mish)
SeLU = _act("SeLU", ops.selu)
LogSigmoid = _act("LogSigmoid", ops.logsigmoid)


class Softmax(Cell):
    def __init__(self, axis=-1):
        super().__init__()
        self.axis = check_axis_type(type(self).__name__, "axis", axis)

    def construct(self, x):
        return ops.softmax(x, self.axis)


class LogSoftmax(Softmax):
    def construct(self, x):
        return ops.log_softmax(x, self.axis)


class GELU(Cell):
    def __init__(self, approximate: bool = True):
        super().__init__()
        self.approximate = check_bool("GELU", "approximate", approximate)

    def construct(self, x):
        return ops.gelu(x, "tanh" if self.approximate else "none")


FastGelu = GELU


class LeakyReLU(Cell):
    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return ops.leaky_relu(x, self.alpha)


class ELU(Cell):
    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = check_number("ELU", "alpha", alpha)

    def construct(self, x):
        return ops.elu(x, self.alpha)


class Softplus(Cell):
    def __init__(self, beta=1, threshold=20):
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def construct(self, x):
        return ops.softplus(x, self.beta, self.threshold)


_NAMES = {"relu": ReLU, "relu6": ReLU6, "sigmoid": Sigmoid, "tanh": Tanh, "softmax": Softmax,
          "logsoftmax": LogSoftmax, "gelu": GELU, "silu": SiLU, "swish": SiLU, "leakyrelu": LeakyReLU, "elu": ELU,
          "hswish": HSwish, "hsigmoid": HSigmoid, "mish": Mish, "selu": SeLU, "softplus": Softplus}


def get_activation(name, prim_name=None):
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"For 'get_activation', the 'name' must be a str, but got {type(name).__name__}.")
    cls = _NAMES.get(name.lower())
    if cls is None:
        raise KeyError(f"For 'get_activation', the activation {name!r} is not supported; use one of {sorted(_NAMES)}.")
    return cls()
