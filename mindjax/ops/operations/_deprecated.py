"""The old names MindSpore 2.10 still exports from ``ops.operations`` (its ``ops.deprecated``):
each is the current Primitive under its old name."""
from __future__ import annotations

from ..._tensor import Tensor
from .. import functional as F
from ._utils import simple
from .array_ops import Stack, Unstack, Gather
from .math_ops import Add
from .nn_ops import GeLU, FastGeLU


class Pack(Stack):
    """``ops.Pack(axis=0)``: the old name of ``ops.Stack``."""


class Unpack(Unstack):
    """``ops.Unpack(axis=0)``: the old name of ``ops.Unstack``."""

    def __init__(self, axis=0):
        super().__init__(axis)


class GatherV2(Gather):
    """``ops.GatherV2()``: the old name of ``ops.Gather``."""

    def __init__(self):
        super().__init__(0)


class TensorAdd(Add):
    """``ops.TensorAdd()``: the old name of ``ops.Add`` (its Primitive name is 'Add')."""


class Gelu(GeLU):
    """``ops.Gelu()``: the old name of ``ops.GeLU``."""

    def __init__(self):
        GeLU.__init__(self)
        self.name = "Gelu"


class FastGelu(FastGeLU):
    """``ops.FastGelu()``: the old name of ``ops.FastGeLU``."""

    def __init__(self):
        FastGeLU.__init__(self)
        self.name = "FastGelu"


ScalarToArray = simple("ScalarToArray", lambda x: Tensor(x), "``ops.ScalarToArray()(x)``: a 0-D Tensor of ``x``.")
identity = simple("identity", F.identity, "``ops.identity()(x)``: ``x`` unchanged.")
