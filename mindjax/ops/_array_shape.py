"""Shape ops beyond ops/array.py: stacking and splitting helpers, block/space rearrangements, index grids.

Most are compositions of existing ops (their gradients come with them); the rearrangements that are one
``jax.numpy`` expression are Ops whose bprop is jax's vjp of that expression.
"""
from __future__ import annotations

import itertools

import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of, check_axis, cast, broadcast_to
from ._primitive import Op, apply
from . import array as A

__all__ = ["atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "cartesian_prod", "column_stack", "combinations",
           "diag_embed", "diagflat", "diff", "tensor_split", "dsplit", "hsplit", "vsplit", "dstack", "row_stack",
           "fliplr", "flipud", "rot90", "narrow", "expand", "expand_as", "batch_to_space_nd", "space_to_batch_nd",
           "reverse_sequence"]


def _narrow(x, ax, start, length):
    begin = tuple(start if i == ax else 0 for i in range(x.ndim))
    size = tuple(length if i == ax else d for i, d in enumerate(x.shape))
    return A.slice(x, begin, size)


def _atleast(name, inputs, nd):
    def one(t):
        t = tensor_of(t, name)
        if t.ndim >= nd:
            return t
        if nd == 3 and t.ndim == 2:
            return A.reshape(t, t.shape + (1,))
        if nd == 3 and t.ndim == 1:
            return A.reshape(t, (1,) + t.shape + (1,))
        return A.reshape(t, (1,) * (nd - t.ndim) + t.shape)
    if isinstance(inputs, Tensor):
        return one(inputs)
    if not isinstance(inputs, (list, tuple)):
        raise TypeError(f"For '{name}', the 'inputs' must be a Tensor or a tuple/list of Tensors, but got "
                        f"{type(inputs).__name__}.")
    return tuple(one(t) for t in inputs)


def atleast_1d(inputs):
    """``ops.atleast_1d``: each input viewed with at least 1 dimension (a Tensor, or a tuple for a sequence).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.atleast_1d(ms.Tensor(1.0)).shape)
        (1,)
    """
    return _atleast("atleast_1d", inputs, 1)


def atleast_2d(inputs):
    """``ops.atleast_2d``: each input with at least 2 dimensions (new axes in front).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.atleast_2d(ms.Tensor([1.0, 2.0])).shape)
        (1, 2)
    """
    return _atleast("atleast_2d", inputs, 2)


def atleast_3d(inputs):
    """``ops.atleast_3d``: each input with at least 3 dimensions (numpy's placement of the new axes).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.atleast_3d(ms.Tensor([1.0, 2.0])).shape)
        (1, 2, 1)
    """
    return _atleast("atleast_3d", inputs, 3)


def block_diag(*inputs) -> Tensor:
    """``ops.block_diag``: the 2-D inputs placed along the diagonal of a zero matrix.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.block_diag(ms.Tensor([[1.0]]), ms.Tensor([[2.0]])))
        [[1. 0.]
         [0. 2.]]
    """
    ts = [tensor_of(t, "block_diag") for t in inputs]
    for t in ts:
        if t.ndim > 2:
            raise ValueError(f"For 'block_diag', the dimension of the inputs must be at most 2, but got {t.ndim}.")
    ts = [A.reshape(t, (1, 1)) if t.ndim == 0 else A.reshape(t, (1, -1)) if t.ndim == 1 else t for t in ts]
    dt = ts[0].dtype
    for t in ts[1:]:
        dt = mstype.promote(dt, t.dtype)
    cols = sum(t.shape[1] for t in ts)
    rows, c0 = [], 0
    for t in ts:
        left = A.zeros((t.shape[0], c0), dt)
        right = A.zeros((t.shape[0], cols - c0 - t.shape[1]), dt)
        rows.append(A.concat([left, cast(t, dt), right], 1))
        c0 += t.shape[1]
    return A.concat(rows, 0)


