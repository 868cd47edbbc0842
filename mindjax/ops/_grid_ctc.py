"""Spatial sampling (affine_grid, grid_sample) and the CTC loss / greedy decoder."""
from __future__ import annotations

import itertools

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply

__all__ = ["affine_grid", "grid_sample", "ctc_loss", "ctc_greedy_decoder"]


# ---- affine_grid ---------------------------------------------------------------------------------------
def _base(n, align):
    if align:
        return np.linspace(-1.0, 1.0, n) if n > 1 else np.zeros(1)
    return (2 * np.arange(n) + 1) / n - 1


def _affine_grid_fwd(theta, *, size, align):
    spatial = size[2:]
    axes = [_base(n, align) for n in spatial]  # D, H, W order
    mesh = np.meshgrid(*axes, indexing="ij")
    # homogeneous coordinates ordered (x, y[, z], 1): x runs along the last axis
    coords = np.stack(list(reversed(mesh)) + [np.ones_like(mesh[0])], axis=-1).astype(np.float32)
    base = jnp.asarray(coords, theta.dtype).reshape(-1, len(spatial) + 1)
    grid = jnp.einsum("pk,nck->npc", base, theta)
    return grid.reshape((theta.shape[0],) + tuple(spatial) + (len(spatial),))


_affine_grid = Op("AffineGrid", _affine_grid_fwd, "vjp")


def affine_grid(theta, size, align_corners=False) -> Tensor:
    """``ops.affine_grid``: the sampling grid (N, H, W, 2) or (N, D, H, W, 3) that the affine matrices ``theta``
    ((N, 2, 3) or (N, 3, 4)) make of an output of ``size`` (N, C, H, W) or (N, C, D, H, W)."""
    t = tensor_of(theta, "AffineGrid")
    if t.dtype not in (mstype.float16, mstype.float32):
        raise TypeError(f"For 'AffineGrid', the 'theta' must be float16 or float32, but got {t.dtype}.")
    if isinstance(size, Tensor):
        size = tuple(int(v) for v in np.asarray(size._data).reshape(-1))
    size = tuple(size)
    if not isinstance(align_corners, bool):
        raise TypeError(f"For 'AffineGrid', the 'align_corners' must be a bool, but got "
                        f"{type(align_corners).__name__}.")
    if len(size) == 4 and t.shape[1:] == (2, 3) or len(size) == 5 and t.shape[1:] == (3, 4):
        if t.shape[0] != size[0]:
            raise ValueError(f"For 'AffineGrid', the batch of 'theta' {t.shape[0]} must be 'size'[0] {size[0]}.")
        return apply(_affine_grid, (t,), {"size": size, "align": align_corners})
    raise ValueError(f"For 'AffineGrid', 'theta' must be (N, 2, 3) with a 4-D size or (N, 3, 4) with a 5-D size, "
                     f"but got theta shape {list(t.shape)} and size {size}.")


# ---- grid_sample -----------------------------------------------------------------------------------------
def _unnormalize(g, n, align):
    return (g + 1) / 2 * (n - 1) if align else ((g + 1) * n - 1) / 2


def _reflect(c, twice_lo, twice_hi):
    # PyTorch's/MindSpore's reflection about the borders (given doubled, to stay integral)
    if twice_lo == twice_hi:
        return jnp.zeros_like(c)
    mn, span = twice_lo / 2, (twice_hi - twice_lo) / 2
    c = jnp.abs(c - mn)
    flips = jnp.floor(c / span)
    extra = c - flips * span
    return jnp.where(jnp.mod(flips, 2) == 0, extra + mn, span - extra + mn)


def _source(g, n, align, padding):
    c = _unnormalize(g, n, align)
    if padding == "border":
        c = jnp.clip(c, 0, n - 1)
    elif padding == "reflection":
        c = _reflect(c, 0, 2 * (n - 1)) if align else _reflect(c, -1, 2 * n - 1)
        c = jnp.clip(c, 0, n - 1)
    return c


def _grid_sample_fwd(x, grid, *, mode, padding, align):
    # x: (N, C, *S); grid: (N, *O, nd) with coordinates ordered (x, y[, z]) = last spatial axis first
    nd = x.ndim - 2
    spatial = x.shape[2:]
    coords = [_source(grid[..., nd - 1 - a], spatial[a], align, padding) for a in range(nd)]
    flat = x.reshape(x.shape[0], x.shape[1], -1)
    strides = np.cumprod((1,) + tuple(spatial[::-1]))[::-1][1:]

    def gather(idx_list):
        ok = jnp.ones(idx_list[0].shape, bool)
        lin = jnp.zeros(idx_list[0].shape, jnp.int32)
        for a, i in enumerate(idx_list):
            ok = ok & (i >= 0) & (i < spatial[a])
            lin = lin + jnp.clip(i, 0, spatial[a] - 1).astype(jnp.int32) * int(strides[a])
        vals = jax.vmap(lambda f, li: jnp.take(f, li.reshape(-1), axis=1).reshape((f.shape[0],) + li.shape))(
            flat, lin)
        return jnp.where(ok[:, None], vals, 0)

    if mode == "nearest":
        return gather([jnp.round(c) for c in coords]).astype(x.dtype)
    lows = [jnp.floor(c) for c in coords]
    out = 0
    for corner in itertools.product((0, 1), repeat=nd):
        idx = [lo + k for lo, k in zip(lows, corner)]
        w = 1
        for c, i in zip(coords, idx):
            w = w * (1 - jnp.abs(c - i))
        out = out + gather(idx) * w[:, None].astype(x.dtype)
    return out.astype(x.dtype)


