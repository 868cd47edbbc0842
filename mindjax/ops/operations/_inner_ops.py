"""``mindspore.ops.operations._inner_ops``: internal Primitives that programs and tests import."""
from __future__ import annotations

from .. import functional as F
from .._primitive import Primitive, prim_attr_register
from ._utils import check_bool, simple
from .array_ops import Cast  # noqa: F401  (MindSpore's _inner_ops re-exports it)

SiLU = simple("SiLU", F.silu, "``SiLU()(input)``: x * sigmoid(x).")
DynamicBroadcastTo = simple("DynamicBroadcastTo", F.broadcast_to,
                            "``DynamicBroadcastTo()(x, shape)``: ``x`` broadcast to ``shape``.")


class ConvertToDynamic(Primitive):
    """``ConvertToDynamic(is_dynamic_rank=False)(x)``: ``x`` unchanged.

    MindSpore's tests put it before an op to make the compiler see that op's input with an unknown
    shape (or rank) and so exercise its dynamic-shape kernels. mindjax compiles a program per input
    shape (docs: dynamic shapes), so there is no static-shape path to leave: the op is the identity,
    and the gradient passes through.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import _inner_ops as inner
        >>> print(inner.ConvertToDynamic()(ms.Tensor(np.array([0, 1, 2, 3]))))
        [0 1 2 3]
    """

    @prim_attr_register
    def __init__(self, is_dynamic_rank=False):
        check_bool(self.name, "is_dynamic_rank", is_dynamic_rank)

    def __call__(self, x):
        return F.identity(x)

class TopTypeof(Primitive):
    """``TopTypeof()(x)``: the top type of ``x``, ``ops.typeof`` without a Tensor's element type
    (``mstype.tensor_type`` for any Tensor), so that ``isinstance(TopTypeof()(x), mstype.TensorType)``
    asks whether ``x`` is a Tensor.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import _inner_ops as inner
        >>> isinstance(inner.TopTypeof()(ms.Tensor([1])), ms.common.dtype.TensorType)
        True
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x):
        from ...common import dtype as mstype
        from ..._tensor import Tensor
        return mstype.tensor_type if isinstance(x, Tensor) else F.typeof(x)


from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)
