"""``ScopedValue`` and ``ValueType``: the values a rewrite node reads and writes."""
from __future__ import annotations

from enum import Enum
from typing import List, Optional, Tuple, Union

from ... import _checkparam as Validator


class ValueType(Enum):
    """Kind of a :class:`ScopedValue`: a constant, a container of values, a name or an object."""
    ConstantValue = 0
    TupleValue = 20
    ListValue = 21
    DictValue = 22
    NamingValue = 40
    CustomObjValue = 41
    UnsupportedValue = 50


class ScopedValue:
    """A value with its scope: ``self.conv`` is the name ``conv`` in scope ``self``; ``2`` is a constant.

    Examples:
        >>> from mindjax.rewrite import ScopedValue
        >>> print(ScopedValue.create_naming_value("conv", "self"))
        self.conv
    """

    def __init__(self, arg_type: ValueType, scope: str = "", value=None):
        Validator.check_value_type("arg_type", arg_type, [ValueType], "ScopedValue")
        Validator.check_value_type("scope", scope, [str], "ScopedValue")
        self.type = arg_type
        self.scope = scope
        self.value = value

    @classmethod
    def create_variable_value(cls, value) -> Optional["ScopedValue"]:
        """A value for a Python object: constants, tuples, lists and dicts of them, or a custom object.

        Examples:
            >>> from mindjax.rewrite import ScopedValue
            >>> print(ScopedValue.create_variable_value(2))
            2
        """
        if value is None or isinstance(value, (int, float, str, bool)):
            return cls(ValueType.ConstantValue, "", value)
        if isinstance(value, tuple):
            return cls(ValueType.TupleValue, "", tuple(cls.create_variable_value(v) for v in value))
        if isinstance(value, list):
            return cls(ValueType.ListValue, "", [cls.create_variable_value(v) for v in value])
        if isinstance(value, dict):
            return cls(ValueType.DictValue, "",
                       {cls.create_variable_value(k): cls.create_variable_value(v) for k, v in value.items()})
        return cls(ValueType.CustomObjValue, "", value)

    @classmethod
    def create_naming_value(cls, name: str, scope: str = "") -> "ScopedValue":
        """A reference to the variable ``name`` (in ``scope``, e.g. ``"self"``).

        Examples:
            >>> from mindjax.rewrite import ScopedValue
            >>> print(ScopedValue.create_naming_value("x"))
            x
        """
        Validator.check_value_type("name", name, [str], "ScopedValue")
        Validator.check_value_type("scope", scope, [str], "ScopedValue")
        return cls(ValueType.NamingValue, scope, name)

    @staticmethod
    def create_name_values(names: Union[List[str], Tuple[str]],
                           scopes: Union[List[str], Tuple[str]] = None) -> List["ScopedValue"]:
        """Naming values for ``names`` (with ``scopes``, one per name, if given).

        Examples:
            >>> from mindjax.rewrite import ScopedValue
            >>> print(ScopedValue.create_name_values(names=["z", "z_1"], scopes=["self", "self"]))
            [self.z, self.z_1]
        """
        Validator.check_element_type_of_iterable("names", names, [str], "ScopedValue")
        if scopes is not None:
            Validator.check_element_type_of_iterable("scopes", scopes, [str], "ScopedValue")
            if len(names) != len(scopes):
                raise ValueError("Length of names should be equal to length of scopes")
        return [ScopedValue.create_naming_value(n, scopes[i] if scopes is not None else "")
                for i, n in enumerate(names)]

    def __str__(self):
        if self.type == ValueType.ConstantValue:
            return str(self.value)
        if self.type == ValueType.NamingValue:
            return f"{self.scope}.{self.value}" if self.scope else str(self.value)
        if self.type == ValueType.CustomObjValue:
            return f"CustomObj: {self.value}"
        return f"Illegal ValueType: {self.type}"

    def __repr__(self):
        return str(self)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, ScopedValue):
            return False
        return self.type == other.type and self.scope == other.scope and self.value == other.value

    def __hash__(self):
        return hash((self.type, self.scope, str(self.value)))