_grid_sample = Op("GridSampler", _grid_sample_fwd, "vjp")


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None) -> Tensor:
    """``ops.grid_sample``: ``input`` (N, C, H, W) or (N, C, D, H, W) sampled at the normalized coordinates of
    ``grid`` (N, H', W', 2) or (N, D', H', W', 3); modes 'bilinear' and 'nearest', padding 'zeros', 'border',
    'reflection'."""
    x, g = tensor_of(input, "GridSampler"), tensor_of(grid, "GridSampler")
    name = "GridSampler2D" if x.ndim == 4 else "GridSampler3D"
    if x.ndim not in (4, 5) or g.ndim != x.ndim or g.shape[-1] != x.ndim - 2 or g.shape[0] != x.shape[0]:
        raise ValueError(f"For '{name}', the 'input' must be 4-D or 5-D and 'grid' (N, ..., {x.ndim - 2}) of the "
                         f"same rank and batch, but got {list(x.shape)} and {list(g.shape)}.")
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"For '{name}', the 'mode' must be 'bilinear' or 'nearest', but got {mode}.")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"For '{name}', the 'padding_mode' must be 'zeros', 'border' or 'reflection', but got "
                         f"{padding_mode}.")
    if x.dtype != g.dtype:
        raise TypeError(f"For '{name}', the dtypes of 'input' and 'grid' must be the same, but got {x.dtype} and "
                        f"{g.dtype}.")
    return apply(_grid_sample, (x, g), {"mode": mode, "padding": padding_mode, "align": bool(align_corners)})


# ---- CTC ------------------------------------------------------------------------------------------------------
def _logaddexp(a, b):
    """log(exp(a) + exp(b)) whose gradient is 0, not NaN, where both are -inf (paths that cannot happen)."""
    m = jnp.maximum(a, b)
    ok = jnp.isfinite(m)
    m0 = jnp.where(ok, m, 0)
    s = jnp.where(ok, jnp.exp(a - m0) + jnp.exp(b - m0), 1)
    return jnp.where(ok, m0 + jnp.log(s), m)


def _ctc_fwd(log_probs, targets, in_len, tgt_len, *, blank):
    # log_probs: (T, N, C); targets: (N, S) padded; returns the per-sample negative log-likelihood
    t_max, n, _ = log_probs.shape
    s = targets.shape[1]
    ext = jnp.full((n, 2 * s + 1), blank, targets.dtype).at[:, 1::2].set(targets)
    length = 2 * tgt_len + 1
    neg = jnp.asarray(-jnp.inf, log_probs.dtype)
    skip = jnp.concatenate([jnp.zeros((n, 2), bool), (ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2])], 1)
    lp0 = jnp.take_along_axis(log_probs[0], ext, 1)
    pos = jnp.arange(2 * s + 1)[None]
    alpha = jnp.where(pos < jnp.minimum(2, length[:, None]), lp0, neg)

    def step(alpha, t):
        a1 = jnp.concatenate([jnp.full((n, 1), neg), alpha[:, :-1]], 1)
        a2 = jnp.where(skip, jnp.concatenate([jnp.full((n, 2), neg), alpha[:, :-2]], 1), neg)
        new = _logaddexp(_logaddexp(alpha, a1), a2) + jnp.take_along_axis(log_probs[t], ext, 1)
        new = jnp.where(pos < length[:, None], new, neg)
        live = (t < in_len)[:, None]
        return jnp.where(live, new, alpha), jnp.where(live, new, neg)

    alpha0 = jnp.where((in_len > 0)[:, None], alpha, neg)
    alpha, hist = jax.lax.scan(step, alpha, jnp.arange(1, t_max))
    log_alpha = jnp.concatenate([alpha0[None], hist], 0).transpose(1, 0, 2)
    last = jnp.take_along_axis(alpha, (length - 1)[:, None], 1)[:, 0]
    prev = jnp.where(length > 1, jnp.take_along_axis(alpha, jnp.maximum(length - 2, 0)[:, None], 1)[:, 0], neg)
    return -_logaddexp(last, prev), log_alpha


