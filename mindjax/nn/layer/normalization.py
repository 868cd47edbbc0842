"""BatchNorm1d/2d, LayerNorm, GroupNorm."""
from __future__ import annotations

from ... import _dtype as mstype
from ...common.parameter import Parameter
from ...common.initializer import initializer
from ... import ops
from ..cell import Cell
from ._check import positive_int, check_number, check_bool


def _auto_cast_inputs(name, *tensors):
    from ...amp import _auto_cast_inputs as cast_inputs  # mindjax.amp imports nn: resolved at call time
    return cast_inputs(name, *tensors)

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm"]


class _BatchNorm(Cell):
    ndim = (2, 4)

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, data_format="NCHW",
                 dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        self.num_features = positive_int(cls, "num_features", num_features)
        check_number(cls, "momentum", momentum)
        if not 0 <= momentum <= 1:
            raise ValueError(f"For '{cls}', the 'momentum' must be a number in range [0, 1], but got {momentum}.")
        check_number(cls, "eps", eps)
        check_bool(cls, "affine", affine)
        if use_batch_statistics is not None:
            check_bool(cls, "use_batch_statistics", use_batch_statistics)
        if data_format != "NCHW":
            raise ValueError(f"For '{cls}', only the 'NCHW' data_format is supported, but got {data_format!r}; "
                             f"transpose the input to NCHW instead.")
        self.eps, self.momentum, self.affine = eps, momentum, affine
        self.use_batch_statistics = use_batch_statistics
        self.moving_mean = Parameter(initializer(moving_mean_init, [num_features], dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, [num_features], dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, [num_features], dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, [num_features], dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        cls = type(self).__name__
        if x.ndim not in self.ndim:
            raise ValueError(f"For '{cls}', the input must have rank in {list(self.ndim)}, but got shape "
                             f"{list(x.shape)}.")
        if x.shape[1] != self.num_features:
            raise ValueError(f"For '{cls}', the input channels must be 'num_features' {self.num_features}, but got "
                             f"input shape {list(x.shape)}.")
        training = self.training if self.use_batch_statistics is None else self.use_batch_statistics
        # MindSpore's momentum weighs the old statistics: running = momentum * running + (1 - momentum) * batch
        x, = _auto_cast_inputs("BatchNorm", x)
        return ops.batch_norm(x, self.moving_mean, self.moving_variance, self.gamma, self.beta, training,
                              1 - self.momentum, self.eps)

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, gamma={self.gamma}, "
                f"beta={self.beta}, moving_mean={self.moving_mean}, moving_variance={self.moving_variance}")


class BatchNorm1d(_BatchNorm):
    ndim = (2, 3)


class BatchNorm2d(_BatchNorm):
    ndim = (4,)


class BatchNorm3d(_BatchNorm):
    ndim = (5,)


class LayerNorm(Cell):
    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init="ones",
                 beta_init="zeros", epsilon=1e-7, dtype=mstype.float32):
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For 'LayerNorm', the 'normalized_shape' must be a tuple or list, but got "
                            f"{type(normalized_shape).__name__}.")
        if not all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in normalized_shape):
            raise ValueError(f"For 'LayerNorm', the 'normalized_shape' must be a tuple of positive ints, but got "
                             f"{normalized_shape}.")
        self.normalized_shape = tuple(normalized_shape)
        self.begin_norm_axis, self.begin_params_axis, self.epsilon = begin_norm_axis, begin_params_axis, epsilon
        self.gamma = Parameter(initializer(gamma_init, list(normalized_shape), dtype), name="gamma")
        self.beta = Parameter(initializer(beta_init, list(normalized_shape), dtype), name="beta")
        # MindSpore's attribute: the Primitive (y, mean, variance) that subclasses call themselves
        # (mindcv's ConvNextLayerNorm: ``y, _, _ = self.layer_norm(x, self.gamma, self.beta)``)
        self.layer_norm = ops.LayerNorm(begin_norm_axis=begin_norm_axis, begin_params_axis=begin_params_axis,
                                        epsilon=epsilon)

    def construct(self, x):
        n = len(self.normalized_shape)
        if x.ndim < n or tuple(x.shape[x.ndim - n:]) != self.normalized_shape:
            raise ValueError(f"For 'LayerNorm', gamma or beta shape must match input shape, but got input shape: "
                             f"{list(x.shape)}, gamma shape: {list(self.normalized_shape)}, beta shape: "
                             f"{list(self.normalized_shape)}.")
        axis = self.begin_norm_axis % x.ndim
        x, = _auto_cast_inputs("LayerNorm", x)
        return ops.layer_norm(x, x.shape[axis:], self.gamma, self.beta, self.epsilon)


class GroupNorm(Cell):
    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, gamma_init="ones", beta_init="zeros",
                 dtype=mstype.float32):
        super().__init__()
        positive_int("GroupNorm", "num_groups", num_groups)
        positive_int("GroupNorm", "num_channels", num_channels)
        if num_channels % num_groups:
            raise ValueError(f"For 'GroupNorm', the 'num_channels' {num_channels} must be divisible by 'num_groups' "
                             f"{num_groups}.")
        self.num_groups, self.num_channels, self.eps = num_groups, num_channels, eps
        self.gamma = Parameter(initializer(gamma_init, [num_channels], dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, [num_channels], dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        if x.ndim < 2 or x.shape[1] != self.num_channels:
            raise ValueError(f"For 'GroupNorm', the input channels (axis 1 of the input) must be 'num_channels' "
                             f"{self.num_channels}, but got input shape {list(x.shape)}.")
        x, = _auto_cast_inputs("GroupNorm", x)
        return ops.group_norm(x, self.num_groups, self.gamma, self.beta, self.eps)
