"""Shape and array ops: gather/scatter families, sort/unique/search, masked ops."""
from __future__ import annotations

__all__: list = []
