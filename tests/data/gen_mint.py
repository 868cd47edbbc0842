"""Record MindSpore 2.10's ``mindspore.mint`` (functions, ``mint.nn`` Cells, ``mint.nn.functional``
and ``mint.optim``) for tests/mint/.

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_mint.py

It writes tests/data/ms_mint.json. Each function case holds the module, the name, the encoded
positional and keyword arguments, and either the output (shape, dtype, values; for random ops
only shape and dtype) with the gradient of ``sum(out * cot)`` w.r.t. the float inputs where
asked, or the exception class MindSpore raised. Each Cell case holds the constructor arguments,
the Parameters' names, shapes and the values set into them, the forward output and the
gradients w.r.t. the input and the Parameters. Each optimizer case holds three steps.
"""
import json
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, mint
import mindspore.mint.nn as mnn
import mindspore.mint.nn.functional as mF
import mindspore.mint.optim as moptim

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
HERE = Path(__file__).resolve().parent
rng = np.random.default_rng(20261122)
import mindspore.mint.linalg as mlinalg  # noqa: E402
import mindspore.mint.special as mspecial  # noqa: E402
MODS = {"mint": mint, "mint.nn.functional": mF, "mint.nn": mnn, "mint.linalg": mlinalg, "mint.special": mspecial}


class A:
    """An array input: encoded as a tensor argument."""

    def __init__(self, a):
        self.a = np.asarray(a)


def f(*shape, lo=-2.0, hi=2.0, dt="float32"):
    return A(np.round(rng.uniform(lo, hi, shape), 3).astype(dt))


def pos(*shape, dt="float32"):
    return f(*shape, lo=0.2, hi=2.0, dt=dt)


def unit(*shape):
    return f(*shape, lo=-0.9, hi=0.9)


def i(*shape, lo=0, hi=5, dt="int64"):
    return A(rng.integers(lo, hi, shape).astype(dt))


def b(*shape):
    return A(rng.uniform(size=shape) > 0.5)


def enc(v):
    if isinstance(v, A):
        if np.iscomplexobj(v.a):
            return {"t": v.a.dtype.name, "s": list(v.a.shape), "v": v.a.real.ravel().tolist(),
                    "vi": v.a.imag.ravel().tolist()}
        return {"t": v.a.dtype.name, "s": list(v.a.shape), "v": v.a.ravel().tolist()}
    if isinstance(v, tuple):
        return {"tuple": [enc(x) for x in v]}
    if isinstance(v, list):
        return {"list": [enc(x) for x in v]}
    if isinstance(v, ms.Type):
        return {"dtype": str(v)}
    return v


def dec(v):
    if isinstance(v, dict):
        if "t" in v:
            a = np.array(v["v"], dtype=v["t"])
            if "vi" in v:
                a = a + 1j * np.array(v["vi"], dtype=v["t"])
            return Tensor(a.reshape(v["s"]))
        if "tuple" in v:
            return tuple(dec(x) for x in v["tuple"])
        if "list" in v:
            return [dec(x) for x in v["list"]]
        if "dtype" in v:
            return getattr(ms, v["dtype"].lower())
    return v


def out_enc(o, values=True):
    if isinstance(o, Tensor):
        a = o.asnumpy()
        r = {"dtype": str(o.dtype), "shape": list(a.shape)}
        if values:
            if a.dtype == np.dtype("bfloat16") if hasattr(np, "bfloat16") else False:
                a = a.astype(np.float32)
            if np.iscomplexobj(a):
                r["re"], r["im"] = a.real.ravel().tolist(), a.imag.ravel().tolist()
            else:
                r["v"] = a.astype(np.float64 if a.dtype.kind == "f" else a.dtype).ravel().tolist()
        return r
    if isinstance(o, (tuple, list)):
        return {"seq": [out_enc(x, values) for x in o]}
    if isinstance(o, (bool, int, float)):
        return {"py": o}
    return {"repr": repr(o)}


CASES = []


def c(mod, name, *args, grad=(), random=False, **kw):
    CASES.append({"mod": mod, "name": name, "args": list(args), "kw": kw, "grad": list(grad),
                  "random": random})


def m(name, *args, **kw):
    c("mint", name, *args, **kw)


def F(name, *args, **kw):
    c("mint.nn.functional", name, *args, **kw)


# ------------------------------------------------------------------ mint: elementwise unary
for n in ("abs", "ceil", "cos", "cosh", "erf", "erfc", "exp", "exp2", "expm1", "floor", "frac", "neg",
          "negative", "sigmoid", "sign", "sin", "sinc", "sinh", "square", "tan", "tanh", "atan", "arctan",
          "asinh", "arcsinh", "round", "isfinite", "isinf", "isneginf", "logical_not", "clone", "ravel",
          "trace" if False else "abs"):
    m(n, f(2, 3), grad=(0,) if n not in ("isfinite", "isinf", "isneginf", "logical_not", "ceil", "floor",
                                          "round", "sign") else ())
for n in ("acos", "arccos", "asin", "arcsin", "atanh", "arctanh", "erfinv"):
    m(n, unit(2, 3), grad=(0,))
for n in ("log", "log10", "log1p", "log2", "sqrt", "rsqrt", "reciprocal"):
    m(n, pos(2, 3), grad=(0,))
for n in ("acosh", "arccosh"):
    m(n, f(2, 3, lo=1.1, hi=3.0), grad=(0,))
m("abs", i(2, 3, lo=-5))
m("sqrt", i(2, 3, lo=1))
m("exp", i(3))
m("neg", i(4, lo=-3))
m("sign", i(4, lo=-3))
m("round", f(5), decimals=1)
m("isnan", A(np.array([1.0, np.nan, np.inf], np.float32)))
m("isinf", A(np.array([1.0, np.nan, -np.inf], np.float32)))
m("isneginf", A(np.array([1.0, np.nan, -np.inf], np.float32)))
m("isfinite", A(np.array([1.0, np.nan, -np.inf], np.float32)))
m("nan_to_num", A(np.array([1.0, np.nan, np.inf, -np.inf], np.float32)))
m("nan_to_num", A(np.array([1.0, np.nan, np.inf, -np.inf], np.float32)), nan=0.5, posinf=9.0, neginf=-9.0)
m("bitwise_not", i(4, lo=-3))
m("bitwise_not", b(4))
m("logical_not", i(4))
m("real", f(3))
m("imag", A(np.array([1 + 2j, 3 - 1j], np.complex64)))
m("real", A(np.array([1 + 2j, 3 - 1j], np.complex64)))
m("polar", pos(3), f(3))
# ------------------------------------------------------------------ binary
for n in ("add", "sub", "mul", "div", "divide", "maximum", "minimum", "atan2", "arctan2", "logaddexp",
          "logaddexp2", "xlogy", "pow", "float_power", "remainder", "fmod", "floor_divide"):
    m(n, f(2, 3), pos(2, 3) if n in ("xlogy", "pow", "float_power", "remainder", "fmod", "floor_divide",
                                      "div", "divide") else f(2, 3),
      grad=(0, 1) if n not in ("remainder", "fmod", "floor_divide", "float_power") else ())
m("add", f(2, 3), f(3), alpha=2.0, grad=(0, 1))
m("sub", f(2, 3), 1.5, alpha=2)
m("add", i(2, 3), 2)
m("add", i(3), f(3))
m("add", i(3, dt="int32"), 2.5)
m("mul", b(3), i(3))
m("div", i(3, lo=1), i(3, lo=1))
m("div", f(4), pos(4), rounding_mode="floor")
m("div", f(4), pos(4), rounding_mode="trunc")
m("divide", i(4, lo=-5, hi=5), i(4, lo=1), rounding_mode="floor")
m("pow", f(3), 2)
m("pow", 2.0, f(3))
m("pow", i(3), 2)
m("float_power", i(3), 2)
m("remainder", i(4, lo=-7, hi=7), 3)
m("fmod", i(4, lo=-7, hi=7), 3)
m("remainder", f(4), -1.5)
m("floor_divide", i(4, lo=-7, hi=7), i(4, lo=1))
for n in ("eq", "ne", "not_equal", "gt", "greater", "ge" if False else "greater_equal", "lt", "less",
          "le", "less_equal"):
    m(n, i(6, hi=3, dt="int32"), i(6, hi=3, dt="int32"))
    m(n, f(4), 0.5)
for n in ("bitwise_and", "bitwise_or", "bitwise_xor", "gcd"):
    m(n, i(5, lo=-8, hi=8), i(5, lo=1, hi=8))
m("bitwise_and", b(4), b(4))
for n in ("logical_and", "logical_or", "logical_xor"):
    m(n, b(5), b(5))
    m(n, i(5, hi=2), f(5))
m("lerp", f(3), f(3), 0.3, grad=(0, 1))
m("lerp", f(3), f(3), pos(3), grad=(0, 1, 2))
m("addcdiv", f(3), f(3), pos(3), value=0.5, grad=(0, 1, 2))
m("isclose", A(np.array([1.0, 2.0, np.nan], np.float32)), A(np.array([1.0, 2.1, np.nan], np.float32)))
m("isclose", A(np.array([1.0, 2.0, np.nan], np.float32)), A(np.array([1.0, 2.1, np.nan], np.float32)),
  rtol=0.1, equal_nan=True)
m("allclose", f(3), f(3))
m("allclose", A(np.array([1.0, 2.0], np.float32)), A(np.array([1.0, 2.000001], np.float32)))
m("clamp", f(2, 3), -0.5, 0.5, grad=(0,))
m("clamp", f(2, 3), min=-0.5)
m("clamp", f(2, 3), None, 0.3)
m("clamp", f(2, 3), f(2, 3), f(3, lo=1.0, hi=2.0))
m("clamp", i(4, lo=-5), 0, 3)
m("where", b(2, 3), f(2, 3), f(2, 3), grad=(1, 2))
m("where", b(2, 3), f(3), 0.0)
m("where", b(2, 3))
# ------------------------------------------------------------------ reductions
x23 = f(2, 3, 4)
for n in ("sum", "mean", "prod", "nansum"):
    m(n, x23, grad=(0,))
    m(n, x23, 1, grad=(0,))
    m(n, x23, (0, 2), True)
m("sum", i(2, 3))
m("sum", b(2, 3), 1)
m("sum", i(2, 3, dt="int32"), dtype=ms.float32)
m("mean", x23, dim=-1, keepdim=True, dtype=ms.float64)
m("prod", i(2, 3, lo=1), 1)
m("nansum", A(np.array([[1.0, np.nan], [2.0, 3.0]], np.float32)), 1)
for n in ("amax", "amin"):
    m(n, x23, grad=(0,))
    m(n, x23, 1, True)
    m(n, x23, (0, 2))
for n in ("argmax", "argmin"):
    m(n, x23)
    m(n, x23, 1)
    m(n, x23, 2, True)
