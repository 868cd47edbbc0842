"""``mindspore.scipy``: scipy-style linear algebra, DCTs and optimisation over ``mindjax.ops``.

Examples:
    >>> import mindjax as ms
    >>> import mindjax.scipy as msp
    >>> print(msp.linalg.block_diag(ms.Tensor([[1.]]), ms.Tensor([[2.]])))
    [[1. 0.]
     [0. 2.]]
"""
from __future__ import annotations

from . import utils_const, utils, ops, linalg, fft, optimize  # noqa: F401

__all__ = ["fft", "linalg", "ops", "optimize", "utils", "utils_const"]
