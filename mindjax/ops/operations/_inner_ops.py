"""``mindspore.ops.operations._inner_ops``: internal Primitives that programs and tests import."""
from __future__ import annotations

from .. import functional as F
from ._utils import simple
from .array_ops import Cast  # noqa: F401  (MindSpore's _inner_ops re-exports it)

SiLU = simple("SiLU", F.silu, "``SiLU()(input)``: x * sigmoid(x).")
DynamicBroadcastTo = simple("DynamicBroadcastTo", F.broadcast_to,
                            "``DynamicBroadcastTo()(x, shape)``: ``x`` broadcast to ``shape``.")