for n in ("max", "min"):
    m(n, x23, grad=(0,))
    m(n, x23, 1, grad=(0,))
    m(n, x23, dim=2, keepdim=True)
    m(n, f(2, 3), f(2, 3), grad=(0, 1))
m("median", f(7))
m("median", f(3, 5), 1)
m("median", f(3, 5), 0, True)
for n in ("all", "any"):
    m(n, b(2, 3))
    m(n, b(2, 3), 1)
    m(n, b(2, 3), 0, True)
# (MindSpore 2.10's mint.any of an int64 Tensor along a dim answers all False: a bug, not recorded)
m("all", i(2, 3, hi=2), 0, True)
m("count_nonzero", i(3, 4, hi=2))
m("count_nonzero", i(3, 4, hi=2), 1)
m("count_nonzero", i(3, 4, hi=2), (0, 1))
for n in ("std", "var", "std_mean", "var_mean"):
    m(n, f(3, 4), grad=(0,) if n in ("std", "var") else ())
    m(n, f(3, 4), 1)
    m(n, f(3, 4), (0, 1), correction=0, keepdim=True)
m("logsumexp", f(3, 4), 1, grad=(0,))
m("logsumexp", f(3, 4), (0, 1), True)
m("norm", f(3, 4), grad=(0,))
m("norm", f(3, 4), 2, 1)
m("norm", f(3, 4), 1, 0, True)
m("norm", f(3, 4), float("inf"), 1)
m("norm", f(3, 4), 3.0, 1)
m("norm", f(3, 4), 0, 1)
m("norm", f(3, 4), "fro", (0, 1))
m("cumsum", f(2, 3), 1, grad=(0,))
m("cumsum", i(2, 3), 0)
m("cumsum", i(2, 3, dt="int32"), 0)
m("cumsum", f(2, 3), 0, ms.float64)
m("cumprod", f(2, 3), 1, grad=(0,))
m("cumprod", i(2, 3), 0)
m("cummax", f(2, 5), 1)
m("cummin", f(2, 5), 0)
m("cummax", i(6), 0)
m("logsumexp", f(4), 0)
# ------------------------------------------------------------------ linear algebra
m("matmul", f(2, 3), f(3, 4), grad=(0, 1))
m("matmul", f(2, 2, 3), f(3, 4), grad=(0, 1))
m("matmul", f(3), f(3, 2))
m("matmul", f(3), f(3))
m("mm", f(2, 3), f(3, 4), grad=(0, 1))
m("bmm", f(2, 2, 3), f(2, 3, 4), grad=(0, 1))
m("mv", f(2, 3), f(3), grad=(0, 1))
m("dot", f(3), f(3), grad=(0, 1))
m("vdot", f(3), f(3), grad=(0, 1))
m("outer", f(3), f(2), grad=(0, 1))
m("addmm", f(2, 4), f(2, 3), f(3, 4), beta=0.5, alpha=2.0, grad=(0, 1, 2))
m("addmm", f(4), f(2, 3), f(3, 4))
m("addbmm", f(2, 4), f(3, 2, 3), f(3, 3, 4), beta=0.5, alpha=2.0, grad=(0, 1, 2))
m("baddbmm", f(3, 2, 4), f(3, 2, 3), f(3, 3, 4), beta=0.5, alpha=2.0, grad=(0, 1, 2))
m("addmv", f(2), f(2, 3), f(3), beta=2, alpha=0.5, grad=(0, 1, 2))
m("addr_", f(2, 3), f(2), f(3), beta=0.5, alpha=2)
m("einsum", "ij,jk->ik", f(2, 3), f(3, 4), grad=(1, 2))
m("einsum", "bii->bi", f(2, 3, 3))
m("inverse", A(np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)), grad=(0,))
m("trace", f(3, 3), grad=(0,))
m("trace", i(3, 4))
m("cross", f(2, 3), f(2, 3), grad=(0, 1))
m("cross", f(3, 2), f(3, 2), 0)
m("cdist", f(2, 3, 4), f(2, 5, 4), grad=(0, 1))
m("cdist", f(3, 4), f(5, 4), 1.0)
m("triangular_solve", f(3, 2), A(np.array([[2.0, 1.0, 0.5], [0.0, 3.0, 1.0], [0.0, 0.0, 1.5]], np.float32)))
m("triangular_solve", f(3, 2), A(np.array([[2.0, 0, 0], [1.0, 3.0, 0], [0.5, 1.0, 1.5]], np.float32)),
  upper=False, transpose=True)
m("diag", f(3), grad=(0,))
m("diag", f(3, 3), 1)
m("diag", f(2), -1)
m("tril", f(3, 4), grad=(0,))
m("tril", f(3, 4), 1)
m("triu", f(3, 4), -1, grad=(0,))
# ------------------------------------------------------------------ shapes
m("cat", [f(2, 3), f(1, 3)], grad=())
m("cat", (f(2, 3), f(2, 1)), 1)
m("cat", [i(2), f(2)])
m("concat", [f(2, 3), f(2, 3)], -1)
m("stack", [f(2, 3), f(2, 3)])
m("stack", [f(2, 3), f(2, 3)], 2)
m("hstack", [f(2, 3), f(2, 1)])
m("hstack", [f(2), f(3)])
m("dstack", [f(2, 3), f(2, 3)])
m("broadcast_to", f(3), (2, 3))
m("broadcast_to", f(3, 1), (2, -1, 4))
m("chunk", f(5, 2), 3)
m("chunk", f(2, 6), 4, 1)
m("split", f(5, 2), 2)
m("split", f(5, 2), [1, 4])
m("split", f(2, 6), (2, 3, 1), 1)
m("unbind", f(2, 3), 1)
m("unbind", f(2, 3))
m("flatten", f(2, 3, 4))
m("flatten", f(2, 3, 4), 1)
m("flatten", f(2, 3, 4, 5), 1, 2)
m("flip", f(2, 3), (0, 1))
m("flip", f(2, 3), [1])
m("permute", f(2, 3, 4), (2, 0, 1), grad=(0,))
m("reshape", f(2, 6), (3, -1))
m("reshape", f(2, 6), [4, 3])
m("squeeze", f(1, 3, 1))
m("squeeze", f(1, 3, 1), 2)
m("squeeze", f(1, 3, 1), (0, 2))
m("unsqueeze", f(2, 3), 1)
m("unsqueeze", f(2, 3), -1)
m("swapaxes", f(2, 3, 4), 0, 2)
m("transpose", f(2, 3, 4), 0, 2)
m("t", f(2, 3))
m("t", f(3))
m("tile", f(2, 3), (2, 1))
m("tile", f(2, 3), (2,))
m("tile", f(3), (2, 2))
m("roll", f(2, 3), 1)
m("roll", f(2, 3), (1, 2), (0, 1))
m("roll", f(2, 3), -1, 1)
m("narrow", f(4, 5), 1, 1, 3)
m("narrow", f(4, 5), 0, 2, 2)
m("select", f(3, 4), 1, 2)
m("select", f(3, 4), 0, -1)
m("repeat_interleave", f(3), 2)
m("repeat_interleave", f(2, 3), A(np.array([1, 2], np.int64)), 0)
m("repeat_interleave", f(2, 2), 2, 1)
m("diff", f(5))
m("diff", f(3, 4), 2, 0)
m("diff", f(4), 1, -1, f(2), f(1))
m("meshgrid", f(2), f(3))
m("meshgrid", f(2), f(3), indexing="xy")
m("meshgrid", f(2), f(3), indexing="ij")
# ------------------------------------------------------------------ index / gather / scatter
m("gather", f(3, 4), 1, A(np.array([[0, 1], [2, 3], [3, 0]], np.int64)), grad=(0,))
m("gather", f(3, 4), 0, A(np.array([[0, 1, 2, 0]], np.int64)))
m("index_select", f(3, 4), 1, A(np.array([0, 2], np.int64)), grad=(0,))
m("index_select", f(3, 4), 0, A(np.array([2, 2], np.int32)))
m("index_add", f(3, 4), 0, A(np.array([0, 2], np.int32)), f(2, 4))
m("index_add", f(3, 4), 1, A(np.array([1, 1], np.int64)), f(3, 2), alpha=2.0)
m("masked_select", f(2, 3), b(2, 3))
m("masked_select", f(2, 3), b(3))
m("take", f(3, 4), A(np.array([0, 5, 11], np.int64)))
m("take", f(3, 4), A(np.array([[0, -1]], np.int64)))
m("scatter", f(3, 4), 1, A(np.array([[0, 1], [2, 3], [3, 0]], np.int64)), f(3, 2))
m("scatter", f(3, 4), 0, A(np.array([[0, 1, 2, 1]], np.int64)), 2.5)
m("scatter_add", f(3, 4), 1, A(np.array([[0, 0], [2, 3], [3, 3]], np.int64)), f(3, 2))
m("nonzero", A(np.array([[0, 1], [2, 0]], np.int32)))
m("nonzero", A(np.array([[0, 1], [2, 0]], np.int32)), as_tuple=True)
m("nonzero", A(np.array([0.0, 1.5, 0.0, 2.0], np.float32)))
m("sort", f(2, 5))
m("sort", f(2, 5), dim=0, descending=True)
m("sort", i(6, hi=3), stable=True)
m("argsort", f(2, 5))
m("argsort", f(2, 5), 0, True)
m("topk", f(2, 5), 2)
m("topk", f(2, 5), 2, 0, False)
m("topk", f(6), 3, largest=False, sorted=True)
m("kthvalue", f(2, 5), 2)
m("kthvalue", f(2, 5), 1, 0, True)
m("searchsorted", A(np.array([1.0, 2.0, 3.0, 5.0], np.float32)), A(np.array([0.5, 2.0, 4.0, 6.0], np.float32)))
m("searchsorted", A(np.array([1.0, 2.0, 3.0, 5.0], np.float32)), A(np.array([2.0, 4.0], np.float32)),
  right=True)
m("searchsorted", A(np.array([1, 2, 2, 5], np.int64)), A(np.array([2, 4], np.int64)), out_int32=True,
  side="right")
