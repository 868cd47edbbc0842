"""Elementwise math, comparisons and matrix products: forward with jax, bprop with ops."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import binary_args, broadcast_shape, cast, sum_to, tensor_of, broadcast_to
from ._primitive import Op, apply
from .._autograd.saved import args_read

_NO_GRAD_KINDS = "b"


# ---- binary arithmetic ---------------------------------------------------------------
def _formula_saves(grad, n_in: int):
    """A node's ``saves`` for a gradient formula ``grad(*inputs, out, dout, ...)``: the inputs and the
    output it reads (the bprop itself reads only the inputs' shapes and dtypes)."""
    code = getattr(grad, "__code__", None)
    if code is None or code.co_argcount < n_in + 1:
        return None
    flags = args_read(grad, code.co_varnames[:n_in + 1])
    return (flags[:n_in], flags[n_in])


def _binary(name, jfn, grad=None):
    """An elementwise binary op that casts both inputs to the promoted dtype ``dtype``."""

    def forward(x, y, *, dtype):
        return jfn(x.astype(dtype), y.astype(dtype))

    def bprop(ctx, dout):
        x, y = ctx.inputs
        gx, gy = grad(x, y, ctx.out, dout, ctx.needs)
        return (None if gx is None else cast(sum_to(gx, x.shape), x.dtype),
                None if gy is None else cast(sum_to(gy, y.shape), y.dtype))

    op = Op(name, forward, bprop if grad else None, saves=_formula_saves(grad, 2) if grad else None)

    def call(x, y):
        x, y, dt = binary_args(name, x, y)
        if x.shape != y.shape:
            broadcast_shape(name, x.shape, y.shape)
        return apply(op, (x, y), {"dtype": dt.np})

    call.__name__ = name.lower()
    call.op = op
    return call


def _cmp(name, jfn):
    def forward(x, y, *, dtype):
        return jfn(x.astype(dtype), y.astype(dtype))

    op = Op(name, forward, None)

    def call(x, y):
        x, y, dt = binary_args(name, x, y)
        if x.shape != y.shape:
            broadcast_shape(name, x.shape, y.shape)
        return apply(op, (x, y), {"dtype": dt.np})

    call.op = op
    return call


add = _binary("Add", jnp.add, lambda x, y, o, d, n: (d, d))
sub = _binary("Sub", jnp.subtract, lambda x, y, o, d, n: (d, neg(d) if n[1] else None))
mul = _binary("Mul", jnp.multiply, lambda x, y, o, d, n: (mul(d, y) if n[0] else None,
                                                           mul(d, x) if n[1] else None))
maximum = _binary("Maximum", jnp.maximum, lambda x, y, o, d, n: (
    mul(d, cast(greater_equal(x, y), d.dtype)), mul(d, cast(less(x, y), d.dtype))))
minimum = _binary("Minimum", jnp.minimum, lambda x, y, o, d, n: (
    mul(d, cast(less_equal(x, y), d.dtype)), mul(d, cast(greater(x, y), d.dtype))))
squared_difference = _binary("SquaredDifference", lambda a, b: jnp.square(a - b), lambda x, y, o, d, n: (
    mul(mul(d, 2), sub(x, y)), mul(mul(d, -2), sub(x, y))))
atan2 = _binary("Atan2", jnp.arctan2, lambda x, y, o, d, n: (
    div(mul(d, y), add(mul(x, x), mul(y, y))), div(mul(neg(d), x), add(mul(x, x), mul(y, y)))))
floor_div = _binary("FloorDiv", lambda a, b: jnp.floor_divide(a, b), lambda x, y, o, d, n: (None, None))
floor_mod = _binary("FloorMod", jnp.mod, lambda x, y, o, d, n: (d, mul(neg(d), floor_div(x, y)) if n[1] else None))
truncate_div = _binary("TruncateDiv", lambda a, b: jnp.trunc(a / b).astype(a.dtype) if a.dtype.kind in "iu"
                       else jnp.trunc(a / b), lambda x, y, o, d, n: (None, None))
truncate_mod = _binary("TruncateMod", jnp.fmod, lambda x, y, o, d, n: (
    d, mul(neg(d), truncate_div(x, y)) if n[1] else None))


def _div_grad(x, y, o, d, n):
    gx = div(d, y) if n[0] else None
    gy = neg(mul(gx if gx is not None else div(d, y), o)) if n[1] else None
    return gx, gy


_real_div = _binary("RealDiv", jnp.true_divide, _div_grad)


def div(x, y, rounding_mode=None) -> Tensor:
    """``ops.div``: true division (``rounding_mode`` None), or 'floor' / 'trunc' division.

    Integer inputs divide to Float32, as in MindSpore.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.div(ms.Tensor([3, 4]), ms.Tensor([2, 2])))
        [1.5 2. ]
    """
    if rounding_mode == "floor":
        return floor_div(x, y)
    if rounding_mode == "trunc":
        return truncate_div(x, y)
    if rounding_mode is not None:
        raise ValueError(f"For 'div', 'rounding_mode' must be None, 'floor' or 'trunc', but got {rounding_mode!r}.")
    x, y = _float_pair(x, y)
    return _real_div(x, y)


def _float_pair(x, y):
    """True division makes floats: integer/bool operands become Float32 first."""
    xt, yt = isinstance(x, Tensor), isinstance(y, Tensor)
    xi = (x.dtype.kind in "biu") if xt else isinstance(x, (bool, int))
    yi = (y.dtype.kind in "biu") if yt else isinstance(y, (bool, int))
    if xi and yi:
        x = cast(tensor_of(x), mstype.float32)
        y = cast(tensor_of(y), mstype.float32)
    return x, y


def _pow_grad(x, y, o, d, n):
    gx = mul(d, mul(y, pow(x, sub(y, 1)))) if n[0] else None
    gy = None
    if n[1]:
        safe = select(greater(x, 0), x, ones_like_(x))
        gy = mul(d, mul(o, log(safe)))
    return gx, gy


pow = _binary("Pow", jnp.power, _pow_grad)
power = pow

equal = _cmp("Equal", jnp.equal)
not_equal = _cmp("NotEqual", jnp.not_equal)
greater = _cmp("Greater", jnp.greater)
greater_equal = _cmp("GreaterEqual", jnp.greater_equal)
less = _cmp("Less", jnp.less)
less_equal = _cmp("LessEqual", jnp.less_equal)
gt, ge, lt, le, eq, ne = greater, greater_equal, less, less_equal, equal, not_equal


def _logical(name, jfn):
    op = Op(name, lambda x, y: jfn(x.astype(bool), y.astype(bool)), None)

    def call(x, y):
        x, y = tensor_of(x, name), tensor_of(y, name)
        broadcast_shape(name, x.shape, y.shape)
        return apply(op, (x, y), {})
    return call


logical_and = _logical("LogicalAnd", jnp.logical_and)
logical_or = _logical("LogicalOr", jnp.logical_or)
logical_xor = _logical("LogicalXor", jnp.logical_xor)
_logical_not = Op("LogicalNot", lambda x: jnp.logical_not(x.astype(bool)), None)


def logical_not(x) -> Tensor:
    return apply(_logical_not, (tensor_of(x, "LogicalNot"),), {})


def _bitwise(name, jfn):
    op = Op(name, lambda x, y, *, dtype: jfn(x.astype(dtype), y.astype(dtype)), None)

    def call(x, y):
        x, y, dt = binary_args(name, x, y)
        if x.shape != y.shape:
            broadcast_shape(name, x.shape, y.shape)
        return apply(op, (x, y), {"dtype": dt.np})
    return call


bitwise_and = _bitwise("BitwiseAnd", jnp.bitwise_and)
bitwise_or = _bitwise("BitwiseOr", jnp.bitwise_or)
bitwise_xor = _bitwise("BitwiseXor", jnp.bitwise_xor)


# ---- unary ------------------------------------------------------------------------------
def _unary(name, jfn, grad=None, float_only=False):
    """An elementwise unary op; ``grad(x, out, dout)`` gives the input gradient."""

    def bprop(ctx, dout):
        return (grad(ctx.inputs[0], ctx.out, dout),)

    op = Op(name, jfn, bprop if grad else None, saves=_formula_saves(grad, 1) if grad else None)

    def call(x):
        x = tensor_of(x, name)
        if float_only and x.dtype.kind in "biu":
            x = cast(x, mstype.float32)
        return apply(op, (x,), {})

    call.__name__ = name.lower()
    call.op = op
    return call


neg = _unary("Neg", jnp.negative, lambda x, o, d: neg(d))
abs = _unary("Abs", jnp.abs, lambda x, o, d: mul(d, sign(x)))
exp = _unary("Exp", jnp.exp, lambda x, o, d: mul(d, o), float_only=True)
expm1 = _unary("Expm1", jnp.expm1, lambda x, o, d: mul(d, add(o, 1)), float_only=True)
log = _unary("Log", jnp.log, lambda x, o, d: div(d, x), float_only=True)
log1p = _unary("Log1p", jnp.log1p, lambda x, o, d: div(d, add(x, 1)), float_only=True)
log2 = _unary("Log2", jnp.log2, lambda x, o, d: div(d, mul(x, 0.6931471805599453)), float_only=True)
log10 = _unary("Log10", jnp.log10, lambda x, o, d: div(d, mul(x, 2.302585092994046)), float_only=True)
sqrt = _unary("Sqrt", jnp.sqrt, lambda x, o, d: div(d, mul(o, 2)), float_only=True)
rsqrt = _unary("Rsqrt", jax.lax.rsqrt, lambda x, o, d: mul(d, mul(pow(o, 3), -0.5)), float_only=True)
square = _unary("Square", jnp.square, lambda x, o, d: mul(d, mul(x, 2)))
reciprocal = _unary("Reciprocal", jnp.reciprocal, lambda x, o, d: neg(mul(d, mul(o, o))), float_only=True)
sin = _unary("Sin", jnp.sin, lambda x, o, d: mul(d, cos(x)), float_only=True)
cos = _unary("Cos", jnp.cos, lambda x, o, d: neg(mul(d, sin(x))), float_only=True)
tan = _unary("Tan", jnp.tan, lambda x, o, d: mul(d, add(mul(o, o), 1)), float_only=True)
sinh = _unary("Sinh", jnp.sinh, lambda x, o, d: mul(d, cosh(x)), float_only=True)
cosh = _unary("Cosh", jnp.cosh, lambda x, o, d: mul(d, sinh(x)), float_only=True)
tanh = _unary("Tanh", jnp.tanh, lambda x, o, d: mul(d, sub(1, mul(o, o))), float_only=True)
asin = _unary("Asin", jnp.arcsin, lambda x, o, d: mul(d, rsqrt(sub(1, mul(x, x)))), float_only=True)
acos = _unary("ACos", jnp.arccos, lambda x, o, d: neg(mul(d, rsqrt(sub(1, mul(x, x))))), float_only=True)
atan = _unary("Atan", jnp.arctan, lambda x, o, d: div(d, add(mul(x, x), 1)), float_only=True)
asinh = _unary("Asinh", jnp.arcsinh, lambda x, o, d: mul(d, rsqrt(add(mul(x, x), 1))), float_only=True)
acosh = _unary("Acosh", jnp.arccosh, lambda x, o, d: mul(d, rsqrt(sub(mul(x, x), 1))), float_only=True)
atanh = _unary("Atanh", jnp.arctanh, lambda x, o, d: div(d, sub(1, mul(x, x))), float_only=True)
sigmoid = _unary("Sigmoid", jax.nn.sigmoid, lambda x, o, d: mul(d, mul(o, sub(1, o))), float_only=True)
erf = _unary("Erf", jsp.erf, lambda x, o, d: mul(d, mul(exp(neg(mul(x, x))), 1.1283791670955126)),
             float_only=True)
erfc = _unary("Erfc", jsp.erfc, lambda x, o, d: mul(d, mul(exp(neg(mul(x, x))), -1.1283791670955126)),
              float_only=True)
erfinv = _unary("Erfinv", jsp.erfinv, lambda x, o, d: mul(d, mul(exp(mul(o, o)), 0.886226925452758)),
                float_only=True)
_zero_grad = lambda x, o, d: mul(d, 0)  # noqa: E731  piecewise-constant functions
floor = _unary("Floor", jnp.floor, _zero_grad)
ceil = _unary("Ceil", jnp.ceil, _zero_grad)
round = _unary("Round", jnp.round, _zero_grad)
trunc = _unary("Trunc", jnp.trunc, _zero_grad)
sign = _unary("Sign", jnp.sign, _zero_grad)
isnan = _unary("IsNan", jnp.isnan)
isinf = _unary("IsInf", jnp.isinf)
isfinite = _unary("IsFinite", jnp.isfinite)
_ones_like = Op("OnesLike", jnp.ones_like, None)
_zeros_like = Op("ZerosLike", jnp.zeros_like, None)


def ones_like_(x) -> Tensor:
    return apply(_ones_like, (tensor_of(x),), {})


def zeros_like_(x) -> Tensor:
    return apply(_zeros_like, (tensor_of(x),), {})


# ---- select ------------------------------------------------------------------------------
def _select_fwd(c, x, y, *, dtype):
    return jnp.where(c.astype(bool), x.astype(dtype), y.astype(dtype))


def _select_bprop(ctx, dout):
    c, x, y = ctx.inputs
    z = zeros_like_(dout)
    gx = cast(sum_to(select(c, dout, z), x.shape), x.dtype) if ctx.needs[1] else None
    gy = cast(sum_to(select(c, z, dout), y.shape), y.dtype) if ctx.needs[2] else None
    return None, gx, gy


_select = Op("Select", _select_fwd, _select_bprop)


def select(cond, x, y) -> Tensor:
    """``ops.select``: elements of ``x`` where ``cond`` is True, else of ``y``.

    Examples:
        >>> import mindjax as ms
        >>> c = ms.Tensor([True, False])
        >>> print(ms.ops.select(c, ms.Tensor([1., 2.]), ms.Tensor([3., 4.])))
        [1. 4.]
    """
    cond = tensor_of(cond, "Select")
    x, y, dt = binary_args("Select", x, y)
    shape = broadcast_shape("Select", broadcast_shape("Select", cond.shape, x.shape), y.shape)
    del shape
    return apply(_select, (cond, x, y), {"dtype": dt.np})


def where(condition, x=None, y=None):
    if x is None and y is None:
        from .array import nonzero
        return nonzero(condition, as_tuple=True)
    return select(condition, x, y)


# ---- matrix products -------------------------------------------------------------------
def _matmul_fwd(a, b, *, dtype, ta, tb):
    a, b = a.astype(dtype), b.astype(dtype)
    if ta:
        a = jnp.swapaxes(a, -1, -2)
    if tb:
        b = jnp.swapaxes(b, -1, -2)
    return jnp.matmul(a, b)


def _matmul_bprop(ctx, dout):
    a, b = ctx.inputs
    at = ctx.attrs[1]
    ta, tb = at["ta"], at["tb"]
    ga = gb = None
    if a.ndim == 1 or b.ndim == 1:  # vector cases: go through the 2-D formula
        a2 = a.reshape((1, -1)) if a.ndim == 1 else a
        b2 = b.reshape((-1, 1)) if b.ndim == 1 else b
        d2 = dout.reshape(_mm_shape(a2, b2, ta, tb))
        ga, gb = _mm_grads(a2, b2, d2, ta, tb, ctx.needs)
        ga = None if ga is None else sum_to(ga, a2.shape).reshape(a.shape)
        gb = None if gb is None else sum_to(gb, b2.shape).reshape(b.shape)
    else:
        ga, gb = _mm_grads(a, b, dout, ta, tb, ctx.needs)
    return (None if ga is None else cast(sum_to(ga, a.shape), a.dtype),
            None if gb is None else cast(sum_to(gb, b.shape), b.dtype))


def _mm_shape(a, b, ta, tb):
    m = a.shape[-1] if ta else a.shape[-2]
    n = b.shape[-2] if tb else b.shape[-1]
    lead = tuple(jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2]))
    return lead + (m, n)


