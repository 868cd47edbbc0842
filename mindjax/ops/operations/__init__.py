"""``mindspore.ops.operations``: MindSpore's Primitive classes (``P.Add()``, ``P.Conv2D(...)``),
in the submodules where MindSpore defines them (``math_ops``, ``array_ops``, ``nn_ops``,
``comm_ops``, ``_grad_ops``, ...). Each class calls the functional op, so every op is defined
once.

Examples:
    >>> import mindjax as ms
    >>> from mindjax.ops import operations as P
    >>> print(P.ReduceSum(keep_dims=True)(ms.Tensor([[1., 2.], [3., 4.]]), 1))
    [[3.]
     [7.]]
"""
from ... import _dtype as mstype  # noqa: F401  (importable from here before the package split)
from ..._tensor import Tensor  # noqa: F401
from .. import functional as F  # noqa: F401
from .._primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401
from . import (math_ops, array_ops, nn_ops, other_ops, random_ops, debug_ops, comm_ops, _grad_ops, _inner_ops,
               _sequence_ops, linalg_ops, image_ops)
from .math_ops import *  # noqa: F401,F403
from .array_ops import *  # noqa: F401,F403
from .nn_ops import *  # noqa: F401,F403
from .other_ops import *  # noqa: F401,F403
from .random_ops import *  # noqa: F401,F403
from .debug_ops import *  # noqa: F401,F403
from .linalg_ops import *  # noqa: F401,F403
from .image_ops import *  # noqa: F401,F403
from .comm_ops import AllReduce, AllGather, Broadcast, ReduceScatter, ReduceOp  # noqa: F401
from .comm_ops import AlltoAll, Send, Receive  # noqa: F401
from ._deprecated import *  # noqa: F401,F403
from ._more_ops3 import *  # noqa: F401,F403


def _public(mod) -> list:
    return [n for n, v in vars(mod).items() if isinstance(v, type) and n[:1].isupper() and not n.startswith("_")
            and getattr(v, "__module__", "").startswith(__name__)]


# ``from mindjax.ops.operations import *`` (as ``ops/__init__`` does) gives the Primitive
# classes, not the submodules, whose names (``nn_ops``) would shadow the op families of ``ops``;
# the deprecated class ``identity`` stays out too (``ops.identity`` is the function).
__all__ = sorted(set(sum((_public(m) for m in (math_ops, array_ops, nn_ops, other_ops, random_ops, debug_ops,
                                                      comm_ops, linalg_ops, image_ops)), []))
                 | {"AddV2", "Pack", "Unpack", "GatherV2", "TensorAdd", "Gelu", "FastGelu", "ScalarToArray",
                    "Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck", "prim_attr_register",
                    "F", "Tensor", "mstype"})
from ._fractional_ops import FractionalMaxPoolWithFixedKsize, FractionalMaxPool3DWithFixedKsize  # noqa: E402,F401
__all__ += ["FractionalMaxPoolWithFixedKsize", "FractionalMaxPool3DWithFixedKsize"]
from .._patches import ExtractImagePatches  # noqa: E402,F401
__all__ += ["ExtractImagePatches"]
from ._fractional_ops import FractionalMaxPool, FractionalAvgPool  # noqa: E402,F401
__all__ += ["FractionalMaxPool", "FractionalAvgPool"]
from ._more_ops3 import __all__ as _all3  # noqa: E402
__all__ += _all3
from ._more_ops4 import *  # noqa: E402,F401,F403
from ._more_ops4 import identity, __all__ as _all4  # noqa: E402,F401
__all__ += _all4 + ["identity"]
from ..._jit.loop_ops import WhileLoop, ForiLoop, Scan  # noqa: E402,F401
__all__ += ["WhileLoop", "ForiLoop", "Scan"]
from .comm_ops2 import (Reduce, AllGatherV, ReduceScatterV, AlltoAllV, AlltoAllVC, CollectiveGather,  # noqa: E402,F401
                        CollectiveScatter, Barrier, BatchISendIRecv, NeighborExchange, NeighborExchangeV2)
from .custom_ops import Custom  # noqa: E402,F401
from .._ms_kernel import kernel, ms_kernel  # noqa: E402,F401
__all__ += ["Custom", "kernel", "ms_kernel"]
