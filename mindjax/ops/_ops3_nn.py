"""NN Primitives of ``mindspore.ops`` left for the op library (issue #11): ROIAlign, the TensorFlow-style
CTCLoss (sparse labels, blank = last class), and the flat-weight LSTM Primitive of MindSpore's CPU kernel.

Examples:
    >>> import numpy as np, mindjax as ms
    >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
    >>> print(ms.ops.ROIAlign(1, 1, 1.0, 1)(x, ms.Tensor([[0.0, 0.0, 0.0, 3.0, 3.0]])))
    [[[[10.]]]]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply

__all__: list = []


# ---- ROIAlign -------------------------------------------------------------------------------------------------
def _interp_matrix(start, bin_size, pooled, grid, size):
    """(R, pooled, size) weights: the mean over ``grid`` samples per bin of MindSpore's bilinear taps along
    one axis (samples outside [-1, size] contribute zero; the others are clamped into the image)."""
    k = jnp.arange(pooled, dtype=start.dtype)[None, :, None]
    g = (jnp.arange(grid, dtype=start.dtype)[None, None, :] + 0.5) / grid
    pos = start[:, None, None] + (k + g) * bin_size[:, None, None]  # (R, pooled, grid)
    valid = (pos >= -1) & (pos <= size)
    pos = jnp.maximum(pos, 0)
    low = jnp.where(pos <= 7e-5, 0, jnp.floor(pos)).astype(jnp.int32)
    at_end = low >= size - 1
    low = jnp.where(at_end, size - 1, low)
    high = jnp.where(at_end, size - 1, low + 1)
    pos = jnp.where(at_end, low.astype(pos.dtype), pos)
    lw = pos - low
    taps = (jax.nn.one_hot(low, size, dtype=pos.dtype) * (1 - lw)[..., None]
            + jax.nn.one_hot(high, size, dtype=pos.dtype) * lw[..., None])
    return jnp.sum(jnp.where(valid[..., None], taps, 0), axis=2)


def _roi_align_fwd(x, rois, *, ph, pw, scale, grid, end_mode):
    dt = x.dtype
    xf, r = x.astype(jnp.float32), rois.astype(jnp.float32)
    _, _, h, w = x.shape
    if r.shape[1] == 5:
        b = jnp.rint(r[:, 0] + 7e-5).astype(jnp.int32)
        box = r[:, 1:]
    else:
        b, box = jnp.zeros((r.shape[0],), jnp.int32), r
    x1, y1 = box[:, 0] * scale, box[:, 1] * scale
    rw = (box[:, 2] + end_mode) * scale - x1
    rh = (box[:, 3] + end_mode) * scale - y1
    if end_mode == 0:  # MindSpore forces malformed ROIs to 1 x 1 in this mode
        rw, rh = jnp.maximum(rw, 1.0), jnp.maximum(rh, 1.0)
    ay = _interp_matrix(y1, rh / ph, ph, grid[0], h)  # (R, ph, H)
    ax = _interp_matrix(x1, rw / pw, pw, grid[1], w)  # (R, pw, W)
    out = jnp.einsum("rph,rchw,rqw->rcpq", ay, xf[b], ax) / (grid[0] * grid[1])
    # MindSpore's kernel skips ROIs whose x1 and x2 are both ~0 (their output stays zero)
    skip = (jnp.abs(box[:, 0]) < 1e-3) & (jnp.abs(box[:, 2]) < 1e-3)
    return jnp.where(skip[:, None, None, None], 0, out).astype(dt)


def _roi_align_bprop(ctx, dout):
    from .array import zeros_like
    from ._primitive import vjp_op, _apply_vjp
    op, attrs = ctx.attrs
    g = _apply_vjp(vjp_op(op), (ctx.inputs[0], ctx.inputs[1], dout),
                   {"fwd": op.forward, "n_in": 2, "needs": (True, False), "attrs": tuple(sorted(attrs.items()))})
    return g[0], zeros_like(ctx.inputs[1])  # MindSpore gives no gradient to the boxes


_roi_align = Op("ROIAlign", _roi_align_fwd, _roi_align_bprop)


def roi_align(features, rois, pooled_height: int, pooled_width: int, spatial_scale: float, sample_num: int = 2,
              roi_end_mode: int = 1) -> Tensor:
    """``ops.ROIAlign(...)(features, rois)``: average of bilinear samples over each bin of each region of
    interest. ``rois`` is (R, 5) rows (batch index, x1, y1, x2, y2) in input-image coordinates scaled by
    ``spatial_scale``; the result is (R, C, pooled_height, pooled_width). ``sample_num`` <= 0 takes
    ceil-free adaptive grids (read from the boxes: eager only)."""
    x, r = tensor_of(features, "ROIAlign"), tensor_of(rois, "ROIAlign")
    for arg, t in (("features", x), ("rois", r)):
        if t.dtype not in (mstype.float16, mstype.float32):
            raise TypeError(f"For primitive[ROIAlign], the input argument[{arg}] must be a type of "
                            f"{{Tensor[Float16], Tensor[Float32]}}, but got Tensor[{t.dtype}].")
    if x.ndim != 4:
        raise ValueError(f"For 'ROIAlign', the dimension of 'features' must be 4, but got {x.ndim}.")
    if r.ndim != 2 or r.shape[1] not in (4, 5):
        raise ValueError(f"For 'ROIAlign', 'rois' must be (R, 5) or (R, 4), but got {list(r.shape)}.")
    if sample_num > 0:
        grid = (int(sample_num), int(sample_num))
    else:  # MindSpore's grid per ROI is floor(roi size / pooled size): one static grid needs concrete boxes
        if isinstance(r._data, jax.core.Tracer):
            raise ValueError("For 'ROIAlign', 'sample_num' <= 0 reads the box sizes: give a positive 'sample_num' "
                             "inside jit.")
        a = np.asarray(r.asnumpy(), np.float32)[:, -4:]
        gh = np.floor(((a[:, 3] + roi_end_mode) * spatial_scale - a[:, 1] * spatial_scale) / pooled_height)
        gw = np.floor(((a[:, 2] + roi_end_mode) * spatial_scale - a[:, 0] * spatial_scale) / pooled_width)
        if len(set(gh.tolist())) > 1 or len(set(gw.tolist())) > 1:
            return _per_roi(x, r, pooled_height, pooled_width, spatial_scale, roi_end_mode, gh, gw)
        grid = (max(int(gh[0]), 0), max(int(gw[0]), 0))
    if grid[0] == 0 or grid[1] == 0:  # MindSpore divides 0 by 0 here
        from .creation import full
        return full((r.shape[0], x.shape[1], pooled_height, pooled_width), float("nan"), dtype=x.dtype)
    if not isinstance(r._data, jax.core.Tracer) and r.shape[1] == 5 and r.shape[0]:
        idx = np.asarray(r.asnumpy())[:, 0]
        if (idx < 0).any() or (idx > x.shape[0] - 1).any():
            bad = idx[(idx < 0) | (idx > x.shape[0] - 1)][0]
            raise RuntimeError(f"For 'ROIAlign', image_index {bad} must be a number in [0,{x.shape[0] - 1}]")
    return apply(_roi_align, (x, r), {"ph": int(pooled_height), "pw": int(pooled_width),
                                      "scale": float(spatial_scale), "grid": grid, "end_mode": int(roi_end_mode)})


def _per_roi(x, r, ph, pw, scale, end_mode, gh, gw):
    from .array import concat
    outs = [roi_align(x, r[i:i + 1], ph, pw, scale, int(max(gh[i], 0)) or -1, end_mode) if gh[i] == gw[i] and gh[i]
            else _one_roi(x, r[i:i + 1], ph, pw, scale, end_mode, gh[i], gw[i]) for i in range(r.shape[0])]
    return concat(outs, 0)


def _one_roi(x, r, ph, pw, scale, end_mode, gh, gw):
    if gh <= 0 or gw <= 0:
        from .creation import full
        return full((1, x.shape[1], ph, pw), float("nan"), dtype=x.dtype)
    return apply(_roi_align, (x, r), {"ph": int(ph), "pw": int(pw), "scale": float(scale),
                                      "grid": (int(gh), int(gw)), "end_mode": int(end_mode)})


# ---- CTCLoss (TensorFlow style) ------------------------------------------------------------------------------
def _ctc_tf_fwd(x, idx, vals, seq_len, *, merge, collapse, ignore_longer):
    """Per-sequence loss and its gradient w.r.t. the logits ``x`` (T, B, C); blank is class C - 1."""
    t_max, bsz, ncls = x.shape
    blank = ncls - 1
    n = vals.shape[0]
    bi = idx[:, 0].astype(jnp.int32)
    vals = vals.astype(jnp.int32)
    keep = jnp.ones((n,), bool)
    if collapse and n > 1:  # drop a label equal to the one before it in the same sequence
        keep = keep.at[1:].set(~((bi[1:] == bi[:-1]) & (vals[1:] == vals[:-1])))
    # position of each kept label in its sequence: rank among the kept labels of the same batch row
    same = (bi[:, None] == bi[None, :]) & keep[None, :] & (jnp.arange(n)[None, :] < jnp.arange(n)[:, None])
    pos = jnp.sum(same, axis=1)
    s = max(n, 1)
    labels = jnp.full((bsz, s), blank, jnp.int32).at[jnp.where(keep, bi, bsz), pos].set(vals, mode="drop")
    lab_len = jnp.zeros((bsz,), jnp.int32).at[bi].add(keep.astype(jnp.int32))

    def nll(logits):
        dt = jnp.promote_types(logits.dtype, jnp.float32)
        lp = jax.nn.log_softmax(logits.astype(dt), axis=-1)
        ext = jnp.full((bsz, 2 * s + 1), blank, jnp.int32).at[:, 1::2].set(labels)
        length = 2 * lab_len + 1
        neg = jnp.asarray(-1e30, dt)  # finite: jax's gradient of logaddexp(-inf, -inf) is NaN
        is_blank = ext == blank
        rep = jnp.concatenate([jnp.zeros((bsz, 2), bool), ext[:, 2:] == ext[:, :-2]], 1)
        skip = ~is_blank & (~rep if merge else True)
        skip = skip & (jnp.arange(2 * s + 1)[None] >= 2)
        stay = is_blank | merge
        pos_ = jnp.arange(2 * s + 1)[None]
        alpha = jnp.where(pos_ < jnp.minimum(2, length[:, None]), jnp.take_along_axis(lp[0], ext, 1), neg)

        def step(alpha, t):
            a0 = jnp.where(stay, alpha, neg)
            a1 = jnp.concatenate([jnp.full((bsz, 1), neg), alpha[:, :-1]], 1)
            a2 = jnp.where(skip, jnp.concatenate([jnp.full((bsz, 2), neg), alpha[:, :-2]], 1), neg)
            new = jnp.logaddexp(jnp.logaddexp(a0, a1), a2) + jnp.take_along_axis(lp[t], ext, 1)
            new = jnp.where(pos_ < length[:, None], new, neg)
            return jnp.where((t < seq_len)[:, None], new, alpha), None

        alpha, _ = jax.lax.scan(step, alpha, jnp.arange(1, t_max))
        last = jnp.take_along_axis(alpha, (length - 1)[:, None], 1)[:, 0]
        prev = jnp.where(length > 1, jnp.take_along_axis(alpha, jnp.maximum(length - 2, 0)[:, None], 1)[:, 0], neg)
        loss = -jnp.logaddexp(last, prev)
        return loss

    loss, vjp = jax.vjp(nll, x)
    grad = vjp(jnp.ones_like(loss))[0]
    # the gradient is zero past each sequence's length (MindSpore's kernel leaves those rows unwritten); a
    # sequence whose labels are longer than its input (ignore_longer_outputs_than_inputs) gets MindSpore's inf
    # loss and a zero gradient
    too_long = lab_len > seq_len
    loss = jnp.where(too_long | (loss > 1e29), jnp.inf, loss)
    live = ((jnp.arange(t_max)[:, None] < seq_len[None, :]) & ~too_long[None, :])[..., None]
    return loss.astype(x.dtype), jnp.where(live, grad, 0).astype(x.dtype)


def _ctc_tf_bprop(ctx, dout):
    from .math import mul
    from .array import expand_dims, zeros_like
    dloss = dout[0]
    grad = ctx.out_tensor(1)
    g = mul(grad, expand_dims(expand_dims(dloss, 0), 2))
    return g, zeros_like(ctx.inputs[1]), zeros_like(ctx.inputs[2]), zeros_like(ctx.inputs[3])


_ctc_tf = Op("CTCLoss", _ctc_tf_fwd, _ctc_tf_bprop, n_out=2)


def ctc_loss_tf(x, labels_indices, labels_values, sequence_length, preprocess_collapse_repeated=False,
                ctc_merge_repeated=True, ignore_longer_outputs_than_inputs=False):
    """``ops.CTCLoss(...)(x, labels_indices, labels_values, sequence_length)``: the CTC loss of (T, B, C)
    logits against sparse labels (blank = C - 1), and its gradient w.r.t. the logits."""
    x = tensor_of(x, "CTCLoss")
    idx, vals = tensor_of(labels_indices, "CTCLoss"), tensor_of(labels_values, "CTCLoss")
    seq = tensor_of(sequence_length, "CTCLoss")
    if x.dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError(f"For 'CTCLoss', the dtype of 'x' must be float16, float32 or float64, but got {x.dtype}.")
    if idx.dtype != mstype.int64 or vals.dtype != mstype.int32 or seq.dtype != mstype.int32:
        raise TypeError(f"For 'CTCLoss', 'labels_indices' must be int64 and 'labels_values', 'sequence_length' "
                        f"int32, but got {idx.dtype}, {vals.dtype} and {seq.dtype}.")
    if x.ndim != 3:
        raise ValueError(f"For 'CTCLoss', the dimension of 'x' must be 3, but got {x.ndim}.")
    if idx.ndim != 2 or idx.shape[1] != 2:
        raise ValueError(f"For 'CTCLoss', 'labels_indices' must be (N, 2), but got {list(idx.shape)}.")
    if vals.ndim != 1 or idx.shape[0] != vals.shape[0]:
        raise ValueError(f"For 'CTCLoss', the first dim of 'label_indices' and 'label_value' must be same, but got "
                         f"'label_indices':{idx.shape[0]}, 'label_value': {vals.shape[0] if vals.ndim else 0}.")
    if seq.shape != (x.shape[1],):
        raise ValueError(f"For 'CTCLoss', 'sequence_length' must be ({x.shape[1]},), but got {list(seq.shape)}.")
    if not isinstance(seq._data, jax.core.Tracer) and not isinstance(idx._data, jax.core.Tracer):
        s = np.asarray(seq.asnumpy())
        if (s > x.shape[0]).any():
            raise ValueError(f"For 'CTCLoss', the sequence_length must be <= max_time {x.shape[0]}, but got "
                             f"{s.max()}.")
        counts = np.bincount(np.asarray(idx.asnumpy())[:, 0], minlength=x.shape[1])[:x.shape[1]]
        if not ignore_longer_outputs_than_inputs and (counts > s).any():
            b = int(np.argmax(counts > s))
            raise RuntimeError(f"For 'CTCLoss', labels length {counts[b]} is larger than sequence length {s[b]} in "
                               f"batch {b}.")
    return apply(_ctc_tf, (x, idx, vals, seq), {"merge": bool(ctc_merge_repeated),
                                                 "collapse": bool(preprocess_collapse_repeated),
                                                 "ignore_longer": bool(ignore_longer_outputs_than_inputs)})


# ---- LSTM with MindSpore's flat CPU weights --------------------------------------------------------------------
def _lstm_fwd(x, h0, c0, w, *, hidden, layers, dirs, has_bias, in_size):
    wf = w.reshape(-1)
    g4 = 4 * hidden
    sizes_ih = [g4 * (in_size if l == 0 else hidden * dirs) for l in range(layers) for _ in range(dirs)]
    off, w_ih, w_hh, b = 0, [], [], []
    for k, sz in enumerate(sizes_ih):
        w_ih.append(wf[off:off + sz].reshape(g4, -1))
        off += sz
    for _ in range(layers * dirs):
        w_hh.append(wf[off:off + g4 * hidden].reshape(g4, hidden))
        off += g4 * hidden
    for _ in range(layers * dirs):  # MindSpore's CPU kernel reads one bias per layer and direction
        b.append(wf[off:off + g4] if has_bias else jnp.zeros((g4,), x.dtype))
        off += g4 if has_bias else 0
    inp, hs, cs = x, [], []
    for l in range(layers):
        outs = []
        for d in range(dirs):
            k = l * dirs + d

            def cell(carry, xt, k=k):
                h, c = carry
                gates = xt @ w_ih[k].T + h @ w_hh[k].T + b[k]
                i, f, g, o = jnp.split(gates, 4, axis=-1)
                c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
                h = jax.nn.sigmoid(o) * jnp.tanh(c)
                return (h, c), h
            seq = inp[::-1] if d == 1 else inp
            (hn, cn), ys = jax.lax.scan(cell, (h0[k], c0[k]), seq)
            outs.append(ys[::-1] if d == 1 else ys)
            hs.append(hn)
            cs.append(cn)
        inp = jnp.concatenate(outs, axis=-1) if dirs == 2 else outs[0]
    return inp, jnp.stack(hs), jnp.stack(cs)


_lstm = Op("LSTM", _lstm_fwd, "vjp", n_out=3)


def lstm_flat(x, h, c, w, input_size, hidden_size, num_layers, has_bias, bidirectional):
    """The LSTM Primitive's computation: (output, h_n, c_n) of a (T, B, I) sequence with MindSpore's CPU
    weight layout (all W_ih, then all W_hh, then one bias per layer and direction; gates i, f, g, o)."""
    x, h, c, w = (tensor_of(t, "LSTM") for t in (x, h, c, w))
    dirs = 2 if bidirectional else 1
    if num_layers != 1:
        # MindSpore's CPU kernel (oneDNN) sizes every layer's input weights with input_size and fails unless
        # the layers' shapes happen to agree; its multi-layer layout is not a documented one to reproduce
        raise ValueError(f"For 'LSTM', mindjax's LSTM Primitive takes num_layers=1 (stack layers, as nn.LSTM "
                         f"does), but got {num_layers}.")
    for arg, t in (("x", x), ("h", h), ("c", c), ("w", w)):
        if t.dtype not in (mstype.float16, mstype.float32):
            raise TypeError(f"For 'LSTM', the dtype of '{arg}' must be float16 or float32, but got {t.dtype}.")
    if x.ndim != 3 or x.shape[2] != input_size:
        raise ValueError(f"For 'LSTM', 'x' must be (seq_len, batch, {input_size}), but got {list(x.shape)}.")
    want = (num_layers * dirs, x.shape[1], hidden_size)
    if h.shape != want or c.shape != want:
        raise ValueError(f"For 'LSTM', 'h' and 'c' must be {list(want)}, but got {list(h.shape)} and "
                         f"{list(c.shape)}.")
    g4 = 4 * hidden_size
    need = sum(g4 * (input_size if l == 0 else hidden_size * dirs) for l in range(num_layers)) * dirs
    need += num_layers * dirs * g4 * hidden_size + (num_layers * dirs * g4 if has_bias else 0)
    if w.size < need:
        raise ValueError(f"For 'LSTM', the weight 'w' must hold at least {need} values, but got {w.size}.")
    return apply(_lstm, (x, h, c, w), {"hidden": int(hidden_size), "layers": int(num_layers), "dirs": dirs,
                                       "has_bias": bool(has_bias), "in_size": int(input_size)})