def _mm_grads(a, b, d, ta, tb, needs):
    ga = gb = None
    # C = op(A) @ op(B):  dop(A) = D @ op(B)^T,  dop(B) = op(A)^T @ D
    if needs[0]:
        ga = matmul_t(b, d, tb, True) if ta else matmul_t(d, b, False, not tb)
    if needs[1]:
        gb = matmul_t(d, a, True, ta) if tb else matmul_t(a, d, not ta, False)
    return ga, gb


_matmul = Op("MatMul", _matmul_fwd, _matmul_bprop)


def matmul_t(a, b, transpose_a=False, transpose_b=False, _name: str = "MatMul") -> Tensor:
    """``op(a) @ op(b)``, ``op`` transposing the last two axes where asked. Two Tensors of different
    dtypes are refused (MindSpore's MatMul does not promote: a float16 input against float32 weights
    is a TypeError, not a silent float32 result)."""
    if isinstance(a, Tensor) and isinstance(b, Tensor) and a.dtype != b.dtype:
        raise TypeError(f"For '{_name}', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                        f"Tensor[{a.dtype}] and 'x2' with type Tensor[{b.dtype}].")
    a, b, dt = binary_args("MatMul", a, b)
    ka = a.shape[-2] if transpose_a and a.ndim > 1 else a.shape[-1] if a.ndim else None
    kb = (b.shape[-1] if transpose_b else b.shape[-2]) if b.ndim > 1 else b.shape[0] if b.ndim else None
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError(f"For 'MatMul', the inputs must be at least 1-D, but got shapes {list(a.shape)} "
                         f"and {list(b.shape)}.")
    if ka != kb:
        raise ValueError(f"For 'MatMul', the input dimensions must be equal, but got 'x1_col': {ka} and "
                         f"'x2_row': {kb}. And 'x' shape {list(a.shape)}(transpose_a={transpose_a}), "
                         f"'y' shape {list(b.shape)}(transpose_b={transpose_b}).")
    return apply(_matmul, (a, b), {"dtype": dt.np, "ta": bool(transpose_a), "tb": bool(transpose_b)})


def matmul(input, other) -> Tensor:
    """``ops.matmul``: the matrix product, with numpy's broadcasting rules.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> print(ms.ops.matmul(ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(np.ones((3,), np.float32))))
        [3. 3.]
    """
    return matmul_t(input, other, _name="MatMulExt")


def bmm(input, mat2) -> Tensor:
    return matmul_t(input, mat2)


def mm(input, mat2) -> Tensor:
    return matmul_t(input, mat2)


def addmm(input, mat1, mat2, *, beta=1, alpha=1) -> Tensor:
    return add(mul(input, beta), mul(matmul(mat1, mat2), alpha))


def outer(a, b) -> Tensor:
    return mul(a.reshape((-1, 1)), b.reshape((1, -1)))


def lerp(start, end, weight) -> Tensor:
    return add(start, mul(weight, sub(end, start)))


def clamp(x, min=None, max=None) -> Tensor:
    """``ops.clamp``: elements of ``x`` limited to [min, max]."""
    if min is None and max is None:
        raise ValueError("For 'clamp', at least one of 'min' and 'max' must not be None.")
    if min is not None:
        x = maximum(x, min)
    if max is not None:
        x = minimum(x, max)
    return x


clip = clamp


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """``ops.clip_by_value``: ``x`` limited to [clip_value_min, clip_value_max], the bounds cast to
    ``x``'s dtype first (so the result keeps ``x``'s dtype); ``x`` may be a list or tuple of Tensors,
    each clipped (a tuple comes back). Where min > max every element becomes max.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.clip_by_value(ms.Tensor([1., 5., 9.]), clip_value_max=ms.Tensor(4.0)))
        [1. 4. 4.]
    """
    if clip_value_min is None and clip_value_max is None:
        raise ValueError("For 'clip_by_value', at least one of 'clip_value_min' or 'clip_value_max' must "
                         "not be None")
    for name, v in (("clip_value_min", clip_value_min), ("clip_value_max", clip_value_max)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (Tensor, int, float))):
            raise TypeError(f"For 'clip_by_value', the type of '{name}' must be None, Tensor, float or int, "
                            f"but got {type(v).__name__}.")

    def one(t):
        if not isinstance(t, Tensor):
            raise TypeError("For 'clip_by_value', the type of argument 'x' must be Tensor or tuple[Tensor] or "
                            f"list[Tensor], but got {type(t).__name__}.")
        out = t
        if clip_value_min is not None:
            out = maximum(out, cast(tensor_of(clip_value_min), t.dtype))
        if clip_value_max is not None:
            out = minimum(out, cast(tensor_of(clip_value_max), t.dtype))
        return out

    if isinstance(x, (list, tuple)):
        return tuple(one(t) for t in x)  # a list in, a tuple out (as MindSpore)
    return one(x)


