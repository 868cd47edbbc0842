"""``mindspore.scipy.optimize``: ``minimize`` (BFGS) and ``linear_sum_assignment``."""
from __future__ import annotations

from .minimize import minimize, OptimizeResults
from .linear_sum_assignment import linear_sum_assignment

__all__ = ["minimize", "linear_sum_assignment"]
