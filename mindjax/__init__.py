"""mindjax: MindSpore's programming model on JAX/XLA.

``import mindjax as ms`` gives MindSpore's API; ``python -m mindjax script.py`` runs a
script written for ``import mindspore`` unchanged.

Examples:
    >>> import numpy as np
    >>> import mindjax as ms
    >>> x = ms.Tensor(np.ones([2, 2]), ms.float32)
    >>> print(ms.ops.add(x, x))
    [[2. 2.]
     [2. 2.]]
"""
import jax as _jax

# MindSpore's Python ints are Int64 and its float64 tensors are real float64.
_jax.config.update("jax_enable_x64", True)

from . import _dtype as dtype  # noqa: E402
from ._dtype import *  # noqa: E402,F401,F403
from ._dtype import bool_, Type  # noqa: E402
from ._tensor import Tensor  # noqa: E402
from . import context  # noqa: E402
from .context import (GRAPH_MODE, PYNATIVE_MODE, set_context, get_context, set_device,  # noqa: E402
                      set_auto_parallel_context, get_auto_parallel_context, ParallelMode)
from .common import Parameter, ParameterTuple, set_seed, get_seed  # noqa: E402
from .common import initializer as _initializer_mod  # noqa: E402,F401
from . import common  # noqa: E402
from . import ops  # noqa: E402
from ._autograd.grad import grad, value_and_grad  # noqa: E402
from . import nn  # noqa: E402
from ._jit.api import jit, ms_function, jit_class, ms_class  # noqa: E402

def _seed_from_env() -> None:
    """``MINDJAX_SEED=N`` seeds the run as ``set_seed(N)`` would, without editing the script."""
    import os
    value = os.environ.get("MINDJAX_SEED")
    if value:
        set_seed(int(value))


_seed_from_env()

float_ = dtype.float32
tensor = Tensor
version = __version__ = "2.10.0"


def is_tensor(obj) -> bool:
    return isinstance(obj, Tensor)


def __getattr__(name):
    # heavier sub-packages load on first use
    import importlib
    if name in ("train", "dataset", "communication", "numpy", "amp", "experimental", "mint", "hal", "runtime"):
        return importlib.import_module(f"{__name__}.{name}")
    if name in ("save_checkpoint", "load_checkpoint", "load_param_into_net", "Model", "export", "load"):
        mod = importlib.import_module(f"{__name__}.train")
        return getattr(mod, name)
    raise AttributeError(f"module 'mindspore' has no attribute '{name}'")
