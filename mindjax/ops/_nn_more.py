"""Nn functional ops: interpolate/upsample over the one resize op (``_resize.py``), and the other
functional nn ops of MindSpore that the core modules lack."""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from .. import _dtype as mstype
from .._state import state
from .._tensor import Tensor
from ._base import tensor_of, cast, sum_to
from ._primitive import Op, apply
from . import _resize as RS
from . import math as M
from . import reduction as R
from . import array as A

__all__ = ["interpolate", "upsample", "clip_by_norm", "clip_by_global_norm", "dense", "bidense", "bias_add",
           "rrelu", "gumbel_softmax", "rms_norm", "dropout1d", "dropout3d", "embedding", "channel_shuffle", "lrn",
           "mirror_pad", "soft_margin_loss", "triplet_margin_loss", "multilabel_margin_loss"]

from ._pool_more import *  # noqa: E402,F401,F403  (pooling with indices, im2col, 3-D convolutions)
from . import _pool_more  # noqa: E402
from ._grid_ctc import *  # noqa: E402,F401,F403  (affine_grid, grid_sample, CTC)
from . import _grid_ctc  # noqa: E402
__all__ += _pool_more.__all__ + _grid_ctc.__all__

_SUPPORTED = {"nearest": (3, 4, 5), "linear": (3,), "bilinear": (4,), "bicubic": (4,), "area": (3, 4, 5),
              "nearest-exact": (3, 4), "trilinear": (5,)}
_SCALE_OK = {("nearest", 5), ("area", 3), ("area", 4), ("area", 5), ("trilinear", 5)}
_ALIGN_OK = {"linear", "bilinear", "bicubic", "trilinear"}


def _is_pos_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _interp_args(x, size, scale_factor, mode, align_corners, recompute_scale_factor):
    if not isinstance(x, Tensor):
        raise TypeError(f"For 'interpolate', 'input' must be a tensor, but got {type(x)}")
    rank = x.ndim
    size = tuple(size) if isinstance(size, list) else size
    scale_factor = tuple(scale_factor) if isinstance(scale_factor, list) else scale_factor
    if size is not None and scale_factor is not None:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be set simultaneously")
    if size is not None:
        if isinstance(size, tuple):
            if not all(_is_pos_int(s) for s in size):
                raise ValueError(f"For 'interpolate', the 'size' must be a sequence of positive ints, but got {size}.")
            if len(size) != rank - 2:
                raise ValueError(f"For 'interpolate', 'input' and 'size' must have the same spatial dimensions, but "
                                 f"got 'input' is {rank - 2}D, 'size' is {len(size)}D")
        else:
            if not _is_pos_int(size):
                raise ValueError(f"For 'interpolate', the 'size' must be a positive int, but got {size}.")
            size = (size,) * (rank - 2)
    elif scale_factor is not None:
        seq = scale_factor if isinstance(scale_factor, tuple) else (scale_factor,) * (rank - 2)
        if not all(isinstance(s, (int, float)) and not isinstance(s, bool) and s > 0 for s in seq):
            raise ValueError(f"For 'interpolate', the 'scale_factor' must be positive floats, but got "
                             f"{scale_factor}.")
        if len(seq) != rank - 2:
            raise ValueError(f"For 'interpolate', 'input' and 'scale_factor' must have the same spatial dimensions, "
                             f"but got 'input' is {rank - 2}D, 'scale_factor' is {len(seq)}D")
        scale_factor = tuple(float(s) for s in seq)
    else:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be both empty")
    if mode not in _SUPPORTED:
        raise ValueError(f"For 'interpolate', 'mode' must be in '{list(_SUPPORTED)}', but got {mode}")
    if rank not in _SUPPORTED[mode]:
        raise ValueError(f"For 'interpolate', {mode} only support '{list(_SUPPORTED[mode])}'D, but got {rank}D")
    if mode == "area" and size is None:
        recompute_scale_factor = True
    if recompute_scale_factor:
        if size is not None:
            raise ValueError("For 'interpolate', it is incorrect to set 'recompute_scale_factor' to True after "
                             "specifying an explicit 'size'.")
        size = tuple(int(math.floor(n * s)) for n, s in zip(x.shape[2:], scale_factor))
        scale_factor = None
    elif scale_factor is not None and (mode, rank) not in _SCALE_OK:
        raise ValueError(f"For 'interpolate', 'scale_factor' option cannot currently be set with the mode = {mode} "
                         f"and dim = {rank}D.")
    if align_corners is not None:
        if not isinstance(align_corners, bool):
            raise TypeError(f"For 'interpolate', the type of 'align_corners' should be 'bool', but got type "
                            f"'{type(align_corners).__name__}'.")
        if mode not in _ALIGN_OK:
            raise ValueError(f"For 'interpolate', the 'align_corners' option can only be set with the interpolating "
                             f"modes: ['linear', 'bilinear', 'bicubic', 'trilinear'], but got {mode}.")
    return size, scale_factor, bool(align_corners)