def cartesian_prod(*inputs) -> Tensor:
    """``ops.cartesian_prod``: the Cartesian product of 1-D Tensors, one row per combination.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.cartesian_prod(ms.Tensor([1, 2]), ms.Tensor([3])))
        [[1 3]
         [2 3]]
    """
    ts = [tensor_of(t, "cartesian_prod") for t in inputs]
    for t in ts:
        if t.ndim != 1:
            raise ValueError(f"For 'cartesian_prod', each input must be 1-D, but got rank {t.ndim}.")
    if len(ts) == 1:
        return A.reshape(ts[0], (-1, 1))
    grids = A.meshgrid(*ts, indexing="ij")
    return A.stack([A.reshape(g, (-1,)) for g in grids], 1)


def column_stack(tensors) -> Tensor:
    """``ops.column_stack``: 1-D Tensors as columns, 2-D ones as they are, joined along axis 1.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.column_stack([ms.Tensor([1, 2]), ms.Tensor([3, 4])]))
        [[1 3]
         [2 4]]
    """
    if not isinstance(tensors, (list, tuple)) or not tensors:
        raise TypeError("For 'column_stack', the 'tensors' must be a non-empty list or tuple of Tensors.")
    ts = [tensor_of(t, "column_stack") for t in tensors]
    ts = [A.reshape(t, (-1, 1)) if t.ndim < 2 else t for t in ts]
    return A.concat(ts, 1)


def row_stack(tensors) -> Tensor:
    """``ops.row_stack``: ``vstack``, the Tensors (1-D ones as rows) joined along axis 0.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.row_stack([ms.Tensor([1, 2]), ms.Tensor([3, 4])]))
        [[1 2]
         [3 4]]
    """
    return A.vstack(list(tensors))


def dstack(tensors) -> Tensor:
    """``ops.dstack``: the Tensors made at least 3-D and joined along axis 2.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.dstack([ms.Tensor([1, 2]), ms.Tensor([3, 4])]).shape)
        (1, 2, 2)
    """
    if not isinstance(tensors, (list, tuple)) or not tensors:
        raise TypeError("For 'dstack', the 'tensors' must be a non-empty list or tuple of Tensors.")
    return A.concat(list(atleast_3d(tuple(tensors))), 2)


def combinations(input, r: int = 2, with_replacement: bool = False) -> Tensor:
    """``ops.combinations``: the length-``r`` combinations of the elements of a 1-D Tensor, one per row.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.combinations(ms.Tensor([1, 2, 3])))
        [[1 2]
         [1 3]
         [2 3]]
    """
    x = tensor_of(input, "combinations")
    if x.ndim != 1:
        raise ValueError(f"For 'combinations', the dimension of 'input' must be 1, but got {x.ndim}.")
    if not isinstance(r, int) or isinstance(r, bool) or r < 0:
        raise ValueError(f"For 'combinations', the 'r' must be a non-negative int, but got {r!r}.")
    gen = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    idx = np.asarray(list(gen(range(x.shape[0]), r)), np.int64).reshape(-1, r)
    if idx.size == 0:
        return Tensor(np.zeros((0, r), x.dtype.np))
    return A.reshape(A.gather(x, Tensor(idx.reshape(-1)), 0), idx.shape)


def _diag_embed_fwd(x, *, offset, d1, d2):
    n = x.shape[-1] + abs(offset)
    i = jnp.arange(x.shape[-1])
    r, c = (i, i + offset) if offset >= 0 else (i - offset, i)
    out = jnp.zeros(x.shape[:-1] + (n, n), x.dtype).at[..., r, c].set(x)
    return jnp.moveaxis(out, (-2, -1), (d1, d2))


_diag_embed = Op("DiagEmbed", _diag_embed_fwd, "vjp")


