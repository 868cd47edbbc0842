"""The optimizer apply-ops (ApplyGradientDescent, ApplyMomentum, ApplyAdam...)."""
from __future__ import annotations

__all__: list = []
