"""``mindspore.common``: Tensor, Parameter, dtypes, initializers, seeds and ``jit``."""
from .. import _dtype
from .._dtype import *  # noqa: F401,F403
from . import dtype
from .._tensor import Tensor
from .tensor import tensor, swap_tensors, from_numpy
from .parameter import Parameter, ParameterTuple
from .seed import set_seed, get_seed
from .generator import Generator, default_generator, manual_seed, seed, initial_seed, get_rng_state, set_rng_state
from .jit_config import JitConfig
from .mutable import mutable
from . import initializer
from .sparse_tensor import COOTensor, CSRTensor, RowTensor, SparseTensor
from .api import jit, jit_class, ms_memory_recycle

__all__ = ["Tensor", "tensor", "swap_tensors", "from_numpy", "Parameter", "ParameterTuple", "set_seed",
           "get_seed", "dtype", "initializer", "Generator", "default_generator", "manual_seed", "seed",
           "initial_seed", "get_rng_state", "set_rng_state", "JitConfig", "mutable", "jit", "jit_class",
           "ms_memory_recycle", "COOTensor", "CSRTensor", "RowTensor", "SparseTensor"] + list(_dtype.__all__)
