"""MindSpore dtypes (``mindspore.float32`` ...) and their numpy/jax counterparts.

A dtype object prints as MindSpore prints it (``Float32``), compares equal to itself,
and carries the numpy dtype that backs it (``.np``). Promotion between dtypes follows
MindSpore 2.10 (see ``_promotion``), not numpy.
"""
from __future__ import annotations

import numpy as np
import ml_dtypes

__all__ = [
    "Type", "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "complex64", "complex128",
    "half", "single", "double", "float_", "int_", "uint", "pytype_to_dtype", "dtype_to_nptype",
    "dtype_to_pytype", "number_type", "int_type", "uint_type", "float_type", "complex_type",
]


class Type:
    """A MindSpore tensor element type, e.g. ``mindspore.float32``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.float32, ms.float32.np)
        Float32 float32
    """

    __slots__ = ("name", "np", "kind", "bits")

    def __init__(self, name: str, np_dtype, kind: str, bits: int):
        self.name = name
        self.np = np.dtype(np_dtype)
        self.kind = kind  # 'b', 'i', 'u', 'f', 'c'
        self.bits = bits

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __eq__(self, other) -> bool:
        if isinstance(other, Type):
            return self.name == other.name
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self):
        return (_by_name, (self.name,))

    @property
    def is_floating(self) -> bool:
        return self.kind == "f"

    @property
    def is_complex(self) -> bool:
        return self.kind == "c"

    @property
    def is_integer(self) -> bool:
        return self.kind in "iu"

    def to_complex(self):
        return complex128 if self is float64 else complex64


bool_ = Type("Bool", np.bool_, "b", 8)
int8 = Type("Int8", np.int8, "i", 8)
int16 = Type("Int16", np.int16, "i", 16)
int32 = Type("Int32", np.int32, "i", 32)
int64 = Type("Int64", np.int64, "i", 64)
uint8 = Type("UInt8", np.uint8, "u", 8)
uint16 = Type("UInt16", np.uint16, "u", 16)
uint32 = Type("UInt32", np.uint32, "u", 32)
uint64 = Type("UInt64", np.uint64, "u", 64)
float16 = Type("Float16", np.float16, "f", 16)
float32 = Type("Float32", np.float32, "f", 32)
float64 = Type("Float64", np.float64, "f", 64)
bfloat16 = Type("BFloat16", ml_dtypes.bfloat16, "f", 16)
complex64 = Type("Complex64", np.complex64, "c", 64)
complex128 = Type("Complex128", np.complex128, "c", 128)

half, single, double = float16, float32, float64
float_, int_, uint = float32, int64, uint64

ALL = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
       float16, float32, float64, bfloat16, complex64, complex128)
_BY_NAME = {t.name: t for t in ALL}
_BY_NP = {t.np: t for t in ALL}

int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64, bfloat16)
complex_type = (complex64, complex128)
number_type = int_type + uint_type + float_type + complex_type


def _by_name(name: str) -> Type:
    return _BY_NAME[name]


def from_name(name: str) -> Type:
    return _BY_NAME[name]


def to_dtype(x) -> Type:
    """Turn a mindjax dtype, numpy dtype, Python type or dtype name into a ``Type``."""
    if isinstance(x, Type):
        return x
    if x is bool:
        return bool_
    if x is int:
        return int64
    if x is float:
        return float32
    if x is complex:
        return complex64
    if isinstance(x, str) and x in _BY_NAME:
        return _BY_NAME[x]
    try:
        return _BY_NP[np.dtype(x)]
    except (TypeError, KeyError):
        raise TypeError(f"For 'dtype', the input must be a mindspore dtype, but got {x!r}.") from None


def from_numpy(np_dtype) -> Type:
    try:
        return _BY_NP[np.dtype(np_dtype)]
    except KeyError:
        raise TypeError(f"The numpy dtype {np.dtype(np_dtype)} is not supported by MindSpore Tensor.") from None


def dtype_to_nptype(t: Type):
    """``mindspore.dtype_to_nptype``: the numpy scalar type of a dtype."""
    return to_dtype(t).np.type


def dtype_to_pytype(t: Type):
    t = to_dtype(t)
    return {"b": bool, "i": int, "u": int, "f": float, "c": complex}[t.kind]


def pytype_to_dtype(obj) -> Type:
    return to_dtype(obj)


def promote(a: Type, b: Type) -> Type:
    """The result dtype of a binary arithmetic op on tensors of dtypes ``a`` and ``b``."""
    if a is b:
        return a
    from . import _promotion
    return _BY_NAME[_promotion.promote(a.name, b.name)]


def promote_scalar(a: Type, value) -> Type:
    """The result dtype of ``tensor(a) <op> python_scalar``."""
    kind = "bool" if isinstance(value, (bool, np.bool_)) else "int" if isinstance(value, (int, np.integer)) \
        else "complex" if isinstance(value, complex) else "float"
    from . import _promotion
    return _BY_NAME[_promotion.promote_scalar(a.name, kind)]
