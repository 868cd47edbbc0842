"""``mindspore.boost``: training accelerations. mindjax has gradient accumulation
(:class:`GradientAccumulation`, which model zoos such as mindcv subclass); the other boost
algorithms of MindSpore (AutoBoost, LessBN, GradientFreeze, AdaSum, DimReduce) are not
implemented and are absent.

Examples:
    >>> import mindjax as ms
    >>> from mindjax import nn, boost
    >>> net = nn.Dense(2, 1)
    >>> acc = boost.GradientAccumulation(2, nn.SGD(net.trainable_params(), 0.1))
    >>> [p.name for p in acc._grad_accumulation]
    ['grad_accumulation.optimizer.weight', 'grad_accumulation.optimizer.bias']
"""
from .grad_accumulation import GradientAccumulation

__all__ = ["GradientAccumulation"]
