"""``mindspore.ops.operations.linalg_ops``: the linear-algebra, FFT and window Primitive classes.

Each class records its constructor arguments as attributes and calls the functional op, so every
op is defined once (in ``ops/_linalg.py``, ``ops/_fft.py``, ``ops/_matdiag.py``)."""
from __future__ import annotations

import inspect
import sys

from ... import _dtype as mstype
from .. import _linalg as L, _fft
from .._primitive import Primitive
from ._utils import check_bool, check_int, check_str, set_attrs, simple

_EMPTY = inspect.Parameter.empty


def attr_prim(name: str, params: dict, call, doc: str, checks: dict | None = None, module: str | None = None):
    """A Primitive class ``name(**params)`` (``params``: argument -> default, ``_EMPTY`` if required)
    whose call is ``call(self, *inputs)``; ``checks`` maps an argument to a validator(prim, arg, value)."""
    sig = inspect.Signature([inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)] + [
        inspect.Parameter(k, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=v) for k, v in params.items()])

    def __init__(self, *args, **kwargs):
        try:
            bound = sig.bind(self, *args, **kwargs)
        except TypeError as e:
            raise TypeError(f"For '{name}', {e}.") from None
        bound.apply_defaults()
        Primitive.__init__(self, name)
        for k, v in list(bound.arguments.items())[1:]:
            if checks and k in checks:
                v = checks[k](name, k, v)
            set_attrs(self, **{k: v})

    __init__.__signature__ = sig
    mod = module or sys._getframe(1).f_globals.get("__name__", __name__)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": call, "__doc__": doc, "__module__": mod,
                                     "__qualname__": name})


_B = {"upper": check_bool}
Cholesky = attr_prim("Cholesky", {"upper": False}, lambda self, x: L.cholesky(x, self.upper),
                     "``ops.Cholesky(upper=False)(input_x)``: the Cholesky factor.", _B)
CholeskyInverse = attr_prim("CholeskyInverse", {"upper": False}, lambda self, x: L.cholesky_inverse(x, self.upper),
                            "``ops.CholeskyInverse(upper=False)(x)``: the inverse from a Cholesky factor.", _B)
CholeskySolve = attr_prim("CholeskySolve", {"upper": False}, lambda self, x1, x2: L.cholesky_solve(x1, x2, self.upper),
                          "``ops.CholeskySolve(upper=False)(x1, x2)``: solve A X = x1 given A's Cholesky factor x2.",
                          _B)
Eig = attr_prim("Eig", {"compute_v": False}, lambda self, x: L.eig_v(x, self.compute_v),
                "``ops.Eig(compute_v=False)(x)``: (eigenvalues, eigenvectors or an empty Tensor).",
                {"compute_v": check_bool})


def _svd_call(self, x):
    if self.compute_uv:
        return L.svd(x, self.full_matrices, True)
    s = L.svd(x, self.full_matrices, False)
    from ..array import zeros
    z = zeros((1,), s.dtype)
    return s, z, z


Svd = attr_prim("Svd", {"full_matrices": False, "compute_uv": True}, _svd_call,
                "``ops.Svd(full_matrices=False, compute_uv=True)(x)``: (s, u, v); u and v are empty [1] "
                "Tensors when ``compute_uv`` is False.", {"full_matrices": check_bool, "compute_uv": check_bool})
Qr = attr_prim("Qr", {"full_matrices": False}, lambda self, x: L.qr(x, "complete" if self.full_matrices else "reduced"),
               "``ops.Qr(full_matrices=False)(x)``: (Q, R).", {"full_matrices": check_bool})
Lstsq = attr_prim("Lstsq", {"fast": True, "l2_regularizer": 0.0}, lambda self, a, b: L.lstsq(a, b),
                  "``ops.Lstsq(fast=True, l2_regularizer=0.0)(matrix, rhs)``: the least-squares solution.",
                  {"fast": check_bool})
