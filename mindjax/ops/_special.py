"""Elementwise special functions (Bessel, gamma family, zeta), bitwise and float helpers, and
complex ops. Forwards are jax (scipy through ``pure_callback`` where jax has no kernel: the
Bessel Y/K family); bprops are "vjp" where jax's derivative is the math, else written with ops."""
from __future__ import annotations

import math as _pymath

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import numpy as np
import scipy.special as ssp

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import binary_args, broadcast_shape, cast, tensor_of
from ._primitive import Op, apply
from . import math as _m

_FLOATS = ("Float16", "Float32", "Float64")
_INTS = ("Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64")


def check_dtype(name: str, x: Tensor, allowed, arg: str = "input") -> Tensor:
    """MindSpore's TypeError when ``x``'s dtype is not one of ``allowed``."""
    if str(x.dtype) not in allowed:
        kinds = ", ".join(f"Tensor[{a}]" for a in allowed)
        raise TypeError(f"For '{name}', the input argument[{arg}] must be a type of {{{kinds}}}, but got "
                        f"Tensor[{x.dtype}].")
    return x


def _float_in(name, x, arg="input", ints_to_f32=False):
    x = tensor_of(x, name)
    if ints_to_f32 and x.dtype.kind in "biu":
        return cast(x, mstype.float32)
    return check_dtype(name, x, _FLOATS, arg)


def _unary(name, fwd, bprop="vjp", ints_to_f32=False, doc=""):
    op = Op(name, fwd, bprop)

    def call(input) -> Tensor:
        return apply(op, (_float_in(name, input, ints_to_f32=ints_to_f32),), {})

    call.__doc__ = doc or f"``ops.{name.lower()}``: elementwise {name} of a float Tensor."
    call.op = op
    return call


