"""Fractional max pooling with a fixed kernel (MindSpore's FractionalMaxPoolWithFixedKsize and
FractionalMaxPool3DWithFixedKsize, PyTorch's fractional_max_pool2d/3d): one definition per op, used by
``ops.fractional_max_pool2d/3d``, the Primitives and ``nn.FractionalMaxPool2d/3d``.

The pooling windows start at a pseudo-random sequence drawn from ``random_samples`` (N, C, 2 or 3), one
value in [0, 1) per plane and spatial dim: with ``alpha = (in - k) / (out - 1)``, window ``i`` starts at
``int((i + u) * alpha) - int(u * alpha)`` and the last one at ``in - k``. For 2-D, sample 0 drives the
width and sample 1 the height (MindSpore's and PyTorch's kernels); for 3-D, samples 0, 1, 2 drive
depth, height and width. The output holds each window's maximum (the first one on ties, a NaN if any)
and the indices are flat positions in the input plane (volume). The gradient goes to those positions.

MindSpore draws the samples from its own random stream, which cannot be reproduced: without
``_random_samples`` mindjax draws them from ``ops.rand``.
"""
from __future__ import annotations

import math

import jax.numpy as jnp

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply

__all__ = ["fractional_max_pool2d", "fractional_max_pool3d"]


def _starts(u, n_in: int, n_out: int, k: int):
    """Window starts (..., n_out) from the samples ``u`` (...), computed in the samples' dtype."""
    last = jnp.full(u.shape + (1,), n_in - k, jnp.int64)
    if n_out == 1:
        return last
    alpha = jnp.asarray(n_in - k, u.dtype) / jnp.asarray(n_out - 1, u.dtype)
    i = jnp.arange(n_out - 1, dtype=u.dtype)
    first = (((i + u[..., None]) * alpha).astype(jnp.int64) - (u * alpha).astype(jnp.int64)[..., None])
    return jnp.concatenate([first, last], -1)


def _frac_fwd(x, samples, *, ksize, out_shape, order):
    n, c = x.shape[:2]
    sp = x.shape[2:]
    nd = len(sp)
    # per spatial dim d: positions (N, C, out_d, k_d) of the input rows the windows cover
    pos = [(_starts(samples[..., order[d]], sp[d], out_shape[d], ksize[d])[..., None]
            + jnp.arange(ksize[d], dtype=jnp.int64)) for d in range(nd)]
    # flat index of every window element: sum over dims of pos_d * stride_d, broadcast to
    # (N, C, out_0, .., out_{nd-1}, k_0, .., k_{nd-1})
    strides = [math.prod(sp[d + 1:]) for d in range(nd)]
    flat = 0
    for d in range(nd):
        shape = [n, c] + [1] * (2 * nd)
        shape[2 + d], shape[2 + nd + d] = out_shape[d], ksize[d]
        flat = flat + pos[d].reshape(shape) * strides[d]
    flat = jnp.broadcast_to(flat, (n, c) + tuple(out_shape) + tuple(ksize)).reshape(n, c, -1)
    xf = x.reshape(n, c, -1)
    vals = jnp.take_along_axis(xf, flat, -1).reshape((n, c) + tuple(out_shape) + (-1,))
    arg = jnp.argmax(vals, -1)  # the first maximum; a NaN counts as the maximum (numpy's rule)
    idx = jnp.take_along_axis(flat.reshape(vals.shape), arg[..., None], -1)[..., 0]
    y = jnp.take_along_axis(xf, idx.reshape(n, c, -1), -1).reshape(idx.shape)  # gather: grads go to idx
    return y, idx.astype(jnp.int64)


_frac_ops = {2: Op("FractionalMaxPoolWithFixedKsize", _frac_fwd, "vjp", n_out=2),
             3: Op("FractionalMaxPool3DWithFixedKsize", _frac_fwd, "vjp", n_out=2)}


