"""``mindspore.ops.operations.math_ops``: elementwise math, comparisons, reductions and
matrix products as Primitive classes. Each class calls the functional op, so the op is
defined once (in ``ops/math.py``, ``ops/reduction.py``, ...)."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import simple, check_call_attrs, check_float, check_str, set_attrs
from ._grad_ops import TanhGrad  # noqa: F401  (MindSpore's math_ops re-exports it)

Add = simple("Add", F.add, "``ops.Add()(x, y)``: x + y with broadcasting.\n\n    Examples:\n"
             "        >>> import mindjax as ms\n        >>> from mindjax.ops import operations as P\n"
             "        >>> print(P.Add()(ms.Tensor([1., 2.]), ms.Tensor([3., 4.])))\n        [4. 6.]\n")
AddV2 = Add
Sub = simple("Sub", F.sub)
Mul = simple("Mul", F.mul)
RealDiv = simple("RealDiv", F.div)
Div = simple("Div", F.div)
DivNoNan = simple("DivNoNan", lambda x, y: F.select(F.equal(y, 0), F.zeros_like(F.div(x, y)), F.div(x, y)),
                  "``ops.DivNoNan()(x, y)``: x / y, and 0 where y is 0.")
MulNoNan = simple("MulNoNan", lambda x, y: F.select(F.equal(y, 0), F.zeros_like(F.mul(x, y)), F.mul(x, y)),
                  "``ops.MulNoNan()(x, y)``: x * y, and 0 where y is 0 (even if x is inf or NaN).")
Xdivy = simple("Xdivy", lambda x, y: F.select(F.equal(x, 0), F.zeros_like(F.div(x, y)), F.div(x, y)),
               "``ops.Xdivy()(x, y)``: x / y, and 0 where x is 0.")
Xlogy = simple("Xlogy", lambda x, y: F.select(F.equal(x, 0), F.zeros_like(F.xlogy(x, y)), F.xlogy(x, y)),
               "``ops.Xlogy()(x, y)``: x * log(y), and 0 where x is 0.")
FloorDiv = simple("FloorDiv", F.floor_div)
FloorMod = simple("FloorMod", F.floor_mod)
_MOD_TYPES = ("Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float16", "Float32", "Float64",
              "BFloat16", "Complex64", "Complex128", "Int4", "Float8E4M3FN", "Float8E5M2", "HiFloat8")


def _mod(x, y):
    """``Mod`` wants a Tensor among its inputs (MindSpore's older math Primitive): two numbers are refused."""
    if not isinstance(x, Tensor) and not isinstance(y, Tensor):
        from ..._state import state
        got = {bool: "Bool", int: "Int64", float: "Float32"}.get(type(x), type(x).__name__)
        if state.jit_depth:
            raise TypeError(f"For 'Mod', the element of 'x' must be one of "
                            f"{', '.join(f'Tensor[{t}]' for t in _MOD_TYPES)}, but got {got}.The supported data types "
                            f"depend on the hardware that executes the operator, for more details, please refer to the "
                            f"MindSpore official website to get more information about the data type.")
        raise TypeError(f"The primitive[Mod]'s input arguments[x, y] must be all tensor and those type must be same. "
                        f"But got input argument[x]:{got}")
    return F.truncate_mod(x, y)


Mod = simple("Mod", _mod, "``ops.Mod()(x, y)``: the remainder with the sign of x (C's fmod).")
TruncateDiv = simple("TruncateDiv", F.truncate_div)
TruncateMod = simple("TruncateMod", F.truncate_mod)
Pow = simple("Pow", F.pow)
Neg = simple("Neg", F.neg)
Abs = simple("Abs", F.abs)
Exp = simple("Exp", F.exp)
Expm1 = simple("Expm1", F.expm1)
Log = simple("Log", F.log)
Log1p = simple("Log1p", F.log1p)
Sqrt = simple("Sqrt", F.sqrt)
Rsqrt = simple("Rsqrt", F.rsqrt)
Square = simple("Square", F.square)
Reciprocal = simple("Reciprocal", F.reciprocal)
Inv = simple("Inv", F.inv)  # integers stay integers (1 / x truncated), as ops.inv
Sin = simple("Sin", F.sin)
Cos = simple("Cos", F.cos)
Tan = simple("Tan", F.tan)
Sinh = simple("Sinh", F.sinh)
Cosh = simple("Cosh", F.cosh)
Asin = simple("Asin", F.asin)
ACos = simple("ACos", F.acos)
Atan = simple("Atan", F.atan)
Asinh = simple("Asinh", F.asinh)
Acosh = simple("Acosh", F.acosh)
Atanh = simple("Atanh", F.atanh)
Atan2 = simple("Atan2", F.atan2)
Erf = simple("Erf", F.erf)
Erfc = simple("Erfc", F.erfc)
Erfinv = simple("Erfinv", F.erfinv)
Floor = simple("Floor", F.floor)
Ceil = simple("Ceil", F.ceil)
Trunc = simple("Trunc", F.trunc)
Sign = simple("Sign", F.sign)
Maximum = simple("Maximum", F.maximum)
Minimum = simple("Minimum", F.minimum)
SquaredDifference = simple("SquaredDifference", F.squared_difference)
Hypot = simple("Hypot", lambda x, y: F.sqrt(F.add(F.square(x), F.square(y))),
               "``ops.Hypot()(x1, x2)``: sqrt(x1**2 + x2**2) elementwise.")
Equal = simple("Equal", F.equal)
NotEqual = simple("NotEqual", F.not_equal)
Greater = simple("Greater", F.greater)
GreaterEqual = simple("GreaterEqual", F.greater_equal)
Less = simple("Less", F.less)
LessEqual = simple("LessEqual", F.less_equal)
LogicalAnd = simple("LogicalAnd", F.logical_and)
LogicalOr = simple("LogicalOr", F.logical_or)
LogicalNot = simple("LogicalNot", F.logical_not)
LogicalXor = simple("LogicalXor", F.logical_xor)
IsNan = simple("IsNan", F.isnan)
IsInf = simple("IsInf", F.isinf)
IsFinite = simple("IsFinite", F.isfinite)
BitwiseAnd = simple("BitwiseAnd", F.bitwise_and)
BitwiseOr = simple("BitwiseOr", F.bitwise_or)
BitwiseXor = simple("BitwiseXor", F.bitwise_xor)
Trace = simple("Trace", F.trace)
AssignAdd = simple("AssignAdd", F.assign_add)
AssignSub = simple("AssignSub", F.assign_sub)
Lerp = simple("Lerp", F.lerp)
AddN = simple("AddN", lambda *xs: F.addn(xs[0] if len(xs) == 1 and isinstance(xs[0], (tuple, list)) else xs),
              "``ops.AddN()(inputs)``: the elementwise sum of a tuple of Tensors.")


def _fmax(x, y):
    # the non-NaN operand wins; NaN only where both are NaN
    m = F.maximum(x, y)
    return F.select(F.isnan(x), F.select(F.isnan(y), m, y), F.select(F.isnan(y), x, m))


def _fmin(x, y):
    m = F.minimum(x, y)
    return F.select(F.isnan(x), F.select(F.isnan(y), m, y), F.select(F.isnan(y), x, m))


Fmax = simple("Fmax", _fmax, "``ops.Fmax()(x1, x2)``: the elementwise maximum, ignoring NaN.")
Fmin = simple("Fmin", _fmin, "``ops.Fmin()(x1, x2)``: the elementwise minimum, ignoring NaN.")


def _heaviside(x, values):
    zero, one = F.zeros_like(x), F.ones_like(x)
    return F.select(F.less(x, 0), zero, F.select(F.greater(x, 0), one, F.cast(F.broadcast_to(values, x.shape),
                                                                           x.dtype)))


Heaviside = simple("Heaviside", _heaviside, "``ops.Heaviside()(x, values)``: 0 for x < 0, 1 for x > 0, "
                   "``values`` where x == 0.")


def _square_sum_all(x, y):
    return F.sum(F.square(x)), F.sum(F.square(y))


SquareSumAll = simple("SquareSumAll", _square_sum_all, "``ops.SquareSumAll()(x, y)``: (sum(x**2), sum(y**2)).")


def _equal_count(x, y):
    return F.reshape(F.sum(F.cast(F.equal(x, y), mstype.int32), dtype=mstype.int32), (1,))


EqualCount = simple("EqualCount", _equal_count, "``ops.EqualCount()(x, y)``: how many elements are equal, "
                    "as a Tensor of shape (1,).")


def _addc(name, combine):
    def call(input, tensor1, tensor2, value):
        return F.add(input, F.mul(value, combine(tensor1, tensor2)))
    return simple(name, call, f"``ops.{name}()(input, tensor1, tensor2, value)``: input + value * "
                              f"(tensor1 {'/' if combine is F.div else '*'} tensor2).")


Addcdiv = _addc("Addcdiv", F.div)
Addcmul = _addc("Addcmul", F.mul)


class Round(Primitive):
    """``ops.Round()(input, decimals=0)``: round half to even.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import operations as P
        >>> print(P.Round()(ms.Tensor([0.5, 1.5, -2.7])))
        [ 0.  2. -3.]
    """

    def __init__(self):
        super().__init__("Round")

    def __call__(self, input, decimals: int = 0):
        if decimals != 0:  # MindSpore 2.10's kernels implement decimals=0 only
            raise RuntimeError(f"For Round only support decimals equal 0, but got decimals equal {decimals}")
        return F.round(input)


class ApproximateEqual(Primitive):
    """``ops.ApproximateEqual(tolerance=1e-05)(x, y)``: |x - y| < tolerance elementwise."""

    def __init__(self, tolerance: float = 1e-05):
        super().__init__("ApproximateEqual")
        if not isinstance(tolerance, float):  # MindSpore takes a float only (an int is a TypeError too)
            raise TypeError(f"For 'ApproximateEqual', the type of 'tolerance' should be 'float', but got type "
                            f"'{type(tolerance).__name__}'.")
        set_attrs(self, tolerance=tolerance)

    def __call__(self, x, y):
        return F.approximate_equal(x, y, self.tolerance)


class MatMul(Primitive):
    """``ops.MatMul(transpose_a=False, transpose_b=False)(x, y)``: the matrix product.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops import operations as P
        >>> a = ms.Tensor(np.ones((2, 3), np.float32))
        >>> print(P.MatMul(transpose_b=True)(a, a))
        [[3. 3.]
         [3. 3.]]
    """

    def __init__(self, transpose_a: bool = False, transpose_b: bool = False):
        super().__init__(type(self).__name__)
        set_attrs(self, transpose_a=transpose_a, transpose_b=transpose_b)

    def __call__(self, x, y):
        check_call_attrs(self, transpose_a="bool", transpose_b="bool")
        if type(self) is MatMul and isinstance(x, Tensor) and isinstance(y, Tensor) and (x.ndim != 2 or y.ndim != 2):
            raise ValueError("MatMul inputs should have the same dimension size and equal to 2.")
        return F.matmul_t(x, y, self.transpose_a, self.transpose_b)


class BatchMatMul(MatMul):
    """``ops.BatchMatMul(transpose_a=False, transpose_b=False)(x, y)``: batched matrix products."""


def _reduce_cls(name, fn, doc):
    class _Reduce(Primitive):
        def __init__(self, keep_dims: bool = False, skip_mode: bool = False):
            Primitive.__init__(self, name)
            set_attrs(self, keep_dims=keep_dims)
            if name == "ReduceSum":
                set_attrs(self, skip_mode=skip_mode)
            elif skip_mode is not False:
                raise TypeError(f"{name}.__init__() got an unexpected argument 'skip_mode'.")

        def __call__(self, x, axis=()):
            check_call_attrs(self, keep_dims="bool")
            return fn(x, () if axis is None else axis, self.keep_dims)
    _Reduce.__name__ = _Reduce.__qualname__ = name
    _Reduce.__doc__ = doc
    return _Reduce


ReduceSum = _reduce_cls("ReduceSum", F.reduce_sum, "``ops.ReduceSum(keep_dims=False)(x, axis=())``: the sum over "
                        "``axis`` (all axes when empty).")
ReduceMean = _reduce_cls("ReduceMean", F.reduce_mean, "``ops.ReduceMean(keep_dims=False)(x, axis=())``: the mean.")
ReduceMax = _reduce_cls("ReduceMax", F.reduce_max, "``ops.ReduceMax(keep_dims=False)(x, axis=())``: the maximum.")
ReduceMin = _reduce_cls("ReduceMin", F.reduce_min, "``ops.ReduceMin(keep_dims=False)(x, axis=())``: the minimum.")
ReduceProd = _reduce_cls("ReduceProd", F.reduce_prod, "``ops.ReduceProd(keep_dims=False)(x, axis=())``: the "
                         "product.")
ReduceAll = _reduce_cls("ReduceAll", F.reduce_all, "``ops.ReduceAll(keep_dims=False)(x, axis=())``: logical and.")
ReduceAny = _reduce_cls("ReduceAny", F.reduce_any, "``ops.ReduceAny(keep_dims=False)(x, axis=())``: logical or.")


def _shift_along(x, axis, fill):
    """``x`` moved one step forward along ``axis``, ``fill`` entering at the front (for exclusive scans)."""
    n = x.shape[axis]
    begin = [0] * x.ndim
    size = list(x.shape)
    size[axis] = n - 1
    head = list(x.shape)
    head[axis] = 1
    pad = F.fill(x.dtype, tuple(head), fill)
    return F.concat([pad, F.slice(x, begin, size)], axis) if n > 1 else pad


class CumSum(Primitive):
    """``ops.CumSum(exclusive=False, reverse=False)(input, axis)``: the cumulative sum along ``axis``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import operations as P
        >>> print(P.CumSum(exclusive=True)(ms.Tensor([1., 2., 3.]), 0))
        [0. 1. 3.]
    """
    _fill = 0

    def __init__(self, exclusive: bool = False, reverse: bool = False):
        super().__init__(type(self).__name__)
        set_attrs(self, exclusive=exclusive, reverse=reverse)

    def _scan(self, x, axis):
        return F.cumsum(x, axis)

    def __call__(self, input, axis):
        check_call_attrs(self, exclusive="bool", reverse="bool")
        x = tensor_of(input, self.name)
        if isinstance(axis, Tensor):
            axis = axis.item()
        axis = axis % max(x.ndim, 1)
        if self.reverse:
            x = F.flip(x, axis)
        if self.exclusive:
            x = _shift_along(x, axis, self._fill)
        y = self._scan(x, axis)
        return F.flip(y, axis) if self.reverse else y


class CumProd(CumSum):
    """``ops.CumProd(exclusive=False, reverse=False)(x, axis)``: the cumulative product along ``axis``."""
    _fill = 1

    def _scan(self, x, axis):
        return F.cumprod(x, axis)


class Einsum(Primitive):
    """``ops.Einsum(equation)(inputs)``: Einstein summation over a tuple of Tensors."""

    def __init__(self, equation: str):
        super().__init__("Einsum")
        set_attrs(self, equation=check_str("Einsum", "equation", equation).replace(" ", ""))

    def __call__(self, *inputs):
        if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
            inputs = inputs[0]
        return F.einsum(self.equation, *inputs)


class Cdist(Primitive):
    """``ops.Cdist(p=2.0)(x1, x2)``: p-norm distances between the rows of x1 and x2."""

    def __init__(self, p: float = 2.0):
        super().__init__("Cdist")
        set_attrs(self, p=p)

    def __call__(self, x1, x2):
        check_call_attrs(self, p="float")
        return F.cdist(x1, x2, self.p)


class Logit(Primitive):
    """``ops.Logit(eps=-1.0)(input)``: log(x / (1 - x)); x clipped to [eps, 1 - eps] when eps >= 0."""

    def __init__(self, eps: float = -1.0):
        super().__init__("Logit")
        set_attrs(self, eps=eps)

    def __call__(self, input):
        check_call_attrs(self, eps="float")
        return F.logit(input, None if self.eps < 0 else self.eps)


class LinSpace(Primitive):
    """``ops.LinSpace()(start, stop, num)``: ``num`` evenly spaced values from start to stop."""

    def __init__(self):
        super().__init__("LinSpace")

    def __call__(self, start, stop, num):
        return F.linspace(start, stop, num.item() if isinstance(num, Tensor) else num)


class Roll(Primitive):
    """``ops.Roll(shifts, dims=None)(input)``: elements rolled by ``shifts`` along ``dims``."""

    def __init__(self, shifts, dims=None):
        super().__init__("Roll")
        set_attrs(self, shifts=shifts, dims=dims)

    def __call__(self, input):
        shifts, dims = self.shifts, self.dims
        if isinstance(shifts, (tuple, list)) and isinstance(dims, (tuple, list)) and len(shifts) == 1:
            shifts, dims = shifts[0], dims[0]
        return F.roll(input, shifts, dims)


# ---- the math family added with ops/_special.py and ops/_math_more.py (issue #11) -------------
from .. import _special as _S, _math_more as _MM  # noqa: E402
from .linalg_ops import attr_prim as _attr_prim, _EMPTY  # noqa: E402
from ._utils import check_bool as _cb, check_int as _ci  # noqa: E402

for _n in ("I0", "I0e", "I1", "I1e", "J0", "J1", "K0", "K0e", "K1", "K1e", "Y0", "Y1"):
    globals()["Bessel" + _n] = simple("Bessel" + _n, getattr(_S, "bessel_" + _n.lower()),
                                      f"``ops.Bessel{_n}()(x)``: the Bessel function {_n} elementwise.")
Betainc = simple("Betainc", _S.betainc, "``ops.Betainc()(a, b, x)``: the regularized incomplete beta function.")
Digamma = simple("Digamma", _S.digamma)
Lgamma = simple("Lgamma", _S.lgamma)
Igamma = simple("Igamma", _S.igamma, "``ops.Igamma()(a, x)``: the regularized lower incomplete gamma function.")
Igammac = simple("Igammac", _S.igammac, "``ops.Igammac()(a, x)``: the regularized upper incomplete gamma function.")
Polygamma = simple("Polygamma", _S.polygamma, "``ops.Polygamma()(n, x)``: the n-th derivative of digamma.")
Mvlgamma = _attr_prim("Mvlgamma", {"p": _EMPTY}, lambda self, x: _S.mvlgamma(x, self.p),
                      "``ops.Mvlgamma(p)(x)``: the multivariate log-gamma function.", {"p": _ci})
Zeta = simple("Zeta", _S.zeta, "``ops.Zeta()(x, q)``: the Hurwitz zeta function.")
Sinc = simple("Sinc", _S.sinc)
Gcd = simple("Gcd", _S.gcd)
Lcm = simple("Lcm", _S.lcm)
NextAfter = simple("NextAfter", _S.nextafter)
Rint = simple("Rint", _S.rint, "``ops.Rint()(x)``: round to the nearest integer, halves to even.")
Invert = simple("Invert", _S.invert)
PopulationCount = simple("PopulationCount", _S.population_count)
LeftShift = simple("LeftShift", _S.bitwise_left_shift, "``ops.LeftShift()(x1, x2)``: x1 << x2.")
RightShift = simple("RightShift", _S.bitwise_right_shift, "``ops.RightShift()(x1, x2)``: x1 >> x2.")
NanToNum = _attr_prim("NanToNum", {"nan": None, "posinf": None, "neginf": None},
                      lambda self, x: _S.nan_to_num(x, self.nan, self.posinf, self.neginf),
                      "``ops.NanToNum(nan=None, posinf=None, neginf=None)(x)``.")
IsClose = _attr_prim("IsClose", {"rtol": 1e-05, "atol": 1e-08, "equal_nan": False},
                     lambda self, a, b: _S.isclose(a, b, self.rtol, self.atol, self.equal_nan),
                     "``ops.IsClose(rtol=1e-05, atol=1e-08, equal_nan=False)(input, other)``.",
                     {"rtol": check_float, "atol": check_float, "equal_nan": _cb})
Complex = simple("Complex", _S.complex, "``ops.Complex()(real, imag)``: real + 1j * imag.")
ComplexAbs = simple("ComplexAbs", _S.complex_abs, "``ops.ComplexAbs()(x)``: the modulus of a complex Tensor.")
Conj = simple("Conj", _S.conj)
Real = simple("Real", _S.real)
Imag = simple("Imag", _S.imag)
Angle = simple("Angle", _S.angle)
Polar = simple("Polar", _S.polar)
Cummax = _attr_prim("Cummax", {"axis": _EMPTY}, lambda self, x: _MM.cummax(x, self.axis),
                    "``ops.Cummax(axis)(x)``: running maximum and its Int64 indices.", {"axis": _ci})
Cummin = _attr_prim("Cummin", {"axis": _EMPTY}, lambda self, x: _MM.cummin_int32(x, self.axis),
                    "``ops.Cummin(axis)(x)``: running minimum and its Int32 indices.", {"axis": _ci})


def _axis_value(axis):
    return axis.tolist() if isinstance(axis, Tensor) else axis


CumulativeLogsumexp = _attr_prim(
    "CumulativeLogsumexp", {"exclusive": False, "reverse": False},
    lambda self, x, axis: _MM.logcumsumexp(x, _axis_value(axis), self.exclusive, self.reverse),
    "``ops.CumulativeLogsumexp(exclusive=False, reverse=False)(x, axis)``.", {"exclusive": _cb, "reverse": _cb})
EuclideanNorm = _attr_prim("EuclideanNorm", {"keep_dims": False},
                           lambda self, x, axes: _MM.lp_norm(x, _axis_value(axes), 2, self.keep_dims),
                           "``ops.EuclideanNorm(keep_dims=False)(x, axes)``: sqrt(sum(x**2)) over ``axes``.",
                           {"keep_dims": _cb})
ReduceStd = _attr_prim("ReduceStd", {"axis": [], "unbiased": True, "keep_dims": False},
                       lambda self, x: _MM.reduce_std(x, self.axis, self.unbiased, self.keep_dims),
                       "``ops.ReduceStd(axis=[], unbiased=True, keep_dims=False)(x)``: (std, mean).",
                       {"unbiased": _cb, "keep_dims": _cb})


def _median_call(self, x):
    if self.global_median:
        return _MM.global_median(x, self.keep_dims, self.ignore_nan)
    return (_MM.nanmedian if self.ignore_nan else _MM.median)(x, self.axis, self.keep_dims)


Median = _attr_prim("Median", {"global_median": False, "axis": 0, "keep_dims": False, "ignore_nan": False},
                    _median_call, "``ops.Median(global_median=False, axis=0, keep_dims=False, ignore_nan=False)(x)``: "
                    "(median, index).", {"global_median": _cb, "axis": _ci, "keep_dims": _cb, "ignore_nan": _cb})
Quantile = _attr_prim("Quantile", {"dim": None, "keep_dims": False, "ignore_nan": False},
                      lambda self, x, q: (_MM.nanquantile if self.ignore_nan else _MM.quantile)(
                          x, q, self.dim, self.keep_dims),
                      "``ops.Quantile(dim=None, keep_dims=False, ignore_nan=False)(input, q)``.",
                      {"keep_dims": _cb, "ignore_nan": _cb})
Histogram = _attr_prim("Histogram", {"bins": 100, "min": 0.0, "max": 0.0},
                       lambda self, x: _MM.histc(x, self.bins, self.min, self.max),
                       "``ops.Histogram(bins=100, min=0.0, max=0.0)(x)``: counts in equal bins.",
                       {"bins": _ci, "min": check_float, "max": check_float})
Bincount = simple("Bincount", _MM.bincount_size, "``ops.Bincount()(array, size, weights)``.")
LpNorm = _attr_prim("LpNorm", {"axis": _EMPTY, "p": 2, "keep_dims": False, "epsilon": 1e-12},
                    lambda self, x: _MM.lp_norm(x, self.axis, self.p, self.keep_dims, self.epsilon),
                    "``ops.LpNorm(axis, p=2, keep_dims=False, epsilon=1e-12)(x)``: the p-norm over ``axis``.",
                    {"p": _ci, "keep_dims": _cb, "epsilon": check_float})
Renorm = _attr_prim("Renorm", {"p": _EMPTY, "dim": _EMPTY, "maxnorm": _EMPTY},
                    lambda self, x: _MM.renorm(x, self.p, self.dim, self.maxnorm),
                    "``ops.Renorm(p, dim, maxnorm)(x)``: slices along ``dim`` limited to p-norm ``maxnorm``.",
                    {"p": _ci, "dim": _ci, "maxnorm": check_float})
HistogramFixedWidth = _attr_prim("HistogramFixedWidth", {"nbins": _EMPTY, "dtype": "int32"},
                                 lambda self, x, r: _MM.histogram_fixed_width(x, r, self.nbins, self.dtype),
                                 "``ops.HistogramFixedWidth(nbins, dtype='int32')(x, range)``: fixed-width counts.",
                                 {"nbins": _ci})
del _n
from .linalg_ops import CholeskySolve  # noqa: E402,F401  (MindSpore has it in math_ops)

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)