m("unique_consecutive", A(np.array([1, 1, 2, 2, 3, 1, 1, 2], np.int64)))
m("unique_consecutive", A(np.array([1, 1, 2, 2, 3, 1, 1, 2], np.int64)), True, True)
m("unique_consecutive", A(np.array([[1, 1], [1, 1], [2, 3]], np.int64)), True, True, 0)
m("bincount", A(np.array([0, 1, 1, 3], np.int64)))
m("bincount", A(np.array([0, 1, 1, 3], np.int64)), f(4), 6)
m("histc", f(10), 4, -2, 2)
m("histc", f(10), 5)
# ------------------------------------------------------------------ creation
m("arange", 5)
m("arange", 1, 7, 2)
m("arange", 0.0, 1.0, 0.25)
m("arange", 1, 4.5)
m("arange", 0, 5, dtype=ms.float32)
m("zeros", (2, 3))
m("zeros", (2,), dtype=ms.int32)
m("zeros", 3)
m("full", (2, 2), 1.5)
m("full", (2, 2), 3)
m("full", (2, 2), True)
m("full", (2,), 2, dtype=ms.float16)
m("zeros_like", i(2, 3))
m("zeros_like", f(2), dtype=ms.int32)
m("ones_like", f(2, 3))
m("ones_like", f(2), dtype=ms.bool_)
m("full_like", f(2, 3), 7)
m("full_like", i(2), 2.7)
m("full_like", i(2), 2.7, dtype=ms.float32)
m("eye", 3)
m("eye", 2, 3)
m("eye", 2, 3, ms.int32)
m("empty", (2, 3), random=True)
m("empty", 2, 3, random=True, dtype=ms.int32)
m("empty_like", f(2, 3), random=True)
m("empty_like", f(2, 3), random=True, dtype=ms.float16)
# ------------------------------------------------------------------ random (shape and dtype only)
m("rand", 2, 3, random=True)
m("rand", (2, 3), random=True, dtype=ms.float64)
m("randn", 2, 3, random=True)
m("randn", (4,), random=True)
m("rand_like", f(2, 3), random=True)
m("randn_like", f(2, 3), random=True, dtype=ms.float64)
m("randint", 0, 5, (2, 3), random=True)
m("randint", 5, (4,), random=True)
m("randint", 0, 5, (2, 3), random=True, dtype=ms.int32)
m("randint_like", f(2, 3), 10, random=True)
m("randint_like", f(2, 3), 3, 10, random=True, dtype=ms.int32)
m("randperm", 6, random=True)
m("randperm", 4, dtype=ms.int32, random=True)
m("normal", f(2, 3), 1.0, random=True)
m("normal", 0.0, pos(3), random=True)
m("normal", 0.0, 1.0, (2, 3), random=True)
m("normal", f(2, 3), pos(2, 3), random=True)
m("bernoulli", f(2, 3, lo=0.0, hi=1.0), random=True)
m("multinomial", f(2, 4, lo=0.1, hi=1.0), 2, random=True)
m("multinomial", f(4, lo=0.1, hi=1.0), 6, True, random=True)
# ------------------------------------------------------------------ nn-ish in mint
m("softmax", f(2, 3), 1, grad=(0,))
m("softmax", f(2, 3), 0, dtype=ms.float64)
m("npu_gelu", f(4))
m("conv2d", f(1, 2, 5, 5), f(3, 2, 3, 3), f(3), grad=(0, 1, 2))
m("conv2d", f(1, 2, 5, 5), f(2, 1, 3, 3), None, 2, 1, 1, 2)
m("conv_tbc", f(5, 2, 3), f(3, 3, 4), f(4), 1)
m("batch_norm_stats", f(2, 3, 4), 1e-5)
m("batch_norm_elemt", f(2, 3, 4), pos(3), f(3), f(3), pos(3), 1e-5)
m("batch_norm_gather_stats_with_counts", f(2, 3, 4), f(2, 3), pos(2, 3), f(3), pos(3), 0.1, 1e-5,
  A(np.array([4.0, 4.0], np.float32)))

# ------------------------------------------------------------------ mint.nn.functional
for n in ("relu", "relu6", "sigmoid", "tanh", "silu", "logsigmoid", "elu", "hardtanh"):
    F(n, f(2, 3), grad=(0,))
F("gelu", f(4), grad=(0,))
F("gelu", f(4), approximate="tanh", grad=(0,))
F("elu", f(4), 0.5)
F("hardtanh", f(4), -0.5, 0.7)
F("leaky_relu", f(4), grad=(0,))
F("leaky_relu", f(4), 0.2)
F("threshold", f(5), 0.1, 20.0, grad=(0,))
F("glu", f(2, 4), grad=(0,))
F("glu", f(4, 2), 0)
F("softmax", f(2, 3), 1, grad=(0,))
F("softmax", f(2, 3))
F("log_softmax", f(2, 3), 1, grad=(0,))
F("log_softmax", f(2, 3), 0, dtype=ms.float64)
F("prelu", f(2, 3, 4), A(np.array([0.1, 0.2, 0.3], np.float32)), grad=(0, 1))
F("prelu", f(2, 3), A(np.array([0.25], np.float32)))
for n in ("relu_", "sigmoid_", "elu_", "hardtanh_"):
    F(n, f(2, 3))
F("threshold_", f(4), 0.0, -1.0)
F("linear", f(2, 3), f(4, 3), f(4), grad=(0, 1, 2))
F("linear", f(3), f(4, 3))
F("flatten", f(2, 3, 4))
F("flatten", f(2, 3, 4), 1)
F("normalize", f(2, 3), grad=(0,))
F("normalize", f(2, 3), 1.0, 0)
F("one_hot", A(np.array([0, 2, 1], np.int64)))
F("one_hot", A(np.array([[0, 2], [1, 0]], np.int64)), 4)
F("dropout", f(2, 3), 0.0)
F("dropout", f(2, 3), 0.5, False)
F("dropout", f(20), 0.5, random=True)
F("dropout2d", f(2, 3, 4, 4), 0.5, False)
F("dropout2d", f(2, 3, 4, 4), 0.5, random=True)
F("embedding", A(np.array([[0, 2], [1, 3]], np.int64)), f(4, 3), grad=(1,))
F("embedding", A(np.array([0, 2, 1], np.int64)), f(4, 3), 1)
F("embedding", A(np.array([0, 2, 1], np.int64)), f(4, 3), None, 1.0)
F("layer_norm", f(2, 3, 4), (4,), pos(4), f(4), grad=(0, 2, 3))
F("layer_norm", f(2, 3, 4), (3, 4))
F("group_norm", f(2, 4, 3), 2, pos(4), f(4), grad=(0, 2, 3))
F("group_norm", f(2, 4, 3, 2), 4)
F("batch_norm", f(4, 3), f(3), pos(3), pos(3), f(3))
F("batch_norm", f(4, 3, 2), f(3), pos(3), None, None, True, 0.2)
F("conv1d", f(1, 2, 7), f(3, 2, 3), f(3), grad=(0, 1, 2))
F("conv1d", f(1, 2, 7), f(2, 1, 3), None, 2, 1, 1, 2)
F("conv1d", f(1, 2, 7), f(3, 2, 3), None, 1, "same")
F("conv2d", f(1, 2, 5, 5), f(3, 2, 3, 3), f(3), grad=(0, 1, 2))
F("conv2d", f(1, 2, 5, 6), f(4, 2, 3, 2), None, (2, 1), (1, 0), (1, 2))
F("conv2d", f(1, 2, 5, 5), f(3, 2, 3, 3), None, 1, "same")
F("conv2d", f(1, 2, 5, 5), f(3, 2, 3, 3), None, 1, "valid")
F("conv3d", f(1, 2, 4, 4, 4), f(3, 2, 2, 2, 2), f(3), grad=(0, 1, 2))
F("conv_transpose2d", f(1, 2, 4, 4), f(2, 3, 3, 3), f(3), 2, 1, 1, grad=(0, 1, 2))
F("conv_transpose2d", f(1, 2, 4, 4), f(2, 3, 3, 3))
for n, inp in (("avg_pool1d", f(1, 2, 8)), ("avg_pool2d", f(1, 2, 6, 6)), ("avg_pool3d", f(1, 2, 4, 4, 4))):
    F(n, inp, 2, grad=(0,))
    F(n, inp, 3, 2, 1)
    F(n, inp, 3, 2, 1, True, False)
F("avg_pool2d", f(1, 2, 6, 6), 3, 2, 1, False, True, 2)
F("max_pool2d", f(1, 2, 6, 6), 2, grad=(0,))
F("max_pool2d", f(1, 2, 7, 7), 3, 2, 1)
F("max_pool2d", f(1, 2, 7, 7), 3, 2, 1, 1, True)
F("max_pool2d", f(1, 2, 6, 6), 2, return_indices=True)
F("max_unpool2d", A(np.array([[[[5.0, 6.0], [7.0, 8.0]]]], np.float32)),
  A(np.array([[[[5, 7], [13, 15]]]], np.int64)), 2)
F("max_unpool2d", A(np.array([[[[5.0, 6.0], [7.0, 8.0]]]], np.float32)),
  A(np.array([[[[5, 7], [13, 15]]]], np.int64)), 2, 2, 0, (5, 5))