def diag_embed(input, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """``ops.diag_embed``: the last axis of ``input`` on the ``offset`` diagonal of new (dim1, dim2) planes.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.diag_embed(ms.Tensor([1.0, 2.0])))
        [[1. 0.]
         [0. 2.]]
    """
    x = tensor_of(input, "diag_embed")
    nd = x.ndim + 1
    d1, d2 = check_axis("diag_embed", dim1, nd, "dim1"), check_axis("diag_embed", dim2, nd, "dim2")
    if d1 == d2:
        raise ValueError(f"For 'diag_embed', 'dim1' must not equal 'dim2', but got {dim1} and {dim2}.")
    if d1 > d2:  # the diagonal is symmetric in the two axes only when offset == 0: swap and negate
        d1, d2, offset = d2, d1, -offset
    return apply(_diag_embed, (x,), {"offset": int(offset), "d1": d1, "d2": d2})


def diagflat(input, offset: int = 0) -> Tensor:
    """``ops.diagflat``: the flattened ``input`` on the ``offset`` diagonal of a square matrix.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.diagflat(ms.Tensor([1, 2])))
        [[1 0]
         [0 2]]
    """
    x = tensor_of(input, "diagflat")
    if not isinstance(offset, int) or isinstance(offset, bool):
        raise TypeError(f"For 'diagflat', the 'offset' must be an int, but got {type(offset).__name__}.")
    return apply(_diag_embed, (A.reshape(x, (-1,)),), {"offset": offset, "d1": 0, "d2": 1})


def diff(x, n: int = 1, axis: int = -1, prepend=None, append=None) -> Tensor:
    """``ops.diff``: the forward difference along ``axis`` (after ``prepend``/``append``); MindSpore 2.10
    supports ``n=1`` only.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.diff(ms.Tensor([1, 3, 6])))
        [2 3]
    """
    from .math import sub, logical_xor
    t = tensor_of(x, "diff")
    if t.ndim == 0:
        raise ValueError("For 'diff', the rank of 'x' must be at least 1, but got 0.")
    if n != 1:  # MindSpore 2.10 implements the first difference only
        raise RuntimeError(f"For 'diff', 'n' must be 1, but got {n}")
    ax = check_axis("diff", axis, t.ndim)
    parts = [p for p in (prepend, t, append) if p is not None]
    if len(parts) > 1:
        t = A.concat([tensor_of(p, "diff") for p in parts], ax)
    for _ in range(n):
        m = t.shape[ax]
        hi = _narrow(t, ax, 1, m - 1)
        lo = _narrow(t, ax, 0, m - 1)
        t = logical_xor(hi, lo) if t.dtype == mstype.bool_ else sub(hi, lo)
    return t


def narrow(input, axis: int, start: int, length: int) -> Tensor:
    """``ops.narrow``: ``length`` elements of ``input`` from ``start`` along ``axis``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.narrow(ms.Tensor([[1, 2, 3], [4, 5, 6]]), 1, 1, 2))
        [[2 3]
         [5 6]]
    """
    x = tensor_of(input, "narrow")
    ax = check_axis("narrow", axis, x.ndim)
    n = x.shape[ax]
    if not isinstance(start, int) or not -n <= start <= n:
        raise ValueError(f"For 'narrow', the 'start' must be in [{-n}, {n}], but got {start}.")
    start %= n if n else 1
    if not isinstance(length, int) or not 0 <= length <= n - start:
        raise ValueError(f"For 'narrow', the 'length' must be in [0, {n - start}], but got {length}.")
    return _narrow(x, ax, start, length)


def tensor_split(input, indices_or_sections, axis: int = 0) -> tuple:
    """``ops.tensor_split``: ``input`` split along ``axis`` into ``n`` near-equal parts (int) or at the
    given indices (a tuple/list), as ``numpy.array_split``.

    Examples:
        >>> import mindjax as ms
        >>> print([p.shape for p in ms.ops.tensor_split(ms.ops.arange(5), 2)])
        [(3,), (2,)]
    """
    x = tensor_of(input, "tensor_split")
    ax = check_axis("tensor_split", axis, x.ndim)
    n = x.shape[ax]
    ios = indices_or_sections
    if isinstance(ios, int) and not isinstance(ios, bool):
        if ios <= 0:
            raise ValueError(f"For 'tensor_split', the 'indices_or_sections' must be positive, but got {ios}.")
        q, r = divmod(n, ios)
        sizes = [q + 1] * r + [q] * (ios - r)
    elif isinstance(ios, (tuple, list)) and all(isinstance(i, int) for i in ios):
        bounds = [0] + [min(max(i if i >= 0 else i + n, 0), n) for i in ios] + [n]
        sizes = [max(b - a, 0) for a, b in zip(bounds[:-1], bounds[1:])]
        starts = bounds[:-1]
        return tuple(_narrow(x, ax, min(s, n), z) for s, z in zip(starts, sizes))
    else:
        raise TypeError(f"For 'tensor_split', the 'indices_or_sections' must be an int or a tuple/list of ints, "
                        f"but got {type(ios).__name__}.")
    return tuple(A.split_sizes(x, sizes, ax))


def _split_dim(name, input, ios, axis, min_rank):
    """``tensor_split`` along ``axis``: an int splits into near-equal parts (MindSpore, unlike
    numpy's ``hsplit``, does not ask for an exact division)."""
    x = tensor_of(input, name)
    if x.ndim < min_rank:
        raise ValueError(f"{name} expect `x` is a Tensor with at least {min_rank} dimension, but got {x.ndim}")
    return tensor_split(x, ios, axis)


def hsplit(input, indices_or_sections) -> tuple:
    """``ops.hsplit``: ``tensor_split`` along axis 1 (MindSpore wants rank >= 2).

    Examples:
        >>> import mindjax as ms
        >>> print(len(ms.ops.hsplit(ms.ops.ones((2, 4)), 2)))
        2
    """
    return _split_dim("hsplit", input, indices_or_sections, 1, 2)


def vsplit(input, indices_or_sections) -> tuple:
    """``ops.vsplit``: ``tensor_split`` along axis 0 (any rank >= 1, as MindSpore's).

    Examples:
        >>> import mindjax as ms
        >>> print(len(ms.ops.vsplit(ms.ops.ones((4, 2)), 2)))
        2
    """
    return _split_dim("vsplit", input, indices_or_sections, 0, 1)


def dsplit(input, indices_or_sections) -> tuple:
    """``ops.dsplit``: ``tensor_split`` along axis 2 of an input of rank >= 3.

    Examples:
        >>> import mindjax as ms
        >>> print(len(ms.ops.dsplit(ms.ops.ones((1, 1, 4)), 2)))
        2
    """
    return _split_dim("dsplit", input, indices_or_sections, 2, 3)


def fliplr(input) -> Tensor:
    """``ops.fliplr``: ``input`` (rank >= 2) reversed along axis 1.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.fliplr(ms.Tensor([[1, 2]])))
        [[2 1]]
    """
    x = tensor_of(input, "fliplr")
    if x.ndim < 2:
        raise ValueError(f"For 'fliplr', the dimension of 'input' must be at least 2, but got {x.ndim}.")
    return A.flip(x, (1,))


def flipud(input) -> Tensor:
    """``ops.flipud``: ``input`` (rank >= 1) reversed along axis 0.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.flipud(ms.Tensor([1, 2])))
        [2 1]
    """
    x = tensor_of(input, "flipud")
    if x.ndim < 1:
        raise ValueError(f"For 'flipud', the dimension of 'input' must be at least 1, but got {x.ndim}.")
    return A.flip(x, (0,))


def rot90(input, k, dims) -> Tensor:
    """``ops.rot90``: ``input`` rotated by 90 degrees ``k`` times in the plane ``dims``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.rot90(ms.Tensor([[1, 2], [3, 4]]), 1, (0, 1)))
        [[2 4]
         [1 3]]
    """
    x = tensor_of(input, "rot90")
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"For 'rot90', the 'k' must be an int, but got {type(k).__name__}.")
    if not isinstance(dims, (tuple, list)) or len(dims) != 2:
        raise ValueError(f"For 'rot90', the 'dims' must be a list or tuple of 2 ints, but got {dims!r}.")
    if x.ndim < 2:
        raise ValueError(f"For 'rot90', the dimension of 'input' must be at least 2, but got {x.ndim}.")
    d0, d1 = check_axis("rot90", dims[0], x.ndim, "dims"), check_axis("rot90", dims[1], x.ndim, "dims")
    if d0 == d1:
        raise ValueError(f"For 'rot90', the 'dims' must be two different axes, but got {dims!r}.")
    k %= 4
    if k == 0:
        return x
    if k == 2:
        return A.flip(x, (d0, d1))
    perm = list(range(x.ndim))
    perm[d0], perm[d1] = perm[d1], perm[d0]
    if k == 1:
        return A.transpose(A.flip(x, (d1,)), tuple(perm))
    return A.flip(A.transpose(x, tuple(perm)), (d1,))


