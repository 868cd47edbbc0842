"""Elementwise math, special functions, bitwise ops and reductions beyond ops/math.py and ops/reduce.py."""
from __future__ import annotations

__all__: list = []
