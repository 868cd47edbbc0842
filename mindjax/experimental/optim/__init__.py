"""``mindspore.experimental.optim``: PyTorch-style optimizers over parameter groups
(``param_groups``, each group's learning rate a Parameter that ``lr_scheduler`` rewrites).

Example:
    >>> import mindjax as ms
    >>> from mindjax import nn
    >>> from mindjax.experimental import optim
    >>> net = nn.Dense(2, 1)
    >>> opt = optim.SGD(net.trainable_params(), lr=0.1)
    >>> sched = optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    >>> _ = sched.step()
    >>> print(opt.param_groups[0]["lr"].asnumpy())
    0.05
"""
from .optimizer import Optimizer  # noqa: F401
from ._first_order import SGD, Adadelta, Adagrad, ASGD, RMSprop, Rprop  # noqa: F401
from ._adam_family import Adam, AdamW, Adamax, NAdam, RAdam  # noqa: F401
from . import lr_scheduler  # noqa: F401

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "Adamax", "Adadelta", "Adagrad", "ASGD", "NAdam", "RAdam",
           "RMSprop", "Rprop", "lr_scheduler"]
