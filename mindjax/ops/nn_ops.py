"""Neural-network ops: activations, convolution, pooling, normalization, dropout, padding
(the losses are in ``loss_ops.py``)."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from .. import _dtype as mstype
from .._state import state
from .._tensor import Tensor
from ._base import cast, tensor_of
from ._primitive import Op, apply, vjp_bprop
from . import math as M
from . import reduction as R
from . import array as A
from . import _conv_paths as _paths
from . import _nn_grads


def _float(x, name):
    x = tensor_of(x, name)
    if x.dtype.kind not in "fc":
        raise TypeError(f"For '{name}', the input must be a float Tensor, but got {x.dtype}.")
    return x


# ---- activations ----------------------------------------------------------------------
def _relu_grad_fwd(y, d):
    return jnp.where(y > 0, d, jnp.zeros_like(d))


# the gradient as one kernel (not compare, cast and multiply): d where y > 0
_relu_grad = Op("ReluGrad", _relu_grad_fwd, lambda ctx, dd: (None, apply(_relu_grad, (ctx.inputs[0], dd), {})))


def _relu_bprop(ctx, d):
    return (apply(_relu_grad, (ctx.out, d), {}),)


_relu = Op("ReLU", jax.nn.relu, _relu_bprop)


def relu(input) -> Tensor:
    """``ops.relu``: max(x, 0) elementwise."""
    return apply(_relu, (tensor_of(input, "ReLU"),), {})


def _relu6_fwd(x):
    return jnp.minimum(jnp.maximum(x, 0), 6).astype(x.dtype)


def _relu6_bprop(ctx, dout):
    # MindSpore's ReLU6Grad passes the gradient where 0 < x <= 6 (x = 6 included, x = 0 not)
    x = ctx.inputs[0]
    return (M.mul(dout, cast(M.logical_and(M.greater(x, 0), M.less_equal(x, 6)), dout.dtype)),)


_relu6 = Op("ReLU6", _relu6_fwd, _relu6_bprop)


def relu6(x) -> Tensor:
    return apply(_relu6, (tensor_of(x, "ReLU6"),), {})


_leaky = Op("LeakyReLU", lambda x, *, alpha: jnp.where(x > 0, x, x * alpha).astype(x.dtype), "vjp")


def leaky_relu(input, alpha=0.2) -> Tensor:
    return apply(_leaky, (_float(input, "LeakyReLU"),), {"alpha": float(alpha)})


_elu = Op("Elu", lambda x, *, alpha: jax.nn.elu(x, alpha), "vjp")


def elu(input_x, alpha=1.0) -> Tensor:
    return apply(_elu, (_float(input_x, "Elu"),), {"alpha": float(alpha)})


_gelu = Op("GeLU", lambda x, *, approximate: jax.nn.gelu(x, approximate=approximate), "vjp")


def gelu(input_x, approximate="none") -> Tensor:
    if approximate not in ("none", "tanh"):
        raise ValueError(f"For 'gelu', 'approximate' must be 'none' or 'tanh', but got {approximate!r}.")
    return apply(_gelu, (_float(input_x, "GeLU"),), {"approximate": approximate == "tanh"})


_silu = Op("SiLU", jax.nn.silu, "vjp")


def silu(x) -> Tensor:
    return apply(_silu, (_float(x, "SiLU"),), {})


_softplus = Op("Softplus", jax.nn.softplus, "vjp")


def _softplus_thr_fwd(x, beta, threshold):
    # log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold (the linear regime)
    bx = x * beta
    return jnp.where(bx > threshold, x, jax.nn.softplus(bx) / beta).astype(x.dtype)


_softplus_thr = Op("SoftplusExt", _softplus_thr_fwd, "vjp")


def softplus(input, beta=1, threshold=20) -> Tensor:
    """``log(1 + exp(beta * x)) / beta``, and ``x`` where ``beta * x > threshold``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.softplus(ms.Tensor([0.0, 2.0]), beta=2, threshold=3))
        [0.3465736 2.       ]
    """
    x = _float(input, "Softplus")
    if beta == 1 and threshold == 20:  # MindSpore's Softplus Primitive (also what MindIR export maps)
        return apply(_softplus, (x,), {})
    return apply(_softplus_thr, (x,), {"beta": float(beta), "threshold": float(threshold)})


_hswish = Op("HSwish", jax.nn.hard_swish, "vjp")
_hsigmoid = Op("HSigmoid", jax.nn.hard_sigmoid, "vjp")
_mish = Op("Mish", lambda x: x * jnp.tanh(jax.nn.softplus(x)), "vjp")
def _selu_fwd(x):
    if jnp.issubdtype(x.dtype, jnp.integer):
        # MindSpore's int8/int32 kernel: its constants truncate to 1, so x for x > 0, else trunc(exp(x) - 1)
        neg = jnp.trunc(jnp.expm1(x.astype(jnp.float32)))
        return jnp.where(x > 0, x, neg.astype(x.dtype))
    return jax.nn.selu(x)


_selu = Op("SeLU", _selu_fwd, "vjp")
_logsigmoid = Op("LogSigmoid", jax.nn.log_sigmoid, "vjp")


def hardswish(x) -> Tensor:
    return apply(_hswish, (_float(x, "HSwish"),), {})


def hardsigmoid(input) -> Tensor:
    return apply(_hsigmoid, (_float(input, "HSigmoid"),), {})


def mish(x) -> Tensor:
    return apply(_mish, (_float(x, "Mish"),), {})


def selu(input_x) -> Tensor:
    """``ops.selu``: scale * (max(0, x) + min(0, alpha * (exp(x) - 1))); float16/32/64, and int8/int32 as
    MindSpore's kernel computes them.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.selu(ms.Tensor([-100, 0, 3], ms.int32)))
        [-1  0  3]
    """
    x = tensor_of(input_x, "SeLU")
    if x.dtype in (mstype.int8, mstype.int32):
        return apply(_selu, (x,), {})
    if x.dtype.kind != "f":
        raise TypeError(f"For primitive[SeLU], the input argument[input_x] must be a type of {{Tensor[Float16], "
                        f"Tensor[Float32], Tensor[Float64], Tensor[Int32], Tensor[Int8]}}, but got "
                        f"Tensor[{x.dtype}].")
    return apply(_selu, (_float(x, "SeLU"),), {})


def logsigmoid(x) -> Tensor:
    return apply(_logsigmoid, (_float(x, "LogSigmoid"),), {})


_hardtanh = Op("Hardtanh", lambda x, *, lo, hi: jnp.clip(x, lo, hi), "vjp")


def hardtanh(input, min_val=-1.0, max_val=1.0) -> Tensor:
    """``ops.hardtanh``: ``input`` clipped to [min_val, max_val]."""
    x = tensor_of(input, "Hardtanh")
    if min_val > max_val:
        raise ValueError(f"For 'Hardtanh', the 'min_val' must be less than or equal to 'max_val', but got "
                         f"min_val: {min_val}, max_val: {max_val}.")
    return apply(_hardtanh, (x,), {"lo": float(min_val), "hi": float(max_val)})


_celu = Op("CeLU", lambda x, *, alpha: jax.nn.celu(x, alpha), "vjp")


def celu(x, alpha=1.0) -> Tensor:
    """``ops.celu``: max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""
    if float(alpha) == 0:
        raise ValueError("For 'CeLU', the 'alpha' must not be 0.0, but got 0.0.")
    return apply(_celu, (_float(x, "CeLU"),), {"alpha": float(alpha)})