def addn(inputs) -> Tensor:
    out = inputs[0]
    for t in inputs[1:]:
        out = add(out, t)
    return out


def xlogy(x, y) -> Tensor:
    return mul(x, log(y))


def logaddexp(x, y) -> Tensor:
    m = maximum(x, y)
    return add(m, log(add(exp(sub(x, m)), exp(sub(y, m)))))


def square_sum(x) -> Tensor:
    from .reduction import sum as _sum
    return _sum(square(x))


def broadcast(x, shape):
    return broadcast_to(x, shape)


def _logit_fwd(x, *, eps):
    if eps is not None:
        x = jnp.clip(x, eps, 1 - eps)
    return jnp.log(x / (1 - x))


_logit = Op("Logit", _logit_fwd, "vjp")


def logit(input, eps=None) -> Tensor:
    """``ops.logit``: log(x / (1 - x)), with x clipped to [eps, 1 - eps] when ``eps`` is given."""
    x = tensor_of(input, "Logit")
    if x.dtype.kind not in "f":
        raise TypeError(f"For 'Logit', the 'input' must be a float Tensor, but got {x.dtype}.")
    return apply(_logit, (x,), {"eps": None if eps is None else float(eps)})


_einsum = Op("Einsum", lambda *xs, equation: jnp.einsum(equation, *xs, precision="highest"), "vjp")


def einsum(equation, *operands) -> Tensor:
    """``ops.einsum``: Einstein summation over the operands, as ``numpy.einsum``."""
    if not isinstance(equation, str):
        raise TypeError(f"For 'Einsum', the 'equation' must be a str, but got {type(equation).__name__}.")
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = operands[0]
    ts = [tensor_of(t, "Einsum") for t in operands]
    return apply(_einsum, tuple(ts), {"equation": equation.replace(" ", "")})
