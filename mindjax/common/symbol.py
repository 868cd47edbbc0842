"""``mindspore.Symbol``: a named unknown dimension for dynamic-shape inputs.

``Tensor(shape=[Symbol(max=64, divisor=8), 3], dtype=...)`` declares a dimension that varies
between calls, with what is known about it (bounds, divisibility, and ``unique``: a symbol
object used twice means the same size). MindSpore's compiler uses these facts to optimise;
XLA compiles one program per concrete shape, so here they describe the input and print.
"""
from __future__ import annotations


class Symbol:
    """An unknown dimension: ``min <= d``, ``d <= max`` (when ``max > min``), ``d % divisor == remainder``.

    Examples:
        >>> import mindjax as ms
        >>> s = ms.Symbol(max=10, divisor=2)
        >>> s.to_dict()["divisor"]
        2
        >>> ms.Tensor(shape=[s, 3], dtype=ms.float32).shape
        (-1, 3)
    """

    def __init__(self, max: int = 0, min: int = 1, divisor: int = 1, remainder: int = 0,  # noqa: A002
                 unique: bool = False, **kwargs) -> None:
        for name, value in (("max", max), ("min", min), ("divisor", divisor), ("remainder", remainder)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"For 'Symbol', the argument '{name}' must be int, but got {type(value)}")
        if not isinstance(unique, bool):
            raise TypeError(f"For 'Symbol', the argument 'unique' must be bool, but got {type(unique)}")
        for name, value in (("min", min), ("divisor", divisor)):
            if value <= 0:
                raise ValueError(f"For 'Symbol', the '{name}' value should be positive, but got {value}")
        if not 0 <= remainder < divisor:
            raise ValueError(f"For 'Symbol', the 'remainder' value should be in the range '[0, {divisor})', but got "
                             f"{remainder}")
        self.max, self.min, self.divisor, self.remainder, self.unique = max, min, divisor, remainder, unique
        self.id = id(self)

    def to_dict(self) -> dict:
        """The facts that say something: ``max`` when it bounds anything; ``min`` when it exceeds
        the smallest size ``divisor * 1 + remainder`` that the divisibility already implies."""
        out = {}
        if self.max > self.min:
            out["max"] = self.max
        if self.min > self.divisor + self.remainder:
            out["min"] = self.min
        if self.divisor != 1:
            out["divisor"] = self.divisor
        if self.remainder != 0:
            out["remainder"] = self.remainder
        if self.unique:
            out["id"] = self.id
        return out

    def __str__(self) -> str:
        return str(self.to_dict())
