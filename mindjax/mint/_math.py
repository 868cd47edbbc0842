"""mint's elementwise math, comparisons and reductions: PyTorch-style signatures over ``mindjax.ops``.

Example:
    >>> import mindjax as ms
    >>> from mindjax import mint
    >>> mint.sum(ms.Tensor([[1., 2.], [3., 4.]]), dim=1, keepdim=True).shape
    (2, 1)
"""
from __future__ import annotations

import builtins

from .. import ops as _ops
from .. import _dtype as mstype
from .._tensor import Tensor
from ._adapt import dims, needs

CANDIDATES: dict = {}


def _reg(name: str, fn, *op_names: str):
    fn.__mint_needs__ = op_names or getattr(fn, "__mint_needs__", ())
    fn.__name__ = fn.__qualname__ = name
    CANDIDATES[name] = fn
    return fn


def _float_in(x: Tensor) -> Tensor:
    """torch's rule for float-valued math: integer and bool inputs compute in float32."""
    return _ops.cast(x, mstype.float32) if isinstance(x, Tensor) and x.dtype.kind in "biu" else x


def _unary(name: str, op_name: str, floaty: bool = True):
    def fn(input: Tensor) -> Tensor:
        return getattr(_ops, op_name)(_float_in(input) if floaty else input)
    fn.__doc__ = (f"``mint.{name}(input)``: elementwise, as ``ops.{op_name}``"
                  f"{' (integer input computes in float32)' if floaty else ''}.\n\n"
                  f"Example:\n    >>> mint.{name}(ms.Tensor([0.5, 0.25])).shape\n    (2,)\n")
    return _reg(name, fn, op_name)


for _n in ("acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "erf", "erfc", "erfinv", "exp", "exp2",
           "expm1", "log", "log10", "log1p", "log2", "reciprocal", "rsqrt", "sigmoid", "sin", "sinc", "sinh", "sqrt",
           "tan", "tanh"):
    _unary(_n, _n)
for _n, _o in (("arccos", "acos"), ("arccosh", "acosh"), ("arcsin", "asin"), ("arcsinh", "asinh"),
               ("arctan", "atan"), ("arctanh", "atanh")):
    _unary(_n, _o)
for _n in ("abs", "ceil", "floor", "frac", "neg", "sign", "square", "isfinite", "isinf", "isnan", "isneginf",
           "logical_not", "real", "imag", "ravel"):
    _unary(_n, _n, floaty=False)
_unary("negative", "neg", floaty=False)


@needs("invert", "logical_not")
def bitwise_not(input: Tensor) -> Tensor:
    """Bitwise NOT of an integer Tensor (logical NOT of a bool one).

    Example:
        >>> mint.bitwise_not(ms.Tensor([0, 1])).asnumpy().tolist()
        [-1, -2]
    """
    return _ops.logical_not(input) if input.dtype == mstype.bool_ else _ops.invert(input)


@needs("round", "mul", "div")
def round(input: Tensor, *, decimals: int = 0) -> Tensor:  # noqa: A001 - mint's name
    """Round half to even; with ``decimals``, to that many decimal places.

    Example:
        >>> mint.round(ms.Tensor([1.25, 2.5]), decimals=1).shape
        (2,)
    """
    if decimals == 0:
        return _ops.round(input)
    scale = 10.0 ** decimals
    return _ops.div(_ops.round(_ops.mul(input, scale)), scale)


@needs("identity")
def clone(input: Tensor) -> Tensor:
    """A copy of ``input`` (gradient flows through).

    Example:
        >>> mint.clone(ms.Tensor([1., 2.])).shape
        (2,)
    """
    return _ops.identity(input)


@needs("nan_to_num")
def nan_to_num(input: Tensor, nan: float | None = None, posinf: float | None = None,
               neginf: float | None = None) -> Tensor:
    """NaN to ``nan`` (default 0), infinities to ``posinf``/``neginf`` (default the dtype's extremes).

    Example:
        >>> mint.nan_to_num(ms.Tensor([float('nan'), 1.])).asnumpy().tolist()
        [0.0, 1.0]
    """
    return _ops.nan_to_num(input, 0.0 if nan is None else nan, posinf, neginf)


@needs("polar")
def polar(abs: Tensor, angle: Tensor) -> Tensor:  # noqa: A002 - mint's argument name
    """``abs * (cos(angle) + i sin(angle))`` as a complex Tensor.

    Example:
        >>> mint.polar(ms.Tensor([1.]), ms.Tensor([0.])).shape
        (1,)
    """
    return _ops.polar(abs, angle)