_softsign = Op("Softsign", jax.nn.soft_sign, "vjp")


def softsign(x) -> Tensor:
    """``ops.softsign``: x / (1 + |x|)."""
    return apply(_softsign, (_float(x, "Softsign"),), {})


def _prelu_fwd(x, w):
    shape = (1, -1) + (1,) * (x.ndim - 2) if x.ndim >= 2 else (-1,)
    w = w.reshape(shape) if w.size > 1 else w.reshape(())
    return jnp.where(x > 0, x, x * w.astype(x.dtype))


_prelu = Op("PReLU", _prelu_fwd, "vjp")


def prelu(x, weight) -> Tensor:
    """``ops.prelu``: x where x > 0, else weight * x, ``weight`` per channel (axis 1) or a scalar."""
    x = _float(x, "PReLU")
    w = tensor_of(weight, "PReLU")
    c = x.shape[1] if x.ndim >= 2 else 1
    if w.size not in (1, c):
        raise ValueError(f"For 'PReLU', the 'weight' must have 1 or {c} (channels of 'x') elements, but got shape "
                         f"{list(w.shape)}.")
    return apply(_prelu, (x, w), {})


def cosine_similarity(x1, x2, dim=1, eps=1e-08) -> Tensor:
    """``ops.cosine_similarity``: <x1, x2> / max(|x1| |x2|, eps) along ``dim``."""
    x1, x2 = _float(x1, "cosine_similarity"), _float(x2, "cosine_similarity")
    w12 = R.sum(M.mul(x1, x2), dim)
    n = M.mul(R.sum(M.square(x1), dim), R.sum(M.square(x2), dim))
    return M.div(w12, M.sqrt(M.maximum(n, eps * eps)))


