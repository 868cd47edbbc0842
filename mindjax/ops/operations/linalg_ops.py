"""``mindspore.ops.operations.linalg_ops``: the linear-algebra Primitive classes."""
from __future__ import annotations