def interpolate(input, size=None, scale_factor=None, mode: str = "nearest", align_corners=None,
                recompute_scale_factor=None) -> Tensor:
    """``ops.interpolate``: resample the spatial axes (after N, C) of a 3-D, 4-D or 5-D Tensor to ``size``
    or by ``scale_factor`` with ``mode`` ('nearest', 'linear', 'bilinear', 'bicubic', 'trilinear', 'area',
    'nearest-exact').

    Examples:
        >>> import mindjax as ms
        >>> x = ms.Tensor([[[1., 2., 3.], [4., 5., 6.]]])
        >>> print(ms.ops.interpolate(x, size=6, mode='nearest'))
        [[[1. 1. 2. 2. 3. 3.]
          [4. 4. 5. 5. 6. 6.]]]
    """
    size, scale, align = _interp_args(input, size, scale_factor, mode, align_corners, recompute_scale_factor)
    nd = input.ndim - 2
    out = size if size is not None else tuple(int(math.floor(n * s)) for n, s in zip(input.shape[2:], scale))
    inv = (None,) * nd if scale is None else tuple(1.0 / s for s in scale)
    transform = "align" if align else "half"
    if mode == "nearest":
        specs = [RS.spec(2 + i, o, "nearest", "asym", inv[i]) for i, o in enumerate(out)]
    elif mode == "nearest-exact":
        specs = [RS.spec(2 + i, o, "nearest", "half") for i, o in enumerate(out)]
    elif mode == "area":
        specs = [RS.spec(2 + i, o, "adaptive") for i, o in enumerate(out)]
    elif mode == "bicubic":
        specs = [RS.spec(2 + i, o, "cubic", transform, None, -0.5 if not align else -0.75, not align)
                 for i, o in enumerate(out)]
    else:
        specs = [RS.spec(2 + i, o, "linear", transform, inv[i]) for i, o in enumerate(out)]
    return RS.resize(input, specs)


def upsample(input, size=None, scale_factor=None, mode: str = "nearest", align_corners=None,
             recompute_scale_factor=None) -> Tensor:
    """``ops.upsample``: the same as ``ops.interpolate``."""
    return interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)



# ---- clipping -------------------------------------------------------------------------------------------
def _norm(x: Tensor, p: float) -> Tensor:
    x = cast(x, mstype.float32) if x.dtype.kind != "f" else x
    if p == float("inf"):
        return R.max(M.abs(x))
    return M.pow(R.sum(M.pow(M.abs(x), p)), 1.0 / p)


def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """``ops.clip_by_norm``: ``x`` (a Tensor or a sequence of them) scaled by max_norm / (total norm + 1e-6)
    when the total ``norm_type``-norm exceeds ``max_norm``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.clip_by_norm(ms.Tensor([3.0, 4.0]), 1.0))
        [0.6 0.8]
    """
    single = isinstance(x, Tensor)
    xs = [x] if single else list(x)
    p = float(norm_type)
    norms = [_norm(t, p) for t in xs]
    total = R.amax(A.stack(norms)) if p == float("inf") else _norm(A.stack(norms), p)
    if error_if_nonfinite and not bool(M.isfinite(total).asnumpy()):
        raise RuntimeError(f"For clip_by_norm, the total norm of order {norm_type} from input is non-finite.")
    coef = M.minimum(M.div(max_norm, M.add(total, 1e-6)), 1.0)
    out = [M.mul(t, cast(coef, t.dtype)) for t in xs]
    return out[0] if single else type(x)(out) if isinstance(x, tuple) else out


