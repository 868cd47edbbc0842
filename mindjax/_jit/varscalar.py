"""A ``mutable`` Python scalar inside a compiled program: a variable, not a constant.

MindSpore's graph compiler treats ``mutable(3)`` as a scalar variable: arithmetic on it
follows Python's rules (``n / 2`` is a float, ``n // 2`` floors, comparisons give bools),
a Tensor combined with it keeps the Tensor's dtype as a Python scalar would, and a scalar
the graph returns comes back as a Python scalar. ``VarScalar`` is that variable over a
0-d array (int64, float64 or bool): it is a Tensor subclass so that every op accepts it,
and it carries the ``_mj_py`` mark that turns a returned value into a Python scalar.
"""
from __future__ import annotations

import jax.numpy as jnp

from .._tensor import Tensor

_DT = {"int": jnp.int64, "float": jnp.float64, "bool": jnp.bool_}


def make(arr, kind: str) -> "VarScalar":
    t = object.__new__(VarScalar)
    t._data = arr
    t._node = None
    t._idx = 0
    t.__dict__["_mj_py"] = kind
    return t


def kind_of_value(v) -> str:
    return "bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "float"


def array_of(v):
    """The 0-d array a mutable scalar enters the program as."""
    return jnp.asarray(v, _DT[kind_of_value(v)])


def _kind(v):
    if isinstance(v, VarScalar):
        return v.__dict__["_mj_py"]
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    return None


def _arith_kind(ka: str, kb: str) -> str:
    return "float" if "float" in (ka, kb) else "int"


def _plain(s: "VarScalar", other: Tensor) -> Tensor:
    """``s`` as the Python scalar would enter an op with ``other``: the Tensor's dtype, except a
    float scalar with an integer or bool Tensor (float32) and an int with a bool Tensor (int64)."""
    k = s.__dict__["_mj_py"]
    od = other._data.dtype
    if k == "float" and not jnp.issubdtype(od, jnp.inexact):
        dt = jnp.float32
    elif k == "int" and od == jnp.bool_:
        dt = jnp.int64
    else:
        dt = od
    return Tensor._make(s._data.astype(dt))


_FUNCS = {
    "add": jnp.add, "sub": jnp.subtract, "mul": jnp.multiply, "floordiv": jnp.floor_divide, "mod": jnp.mod,
    "pow": jnp.power, "truediv": jnp.true_divide, "lt": jnp.less, "le": jnp.less_equal, "gt": jnp.greater,
    "ge": jnp.greater_equal, "eq": jnp.equal, "ne": jnp.not_equal, "and": jnp.logical_and,
    "or": jnp.logical_or, "xor": jnp.logical_xor,
}
_CMP = {"lt", "le", "gt", "ge", "eq", "ne"}


def _binary(name: str, reflected: bool):
    dunder = f"__{'r' if reflected else ''}{name}__"

    def method(self, other):
        ko = _kind(other)
        if ko is None:
            tensor_method = getattr(Tensor, dunder, None)  # looked up now: ops install Tensor's operators later
            if isinstance(other, Tensor) and tensor_method is not None:
                # with a Tensor: Tensor arithmetic, the scalar cast as a Python scalar would be
                return tensor_method(_plain(self, other), other)
            return NotImplemented
        ks = self.__dict__["_mj_py"]
        a = self._data
        b = other._data if isinstance(other, VarScalar) else jnp.asarray(other, _DT[ko])
        if reflected:
            a, b, ks, ko = b, a, ko, ks
        if name in _CMP:
            return make(_FUNCS[name](a, b), "bool")
        if name in ("and", "or", "xor"):
            if ks == "bool" and ko == "bool":
                return make(_FUNCS[name](a, b), "bool")
            op = {"and": jnp.bitwise_and, "or": jnp.bitwise_or, "xor": jnp.bitwise_xor}[name]
            return make(op(a.astype(jnp.int64), b.astype(jnp.int64)), "int")
        if name == "truediv":
            return make(jnp.true_divide(a.astype(jnp.float64), b.astype(jnp.float64)), "float")
        kind = _arith_kind(ks, ko)
        dt = _DT[kind]
        return make(_FUNCS[name](a.astype(dt), b.astype(dt)), kind)
    method.__name__ = dunder
    return method


class VarScalar(Tensor):
    """A mutable Python scalar while a program is traced (see the module's doc)."""

    __slots__ = ()

    def __neg__(self):
        k = self.__dict__["_mj_py"]
        return make(-self._data.astype(jnp.int64 if k == "bool" else self._data.dtype), "int" if k == "bool" else k)

    def __pos__(self):
        return self

    def __abs__(self):
        k = self.__dict__["_mj_py"]
        return make(jnp.abs(self._data.astype(jnp.int64 if k == "bool" else self._data.dtype)),
                    "int" if k == "bool" else k)

    def __invert__(self):
        if self.__dict__["_mj_py"] == "float":
            raise TypeError("bad operand type for unary ~: 'float'")
        return make(~self._data.astype(jnp.int64), "int")

    def __hash__(self) -> int:
        return id(self)


for _name in ("add", "sub", "mul", "floordiv", "mod", "pow", "truediv", "lt", "le", "gt", "ge", "eq", "ne",
              "and", "or", "xor"):
    setattr(VarScalar, f"__{_name}__", _binary(_name, False))
    if _name not in _CMP:
        setattr(VarScalar, f"__r{_name}__", _binary(_name, True))
