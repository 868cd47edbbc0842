"""Optimizers."""
from .optimizer import Optimizer  # noqa: F401
from .sgd import SGD, Momentum  # noqa: F401
from .adam import Adam, AdamWeightDecay, AdamW  # noqa: F401
from .rmsprop import RMSProp  # noqa: F401
from .ada_grad import Adagrad  # noqa: F401
from .adamax import AdaMax  # noqa: F401
from .adadelta import Adadelta  # noqa: F401