F("adaptive_avg_pool1d", f(1, 2, 7), 3, grad=(0,))
F("adaptive_avg_pool2d", f(1, 2, 7, 5), (3, 2), grad=(0,))
F("adaptive_avg_pool2d", f(1, 2, 6, 6), 2)
F("adaptive_avg_pool3d", f(1, 2, 4, 4, 4), 2)
F("adaptive_avg_pool3d", f(1, 2, 4, 5, 3), (2, 3, 1))
F("adaptive_max_pool1d", f(1, 2, 7), 3)
F("adaptive_max_pool1d", f(1, 2, 7), 3, True)
F("adaptive_max_pool2d", f(1, 2, 7, 5), (3, 2))
F("adaptive_max_pool2d", f(1, 2, 6, 6), 2, True)
F("pad", f(1, 2, 3), (1, 2))
F("pad", f(1, 2, 3), (1, 2, 0, 1), value=1.5)
F("pad", f(1, 2, 3), (1, 2), "reflect")
F("pad", f(1, 2, 3), (1, 2), "replicate")
F("pad", f(1, 2, 3, 3), (1, 1, 2, 0), "reflect")
F("pad", f(1, 2, 3, 3), (1, 1, 2, 0), "circular")
F("pixel_shuffle", f(1, 8, 2, 3), 2)
F("fold", f(1, 8, 6), (3, 4), 2)
F("fold", f(1, 8, 4), (4, 4), 2, 1, 0, 2)
F("unfold", f(1, 2, 4, 4), 2)
F("unfold", f(1, 2, 4, 5), (2, 3), 1, 1, 2)
F("interpolate", f(1, 2, 3, 4), (6, 8))
F("interpolate", f(1, 2, 3, 4), None, 2.0, "bilinear", False)
F("interpolate", f(1, 2, 3, 4), (5, 7), None, "bilinear", True)
F("interpolate", f(1, 2, 5), 8, None, "linear", False)
F("interpolate", f(1, 2, 3, 4), (5, 7), None, "bicubic", False)
F("interpolate", f(1, 2, 2, 3, 4), (3, 4, 5), None, "trilinear", False)
F("interpolate", f(1, 2, 5), 3)
F("upsample", f(1, 2, 3, 4), (6, 8))
F("upsample", f(1, 2, 3, 4), None, 2.0, "bilinear", True)
F("grid_sample", f(1, 2, 4, 4), unit(1, 3, 3, 2))
F("grid_sample", f(1, 2, 4, 4), unit(1, 3, 3, 2), "nearest", "border", True)
# losses
F("mse_loss", f(2, 3), f(2, 3), grad=(0,))
F("mse_loss", f(2, 3), f(2, 3), "none")
F("mse_loss", f(2, 3), f(3), "sum")
F("binary_cross_entropy", f(2, 3, lo=0.1, hi=0.9), f(2, 3, lo=0, hi=1), grad=(0,))
F("binary_cross_entropy", f(2, 3, lo=0.1, hi=0.9), f(2, 3, lo=0, hi=1), pos(2, 3), "sum")
F("binary_cross_entropy_with_logits", f(2, 3), f(2, 3, lo=0, hi=1), grad=(0,))
F("binary_cross_entropy_with_logits", f(2, 3), f(2, 3, lo=0, hi=1), pos(2, 3), "none", pos(3))
F("kl_div", f(2, 3, lo=-3, hi=-0.1), f(2, 3, lo=0.05, hi=1), grad=(0,))
F("kl_div", f(2, 3), f(2, 3), "batchmean", True)
F("kl_div", f(2, 3), f(2, 3, lo=0.05, hi=1), "sum")
F("cross_entropy", f(3, 5), A(np.array([1, 0, 4], np.int64)), grad=(0,))
F("cross_entropy", f(3, 5), A(np.array([1, -100, 4], np.int64)), pos(5), -100, "sum")
F("cross_entropy", f(3, 5), A(np.array([1, 0, 4], np.int64)), None, -100, "mean", 0.1)
F("cross_entropy", f(3, 5), f(3, 5, lo=0, hi=1), grad=(0,))
F("cross_entropy", f(2, 5, 3), A(np.array([[1, 0, 4], [2, 2, 3]], np.int64)), reduction="none")
F("nll_loss", f(3, 5), A(np.array([1, 0, 4], np.int64)), grad=(0,))
# (with reduction "none", MindSpore 2.10's CPU nll_loss leaves the ignored entries uninitialised)
F("nll_loss", f(3, 5), A(np.array([1, 2, 4], np.int64)), pos(5), 2, "mean")
F("nll_loss", f(3, 5), A(np.array([1, 0, 4], np.int64)), pos(5), -100, "sum")
F("soft_margin_loss", f(2, 3), A(np.array([[1, -1, 1], [-1, -1, 1]], np.float32)))
F("cosine_embedding_loss", f(3, 4), f(3, 4), A(np.array([1, -1, 1], np.int64)), grad=(0, 1))
F("cosine_embedding_loss", f(3, 4), f(3, 4), A(np.array([1, -1, 1], np.int64)), 0.2, "none")

# ------------------------------------------------------------------ mint.linalg, mint.special
c("mint.linalg", "inv", A(np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)), grad=(0,))
c("mint.linalg", "vector_norm", f(3, 4), grad=(0,))
c("mint.linalg", "vector_norm", f(3, 4), 1, 1)
c("mint.linalg", "vector_norm", f(3, 4), float("inf"), (0, 1), True)
c("mint.linalg", "matrix_norm", f(3, 4), grad=(0,))
c("mint.linalg", "matrix_norm", f(2, 3, 4), 1)
c("mint.linalg", "norm", f(3, 4))
c("mint.linalg", "norm", f(3, 4), 2, 1)
for n in ("erfc", "exp2", "expm1", "log1p", "sinc"):
    c("mint.special", n, f(2, 3), grad=(0,))
c("mint.special", "round", f(4))
c("mint.special", "log_softmax", f(2, 3), 1)

# ------------------------------------------------------------------ mint.nn Cells
CELLS = []


def cell(name, ctor, inputs, grad=True, **ckw):
    CELLS.append({"name": name, "ctor": list(ctor), "ckw": ckw, "inputs": inputs, "grad": grad})


cell("Linear", (3, 4), [f(2, 3)])
cell("Linear", (3, 2), [f(3)], bias=False)
cell("Conv1d", (2, 3, 3), [f(1, 2, 7)], stride=2, padding=1)
cell("Conv2d", (2, 4, 3), [f(1, 2, 5, 5)], padding=1)
cell("Conv2d", (2, 4, (3, 2)), [f(1, 2, 5, 5)], stride=(2, 1), bias=False, groups=2)
cell("Conv2d", (2, 3, 3), [f(1, 2, 5, 5)], padding="same", padding_mode="reflect")
cell("Conv3d", (2, 3, 2), [f(1, 2, 4, 4, 4)])
cell("ConvTranspose2d", (2, 3, 3), [f(1, 2, 4, 4)], stride=2, padding=1, output_padding=1)
cell("BatchNorm1d", (3,), [f(4, 3)])
cell("BatchNorm2d", (3,), [f(2, 3, 2, 2)])
cell("BatchNorm2d", (3,), [f(2, 3, 2, 2)], affine=False, momentum=0.3)
cell("BatchNorm3d", (2,), [f(2, 2, 2, 2, 2)])
cell("GroupNorm", (2, 4), [f(2, 4, 3)])
cell("PReLU", (), [f(2, 3)])
cell("PReLU", (3,), [f(2, 3, 2)], init=0.1)
for n in ("ReLU", "Sigmoid", "Tanh", "GELU", "SiLU", "Mish", "SELU", "LogSigmoid", "Hardsigmoid", "Hardswish",
          "Identity"):
    cell(n, (), [f(2, 3)])
cell("ReLU6", (), [f(2, 3, lo=-3, hi=8)])
cell("GELU", (), [f(4)], approximate="tanh")
cell("ELU", (0.5,), [f(2, 3)])
cell("Hardshrink", (0.3,), [f(2, 3)])
cell("Hardtanh", (-0.5, 0.5), [f(2, 3)])
cell("Threshold", (0.1, 9.0), [f(2, 3)])
cell("Softmax", (1,), [f(2, 3)])
cell("LogSoftmax", (1,), [f(2, 3)])
cell("Flatten", (), [f(2, 3, 4)])
cell("Flatten", (0, 1), [f(2, 3, 4)])
cell("AdaptiveAvgPool1d", (3,), [f(1, 2, 7)])
cell("AdaptiveAvgPool2d", ((3, 2),), [f(1, 2, 7, 5)])
cell("AdaptiveAvgPool3d", (2,), [f(1, 2, 4, 4, 4)])
cell("AdaptiveMaxPool1d", (3,), [f(1, 2, 7)])
cell("AdaptiveMaxPool2d", (2,), [f(1, 2, 6, 6)], grad=False, return_indices=True)
cell("AvgPool1d", (3, 2, 1), [f(1, 2, 8)])
cell("AvgPool2d", (2,), [f(1, 2, 6, 6)])
cell("AvgPool3d", (2,), [f(1, 2, 4, 4, 4)])
cell("MaxUnpool2d", (2,), [A(np.array([[[[5.0, 6.0], [7.0, 8.0]]]], np.float32)),
                           A(np.array([[[[5, 7], [13, 15]]]], np.int64))], grad=False)
cell("PixelShuffle", (2,), [f(1, 8, 2, 3)])
cell("Fold", ((3, 4), 2), [f(1, 8, 6)])
cell("Unfold", (2,), [f(1, 2, 4, 4)])
cell("Upsample", (), [f(1, 2, 3, 4)], scale_factor=2.0)
cell("Upsample", (), [f(1, 2, 3, 4)], size=(5, 6), mode="bilinear", align_corners=True)
cell("UpsamplingNearest2d", (), [f(1, 2, 3, 4)], scale_factor=2.0)
cell("UpsamplingBilinear2d", (), [f(1, 2, 3, 4)], size=(5, 6))
for d in (1, 2, 3):
    shp = (1, 2) + (4,) * d
    cell(f"ConstantPad{d}d", ((1, 2) * d, 1.5), [f(*shp)])
    cell(f"ZeroPad{d}d", (1,), [f(*shp)])
    cell(f"ReflectionPad{d}d", ((1, 2) * d,), [f(*shp)])
    cell(f"ReplicationPad{d}d", (2,), [f(*shp)])
# losses
cell("L1Loss", (), [f(2, 3), f(2, 3)])
cell("MSELoss", (), [f(2, 3), f(2, 3)], reduction="sum")
cell("SmoothL1Loss", (), [f(2, 3), f(2, 3)], beta=0.5)
cell("SoftMarginLoss", (), [f(2, 3), A(np.array([[1, -1, 1], [-1, -1, 1]], np.float32))])
cell("BCELoss", (), [f(2, 3, lo=0.1, hi=0.9), f(2, 3, lo=0, hi=1)])
cell("BCEWithLogitsLoss", (), [f(2, 3), f(2, 3, lo=0, hi=1)], reduction="none")
cell("KLDivLoss", (), [f(2, 3, lo=-3, hi=-0.1), f(2, 3, lo=0.05, hi=1)], reduction="batchmean")
cell("CosineEmbeddingLoss", (), [f(3, 4), f(3, 4), A(np.array([1, -1, 1], np.int64))], margin=0.1)
cell("SyncBatchNorm", (3,), [f(4, 3, 2, 2)])

# ------------------------------------------------------------------ mint.optim
OPTS = [("SGD", {"lr": 0.1}), ("SGD", {"lr": 0.1, "momentum": 0.9, "weight_decay": 0.01}),
        ("SGD", {"lr": 0.1, "momentum": 0.9, "nesterov": True}),
        ("SGD", {"lr": 0.1, "momentum": 0.5, "dampening": 0.1, "maximize": True}),
        ("Adam", {"lr": 0.01}), ("Adam", {"lr": 0.01, "weight_decay": 0.1, "amsgrad": True}),
        ("Adam", {"lr": 0.01, "betas": (0.8, 0.9), "maximize": True}),
        ("AdamW", {"lr": 0.01}), ("AdamW", {"lr": 0.01, "weight_decay": 0.1, "amsgrad": True}),
        ("AdamW", {"lr": 0.01, "betas": (0.8, 0.95), "eps": 1e-6})]


# ------------------------------------------------------------------ CPU fallbacks
# MindSpore 2.10's CPU build has no kernel for many mint ops (the *Ext kernels are Ascend's).
# Where the mint call raises for that reason, the value is taken from MindSpore's CPU ops with
# the arguments translated (recorded as "via": "ops"), or, where MindSpore has no CPU op at
# all, from numpy (recorded as "via": "numpy"), so that every case still holds a value.
from mindspore import ops  # noqa: E402


def _n(t):
    return t.asnumpy() if isinstance(t, Tensor) else t


def _T(a):
    return Tensor(np.asarray(a))


def _dimkw(fn):
    def g(x, dim=None, keepdim=False, **kw):
        return fn(x, dim, keepdim, **kw)
    return g