def _check_run(name: str, x: Tensor, samples: Tensor, ksize, out_shape, nd: int) -> None:
    if samples.ndim != 3 or samples.shape[-1] != nd:
        if nd == 2:
            raise ValueError(f"For FractionalMaxPoolWithFixedKsize, the last dimension size of random_samples must "
                             f"be 2, but got {samples.shape[-1]}")
        raise ValueError(f"For 'FractionalMaxPool3DWithFixedKsize', if 'x' is 5 dimensional, the second dimension "
                         f"size of 'random_samples' must be equal to 3.")
    if samples.shape[:2] != x.shape[:2]:
        # MindSpore's 3-D kernel reads past a short sample tensor without a check; mindjax refuses it
        raise ValueError(f"For '{name}', the first two dimensions of 'random_samples' must be the batch and channel "
                         f"sizes of the input {tuple(x.shape[:2])}, but got {tuple(samples.shape[:2])}.")
    if nd == 2:
        for dim, k, o, i in (("height", ksize[0], out_shape[0], x.shape[2]),
                             ("width", ksize[1], out_shape[1], x.shape[3])):
            if k + o - 1 > i:
                s = dim[0]
                raise ValueError(f"For FractionalMaxPoolWithFixedKsize, ksize {dim} [{k}] + output_shape_{s} [{o}] "
                                 f"too large relative to input {dim} [{i}], conflict with the rule: ksize_{s} + "
                                 f"output_shape_{s} - 1 <= input_{s}")
    else:
        for dim, k, o, i in zip(("depth", "height", "width"), ksize, out_shape, x.shape[2:]):
            if k + o > i:  # MindSpore 2.10's 3-D rule (stricter than the 2-D one by one)
                raise ValueError(f"For 'FractionalMaxPool3DWithFixedKsize', out(): pool {dim} ,{k}too large relative "
                                 f"to input {dim}{i}.")


def fractional_max_pool_fixed(x, samples, ksize: tuple, out_shape: tuple, channels_last: bool = False):
    """The op: (output, int64 indices) of the fixed-kernel fractional max pooling of (N, C, *spatial) ``x``
    (``channels_last``: (N, *spatial, C)) with ``samples`` (N, C, len(spatial))."""
    nd = len(ksize)
    name = "FractionalMaxPoolWithFixedKsize" if nd == 2 else "FractionalMaxPool3DWithFixedKsize"
    x, samples = tensor_of(x, name), tensor_of(samples, name)
    if x.ndim != nd + 2:
        if nd == 2:
            raise ValueError(f"For FractionalMaxPoolWithFixedKsize, the dimension of input_x must be 4, but got "
                             f"{x.ndim}")
        raise ValueError(f"For '{name}', the dimension of 'x' must be 5, but got {x.ndim}.")
    if channels_last:
        from . import array as A
        x = A.transpose(x, (0, nd + 1) + tuple(range(1, nd + 1)))
    _check_run(name, x, samples, ksize, out_shape, nd)
    order = (1, 0) if nd == 2 else (0, 1, 2)
    y, idx = apply(_frac_ops[nd], (x, samples), {"ksize": tuple(ksize), "out_shape": tuple(out_shape), "order": order})
    if channels_last:
        from . import array as A
        perm = (0,) + tuple(range(2, nd + 2)) + (1,)
        y, idx = A.transpose(y, perm), A.transpose(idx, perm)
    return y, idx


def _tuple(v, n: int) -> tuple:
    return (v,) * n if isinstance(v, int) else tuple(v)


def _check_bool(name: str, arg: str, v) -> None:
    if not isinstance(v, bool):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'bool', but got type '{type(v).__name__}'.")


def _out_size(name: str, x: Tensor, output_size, output_ratio, nd: int) -> tuple:
    if output_size is None and output_ratio is None:
        raise ValueError(f"For {name}, 'output_size' and 'output_ratio' can not be Noneat the same time, but got "
                         f"{output_ratio} and {output_size} .")
    if output_size is not None:
        return _tuple(output_size, nd)
    if isinstance(output_ratio, (float, int)):
        if not isinstance(output_ratio, float) or isinstance(output_ratio, bool):
            raise TypeError(f"For '{name}', the type of 'output_ratio' should be 'float', but got type "
                            f"'{type(output_ratio).__name__}'.")
        output_ratio = (output_ratio,) * nd
    for i, r in enumerate(output_ratio):
        if not 0.0 < r < 1.0:
            raise ValueError(f"For '{name}', the 'output_ratio[{i}]' must be in range of (0.0, 1.0), but got {r} "
                             f"with type '{type(r).__name__}'.")
    return tuple(int(x.shape[x.ndim - nd + i] * output_ratio[i]) for i in range(nd))