def expand(input_x, size) -> Tensor:
    """``ops.expand(input_x, size)``: ``input_x`` broadcast to ``size`` (a Tensor or tuple; -1 keeps a dim).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.expand(ms.Tensor([[1.0], [2.0]]), ms.Tensor([2, 3])).shape)
        (2, 3)
    """
    x = tensor_of(input_x, "expand")
    shape = tuple(int(s) for s in (size.tolist() if isinstance(size, Tensor) else size))
    return broadcast_to(x, shape)


def expand_as(input, other) -> Tensor:
    """``ops.expand_as``: ``input`` broadcast to the shape of ``other``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.expand_as(ms.Tensor([1.0]), ms.ops.zeros((2, 2))).shape)
        (2, 2)
    """
    return broadcast_to(tensor_of(input, "expand_as"), tuple(other.shape))


# ---- space <-> batch ------------------------------------------------------------------------
def _s2b_fwd(x, *, block, pads):
    m = len(block)
    x = jnp.pad(x, [(0, 0)] + [tuple(p) for p in pads] + [(0, 0)] * (x.ndim - 1 - m))
    b, rest = x.shape[0], x.shape[1 + m:]
    shape = [b]
    for i, bs in enumerate(block):
        shape += [x.shape[1 + i] // bs, bs]
    x = x.reshape(tuple(shape) + rest)
    perm = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)] + \
        list(range(1 + 2 * m, 1 + 2 * m + len(rest)))
    x = x.transpose(perm)
    return x.reshape((b * int(np.prod(block)),) + tuple(x.shape[1 + m + i] for i in range(m)) + rest)


