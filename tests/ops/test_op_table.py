"""The op table: every functional op, checked against a jax/numpy reference.

Each row gives the op name, the mindjax call, a jax reference, the input specs (shape and
value domain) and whether the op is differentiable. For every row: the forward equals the
reference in float32 and float64, on broadcast and 0-d shapes where the row lists them; the
bprop equals ``jax.vjp`` of the reference (float64, random cotangent); ``mindjax.jit`` gives
the eager result. A few smooth ops are checked for grad-of-grad, and the result dtypes of
mixed arithmetic are checked against values recorded from MindSpore 2.10.
"""
from __future__ import annotations

import zlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import mindjax as ms
from mindjax import ops

jax.config.update("jax_enable_x64", True)


class Row:
    def __init__(self, name, fn, ref, specs, grad=True, more=(), dtypes=("float32", "float64"), jit=True,
                 rtol=None):
        self.name, self.fn, self.ref, self.specs, self.grad = name, fn, ref, specs, grad
        self.more, self.dtypes, self.jit, self.rtol = list(more), dtypes, jit, rtol

    def __repr__(self):
        return self.name


def _seed(*parts):
    return zlib.crc32(repr(parts).encode())


def make_inputs(specs, dtype, seed):
    """numpy arrays for ``specs``: (shape, domain); floats in ``dtype``, ints/bools as given."""
    rng = np.random.default_rng(seed)
    out = []
    for shape, dom in specs:
        if isinstance(dom, np.ndarray):
            out.append(dom)
            continue
        if isinstance(dom, tuple) and dom[0] == "i":
            out.append(rng.integers(0, dom[1], shape).astype(np.int64))
            continue
        if dom == "b":
            out.append(rng.random(shape) > 0.5)
            continue
        if dom == "i32":
            out.append(rng.integers(-5, 6, shape).astype(np.int32))
            continue
        v = {"n": lambda: rng.standard_normal(shape),
             "p": lambda: rng.uniform(0.5, 2.0, shape),
             "u": lambda: rng.uniform(-0.9, 0.9, shape),
             "g": lambda: rng.uniform(1.2, 3.0, shape),
             "pr": lambda: rng.uniform(0.05, 0.95, shape),
             "nz": lambda: rng.choice([-1, 1], shape) * rng.uniform(0.5, 2.0, shape)}[dom]()
        out.append(np.asarray(v, dtype))
    return out


def _is_float(a):
    return np.asarray(a).dtype.kind == "f"


def _np(x):
    if isinstance(x, ms.Tensor):
        return x.asnumpy()
    return np.asarray(x)


def _flat(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def _close(got, want, dtype):
    got, want = _flat(got), _flat(want)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        g, w = _np(g), np.asarray(w)
        assert g.shape == w.shape, (g.shape, w.shape)
        if w.dtype.kind == "f":
            tol = 1e-5 if dtype == "float32" else 1e-12
            np.testing.assert_allclose(g, w, rtol=tol, atol=tol * 10)
        else:
            np.testing.assert_array_equal(g, w)


# ---- reference helpers ---------------------------------------------------------------------
def _conv_ref(x, w, stride=1, padding="VALID", dilation=1, groups=1, dims=2):
    s = (stride,) * dims if isinstance(stride, int) else stride
    d = (dilation,) * dims if isinstance(dilation, int) else dilation
    dn = ("NCH", "OIH", "NCH") if dims == 1 else ("NCHW", "OIHW", "NCHW")
    return jax.lax.conv_general_dilated(x, w, s, padding, rhs_dilation=d, dimension_numbers=dn,
                                        feature_group_count=groups, precision="highest")


def _conv_t_ref(x, w, stride, padding, output_padding=0, dilation=1, groups=1):
    k = w.shape[2:]
    hw = tuple((n - 1) * stride - 2 * padding + dilation * (kk - 1) + 1 + output_padding
               for n, kk in zip(x.shape[2:], k))
    y0 = jnp.zeros((x.shape[0], w.shape[1] * groups) + hw, x.dtype)
    _, vjp = jax.vjp(lambda y: _conv_ref(y, w, stride, ((padding, padding),) * 2, dilation, groups), y0)
    return vjp(x)[0]


def _pool_ref(x, kind, k, s, pad):
    win, st = (1, 1, k, k), (1, 1, s, s)
    if kind == "max":
        return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, win, st, pad)
    tot = jax.lax.reduce_window(x, 0.0, jax.lax.add, win, st, pad)
    cnt = jax.lax.reduce_window(jnp.ones_like(x), 0.0, jax.lax.add, win, st, pad)
    return tot / cnt


def _ce_ref(x, t, reduction="mean", w=None):
    lsm = jax.nn.log_softmax(x, 1)
    picked = -jnp.take_along_axis(lsm, t[:, None], 1)[:, 0]
    ww = jnp.ones(x.shape[1], x.dtype) if w is None else w
    wt = ww[t]
    loss = picked * wt
    return {"mean": jnp.sum(loss) / jnp.sum(wt), "sum": jnp.sum(loss), "none": loss}[reduction]


def _nll_ref(x, t, reduction="mean"):
    loss = -jnp.take_along_axis(x, t[:, None], 1)[:, 0]
    return {"mean": jnp.mean(loss), "sum": jnp.sum(loss), "none": loss}[reduction]


def _bce_logits_ref(x, y, w=None, pw=None):
    lw = 1 + (pw - 1) * y if pw is not None else 1.0
    loss = (1 - y) * x + lw * (jnp.log1p(jnp.exp(-jnp.abs(x))) + jnp.maximum(-x, 0))
    if w is not None:
        loss = loss * w
    return jnp.mean(loss)


def _norm_ref(x, axes, eps=1e-5):
    m = jnp.mean(x, axes, keepdims=True)
    v = jnp.mean((x - m) ** 2, axes, keepdims=True)
    return (x - m) / jnp.sqrt(v + eps)


def _group_norm_ref(x, g, w, b, eps=1e-5):
    n, c = x.shape[:2]
    y = _norm_ref(x.reshape(n, g, -1), -1, eps).reshape(x.shape)
    return y * w.reshape(1, c, 1, 1) + b.reshape(1, c, 1, 1)


def _bn_ref(x, m, v, w, b, eps=1e-5):
    sh = (1, -1, 1, 1)
    return (x - m.reshape(sh)) / jnp.sqrt(v.reshape(sh) + eps) * w.reshape(sh) + b.reshape(sh)


def _setitem(key, value_is_input=True):
    def fn(x, v):
        return ops.setitem(x, key, v)

    def ref(x, v):
        return x.at[key].set(v)
    return fn, ref