def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """``ops.clip_by_global_norm``: every Tensor of ``x`` scaled by clip_norm / max(global_norm, clip_norm), the
    global norm being the l2 norm of all of them together; returns a tuple."""
    if use_norm is not None:
        raise ValueError(f"For 'clip_by_global_norm', the 'use_norm' only supports None, but got {use_norm}.")
    if not isinstance(clip_norm, (int, float)) or isinstance(clip_norm, bool) or clip_norm <= 0:
        raise ValueError(f"For 'clip_by_global_norm', the 'clip_norm' must be a positive float, but got {clip_norm}.")
    xs = list(x)
    g = M.sqrt(M.addn([R.sum(M.square(cast(t, mstype.float32))) for t in xs]))
    scale = M.div(float(clip_norm), M.maximum(g, float(clip_norm)))
    return tuple(M.mul(t, cast(scale, t.dtype)) for t in xs)


# ---- dense ------------------------------------------------------------------------------------------------
def _dense_fwd(x, w, *b):
    # y[..., o] = sum_i x[..., i] w[o, i] (+ b[o]): one kernel on any number of leading axes, so an
    # N-D input is not reshaped to 2-D and back (two copies each way in PyNative) nor its bias added
    # by a second kernel. Inside the kernel the product is 2-D (there the reshapes are free): XLA:CPU's
    # dot contracting several leading axes ran up to 1.5x slower than on the flattened rows.
    y = jax.lax.dot_general(x.reshape(-1, x.shape[-1]), w, (((1,), (1,)), ((), ())))
    y = y.reshape(x.shape[:-1] + (w.shape[0],))
    return y + b[0] if b else y


def _dense_dw_fwd(d, x):
    # dW[o, i] = sum over the leading axes of d[..., o] x[..., i]
    return jax.lax.dot_general(d.reshape(-1, d.shape[-1]), x.reshape(-1, x.shape[-1]), (((0,), (0,)), ((), ())))


def _dense_dx_fwd(d, w):
    # dX[..., i] = sum_o d[..., o] w[o, i]
    return jnp.dot(d.reshape(-1, d.shape[-1]), w).reshape(d.shape[:-1] + (w.shape[1],))


_dense_dw = Op("DenseGradWeight", _dense_dw_fwd, "vjp")
_dense_dx = Op("DenseGradInput", _dense_dx_fwd, "vjp")


def _dense_bprop(ctx, dout):
    x, w = ctx.inputs[0], ctx.inputs[1]
    needs = ctx.needs
    gx = apply(_dense_dx, (dout, w), {}) if needs[0] else None
    gw = apply(_dense_dw, (dout, x), {}) if needs[1] else None
    if len(ctx.inputs) == 2:
        return gx, gw
    return gx, gw, (sum_to(dout, (w.shape[0],)) if needs[2] else None)


_dense = Op("Dense", _dense_fwd, _dense_bprop)


def linear(x: Tensor, w: Tensor, b: Tensor | None = None) -> Tensor | None:
    """``x @ w.T (+ b)`` on the last axis of ``x`` as one op, for a 2-D ``w`` and operands of one
    dtype; None where that does not hold (the caller then composes MatMul and Add, whose dtype
    rules and errors are MindSpore's; so under amp_level 'auto' too, which casts MatMul's and
    BiasAdd's inputs by different rules)."""
    if (state.amp is not None or w.ndim != 2 or x.ndim == 0 or x.shape[-1] != w.shape[1] or x.dtype != w.dtype
            or (b is not None and (b.dtype != x.dtype or b.shape != (w.shape[0],)))):
        return None
    return apply(_dense, (x, w) if b is None else (x, w, b), {})


