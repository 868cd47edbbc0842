"""``mindspore.common``: Parameter, initializers, dtypes and the global seed."""
from .. import _dtype as dtype
from .._tensor import Tensor
from .parameter import Parameter, ParameterTuple
from .seed import set_seed, get_seed
from . import initializer

__all__ = ["Tensor", "Parameter", "ParameterTuple", "set_seed", "get_seed", "dtype", "initializer"]