LuSolve = simple("LuSolve", L.lu_solve, "``ops.LuSolve()(b, LU_data, LU_pivots)``: solve A X = b from A's LU.")
LuUnpack = attr_prim("LuUnpack", {"unpack_data": True, "unpack_pivots": True},
                     lambda self, lu, piv: L.lu_unpack(lu, piv, self.unpack_data, self.unpack_pivots),
                     "``ops.LuUnpack()(LU_data, LU_pivots)``: (P, L, U).")
MatrixInverse = attr_prim("MatrixInverse", {"adjoint": False}, lambda self, x: L.matrix_inverse(x, self.adjoint),
                          "``ops.MatrixInverse(adjoint=False)(x)``: the matrix inverse.", {"adjoint": check_bool})
MatrixDeterminant = simple("MatrixDeterminant", L.det, "``ops.MatrixDeterminant()(x)``: the determinant.")
LogMatrixDeterminant = simple("LogMatrixDeterminant", L.slogdet,
                              "``ops.LogMatrixDeterminant()(x)``: (sign, log|det|).")
MatrixExp = simple("MatrixExp", L.matrix_exp, "``ops.MatrixExp()(x)``: the matrix exponential.")
MatrixPower = attr_prim("MatrixPower", {"n": _EMPTY}, lambda self, x: L.matrix_power(x, self.n),
                        "``ops.MatrixPower(n)(x)``: x to the integer power n.", {"n": check_int})
MatrixSolve = attr_prim("MatrixSolve", {"adjoint": False}, lambda self, a, b: L.matrix_solve(a, b, self.adjoint),
                        "``ops.MatrixSolve(adjoint=False)(matrix, rhs)``: X with matrix @ X = rhs.",
                        {"adjoint": check_bool})
MatrixTriangularSolve = attr_prim(
    "MatrixTriangularSolve", {"lower": True, "adjoint": False},
    lambda self, a, b: L.matrix_triangular_solve(a, b, self.lower, self.adjoint),
    "``ops.MatrixTriangularSolve(lower=True, adjoint=False)(matrix, rhs)``: a triangular solve.",
    {"lower": check_bool, "adjoint": check_bool})