def dense(input, weight, bias=None) -> Tensor:
    """``ops.dense``: input @ weight.T (+ bias), on the last axis of ``input``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x = ms.Tensor(np.ones((2, 3), np.float32))
        >>> print(ms.ops.dense(x, ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.ones(4, np.float32))))
        [[4. 4. 4. 4.]
         [4. 4. 4. 4.]]
    """
    x, w = tensor_of(input, "Dense"), tensor_of(weight, "Dense")
    if w.ndim not in (1, 2):
        raise ValueError(f"For 'Dense', the 'weight' must be 1-D or 2-D, but got {w.ndim}-D.")
    if bias is None or isinstance(bias, Tensor):
        y = linear(x, w, bias)
        if y is not None:
            return y
    y = M.matmul(x, A.transpose(w, (1, 0)) if w.ndim == 2 else w)
    return y if bias is None else M.add(y, bias)


def bidense(input1, input2, weight, bias=None) -> Tensor:
    """``ops.bidense``: y_k = input1 @ weight[k] @ input2 (+ bias_k) on the last axes."""
    x1, x2, w = tensor_of(input1, "bidense"), tensor_of(input2, "bidense"), tensor_of(weight, "bidense")
    if w.ndim != 3 or x1.shape[-1] != w.shape[1] or x2.shape[-1] != w.shape[2]:
        raise ValueError(f"For 'bidense', the 'weight' must be (out, in1, in2) matching the inputs, but got "
                         f"{list(w.shape)} for inputs {list(x1.shape)} and {list(x2.shape)}.")
    y = apply(_bid, (x1, w, x2), {})
    return y if bias is None else M.add(y, bias)


_bid = Op("BiDense", lambda a, w, b: jnp.einsum("...i,kij,...j->...k", a, w.astype(a.dtype), b.astype(a.dtype)),
          "vjp")


def bias_add(input_x, bias) -> Tensor:
    """``ops.bias_add``: ``bias`` (1-D) added along axis 1 (the channels) of ``input_x``."""
    x, b = tensor_of(input_x, "BiasAdd"), tensor_of(bias, "BiasAdd")
    if b.ndim != 1 or x.ndim < 2 or b.shape[0] != x.shape[1]:
        raise ValueError(f"For 'BiasAdd', the 'bias' must be 1-D with the size of axis 1 of 'input_x', but got "
                         f"'bias' shape {list(b.shape)} and 'input_x' shape {list(x.shape)}.")
    return M.add(x, A.reshape(b, (1, -1) + (1,) * (x.ndim - 2)))


# ---- random activations and dropouts ---------------------------------------------------------------------------
def _key():
    from ..common.seed import next_key
    return next_key()


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3) -> Tensor:
    """``ops.rrelu``: x for x >= 0, a * x otherwise with a drawn uniformly from [lower, upper) per element."""
    x = tensor_of(input, "RReLU")
    if not isinstance(lower, (int, float)) or not isinstance(upper, (int, float)):
        raise TypeError(f"For 'rrelu', 'lower' and 'upper' must be float, but got {type(lower).__name__} and "
                        f"{type(upper).__name__}.")
    if lower > upper:
        raise ValueError(f"For 'rrelu', the value of 'upper' must be greater than or equal to 'lower', but got "
                         f"upper: {upper}, lower: {lower}.")
    a = Tensor._make(jax.random.uniform(_key(), x.shape, x._data.dtype, lower, upper))
    return M.select(M.greater_equal(x, 0), x, M.mul(x, a))


def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1) -> Tensor:
    """``ops.gumbel_softmax``: softmax((logits + Gumbel noise) / tau) along ``dim``; with ``hard`` the one-hot
    of its argmax, with the soft sample's gradient (straight-through)."""
    x = tensor_of(logits, "gumbel_softmax")
    if x.dtype not in (mstype.float16, mstype.float32):
        raise TypeError(f"For 'gumbel_softmax', the 'logits' must be float16 or float32, but got {x.dtype}.")
    if not isinstance(tau, (int, float)) or tau <= 0:
        raise ValueError(f"For 'gumbel_softmax', the 'tau' must be a positive float, but got {tau}.")
    if not isinstance(hard, bool):
        raise TypeError(f"For 'gumbel_softmax', the 'hard' must be a bool, but got {type(hard).__name__}.")
    from .nn_ops import softmax
    u = jax.random.uniform(_key(), x.shape, jnp.float32, 1e-10, 1.0)
    g = Tensor._make((-jnp.log(-jnp.log(u))).astype(x._data.dtype))
    y = softmax(M.div(M.add(x, g), float(tau)), dim)
    if not hard:
        return y
    hot = A.stop_gradient(cast(M.equal(y, R.amax(y, dim, True)), y.dtype))
    return M.add(M.sub(hot, A.stop_gradient(y)), y)


