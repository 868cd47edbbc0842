"""Nn functional ops: convolutions, pooling with indices, adaptive/fractional pooling, interpolate/resize, grid_sample, attention."""
from __future__ import annotations

__all__: list = []