# ---- the table -----------------------------------------------------------------------------------
N34 = [((3, 4), "n")]
BIN = [((3, 4), "n"), ((3, 4), "n")]
BIN_MORE = [[((2, 1, 4), "n"), ((3, 1), "n")], [((), "n"), ((3, 4), "n")], [((), "n"), ((), "n")]]
UN_MORE = [[((), "n")]]


def _dom(specs, dom):
    return [[(s, dom if d == "n" else d) for s, d in sp] for sp in specs]


def unary(name, fn, ref, dom="n", grad=True):
    return Row(name, fn, ref, [((3, 4), dom)], grad, _dom(UN_MORE, dom))


def binary(name, fn, ref, d1="n", d2="n", grad=True):
    more = [[(sp[0][0], d1 if sp[0][1] == "n" else sp[0][1]), (sp[1][0], d2)] for sp in BIN_MORE]
    return Row(name, fn, ref, [((3, 4), d1), ((3, 4), d2)], grad, more)


MASK = np.array([[True, False, True, False], [False, False, True, True], [True, True, False, False]])
IDX = np.array([2, 0, 1, 2])

ROWS = [
    # elementwise unary
    unary("neg", ops.neg, jnp.negative),
    unary("abs", ops.abs, jnp.abs, "nz"),
    unary("exp", ops.exp, jnp.exp),
    unary("expm1", ops.expm1, jnp.expm1),
    unary("log", ops.log, jnp.log, "p"),
    unary("log1p", ops.log1p, jnp.log1p, "p"),
    unary("log2", ops.log2, jnp.log2, "p"),
    unary("log10", ops.log10, jnp.log10, "p"),
    unary("sqrt", ops.sqrt, jnp.sqrt, "p"),
    unary("rsqrt", ops.rsqrt, jax.lax.rsqrt, "p"),
    unary("square", ops.square, jnp.square),
    unary("reciprocal", ops.reciprocal, jnp.reciprocal, "p"),
    unary("sin", ops.sin, jnp.sin),
    unary("cos", ops.cos, jnp.cos),
    unary("tan", ops.tan, jnp.tan, "u"),
    unary("sinh", ops.sinh, jnp.sinh),
    unary("cosh", ops.cosh, jnp.cosh),
    unary("tanh", ops.tanh, jnp.tanh),
    unary("asin", ops.asin, jnp.arcsin, "u"),
    unary("acos", ops.acos, jnp.arccos, "u"),
    unary("atan", ops.atan, jnp.arctan),
    unary("asinh", ops.asinh, jnp.arcsinh),
    unary("acosh", ops.acosh, jnp.arccosh, "g"),
    unary("atanh", ops.atanh, jnp.arctanh, "u"),
    unary("sigmoid", ops.sigmoid, jax.nn.sigmoid),
    unary("erf", ops.erf, jax.scipy.special.erf),
    unary("erfc", ops.erfc, jax.scipy.special.erfc),
    unary("erfinv", ops.erfinv, jax.scipy.special.erfinv, "u"),
    unary("logit", ops.logit, jax.scipy.special.logit, "pr"),
    unary("floor", ops.floor, jnp.floor),
    unary("ceil", ops.ceil, jnp.ceil),
    unary("round", ops.round, jnp.round),
    unary("trunc", ops.trunc, jnp.trunc),
    unary("sign", ops.sign, jnp.sign),
    unary("isnan", ops.isnan, jnp.isnan, grad=False),
    unary("isinf", ops.isinf, jnp.isinf, grad=False),
    unary("isfinite", ops.isfinite, jnp.isfinite, grad=False),
    unary("logical_not", ops.logical_not, jnp.logical_not, "b", grad=False),
    # elementwise binary
    binary("add", ops.add, jnp.add),
    binary("sub", ops.sub, jnp.subtract),
    binary("mul", ops.mul, jnp.multiply),
    binary("div", ops.div, jnp.divide, "n", "nz"),
    binary("pow", ops.pow, jnp.power, "p", "n"),
    binary("maximum", ops.maximum, jnp.maximum),
    binary("minimum", ops.minimum, jnp.minimum),
    binary("squared_difference", ops.squared_difference, lambda a, b: (a - b) ** 2),
    binary("atan2", ops.atan2, jnp.arctan2),
    binary("floor_div", ops.floor_div, jnp.floor_divide, "n", "nz", grad=False),
    binary("floor_mod", ops.floor_mod, jnp.mod, "n", "nz"),
    binary("truncate_div", ops.truncate_div, lambda a, b: jnp.trunc(a / b), "n", "nz", grad=False),
    binary("truncate_mod", ops.truncate_mod, jnp.fmod, "n", "nz"),
    binary("xlogy", ops.xlogy, jax.scipy.special.xlogy, "n", "p"),
    binary("logaddexp", ops.logaddexp, jnp.logaddexp),
    binary("div_floor", lambda a, b: ops.div(a, b, rounding_mode="floor"), jnp.floor_divide, "n", "nz", False),
    binary("equal", ops.equal, jnp.equal, grad=False),
    binary("not_equal", ops.not_equal, jnp.not_equal, grad=False),
    binary("greater", ops.greater, jnp.greater, grad=False),
    binary("greater_equal", ops.greater_equal, jnp.greater_equal, grad=False),
    binary("less", ops.less, jnp.less, grad=False),
    binary("less_equal", ops.less_equal, jnp.less_equal, grad=False),
    binary("logical_and", ops.logical_and, jnp.logical_and, "b", "b", grad=False),
    binary("logical_or", ops.logical_or, jnp.logical_or, "b", "b", grad=False),
    binary("logical_xor", ops.logical_xor, jnp.logical_xor, "b", "b", grad=False),
    binary("bitwise_and", ops.bitwise_and, jnp.bitwise_and, "i32", "i32", grad=False),
    binary("bitwise_or", ops.bitwise_or, jnp.bitwise_or, "i32", "i32", grad=False),
    binary("bitwise_xor", ops.bitwise_xor, jnp.bitwise_xor, "i32", "i32", grad=False),
    Row("lerp", ops.lerp, lambda a, b, w: a + w * (b - a), [((3, 4), "n"), ((3, 4), "n"), ((4,), "pr")]),
    Row("select", ops.select, jnp.where, [((3, 4), "b"), ((3, 4), "n"), ((3, 4), "n")], True,
        [[((3, 4), "b"), ((4,), "n"), ((), "n")]]),
    Row("where", ops.where, jnp.where, [((3, 4), "b"), ((3, 4), "n"), ((3, 1), "n")]),
    Row("clamp", lambda x: ops.clamp(x, -0.5, 0.7), lambda x: jnp.clip(x, -0.5, 0.7), N34, True, UN_MORE),
    Row("clamp_tensor", ops.clamp, lambda x, a, b: jnp.minimum(jnp.maximum(x, a), b),
        [((3, 4), "n"), ((4,), "u"), ((3, 1), "g")]),
    Row("clamp_min", lambda x: ops.clamp(x, min=0.1), lambda x: jnp.maximum(x, 0.1), N34),
    Row("hardtanh", lambda x: ops.hardtanh(x, -0.5, 0.7), lambda x: jnp.clip(x, -0.5, 0.7), N34, True, UN_MORE),
    Row("cast_f16", lambda x: ops.cast(x, ms.float16), lambda x: x.astype(jnp.float16), [((3, 4), "u")],
        grad=False),
    Row("cast_i32", lambda x: ops.cast(x, ms.int32), lambda x: x.astype(jnp.int32), N34, grad=False),
    Row("cast_f64", lambda x: ops.cast(x, ms.float64), lambda x: x.astype(jnp.float64), N34),
    Row("addn", lambda a, b, c: ops.addn([a, b, c]), lambda a, b, c: a + b + c, [((3, 4), "n")] * 3),
    # reductions
    *[Row(f"sum{i}", (lambda a, k: lambda x: ops.sum(x, *a, **k))(a, k),
          (lambda a, k: lambda x: jnp.sum(x, *a, keepdims=k.get("keepdim", False)))(a, k),
          [((3, 4, 5), "n")], True, [[((), "n")]] if not a else [])
      for i, (a, k) in enumerate([((), {}), ((1,), {}), (((0, 2),), {"keepdim": True}), ((-1,), {})])],
    Row("reduce_sum", lambda x: ops.reduce_sum(x, (0, 1), True), lambda x: jnp.sum(x, (0, 1), keepdims=True),
        [((3, 4, 5), "n")]),
    Row("mean", ops.mean, jnp.mean, [((3, 4, 5), "n")], True, [[((), "n")]]),
    Row("mean_axis", lambda x: ops.mean(x, 1, True), lambda x: jnp.mean(x, 1, keepdims=True), [((3, 4, 5), "n")]),
    Row("mean_axes", lambda x: ops.mean(x, (0, -1)), lambda x: jnp.mean(x, (0, 2)), [((3, 4, 5), "n")]),
    Row("amax", lambda x: ops.amax(x, 1), lambda x: jnp.max(x, 1), [((3, 4, 5), "n")]),
    Row("amax_all", ops.amax, jnp.max, [((3, 4, 5), "n")], True, [[((), "n")]]),
    Row("amin_keep", lambda x: ops.amin(x, (0, 2), True), lambda x: jnp.min(x, (0, 2), keepdims=True),
        [((3, 4, 5), "n")]),
    Row("max_values", lambda x: ops.max(x, 1)[0], lambda x: jnp.max(x, 1), [((3, 4, 5), "n")]),
    Row("max_indices", lambda x: ops.max(x, 1)[1], lambda x: jnp.argmax(x, 1), [((3, 4, 5), "n")], False),
    Row("min_all", ops.min, jnp.min, [((3, 4), "n")]),
    Row("argmax", lambda x: ops.argmax(x, -1), lambda x: jnp.argmax(x, -1), [((3, 4, 5), "n")], False),
    Row("argmin_keep", lambda x: ops.argmin(x, 0, True), lambda x: jnp.argmin(x, 0, keepdims=True),
        [((3, 4, 5), "n")], False),
    Row("prod", lambda x: ops.prod(x, 1), lambda x: jnp.prod(x, 1), [((3, 4, 5), "n")]),
    Row("prod_zero", lambda x: ops.prod(x, 1), lambda x: jnp.prod(x, 1),
        [((3, 4), np.array([[0., 1, 2, 3], [0, 0, 1, 2], [1, 2, 3, 4]]))]),
    Row("all", lambda x: ops.all(x, 1), lambda x: jnp.all(x, 1), [((3, 4), "b")], False),
    Row("any", ops.any, jnp.any, [((3, 4), "b")], False),
    Row("var", lambda x: ops.var(x, 1), lambda x: jnp.var(x, 1), [((3, 4, 5), "n")]),
    Row("std_ddof", lambda x: ops.std(x, (0, 2), 1, True), lambda x: jnp.std(x, (0, 2), ddof=1, keepdims=True),
        [((3, 4, 5), "n")]),
    Row("logsumexp", lambda x: ops.logsumexp(x, 1), lambda x: jax.scipy.special.logsumexp(x, 1), [((3, 4, 5), "n")]),
    Row("norm", lambda x: ops.norm(x, dim=1), lambda x: jnp.linalg.norm(x, axis=1), [((3, 4), "n")]),
    Row("norm_l1", lambda x: ops.norm(x, 1, 0), lambda x: jnp.sum(jnp.abs(x), 0), [((3, 4), "nz")]),
    Row("cumsum", lambda x: ops.cumsum(x, 1), lambda x: jnp.cumsum(x, 1), [((3, 4, 5), "n")]),
    Row("cumsum_neg", lambda x: ops.cumsum(x, -1), lambda x: jnp.cumsum(x, -1), [((3, 4), "n")]),
    Row("cumprod", lambda x: ops.cumprod(x, 1), lambda x: jnp.cumprod(x, 1), [((3, 4), "n")]),
    Row("cumprod_zero", lambda x: ops.cumprod(x, 1), lambda x: jnp.cumprod(x, 1),
        [((2, 4), np.array([[1., 0, 2, 3], [2, 0, 0, 2]]))]),
    # matrix products
    Row("matmul", ops.matmul, jnp.matmul, [((3, 4), "n"), ((4, 5), "n")], True,
        [[((2, 3, 4), "n"), ((4, 5), "n")], [((2, 1, 3, 4), "n"), ((3, 4, 2), "n")], [((4,), "n"), ((4, 5), "n")],
         [((3, 4), "n"), ((4,), "n")], [((4,), "n"), ((4,), "n")], [((2, 3, 4), "n"), ((4,), "n")]]),
    *[Row(f"matmul_t{int(ta)}{int(tb)}", (lambda ta, tb: lambda a, b: ops.matmul_t(a, b, ta, tb))(ta, tb),
          (lambda ta, tb: lambda a, b: jnp.matmul(a.swapaxes(-1, -2) if ta else a, b.swapaxes(-1, -2) if tb else b))
          (ta, tb), [((4, 3) if ta else (3, 4), "n"), ((5, 4) if tb else (4, 5), "n")], True,
          [[((2,) + ((4, 3) if ta else (3, 4)), "n"), ((2,) + ((5, 4) if tb else (4, 5)), "n")]])
      for ta in (False, True) for tb in (False, True)],
    Row("bmm", ops.bmm, jnp.matmul, [((2, 3, 4), "n"), ((2, 4, 5), "n")]),
    Row("mm", ops.mm, jnp.matmul, [((3, 4), "n"), ((4, 5), "n")]),
    # MindSpore's ops.dot takes float16/float32 only; the float64 gradient check is mm's
    Row("dot", ops.dot, jnp.matmul, [((3, 4), "n"), ((4, 5), "n")], dtypes=("float32",), grad=False),
    Row("outer", ops.outer, jnp.outer, [((3,), "n"), ((4,), "n")]),
    Row("addmm", lambda c, a, b: ops.addmm(c, a, b, beta=0.5, alpha=2.0), lambda c, a, b: 0.5 * c + 2.0 * a @ b,
        [((3, 5), "n"), ((3, 4), "n"), ((4, 5), "n")]),
    Row("einsum", lambda a, b: ops.einsum("bij,bjk->bik", a, b), lambda a, b: jnp.einsum("bij,bjk->bik", a, b),
        [((2, 3, 4), "n"), ((2, 4, 5), "n")]),
    Row("einsum_trace", lambda a: ops.einsum("ii", a), lambda a: jnp.einsum("ii", a), [((4, 4), "n")]),
    Row("cdist", ops.cdist, lambda a, b: jnp.sqrt(jnp.sum((a[:, :, None] - b[:, None]) ** 2, -1)),
        [((2, 3, 4), "n"), ((2, 5, 4), "n")]),
    Row("cosine_similarity", ops.cosine_similarity,
        lambda a, b: jnp.sum(a * b, 1) / jnp.maximum(jnp.linalg.norm(a, axis=1) * jnp.linalg.norm(b, axis=1), 1e-8),
        [((3, 4), "n"), ((3, 4), "n")]),
    # shape ops
    Row("reshape", lambda x: ops.reshape(x, (4, -1)), lambda x: x.reshape(4, -1), [((2, 3, 4), "n")]),
    Row("reshape_0d", lambda x: ops.reshape(x, (1, 1)), lambda x: x.reshape(1, 1), [((), "n")]),
    Row("transpose", lambda x: ops.transpose(x, (2, 0, 1)), lambda x: x.transpose(2, 0, 1), [((2, 3, 4), "n")]),
    Row("swapaxes", lambda x: ops.swapaxes(x, 0, -1), lambda x: x.swapaxes(0, -1), [((2, 3, 4), "n")]),
    Row("moveaxis", lambda x: ops.moveaxis(x, 0, -1), lambda x: jnp.moveaxis(x, 0, -1), [((2, 3, 4), "n")]),
    Row("expand_dims", lambda x: ops.expand_dims(x, -1), lambda x: x[..., None], [((3, 4), "n")], True,
        [[((), "n")]]),
    Row("squeeze", ops.squeeze, jnp.squeeze, [((3, 1, 4, 1), "n")]),
    Row("squeeze_axis", lambda x: ops.squeeze(x, 1), lambda x: jnp.squeeze(x, 1), [((3, 1, 4, 1), "n")]),
    Row("flatten", ops.flatten, lambda x: x.reshape(x.shape[0], -1), [((2, 3, 4), "n")]),
    Row("flatten_dims", lambda x: ops.flatten(x, start_dim=0, end_dim=1), lambda x: x.reshape(6, 4),
        [((2, 3, 4), "n")]),
    Row("concat", lambda a, b: ops.concat((a, b), 1), lambda a, b: jnp.concatenate([a, b], 1),
        [((3, 4), "n"), ((3, 2), "n")]),
    Row("stack", lambda a, b: ops.stack([a, b], -1), lambda a, b: jnp.stack([a, b], -1), BIN),
    Row("split", lambda x: ops.split(x, [1, 3], 1), lambda x: tuple(jnp.split(x, [1], 1)), [((3, 4), "n")]),
    Row("split_int", lambda x: ops.split(x, 2, 0), lambda x: tuple(jnp.split(x, [2], 0)), [((3, 4), "n")]),
    Row("unstack", lambda x: ops.unstack(x, 1), lambda x: tuple(x[:, i] for i in range(4)), [((3, 4), "n")]),
    Row("tile", lambda x: ops.tile(x, (2, 1, 3)), lambda x: jnp.tile(x, (2, 1, 3)), [((3, 4), "n")]),
    Row("repeat_interleave", lambda x: ops.repeat_interleave(x, 2, 1), lambda x: jnp.repeat(x, 2, 1),
        [((3, 4), "n")]),
    Row("broadcast_to", lambda x: ops.broadcast_to(x, (2, 3, 4)), lambda x: jnp.broadcast_to(x, (2, 3, 4)),
        [((3, 1), "n")], True, [[((), "n")], [((4,), "n")]]),
    Row("broadcast_to_neg", lambda x: ops.broadcast_to(x, (2, -1, 4)), lambda x: jnp.broadcast_to(x, (2, 3, 4)),
        [((3, 1), "n")]),
    Row("flip", lambda x: ops.flip(x, (0, 2)), lambda x: jnp.flip(x, (0, 2)), [((2, 3, 4), "n")]),
    Row("roll", lambda x: ops.roll(x, 2, 1), lambda x: jnp.roll(x, 2, 1), [((3, 4), "n")]),
    Row("roll_multi", lambda x: ops.roll(x, (1, -1), (0, 1)), lambda x: jnp.roll(x, (1, -1), (0, 1)),
        [((3, 4), "n")]),
    Row("slice", lambda x: ops.slice(x, (1, 0), (2, -1)), lambda x: x[1:3, :], [((3, 4), "n")]),
    Row("strided_slice", lambda x: ops.strided_slice(x, (0, 1), (3, 4), (2, 2)), lambda x: x[0:3:2, 1:4:2],
        [((3, 4), "n")]),
    Row("tril", lambda x: ops.tril(x, -1), lambda x: jnp.tril(x, -1), [((4, 4), "n")]),
    Row("triu", ops.triu, jnp.triu, [((3, 4), "n")]),
    Row("diagonal", lambda x: ops.diagonal(x, 1), lambda x: jnp.diagonal(x, 1), [((3, 4), "n")]),
    Row("diagonal_3d", lambda x: ops.diagonal(x, 0, 1, 2), lambda x: jnp.diagonal(x, 0, 1, 2), [((2, 3, 3), "n")]),
    Row("trace", ops.trace, jnp.trace, [((3, 4), "n")]),
    Row("gather", lambda x, i: ops.gather(x, i, 1), lambda x, i: jnp.take(x, i, 1), [((3, 4), "n"), ((5,), ("i", 4))]),
    Row("gather_2d_idx", lambda x, i: ops.gather(x, i, 0), lambda x, i: jnp.take(x, i, 0),
        [((3, 4), "n"), ((2, 2), ("i", 3))]),
    Row("gather_elements", lambda x, i: ops.gather_elements(x, 1, i), lambda x, i: jnp.take_along_axis(x, i, 1),
        [((3, 4), "n"), ((3, 2), ("i", 4))]),
    Row("index_select", lambda x, i: ops.index_select(x, 1, i), lambda x, i: jnp.take(x, i, 1),
        [((3, 4), "n"), ((5,), ("i", 4))]),
    Row("masked_fill", lambda x, m: ops.masked_fill(x, m, 0.5), lambda x, m: jnp.where(m, 0.5, x),
        [((3, 4), "n"), ((4,), "b")]),
    Row("masked_fill_t", lambda x, m, v: ops.masked_fill(x, m, v), lambda x, m, v: jnp.where(m, v, x),
        [((3, 4), "n"), ((3, 4), "b"), ((), "n")]),
    Row("masked_select", lambda x: ops.masked_select(x, ms.Tensor(MASK)), lambda x: x[MASK], [((3, 4), "n")],
        jit=False),
    Row("scatter_nd", lambda i, u: ops.scatter_nd(i, u, (4, 3)),
        lambda i, u: jnp.zeros((4, 3), u.dtype).at[i[:, 0]].add(u),
        [((2, 1), np.array([[1], [3]])), ((2, 3), "n")]),
    Row("tensor_scatter_update", lambda x, i, u: ops.tensor_scatter_update(x, i, u),
        lambda x, i, u: x.at[i[:, 0], i[:, 1]].set(u), [((3, 4), "n"), ((2, 2), np.array([[0, 1], [2, 3]])),
                                                        ((2,), "n")]),
    Row("tensor_scatter_add", lambda x, i, u: ops.tensor_scatter_add(x, i, u),
        lambda x, i, u: x.at[i[:, 0]].add(u), [((3, 4), "n"), ((3, 1), np.array([[0], [2], [0]])), ((3, 4), "n")]),
    Row("one_hot", lambda i: ops.one_hot(i, 5, 1.0, 0.0), lambda i: jax.nn.one_hot(i, 5, dtype=jnp.float32),
        [((3,), ("i", 5))], False),
    # indexing
    *[Row(f"getitem_{tag}", (lambda k: lambda x: x[k])(k),
          (lambda k: lambda x: x[np.asarray(k) if isinstance(k, list) else k])(k), [((3, 4, 5), "n")])
      for tag, k in [("int", 1), ("negint", -1), ("slice", np.s_[1:]), ("step", np.s_[::2, 1:4:2]),
                     ("negstep", np.s_[::-1, :, ::-2]), ("none", np.s_[None, 1]), ("ellipsis", np.s_[..., 2]),
                     ("mixed", np.s_[1, ..., None, 1:3]), ("tuple_int", (0, 2)), ("list", [2, 0, 2]),
                     ("int_array", np.s_[:, np.array([3, 0])]), ("two_arrays", (np.array([0, 2]), np.array([1, 3])))]],
    Row("getitem_tensor_idx", lambda x, i: x[i], lambda x, i: x[i], [((3, 4), "n"), ((2, 2), ("i", 3))]),
    Row("getitem_mask", lambda x: x[ms.Tensor(MASK)], lambda x: x[MASK], [((3, 4), "n")], jit=False),
    Row("getitem_mask_rows", lambda x: x[ms.Tensor(np.array([True, False, True]))],
        lambda x: x[np.array([True, False, True])], [((3, 4), "n")], jit=False),
    Row("setitem_int", *_setitem(1), [((3, 4), "n"), ((4,), "n")]),
    Row("setitem_slice", *_setitem(np.s_[:, 1:3]), [((3, 4), "n"), ((3, 2), "n")]),
    Row("setitem_bcast", *_setitem(np.s_[::2]), [((3, 4), "n"), ((), "n")]),
    Row("setitem_array", *_setitem(np.s_[np.array([0, 2]), 1]), [((3, 4), "n"), ((2,), "n")]),
    Row("setitem_mask", lambda x, v: ops.setitem(x, ms.Tensor(MASK), v), lambda x, v: jnp.where(MASK, v, x),
        [((3, 4), "n"), ((), "n")]),
    # activations
    unary("relu", ops.relu, jax.nn.relu, "nz"),
    unary("relu6", ops.relu6, jax.nn.relu6, "nz"),
    unary("leaky_relu", lambda x: ops.leaky_relu(x, 0.1), lambda x: jnp.where(x > 0, x, 0.1 * x), "nz"),
    unary("elu", ops.elu, jax.nn.elu, "nz"),
    unary("celu", lambda x: ops.celu(x, 0.5), lambda x: jax.nn.celu(x, 0.5), "nz"),
    unary("gelu", ops.gelu, lambda x: jax.nn.gelu(x, approximate=False)),
    unary("gelu_tanh", lambda x: ops.gelu(x, "tanh"), lambda x: jax.nn.gelu(x, approximate=True)),
    unary("silu", ops.silu, jax.nn.silu),
    unary("softplus", ops.softplus, jax.nn.softplus),
    unary("softplus_beta", lambda x: ops.softplus(x, 2), lambda x: jax.nn.softplus(2 * x) / 2),
    unary("softplus_threshold", lambda x: ops.softplus(x, 2, 0.5),
          lambda x: jnp.where(2 * x > 0.5, x, jax.nn.softplus(2 * x) / 2)),
    unary("softsign", ops.softsign, jax.nn.soft_sign),
    unary("hardswish", ops.hardswish, jax.nn.hard_swish, "nz"),
    unary("hardsigmoid", ops.hardsigmoid, jax.nn.hard_sigmoid, "nz"),
    unary("mish", ops.mish, lambda x: x * jnp.tanh(jax.nn.softplus(x))),
    unary("selu", ops.selu, jax.nn.selu, "nz"),
    unary("logsigmoid", ops.logsigmoid, jax.nn.log_sigmoid),
    Row("prelu", ops.prelu, lambda x, w: jnp.where(x > 0, x, w.reshape(1, -1, 1) * x),
        [((2, 3, 4), "nz"), ((3,), "pr")]),
    Row("softmax", ops.softmax, jax.nn.softmax, [((3, 4), "n")], True, [[((5,), "n")]]),
    Row("softmax_ax0", lambda x: ops.softmax(x, 0), lambda x: jax.nn.softmax(x, 0), [((3, 4), "n")]),
    Row("log_softmax", ops.log_softmax, jax.nn.log_softmax, [((3, 4), "n")]),
    Row("log_softmax_ax1", lambda x: ops.log_softmax(x, 1), lambda x: jax.nn.log_softmax(x, 1), [((2, 3, 4), "n")]),
    # convolution / pooling / normalization
    Row("conv2d", ops.conv2d, _conv_ref, [((2, 3, 7, 6), "n"), ((4, 3, 3, 3), "n")], rtol=1e-4),
    Row("conv2d_stride_pad", lambda x, w: ops.conv2d(x, w, stride=2, pad_mode="pad", padding=1),
        lambda x, w: _conv_ref(x, w, 2, ((1, 1), (1, 1))), [((2, 3, 7, 6), "n"), ((4, 3, 3, 3), "n")]),
    Row("conv2d_same", lambda x, w: ops.conv2d(x, w, stride=2, pad_mode="same"),
        lambda x, w: _conv_ref(x, w, 2, "SAME"), [((2, 3, 7, 6), "n"), ((4, 3, 2, 3), "n")]),
    Row("conv2d_pad4", lambda x, w: ops.conv2d(x, w, pad_mode="pad", padding=(1, 0, 2, 1)),
        lambda x, w: _conv_ref(x, w, 1, ((1, 0), (2, 1))), [((1, 2, 5, 5), "n"), ((3, 2, 3, 3), "n")]),
    Row("conv2d_dilation", lambda x, w: ops.conv2d(x, w, dilation=2, pad_mode="same"),
        lambda x, w: _conv_ref(x, w, 1, "SAME", 2), [((1, 2, 7, 7), "n"), ((3, 2, 3, 3), "n")]),
    Row("conv2d_groups_bias", lambda x, w, b: ops.conv2d(x, w, b, groups=2),
        lambda x, w, b: _conv_ref(x, w, groups=2) + b.reshape(1, -1, 1, 1),
        [((2, 4, 5, 5), "n"), ((6, 2, 3, 3), "n"), ((6,), "n")]),
    Row("conv1d", lambda x, w: ops.conv1d(x, w, stride=2, pad_mode="pad", padding=1),
        lambda x, w: _conv_ref(x, w, 2, ((1, 1),), dims=1), [((2, 3, 9), "n"), ((4, 3, 3), "n")]),
    Row("conv_transpose2d", lambda x, w: ops.conv_transpose2d(x, w, stride=2, padding=1),
        lambda x, w: _conv_t_ref(x, w, 2, 1), [((2, 3, 4, 4), "n"), ((3, 2, 3, 3), "n")]),
    Row("conv_transpose2d_outpad", lambda x, w: ops.conv_transpose2d(x, w, stride=2, output_padding=1),
        lambda x, w: _conv_t_ref(x, w, 2, 0, 1), [((1, 2, 3, 3), "n"), ((2, 3, 3, 3), "n")]),
    Row("conv_transpose2d_groups", lambda x, w: ops.conv_transpose2d(x, w, groups=2),
        lambda x, w: _conv_t_ref(x, w, 1, 0, groups=2), [((1, 4, 3, 3), "n"), ((4, 1, 2, 2), "n")]),
    Row("max_pool2d", lambda x: ops.max_pool2d(x, 2, 2), lambda x: _pool_ref(x, "max", 2, 2, "VALID"),
        [((2, 3, 6, 5), "n")]),
    Row("max_pool2d_same", lambda x: ops.max_pool2d(x, 3, 2, pad_mode="same"),
        lambda x: _pool_ref(x, "max", 3, 2, "SAME"), [((2, 3, 6, 5), "n")]),
    Row("avg_pool2d", lambda x: ops.avg_pool2d(x, 2, 2), lambda x: _pool_ref(x, "avg", 2, 2, "VALID"),
        [((2, 3, 6, 5), "n")]),
    Row("avg_pool2d_same", lambda x: ops.avg_pool2d(x, 3, 2, pad_mode="same"),
        lambda x: _pool_ref(x, "avg", 3, 2, "SAME"), [((2, 3, 6, 5), "n")]),
    Row("adaptive_avg_pool2d", lambda x: ops.adaptive_avg_pool2d(x, (2, 1)),
        lambda x: x.reshape(2, 3, 2, 3, 4).mean((3, 4)).reshape(2, 3, 2, 1), [((2, 3, 6, 4), "n")]),
    Row("batch_norm", lambda x, m, v, w, b: ops.batch_norm(x, m, v, w, b, training=False), _bn_ref,
        [((2, 3, 4, 4), "n"), ((3,), "n"), ((3,), "p"), ((3,), "n"), ((3,), "n")]),
    Row("layer_norm", lambda x, w, b: ops.layer_norm(x, (4,), w, b), lambda x, w, b: _norm_ref(x, -1) * w + b,
        [((2, 3, 4), "n"), ((4,), "n"), ((4,), "n")]),
    Row("layer_norm_2d", lambda x: ops.layer_norm(x, (3, 4)), lambda x: _norm_ref(x, (1, 2)), [((2, 3, 4), "n")]),
    Row("group_norm", lambda x, w, b: ops.group_norm(x, 2, w, b), lambda x, w, b: _group_norm_ref(x, 2, w, b),
        [((2, 4, 3, 3), "n"), ((4,), "n"), ((4,), "n")]),
    Row("normalize", ops.normalize, lambda x: x / jnp.linalg.norm(x, axis=1, keepdims=True), [((3, 4), "n")]),
    Row("dropout_eval", lambda x: ops.dropout(x, 0.5, training=False), lambda x: x, N34),
    Row("pad", lambda x: ops.pad(x, (1, 2, 0, 1)), lambda x: jnp.pad(x, ((0, 0), (0, 1), (1, 2))),
        [((2, 3, 4), "n")]),
    Row("pad_value", lambda x: ops.pad(x, (1, 1), value=2.5), lambda x: jnp.pad(x, ((0, 0), (1, 1)),
                                                                               constant_values=2.5), N34),
    Row("pad_reflect", lambda x: ops.pad(x, (2, 1), mode="reflect"),
        lambda x: jnp.pad(x, ((0, 0), (2, 1)), mode="reflect"), N34),
    Row("pad_replicate", lambda x: ops.pad(x, (1, 2), mode="replicate"),
        lambda x: jnp.pad(x, ((0, 0), (1, 2)), mode="edge"), N34),
    # losses
    Row("cross_entropy", ops.cross_entropy, _ce_ref, [((4, 5), "n"), ((4,), ("i", 5))]),
    Row("cross_entropy_sum", lambda x, t: ops.cross_entropy(x, t, reduction="sum"),
        lambda x, t: _ce_ref(x, t, "sum"), [((4, 5), "n"), ((4,), ("i", 5))]),
    Row("cross_entropy_weight", lambda x, t, w: ops.cross_entropy(x, t, w), lambda x, t, w: _ce_ref(x, t, "mean", w),
        [((4, 5), "n"), ((4,), ("i", 5)), ((5,), "p")]),
    Row("cross_entropy_probs", ops.cross_entropy,
        lambda x, p: jnp.mean(-jnp.sum(p * jax.nn.log_softmax(x, 1), 1)), [((4, 5), "n"), ((4, 5), "pr")]),
    Row("nll_loss", ops.nll_loss, _nll_ref, [((4, 5), "n"), ((4,), ("i", 5))]),
    Row("nll_loss_none", lambda x, t: ops.nll_loss(x, t, reduction="none"), lambda x, t: _nll_ref(x, t, "none"),
        [((4, 5), "n"), ((4,), ("i", 5))]),
    Row("softmax_ce_logits", ops.softmax_cross_entropy_with_logits,
        lambda x, p: -jnp.sum(p * jax.nn.log_softmax(x, -1), -1), [((4, 5), "n"), ((4, 5), "pr")]),
    Row("sparse_softmax_ce", ops.sparse_softmax_cross_entropy,
        lambda x, t: -jnp.take_along_axis(jax.nn.log_softmax(x, -1), t[:, None], 1)[:, 0],
        [((4, 5), "n"), ((4,), ("i", 5))]),
    Row("mse_loss", ops.mse_loss, lambda a, b: jnp.mean((a - b) ** 2), BIN),
    Row("mse_loss_none", lambda a, b: ops.mse_loss(a, b, "none"), lambda a, b: (a - b) ** 2, BIN),
    Row("l1_loss", ops.l1_loss, lambda a, b: jnp.mean(jnp.abs(a - b)), BIN),
    Row("smooth_l1_loss", ops.smooth_l1_loss,
        lambda a, b: jnp.where(jnp.abs(a - b) < 1, 0.5 * (a - b) ** 2, jnp.abs(a - b) - 0.5), BIN),
    Row("smooth_l1_loss_beta", lambda a, b: ops.smooth_l1_loss(a, b, 0.5, "sum"),
        lambda a, b: jnp.sum(jnp.where(jnp.abs(a - b) < 0.5, (a - b) ** 2, jnp.abs(a - b) - 0.25)), BIN),
    Row("bce_with_logits", ops.binary_cross_entropy_with_logits, _bce_logits_ref, [((3, 4), "n"), ((3, 4), "pr")]),
    Row("bce_with_logits_w", ops.binary_cross_entropy_with_logits, _bce_logits_ref,
        [((3, 4), "n"), ((3, 4), "pr"), ((4,), "p"), ((4,), "p")]),
    Row("binary_cross_entropy", ops.binary_cross_entropy,
        lambda p, y: jnp.mean(-(y * jnp.log(p) + (1 - y) * jnp.log(1 - p))), [((3, 4), "pr"), ((3, 4), "pr")]),
    Row("kl_div", ops.kl_div, lambda x, y: jnp.mean(y * (jnp.log(y) - x)), [((3, 4), "n"), ((3, 4), "pr")]),
    Row("kl_div_batchmean", lambda x, y: ops.kl_div(x, y, "batchmean"),
        lambda x, y: jnp.sum(y * (jnp.log(y) - x)) / 3, [((3, 4), "n"), ((3, 4), "pr")]),
]

