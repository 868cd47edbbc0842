"""``mindspore.ops.operations.other_ops``: Assign, Depend, StopGradient and Identity."""
from __future__ import annotations

from .. import functional as F
from ._utils import simple
from .array_ops import Identity  # noqa: F401  (MindSpore's other_ops re-exports it)

Depend = simple("Depend", F.depend, "``ops.Depend()(value, expr)``: ``value``, ordered after ``expr``.")
StopGradient = simple("StopGradient", F.stop_gradient, "``ops.StopGradient()(x)``: ``x`` with no gradient flowing "
                      "back.")
Assign = simple("Assign", F.assign, "``ops.Assign()(variable, value)``: the Parameter ``variable`` takes ``value``.")

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)
