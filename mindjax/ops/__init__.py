"""``mindspore.ops``: functional ops, Primitive classes, GradOperation and transforms."""
from . import functional
from .functional import *  # noqa: F401,F403
from .operations import *  # noqa: F401,F403
from .operations._more_ops3 import *  # noqa: F401,F403
from ._primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register
from .._autograd.grad import GradOperation, grad, value_and_grad
from . import _tensor_methods as _tm
from . import operations
from . import composite, function
from .composite import (MultitypeFuncGraph, HyperMap, Map, add_flags, tail, zip_operation, hyper_add,  # noqa: F401
                        augassign_add, augassign_sub, augassign_mul, augassign_div, augassign_floordiv,
                        augassign_mod)

_tm.install()
del _tm

P = operations
# MindSpore's F also carries these modules (its functional.py imports them)
functional.P = operations
functional.array_ops = operations.array_ops
functional.other_ops = operations.other_ops
functional.UniqueConsecutive, functional.Roll = operations.UniqueConsecutive, operations.Roll
functional.Median = operations.Median
functional.AdaptiveMaxPool2D = operations.AdaptiveMaxPool2D

from .primitive import constexpr  # noqa: E402
from ._fractional import fractional_max_pool2d, fractional_max_pool3d  # noqa: E402,F401
from ._patches import ExtractImagePatches  # noqa: E402,F401
from .operations._fractional_ops import FractionalMaxPool, FractionalAvgPool  # noqa: E402,F401
from .operations._fractional_ops import FractionalMaxPoolWithFixedKsize, FractionalMaxPool3DWithFixedKsize  # noqa: E402,F401,E501


from .._jit.loop_ops import WhileLoop, ForiLoop, Scan  # noqa: E402,F401  (graph-mode loop operators)