# ------------------------------------------------------------------ binary
def _binary(name: str, op_name: str, floaty: bool = False):
    def fn(input, other) -> Tensor:
        if floaty:
            input, other = _float_in(input), _float_in(other)
        return getattr(_ops, op_name)(input, other)
    fn.__doc__ = (f"``mint.{name}(input, other)``: elementwise with broadcasting, as ``ops.{op_name}``.\n\n"
                  f"Example:\n    >>> mint.{name}(ms.Tensor([1., 2.]), ms.Tensor([3., 4.])).shape\n    (2,)\n")
    return _reg(name, fn, op_name)


for _n, _o in (("mul", "mul"), ("maximum", "maximum"), ("minimum", "minimum"), ("remainder", "remainder"),
               ("fmod", "fmod"), ("floor_divide", "floor_divide"), ("eq", "eq"), ("ne", "ne"), ("not_equal", "ne"),
               ("gt", "gt"), ("greater", "gt"), ("greater_equal", "ge"), ("lt", "lt"), ("less", "lt"), ("le", "le"),
               ("less_equal", "le"), ("bitwise_and", "bitwise_and"), ("bitwise_or", "bitwise_or"),
               ("bitwise_xor", "bitwise_xor"), ("gcd", "gcd"), ("logical_and", "logical_and"),
               ("logical_or", "logical_or"), ("logical_xor", "logical_xor"), ("pow", "pow")):
    _binary(_n, _o)
for _n, _o in (("atan2", "atan2"), ("arctan2", "atan2"), ("logaddexp", "logaddexp"), ("logaddexp2", "logaddexp2"),
               ("xlogy", "xlogy"), ("float_power", "float_power")):
    _binary(_n, _o, floaty=True)


@needs("add", "mul")
def add(input, other, *, alpha: float = 1) -> Tensor:
    """``input + alpha * other``.

    Example:
        >>> mint.add(ms.Tensor([1., 2.]), ms.Tensor([1., 1.]), alpha=2).asnumpy().tolist()
        [3.0, 4.0]
    """
    return _ops.add(input, other if alpha == 1 else _ops.mul(other, alpha))


@needs("sub", "mul")
def sub(input, other, *, alpha: float = 1) -> Tensor:
    """``input - alpha * other``.

    Example:
        >>> mint.sub(ms.Tensor([3., 2.]), 1., alpha=2).asnumpy().tolist()
        [1.0, 0.0]
    """
    return _ops.sub(input, other if alpha == 1 else _ops.mul(other, alpha))


@needs("div")
def div(input, other, *, rounding_mode: str | None = None) -> Tensor:
    """True division, or ``rounding_mode`` "floor" / "trunc".

    Example:
        >>> mint.div(ms.Tensor([7.]), ms.Tensor([2.]), rounding_mode="floor").asnumpy().tolist()
        [3.0]
    """
    return _ops.div(input, other, rounding_mode=rounding_mode)


_reg("divide", lambda input, other, *, rounding_mode=None: div(input, other, rounding_mode=rounding_mode), "div")
CANDIDATES["divide"].__doc__ = div.__doc__


@needs("lerp")
def lerp(input: Tensor, end: Tensor, weight) -> Tensor:
    """``input + weight * (end - input)``.

    Example:
        >>> mint.lerp(ms.Tensor([0.]), ms.Tensor([10.]), 0.3).asnumpy().tolist()
        [3.0]
    """
    return _ops.lerp(input, end, weight)


@needs("div", "mul", "add")
def addcdiv(input: Tensor, tensor1: Tensor, tensor2: Tensor, *, value: float = 1) -> Tensor:
    """``input + value * tensor1 / tensor2``.

    Example:
        >>> mint.addcdiv(ms.Tensor([1.]), ms.Tensor([1.]), ms.Tensor([2.]), value=2).asnumpy().tolist()
        [2.0]
    """
    return _ops.add(input, _ops.mul(_ops.div(tensor1, tensor2), value))