# ---- the tests -------------------------------------------------------------------------------------
# the main shapes in every dtype; the broadcast / 0-d shapes in the last dtype (float64) only
CASES = []
for _r in ROWS:
    for _dt in _r.dtypes:
        for _k, _specs in enumerate([_r.specs] + (_r.more if _dt == _r.dtypes[-1] else [])):
            CASES.append(pytest.param(_r, _dt, _specs, id=f"{_r.name}-{_dt}-{_k}"))


def _call_ref(row, arrays):
    # one compiled reference per case: cheaper than dispatching each jnp primitive eagerly
    return jax.jit(row.ref)(*[jnp.asarray(a) for a in arrays])


@pytest.mark.parametrize("row,dtype,specs", CASES)
def test_forward(row, dtype, specs):
    arrays = make_inputs(specs, dtype, _seed(row.name, tuple(specs)))
    got = row.fn(*[ms.Tensor(a) for a in arrays])
    want = _call_ref(row, arrays)
    _close(got, want, dtype)
    for g, w in zip(_flat(got), _flat(want)):  # the result dtype follows the inputs as in the reference
        assert _np(g).dtype == np.asarray(w).dtype, (row.name, _np(g).dtype, np.asarray(w).dtype)


def _broadcasts(specs):
    return len({s for s, _ in specs}) > 1


