"""``mindspore.nn.optim.momentum``."""
from .sgd import Momentum  # noqa: F401

__all__ = ["Momentum"]
