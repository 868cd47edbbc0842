"""``mindspore.ops.functional``: every functional op, gathered from the op modules."""
from ._base import cast, broadcast_to, sum_to  # noqa: F401
from .math import *  # noqa: F401,F403
from .math import (add, sub, mul, div, pow, neg, abs, exp, log, sqrt, square, equal, greater, select, matmul,  # noqa
                   maximum, minimum, floor_div, floor_mod, round, where, clamp, clip)
from .reduce import *  # noqa: F401,F403
from .reduce import sum, mean, max, min, all, any, argmax, argmin, prod  # noqa: F401
from .array import *  # noqa: F401,F403
from .array import reshape, transpose, slice, range, stop_gradient, getitem, setitem  # noqa: F401
from .nn_ops import *  # noqa: F401,F403
from .loss_ops import *  # noqa: F401,F403
from .state_ops import assign, assign_add, assign_sub  # noqa: F401
from .random import *  # noqa: F401,F403

tensor_add = add
tensor_sub = sub
tensor_mul = mul
tensor_div = realdiv = div
tensor_pow = pow
greater_equal = ge  # noqa: F405
less = lt  # noqa: F405