# gradients on the main shapes, and on the extra shapes where inputs broadcast against each other
GRAD_CASES = [pytest.param(r, s, id=f"{r.name}-{k}") for r in ROWS if r.grad
              for k, s in enumerate([r.specs] + r.more) if k == 0 or _broadcasts(s)]


@pytest.mark.parametrize("row,specs", GRAD_CASES)
def test_grad(row, specs):
    arrays = make_inputs(specs, "float64", _seed(row.name, tuple(specs)))
    xs = [jnp.asarray(a) for a in arrays]
    want_out = jax.eval_shape(row.ref, *xs)
    rng = np.random.default_rng(_seed("sens", row.name))
    sens = [rng.standard_normal(o.shape).astype(o.dtype) for o in _flat(want_out)]
    ct = tuple(jnp.asarray(s) for s in sens) if isinstance(want_out, (tuple, list)) else jnp.asarray(sens[0])
    want = jax.jit(lambda xs, ct: jax.vjp(row.ref, *xs)[1](ct))(xs, ct)
    ms_sens = tuple(ms.Tensor(s) for s in sens) if isinstance(want_out, (tuple, list)) else ms.Tensor(sens[0])
    got = ops.GradOperation(get_all=True, sens_param=True)(row.fn)(*[ms.Tensor(a) for a in arrays], ms_sens)
    got = _flat(got)
    assert len(got) == len(arrays)
    for i, a in enumerate(arrays):
        if _is_float(a):
            g = _np(got[i])
            assert g.shape == a.shape, (i, g.shape, a.shape)
            np.testing.assert_allclose(g, np.asarray(want[i]), rtol=1e-9, atol=1e-10, err_msg=f"input {i}")