def _std(x, dim=None, *, correction=1, keepdim=False):
    a = _n(x)
    d = tuple(dim) if isinstance(dim, (tuple, list)) else dim
    return _T(np.std(a, axis=d, ddof=correction, keepdims=keepdim).astype(a.dtype))


def _var(x, dim=None, *, correction=1, keepdim=False):
    a = _n(x)
    d = tuple(dim) if isinstance(dim, (tuple, list)) else dim
    return _T(np.var(a, axis=d, ddof=correction, keepdims=keepdim).astype(a.dtype))


def _mean_np(x, dim=None, keepdim=False):
    a = _n(x)
    d = tuple(dim) if isinstance(dim, (tuple, list)) else dim
    return _T(np.mean(a, axis=d, keepdims=keepdim).astype(a.dtype))


def _norm(x, p="fro", dim=None, keepdim=False, *, dtype=None):
    a = _n(x).astype(np.float64)
    d = tuple(dim) if isinstance(dim, (tuple, list)) else dim
    if p == "fro" or p == 2:
        r = np.sqrt((a * a).sum(axis=d, keepdims=keepdim))
    elif p == float("inf"):
        r = np.abs(a).max(axis=d, keepdims=keepdim)
    elif p == 0:
        r = (a != 0).sum(axis=d, keepdims=keepdim).astype(np.float64)
    else:
        r = (np.abs(a) ** p).sum(axis=d, keepdims=keepdim) ** (1.0 / p)
    return _T(r.astype(_n(x).dtype))