def _samples(x: Tensor, n: int, c: int, nd: int) -> Tensor:
    from .random import rand  # drawn only when the caller gives none
    dt = x.dtype if x.dtype in mstype.float_type else mstype.float32
    return rand(n, c, nd, dtype=dt)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,  # noqa: A002
                          _random_samples=None):
    """``ops.fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)``: 2-D fractional max pooling of a (N, C, H, W) or
    (C, H, W) input to ``output_size`` (or ``output_ratio`` of the input size); with ``return_indices``
    also the flat int64 positions of the maxima in each plane.

    Example:
        >>> import mindjax as ms
        >>> x = ms.ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> s = ms.Tensor([[[0.5, 0.5]]], ms.float32)
        >>> print(ms.ops.fractional_max_pool2d(x, 2, output_size=2, _random_samples=s))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """
    name = "fractional_max_pool2d"
    if output_size is None and output_ratio is None:
        _out_size(name, input, None, None, 2)
    _check_bool(name, "return_indices", return_indices)
    x = tensor_of(input, name)
    squeeze = x.ndim == 3
    if squeeze:
        from . import array as A
        x = A.expand_dims(x, 0)
    samples = _samples(x, x.shape[0], x.shape[1], 2) if _random_samples is None else tensor_of(_random_samples, name)
    y, idx = fractional_max_pool_fixed(x, samples, _tuple(kernel_size, 2), _out_size(name, x, output_size,
                                                                                    output_ratio, 2))
    if squeeze:
        from . import array as A
        y, idx = A.squeeze(y, 0), A.squeeze(idx, 0)
    return (y, idx) if return_indices else y


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,  # noqa: A002
                          _random_samples=None):
    """``ops.fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)``: 3-D fractional max pooling of a (N, C, D, H, W) or
    (C, D, H, W) input; ``_random_samples`` (N, C, 3) must have the input's dtype.

    Example:
        >>> import mindjax as ms
        >>> x = ms.ops.arange(64, dtype=ms.float32).reshape(1, 1, 4, 4, 4)
        >>> s = ms.Tensor([[[0.5, 0.5, 0.5]]], ms.float32)
        >>> print(ms.ops.fractional_max_pool3d(x, 2, output_size=1, _random_samples=s))
        [[[[[63.]]]]]
    """
    name = "fractional_max_pool3d"
    if output_size is None and output_ratio is None:
        _out_size(name, input, None, None, 3)
    _check_bool(name, "return_indices", return_indices)
    x = tensor_of(input, name)
    n = 1 if x.ndim == 4 else x.shape[0]
    samples = _samples(x, n, x.shape[-4], 3) if _random_samples is None else tensor_of(_random_samples, name)
    out = _out_size(name, x, output_size, output_ratio, 3)
    if x.dtype != samples.dtype:
        raise TypeError(f"For '{name}', 'input' and '_random_samples' must be same dtype, but got "
                        f"Tensor[{x.dtype}] and Tensor[{samples.dtype}].")
    squeeze = x.ndim == 4
    if squeeze:  # (C, D, H, W): each channel a batch of one plane, as MindSpore (samples (1, C, 3))
        from . import array as A
        x = A.expand_dims(x, 1)
        samples = A.transpose(samples, (1, 0, 2))
    y, idx = fractional_max_pool_fixed(x, samples, _tuple(kernel_size, 3), out)
    if squeeze:
        from . import array as A
        y, idx = A.squeeze(y, 1), A.squeeze(idx, 1)
    return (y, idx) if return_indices else y


# ---- FractionalMaxPool / FractionalAvgPool: TensorFlow's fractional pooling of NHWC input ----------------
# The row (col) boundaries are a sequence 0 = a_0 < ... < a_out = in, out = floor(in / ratio). "random": the
# steps are in // out or one more, in random order; "pseudo_random": a_i = ceil(alpha * (i + u)) - 1 with
# alpha = in / out and one uniform u. Window i covers [a_i, a_{i+1}) (``overlapping``: [a_i, a_{i+1}]).
def _sequence(n_in: int, n_out: int, draws, pseudo: bool):
    """The boundaries (n_out + 1,) int64 from ``draws`` (n_out + 1,) uniform in [0, 1)."""
    k = n_in // n_out
    if pseudo:
        alpha = n_in / n_out
        max_u = min((k + 2) / alpha - 1, (n_in + 1 - k) / alpha - (n_out - 1))
        u = draws[0].astype(jnp.float64) * max_u
        inner = jnp.ceil(alpha * (jnp.arange(1, n_out, dtype=jnp.float64) + u)).astype(jnp.int64) - 1
        return jnp.concatenate([jnp.zeros(1, jnp.int64), inner, jnp.full(1, n_in, jnp.int64)])
    extra = n_in - n_out * k
    rank = jnp.argsort(jnp.argsort(draws[1:]))  # a random permutation: the first `extra` steps get one more
    steps = k + (rank < extra).astype(jnp.int64)
    return jnp.concatenate([jnp.zeros(1, jnp.int64), jnp.cumsum(steps)])


