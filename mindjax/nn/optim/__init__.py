"""Optimizers."""
from .optimizer import Optimizer  # noqa: F401
from .sgd import SGD, Momentum  # noqa: F401
from .adam import Adam, AdamWeightDecay, AdamW  # noqa: F401
