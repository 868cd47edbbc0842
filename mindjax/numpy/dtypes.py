"""``mindspore.numpy`` dtypes and constants: the framework's dtypes under numpy's names; numpy's
``int_``/``float_``/``uint`` are 32-bit here, as in MindSpore."""
from __future__ import annotations

from .._dtype import (int8, int16, int32, int64, uint8, uint16, uint32, uint64,  # noqa: F401
                      float16, float32, float64, bool_)

inf = float("inf")
PINF = float("inf")
NINF = float("-inf")
nan = float("nan")
pi = 3.141592653589793

int_ = int32
uint = uint32
float_ = float32

numeric_types = ["int_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                 "float_", "float16", "float32", "float64", "bool_"]

__all__ = numeric_types + ["uint", "inf", "nan", "pi", "PINF", "NINF", "numeric_types"]