JIT_CASES = [pytest.param(r, id=r.name) for r in ROWS if r.jit]


@pytest.mark.parametrize("row", JIT_CASES)
def test_jit(row):
    dtype = row.dtypes[0]
    arrays = make_inputs(row.specs, dtype, _seed(row.name, tuple(row.specs)))
    ts = [ms.Tensor(a) for a in arrays]
    eager = row.fn(*ts)
    jitted = ms.jit(row.fn)(*ts)
    for e, j in zip(_flat(eager), _flat(jitted)):
        e, j = _np(e), _np(j)
        assert e.dtype == j.dtype and e.shape == j.shape
        np.testing.assert_allclose(j, e, rtol=1e-6, atol=1e-6)


# ---- grad of grad ------------------------------------------------------------------------------------
GG = {r.name: r for r in ROWS}
GG_NAMES = ["exp", "sin", "tanh", "sigmoid", "log", "mul", "div", "pow", "matmul", "softmax", "log_softmax",
            "gelu", "sum1", "mean_axis", "layer_norm_2d", "conv2d", "cumsum", "logsumexp"]


@pytest.mark.parametrize("name", GG_NAMES)
def test_grad_of_grad(name):
    row = GG[name]
    arrays = make_inputs(row.specs, "float64", _seed(row.name, tuple(row.specs)))
    rng = np.random.default_rng(_seed("gg", name))
    out = _call_ref(row, arrays)
    v = rng.standard_normal(np.shape(out))

    def ref_inner(*xs):  # <grad of <f, v>, 1> as a function of the inputs
        g = jax.grad(lambda *ys: jnp.sum(row.ref(*ys) * v), argnums=tuple(range(len(xs))))(*xs)
        return sum(jnp.sum(gi ** 2) for gi in g)

    want = jax.grad(ref_inner, argnums=tuple(range(len(arrays))))(*[jnp.asarray(a) for a in arrays])
    vt = ms.Tensor(v)

    def inner(*xs):
        g = ms.grad(lambda *ys: ops.sum(ops.mul(row.fn(*ys), vt)), grad_position=tuple(range(len(xs))))(*xs)
        g = g if isinstance(g, tuple) else (g,)
        total = ops.sum(ops.square(g[0]))
        for gi in g[1:]:
            total = ops.add(total, ops.sum(ops.square(gi)))
        return total

    got = ms.grad(inner, grad_position=tuple(range(len(arrays))))(*[ms.Tensor(a) for a in arrays])
    got = got if isinstance(got, tuple) else (got,)
    for g, w in zip(got, want):
        np.testing.assert_allclose(_np(g), np.asarray(w), rtol=1e-8, atol=1e-10)


