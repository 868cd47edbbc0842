"""``mindspore.ops.function.grad``: the gradient functions."""
from . import grad_func  # noqa: F401
from .grad_func import *  # noqa: F401,F403
from .grad_func import __all__  # noqa: F401
