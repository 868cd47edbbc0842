"""``nn.DistributedGradReducer``: the all-reduce of the gradients in data-parallel training."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from ... import ops
from ..cell import Cell

__all__ = ["DistributedGradReducer"]


class DistributedGradReducer(Cell):
    """``nn.DistributedGradReducer(parameters, mean=None, degree=None, fusion_type=1, group=WORLD_COMM_GROUP)``.

    ``construct(grads)`` sums each gradient over the devices of ``group`` and, when ``mean``, multiplies
    it by ``1 / degree``; the result keeps each gradient's dtype (MindSpore reduces in float32).
    ``mean=None`` takes ``gradients_mean`` of the auto-parallel context; ``degree=None`` the size of the
    group. The all-reduce is ``ops.AllReduce``'s (XLA collectives inside a data-parallel step, a
    cross-process collective between launched processes); in a world of one it is the identity, and
    an explicit ``degree`` still scales when ``mean``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> net = ms.nn.Dense(2, 1)
        >>> red = ms.nn.DistributedGradReducer(net.trainable_params(), mean=True, degree=2)
        >>> g = (ms.Tensor(np.ones((1, 2)), ms.float32), ms.Tensor(np.ones(1), ms.float32))
        >>> red(g)[0].asnumpy().tolist()
        [[0.5, 0.5]]
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type: int = 1, group: str = "hccl_world_group"):
        super().__init__(auto_prefix=False)
        from ... import context
        from ...communication import get_group_size
        mode = context.get_auto_parallel_context("parallel_mode")
        if context.get_context("mode") == context.GRAPH_MODE and mode in ("semi_auto_parallel", "auto_parallel"):
            raise RuntimeError(f"{mode} can not use DistributedGradReducer in graph mode")
        self.mean = context.get_auto_parallel_context("gradients_mean") if mean is None else mean
        if degree is None:
            degree = get_group_size()
        elif not isinstance(degree, int) or degree <= 0:
            raise ValueError(f"For 'DistributedGradReducer', parameter 'degree' in DistributedGradReducer should "
                             f"large than 0 and be int, degree: {degree}.")
        self.degree = Tensor(1.0 / degree, mstype.float32)
        self.group, self.fusion_type = group, fusion_type
        self.allreduce_filter = tuple(not getattr(p, "layerwise_parallel", False) for p in parameters)

    def construct(self, grads):
        from ...ops.operations.comm_ops import collective
        out = []
        for g, reduce in zip(grads, self.allreduce_filter + (True,) * (len(grads) - len(self.allreduce_filter))):
            dt = g.dtype
            g32 = ops.cast(g, mstype.float32)  # MindSpore reduces in float32
            if reduce:
                g32 = collective("AllReduce", "all_reduce", g32, self.group, op="sum")
            if self.mean:
                g32 = ops.mul(g32, self.degree)
            out.append(ops.cast(g32, dt))
        return tuple(out)
