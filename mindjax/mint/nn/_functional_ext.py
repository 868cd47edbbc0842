"""Functions ``mint.nn.functional`` has outside its ``__all__`` that run on MindSpore 2.10's CPU build
(its ``l1_loss``, ``mish``, ``selu`` and ``elu_ext`` have no CPU kernel there and are left out).

Examples:
    >>> import numpy as np
    >>> import mindjax as ms
    >>> from mindjax.mint.nn.functional import smooth_l1_loss
    >>> x = ms.Tensor(np.array([0.0, 2.0], np.float32))
    >>> print(smooth_l1_loss(x, ms.Tensor(np.zeros(2, np.float32))))
    0.875
"""
from __future__ import annotations

from ... import ops


def smooth_l1_loss(input, target, reduction: str = "mean", beta: float = 1.0):  # noqa: A002
    """Smooth L1 (Huber-like) loss, mint's order of arguments: ``reduction`` before ``beta``, and
    ``'mean'`` by default (``ops.smooth_l1_loss`` takes ``beta`` first and reduces with ``'none'``)."""
    return ops.smooth_l1_loss(input, target, beta=beta, reduction=reduction)


softplus = ops.softplus  # the same function: softplus(input, beta=1, threshold=20)