@needs("isclose")
def isclose(input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Tensor:
    """``|input - other| <= atol + rtol * |other|`` elementwise.

    Example:
        >>> mint.isclose(ms.Tensor([1.]), ms.Tensor([1.000001])).asnumpy().tolist()
        [True]
    """
    return _ops.isclose(input, other, rtol, atol, equal_nan)


@needs("isclose", "all")
def allclose(input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> bool:
    """Whether every element is close (a Python bool, as MindSpore's mint.allclose).

    Example:
        >>> mint.allclose(ms.Tensor([1.]), ms.Tensor([1.000001]))
        True
    """
    return builtins.bool(_ops.all(_ops.isclose(input, other, rtol, atol, equal_nan)).item())


@needs("where", "nonzero")
def where(condition: Tensor, input=None, other=None):
    """``input`` where ``condition`` else ``other``; with only ``condition``, ``nonzero(as_tuple=True)``.

    Example:
        >>> mint.where(ms.Tensor([True, False]), 1., 0.).asnumpy().tolist()
        [1.0, 0.0]
    """
    if input is None and other is None:
        return _ops.nonzero(condition, as_tuple=True)
    return _ops.where(condition, input, other)


# ------------------------------------------------------------------ reductions
def _as_dtype(x: Tensor, dtype) -> Tensor:
    return x if dtype is None else _ops.cast(x, dtype)


@needs("sum")
def sum(input: Tensor, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:  # noqa: A001
    """Sum over ``dim`` (all when None); integer and bool inputs sum in int64.

    Example:
        >>> mint.sum(ms.Tensor([[1., 2.], [3., 4.]]), 1).asnumpy().tolist()
        [3.0, 7.0]
    """
    return _ops.sum(input, dims(dim), keepdim, dtype=dtype)


@needs("mean")
def mean(input: Tensor, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """Mean over ``dim`` (all when None).

    Example:
        >>> mint.mean(ms.Tensor([[1., 2.], [3., 4.]]), 0).asnumpy().tolist()
        [2.0, 3.0]
    """
    return _ops.mean(_as_dtype(input, dtype), dims(dim), keepdim)


def _int_dim(name: str, dim):
    if dim is not None and not isinstance(dim, int):
        raise TypeError(f"For '{name}', the 'dim' must be an int or None, but got {type(dim).__name__}.")


@needs("prod", "cast")
def prod(input: Tensor, dim: int | None = None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """Product over one ``dim`` (all when None); integer inputs multiply in int64.

    Example:
        >>> mint.prod(ms.Tensor([[1., 2.], [3., 4.]]), 1).asnumpy().tolist()
        [2.0, 12.0]
    """
    _int_dim("prod", dim)
    return _ops.prod(input, dim, keepdim, dtype=dtype)


@needs("nansum")
def nansum(input: Tensor, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """Sum treating NaN as zero.

    Example:
        >>> mint.nansum(ms.Tensor([1., float('nan')])).asnumpy().tolist()
        1.0
    """
    return _ops.nansum(input, dims(dim), keepdim, dtype=dtype)


def _amm(name: str, op_name: str):
    def fn(input: Tensor, dim=(), keepdim: bool = False) -> Tensor:
        d = dims(dim)
        return getattr(_ops, op_name)(input, None if d == () else d, keepdim)
    fn.__doc__ = (f"``mint.{name}(input, dim=(), keepdim=False)``: reduce over ``dim`` (all when empty).\n\n"
                  f"Example:\n    >>> mint.{name}(ms.Tensor([[1., 5.], [3., 2.]]), 1).shape\n    (2,)\n")
    return _reg(name, fn, op_name)


_amm("amax", "amax")
_amm("amin", "amin")


def _argm(name: str):
    def fn(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
        return getattr(_ops, name)(input, dim, keepdim)
    fn.__doc__ = (f"Index (int64) of the {name[3:]}imum over ``dim`` (of the flattened input when None).\n\n"
                  f"Example:\n    >>> mint.{name}(ms.Tensor([[1., 5.], [3., 2.]]), 1).asnumpy().tolist()\n")
    return _reg(name, fn, name)


_argm("argmax")
_argm("argmin")


@needs("median", "reshape")
def median(input: Tensor, dim: int | None = None, keepdim: bool = False):
    """The lower median of all elements, or (values, indices) over ``dim``.

    Example:
        >>> mint.median(ms.Tensor([3., 1., 2.])).asnumpy().tolist()
        2.0
    """
    if dim is None:
        return _ops.median(_ops.reshape(input, (-1,)), 0, False)[0]
    return _ops.median(input, dim, keepdim)


def _allany(name: str):
    def fn(input: Tensor, dim=None, keepdim: bool = False) -> Tensor:
        x = input if input.dtype == mstype.bool_ else _ops.cast(input, mstype.bool_)
        return getattr(_ops, name)(x, dims(dim), keepdim)
    fn.__doc__ = (f"Whether {name} elements over ``dim`` are true (a bool Tensor).\n\n"
                  f"Example:\n    >>> mint.{name}(ms.Tensor([True, False])).asnumpy().tolist()\n")
    return _reg(name, fn, name, "cast")


_allany("all")
_allany("any")


@needs("count_nonzero")
def count_nonzero(input: Tensor, dim=None) -> Tensor:
    """The number (int64) of non-zero elements over ``dim``.

    Example:
        >>> mint.count_nonzero(ms.Tensor([[0, 1], [2, 0]]), 1).asnumpy().tolist()
        [1, 1]
    """
    return _ops.count_nonzero(input, () if dim is None else dims(dim), False, mstype.int64)


def _stat(name: str, op_name: str, with_mean: bool):
    def fn(input: Tensor, dim=None, *, correction: int = 1, keepdim: bool = False):
        r = getattr(_ops, op_name)(input, dims(dim), correction, keepdim)
        return (r, _ops.mean(input, dims(dim), keepdim)) if with_mean else r
    fn.__doc__ = (f"``mint.{name}(input, dim=None, *, correction=1, keepdim=False)``"
                  f"{': (value, mean)' if with_mean else ''}.\n\n"
                  f"Example:\n    >>> mint.{name}(ms.Tensor([1., 2., 3., 4.]))\n")
    return _reg(name, fn, op_name, "mean")


_stat("std", "std", False)
_stat("var", "var", False)
_stat("std_mean", "std", True)
_stat("var_mean", "var", True)


@needs("logsumexp")
def logsumexp(input: Tensor, dim, keepdim: bool = False) -> Tensor:
    """``log(sum(exp(input), dim))``, computed stably.

    Example:
        >>> mint.logsumexp(ms.Tensor([0., 0.]), 0).asnumpy().round(4).tolist()
        0.6931
    """
    return _ops.logsumexp(_float_in(input), dims(dim), keepdim)


@needs("abs", "sum", "sqrt", "amax", "amin", "pow", "ne", "cast", "mul")
def norm(input: Tensor, p="fro", dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """The vector p-norm over ``dim`` (all elements when None); ``"fro"`` is the 2-norm.

    Example:
        >>> mint.norm(ms.Tensor([3., 4.])).asnumpy().tolist()
        5.0
    """
    x = _as_dtype(input, dtype)
    d = dims(dim)
    if p in ("fro", 2, 2.0):
        return _ops.sqrt(_ops.sum(_ops.mul(x, x), d, keepdim))
    if p == float("inf"):
        return _ops.amax(_ops.abs(x), d, keepdim)
    if p == float("-inf"):
        return _ops.amin(_ops.abs(x), d, keepdim)
    if p == 0:
        return _ops.sum(_ops.cast(_ops.ne(x, 0), x.dtype), d, keepdim)
    if p == 1:
        return _ops.sum(_ops.abs(x), d, keepdim)
    return _ops.pow(_ops.sum(_ops.pow(_ops.abs(x), p), d, keepdim), 1.0 / p)


@needs("cumsum")
def cumsum(input: Tensor, dim: int, dtype=None) -> Tensor:
    """Cumulative sum along ``dim``; integer inputs accumulate in int64.

    Example:
        >>> mint.cumsum(ms.Tensor([1, 2, 3]), 0).asnumpy().tolist()
        [1, 3, 6]
    """
    if dtype is None and input.dtype.kind in "biu":
        dtype = mstype.int64
    return _ops.cumsum(_as_dtype(input, dtype), dim)


@needs("cumprod")
def cumprod(input: Tensor, dim: int, dtype=None) -> Tensor:
    """Cumulative product along ``dim``; integer inputs accumulate in int64.

    Example:
        >>> mint.cumprod(ms.Tensor([1, 2, 3]), 0).asnumpy().tolist()
        [1, 2, 6]
    """
    if dtype is None and input.dtype.kind in "biu":
        dtype = mstype.int64
    return _ops.cumprod(_as_dtype(input, dtype), dim)


def _cumext(name: str):
    def fn(input: Tensor, dim: int):
        v, i = getattr(_ops, name)(input, dim)
        return v, (i if i.dtype == mstype.int64 else _ops.cast(i, mstype.int64))
    fn.__doc__ = (f"(values, indices) of the running {name[3:]}imum along ``dim``.\n\n"
                  f"Example:\n    >>> values, indices = mint.{name}(ms.Tensor([1., 3., 2.]), 0)\n")
    return _reg(name, fn, name, "cast")


_cumext("cummax")
_cumext("cummin")


@needs("softmax", "cast")
def softmax(input: Tensor, dim: int, *, dtype=None) -> Tensor:
    """Softmax along ``dim`` (after casting to ``dtype`` when given).

    Example:
        >>> mint.softmax(ms.Tensor([0., 0.]), 0).asnumpy().tolist()
        [0.5, 0.5]
    """
    return _ops.softmax(_as_dtype(input, dtype), dim)


@needs("gelu")
def npu_gelu(input: Tensor, approximate: str = "none") -> Tensor:
    """GELU (``approximate`` "none" or "tanh"), as ``mint.nn.functional.gelu``.

    Example:
        >>> mint.npu_gelu(ms.Tensor([0.])).asnumpy().tolist()
        [0.0]
    """
    return _ops.gelu(input, approximate)


del _n, _o
CANDIDATES.update({_k: _f for _k, _f in list(globals().items())
                   if not _k.startswith("_") and callable(_f) and hasattr(_f, "__mint_needs__")})
