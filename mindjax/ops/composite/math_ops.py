"""``mindspore.ops.composite.math_ops``: ``matmul`` (with ``dtype``), ``mm`` and ``cummin``."""
from .._composite_ops import matmul, cummin  # noqa: F401
from ..math import mm  # noqa: F401