# ---- Bessel functions ------------------------------------------------------------------
def _callback(fn):
    """A scipy ufunc as a jax function (runs on host; shapes and dtypes are preserved)."""
    def f(x):
        return jax.pure_callback(lambda a: np.asarray(fn(a), a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method="expand_dims")
    return f


def _grad_of(dfn):
    def bprop(ctx, dout):
        return (_m.mul(dout, dfn(ctx.inputs[0], ctx.out)),)
    return bprop


def _recip(x):
    return _m.reciprocal(x)


bessel_i0 = _unary("BesselI0", jsp.i0, _grad_of(lambda x, o: bessel_i1(x)))
bessel_i1 = _unary("BesselI1", jsp.i1, _grad_of(lambda x, o: _m.sub(bessel_i0(x), _m.mul(o, _recip(x)))))
bessel_i0e = _unary("BesselI0e", jsp.i0e, _grad_of(lambda x, o: _m.sub(bessel_i1e(x), _m.mul(_m.sign(x), o))))
bessel_i1e = _unary("BesselI1e", jsp.i1e, _grad_of(
    lambda x, o: _m.sub(_m.sub(bessel_i0e(x), _m.mul(o, _recip(x))), _m.mul(_m.sign(x), o))))
bessel_j0 = _unary("BesselJ0", _callback(ssp.j0), _grad_of(lambda x, o: _m.neg(bessel_j1(x))))
bessel_j1 = _unary("BesselJ1", _callback(ssp.j1), _grad_of(lambda x, o: _m.sub(bessel_j0(x), _m.mul(o, _recip(x)))))
bessel_y0 = _unary("BesselY0", _callback(ssp.y0), _grad_of(lambda x, o: _m.neg(bessel_y1(x))))
bessel_y1 = _unary("BesselY1", _callback(ssp.y1), _grad_of(lambda x, o: _m.sub(bessel_y0(x), _m.mul(o, _recip(x)))))
bessel_k0 = _unary("BesselK0", _callback(ssp.k0), _grad_of(lambda x, o: _m.neg(bessel_k1(x))))
bessel_k1 = _unary("BesselK1", _callback(ssp.k1), _grad_of(lambda x, o: _m.neg(_m.add(bessel_k0(x),
                                                                                        _m.mul(o, _recip(x))))))
bessel_k0e = _unary("BesselK0e", _callback(ssp.k0e), _grad_of(lambda x, o: _m.sub(o, bessel_k1e(x))))
bessel_k1e = _unary("BesselK1e", _callback(ssp.k1e), _grad_of(
    lambda x, o: _m.sub(_m.mul(o, _m.sub(1, _recip(x))), bessel_k0e(x))))
i0 = bessel_i0

# ---- gamma family ----------------------------------------------------------------------
digamma = _unary("Digamma", jsp.digamma)
lgamma = _unary("Lgamma", jsp.gammaln, ints_to_f32=True)


def _binary_float(name, fwd, arg_names=("input", "other")):
    op = Op(name, lambda a, b, *, dtype: fwd(a.astype(dtype), b.astype(dtype)), "vjp")

    def call(input, other) -> Tensor:
        a, b, dt = binary_args(name, input, other)
        check_dtype(name, a, _FLOATS, arg_names[0])
        check_dtype(name, b, _FLOATS, arg_names[1])
        broadcast_shape(name, a.shape, b.shape)
        return apply(op, (a, b), {"dtype": dt.np})

    call.op = op
    call.__doc__ = f"``ops.{name.lower()}``: elementwise {name} of two float Tensors (broadcast)."
    return call


igamma = _binary_float("Igamma", jsp.gammainc)
igammac = _binary_float("Igammac", jsp.gammaincc)
zeta = _binary_float("Zeta", jsp.zeta)
nextafter = _binary_float("NextAfter", lambda a, b: jax.lax.stop_gradient(jnp.nextafter(a, b)))

_betainc = Op("Betainc", lambda a, b, x: jsp.betainc(jax.lax.stop_gradient(a), jax.lax.stop_gradient(b), x), "vjp")


def betainc(a, b, x) -> Tensor:
    """The regularized incomplete beta function I_x(a, b) (gradient with respect to x only)."""
    a, b, x = (_float_in("Betainc", t, n) for t, n in ((a, "a"), (b, "b"), (x, "x")))
    return apply(_betainc, (a, b, x), {})


_polygamma = Op("Polygamma", lambda n, x: jsp.polygamma(n.astype(jnp.int32), x), "vjp")


def polygamma(n, input) -> Tensor:
    """``ops.polygamma``: the n-th derivative of the digamma function.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.polygamma(ms.Tensor(1, ms.int64), ms.Tensor([1.0])))
        [1.644934]
    """
    x = _float_in("Polygamma", input, "x")
    n = tensor_of(n, "Polygamma")
    if n.dtype.kind not in "iu":
        raise TypeError(f"For 'Polygamma', the input argument[a] must be an int Tensor, but got Tensor[{n.dtype}].")
    return apply(_polygamma, (n, x), {})


_mvlgamma = Op("Mvlgamma", lambda x, *, p: jsp.multigammaln(x, p), "vjp")


def mvlgamma(input, p: int) -> Tensor:
    """``ops.mvlgamma``: the multivariate log-gamma of dimension ``p`` elementwise."""
    x = _float_in("Mvlgamma", input, "x")
    if not isinstance(p, int) or isinstance(p, bool) or p < 1:
        raise ValueError(f"For 'Mvlgamma', the 'p' must be an int greater than or equal to 1, but got {p}.")
    if not isinstance(x._data, jax.core.Tracer) and bool(jnp.any(x._data <= (p - 1) / 2)):
        raise ValueError("For Mvlgamma, all elements of 'x' must be greater than (p-1)/2.")
    return apply(_mvlgamma, (x,), {"p": p})


sinc = _unary("Sinc", jnp.sinc, ints_to_f32=True)


# ---- integer and bitwise ops ---------------------------------------------------------------
def _int_binary(name, fwd, allowed=("Int16", "Int32", "Int64")):
    op = Op(name, lambda a, b, *, dtype: fwd(a.astype(dtype), b.astype(dtype)), None)

    def call(input, other) -> Tensor:
        a, b, dt = binary_args(name, input, other)
        for t in (a, b):
            if str(t.dtype) not in allowed:
                raise TypeError(f"For Primitive[{name}], the type of the input tensor must be [{', '.join(allowed)}]"
                                f", but got {t.dtype}!")
        broadcast_shape(name, a.shape, b.shape)
        return apply(op, (a, b), {"dtype": dt.np})

    call.op = op
    call.__doc__ = f"``ops.{name.lower()}``: elementwise {name} of integer Tensors."
    return call


gcd = _int_binary("Gcd", jnp.gcd)
lcm = _int_binary("Lcm", jnp.lcm)
bitwise_left_shift = _int_binary("LeftShift", jnp.left_shift, _INTS)
bitwise_right_shift = _int_binary("RightShift", jnp.right_shift, _INTS)
_invert = Op("Invert", jnp.invert, None)


def invert(x) -> Tensor:
    """``ops.invert``: bitwise NOT of an integer Tensor."""
    return apply(_invert, (check_dtype("Invert", tensor_of(x, "Invert"), _INTS, "x"),), {})


_popcount = Op("PopulationCount", lambda x: jax.lax.population_count(x).astype(jnp.uint8), None)


def population_count(input_x) -> Tensor:
    """``ops.population_count``: the number of set bits of each element, as UInt8."""
    return apply(_popcount, (check_dtype("PopulationCount", tensor_of(input_x), _INTS, "x"),), {})


rint = _unary("Rint", jnp.rint, _grad_of(lambda x, o: _m.mul(x, 0)))


# ---- float helpers ---------------------------------------------------------------------------
def _promoted(name, fwd, float_result=True, bprop="vjp"):
    """A broadcasting binary op whose integer inputs compute in Float32 (``float_result``)."""
    op = Op(name, lambda a, b, *, dtype: fwd(a.astype(dtype), b.astype(dtype)), bprop)

    def call(input, other) -> Tensor:
        a, b, dt = binary_args(name, input, other)
        if float_result and dt.kind in "biu":
            dt = mstype.float32
        broadcast_shape(name, a.shape, b.shape)
        return apply(op, (a, b), {"dtype": dt.np})

    call.op = op
    return call


copysign = _promoted("CopySign", jnp.copysign)
hypot = _promoted("Hypot", jnp.hypot)
logaddexp2 = _promoted("LogAddExp2", jnp.logaddexp2)
fmax = _promoted("Fmax", jnp.fmax, False)
fmin = _promoted("Fmin", jnp.fmin, False)
fmod = _promoted("FMod", jnp.fmod, False)
heaviside = _promoted("Heaviside", lambda x, v: jnp.where(x == 0, v, (x > 0).astype(x.dtype)), False)
xdivy = _promoted("Xdivy", lambda x, y: jnp.where(x == 0, jnp.zeros_like(x), x / y))
_ldexp = _promoted("Ldexp", lambda x, e: x * jnp.exp2(e))
exp2 = _unary("Exp2", jnp.exp2, ints_to_f32=True)


def ldexp(x, other) -> Tensor:
    """``ops.ldexp``: ``x * 2**other``."""
    return _ldexp(x, other)


_float_power = Op("FloatPower", lambda a, b, *, dtype: jnp.power(a.astype(dtype), b.astype(dtype)), "vjp")


def float_power(input, exponent) -> Tensor:
    """``ops.float_power``: the power computed in Float64 (Complex128 for complex inputs)."""
    a, b = tensor_of(input, "float_power"), tensor_of(exponent, "float_power")
    dt = np.complex128 if "c" in (a.dtype.kind, b.dtype.kind) else np.float64
    return apply(_float_power, (a, b), {"dtype": dt})


_frac = Op("Frac", lambda x: x - jnp.trunc(x) if jnp.issubdtype(x.dtype, jnp.inexact) else jnp.zeros_like(x),
           _grad_of(lambda x, o: _m.ones_like_(x)))


def frac(x) -> Tensor:
    """``ops.frac``: the fractional part ``x - trunc(x)`` (0 for integers)."""
    return apply(_frac, (tensor_of(x, "Frac"),), {})


_deg = Op("Deg2Rad", lambda x, *, k: x * jnp.asarray(k, x.dtype), "vjp")


def _angle_conv(name, k):
    def call(x) -> Tensor:
        x = tensor_of(x, name)
        if str(x.dtype) not in _FLOATS:
            raise TypeError(f"For '{name}', the 'x' should be one of [mindspore.float16, mindspore.float32, "
                            f"mindspore.float64], but got 'mindspore.{str(x.dtype).lower()}'.")
        return apply(_deg, (x,), {"k": k})
    call.__doc__ = f"``ops.{name}``: angles converted by the factor {k}."
    return call


deg2rad = _angle_conv("deg2rad", _pymath.pi / 180.0)
rad2deg = _angle_conv("rad2deg", 180.0 / _pymath.pi)


def positive(input) -> Tensor:
    """``ops.positive``: ``input`` itself (a TypeError for bool)."""
    x = tensor_of(input, "positive")
    if x.dtype == mstype.bool_:
        raise TypeError("For 'positive', the input cannot be a bool Tensor.")
    return x


_nan_to_num = Op("NanToNum", lambda x, *, nan, posinf, neginf: jnp.nan_to_num(x, nan=nan, posinf=posinf,
                                                                              neginf=neginf), "vjp")


def nan_to_num(input, nan=None, posinf=None, neginf=None) -> Tensor:
    """``ops.nan_to_num``: NaN, +inf and -inf replaced (defaults: 0 and the dtype's extremes)."""
    x = check_dtype("NanToNum", tensor_of(input, "NanToNum"), _FLOATS)
    return apply(_nan_to_num, (x,), {"nan": 0.0 if nan is None else float(nan),
                                     "posinf": None if posinf is None else float(posinf),
                                     "neginf": None if neginf is None else float(neginf)})


_isclose = Op("IsClose", lambda a, b, *, rtol, atol, equal_nan: jnp.isclose(a, b, rtol, atol, equal_nan), None)


def isclose(input, other, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Tensor:
    """``ops.isclose``: ``|input - other| <= atol + rtol * |other|`` elementwise."""
    a, b, dt = binary_args("IsClose", input, other)
    return apply(_isclose, (cast(a, dt), cast(b, dt)), {"rtol": float(rtol), "atol": float(atol),
                                                        "equal_nan": bool(equal_nan)})


def _pred(name, fn):
    op = Op(name, fn, None)

    def call(input) -> Tensor:
        return apply(op, (tensor_of(input, name),), {})
    call.__doc__ = f"``ops.{name}``: an elementwise predicate (Bool Tensor)."
    return call


isneginf = _pred("isneginf", jnp.isneginf)
isposinf = _pred("isposinf", jnp.isposinf)
isreal = _pred("isreal", jnp.isreal)
signbit = _pred("signbit", jnp.signbit)
sgn = _unary("Sgn", lambda x: jnp.sign(x), _grad_of(lambda x, o: _m.mul(x, 0)), ints_to_f32=False)


def is_complex(input) -> bool:
    """``ops.is_complex``: whether ``input`` has a complex dtype."""
    return tensor_of(input, "is_complex").dtype.kind == "c"


def is_floating_point(input) -> bool:
    """``ops.is_floating_point``: whether ``input`` has a floating dtype."""
    return tensor_of(input, "is_floating_point").dtype.kind == "f"


_approx = Op("ApproximateEqual", lambda a, b, *, tol: jnp.abs(a - b) < tol, None)


def approximate_equal(x, y, tolerance: float = 1e-05) -> Tensor:
    """``ops.approximate_equal``: ``|x - y| < tolerance`` elementwise."""
    a, b, dt = binary_args("ApproximateEqual", x, y)
    if tuple(a.shape) != tuple(b.shape):  # no broadcasting, as MindSpore's kernel (its C++ shape style)
        shp = (lambda t: "(" + ", ".join(str(d) for d in t.shape) + ")")
        raise RuntimeError(f"For 'ApproximateEqual', arg 'x1' must have the same shape as 'x2'. But got 'x1' shape: "
                           f"{shp(a)}, 'x2' shape: {shp(b)}.")
    if a.ndim >= 8:
        raise RuntimeError(f"For 'ApproximateEqual', the x's rank should be less than 8, but got: {a.ndim}")
    return apply(_approx, (cast(a, dt), cast(b, dt)), {"tol": float(tolerance)})


# ---- complex ---------------------------------------------------------------------------------
_complex = Op("Complex", lambda r, i: jax.lax.complex(r, i), "vjp")


def complex(real, imag) -> Tensor:  # noqa: A001 - MindSpore's name
    """``ops.Complex()(real, imag)``: the complex Tensor ``real + 1j * imag``."""
    r, i = tensor_of(real, "Complex"), tensor_of(imag, "Complex")
    check_dtype("Complex", r, ("Float32", "Float64"), "real")
    if r.dtype != i.dtype:
        raise TypeError(f"For 'Complex', the dtypes of 'real' and 'imag' must be the same, but got {r.dtype} and "
                        f"{i.dtype}.")
    return apply(_complex, (r, i), {})


def _complex_unary(name, fn, real_ok=None):
    op = Op(name, fn, "vjp")

    def call(input) -> Tensor:
        x = tensor_of(input, name)
        if x.dtype.kind != "c":
            if real_ok is None:
                raise TypeError(f"For '{name}', the input must be a complex Tensor, but got Tensor[{x.dtype}].")
            return real_ok(x)
        return apply(op, (x,), {})
    call.op = op
    call.__doc__ = f"``ops.{name.lower()}`` of a complex Tensor."
    return call


conj = _complex_unary("Conj", jnp.conj, lambda x: x)
real = _complex_unary("Real", jnp.real, lambda x: x)
imag = _complex_unary("Imag", jnp.imag, lambda x: _m.zeros_like_(x))
angle = _complex_unary("Angle", jnp.angle)
complex_abs = _complex_unary("ComplexAbs", jnp.abs)
_polar = Op("Polar", lambda a, t: jax.lax.complex(a * jnp.cos(t), a * jnp.sin(t)), "vjp")


def polar(abs, angle) -> Tensor:  # noqa: A002
    """``ops.polar``: the complex Tensor ``abs * (cos(angle) + 1j * sin(angle))``."""
    a, t = tensor_of(abs, "Polar"), tensor_of(angle, "Polar")
    check_dtype("Polar", a, ("Float32", "Float64"), "abs")
    return apply(_polar, (a, cast(t, a.dtype)), {})


_view_as_real = Op("ViewAsReal", lambda x: jnp.stack([jnp.real(x), jnp.imag(x)], -1), "vjp")


def view_as_real(input) -> Tensor:
    """``ops.view_as_real``: a complex Tensor as its real and imaginary parts on a new last axis."""
    x = tensor_of(input, "view_as_real")
    if x.dtype.kind != "c":
        raise TypeError(f"For 'view_as_real', the input must be a complex Tensor, but got {x.dtype}.")
    return apply(_view_as_real, (x,), {})


__all__ = ["bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1",
           "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "i0", "digamma", "lgamma", "igamma", "igammac",
           "zeta", "nextafter", "polygamma", "mvlgamma", "sinc", "gcd", "lcm", "bitwise_left_shift",
           "bitwise_right_shift", "invert", "population_count", "copysign", "hypot", "logaddexp2", "fmax", "fmin",
           "fmod", "heaviside", "xdivy", "ldexp", "exp2", "float_power", "frac", "deg2rad", "rad2deg", "positive",
           "nan_to_num", "isclose", "isneginf", "isposinf", "isreal", "signbit", "sgn", "is_complex",
           "is_floating_point", "approximate_equal", "conj", "real", "imag", "angle", "polar", "view_as_real"]
