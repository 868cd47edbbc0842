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
    "float16", "float32", "float64", "bfloat16", "complex64", "complex128", "float8_e4m3fn", "float8_e5m2",
    "half", "single", "double", "float_", "int_", "uint", "intc", "intp", "uintc", "uintp", "byte", "ubyte",
    "short", "ushort", "long", "cfloat", "cdouble",
    "number", "list_", "tuple_", "type_none", "string", "tensor_type", "Int", "TensorType",
    "pytype_to_dtype", "dtype_to_nptype", "dtype_to_pytype", "get_py_obj_dtype",
    "number_type", "int_type", "uint_type", "float_type", "complex_type",
]


class Type:
    """A MindSpore tensor element type, e.g. ``mindspore.float32``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.float32, ms.float32.np)
        Float32 float32
    """

    __slots__ = ("name", "np", "kind", "bits")

    def __init__(self, name, np_dtype=None, kind: str = "o", bits: int = 0):
        if np_dtype is None and not isinstance(name, str):
            return  # ``Int(32)``: __new__ returned the existing dtype
        self.name = name
        self.np = np.dtype(np_dtype)
        self.kind = kind  # 'b', 'i', 'u', 'f', 'c'
        self.bits = bits

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        # MindSpore's repr is the attribute path: ``mindspore.float32``, ``mindspore.tensor[float32]``
        return "mindspore." + _REPR.get(self.name, self.name.lower())

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


class Number(Type):
    """The class of MindSpore's numeric dtypes (``ms.number`` is the generic one)."""

    __slots__ = ()
    _prefix = ""

    def __new__(cls, bits=None, *rest):
        # ``ms.Int(32)`` is ``ms.int32``, as in MindSpore
        if isinstance(bits, int) and not rest and cls._prefix:
            try:
                return _BY_NAME[f"{cls._prefix}{bits}"]
            except KeyError:
                raise TypeError(f"{cls.__name__}({bits}) is not a MindSpore dtype.") from None
        return super().__new__(cls)


class Bool(Number):
    __slots__ = ()


class Int(Number):
    __slots__ = ()
    _prefix = "Int"


class UInt(Number):
    __slots__ = ()
    _prefix = "UInt"


class Float(Number):
    __slots__ = ()
    _prefix = "Float"


class BFloat(Number):
    __slots__ = ()


class Complex(Number):
    __slots__ = ()
    _prefix = "Complex"


class TensorType(Type):
    """``Tensor[Float32]``: the type of a Tensor with a given element type (``ms.tensor_type``
    is the generic ``Tensor``).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.TensorType(ms.float32), ms.TensorType(ms.float32).element_type())
        Tensor[Float32] Float32
    """

    __slots__ = ("_element",)

    def __init__(self, element=None):
        Type.__init__(self, "Tensor" if element is None else f"Tensor[{element}]", object, "o", 0)
        self._element = element

    def element_type(self):
        return self._element

    def __repr__(self) -> str:
        return "mindspore.tensor" if self._element is None else f"mindspore.tensor[{self._element.name.lower()}]"

    def __reduce__(self):
        return (TensorType, (self._element,))


_REPR = {"Bool": "bool", "List": "list_", "Tuple": "tuple_", "None": "type_none", "String": "string_",
         "Float8E4M3FN": "float8_e4m3fn", "Float8E5M2": "float8_e5m2", "TypeType": "type_type"}


def _plain(cls_name: str, name: str) -> Type:
    """A non-tensor type object (``ms.list_`` prints ``List``) of its own class."""
    cls = type(cls_name, (Type,), {"__slots__": (), "__reduce__": lambda self: (_by_name, (self.name,))})
    return cls(name, object, "o", 0)


bool_ = Bool("Bool", np.bool_, "b", 8)
int8 = Int("Int8", np.int8, "i", 8)
int16 = Int("Int16", np.int16, "i", 16)
int32 = Int("Int32", np.int32, "i", 32)
int64 = Int("Int64", np.int64, "i", 64)
uint8 = UInt("UInt8", np.uint8, "u", 8)
uint16 = UInt("UInt16", np.uint16, "u", 16)
uint32 = UInt("UInt32", np.uint32, "u", 32)
uint64 = UInt("UInt64", np.uint64, "u", 64)
float16 = Float("Float16", np.float16, "f", 16)
float32 = Float("Float32", np.float32, "f", 32)
float64 = Float("Float64", np.float64, "f", 64)
bfloat16 = BFloat("BFloat16", ml_dtypes.bfloat16, "f", 16)
# storage formats (ml_dtypes): tensors can be made, cast and read; MindSpore 2.10 computes nothing on them
float8_e4m3fn = Float("Float8E4M3FN", ml_dtypes.float8_e4m3fn, "f", 8)
float8_e5m2 = Float("Float8E5M2", ml_dtypes.float8_e5m2, "f", 8)
complex64 = Complex("Complex64", np.complex64, "c", 64)
complex128 = Complex("Complex128", np.complex128, "c", 128)

half, single, double = float16, float32, float64
float_, int_, uint = float32, int64, uint64
# numpy-style aliases MindSpore 2.10 exports
intc, intp, uintc, uintp = int32, int64, uint32, uint64
byte, ubyte, short, ushort, long = int8, uint8, int16, uint16, int64
cfloat, cdouble = complex64, complex128

number = Number("Number", object, "o", 0)
tensor_type = TensorType()
list_ = _plain("List", "List")
tuple_ = _plain("Tuple", "Tuple")
type_none = _plain("TypeNone", "None")
string = _plain("String", "String")
_type_type = _plain("TypeType", "TypeType")

ALL = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
       float16, float32, float64, bfloat16, complex64, complex128, float8_e4m3fn, float8_e5m2)
_BY_NAME = {t.name: t for t in ALL}
_BY_NP = {t.np: t for t in ALL}

int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64, bfloat16)
complex_type = (complex64, complex128)
number_type = int_type + uint_type + float_type + complex_type


_NON_TENSOR = {t.name: t for t in (number, tensor_type, list_, tuple_, type_none, string, _type_type)}


def _by_name(name: str) -> Type:
    return _BY_NAME[name] if name in _BY_NAME else _NON_TENSOR[name]


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


def get_py_obj_dtype(obj) -> Type:
    """The MindSpore type of a Python object: ``1`` is Int64, ``1.0`` Float64, a Tensor
    ``Tensor[Float32]``, a tuple ``Tuple``, a dtype ``TypeType``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.get_py_obj_dtype(1), ms.get_py_obj_dtype(ms.Tensor(1.0)))
        Int64 Tensor[Float32]
    """
    from ._tensor import Tensor
    if isinstance(obj, Type):
        return _type_type
    if isinstance(obj, Tensor):
        return TensorType(obj.dtype)
    if obj is None:
        return type_none
    if isinstance(obj, (bool, np.bool_)):
        return bool_
    if isinstance(obj, (np.generic,)):
        return from_numpy(obj.dtype)
    simple = {int: int64, float: float64, complex: complex128, str: string, tuple: tuple_, list: list_}
    for cls, t in simple.items():
        if isinstance(obj, cls):
            return t
    if isinstance(obj, type) and obj in (int, float, bool, complex):
        return to_dtype(obj)
    raise NotImplementedError(f"The python type {type(obj)} cannot be converted to MindSpore type.")