def _windows(seq, n_in: int, overlapping: bool):
    """Per window: element positions (n_out, L) clamped into range and their validity mask."""
    n_out = seq.shape[0] - 1
    length = n_in // n_out + 2
    start = seq[:-1]
    end = seq[1:] + (1 if overlapping else 0)  # exclusive
    end = jnp.minimum(end, n_in)
    t = jnp.arange(length, dtype=jnp.int64)
    pos = start[:, None] + t
    return jnp.minimum(pos, n_in - 1), pos < end[:, None]


def _frac_pool_fwd(x, row_seq, col_seq, *, overlapping, mode):
    n, h, w, c = x.shape
    rows, rmask = _windows(row_seq, h, overlapping)
    cols, cmask = _windows(col_seq, w, overlapping)
    flat = (rows[:, None, :, None] * w + cols[None, :, None, :])  # (OH, OW, LR, LC)
    mask = rmask[:, None, :, None] & cmask[None, :, None, :]
    oh, ow = flat.shape[:2]
    flat = flat.reshape(oh, ow, -1)
    mask = mask.reshape(oh, ow, -1)
    xf = x.reshape(n, h * w, c)
    vals = jnp.take(xf, flat.reshape(-1), axis=1).reshape(n, oh, ow, -1, c)
    if mode == "avg":
        s = jnp.sum(jnp.where(mask[None, ..., None], vals, 0), axis=3)
        return (s / jnp.sum(mask, -1)[None, ..., None].astype(x.dtype)).astype(x.dtype)
    low = jnp.asarray(-jnp.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min, x.dtype)
    arg = jnp.argmax(jnp.where(mask[None, ..., None], vals, low), axis=3)  # (N, OH, OW, C): first maximum
    idx = jnp.take_along_axis(jnp.broadcast_to(flat[None, ..., None], vals.shape), arg[:, :, :, None], 3)[:, :, :, 0]
    return jnp.take_along_axis(xf, idx.reshape(n, -1, c), 1).reshape(n, oh, ow, c)  # gather: grads go to idx


_frac_pool_ops = {m: Op(f"Fractional{m.capitalize()}Pool", _frac_pool_fwd, "vjp") for m in ("max", "avg")}


def fractional_pool_with_sequences(x, row_seq, col_seq, overlapping: bool, mode: str) -> Tensor:
    """Fractional max ("max") or average ("avg") pooling of NHWC ``x`` over the windows that the
    boundary sequences ``row_seq`` and ``col_seq`` (int64, out + 1 each) define."""
    return apply(_frac_pool_ops[mode], (x, row_seq, col_seq), {"overlapping": bool(overlapping), "mode": mode})


def fractional_pool(name: str, x, pooling_ratio, pseudo_random: bool, overlapping: bool, deterministic: bool,
                    seed: int, seed2: int, mode: str):
    """The op of ``ops.FractionalMaxPool``/``FractionalAvgPool``: (y, row_pooling_sequence,
    col_pooling_sequence) with the sequences drawn from mindjax's random stream (or from ``seed``/``seed2``
    when ``deterministic``)."""
    from .random import rand
    x = tensor_of(x, name)
    if x.ndim != 4:
        raise ValueError(f"For '{name}', the 'x' must be a 4-D Tensor (NHWC), but got {x.ndim}-D.")
    outs = [int(math.floor(x.shape[i] / pooling_ratio[i])) for i in (1, 2)]
    for i, o in zip((1, 2), outs):
        if o < 1:
            raise ValueError(f"For '{name}', the output size of dim {i} (input {x.shape[i]} / pooling_ratio "
                             f"{pooling_ratio[i]}) must be at least 1, but got {o}.")
    n_draws = outs[0] + outs[1] + 2
    draws = rand(n_draws, dtype=mstype.float32, seed=(seed * 1000003 + seed2) if deterministic else None)
    d = draws._data
    row = Tensor._make(_sequence(x.shape[1], outs[0], d[:outs[0] + 1], pseudo_random))
    col = Tensor._make(_sequence(x.shape[2], outs[1], d[outs[0] + 1:], pseudo_random))
    return fractional_pool_with_sequences(x, row, col, overlapping, mode), row, col