def _ctc_bprop(ctx, dout):
    # MindSpore's (and PyTorch's) CTC gradient w.r.t. log_probs is exp(log_probs) - posterior: the gradient
    # w.r.t. the logits that a log_softmax made log_probs from. The derivative of the loss itself is
    # -posterior (jax.vjp of the forward); exp(log_probs) is added on the frames within each input length.
    from ._primitive import vjp_bprop
    from . import math as M
    from ._base import cast
    grads = vjp_bprop(ctx, dout)
    if grads[0] is None:
        return grads
    lp, _, in_len, _ = ctx.inputs
    frames = Tensor(np.arange(lp.shape[0], dtype=np.int64).reshape(-1, 1))
    live = cast(M.less(frames, in_len.reshape((1, -1))), lp.dtype).reshape((lp.shape[0], lp.shape[1], 1))
    dnll = dout[0].reshape((1, lp.shape[1], 1))
    return (M.add(grads[0], M.mul(M.mul(M.exp(lp), live), dnll)),) + tuple(grads[1:])


_ctc = Op("CTCLossV2", _ctc_fwd, _ctc_bprop, n_out=2)


def ctc_nll(log_probs, targets, input_lengths, target_lengths, blank=0):
    """Per-sample CTC negative log-likelihood of (T, N, C) log-probabilities, and log_alpha (N, T, 2S + 1)."""
    lp = tensor_of(log_probs, "CTCLoss")
    tg = tensor_of(targets, "CTCLoss")
    il = tensor_of(input_lengths, "CTCLoss", mstype.int64)
    tl = tensor_of(target_lengths, "CTCLoss", mstype.int64)
    if lp.ndim != 3:
        raise ValueError(f"For 'CTCLoss', the 'log_probs' must be 3-D (T, N, C), but got {lp.ndim}-D.")
    if tg.ndim == 1:  # concatenated targets: pad them per sample
        lens = [int(v) for v in np.asarray(tl._data).reshape(-1)]
        flat = np.asarray(tg._data)
        width = max(lens + [1])
        padded = np.zeros((len(lens), width), flat.dtype)
        off = 0
        for i, k in enumerate(lens):
            padded[i, :k] = flat[off:off + k]
            off += k
        tg = Tensor(padded)
    if not 0 <= blank < lp.shape[2]:
        raise ValueError(f"For 'CTCLoss', the 'blank' must be in [0, {lp.shape[2]}), but got {blank}.")
    return apply(_ctc, (lp, tg, il, tl), {"blank": int(blank)})


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """``ops.ctc_loss``: the connectionist temporal classification loss of (T, N, C) log-probabilities; 'mean'
    divides each sample's loss by its target length before averaging. Returns (loss, log_alpha (N, T, 2S + 1))."""
    from . import math as M, reduction as R
    from ._base import cast
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"For 'ctc_loss', the 'reduction' must be in ['none', 'mean', 'sum'], but got {reduction}.")
    nll, log_alpha = ctc_nll(log_probs, targets, input_lengths, target_lengths, blank)
    if zero_infinity:
        from .array import zeros_like
        nll = M.select(M.isinf(nll), zeros_like(nll), nll)
    if reduction == "sum":
        nll = R.sum(nll)
    elif reduction == "mean":
        tl = cast(tensor_of(target_lengths, "CTCLoss"), nll.dtype)
        nll = R.mean(M.div(nll, M.maximum(tl, 1.0)))
    return nll, log_alpha


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """``ops.ctc_greedy_decoder``: the best path of (T, N, C) logits: (decoded_indices (K, 2) int64,
    decoded_values (K,) int64, decoded_shape (2,) int64, log_probability (N, 1)). The blank is the last class.
    The number of decoded labels is data-dependent: it runs on the values (under jit, a graph break)."""
    from .._jit.dynamic_break import concrete
    x = tensor_of(inputs, "CTCGreedyDecoder")
    lens = concrete("CTCGreedyDecoder", tensor_of(sequence_length, "CTCGreedyDecoder")).reshape(-1)
    if x.ndim != 3:
        raise ValueError(f"For 'CTCGreedyDecoder', the 'inputs' must be 3-D (T, N, C), but got {x.ndim}-D.")
    arr = concrete("CTCGreedyDecoder", x)
    t_max, n, c = arr.shape
    for b in range(min(n, lens.shape[0])):  # MindSpore's kernel error (its "less than" allows equal)
        if lens[b] > t_max:
            raise RuntimeError(f"For 'CTCGreedyDecoder', sequence_length[{b}] {int(lens[b])} should be less than "
                               f"{t_max}.")
    if lens.shape[0] != n or np.any(lens < 0):
        raise ValueError(f"For 'CTCGreedyDecoder', the 'sequence_length' must hold {n} values in [0, {t_max}], but "
                         f"got {lens.tolist()}.")
    blank = c - 1
    idx, vals, logp = [], [], np.zeros((n, 1), arr.dtype)
    width = 0
    for b in range(n):
        best = arr[:lens[b], b].argmax(-1)
        logp[b, 0] = -arr[:lens[b], b].max(-1).sum()
        seq, prev = [], -1
        for k in best:
            if k != blank and not (merge_repeated and k == prev):
                seq.append(int(k))
            prev = k
        idx += [[b, j] for j in range(len(seq))]
        vals += seq
        width = max(width, len(seq))
    return (Tensor(np.asarray(idx, np.int64).reshape(-1, 2)), Tensor(np.asarray(vals, np.int64)),
            Tensor(np.asarray([n, width], np.int64)), Tensor(logp))