def _b2s_fwd(x, *, block, crops):
    m = len(block)
    nb = int(np.prod(block))
    b = x.shape[0] // nb
    spatial, rest = x.shape[1:1 + m], x.shape[1 + m:]
    x = x.reshape(tuple(block) + (b,) + spatial + rest)
    perm = [m]
    for i in range(m):
        perm += [m + 1 + i, i]
    perm += list(range(1 + 2 * m, 1 + 2 * m + len(rest)))
    x = x.transpose(perm).reshape((b,) + tuple(s * bs for s, bs in zip(spatial, block)) + rest)
    idx = (slice(None),) + tuple(slice(c0, x.shape[1 + i] - c1) for i, (c0, c1) in enumerate(crops))
    return x[idx]


_s2b = Op("SpaceToBatchND", _s2b_fwd, "vjp")
_b2s = Op("BatchToSpaceND", _b2s_fwd, "vjp")


def _block_arg(name, arg, v, m=None):
    if isinstance(v, int) and not isinstance(v, bool):
        v = (v,) * (m or 1)
    if not isinstance(v, (tuple, list)) or not all(isinstance(b, int) and b >= 1 for b in v):
        raise ValueError(f"For '{name}', the '{arg}' must be a positive int or a tuple of positive ints, "
                         f"but got {v!r}.")
    return tuple(v)


def _pairs(name, arg, v, m):
    v = tuple(tuple(int(a) for a in p) for p in v)
    if len(v) != m or any(len(p) != 2 or min(p) < 0 for p in v):
        raise ValueError(f"For '{name}', the '{arg}' must be {m} pairs of non-negative ints, but got {v!r}.")
    return v


def space_to_batch_nd(input_x, block_size, paddings) -> Tensor:
    """``ops.space_to_batch_nd``: zero-pads the spatial axes, splits them into blocks moved into the batch.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.space_to_batch_nd(ms.ops.ones((1, 1, 2, 2)), (2, 2), ((0, 0), (0, 0))).shape)
        (4, 1, 1, 1)
    """
    name = "SpaceToBatchND"
    x = tensor_of(input_x, name)
    block = _block_arg(name, "block_size", block_size, len(paddings))
    m = len(block)
    pads = _pairs(name, "paddings", paddings, m)
    off = x.ndim - m  # MindSpore's blocks are the trailing m axes (NCHW)
    if off < 1:
        raise ValueError(f"For '{name}', the rank of 'input_x' must be greater than the length of 'block_size'.")
    for i in range(m):
        if (x.shape[off + i] + sum(pads[i])) % block[i]:
            raise ValueError(f"For '{name}', the padded shape must be divisible by 'block_size', but got padded "
                             f"size {x.shape[off + i] + sum(pads[i])} and block {block[i]}.")
    xt = A.transpose(x, (0,) + tuple(range(off, x.ndim)) + tuple(range(1, off))) if off > 1 else x
    out = apply(_s2b, (xt,), {"block": block, "pads": pads})
    return A.transpose(out, (0,) + tuple(range(1 + m, x.ndim)) + tuple(range(1, 1 + m))) if off > 1 else out


