"""``mindspore.numpy``: numpy-style functions returning Tensors, adapters over ``mindjax.ops``.

Dtypes follow MindSpore's (``int_`` and ``float_`` are 32-bit, Python floats give float32), and every
result goes through ops, so it is differentiable and runs under ``jit``. A function whose op is not
in ``mindjax.ops`` yet does not exist here (``utils.MISSING`` names what it waits for).

Examples:
    >>> import mindjax.numpy as np
    >>> print(np.arange(3) * 2)
    [0 2 4]
"""
from __future__ import annotations

from .dtypes import (int_, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64,  # noqa: F401
                     float_, float16, float32, float64, bool_, inf, nan, pi, numeric_types, PINF, NINF)
from . import array_ops, array_creations, math_ops, logic_ops, dtypes, utils  # noqa: F401
from .array_ops import *  # noqa: F401,F403
from .array_creations import *  # noqa: F401,F403
from .array_creations import copy_ as copy, mgrid, ogrid  # noqa: F401
from .math_ops import *  # noqa: F401,F403
from ._stats import *  # noqa: F401,F403
from .logic_ops import *  # noqa: F401,F403
from . import _stats

math_ops.__dict__.update({n: getattr(_stats, n) for n in _stats.__all__})  # MindSpore keeps them in math_ops

mod = remainder  # noqa: F405
fabs = absolute  # noqa: F405
round = around  # noqa: A001,F405 - numpy's name
divmod = divmod_  # noqa: A001,F405
abs = absolute  # noqa: A001,F405
max = amax  # noqa: A001,F405
min = amin  # noqa: A001,F405
sum = sum_  # noqa: A001,F405
bitwise_not = invert  # noqa: F405
del divmod_, sum_, copy_  # noqa: F821

__all__ = sorted(set(array_ops.__all__ + array_creations.__all__ + math_ops.__all__ + _stats.__all__
                     + logic_ops.__all__ + numeric_types
                     + ["copy", "mod", "fabs", "round", "divmod", "abs", "max", "min", "sum", "bitwise_not"])
                 - {"divmod_", "sum_", "copy_"})
