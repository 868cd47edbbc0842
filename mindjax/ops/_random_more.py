"""Random ops beyond ops/random.py (distributions, multinomial, randperm...)."""
from __future__ import annotations

__all__: list = []