def _cdist_fwd(a, b, *, p):
    d = a[..., :, None, :] - b[..., None, :, :]
    if p == 2.0:
        return jnp.sqrt(jnp.sum(d * d, -1))
    if p == float("inf"):
        return jnp.max(jnp.abs(d), -1)
    if p == 0.0:
        return jnp.sum((d != 0).astype(a.dtype), -1)
    return jnp.sum(jnp.abs(d) ** p, -1) ** (1.0 / p)


_cdist = Op("Cdist", _cdist_fwd, "vjp")


def cdist(x1, x2, p=2.0) -> Tensor:
    """``ops.cdist``: the p-norm distance between each row of ``x1`` and of ``x2`` (batched)."""
    a, b = _float(x1, "Cdist"), _float(x2, "Cdist")
    if a.ndim not in (2, 3) or b.ndim != a.ndim or a.shape[-1] != b.shape[-1]:
        raise ValueError(f"For 'Cdist', 'x1' and 'x2' must be 2-D or 3-D with the same rank and last dimension, "
                         f"but got shapes {list(a.shape)} and {list(b.shape)}.")
    if p < 0:
        raise ValueError(f"For 'Cdist', the 'p' must be a non-negative float, but got {p}.")
    return apply(_cdist, (a, b), {"p": float(p)})


def _softmax_bprop(ctx, d):
    axis = ctx.attrs[1]["axis"]
    y = ctx.out
    return (M.mul(y, M.sub(d, R.sum(M.mul(d, y), axis, True))),)


_softmax = Op("Softmax", lambda x, *, axis: jax.nn.softmax(x, axis=axis), _softmax_bprop)


def softmax(input, axis=-1) -> Tensor:
    """``ops.softmax`` along ``axis``."""
    x = _float(input, "Softmax")
    return apply(_softmax, (x,), {"axis": axis})


def _log_softmax_bprop(ctx, d):
    axis = ctx.attrs[1]["axis"]
    return (M.sub(d, M.mul(M.exp(ctx.out), R.sum(d, axis, True))),)


_log_softmax = Op("LogSoftmax", lambda x, *, axis: jax.nn.log_softmax(x, axis=axis), _log_softmax_bprop)


def log_softmax(logits, axis=-1) -> Tensor:
    x = _float(logits, "LogSoftmax")
    return apply(_log_softmax, (x,), {"axis": axis})


# ---- convolution -------------------------------------------------------------------------
def _pair(v, n=2):
    return (v,) * n if isinstance(v, int) else tuple(v)


def _conv_fwd(x, w, *, stride, padding, dilation, groups, dims):
    w = w.astype(x.dtype)
    if _paths.is_pointwise(w, padding, groups):
        return _paths.pointwise(x, w, stride)
    if _paths.is_depthwise(x, w, groups) and w.shape[2] * w.shape[3] <= 81:
        return _paths.depthwise(x, w, stride, padding, dilation)
    if dims == 2 and _paths.taps_apply(x, w, stride, padding, dilation, groups):
        return _paths.conv(x, w, tuple(stride), padding)
    dn = ("NCH", "OIH", "NCH") if dims == 1 else ("NCHW", "OIHW", "NCHW")
    return jax.lax.conv_general_dilated(x, w, stride, padding, rhs_dilation=dilation,
                                        dimension_numbers=dn, feature_group_count=groups)


_conv = Op("Conv2D", _conv_fwd, "vjp")


def _conv_padding(pad_mode, padding, kernel, dilation, dims):
    if pad_mode == "same":
        return "SAME"
    if pad_mode == "valid":
        return "VALID"
    if pad_mode == "pad":
        p = _pair(padding, 2 * dims if not isinstance(padding, int) and len(padding) == 2 * dims else dims) \
            if not isinstance(padding, int) else (padding,) * (2 * dims)
        if len(p) == dims:
            return tuple((q, q) for q in p)
        return tuple((p[2 * i], p[2 * i + 1]) for i in range(dims))
    raise ValueError(f"For 'Conv2d', the 'pad_mode' must be one of ['same', 'valid', 'pad'], but got {pad_mode!r}.")