MatrixBandPart = simple("MatrixBandPart", L.matrix_band_part, "``ops.MatrixBandPart()(x, lower, upper)``.")
_ALIGN = {"align": lambda p, a, v: check_str(p, a, v, ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT"))}
MatrixDiagV3 = attr_prim("MatrixDiagV3", {"align": "RIGHT_LEFT"},
                         lambda self, x, k, r, c, pad: L.matrix_diag(x, k, r, c, pad, self.align),
                         "``ops.MatrixDiagV3(align)(x, k, num_rows, num_cols, padding_value)``.", _ALIGN)
MatrixDiagPartV3 = attr_prim("MatrixDiagPartV3", {"align": "RIGHT_LEFT"},
                             lambda self, x, k, pad: L.matrix_diag_part(x, k, pad, self.align),
                             "``ops.MatrixDiagPartV3(align)(x, k, padding_value)``.", _ALIGN)
MatrixSetDiagV3 = attr_prim("MatrixSetDiagV3", {"align": "RIGHT_LEFT"},
                            lambda self, x, d, k: L.matrix_set_diag(x, d, k, self.align),
                            "``ops.MatrixSetDiagV3(align)(x, diagonal, k)``.", _ALIGN)
Geqrf = simple("Geqrf", L.geqrf, "``ops.Geqrf()(x)``: (Householder vectors, tau).")
Orgqr = simple("Orgqr", L.orgqr, "``ops.Orgqr()(x, tau)``: the explicit Q of a geqrf result.")
Ormqr = attr_prim("Ormqr", {"left": True, "transpose": False},
                  lambda self, x, tau, other: L.ormqr(x, tau, other, self.left, self.transpose),
                  "``ops.Ormqr(left=True, transpose=False)(x, tau, other)``: other times geqrf's Q.",
                  {"left": check_bool, "transpose": check_bool})
Ger = simple("Ger", L.ger, "``ops.Ger()(x1, x2)``: the outer product.")
Cross = attr_prim("Cross", {"dim": -65530}, lambda self, a, b: L.cross(a, b, self.dim),
                  "``ops.Cross(dim=-65530)(x1, x2)``: the cross product (first axis of size 3 by default).",
                  {"dim": check_int})
Pdist = attr_prim("Pdist", {"p": 2.0}, lambda self, x: L.pdist(x, self.p),
                  "``ops.Pdist(p=2.0)(x)``: pairwise row distances.")
TridiagonalMatMul = simple("TridiagonalMatMul", L.tridiagonal_matmul,
                           "``ops.TridiagonalMatMul()(superdiag, maindiag, subdiag, rhs)``.")
ConjugateTranspose = simple("ConjugateTranspose", L.conjugate_transpose,
                            "``ops.ConjugateTranspose()(x, perm)``: conj(transpose(x, perm)).")
FFTWithSize = attr_prim(
    "FFTWithSize", {"signal_ndim": _EMPTY, "inverse": _EMPTY, "real": _EMPTY, "norm": "backward", "onesided": True,
                    "signal_sizes": ()},
    lambda self, x: _fft.fft_with_size(x, self.signal_ndim, self.inverse, self.real, self.norm, self.onesided,
                                       self.signal_sizes),
    "``ops.FFTWithSize(signal_ndim, inverse, real, norm='backward', onesided=True, signal_sizes=())(x)``.",
    {"signal_ndim": check_int, "inverse": check_bool, "real": check_bool,
     "norm": lambda p, a, v: check_str(p, a, v, ("backward", "forward", "ortho"))})


def _window_prim(name, fn, extra=()):
    params = {"periodic": True, **{k: d for k, d in extra}, "dtype": mstype.float32}

    def call(self, window_length):
        kw = {k: getattr(self, k) for k, _ in extra}
        return fn(window_length, self.periodic, **kw, dtype=self.dtype)
    return attr_prim(name, params, call, f"``ops.{name}(periodic=True, ..., dtype=mstype.float32)(window_length)``: "
                                         f"the window of length ``window_length`` (an int Tensor).",
                     {"periodic": check_bool})


BartlettWindow = _window_prim("BartlettWindow", _fft.bartlett_window)
BlackmanWindow = _window_prim("BlackmanWindow", _fft.blackman_window)


def _hamming(window_length, periodic, alpha, beta, dtype):
    from ..._tensor import Tensor
    if isinstance(window_length, Tensor) and window_length.ndim != 1:
        raise ValueError(f"For primitive[HammingWindow], the length dim must be equal to 1, but got "
                         f"{window_length.ndim}.")
    return _fft.hamming_window(window_length, periodic, alpha, beta, dtype=dtype)


HammingWindow = _window_prim("HammingWindow", _hamming, (("alpha", 0.54), ("beta", 0.46)))
MatrixLogarithm = simple("MatrixLogarithm", L.matrix_logarithm,
                         "``ops.MatrixLogarithm()(x)``: the matrix logarithm of complex matrices.")
MatrixSolveLs = attr_prim("MatrixSolveLs", {"fast": True}, lambda self, a, b, l2: L.matrix_solve_ls(a, b, l2),
                         "``ops.MatrixSolveLs(fast=True)(matrix, rhs, l2_regularizer)``: regularized least squares.",
                         {"fast": check_bool})
NuclearNorm = attr_prim("NuclearNorm", {"dim": None, "keepdim": False},
                        lambda self, x: L.nuclear_norm(x, self.dim, self.keepdim),
                        "``ops.NuclearNorm(dim=None, keepdim=False)(x)``: the sum of singular values.",
                        {"keepdim": check_bool})
STFT = attr_prim("STFT", {"n_fft": _EMPTY, "hop_length": _EMPTY, "win_length": _EMPTY, "normalized": _EMPTY,
                          "onesided": _EMPTY, "return_complex": _EMPTY},
                 lambda self, x, window: _fft.stft_prim(x, window, self.n_fft, self.hop_length, self.win_length,
                                                        self.normalized, self.onesided, self.return_complex),
                 "``ops.STFT(n_fft, hop_length, win_length, normalized, onesided, return_complex)(x, window)``.",
                 {"n_fft": check_int, "hop_length": check_int, "win_length": check_int})

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)
