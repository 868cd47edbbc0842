"""Linear algebra (inv, det, slogdet, svd, qr, eigh, cholesky, solve, matrix_*, norms)."""
from __future__ import annotations

__all__: list = []