# ---- result dtypes of mixed arithmetic (recorded from MindSpore 2.10 on CPU) --------------------------
_DT_INPUTS = {
    "i32": lambda: ms.Tensor(np.array([1, 2], np.int32)), "f32": lambda: ms.Tensor(np.array([1., 2.], np.float32)),
    "i64": lambda: ms.Tensor(np.array([1, 2], np.int64)), "f16": lambda: ms.Tensor(np.array([1., 2.], np.float16)),
    "b": lambda: ms.Tensor(np.array([True, False])), "f64": lambda: ms.Tensor(np.array([1., 2.])),
    "u8": lambda: ms.Tensor(np.array([1, 2], np.uint8)), "i8": lambda: ms.Tensor(np.array([1, 2], np.int8)),
    "pyfloat": lambda: 1.5, "pyint": lambda: 2,
}
# (op, left, right) -> MindSpore 2.10's result dtype
MS_DTYPES = {
    ("add", "i32", "f32"): "Float32", ("add", "i32", "i64"): "Int64", ("add", "f16", "f32"): "Float32",
    ("add", "i32", "pyfloat"): "Float32", ("add", "i32", "pyint"): "Int32", ("add", "f16", "pyfloat"): "Float16",
    ("add", "b", "pyint"): "Int64", ("add", "b", "pyfloat"): "Float32", ("add", "u8", "i8"): "Int16",
    ("add", "f32", "f64"): "Float64", ("add", "i64", "f16"): "Float16", ("add", "pyint", "i32"): "Int32",
    ("add", "b", "i32"): "Int32",
    ("mul", "i32", "f32"): "Float32", ("mul", "i32", "i64"): "Int64", ("mul", "f16", "f32"): "Float32",
    ("mul", "i32", "pyfloat"): "Float32", ("mul", "i32", "pyint"): "Int32", ("mul", "f16", "pyfloat"): "Float16",
    ("mul", "b", "pyint"): "Int64", ("mul", "b", "pyfloat"): "Float32", ("mul", "b", "b"): "Bool",
    ("mul", "u8", "i8"): "Int16", ("mul", "f32", "f64"): "Float64", ("mul", "i64", "f16"): "Float16",
    ("mul", "pyint", "i32"): "Int32", ("mul", "b", "i32"): "Int32",
    ("div", "i32", "f32"): "Float32", ("div", "i32", "i64"): "Float32", ("div", "f16", "f32"): "Float32",
    ("div", "i32", "pyfloat"): "Float32", ("div", "i32", "pyint"): "Float32", ("div", "f16", "pyfloat"): "Float16",
    ("div", "b", "pyint"): "Float32", ("div", "b", "pyfloat"): "Float32", ("div", "b", "b"): "Float32",
    ("div", "u8", "i8"): "Float32", ("div", "f32", "f64"): "Float64", ("div", "i64", "f16"): "Float16",
    ("div", "pyint", "i32"): "Float32", ("div", "b", "i32"): "Float32",
}


@pytest.mark.parametrize("key", list(MS_DTYPES), ids=["-".join(k) for k in MS_DTYPES])
def test_result_dtype(key):
    op, a, b = key
    x, y = _DT_INPUTS[a](), _DT_INPUTS[b]()
    out = getattr(ops, op)(x, y)
    assert str(out.dtype) == MS_DTYPES[key]
    xa = x.asnumpy() if isinstance(x, ms.Tensor) else x
    ya = y.asnumpy() if isinstance(y, ms.Tensor) else y
    with np.errstate(divide="ignore", invalid="ignore"):
        want = {"add": np.add, "mul": np.multiply, "div": np.true_divide}[op](np.asarray(xa, np.float64),
                                                                             np.asarray(ya, np.float64))
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), want, rtol=1e-3)