def _median(x, dim=None, keepdim=False):
    a = _n(x)
    if dim is None:
        return _T(np.sort(a.ravel())[(a.size - 1) // 2])
    srt = np.sort(a, axis=dim, kind="stable")
    k = (a.shape[dim] - 1) // 2
    v = np.take(srt, [k], axis=dim)
    idx = np.take(np.argsort(a, axis=dim, kind="stable"), [k], axis=dim)
    if not keepdim:
        v, idx = v.squeeze(dim), idx.squeeze(dim)
    return _T(v), _T(idx.astype(np.int64))


def _kth(x, k, dim=-1, keepdim=False):
    a = _n(x)
    srt = np.sort(a, axis=dim, kind="stable")
    idx = np.argsort(a, axis=dim, kind="stable")
    v, i_ = np.take(srt, [k - 1], axis=dim), np.take(idx, [k - 1], axis=dim)
    if not keepdim:
        v, i_ = v.squeeze(dim), i_.squeeze(dim)
    return _T(v), _T(i_.astype(np.int64))


def _cum(fn):
    def g(x, dim, dtype=None):
        a = _n(x)
        if dtype is not None:
            a = a.astype(ms.dtype_to_nptype(dtype))
        elif a.dtype.kind in "biu":
            a = a.astype(np.int64)
        return _T(fn(a, axis=dim))
    return g


def _cumext(x, dim):
    a = _n(x)
    r = np.minimum.accumulate(a, axis=dim)
    idx = np.zeros(a.shape, np.int64)
    it = np.moveaxis(a, dim, -1)
    res = np.moveaxis(idx, dim, -1)
    for pos in np.ndindex(it.shape[:-1]):
        best = 0
        for j in range(it.shape[-1]):
            if it[pos][j] <= it[pos][best]:
                best = j
            res[pos][j] = best
    return _T(r), _T(np.moveaxis(res, -1, dim))


def _sort(x, *, dim=-1, descending=False, stable=False):
    a = _n(x)
    idx = np.argsort(-a if descending else a, axis=dim, kind="stable")
    return _T(np.take_along_axis(a, idx, dim)), _T(idx.astype(np.int64))


def _topk(x, k, dim=-1, largest=True, sorted=True):
    a = _n(x)
    idx = np.argsort(-a if largest else a, axis=dim, kind="stable")
    idx = np.take(idx, range(k), axis=dim)
    return _T(np.take_along_axis(a, idx, dim)), _T(idx.astype(np.int64))


def _argm(fn):
    def g(x, dim=None, keepdim=False):
        a = _n(x)
        if dim is None:
            return _T(np.int64(fn(a.ravel())))
        r = fn(a, axis=dim)
        return _T((np.expand_dims(r, dim) if keepdim else r).astype(np.int64))
    return g


def _arange(start=0, end=None, step=1, *, dtype=None):
    if end is None:
        start, end = 0, start
    allint = all(isinstance(v, int) for v in (start, end, step))
    dt = ms.dtype_to_nptype(dtype) if dtype is not None else (np.int64 if allint else np.float32)
    return _T(np.arange(start, end, step).astype(dt))


def _full(size, fill_value, *, dtype=None):
    if dtype is not None:
        dt = ms.dtype_to_nptype(dtype)
    else:
        dt = np.bool_ if isinstance(fill_value, bool) else np.int64 if isinstance(fill_value, int) else np.float32
    return _T(np.full(size, fill_value, dt))


def _like(v):
    def g(x, *a, dtype=None):
        fill = a[0] if a else v
        dt = ms.dtype_to_nptype(dtype) if dtype is not None else _n(x).dtype
        return _T(np.full(_n(x).shape, fill).astype(dt))
    return g


def _idx_select(x, dim, index):
    return _T(np.take(_n(x), _n(index), axis=dim))


def _idx_add(x, dim, index, src, *, alpha=1):
    a = _n(x).copy()
    sl = np.moveaxis(a, dim, 0)
    np.add.at(sl, _n(index), np.moveaxis(_n(src) * alpha, dim, 0))
    return _T(a)


def _scatter_add(x, dim, index, src):
    a = _n(x).copy()
    idx = _n(index)
    for pos in np.ndindex(idx.shape):
        tgt = list(pos)
        tgt[dim] = idx[pos]
        a[tuple(tgt)] += _n(src)[pos]
    return _T(a)


def _nonzero(x, *, as_tuple=False):
    nz = np.nonzero(_n(x))
    if as_tuple:
        return tuple(_T(v.astype(np.int64)) for v in nz)
    return _T(np.stack(nz, 1).astype(np.int64))


def _where(c, x=None, y=None):
    if x is None:
        return _nonzero(c, as_tuple=True)
    return ops.where(c, x, y)


def _bincount(x, weights=None, minlength=0):
    w = None if weights is None else _n(weights)
    r = np.bincount(_n(x), w, minlength)
    return _T(r.astype(w.dtype) if w is not None else r.astype(np.int64))


def _histc(x, bins=100, min=0, max=0):
    a = _n(x)
    lo, hi = (a.min(), a.max()) if min == 0 and max == 0 else (min, max)
    return _T(np.histogram(a, bins, (lo, hi))[0].astype(a.dtype))


def _rep_inter(x, repeats, dim=None):
    r = _n(repeats)
    a = _n(x)
    return _T(np.repeat(a if dim is not None else a.ravel(), r, axis=dim if dim is not None else 0))


def _einsum(eq, *ops_):
    return _T(np.einsum(eq, *[_n(o) for o in ops_]))


def _tri_solve(b_, A_, upper=True, transpose=False, unitriangular=False):
    import scipy.linalg as sl
    a = _n(A_)
    x = sl.solve_triangular(a, _n(b_), lower=not upper, trans=1 if transpose else 0, unit_diagonal=unitriangular)
    return _T(x.astype(a.dtype)), _T(a)


def _diag(x, diagonal=0):
    return _T(np.diag(_n(x), diagonal))


def _addmm(inp, m1, m2, *, beta=1, alpha=1):
    return _T(beta * _n(inp) + alpha * (_n(m1) @ _n(m2)))


def _addbmm(inp, b1, b2, *, beta=1, alpha=1):
    return _T(beta * _n(inp) + alpha * (_n(b1) @ _n(b2)).sum(0))


def _baddbmm(inp, b1, b2, *, beta=1, alpha=1):
    return _T(beta * _n(inp) + alpha * (_n(b1) @ _n(b2)))


def _addmv(inp, mat, vec, *, beta=1, alpha=1):
    return _T(beta * _n(inp) + alpha * (_n(mat) @ _n(vec)))


def _addr(inp, v1, v2, beta=1, alpha=1):
    return _T(beta * _n(inp) + alpha * np.outer(_n(v1), _n(v2)))


def _roll(x, shifts, dims=None):
    return _T(np.roll(_n(x), shifts, dims))


def _take(x, index):
    return _T(np.take(_n(x).ravel(), _n(index)))


def _stack(ts, dim=0):
    return _T(np.stack([_n(t) for t in ts], dim))


def _cat(ts, dim=0):
    arrs = [_n(t) for t in ts]
    dt = np.result_type(*arrs)
    if dt == np.float64 and not any(a.dtype == np.float64 for a in arrs):
        dt = np.float32
    return _T(np.concatenate(arrs, dim).astype(dt))


def _uc(x, return_inverse=False, return_counts=False, dim=None):
    a = _n(x)
    if dim is None:
        flat = a.ravel()
        keep = np.concatenate([[True], flat[1:] != flat[:-1]])
        out = flat[keep]
        inv = (np.cumsum(keep) - 1).reshape(a.shape)
        cnt = np.diff(np.append(np.nonzero(keep)[0], flat.size))
    else:
        m_ = np.moveaxis(a, dim, 0)
        keep = np.concatenate([[True], [not np.array_equal(m_[k], m_[k - 1]) for k in range(1, m_.shape[0])]])
        out = np.moveaxis(m_[keep], 0, dim)
        inv = np.cumsum(keep) - 1
        cnt = np.diff(np.append(np.nonzero(keep)[0], m_.shape[0]))
    r = [_T(out)]
    if return_inverse:
        r.append(_T(inv.astype(np.int64)))
    if return_counts:
        r.append(_T(cnt.astype(np.int64)))
    return tuple(r) if len(r) > 1 else r[0]


FB_OPS = {
    "atan": ops.atan, "arctan": ops.atan, "asinh": ops.asinh, "arcsinh": ops.asinh, "acos": ops.acos,
    "arccos": ops.acos, "asin": ops.asin, "arcsin": ops.asin, "acosh": ops.acosh, "arccosh": ops.acosh,
    "log10": ops.log10, "log2": ops.log2, "exp2": ops.exp2, "frac": ops.frac, "isneginf": ops.isneginf,
    "clone": lambda x: x.copy(), "atan2": ops.atan2, "arctan2": ops.atan2, "logaddexp": ops.logaddexp,
    "logaddexp2": ops.logaddexp2, "bitwise_or": ops.bitwise_or, "bitwise_xor": ops.bitwise_xor,
    "bitwise_not": lambda x: _T(np.invert(_n(x))),
    "addcdiv": lambda x, a, b_, value=1: ops.addcdiv(x, a, b_, Tensor(value, x.dtype)),
    "exp": lambda x: _T(np.exp(_n(x)).astype(np.float32)),
    "round": lambda x, decimals=0: _T(np.round(_n(x), decimals)),
    "prod": lambda x, dim=None, keepdim=False, dtype=None: _T(np.prod(_n(x), axis=tuple(dim) if isinstance(
        dim, (tuple, list)) else dim, keepdims=keepdim)),
    "argmax": _argm(np.argmax), "argmin": _argm(np.argmin), "median": _median,
    "count_nonzero": lambda x, dim=None: _T(np.asarray(np.count_nonzero(_n(x), axis=dim)).astype(np.int64)),
    "std": _std, "var": _var,
    "std_mean": lambda x, dim=None, *, correction=1, keepdim=False: (
        _std(x, dim, correction=correction, keepdim=keepdim), _mean_np(x, dim, keepdim)),
    "var_mean": lambda x, dim=None, *, correction=1, keepdim=False: (
        _var(x, dim, correction=correction, keepdim=keepdim), _mean_np(x, dim, keepdim)),
    "logsumexp": lambda x, dim, keepdim=False: ops.logsumexp(x, dim, keepdim),
    "norm": _norm, "cumsum": _cum(np.cumsum), "cummin": _cumext,
    "mm": ops.matmul, "mv": ops.matmul, "dot": ops.matmul, "vdot": ops.matmul, "outer": ops.outer,
    "addmm": _addmm, "addbmm": _addbmm, "baddbmm": _baddbmm, "addmv": _addmv, "addr_": _addr,
    "einsum": _einsum, "inverse": ops.inverse, "trace": lambda x: _T(np.trace(_n(x))),
    "triangular_solve": _tri_solve, "diag": _diag, "tril": lambda x, diagonal=0: ops.tril(x, diagonal),
    "cat": _cat, "stack": _stack, "roll": _roll, "repeat_interleave": _rep_inter,
    "index_select": _idx_select, "index_add": _idx_add, "take": _take, "scatter_add": _scatter_add,
    "nonzero": _nonzero, "where": _where, "sort": _sort,
    "argsort": lambda x, dim=-1, descending=False, stable=False: _sort(x, dim=dim, descending=descending)[1],
    "topk": _topk, "kthvalue": _kth, "bincount": _bincount, "histc": _histc, "arange": _arange,
    "full": _full, "zeros_like": _like(0), "ones_like": _like(1), "full_like": _like(None),
    "unique_consecutive": _uc,
}


def _shape_of(*size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return tuple(size)


def _rnd(dt):
    def g(*size, generator=None, dtype=None, device=None):
        return _T(np.zeros(_shape_of(*size), ms.dtype_to_nptype(dtype) if dtype else dt))
    return g


def _rnd_like(dt):
    def g(x, *a, dtype=None, device=None):
        return _T(np.zeros(_n(x).shape, ms.dtype_to_nptype(dtype) if dtype else (dt or _n(x).dtype)))
    return g


def _randint(*a, generator=None, dtype=None, device=None):
    return _T(np.zeros(tuple(a[-1]), ms.dtype_to_nptype(dtype) if dtype else np.int64))


def _normal(mean=0.0, std=1.0, size=None, generator=None):
    if size is not None:
        return _T(np.zeros(size, np.float32))
    return _T(np.zeros(np.broadcast_shapes(np.shape(_n(mean)), np.shape(_n(std))), np.float32))


def _multinomial(x, n, replacement=False, *, generator=None):
    return _T(np.zeros(_n(x).shape[:-1] + (n,), np.int64))


# random ops: MindSpore's CPU build has no kernel; the shape and dtype follow its documentation
FB_RANDOM = {
    "rand": _rnd(np.float32), "randn": _rnd(np.float32), "rand_like": _rnd_like(None), "randn_like": _rnd_like(None),
    "randint": _randint, "randint_like": _rnd_like(None),
    "randperm": lambda n, *, generator=None, dtype=ms.int64: _T(np.zeros(n, ms.dtype_to_nptype(dtype))),
    "normal": _normal, "bernoulli": lambda x, *, generator=None: _T(np.zeros_like(_n(x))),
    "multinomial": _multinomial,
}
FB_OPS.update(FB_RANDOM)



def _act(fn):
    def g(x, *a, inplace=False, **kw):
        return fn(x, *a, **kw)
    return g


def _conv_nd(nd):
    """Convolution by unfolding in numpy (MindSpore's CPU build has no kernel for mint's)."""
    def g(x, w, bias=None, stride=1, padding=0, dilation=1, groups=1):
        a, k = _n(x).astype(np.float64), _n(w).astype(np.float64)
        tup = lambda v: (v,) * nd if isinstance(v, int) else tuple(v)  # noqa: E731
        st, dl = tup(stride), tup(dilation)
        ks = k.shape[2:]
        if padding == "valid":
            pads = [(0, 0)] * nd
        elif padding == "same":
            tot = [dl[d] * (ks[d] - 1) for d in range(nd)]
            pads = [(t // 2, t - t // 2) for t in tot]
        else:
            pads = [(p, p) for p in tup(padding)]
        a = np.pad(a, [(0, 0), (0, 0)] + pads)
        sp = a.shape[2:]
        outs = [(sp[d] - dl[d] * (ks[d] - 1) - 1) // st[d] + 1 for d in range(nd)]
        N, C = a.shape[:2]
        O = k.shape[0]
        cg, og = C // groups, O // groups
        res = np.zeros((N, O) + tuple(outs))
        for o in np.ndindex(*outs):
            sl = tuple(slice(o[d] * st[d], o[d] * st[d] + dl[d] * (ks[d] - 1) + 1, dl[d]) for d in range(nd))
            win = a[(slice(None), slice(None)) + sl]
            for gi in range(groups):
                wg = k[gi * og:(gi + 1) * og]
                xg = win[:, gi * cg:(gi + 1) * cg]
                res[(slice(None), slice(gi * og, (gi + 1) * og)) + o] = np.tensordot(
                    xg, wg, axes=(list(range(1, nd + 2)), list(range(1, nd + 2))))
        if bias is not None:
            res = res + _n(bias).reshape((1, -1) + (1,) * nd)
        return _T(res.astype(np.float32))
    return g


def _convT(x, w, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Transposed 2-D convolution by scattering in numpy."""
    a, k = _n(x).astype(np.float64), _n(w).astype(np.float64)
    two = lambda v: (v, v) if isinstance(v, int) else tuple(v)  # noqa: E731
    st, pd, op, dl = two(stride), two(padding), two(output_padding), two(dilation)
    N, C, H, W = a.shape
    _, og, kh, kw = k.shape
    full = np.zeros((N, og * groups, (H - 1) * st[0] + dl[0] * (kh - 1) + 1 + op[0],
                     (W - 1) * st[1] + dl[1] * (kw - 1) + 1 + op[1]))
    cg = C // groups
    for gi in range(groups):
        for i_ in range(H):
            for j in range(W):
                contrib = np.einsum("nc,cokl->nokl", a[:, gi * cg:(gi + 1) * cg, i_, j], k[gi * cg:(gi + 1) * cg])
                full[:, gi * og:(gi + 1) * og, i_ * st[0]: i_ * st[0] + dl[0] * (kh - 1) + 1: dl[0],
                     j * st[1]: j * st[1] + dl[1] * (kw - 1) + 1: dl[1]] += contrib
    oh = (H - 1) * st[0] - 2 * pd[0] + dl[0] * (kh - 1) + op[0] + 1
    ow = (W - 1) * st[1] - 2 * pd[1] + dl[1] * (kw - 1) + op[1] + 1
    res = full[:, :, pd[0]:pd[0] + oh, pd[1]:pd[1] + ow]
    if bias is not None:
        res = res + _n(bias).reshape(1, -1, 1, 1)
    return _T(res.astype(np.float32))


def _pool_np(kind, nd):
    def g(x, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None,
          dilation=1, return_indices=False):
        a = _n(x).astype(np.float64)
        k = (kernel_size,) * nd if isinstance(kernel_size, int) else tuple(kernel_size)
        st = k if stride is None else ((stride,) * nd if isinstance(stride, int) else tuple(stride))
        pd = (padding,) * nd if isinstance(padding, int) else tuple(padding)
        sp = a.shape[2:]
        outs = []
        for d in range(nd):
            o = (sp[d] + 2 * pd[d] - k[d] + (st[d] - 1 if ceil_mode else 0)) // st[d] + 1
            if ceil_mode and (o - 1) * st[d] >= sp[d] + pd[d]:
                o -= 1
            outs.append(o)
        padv = -np.inf if kind == "max" else 0.0
        ap = np.pad(a, [(0, 0), (0, 0)] + [(p, p + k[d] * 2) for d, p in enumerate(pd)], constant_values=padv)
        ones = np.pad(np.ones(sp), [(p, p + k[d] * 2) for d, p in enumerate(pd)])
        inpad = np.pad(np.ones(sp), [(p, p) for p in pd], constant_values=1.0)
        inpad = np.pad(inpad, [(0, k[d] * 2) for d in range(nd)])
        res = np.zeros(a.shape[:2] + tuple(outs))
        idxs = np.zeros(a.shape[:2] + tuple(outs), np.int64)
        for o in np.ndindex(*outs):
            sl = tuple(slice(o[d] * st[d], o[d] * st[d] + k[d]) for d in range(nd))
            win = ap[(Ellipsis,) + sl]
            if kind == "max":
                flat = win.reshape(a.shape[:2] + (-1,))
                res[(Ellipsis,) + o] = flat.max(-1)
                am = flat.argmax(-1)
                loc = np.array(np.unravel_index(am, k))
                glob = [loc[d] + o[d] * st[d] - pd[d] for d in range(nd)]
                idxs[(Ellipsis,) + o] = np.ravel_multi_index(glob, sp)
            else:
                if divisor_override:
                    div = divisor_override
                elif count_include_pad:
                    div = inpad[sl].sum()
                else:
                    div = ones[sl].sum()
                res[(Ellipsis,) + o] = win.reshape(a.shape[:2] + (-1,)).sum(-1) / div
        if return_indices:
            return _T(res.astype(_n(x).dtype)), _T(idxs)
        return _T(res.astype(_n(x).dtype))
    return g


def _adaptive_np(kind, nd):
    def g(x, output_size, return_indices=False):
        a = _n(x)
        sp = a.shape[2:]
        os_ = (output_size,) * nd if isinstance(output_size, int) else tuple(
            sp[d] if v is None else v for d, v in enumerate(output_size))
        res = np.zeros(a.shape[:2] + os_, a.dtype)
        idxs = np.zeros(a.shape[:2] + os_, np.int64)
        for o in np.ndindex(*os_):
            lo = [(o[d] * sp[d]) // os_[d] for d in range(nd)]
            hi = [-((-(o[d] + 1) * sp[d]) // os_[d]) for d in range(nd)]
            sl = tuple(slice(lo[d], hi[d]) for d in range(nd))
            win = a[(Ellipsis,) + sl].reshape(a.shape[:2] + (-1,))
            if kind == "max":
                res[(Ellipsis,) + o] = win.max(-1)
                loc = np.array(np.unravel_index(win.argmax(-1), [hi[d] - lo[d] for d in range(nd)]))
                idxs[(Ellipsis,) + o] = np.ravel_multi_index([loc[d] + lo[d] for d in range(nd)], sp)
            else:
                res[(Ellipsis,) + o] = win.mean(-1)
        if return_indices:
            return _T(res), _T(idxs)
        return _T(res)
    return g


def _unpool(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    a, idx = _n(x), _n(indices)
    k = (kernel_size,) * 2 if isinstance(kernel_size, int) else kernel_size
    st = k if stride is None else ((stride,) * 2 if isinstance(stride, int) else stride)
    pd = (padding,) * 2 if isinstance(padding, int) else padding
    if output_size is None:
        output_size = tuple((a.shape[2 + d] - 1) * st[d] - 2 * pd[d] + k[d] for d in range(2))
    output_size = tuple(output_size)[-2:]
    out = np.zeros(a.shape[:2] + (output_size[0] * output_size[1],), a.dtype)
    for n_ in range(a.shape[0]):
        for c_ in range(a.shape[1]):
            out[n_, c_, idx[n_, c_].ravel()] = a[n_, c_].ravel()
    return _T(out.reshape(a.shape[:2] + output_size))


def _pad(x, pad, mode="constant", value=None):
    a = _n(x)
    nd = len(pad) // 2
    widths = [(0, 0)] * (a.ndim - nd) + [(pad[2 * (nd - 1 - d)], pad[2 * (nd - 1 - d) + 1]) for d in range(nd)]
    if mode == "constant":
        return _T(np.pad(a, widths, constant_values=0 if value is None else value))
    return _T(np.pad(a, widths, mode={"reflect": "reflect", "replicate": "edge", "circular": "wrap"}[mode]))


def _unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    two = lambda v: (v, v) if isinstance(v, int) else tuple(v)  # noqa: E731
    k, d, p, s_ = two(kernel_size), two(dilation), two(padding), two(stride)
    a = np.pad(_n(x), [(0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])])
    N, C, H, W = a.shape
    oh = (H - d[0] * (k[0] - 1) - 1) // s_[0] + 1
    ow = (W - d[1] * (k[1] - 1) - 1) // s_[1] + 1
    cols = np.zeros((N, C, k[0], k[1], oh, ow), a.dtype)
    for i_ in range(k[0]):
        for j in range(k[1]):
            cols[:, :, i_, j] = a[:, :, i_ * d[0]: i_ * d[0] + s_[0] * oh: s_[0], j * d[1]: j * d[1] + s_[1] * ow: s_[1]]
    return _T(cols.reshape(N, C * k[0] * k[1], oh * ow))


def _fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    two = lambda v: (v, v) if isinstance(v, int) else tuple(v)  # noqa: E731
    k, d, p, s_ = two(kernel_size), two(dilation), two(padding), two(stride)
    os_ = two(output_size)
    a = _n(x)
    N, CK, L = a.shape
    C = CK // (k[0] * k[1])
    H, W = os_[0] + 2 * p[0], os_[1] + 2 * p[1]
    oh = (H - d[0] * (k[0] - 1) - 1) // s_[0] + 1
    ow = (W - d[1] * (k[1] - 1) - 1) // s_[1] + 1
    cols = a.reshape(N, C, k[0], k[1], oh, ow)
    out = np.zeros((N, C, H, W), a.dtype)
    for i_ in range(k[0]):
        for j in range(k[1]):
            out[:, :, i_ * d[0]: i_ * d[0] + s_[0] * oh: s_[0], j * d[1]: j * d[1] + s_[1] * ow: s_[1]] += cols[:, :, i_, j]
    return _T(out[:, :, p[0]: p[0] + os_[0], p[1]: p[1] + os_[1]])


def _loss_red(v, reduction):
    return v.mean() if reduction == "mean" else v.sum() if reduction == "sum" else v


def _ce(x, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    return ops.cross_entropy(x, target, weight, ignore_index, reduction, label_smoothing)


def _soft_margin(x, y, reduction="mean"):
    return _loss_red(ops.log(1 + ops.exp(-y * x)), reduction)


def _cel(x1, x2, t, margin=0.0, reduction="mean"):
    cos = ops.cosine_similarity(x1, x2, dim=1)
    t = t.astype(x1.dtype)
    v = ops.where(t > 0, 1 - cos, ops.maximum(cos - margin, 0 * cos))
    return _loss_red(v, reduction)


def _bn(x, rm, rv, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    a = _n(x).astype(np.float64)
    axes = (0,) + tuple(range(2, a.ndim))
    shp = (1, -1) + (1,) * (a.ndim - 2)
    if training:
        mean, var = a.mean(axes), a.var(axes)
    else:
        mean, var = _n(rm).astype(np.float64), _n(rv).astype(np.float64)
    y = (a - mean.reshape(shp)) / np.sqrt(var.reshape(shp) + eps)
    if weight is not None:
        y = y * _n(weight).reshape(shp)
    if bias is not None:
        y = y + _n(bias).reshape(shp)
    return _T(y.astype(np.float32))


def _ln(x, normalized_shape, weight=None, bias=None, eps=1e-5):
    a = _n(x).astype(np.float64)
    axes = tuple(range(a.ndim - len(normalized_shape), a.ndim))
    y = (a - a.mean(axes, keepdims=True)) / np.sqrt(a.var(axes, keepdims=True) + eps)
    if weight is not None:
        y = y * _n(weight)
    if bias is not None:
        y = y + _n(bias)
    return _T(y.astype(np.float32))


def _gn(x, num_groups, weight=None, bias=None, eps=1e-5):
    a = _n(x).astype(np.float64)
    g = a.reshape(a.shape[0], num_groups, -1)
    y = ((g - g.mean(-1, keepdims=True)) / np.sqrt(g.var(-1, keepdims=True) + eps)).reshape(a.shape)
    shp = (1, -1) + (1,) * (a.ndim - 2)
    if weight is not None:
        y = y * _n(weight).reshape(shp)
    if bias is not None:
        y = y + _n(bias).reshape(shp)
    return _T(y.astype(np.float32))


def _embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False):
    w = _n(weight).copy()
    idx = _n(x)
    if max_norm is not None:
        for r in np.unique(idx):
            nrm = np.linalg.norm(w[r], norm_type)
            if nrm > max_norm:
                w[r] = w[r] * (max_norm / (nrm + 1e-7))
    return _T(w[idx])


def _interp(x, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
    if size is None:
        sf = (scale_factor,) * (x.ndim - 2) if isinstance(scale_factor, (int, float)) else scale_factor
        size = tuple(int(np.floor(x.shape[2 + d] * sf[d])) for d in range(x.ndim - 2))
    if mode in ("nearest", "bilinear", "linear", "bicubic", "trilinear"):
        return ops.interpolate(x, size, None, mode, align_corners, recompute_scale_factor)
    raise ValueError(mode)


FB_F = {
    "relu6": _act(lambda x: ops.relu6(x)), "logsigmoid": lambda x: ops.logsigmoid(x),
    "elu": _act(lambda x, alpha=1.0: _T(np.where(_n(x) > 0, _n(x), alpha * np.expm1(_n(x))).astype(np.float32))),
    "elu_": _act(lambda x, alpha=1.0: _T(np.where(_n(x) > 0, _n(x), alpha * np.expm1(_n(x))).astype(np.float32))),
    "conv_transpose2d": _convT,
    "hardtanh": _act(lambda x, min_val=-1.0, max_val=1.0: ops.hardtanh(x, min_val, max_val)),
    "hardtanh_": _act(lambda x, min_val=-1.0, max_val=1.0: ops.hardtanh(x, min_val, max_val)),
    "gelu": lambda x, approximate="none": ops.gelu(x, approximate),
    "leaky_relu": lambda x, negative_slope=0.01: ops.leaky_relu(x, negative_slope),
    "threshold": _act(lambda x, th, v: ops.threshold(x, th, v)),
    "threshold_": _act(lambda x, th, v: ops.threshold(x, th, v)),
    "log_softmax": lambda x, dim=None, *, dtype=None: ops.log_softmax(
        x.astype(dtype) if dtype else x, -1 if dim is None else dim),
    "relu_": lambda x: ops.relu(x), "sigmoid_": lambda x: ops.sigmoid(x),
    "normalize": lambda x, p=2.0, dim=1, eps=1e-12: _T(_n(x) / np.maximum(
        np.sum(np.abs(_n(x)) ** p, axis=dim, keepdims=True) ** (1 / p), eps)),
    "one_hot": lambda t, num_classes=-1: _T(np.eye(int(_n(t).max()) + 1 if num_classes == -1 else num_classes,
                                                  dtype=np.int64)[_n(t)]),
    "dropout": lambda x, p=0.5, training=True, inplace=False: x if p == 0 or not training else _T(
        np.zeros_like(_n(x))),
    "dropout2d": lambda x, p=0.5, training=True, inplace=False: x if p == 0 or not training else _T(
        np.zeros_like(_n(x))),
    "embedding": _embedding, "layer_norm": _ln, "group_norm": _gn, "batch_norm": _bn,
    "conv1d": _conv_nd(1), "conv2d": _conv_nd(2), "conv3d": _conv_nd(3),
    "avg_pool1d": _pool_np("avg", 1), "avg_pool2d": _pool_np("avg", 2), "avg_pool3d": _pool_np("avg", 3),
    "max_pool2d": _pool_np("max", 2), "max_unpool2d": _unpool,
    "adaptive_avg_pool1d": _adaptive_np("avg", 1), "adaptive_avg_pool2d": _adaptive_np("avg", 2),
    "adaptive_avg_pool3d": _adaptive_np("avg", 3), "adaptive_max_pool1d": _adaptive_np("max", 1),
    "adaptive_max_pool2d": _adaptive_np("max", 2), "pad": _pad, "fold": _fold, "unfold": _unfold,
    "interpolate": _interp, "upsample": _interp,
    "mse_loss": lambda x, y, reduction="mean": _loss_red((x - y) ** 2, reduction),
    "kl_div": lambda x, y, reduction="mean", log_target=False: (lambda v: v.sum() / x.shape[0] if reduction == "batchmean"
                                                                else _loss_red(v, reduction))(
        ops.exp(y) * (y - x) if log_target else ops.xlogy(y, y) - y * x),
    "cross_entropy": _ce, "nll_loss": lambda x, t, weight=None, ignore_index=-100, reduction="mean": ops.nll_loss(
        x, t, weight, ignore_index, reduction),
    "soft_margin_loss": _soft_margin, "cosine_embedding_loss": _cel,
}
FB_OPS["conv2d"] = _conv_nd(2)


def _np_norm(x, ord=None, dim=None, keepdim=False, **kw):
    a = _n(x)
    d = tuple(dim) if isinstance(dim, (tuple, list)) else dim
    if d is None and ord is None:
        return _T(np.asarray(np.sqrt((a.astype(np.float64) ** 2).sum())).astype(a.dtype))
    return _T(np.asarray(np.linalg.norm(a, ord, d, keepdim)).astype(a.dtype))


FB_LINALG = {
    "inv": lambda x: _T(np.linalg.inv(_n(x))),
    "vector_norm": lambda x, ord=2, dim=None, keepdim=False, **kw: _norm(x, ord, dim, keepdim),
    "matrix_norm": lambda x, ord="fro", dim=(-2, -1), keepdim=False, **kw: _np_norm(x, ord, dim, keepdim),
    "norm": _np_norm,
}
FB_OPS["npu_gelu"] = lambda x, approximate="none": ops.gelu(x, approximate)


def run_fn(cs):
    mod = MODS[cs["mod"]]
    fn = getattr(mod, cs["name"])
    args = [dec(a) for a in (enc(a) for a in cs["args"])]
    kw = {k: dec(enc(v)) for k, v in cs["kw"].items()}
    rec = {"mod": cs["mod"], "name": cs["name"], "args": [enc(a) for a in cs["args"]],
           "kw": {k: enc(v) for k, v in cs["kw"].items()}, "random": cs["random"]}
    try:
        out = fn(*args, **kw)
        rec["out"] = out_enc(out, values=not cs["random"])
    except Exception as e:  # noqa: BLE001 - the class is what is recorded
        msg = str(e).split("\n")[0][:200]
        cpu = isinstance(e, (RuntimeError, NotImplementedError)) or "Select CPU" in msg or "kthvalue" in msg
        table = {"mint": FB_OPS, "mint.nn.functional": FB_F, "mint.special": {**FB_OPS, **FB_F}}.get(
            cs["mod"], FB_LINALG)
        if not (cpu and cs["name"] in table):
            rec["error"] = type(e).__name__
            rec["msg"] = msg
            return rec
        fn = table[cs["name"]]
        rec["via"] = "fallback"
        rec["ms_error"] = msg
        try:
            out = fn(*args, **kw)
            rec["out"] = out_enc(out, values=not cs["random"])
        except Exception as e2:  # noqa: BLE001
            rec["error"] = type(e2).__name__
            rec["msg"] = "fallback: " + str(e2).split("\n")[0][:200]
            return rec
    if cs["grad"]:
        rec["grad"] = list(cs["grad"])
    if cs["grad"] and "via" not in rec:  # a numpy fallback has no MindSpore gradient
        pos_ = tuple(p for p in cs["grad"])
        cot = None

        def fwd(*xs):
            o = fn(*xs, **kw)
            if isinstance(o, (tuple, list)):
                o = o[0]
            return (o * cot).sum()
        o0 = out[0] if isinstance(out, (tuple, list)) else out
        cot = Tensor(np.round(rng.uniform(0.5, 1.5, o0.shape), 3).astype(o0.asnumpy().dtype))
        rec["cot"] = enc(A(cot.asnumpy()))
        try:
            g = ms.grad(fwd, grad_position=pos_)(*args)
            g = g if isinstance(g, tuple) else (g,)
            rec["grad"] = list(pos_)
            rec["grads"] = [out_enc(x) for x in g]
        except Exception as e:  # noqa: BLE001
            rec["grad_error"] = type(e).__name__
    return rec


def run_cell(cs):
    cls = getattr(mnn, cs["name"])
    ctor = [dec(enc(a)) for a in cs["ctor"]]
    rec = {"name": cs["name"], "ctor": [enc(a) for a in cs["ctor"]], "ckw": {k: enc(v) for k, v in cs["ckw"].items()},
           "inputs": [enc(a) for a in cs["inputs"]]}
    try:
        net = cls(*ctor, **cs["ckw"])
        params = net.get_parameters()
        rec["params"] = []
        for p in params:
            val = np.asarray(np.round(rng.uniform(0.2, 1.2, p.shape), 3)).astype(p.asnumpy().dtype)
            rec["params"].append({"name": p.name, "shape": list(p.shape), "dtype": str(p.dtype),
                                  "requires_grad": bool(p.requires_grad),
                                  "default": out_enc(Tensor(p.asnumpy()), values=True), "set": enc(A(val))})
            p.set_data(Tensor(val))
        xs = [dec(enc(a)) for a in cs["inputs"]]
        out = net(*xs)
        rec["out"] = out_enc(out)
        rec["after"] = {p.name: out_enc(Tensor(p.asnumpy())) for p in net.get_parameters()}
        if cs["grad"]:
            for p, pr in zip(net.get_parameters(), rec["params"]):  # reset the running statistics
                p.set_data(dec(pr["set"]))
            w = net.trainable_params()
            fp = tuple(k for k, x in enumerate(xs) if x.dtype in (ms.float32, ms.float64))
            g = ms.grad(lambda *a: net(*a).sum(), grad_position=fp, weights=w if w else None)(*xs)
            if w:
                gi, gw = g
            else:
                gi, gw = g, ()
            gi = gi if isinstance(gi, tuple) else (gi,)
            gw = gw if isinstance(gw, tuple) else (gw,)
            rec["grad_pos"] = list(fp)
            rec["grads"] = [out_enc(x) for x in gi]
            rec["wgrads"] = {p.name: out_enc(x) for p, x in zip(w, gw)}
    except Exception as e:  # noqa: BLE001
        rec["error"] = type(e).__name__
        rec["msg"] = str(e).split("\n")[0][:200]
        # no CPU kernel: the forward is checked against mint.nn.functional's recorded cases instead
        rec["cpu_missing"] = "unregistered" in rec["msg"] or "Not implement" in rec["msg"]
    return rec


def run_opt(name, kw):
    w0 = np.round(rng.uniform(-1, 1, (2, 3)), 3).astype(np.float32)
    b0 = np.round(rng.uniform(-1, 1, (3,)), 3).astype(np.float32)
    grads = [[np.round(rng.uniform(-1, 1, s), 3).astype(np.float32) for s in ((2, 3), (3,))] for _ in range(3)]
    pw, pb = ms.Parameter(Tensor(w0), name="w"), ms.Parameter(Tensor(b0), name="b")
    rec = {"name": name, "kw": {k: enc(v) for k, v in kw.items()}, "w0": enc(A(w0)), "b0": enc(A(b0)),
           "grads": [[enc(A(x)) for x in g] for g in grads]}
    try:
        opt = getattr(moptim, name)([pw, pb], **kw)
        steps = []
        for g in grads:
            opt(tuple(Tensor(x) for x in g))
            steps.append([pw.asnumpy().ravel().tolist(), pb.asnumpy().ravel().tolist()])
        rec["steps"] = steps
        if np.allclose(steps[0][0], w0.ravel()):
            # MindSpore 2.10's PyNative CPU mint.optim step leaves the Parameters unchanged
            raise RuntimeError("the step did not change the Parameters")
    except Exception as e:  # noqa: BLE001 - MindSpore 2.10 has no CPU kernel for AdamW
        rec["ms_error"] = str(e).split("\n")[0][:200]
        rec["via"] = "numpy"
        ref = {"AdamW": _adamw_np, "Adam": _adam_np, "SGD": _sgd_np}[name]
        rec["steps"] = ref([w0, b0], grads, **kw)
    return rec


def _adam_np(params, grads, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False,
             maximize=False):
    """Adam as mint.optim.Adam documents it (L2 decay added to the gradient)."""
    return _adamw_np(params, grads, lr, betas, eps, weight_decay, amsgrad, maximize, decoupled=False)


def _sgd_np(params, grads, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, maximize=False):
    """SGD as mint.optim.SGD documents it (the first momentum buffer is the gradient)."""
    ps = [p.astype(np.float64) for p in params]
    bufs = [None] * len(ps)
    steps = []
    for gs in grads:
        for k, g in enumerate(gs):
            g = (-g if maximize else g).astype(np.float64)
            if weight_decay:
                g = g + weight_decay * ps[k]
            if momentum:
                bufs[k] = g if bufs[k] is None else momentum * bufs[k] + (1 - dampening) * g
                g = g + momentum * bufs[k] if nesterov else bufs[k]
            ps[k] = ps[k] - lr * g
        steps.append([p.astype(np.float32).ravel().tolist() for p in ps])
    return steps


def _adamw_np(params, grads, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False,
              maximize=False, decoupled=True):
    """AdamW as mint.optim.AdamW documents it (decoupled decay, bias-corrected moments)."""
    ps = [p.astype(np.float64) for p in params]
    m_ = [np.zeros_like(p) for p in ps]
    v_ = [np.zeros_like(p) for p in ps]
    vmax = [np.zeros_like(p) for p in ps]
    steps = []
    for t, gs in enumerate(grads, 1):
        for k, g in enumerate(gs):
            g = (-g if maximize else g).astype(np.float64)
            if decoupled:
                ps[k] = ps[k] * (1 - lr * weight_decay)
            elif weight_decay:
                g = g + weight_decay * ps[k]
            m_[k] = betas[0] * m_[k] + (1 - betas[0]) * g
            v_[k] = betas[1] * v_[k] + (1 - betas[1]) * g * g
            vv = v_[k]
            if amsgrad:
                vmax[k] = np.maximum(vmax[k], v_[k])
                vv = vmax[k]
            bc1, bc2 = 1 - betas[0] ** t, 1 - betas[1] ** t
            ps[k] = ps[k] - lr / bc1 * m_[k] / (np.sqrt(vv) / np.sqrt(bc2) + eps)
        steps.append([p.astype(np.float32).ravel().tolist() for p in ps])
    return steps


def main():
    fns = [run_fn(cs) for cs in CASES]
    cells = [run_cell(cs) for cs in CELLS]
    opts = [run_opt(n, kw) for n, kw in OPTS]
    data = {"version": ms.__version__, "fns": fns, "cells": cells, "optim": opts}
    text = json.dumps(data, separators=(",", ":"))
    (HERE / "ms_mint.json").write_text(text)
    errs = [(r["mod"], r["name"], r["error"], r["msg"][:80]) for r in fns if "error" in r]
    print(len(fns), "fn cases,", len(errs), "errors;", len(cells), "cells;", len(text) // 1024, "KiB")
    for e in errs:
        print(" ", *e)
    for r in cells:
        if "error" in r:
            print("  cell", r["name"], r["error"], r["msg"][:100])
    for r in opts:
        if "error" in r:
            print("  optim", r["name"], r["error"], r["msg"][:100])
    for r in fns:
        if "grad_error" in r:
            print("  grad", r["name"], r["grad_error"])


if __name__ == "__main__":
    main()