def _dropout_nd(name, x, p, training, rank_ok):
    x = tensor_of(x, name)
    if x.ndim not in rank_ok:
        raise ValueError(f"For '{name}', the input must be a {' or '.join(f'{r}-D' for r in rank_ok)} Tensor, but "
                         f"got {x.ndim}-D.")
    if not isinstance(p, (int, float)) or not 0 <= p <= 1:
        raise ValueError(f"For '{name}', the 'p' must be in range [0, 1], but got {p}.")
    if not training or p == 0:
        return x, None
    batch = x.ndim == max(rank_ok)
    shape = x.shape[:2] if batch else x.shape[:1]
    keep = Tensor._make(jax.random.bernoulli(_key(), 1 - p, shape + (1,) * (x.ndim - len(shape))))
    out = M.mul(x, M.mul(cast(keep, x.dtype), 1.0 / (1 - p))) if p < 1 else M.mul(x, 0.0)
    return out, keep


def dropout1d(input, p=0.5, training=True) -> Tensor:
    """``ops.dropout1d``: whole channels of an (N, C, L) or (C, L) input zeroed with probability ``p``, the rest
    scaled by 1 / (1 - p)."""
    return _dropout_nd("dropout1d", input, p, training, (2, 3))[0]


def dropout3d(input, p=0.5, training=True) -> Tensor:
    """``ops.dropout3d``: whole channels of an (N, C, D, H, W) input zeroed with probability ``p``."""
    return _dropout_nd("dropout3d", input, p, training, (5,))[0]


# ---- normalisation -------------------------------------------------------------------------------------------
def rms_norm(x, gamma, epsilon=1e-6):
    """``ops.rms_norm``: (x / sqrt(mean(x ** 2) + epsilon) * gamma, 1 / sqrt(mean(x ** 2) + epsilon)), the mean
    over the trailing axes that ``gamma`` covers."""
    x, g = tensor_of(x, "RmsNorm"), tensor_of(gamma, "RmsNorm")
    if g.ndim > x.ndim or tuple(x.shape[x.ndim - g.ndim:]) != tuple(g.shape):
        raise ValueError(f"For 'RmsNorm', the shape of 'gamma' {list(g.shape)} must be the trailing shape of 'x' "
                         f"{list(x.shape)}.")
    axes = tuple(range(x.ndim - max(g.ndim, 1), x.ndim))
    xf = cast(x, mstype.float32)
    rstd = M.rsqrt(M.add(R.mean(M.square(xf), axes, True), float(epsilon)))
    y = cast(M.mul(M.mul(xf, rstd), cast(g, mstype.float32)), x.dtype)
    return y, rstd


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS") -> Tensor:
    """``ops.lrn``: local response normalisation across channels of NCHW ``x``:
    x / (bias + alpha * sum of x ** 2 over [c - r, c + r]) ** beta."""
    x = tensor_of(x, "LRN")
    if norm_region != "ACROSS_CHANNELS":
        raise ValueError(f"For 'LRN', the 'norm_region' must be 'ACROSS_CHANNELS', but got {norm_region}.")
    if not isinstance(depth_radius, int) or depth_radius < 0:
        raise ValueError(f"For 'LRN', the 'depth_radius' must be a non-negative int, but got {depth_radius}.")
    if x.ndim != 4:
        raise ValueError(f"For 'LRN', the input must be a 4-D Tensor, but got {x.ndim}-D.")
    return apply(_lrn, (x,), {"r": depth_radius, "bias": float(bias), "alpha": float(alpha), "beta": float(beta)})


def _lrn_fwd(x, *, r, bias, alpha, beta):
    sq = jnp.pad(x * x, ((0, 0), (r, r), (0, 0), (0, 0)))
    s = jax.lax.reduce_window(sq, 0.0, jax.lax.add, (1, 2 * r + 1, 1, 1), (1, 1, 1, 1), "VALID")
    return x / (bias + alpha * s) ** beta


