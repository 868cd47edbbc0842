"""Optimizers."""
from .optimizer import Optimizer, opt_init_args_register  # noqa: F401
from .sgd import SGD, Momentum  # noqa: F401
from .adam import Adam, AdamWeightDecay, AdamW, AdamOffload  # noqa: F401
from .rmsprop import RMSProp  # noqa: F401
from .ada_grad import Adagrad  # noqa: F401
from .adamax import AdaMax  # noqa: F401
from .adadelta import Adadelta  # noqa: F401
from .rprop import Rprop  # noqa: F401
from .asgd import ASGD  # noqa: F401
from .proximal_ada_grad import ProximalAdagrad  # noqa: F401
from .ftrl import FTRL  # noqa: F401
from .lazyadam import LazyAdam  # noqa: F401
from .lamb import Lamb  # noqa: F401
from .adafactor import AdaFactor  # noqa: F401
from .lars import LARS  # noqa: F401
from .adasum import AdaSumByDeltaWeightWrapCell, AdaSumByGradWrapCell  # noqa: F401
