"""``mindspore.ops.function``: the functional ops, by MindSpore's module paths
(``ops.function.math_func``, ``ops.function.array_func``, ``ops.function.nn_func``,
``ops.function.random_func``, ``ops.function.grad.grad_func``).

Examples:
    >>> import mindjax as ms
    >>> import mindjax.ops.function as F
    >>> print(F.math_func.tensor_dot(ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0], [4.0]]), 1))
    [[11.]]
"""
from . import array_func, math_func, nn_func, random_func, grad  # noqa: F401
from .array_func import *  # noqa: F401,F403
from .math_func import *  # noqa: F401,F403
from .nn_func import *  # noqa: F401,F403
from .random_func import *  # noqa: F401,F403
from .grad import *  # noqa: F401,F403

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)
