"""InstanceNorm1d/2d/3d and SyncBatchNorm (``mindspore.nn.layer.normalization``)."""
from __future__ import annotations

import numbers

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...common.initializer import initializer, Initializer
from ... import ops
from ..cell import Cell
from .normalization import _BatchNorm

__all__ = ["InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "SyncBatchNorm"]


def _type(cls, arg, v, t, name):
    if isinstance(v, bool) and t is not bool or not isinstance(v, t):
        raise TypeError(f"For '{cls}', the type of '{arg}' should be '{name}', but got type '{type(v).__name__}'.")


class _InstanceNorm(Cell):
    rank = 4

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1, affine: bool = True,
                 gamma_init="ones", beta_init="zeros", dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        _type(cls, "num_features", num_features, int, "int")
        _type(cls, "eps", eps, float, "float")
        _type(cls, "momentum", momentum, float, "float")
        _type(cls, "affine", affine, bool, "bool")
        for key, val in (("gamma_init", gamma_init), ("beta_init", beta_init)):
            if not isinstance(val, (Tensor, numbers.Number, str, Initializer)):
                raise TypeError(f"For '{cls}', the type of '{key}' must be in [Tensor, numbers.Number, str, "
                                f"Initializer], but got type {type(val).__name__}.")
            if isinstance(val, Tensor) and val.dtype != mstype.float32:
                raise TypeError(f"For '{cls}', the type of '{key}' must be float32, but got {val.dtype}.")
        if num_features < 1:
            raise ValueError(f"For '{cls}', the 'num_features' must be at least 1, but got {num_features}.")
        if momentum < 0 or momentum > 1:
            raise ValueError(f"For '{cls}', the 'momentum' must be a number in range [0, 1], but got {momentum}.")
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.moving_mean = Parameter(initializer("zeros", num_features, dtype), name="mean", requires_grad=False)
        self.moving_variance = Parameter(initializer("ones", num_features, dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        cls = type(self).__name__
        if x.ndim != self.rank:
            raise ValueError(f"For '{cls}', the in_shape must have {self.rank} dims, but got {x.ndim}.")
        # one group per channel: the statistics of each (sample, channel) plane
        return ops.group_norm(x, self.num_features, self.gamma, self.beta, self.eps)

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, gamma={self.gamma}, "
                f"beta={self.beta}, moving_mean={self.moving_mean}, moving_variance={self.moving_variance}")


class InstanceNorm1d(_InstanceNorm):
    """``nn.InstanceNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32)`` on (N, C, L) inputs.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.InstanceNorm1d(3)(ms.Tensor(np.random.rand(2, 3, 5), ms.float32)).shape
        (2, 3, 5)
    """
    rank = 3


class InstanceNorm2d(_InstanceNorm):
    """``nn.InstanceNorm2d(num_features, ...)`` on (N, C, H, W) inputs.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.InstanceNorm2d(3)(ms.Tensor(np.random.rand(2, 3, 4, 4), ms.float32)).shape
        (2, 3, 4, 4)
    """
    rank = 4


class InstanceNorm3d(_InstanceNorm):
    """``nn.InstanceNorm3d(num_features, ...)`` on (N, C, D, H, W) inputs.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.InstanceNorm3d(3)(ms.Tensor(np.random.rand(2, 3, 2, 2, 2), ms.float32)).shape
        (2, 3, 2, 2, 2)
    """
    rank = 5


class SyncBatchNorm(_BatchNorm):
    """``nn.SyncBatchNorm(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    process_groups=None, dtype=mstype.float32)``.

    A BatchNorm whose batch statistics are reduced over the devices of its group. In a single
    process the group is this process alone (``process_groups`` of 0, None or groups of one rank), so
    it is exactly BatchNorm2d on (N, C, H, W) inputs (or BatchNorm1d on (N, C)), with the same
    Parameters (``gamma``, ``beta``, ``mean``, ``variance``).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> ms.nn.SyncBatchNorm(3)(ms.Tensor(np.ones((2, 3, 2, 2)), ms.float32)).shape
        (2, 3, 2, 2)
    """
    ndim = (2, 4)

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.9, affine: bool = True,
                 gamma_init="ones", beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, process_groups=None, dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, dtype=dtype)
        self.process_groups = process_groups
        self.is_global, self.group_name = False, None
        if process_groups not in (0, None):
            from ...communication import get_group_size
            if not isinstance(process_groups, list):
                raise TypeError(f"For 'SyncBatchNorm', the 'process_groups' must be list, but got "
                                f"{type(process_groups).__name__}.")
            size, seen = get_group_size(), set()
            for sub in process_groups:
                if not isinstance(sub, list):
                    raise TypeError(f"For 'SyncBatchNorm', the 'sub group' must be list, but got "
                                    f"{type(sub).__name__}.")
                for rid in sub:
                    if not 0 <= rid < size:
                        raise ValueError(f"For 'SyncBatchNorm', the 'rank id in process_groups' must be in range "
                                         f"of [0, {size}), but got {rid}.")
                    if rid in seen:
                        raise ValueError(f"For 'SyncBatchNorm', rank id in 'process_groups' must not be "
                                         f"duplicated, but got {process_groups}.")
                    seen.add(rid)

    def _groups(self):
        """The groups whose ranks share statistics: ``process_groups``, or the whole world."""
        from ...communication import _world as W
        if W.world.size == 1:
            return None
        if self.process_groups in (0, None):
            return [list(range(W.world.size))]
        return self.process_groups

    def construct(self, x):
        groups = self._groups()
        training = self.training if self.use_batch_statistics is None else self.use_batch_statistics
        if groups is None or not training:
            return super().construct(x)
        if x.ndim not in self.ndim:
            raise ValueError(f"For 'SyncBatchNorm', the input must have rank in {list(self.ndim)}, but got shape "
                             f"{list(x.shape)}.")
        if x.shape[1] != self.num_features:
            raise ValueError(f"For 'SyncBatchNorm', the input channels must be 'num_features' {self.num_features}, "
                             f"but got input shape {list(x.shape)}.")
        from ...ops.operations.comm_ops import partition_sum
        dt = x.dtype
        xf = ops.cast(x, mstype.float32)
        axes = (0,) + tuple(range(2, x.ndim))
        shape = (1, x.shape[1]) + (1,) * (x.ndim - 2)
        count = ops.fill(mstype.float32, (1,), float(x.size // x.shape[1]))
        # one all-reduce of (sum, sum of squares, count) over the group gives the group's statistics
        stats = partition_sum("SyncBatchNorm", ops.concat([ops.sum(xf, axes), ops.sum(ops.square(xf), axes), count]),
                              groups)
        c = x.shape[1]
        n = stats[2 * c]
        mean = ops.div(stats[:c], n)
        var = ops.maximum(ops.sub(ops.div(stats[c:2 * c], n), ops.square(mean)), 0.0)
        bm, bv = ops.stop_gradient(mean), ops.stop_gradient(var)
        m = 1 - self.momentum  # MindSpore's momentum weighs the old statistics
        ops.assign(self.moving_mean, ops.cast(ops.add(ops.mul(self.moving_mean, 1 - m), ops.mul(bm, m)),
                                              self.moving_mean.dtype))
        unbiased = ops.mul(bv, ops.div(n, ops.maximum(ops.sub(n, 1.0), 1.0)))
        ops.assign(self.moving_variance, ops.cast(ops.add(ops.mul(self.moving_variance, 1 - m), ops.mul(unbiased, m)),
                                                  self.moving_variance.dtype))
        y = ops.div(ops.sub(xf, ops.reshape(mean, shape)), ops.sqrt(ops.add(ops.reshape(var, shape), self.eps)))
        y = ops.add(ops.mul(y, ops.reshape(self.gamma, shape)), ops.reshape(self.beta, shape))
        return ops.cast(y, dt)
