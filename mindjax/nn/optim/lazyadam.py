"""``mindspore.nn.optim.lazyadam``: LazyAdam."""
from __future__ import annotations

from .adam import AdamOffload

__all__ = ["LazyAdam"]


class LazyAdam(AdamOffload):
    """``nn.LazyAdam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0)``.

    Adam that, for a sparse gradient (a ``RowTensor`` of an embedding), would update only the rows it
    names; MindSpore's gradients through ``nn.Embedding`` are dense on CPU/GPU, and for dense gradients
    LazyAdam is exactly Adam (``ops.Adam``), which is what this class computes. State names and shapes
    are MindSpore's (``moment1.*``, ``moment2.*``, ``beta1_power`` of shape [1]).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.LazyAdam(net.trainable_params(), learning_rate=0.01)
        >>> sorted(opt.parameters_dict())[:3]
        ['beta1_power', 'beta2_power', 'bias']
    """