def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1) -> Tensor:
    """``ops.conv2d`` on NCHW inputs with OIHW weights."""
    x = _float(input, "Conv2D")
    w = tensor_of(weight, "Conv2D")
    if x.ndim != 4:
        raise ValueError(f"For 'Conv2D', the input must be a 4-D Tensor (N, C, H, W), but got shape {list(x.shape)}.")
    if x.shape[1] != w.shape[1] * groups:  # MindSpore 2.10 raises RuntimeError here
        raise RuntimeError(f"For 'Conv2D', the input channels {x.shape[1]} must equal weight channels {w.shape[1]} "
                           f"* groups {groups}; input shape {list(x.shape)}, weight shape {list(w.shape)}.")
    pad = _conv_padding(pad_mode, padding, w.shape[2:], dilation, 2)
    if isinstance(pad, str) and pad == "SAME":
        pad = _same_pads(x.shape[2:], w.shape[2:], _pair(stride), _pair(dilation))
    _check_window("Conv2d", "h and w", x.shape[2:], pad, w.shape[2:], _pair(dilation))
    out = apply(_conv, (x, w), {"stride": _pair(stride), "padding": pad, "dilation": _pair(dilation),
                                "groups": int(groups), "dims": 2})
    if bias is not None:
        out = M.add(out, A.reshape(bias, (1, -1, 1, 1)))
    return out


def _check_window(name: str, axes: str, spatial, pad, kernel, dilation) -> None:
    """A kernel (dilated) larger than the padded input leaves no output position: MindSpore's ValueError,
    not an empty Tensor."""
    if isinstance(pad, str):  # 'VALID'
        pad = ((0, 0),) * len(spatial)
    for n, (lo, hi), k, d in zip(spatial, pad, kernel, dilation):
        if n + lo + hi < (k - 1) * d + 1:
            raise ValueError(f"For '{name}', input shape's {axes} after padding must be greater than or equal to "
                             f"kernel_size's {axes} respectively.")


