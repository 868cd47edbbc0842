"""``mindspore.QuantDtype`` (``mindspore.common.dtype.QuantDtype``): quantization data types.

Signed widths ``INT1``..``INT16`` take the values 0..15 and unsigned ``UINT1``..``UINT16``
the values 100..115, as in MindSpore, because quantization tools serialize a ``QuantDtype``
by that integer (``value()``).
"""
from __future__ import annotations

import enum

__all__ = ["QuantDtype"]


@enum.unique
class QuantDtype(enum.Enum):
    """An enum of quantization data types: ``INT1``..``INT16`` and ``UINT1``..``UINT16``.

    ``str()`` is the member's name; ``value()`` (a method, as in MindSpore, not the usual
    ``Enum.value`` attribute) is the integer used to serialize it.

    Examples:
        >>> from mindjax import QuantDtype
        >>> print(QuantDtype.INT8, QuantDtype.INT8.value(), QuantDtype.UINT16.value())
        INT8 7 115
    """
    INT1 = 0
    INT2 = 1
    INT3 = 2
    INT4 = 3
    INT5 = 4
    INT6 = 5
    INT7 = 6
    INT8 = 7
    INT9 = 8
    INT10 = 9
    INT11 = 10
    INT12 = 11
    INT13 = 12
    INT14 = 13
    INT15 = 14
    INT16 = 15

    UINT1 = 100
    UINT2 = 101
    UINT3 = 102
    UINT4 = 103
    UINT5 = 104
    UINT6 = 105
    UINT7 = 106
    UINT8 = 107
    UINT9 = 108
    UINT10 = 109
    UINT11 = 110
    UINT12 = 111
    UINT13 = 112
    UINT14 = 113
    UINT15 = 114
    UINT16 = 115

    def __str__(self) -> str:
        return self.name

    # A method named ``value`` replaces Enum's ``value`` property: MindSpore's callers write
    # ``QuantDtype.INT8.value()``.
    def value(self) -> int:  # pylint: disable=invalid-overridden-method
        """The integer that serializes this member.

        Examples:
            >>> from mindjax import QuantDtype
            >>> QuantDtype.UINT4.value()
            103
        """
        return self._value_