_lrn = Op("LRN", _lrn_fwd, "vjp")


def channel_shuffle(x, groups) -> Tensor:
    """``ops.channel_shuffle``: the C channels of (N, C, ...) ``x`` regrouped as (groups, C / groups) transposed."""
    x = tensor_of(x, "ChannelShuffle")
    if not isinstance(groups, int) or isinstance(groups, bool) or groups < 1:
        raise ValueError(f"For 'ChannelShuffle', the 'groups' must be a positive int, but got {groups}.")
    if x.ndim <= 3:
        raise TypeError(f"For ChannelShuffle, expect input with > 3 dims, but got {x.ndim}.")
    if x.shape[1] % groups:
        raise ValueError(f"For 'ChannelShuffle', the number of channels {x.shape[1]} must be divisible by 'groups' "
                         f"{groups}.")
    n, c = x.shape[:2]
    y = A.reshape(x, (n, groups, c // groups) + tuple(x.shape[2:]))
    y = A.transpose(y, (0, 2, 1) + tuple(range(3, y.ndim)))
    return A.reshape(y, x.shape)


def mirror_pad(input_x, paddings, mode) -> Tensor:
    """``ops.mirror_pad``: pad by ``paddings`` ((before, after) per axis, a Tensor or tuple) reflecting the edges
    ('REFLECT') or repeating them ('SYMMETRIC')."""
    from ._nn3d_ops import pad_pairs
    x = tensor_of(input_x, "MirrorPad")
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"For 'MirrorPad', the 'mode' must be 'REFLECT' or 'SYMMETRIC', but got {mode}.")
    pairs = paddings.asnumpy().tolist() if isinstance(paddings, Tensor) else [list(p) for p in paddings]
    if len(pairs) != x.ndim or any(len(p) != 2 for p in pairs):
        raise ValueError(f"For 'MirrorPad', the 'paddings' must be of shape ({x.ndim}, 2), but got {pairs}.")
    for n, (a, b) in zip(x.shape, pairs):
        limit = n - 1 if mode == "REFLECT" else n
        if a < 0 or b < 0 or a > limit or b > limit:
            raise ValueError(f"For 'MirrorPad', the paddings must be in [0, {limit}] for an axis of size {n} in "
                             f"'{mode}' mode, but got {pairs}.")
    return pad_pairs(x, pairs, "reflect" if mode == "REFLECT" else "symmetric")


# ---- losses -----------------------------------------------------------------------------------------------------
def _reduce(name, loss, reduction):
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"For '{name}', the 'reduction' must be in ['none', 'mean', 'sum'], but got "
                         f"'{reduction}'.")
    return loss if reduction == "none" else R.mean(loss) if reduction == "mean" else R.sum(loss)


def soft_margin_loss(input, target, reduction="mean") -> Tensor:
    """``ops.soft_margin_loss``: log(1 + exp(-target * input)), reduced."""
    x, y = tensor_of(input, "SoftMarginLoss"), tensor_of(target, "SoftMarginLoss")
    if x.shape != y.shape:
        raise ValueError(f"For 'SoftMarginLoss', the shape of 'input' and 'target' must be the same, but got "
                         f"{list(x.shape)} and {list(y.shape)}.")
    from .nn_ops import softplus
    return _reduce("SoftMarginLoss", softplus(M.neg(M.mul(y, x))), reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction="mean"):
    """``ops.triplet_margin_loss``: max(d(a, p) - d(a, n) + margin, 0) with d(u, v) = ||u - v + eps||_p along the
    last axis; ``swap`` uses min(d(a, n), d(p, n))."""
    a, ps, ng = (tensor_of(t, "TripletMarginLoss") for t in (anchor, positive, negative))

    def d(u, v):
        diff = M.add(M.sub(u, v), float(eps))
        return M.pow(R.sum(M.pow(M.abs(diff), float(p)), -1), 1.0 / p)
    dp, dn = d(a, ps), d(a, ng)
    if swap:
        dn = M.minimum(dn, d(ps, ng))
    return _reduce("TripletMarginLoss", M.maximum(M.add(M.sub(dp, dn), margin), 0.0), reduction)


