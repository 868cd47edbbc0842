"""Dense, Flatten, Dropout, MatMul and other basic layers."""
from __future__ import annotations

import math

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...common.initializer import initializer, HeUniform, Uniform
from ... import ops
from ...ops._nn_more import linear as _linear
from ..cell import Cell
from ._check import positive_int, check_bool, check_number, keep_prob as _check_keep

__all__ = ["Dense", "Flatten", "Dropout", "Dropout1d", "Dropout2d", "MatMul", "Identity", "Unflatten"]


class Dense(Cell):
    """``nn.Dense(in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True, activation=None)``.

    y = activation(x @ weight.T + bias), weight of shape (out_channels, in_channels).
    Default initializers are MindSpore's: HeUniform(sqrt(5)) for the weight and
    Uniform(1/sqrt(in_channels)) for the bias.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> net = ms.nn.Dense(3, 4)
        >>> net(ms.Tensor(np.ones((2, 3)), ms.float32)).shape
        (2, 4)
    """

    def __init__(self, in_channels: int, out_channels: int, weight_init=None, bias_init=None, has_bias: bool = True,
                 activation=None, dtype=mstype.float32):
        super().__init__()
        self.in_channels = positive_int("Dense", "in_channels", in_channels)
        self.out_channels = positive_int("Dense", "out_channels", out_channels)
        self.has_bias = check_bool("Dense", "has_bias", has_bias)
        if activation is not None and not isinstance(activation, (str, Cell)) and not callable(activation):
            raise TypeError(f"For 'Dense', the 'activation' must be str or Cell or Primitive, but got "
                            f"{type(activation).__name__}.")
        if isinstance(weight_init, Tensor) and weight_init.shape != (out_channels, in_channels):
            raise ValueError(f"For 'Dense', the shape of 'weight_init' must be {[out_channels, in_channels]}, but "
                             f"got {list(weight_init.shape)}.")
        w_init = weight_init if weight_init is not None else HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(w_init, [out_channels, in_channels], dtype), name="weight")
        self.bias = None
        if has_bias:
            b_init = bias_init if bias_init is not None else Uniform(1 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(b_init, [out_channels], dtype), name="bias")
        from .activation import get_activation
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        self.activation_flag = self.activation is not None

    def construct(self, x):
        if not isinstance(x, Tensor):
            raise TypeError(f"For 'Dense', the input must be a Tensor, but got {type(x).__name__}.")
        if x.ndim == 0 or x.shape[-1] != self.in_channels:
            raise ValueError(f"For 'Dense', the last dimension of the input must be 'in_channels' "
                             f"{self.in_channels}, but got input shape {list(x.shape)}.")
        # one op (matmul and bias on the last axis, any leading axes); MatMul and Add where the
        # dtypes differ, so their promotion rules and errors stay MindSpore's
        y = _linear(x, self.weight, self.bias if self.has_bias else None)
        if y is None:
            lead = x.shape[:-1]
            if x.ndim != 2:
                x = ops.reshape(x, (-1, self.in_channels))
            y = ops.matmul_t(x, self.weight, False, True)
            if self.has_bias:
                y = ops.add(y, self.bias)
            if len(lead) != 1:
                y = ops.reshape(y, lead + (self.out_channels,))
        if self.activation_flag:
            y = self.activation(y)
        return y

    def extend_repr(self):
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s


class Flatten(Cell):
    """``nn.Flatten(start_dim=1, end_dim=-1)``."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x):
        nd = max(x.ndim, 1)
        if not (-nd <= self.start_dim < nd and -nd <= self.end_dim < nd):
            raise ValueError(f"For 'Flatten', 'start_dim' or 'end_dim' out of range: got start_dim={self.start_dim}, "
                             f"end_dim={self.end_dim} for an input of shape {list(x.shape)}.")
        return ops.flatten(x, start_dim=self.start_dim, end_dim=self.end_dim)


class Unflatten(Cell):
    def __init__(self, axis, unflattened_size):
        super().__init__()
        self.axis, self.size = axis, tuple(unflattened_size)

    def construct(self, x):
        a = self.axis % x.ndim
        return ops.reshape(x, x.shape[:a] + self.size + x.shape[a + 1:])


class Dropout(Cell):
    """``nn.Dropout(keep_prob=None, p=None)``: active only in training (``set_train()``)."""

    def __init__(self, keep_prob=None, p=None, dtype=mstype.float32):
        super().__init__()
        if p is None:
            p = 1 - _check_keep("Dropout", 0.5 if keep_prob is None else keep_prob)
        else:
            check_number("Dropout", "p", p)
            if not 0 <= p < 1:
                raise ValueError(f"For 'Dropout', the 'p' must be a number in range [0, 1), but got {p}.")
        self.p = float(p)
        self.keep_prob = 1 - self.p

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return ops.dropout(x, self.p, True)

    def extend_repr(self):
        return f"p={self.p}"


class Dropout2d(Cell):
    def __init__(self, p=0.5):
        super().__init__()
        check_number(type(self).__name__, "p", p)
        if not 0 <= p <= 1:
            raise ValueError(f"For '{type(self).__name__}', the 'p' must be a number in range [0, 1], but got {p}.")
        self.p = p

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return ops.dropout2d(x, self.p, True)[0]


class Dropout1d(Cell):
    """``nn.Dropout1d(p=0.5)``: in training, whole channels of an (N, C, L) or (C, L) input are zeroed
    with probability ``p`` and the rest scaled by 1 / (1 - p).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.Dropout1d(0.5)(ms.Tensor(np.ones((4, 3)), ms.float32)).shape
        (4, 3)
    """

    def __init__(self, p: float = 0.5) -> None:
        super().__init__()
        if not isinstance(p, float):
            raise TypeError(f"For 'Dropout1d', the type of 'p' should be 'float', but got type '{type(p).__name__}'.")
        if not 0 <= p <= 1:
            raise ValueError(f"For 'Dropout1d', the 'p' must be a number in range [0, 1], but got {p}.")
        self.p = p

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return ops.dropout1d(x, self.p)

    def extend_repr(self):
        return f"p={self.p}"


class MatMul(Cell):
    """``nn.MatMul(transpose_x1=False, transpose_x2=False)``: matrix product of two inputs."""

    def __init__(self, transpose_x1: bool = False, transpose_x2: bool = False, dtype=mstype.float32):
        super().__init__()
        self.transpose_x1, self.transpose_x2 = transpose_x1, transpose_x2

    def construct(self, x1, x2):
        return ops.matmul_t(x1, x2, self.transpose_x1, self.transpose_x2)


class Identity(Cell):
    def construct(self, x):
        return x