def batch_to_space_nd(input_x, block_shape, crops) -> Tensor:
    """``ops.batch_to_space_nd``: the inverse of ``space_to_batch_nd``: batch blocks back into the spatial
    axes, then ``crops`` removed.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.batch_to_space_nd(ms.ops.ones((4, 1, 1, 1)), (2, 2), ((0, 0), (0, 0))).shape)
        (1, 1, 2, 2)
    """
    name = "BatchToSpaceND"
    x = tensor_of(input_x, name)
    block = _block_arg(name, "block_shape", block_shape, len(crops))
    m = len(block)
    crops = _pairs(name, "crops", crops, m)
    off = x.ndim - m
    if off < 1 or x.shape[0] % int(np.prod(block)):
        raise ValueError(f"For '{name}', the first dimension of 'input_x' ({x.shape[0]}) must be divisible by "
                         f"the product of 'block_shape' {int(np.prod(block))}.")
    xt = A.transpose(x, (0,) + tuple(range(off, x.ndim)) + tuple(range(1, off))) if off > 1 else x
    out = apply(_b2s, (xt,), {"block": block, "crops": crops})
    return A.transpose(out, (0,) + tuple(range(1 + m, x.ndim)) + tuple(range(1, 1 + m))) if off > 1 else out


def _rev_seq_fwd(x, lens, *, seq_dim, batch_dim):
    n = x.shape[seq_dim]
    pos = jnp.arange(n)
    shape = [1] * x.ndim
    shape[seq_dim] = n
    pos = pos.reshape(shape)
    lshape = [1] * x.ndim
    lshape[batch_dim] = x.shape[batch_dim]
    ln = lens.reshape(lshape).astype(pos.dtype)
    src = jnp.where(pos < ln, ln - 1 - pos, pos)
    return jnp.take_along_axis(x, jnp.broadcast_to(src, x.shape), axis=seq_dim)


_rev_seq = Op("ReverseSequence", _rev_seq_fwd, "vjp")


def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0) -> Tensor:
    """``ops.reverse_sequence``: for each batch entry b, the first ``seq_lengths[b]`` elements along
    ``seq_dim`` reversed.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.reverse_sequence(ms.Tensor([[1, 2, 3], [4, 5, 6]]), ms.Tensor([2, 3]), 1))
        [[2 1 3]
         [6 5 4]]
    """
    name = "ReverseSequence"
    t = tensor_of(x, name)
    lens = tensor_of(seq_lengths, name)
    if lens.dtype.kind not in "iu":
        raise TypeError(f"For '{name}', the 'seq_lengths' must be an int32 or int64 Tensor, but got {lens.dtype}.")
    sd, bd = check_axis(name, seq_dim, t.ndim, "seq_dim"), check_axis(name, batch_dim, t.ndim, "batch_dim")
    if sd == bd:
        raise ValueError(f"For '{name}', the 'seq_dim' and 'batch_dim' must be different, but got {seq_dim}.")
    if lens.shape != (t.shape[bd],):
        raise ValueError(f"For '{name}', the 'seq_lengths' must be 1-D of length x.shape[batch_dim] = "
                         f"{t.shape[bd]}, but got shape {list(lens.shape)}.")
    from ._array_more import concrete
    vals = concrete(lens)
    if vals is not None and ((vals < 0) | (vals > t.shape[sd])).any():
        raise ValueError(f"For '{name}', the 'seq_lengths' must be in [0, {t.shape[sd]}], but got "
                         f"{vals.tolist()}.")
    return apply(_rev_seq, (t, lens), {"seq_dim": sd, "batch_dim": bd})