def _mlm_fwd(x, t):
    # target: class indices, a -1 ends the list; the loss sums max(0, 1 - (x[y] - x[i])) over targets y and
    # non-targets i, divided by the number of classes
    c = x.shape[-1]
    valid = jnp.cumprod(t >= 0, axis=-1).astype(bool)
    tt = jnp.where(valid, t, 0)
    is_target = jnp.any(jax.nn.one_hot(tt, c, dtype=bool) & valid[..., None], axis=-2)
    xy = jnp.take_along_axis(x, tt, -1)
    hinge = jnp.maximum(1 - (xy[..., :, None] - x[..., None, :]), 0)
    mask = valid[..., :, None] & ~is_target[..., None, :]
    return jnp.sum(jnp.where(mask, hinge, 0), axis=(-2, -1)) / c, is_target.astype(t.dtype)


_mlm = Op("MultilabelMarginLoss", _mlm_fwd, "vjp", n_out=2)


def multilabel_margin_loss_with_target(input, target, reduction="mean"):
    """The loss and the is-target mask (``ops.MultilabelMarginLoss``'s two outputs)."""
    x, t = tensor_of(input, "MultilabelMarginLoss"), tensor_of(target, "MultilabelMarginLoss")
    if x.shape != t.shape or x.ndim not in (1, 2):
        raise ValueError(f"For 'MultilabelMarginLoss', the 'input' and 'target' must have the same 1-D or 2-D shape, "
                         f"but got {list(x.shape)} and {list(t.shape)}.")
    if t.dtype != mstype.int32:
        raise TypeError(f"For 'MultilabelMarginLoss', the 'target' must be int32, but got {t.dtype}.")
    loss, is_target = apply(_mlm, (x, t), {})
    return _reduce("MultilabelMarginLoss", loss, reduction), is_target


def multilabel_margin_loss(input, target, reduction="mean") -> Tensor:
    """``ops.multilabel_margin_loss``: the multi-label hinge loss of ``input`` for the class lists ``target``."""
    return multilabel_margin_loss_with_target(input, target, reduction)[0]


# ---- embedding ----------------------------------------------------------------------------------------------
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False) -> Tensor:
    """``ops.embedding``: the rows ``input`` of ``weight``; with ``max_norm`` the rows looked up are renormalised
    to that norm in ``weight`` (in place) first. The row ``padding_idx`` gets no gradient."""
    idx, w = tensor_of(input, "embedding"), tensor_of(weight, "embedding")
    if idx.dtype.kind not in "iu":
        raise TypeError(f"For 'embedding', the 'input' must be an int Tensor, but got {idx.dtype}.")
    if w.ndim != 2:
        raise ValueError(f"For 'embedding', the 'weight' must be 2-D, but got {w.ndim}-D.")
    if padding_idx is not None:
        n = w.shape[0]
        if not -n <= padding_idx < n:
            raise ValueError(f"For 'embedding', the 'padding_idx' must be in [{-n}, {n}), but got {padding_idx}.")
        padding_idx %= n
    if max_norm is not None:
        from .state_ops import assign
        from ..common.parameter import Parameter
        rows = A.stop_gradient(w)
        norms = M.pow(R.sum(M.pow(M.abs(rows), float(norm_type)), -1, True), 1.0 / norm_type)
        hits = A.one_hot(A.reshape(idx, (-1,)), w.shape[0], Tensor(1.0), Tensor(0.0))
        used = M.greater(R.sum(hits, 0), 0.0)
        scale = M.select(M.greater(norms, max_norm), M.div(max_norm, M.add(norms, 1e-7)), A.ones_like(norms))
        scale = M.select(A.reshape(used, (-1, 1)), scale, A.ones_like(scale))
        new = M.mul(rows, cast(scale, rows.dtype))
        if isinstance(w, Parameter):
            assign(w, new)
        else:
            w._data = new._data
    return apply(_emb, (w, idx), {"pad": padding_idx})


def _emb_fwd(w, idx, *, pad):
    if pad is not None:  # the padding row takes no gradient
        w = w.at[pad].set(jax.lax.stop_gradient(w[pad]))
    return jnp.take(w, idx, axis=0)


_emb = Op("Embedding", _emb_fwd, "vjp")