def _same_pads(spatial, kernel, stride, dilation):
    pads = []
    for n, k, s, d in zip(spatial, kernel, stride, dilation):
        out = -(-n // s)
        total = max((out - 1) * s + (k - 1) * d + 1 - n, 0)
        pads.append((total // 2, total - total // 2))
    return tuple(pads)


def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1) -> Tensor:
    x = _float(input, "Conv1D")
    w = tensor_of(weight, "Conv1D")
    pad = _conv_padding(pad_mode, padding, w.shape[2:], dilation, 1)
    if isinstance(pad, str) and pad == "SAME":
        pad = _same_pads(x.shape[2:], w.shape[2:], _pair(stride, 1), _pair(dilation, 1))
    _check_window("Conv1d", "w", x.shape[2:], pad, w.shape[2:], _pair(dilation, 1))
    out = apply(_conv, (x, w), {"stride": _pair(stride, 1), "padding": pad, "dilation": _pair(dilation, 1),
                                "groups": int(groups), "dims": 1})
    if bias is not None:
        out = M.add(out, A.reshape(bias, (1, -1, 1)))
    return out


def _conv_t_fwd(x, w, *, stride, padding, dilation, groups, out_pad):
    # the transposed convolution is the input-gradient of a convolution
    k = w.shape[2:]
    pads = tuple((d * (kk - 1) - p0, d * (kk - 1) - p1 + op) for kk, d, (p0, p1), op in
                 zip(k, dilation, padding, out_pad))
    wt = jnp.flip(w, (2, 3))
    cin, cout_g = w.shape[0], w.shape[1]
    wt = wt.reshape(groups, cin // groups, cout_g, *k).swapaxes(1, 2).reshape(groups * cout_g, cin // groups, *k)
    return jax.lax.conv_general_dilated(x, wt.astype(x.dtype), (1, 1), pads, lhs_dilation=stride,
                                        rhs_dilation=dilation, dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                        feature_group_count=groups)


_conv_t = Op("Conv2DTranspose", _conv_t_fwd, "vjp")


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    x = _float(input, "Conv2DTranspose")
    p = _pair(padding)
    out = apply(_conv_t, (x, weight), {"stride": _pair(stride), "padding": tuple((q, q) for q in p),
                                       "dilation": _pair(dilation), "groups": groups,
                                       "out_pad": _pair(output_padding)})
    if bias is not None:
        out = M.add(out, A.reshape(bias, (1, -1, 1, 1)))
    return out


# ---- pooling -----------------------------------------------------------------------------------
def _pool_fwd(x, *, kind, window, strides, padding):
    init = -jnp.inf if kind == "max" else 0.0
    if x.dtype.kind in "iu" and kind == "max":
        init = jnp.iinfo(x.dtype).min
    op = jax.lax.max if kind == "max" else jax.lax.add
    # a Python scalar init lets jax recognise the max/add monoid (and differentiate it)
    y = jax.lax.reduce_window(x, init, op, window, strides, padding)
    if kind == "avg":
        if padding == "VALID" or all(p == (0, 0) for p in padding):
            y = y / jnp.prod(jnp.array(window[2:], x.dtype))
        else:
            ones = jnp.ones(x.shape[2:], x.dtype)[None, None]
            cnt = jax.lax.reduce_window(ones, 0.0, jax.lax.add, window, strides, padding)
            y = y / cnt
    return y


_max_pool_grad = Op("MaxPoolGrad", _nn_grads.max_pool_grad, "vjp")


def _pool_bprop(ctx, d):
    a = ctx.attrs[1]
    x = ctx.inputs[0]
    if a["kind"] == "max" and x.ndim == 4 and x.dtype.kind == "f" and tuple(a["window"][:2]) == (1, 1) \
            and tuple(a["strides"][:2]) == (1, 1):
        return (apply(_max_pool_grad, (x, d), {k: a[k] for k in ("window", "strides", "padding")}),)
    return vjp_bprop(ctx, d)


# max pooling's gradient as the closed form (XLA:CPU's select-and-scatter: 73 ms against 2 ms for
# ResNet-50's stem pool); average pooling's derived from the forward
_pool_op = Op("Pool", _pool_fwd, _pool_bprop, saves=(True, False))


def _pool(x, kind, kernel_size, stride, pad_mode, padding=0, name="MaxPool"):
    x = tensor_of(x, name)
    if x.ndim not in (3, 4):
        raise ValueError(f"For '{name}', the input must be a 3-D or 4-D Tensor, but got shape {list(x.shape)}.")
    squeeze = x.ndim == 3
    if squeeze:
        x = A.expand_dims(x, 0)
    k, s = _pair(kernel_size), _pair(stride if stride is not None else kernel_size)
    window, strides = (1, 1) + k, (1, 1) + s
    pm = pad_mode.upper()
    if pm == "SAME":
        pads = ((0, 0), (0, 0)) + _same_pads(x.shape[2:], k, s, (1, 1))
    elif pm == "VALID":
        pads = "VALID"
        if padding:
            p = _pair(padding)
            pads = ((0, 0), (0, 0)) + tuple((q, q) for q in p)
    elif pm == "PAD":
        p = _pair(padding)
        pads = ((0, 0), (0, 0)) + tuple((q, q) for q in p)
    else:
        raise ValueError(f"For '{name}', the 'pad_mode' must be 'same', 'valid' or 'pad', but got {pad_mode!r}.")
    if kind == "max" and k == s and pads == "VALID":
        y = apply(_tiled_max, (x,), {"k": k})
    else:
        y = apply(_pool_op, (x,), {"kind": kind, "window": window, "strides": strides, "padding": pads})
    return A.squeeze(y, 0) if squeeze else y


# Max pooling over non-overlapping windows (kernel == stride, the usual 2x2/2): the
# windows are a reshape, and the gradient goes to the first maximum of each window, as
# MindSpore's MaxPoolGrad does, in one kernel (XLA's generic select-and-scatter is slow
# on CPU).
def _windows(x, k):
    n, c, h, w = x.shape
    ho, wo = h // k[0], w // k[1]
    x = x[:, :, :ho * k[0], :wo * k[1]].reshape(n, c, ho, k[0], wo, k[1])
    return x.transpose(0, 1, 2, 4, 3, 5).reshape(n, c, ho, wo, k[0] * k[1])


def _tiled_max_fwd(x, *, k):
    return jnp.max(_windows(x, k), axis=-1)


def _tiled_max_grad_fwd(x, d, *, k):
    n, c, h, w = x.shape
    win = _windows(x, k)
    first = jax.nn.one_hot(jnp.argmax(win, axis=-1), k[0] * k[1], dtype=d.dtype)
    g = first * d[..., None]
    ho, wo = g.shape[2], g.shape[3]
    g = g.reshape(n, c, ho, wo, k[0], k[1]).transpose(0, 1, 2, 4, 3, 5).reshape(n, c, ho * k[0], wo * k[1])
    return jnp.pad(g, ((0, 0), (0, 0), (0, h - ho * k[0]), (0, w - wo * k[1])))


_tiled_max_grad = Op("MaxPoolGrad", _tiled_max_grad_fwd, "vjp")
_tiled_max = Op("MaxPool", _tiled_max_fwd,
                lambda ctx, d: (apply(_tiled_max_grad, (ctx.inputs[0], d), ctx.attrs[1]),))


def max_pool2d(x, kernel_size, stride=None, padding=0, pad_mode="valid") -> Tensor:
    return _pool(x, "max", kernel_size, stride, pad_mode, padding, "MaxPool")


def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, pad_mode="valid") -> Tensor:
    return _pool(input_x, "avg", kernel_size, stride, pad_mode, padding, "AvgPool")


def adaptive_avg_pool2d(input, output_size) -> Tensor:
    x = tensor_of(input, "AdaptiveAvgPool2D")
    oh, ow = _pair(output_size)
    h, w = x.shape[-2:]
    oh = h if oh is None else oh
    ow = w if ow is None else ow
    if h % oh == 0 and w % ow == 0:
        return avg_pool2d(x, (h // oh, w // ow), (h // oh, w // ow))
    rows = []
    for i in range(oh):
        h0, h1 = (i * h) // oh, -(-((i + 1) * h) // oh)
        cols = []
        for j in range(ow):
            w0, w1 = (j * w) // ow, -(-((j + 1) * w) // ow)
            cols.append(R.mean(x[..., h0:h1, w0:w1], (-2, -1), True))
        rows.append(A.concat(cols, -1))
    return A.concat(rows, -2)


def adaptive_max_pool2d(input, output_size) -> Tensor:
    x = tensor_of(input, "AdaptiveMaxPool2D")
    oh, ow = _pair(output_size)
    h, w = x.shape[-2:]
    return max_pool2d(x, (h // oh, w // ow), (h // oh, w // ow))


# ---- normalization ------------------------------------------------------------------------------
def _batch_norm_fwd(x, rm, rv, w, b, *, training, momentum, eps):
    """y, and the running statistics after the step (unchanged in inference)."""
    half = x.dtype in (jnp.float16, jnp.bfloat16)
    xf = x.astype(jnp.float32) if half else x  # MindSpore's kernels: float32 statistics for float16 data
    axes = (0,) + tuple(range(2, x.ndim))
    shape = (1, x.shape[1]) + (1,) * (x.ndim - 2)
    if training:
        mean = jnp.mean(xf, axes, keepdims=True)
        var = jnp.mean(jnp.square(xf - mean), axes, keepdims=True)
        n = x.size // x.shape[1]
        bm, bv = jax.lax.stop_gradient(mean.reshape(-1)), jax.lax.stop_gradient(var.reshape(-1))
        # running = (1 - momentum) * running + momentum * batch, with the unbiased batch variance
        new_m = (rm * (1 - momentum) + bm * momentum).astype(rm.dtype)
        new_v = (rv * (1 - momentum) + bv * (n / max(n - 1, 1)) * momentum).astype(rv.dtype)
    else:
        mean, var, new_m, new_v = rm.reshape(shape), rv.reshape(shape), rm, rv
    # (x - mean) / sqrt(var + eps): sqrt and division are correctly rounded, XLA's rsqrt is not
    y = (xf - mean) / jnp.sqrt(var + eps) * w.reshape(shape) + b.reshape(shape)
    return (y.astype(x.dtype) if half else y), new_m, new_v


# BatchNormGrad in closed form (training; 3-7x faster than the derived one on XLA:CPU)
_batch_norm_grad = Op("BatchNormGrad", _nn_grads.batch_norm_grad, "vjp", n_out=3)


def _batch_norm_bprop(ctx, dout):
    a, needs = ctx.attrs[1], ctx.needs
    if not a["training"] or needs[1] or needs[2]:  # inference, or gradients to the running statistics
        return vjp_bprop(ctx, dout)
    x, _, _, w, b = ctx.inputs
    dx, dw, db = apply(_batch_norm_grad, (x, w, b, dout[0]), {"eps": a["eps"]})
    return (dx if needs[0] else None, None, None, dw if needs[3] else None, db if needs[4] else None)


# one kernel forward and one backward (PyNative), as MindSpore's BatchNorm/BatchNormGrad pair; the
# backward reads the inputs only (not y)
_batch_norm = Op("BatchNorm", _batch_norm_fwd, _batch_norm_bprop, n_out=3, saves=(True, False))


def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1, eps=1e-5):
    """``ops.batch_norm`` over axis 1. In training the batch statistics are used and the
    running ones updated in place: running = (1 - momentum) * running + momentum * batch."""
    x = _float(input_x, "BatchNorm")
    if all(isinstance(t, Tensor) for t in (running_mean, running_var, weight, bias)):
        y, new_mean, new_var = apply(_batch_norm, (x, running_mean, running_var, weight, bias),
                                     {"training": bool(training), "momentum": float(momentum), "eps": float(eps)})
        if training:
            from .state_ops import assign
            assign(running_mean, new_mean)
            assign(running_var, new_var)
        return y
    half = x.dtype in (mstype.float16, mstype.bfloat16)
    if half:  # as MindSpore's kernels: float16 data, float32 statistics and arithmetic
        out_dtype, x = x.dtype, cast(x, mstype.float32)
    axes = (0,) + tuple(range(2, x.ndim))
    shape = (1, x.shape[1]) + (1,) * (x.ndim - 2)
    if training:
        mean = R.mean(x, axes, True)
        var = R.mean(M.square(M.sub(x, mean)), axes, True)
        n = x.size // x.shape[1]
        from .state_ops import assign
        bm, bv = A.stop_gradient(A.reshape(mean, (-1,))), A.stop_gradient(A.reshape(var, (-1,)))
        new_mean = M.add(M.mul(running_mean, 1 - momentum), M.mul(bm, momentum))
        new_var = M.add(M.mul(running_var, 1 - momentum), M.mul(M.mul(bv, n / max(n - 1, 1)), momentum))
        assign(running_mean, cast(new_mean, running_mean.dtype))
        assign(running_var, cast(new_var, running_var.dtype))
    else:
        mean = A.reshape(running_mean, shape)
        var = A.reshape(running_var, shape)
    y = M.div(M.sub(x, mean), M.sqrt(M.add(var, eps)))
    if weight is not None:
        y = M.mul(y, A.reshape(weight, shape))
    if bias is not None:
        y = M.add(y, A.reshape(bias, shape))
    return cast(y, out_dtype) if half else y


def _layer_norm_fwd(x, *wb, n_axes, eps, has_w, has_b):
    """The composed formula of ``layer_norm`` below, as one kernel."""
    axes = tuple(range(x.ndim - n_axes, x.ndim))
    mean = jnp.mean(x, axes, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axes, keepdims=True)
    y = (x - mean) / jnp.sqrt(var + eps)
    if has_w:
        y = y * wb[0]
    if has_b:
        y = y + wb[-1]
    return y


# one kernel forward and one backward (PyNative: the composed form launched ~9 kernels forward
# and ~20 backward per LayerNorm, 13 LayerNorms being ~45% of a decoder step's launches)
_layer_norm = Op("LayerNorm", _layer_norm_fwd, "vjp")


def _layer_norm_fusable(x, weight, bias, n) -> bool:
    """Whether the one-kernel form computes what the composed one does: weight and bias Tensors
    (or None) of x's dtype, broadcasting over the normalised axes only, and no amp 'auto' casting
    (which casts by op name)."""
    if state.amp is not None or not 0 < n <= x.ndim:
        return False
    for t in (weight, bias):
        if t is None:
            continue
        if not isinstance(t, Tensor) or t.dtype != x.dtype or t.ndim > n:
            return False
        if any(a not in (1, b) for a, b in zip(t.shape[::-1], x.shape[::-1])):
            return False
    return True


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5) -> Tensor:
    """``ops.layer_norm``: ``(x - mean) / sqrt(var + eps) * weight + bias`` over the last axes. The result
    has the input's dtype (float16 is computed in float32, as MindSpore's kernel does); MindSpore 2.10
    has no bfloat16 LayerNorm kernel on CPU/GPU, so bfloat16 is a TypeError, never a float32 result."""
    x = _float(input, "LayerNorm")
    if x.dtype == mstype.bfloat16:
        raise TypeError("For 'LayerNorm', the 'input_x' must be a Tensor of float16, float32 or float64, but got "
                        "BFloat16.")
    if x.dtype == mstype.float16:
        out = layer_norm(cast(x, mstype.float32), normalized_shape, weight, bias, eps)
        return cast(out, mstype.float16)
    n = len(normalized_shape) if isinstance(normalized_shape, (tuple, list)) else 1
    axes = tuple(range(x.ndim - n, x.ndim))
    if _layer_norm_fusable(x, weight, bias, n):
        wb = tuple(t for t in (weight, bias) if t is not None)
        return apply(_layer_norm, (x,) + wb, {"n_axes": n, "eps": float(eps), "has_w": weight is not None,
                                               "has_b": bias is not None})
    mean = R.mean(x, axes, True)
    var = R.mean(M.square(M.sub(x, mean)), axes, True)
    # (x - mean) / sqrt(var + eps): sqrt and division are correctly rounded, XLA's rsqrt is not
    y = M.div(M.sub(x, mean), M.sqrt(M.add(var, eps)))
    if weight is not None:
        y = M.mul(y, weight)
    if bias is not None:
        y = M.add(y, bias)
    return y


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5) -> Tensor:
    x = _float(input, "GroupNorm")
    n, c = x.shape[:2]
    g = A.reshape(x, (n, num_groups, -1))
    mean = R.mean(g, -1, True)
    var = R.mean(M.square(M.sub(g, mean)), -1, True)
    y = A.reshape(M.div(M.sub(g, mean), M.sqrt(M.add(var, eps))), x.shape)
    shape = (1, c) + (1,) * (x.ndim - 2)
    if weight is not None:
        y = M.mul(y, A.reshape(weight, shape))
    if bias is not None:
        y = M.add(y, A.reshape(bias, shape))
    return y


def normalize(input, p=2.0, dim=1, epsilon=1e-12) -> Tensor:
    n = R.norm(input, p, dim, True)
    return M.div(input, M.maximum(n, epsilon))


# ---- dropout ------------------------------------------------------------------------------------
def _mask(shape, keep_prob, dtype):
    # Drawn with XLA's RngBitGenerator ("rbg" key) seeded from the stream's next key: XLA compiles it in a
    # fraction of threefry's time (PyNative compiles one mask kernel per shape: a 6-layer TransformerDecoder's
    # first training step takes 7 s instead of 29 s on 2 CPU cores). Same law, Bernoulli(keep_prob) per
    # element, reproducible under set_seed; the stream was never MindSpore's Philox anyway.
    from ..common.seed import next_key
    kd = jax.random.key_data(next_key()).reshape(-1)  # 2 words (threefry), 4 if JAX's default is already rbg
    if kd.shape[0] != 4:
        kd = jnp.concatenate([kd[:2], kd[:2] ^ jnp.uint32(0x9E3779B9)])
    key = jax.random.wrap_key_data(kd, impl="rbg")
    return Tensor._make(jax.random.bernoulli(key, keep_prob, shape).astype(dtype))


def dropout(input, p=0.5, training=True, seed=None) -> Tensor:
    """``ops.dropout``: zero elements with probability ``p``, scale the rest by 1/(1-p)."""
    x = _float(input, "Dropout")
    if not 0 <= p < 1:
        raise ValueError(f"For 'dropout', the 'p' must be in range [0, 1), but got {p}.")
    if not training or p == 0:
        return x
    mask = _mask(x.shape, 1 - p, x._raw.dtype)
    return M.mul(x, M.mul(mask, 1.0 / (1 - p)))


def dropout2d(input, p=0.5, training=True):
    """Channel dropout on NCHW input; returns (output, mask) like MindSpore's ``Dropout2D``."""
    x = _float(input, "Dropout2D")
    if x.ndim != 4:
        raise ValueError(f"For 'Dropout2D', the input must be a 4-D Tensor, but got shape {list(x.shape)}.")
    keep = 1 - p
    if not training or p == 0:
        return x, A.ones(x.shape, mstype.bool_)
    m = _mask(x.shape[:2] + (1, 1), keep, jnp.bool_)
    mask = A.broadcast_to(m, x.shape)
    out = M.mul(x, M.mul(cast(mask, x.dtype), 1.0 / keep))
    return out, mask


def pad(input_x, padding, mode="constant", value=None) -> Tensor:
    x = tensor_of(input_x, "Pad")
    pairs = [(0, 0)] * x.ndim
    for i in range(len(padding) // 2):
        pairs[x.ndim - 1 - i] = (padding[2 * i], padding[2 * i + 1])
    return apply(_pad, (x,), {"pairs": tuple(pairs), "mode": mode, "value": 0 if value is None else value})


def _amount(n) -> int:
    return int(n.asnumpy()) if isinstance(n, Tensor) else int(n)


def _pad_fwd(x, *, pairs, mode, value):
    # amounts from a Tensor: inside jit, reading a traced one is a graph break (the call runs op by op)
    pairs = tuple((_amount(lo), _amount(hi)) for lo, hi in pairs)
    # a negative amount crops that side; crop first, then pad what is left (as MindSpore: a circular or
    # reflect pad repeats the cropped input)
    if any(lo < 0 or hi < 0 for lo, hi in pairs):
        x = x[tuple(slice(-min(lo, 0), n + min(hi, 0)) for (lo, hi), n in zip(pairs, x.shape))]
    grow = tuple((max(lo, 0), max(hi, 0)) for lo, hi in pairs)
    if mode == "constant":
        return jnp.pad(x, grow, constant_values=value)
    return jnp.pad(x, grow, mode={"reflect": "reflect", "replicate": "edge", "circular": "wrap"}[mode])


_pad = Op("Pad", _pad_fwd, "vjp")
