"""Shape ops: reshape, transpose, concat, split, tile, sort; creation and indexing ops live in
``creation.py`` and ``indexing.py`` and are re-exported here."""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import broadcast_to, cast, tensor_of, check_axis, check_int_tuple, _is_int
from ._checks import check_rows
from ._primitive import Op, apply
from . import math as M
from .creation import *  # noqa: F401,F403  (re-exported: array.zeros ... as before)
from .creation import _dt, _shape_arg  # noqa: F401
from .indexing import *  # noqa: F401,F403
from .indexing import gather_elements, gather_elements_in_range, getitem, zeros_like, _gather  # noqa: F401


# ---- reshape / transpose / squeeze ---------------------------------------------------
def _reshape_bprop(ctx, dout):
    return (reshape(dout, ctx.inputs[0].shape),)


_reshape = Op("Reshape", lambda x, *, shape: jnp.reshape(x, shape), _reshape_bprop, saves=(False, False))


def _norm_shape(name, x, shape):
    shape = check_int_tuple(name, shape, "input_shape")
    if shape.count(-1) > 1:
        raise ValueError(f"For '{name}', there can be at most one -1 in 'input_shape', but got {list(shape)}.")
    known = 1
    for s in shape:
        if s != -1:
            if s < 0:
                raise ValueError(f"For '{name}', the value of 'input_shape' must be -1 or >= 0, but got {list(shape)}.")
            known *= s
    if -1 in shape:
        if known == 0 or x.size % known:
            raise ValueError(f"For '{name}', the product of 'input_shape' should be equal to product of 'input_x' "
                             f"shape, but got input_x shape: {list(x.shape)}, input_shape: {list(shape)}.")
        shape = tuple(x.size // known if s == -1 else s for s in shape)
    elif known != x.size:
        raise ValueError(f"For '{name}', the product of 'input_x' shape should be equal to product of "
                         f"'input_shape', but got product of the shape of 'input_x': {x.size}, product of "
                         f"'input_shape': {known}.")
    return shape


def reshape(input, shape) -> Tensor:
    """``ops.reshape``: the same elements in ``shape`` (one entry may be -1)."""
    x = tensor_of(input, "Reshape")
    shape = _norm_shape("Reshape", x, shape)
    if shape == x.shape:
        return x
    return apply(_reshape, (x,), {"shape": shape})


def _transpose_bprop(ctx, dout):
    perm = ctx.attrs[1]["perm"]
    inv = tuple(int(i) for i in np.argsort(perm))
    return (apply(_transpose, (dout,), {"perm": inv}),)


_transpose = Op("Transpose", lambda x, *, perm: jnp.transpose(x, perm), _transpose_bprop, saves=(False, False))


def transpose(input, input_perm) -> Tensor:
    x = tensor_of(input, "Transpose")
    if _is_int(input_perm):
        raise TypeError(f"For 'Transpose', the 'input_perm' must be a tuple of ints, but got int.")
    perm = tuple(p % builtins.max(x.ndim, 1) for p in check_int_tuple("Transpose", input_perm, "input_perm"))
    if sorted(perm) != list(builtins.range(x.ndim)):
        raise ValueError(f"For 'Transpose', the 'input_perm' must be a permutation of the dimensions of "
                         f"'input_x' (rank {x.ndim}), but got {tuple(input_perm)}.")
    out = apply(_transpose, (x,), {"perm": perm})
    from ._tensor_overload_rows import permuted  # a strided view in MindSpore's PyNative mode
    return permuted(out, x, perm)


permute = transpose


def swapaxes(input, axis0, axis1) -> Tensor:
    perm = list(builtins.range(input.ndim))
    perm[axis0], perm[axis1] = perm[axis1], perm[axis0]
    return transpose(input, perm)


swapdims = swapaxes


def t(input) -> Tensor:
    return input if input.ndim < 2 else transpose(input, (1, 0))


def expand_dims(input_x, axis) -> Tensor:
    x = tensor_of(input_x, "ExpandDims")
    n = x.ndim + 1
    if not _is_int(axis):
        raise TypeError(f"For 'ExpandDims', the 'axis' must be an int, but got {type(axis).__name__}.")
    if not -n <= axis < n:
        raise ValueError(f"For 'ExpandDims', the 'axis' must be in range [{-n}, {n}), but got {axis}.")
    axis %= n
    return reshape(x, x.shape[:axis] + (1,) + x.shape[axis:])


unsqueeze = expand_dims


def squeeze(input, axis=None) -> Tensor:
    x = tensor_of(input, "Squeeze")
    if axis is None or axis == ():
        return reshape(x, tuple(s for s in x.shape if s != 1))
    axes = tuple(check_axis("Squeeze", a, x.ndim) for a in check_int_tuple("Squeeze", axis, "axis"))
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"For 'Squeeze', the shape of 'input_x' at axis {a} must be 1, but got {x.shape[a]}.")
    return reshape(x, tuple(s for i, s in enumerate(x.shape) if i not in axes))


def flatten(input, order="C", *, start_dim=1, end_dim=-1) -> Tensor:
    """``ops.flatten``: dimensions start_dim..end_dim merged (MindSpore keeps axis 0 by default)."""
    x = tensor_of(input, "Flatten")
    nd = builtins.max(x.ndim, 1)
    for arg, v in (("start_dim", start_dim), ("end_dim", end_dim)):
        if not _is_int(v):
            raise TypeError(f"For 'flatten', the '{arg}' must be an int, but got {type(v).__name__}.")
        if not -nd <= v < nd:
            raise ValueError(f"For 'flatten', 'start_dim' or 'end_dim' out of range: got {v} for an input of rank "
                             f"{x.ndim}.")
    if x.ndim == 0:
        return reshape(x, (1,))
    s, e = start_dim % x.ndim, end_dim % x.ndim
    if s > e:
        raise ValueError(f"For 'flatten', 'start_dim' cannot come after 'end_dim', but got {start_dim}, {end_dim}.")
    mid = 1
    for d in x.shape[s:e + 1]:
        mid *= d
    return reshape(x, x.shape[:s] + (mid,) + x.shape[e + 1:])


def ravel(input) -> Tensor:
    return reshape(input, (-1,))


# ---- concat / stack / split -----------------------------------------------------------
def _concat_fwd(*xs, axis, dtype):
    return jnp.concatenate([x.astype(dtype) for x in xs], axis)


def _concat_bprop(ctx, dout):
    axis = ctx.attrs[1]["axis"]
    sizes = [x.shape[axis] for x in ctx.inputs]
    parts = split_sizes(dout, sizes, axis)
    return tuple(cast(p, x.dtype) for p, x in zip(parts, ctx.inputs))


_concat = Op("Concat", _concat_fwd, _concat_bprop, saves=(False, False))


def concat(tensors, axis=0) -> Tensor:
    """``ops.concat``: Tensors joined along ``axis``."""
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)) or any(
            isinstance(t, (bool, int, float, complex)) for t in tensors):
        kinds = type(tensors).__name__ if not isinstance(tensors, (list, tuple)) else \
            f"{type(tensors).__name__} of {sorted({type(t).__name__ for t in tensors})}"
        raise TypeError(f"For 'Concat', the input 'tensors' must be a tuple or list of Tensors, but got {kinds}.")
    ts = [tensor_of(t, "Concat") for t in tensors]
    if not ts:
        raise ValueError("For 'Concat', the input must not be empty.")
    nd = ts[0].ndim
    if nd == 0:
        raise ValueError("For 'Concat', the inputs must be at least 1-D Tensors, but got a 0-D Tensor.")
    axis = check_axis("Concat", axis, nd)
    dt = ts[0].dtype
    for t_ in ts[1:]:
        if t_.ndim != nd or any(a != b for i, (a, b) in enumerate(zip(t_.shape, ts[0].shape)) if i != axis):
            raise ValueError(f"For 'Concat', all inputs must have the same shape except on 'axis' {axis}, but got "
                             f"{[list(x.shape) for x in ts]}.")
        dt = mstype.promote(dt, t_.dtype)
    return apply(_concat, tuple(ts), {"axis": axis, "dtype": dt.np})


cat = concat


def stack(tensors, axis=0) -> Tensor:
    ts = [tensor_of(t_, "Stack") for t_ in tensors]
    if not ts:
        raise ValueError("For 'Stack', the input must not be empty.")
    n = ts[0].ndim + 1
    axis = check_axis("Stack", axis, n)
    return concat([expand_dims(t_, axis) for t_ in ts], axis)


def hstack(tensors):
    return concat(tensors, 1 if tensors[0].ndim > 1 else 0)


def vstack(tensors):
    return concat([t_ if t_.ndim > 1 else reshape(t_, (1, -1)) for t_ in tensors], 0)


def _slice_fwd(x, *, starts, limits, strides):
    return jax.lax.slice(x, starts, limits, strides)


def _slice_bprop(ctx, dout):
    at = ctx.attrs[1]
    x = ctx.inputs[0]
    return (apply(_pad_slice, (dout,), {"shape": x.shape, "starts": at["starts"], "strides": at["strides"]}),)


def _pad_slice_fwd(d, *, shape, starts, strides):
    z = jnp.zeros(shape, d.dtype)
    idx = tuple(builtins.slice(s, s + (n - 1) * st + 1, st) if n else builtins.slice(0, 0) for s, n, st in zip(starts, d.shape, strides))
    return z.at[idx].set(d)


def _pad_slice_bprop(ctx, dout):
    at = ctx.attrs[1]
    d = ctx.inputs[0]
    limits = tuple(s + (n - 1) * st + 1 if n else s for s, n, st in zip(at["starts"], d.shape, at["strides"]))
    return (apply(_slice, (dout,), {"starts": at["starts"], "limits": limits, "strides": at["strides"]}),)


_slice = Op("StridedSlice", _slice_fwd, _slice_bprop, saves=(False, False))
_pad_slice = Op("StridedSliceGrad", _pad_slice_fwd, _pad_slice_bprop)


def slice(input_x, begin, size) -> Tensor:
    """``ops.slice``: the block of ``size`` starting at ``begin`` (size -1: to the end)."""
    x = tensor_of(input_x, "Slice")
    begin = tuple(int(b) for b in begin)
    limits = tuple(x.shape[i] if s == -1 else b + s for i, (b, s) in enumerate(zip(begin, size)))
    return apply(_slice, (x,), {"starts": begin, "limits": limits, "strides": (1,) * x.ndim})


def strided_slice(input_x, begin, end, strides, *masks) -> Tensor:
    idx = tuple(builtins.slice(b, e, s) for b, e, s in zip(begin, end, strides))
    return getitem(input_x, idx)


def split_sizes(x, sizes, axis) -> list:
    out, start = [], 0
    for s in sizes:
        starts = tuple(start if i == axis else 0 for i in builtins.range(x.ndim))
        limits = tuple(start + s if i == axis else d for i, d in enumerate(x.shape))
        out.append(apply(_slice, (x,), {"starts": starts, "limits": limits, "strides": (1,) * x.ndim}))
        start += s
    return out


def split(tensor, split_size_or_sections, axis=0) -> tuple:
    """``ops.split``: pieces of ``split_size_or_sections`` (an int size or a list of sizes)."""
    x = tensor_of(tensor, "Split")
    axis %= builtins.max(x.ndim, 1)
    n = x.shape[axis]
    if isinstance(split_size_or_sections, int):
        s = split_size_or_sections
        sizes = [s] * (n // s) + ([n % s] if n % s else [])
    else:
        sizes = list(split_size_or_sections)
        if builtins.sum(sizes) != n:
            raise ValueError(f"For 'split', the sum of 'split_size_or_sections' must be {n}, but got {sizes}.")
    return tuple(split_sizes(x, sizes, axis))


def chunk(input, chunks, axis=0) -> tuple:
    n = input.shape[axis]
    return split(input, -(-n // chunks), axis)


def unstack(input_x, axis=0) -> tuple:
    return tuple(squeeze(p, axis) for p in split(input_x, 1, axis))


unbind = unstack


def tile(input, dims) -> Tensor:
    x = tensor_of(input, "Tile")
    dims = check_int_tuple("Tile", dims, "dims")
    if any(d < 0 for d in dims):
        raise ValueError(f"For 'Tile', the 'dims' must be non-negative, but got {dims}.")
    if len(dims) < x.ndim:
        dims = (1,) * (x.ndim - len(dims)) + dims
    x = reshape(x, (1,) * (len(dims) - x.ndim) + x.shape)
    # tile = broadcast on interleaved axes, then merge: its gradient comes for free
    inter = []
    for s in x.shape:
        inter += [1, s]
    target = []
    for d, s in zip(dims, x.shape):
        target += [d, s]
    y = broadcast_to(reshape(x, tuple(inter)), tuple(target))
    return reshape(y, tuple(d * s for d, s in zip(dims, x.shape)))


_repeat_each = Op("RepeatInterleave", lambda x, *, reps, axis: jnp.repeat(
    x, np.asarray(reps), axis=axis, total_repeat_length=int(np.sum(reps))), "vjp")


def repeat_interleave(input, repeats, axis=None) -> Tensor:
    """``ops.repeat_interleave``: each element (slice along ``axis``) repeated ``repeats`` times; ``repeats``
    an int, or one count per element (a list, tuple or 1-D int Tensor)."""
    x = input if axis is not None else reshape(input, (-1,))
    axis = 0 if axis is None else axis % x.ndim
    if isinstance(repeats, Tensor):
        repeats = repeats.asnumpy().tolist() if repeats.ndim else repeats.item()
    if isinstance(repeats, (list, tuple)):
        reps = tuple(int(r) for r in repeats)
        if len(reps) == 1:
            repeats = reps[0]
        else:
            if len(reps) != x.shape[axis] or min(reps) < 0:
                raise ValueError(f"For 'repeat_interleave', 'repeats' must hold one non-negative count for each of "
                                 f"the {x.shape[axis]} elements along the axis, but got {list(reps)}.")
            return apply(_repeat_each, (x,), {"reps": reps, "axis": axis})
    y = expand_dims(x, axis + 1)
    shape = list(y.shape)
    shape[axis + 1] = repeats
    y = broadcast_to(y, tuple(shape))
    new = list(x.shape)
    new[axis] *= repeats
    return reshape(y, tuple(new))


def flip(input, dims) -> Tensor:
    x = tensor_of(input, "ReverseV2")
    dims = (dims,) if isinstance(dims, int) else tuple(d % x.ndim for d in dims)
    return apply(_flip, (x,), {"dims": dims})


_flip = Op("ReverseV2", lambda x, *, dims: jnp.flip(x, dims),
           lambda ctx, d: (apply(_flip, (d,), ctx.attrs[1]),))


def roll(input, shifts, dims=None) -> Tensor:
    x = tensor_of(input, "Roll")
    return apply(_roll, (x,), {"shifts": shifts if isinstance(shifts, int) else tuple(shifts),
                               "dims": dims if dims is None or isinstance(dims, int) else tuple(dims)})


def _roll_bprop(ctx, d):
    at = ctx.attrs[1]
    sh = at["shifts"]
    neg = -sh if isinstance(sh, int) else tuple(-s for s in sh)
    return (apply(_roll, (d,), {"shifts": neg, "dims": at["dims"]}),)


_roll = Op("Roll", lambda x, *, shifts, dims: jnp.roll(x, shifts, dims), _roll_bprop)


# ---- sorting --------------------------------------------------------------------------------------
def topk(input, k, dim=None, largest=True, sorted=True):
    x = tensor_of(input, "TopK")
    dim = -1 if dim is None else check_axis("TopK", dim, x.ndim, "dim")
    if not _is_int(k):
        raise TypeError(f"For 'TopK', the 'k' must be an int, but got {type(k).__name__}.")
    n = x.shape[dim] if x.ndim else 1
    if not 0 <= k <= n:
        raise ValueError(f"For 'TopK', the 'k' must be in [0, {n}], but got {k}.")
    xm = moveaxis(x, dim, -1)
    src = xm if largest else M.neg(xm)
    _, idx = jax.lax.top_k(src._data, k)
    idx_t = Tensor._make(idx.astype(jnp.int32))  # MindSpore's TopK gives int32 indices
    vals = gather_elements_in_range(xm, -1, idx_t)
    return moveaxis(vals, -1, dim), moveaxis(idx_t, -1, dim)


def sort(input_x, axis=-1, descending=False):
    x = tensor_of(input_x, "Sort")
    idx = jnp.argsort(-x._data if descending else x._data, axis=axis, stable=True)
    idx_t = Tensor._make(idx.astype(jnp.int32))
    return gather_elements_in_range(x, axis, idx_t), idx_t


def argsort(input, axis=-1, descending=False) -> Tensor:
    return sort(input, axis, descending)[1]


def moveaxis(x, source, destination) -> Tensor:
    perm = list(builtins.range(x.ndim))
    s, d = source % x.ndim, destination % x.ndim
    perm.insert(d, perm.pop(s))
    return transpose(x, perm) if perm != list(builtins.range(x.ndim)) else x


movedim = moveaxis


def unique(input):
    """``ops.unique``: the distinct values in order of first appearance, and for each element the
    position of its value among them (int32; int64 for int64 input), as MindSpore. Eager only: the
    output shape depends on the values."""
    x = tensor_of(input, "Unique")
    from .._jit.dynamic_break import concrete
    a = concrete("ops.unique", x)  # under jit: a graph break (the output shape depends on the values)
    flat = a.reshape(-1)
    _, first, inv = np.unique(flat, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    idt = np.int64 if a.dtype == np.int64 else np.int32
    return Tensor(flat[np.sort(first)]), Tensor(rank[inv.reshape(-1)].reshape(a.shape).astype(idt))


# ---- autograd helpers -------------------------------------------------------------------------------
def stop_gradient(value):
    """``ops.stop_gradient``: the same values, with no gradient flowing back."""
    if isinstance(value, (tuple, list)):
        return type(value)(stop_gradient(v) for v in value)
    if isinstance(value, Tensor) and value._node is not None:
        return Tensor._make(value._data)
    return value


def identity(x) -> Tensor:
    return apply(_identity, (tensor_of(x),), {})


_identity = Op("Identity", lambda x: x, lambda ctx, d: (d,), saves=(False, False))


def depend(value, expr):
    return value


def size(input_x) -> int:
    return input_x.size


def shape(input_x) -> tuple:
    return input_x.shape


def rank(input_x) -> int:
    """``ops.rank(input_x)``: the number of dimensions of the Tensor ``input_x`` (a Python int).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.rank(ms.Tensor([[1.0, 2.0]])))
        2
    """
    if not isinstance(input_x, Tensor):
        raise TypeError(f"For 'Rank', the input x must be Tensor, but got {type(input_x).__name__}.")
    return input_x.ndim


def numel(input) -> int:
    return input.size


def dyn_shape(input_x) -> Tensor:
    return Tensor(np.asarray(input_x.shape, np.int64))


def meshgrid(*inputs, indexing="xy"):
    if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)):
        inputs = inputs[0]
    n = len(inputs)
    shapes = [t_.shape[0] for t_ in inputs]
    if indexing == "xy" and n >= 2:
        shapes[0], shapes[1] = shapes[1], shapes[0]
    out = []
    for i, t_ in enumerate(inputs):
        pos = i
        if indexing == "xy" and n >= 2 and i < 2:
            pos = 1 - i
        sh = [1] * n
        sh[pos] = t_.shape[0]
        out.append(broadcast_to(reshape(t_, tuple(sh)), tuple(shapes)))
    return tuple(out)


def index_select(input, axis, index) -> Tensor:
    """``ops.index_select``: the slices of ``input`` along ``axis`` at the 1-D int ``index``."""
    x = tensor_of(input, "IndexSelect")
    idx = tensor_of(index, "IndexSelect")
    if idx.dtype.kind not in "iu":
        raise TypeError(f"For 'IndexSelect', the 'index' must be an int Tensor, but got {idx.dtype}.")
    if idx.ndim != 1:
        raise ValueError(f"For 'IndexSelect', the 'index' must be a 1-D Tensor, but got shape {list(idx.shape)}.")
    if not -builtins.max(x.ndim, 1) <= axis < builtins.max(x.ndim, 1):
        raise ValueError(f"For 'IndexSelect', the 'axis' must be in range [{-x.ndim}, {x.ndim}), but got {axis}.")
    return apply(_gather, (x, idx), {"axis": axis % builtins.max(x.ndim, 1)})


_diagonal = Op("Diagonal", lambda x, *, offset, d1, d2: jnp.diagonal(x, offset, d1, d2), "vjp")


def diagonal(input, offset=0, dim1=0, dim2=1) -> Tensor:
    """``ops.diagonal``: the diagonal of the (dim1, dim2) planes, moved to the last axis."""
    x = tensor_of(input, "Diagonal")
    if x.ndim < 2:
        raise ValueError(f"For 'Diagonal', the 'input' must be at least 2-D, but got shape {list(x.shape)}.")
    d1, d2 = dim1 % x.ndim, dim2 % x.ndim
    if d1 == d2:
        raise ValueError(f"For 'Diagonal', the 'dim1' and 'dim2' must be different, but got {dim1} and {dim2}.")
    return apply(_diagonal, (x,), {"offset": int(offset), "d1": d1, "d2": d2})


def trace(input) -> Tensor:
    """``ops.trace``: the sum of the main diagonal of a 2-D Tensor."""
    x = tensor_of(input, "Trace")
    if x.ndim != 2:
        raise ValueError(f"For 'Trace', the 'input' must be a 2-D Tensor, but got shape {list(x.shape)}.")
    from .reduction import sum as _sum
    return _sum(diagonal(x))


def _scatter_fwd(x, idx, upd, *, mode):
    # out-of-range rows were refused before the call (_checks); under jit without checks they are dropped
    key = tuple(jnp.moveaxis(idx, -1, 0))
    upd = upd.astype(x.dtype)
    return x.at[key].set(upd, mode="drop") if mode == "update" else x.at[key].add(upd, mode="drop")


def _scatter_bprop(ctx, dout):
    # 'add': the gradient of x is dout, that of the updates dout gathered at the indices, written with ops so
    # that integer updates get their integer gradient (jax.vjp gives integer inputs none); 'update': jax.vjp
    from ._primitive import vjp_bprop
    if ctx.attrs[1]["mode"] != "add":
        return vjp_bprop(ctx, dout)
    from ._array_more import gather_nd
    x, idx, upd = ctx.inputs
    return (cast(dout, x.dtype), None, cast(gather_nd(dout, idx), upd.dtype))


_tensor_scatter = Op("TensorScatter", _scatter_fwd, _scatter_bprop)


def _scatter_args(name, x, indices, updates):
    idx = tensor_of(indices, name)
    if idx.dtype.kind not in "iu":
        raise TypeError(f"For '{name}', the 'indices' must be an int Tensor, but got {idx.dtype}.")
    k = idx.shape[-1] if idx.ndim else 0
    if idx.ndim < 1 or k > x.ndim:
        raise ValueError(f"For '{name}', the last dimension of 'indices' must be at most the rank of 'input_x' "
                         f"({x.ndim}), but got 'indices' shape {list(idx.shape)}.")
    want = idx.shape[:-1] + x.shape[k:]
    upd = tensor_of(updates, name, x.dtype if not isinstance(updates, Tensor) else None)
    if upd.shape != want:
        raise ValueError(f"For '{name}', the 'updates' shape must be indices.shape[:-1] + input_x.shape"
                         f"[indices.shape[-1]:] = {list(want)}, but got {list(upd.shape)}.")
    check_rows(idx._data, x.shape, _SCATTER_ERRORS[name])
    return idx, upd


def _scatter_update_error(i, row, shape):
    if min(row) < 0:
        return RuntimeError(f"For 'TensorScatterUpdate', the value of 'indices' must be non-negative, but got "
                            f"{min(row)}.")
    return ValueError(f"For 'TensorScatterUpdate', indices out of range for input_x: the {i}-th index {row} "
                      f"lies outside the shape {shape}.")


def _scatter_nd_error(i, row, shape):
    if min(row) < 0:
        return RuntimeError(f"For 'ScatterNd', each element in 'indice' must be greater than or equal to 0, but "
                            f"got {min(row)}")
    bad = next(j for j, v in enumerate(row) if v >= shape[j])
    return RuntimeError(f"For 'ScatterNd', each element in 'indices' should be smaller than the value of shape, "
                        f"but got {row[bad]} and got the value of shape {shape[bad]}")


# the message each scatter gives for an index outside the Tensor (MindSpore's kernels differ in wording)
_SCATTER_ERRORS = {
    "TensorScatterUpdate": _scatter_update_error,
    "TensorScatterAdd": lambda i, row, shape: RuntimeError(
        f"For 'TensorScatterAdd', the {i}-th value of 'indices'[{', '.join(map(str, row))}] is out of "
        f"range[{', '.join(map(str, shape))}]."),
    "ScatterNd": _scatter_nd_error,
}


def tensor_scatter_update(input_x, indices, updates) -> Tensor:
    """``ops.tensor_scatter_update``: ``input_x`` with the slices at ``indices`` replaced by ``updates``."""
    x = tensor_of(input_x, "TensorScatterUpdate")
    idx, upd = _scatter_args("TensorScatterUpdate", x, indices, updates)
    return apply(_tensor_scatter, (x, idx, upd), {"mode": "update"})


def tensor_scatter_add(input_x, indices, updates) -> Tensor:
    """``ops.tensor_scatter_add``: ``input_x`` with ``updates`` added at ``indices`` (duplicates accumulate)."""
    x = tensor_of(input_x, "TensorScatterAdd")
    idx, upd = _scatter_args("TensorScatterAdd", x, indices, updates)
    return apply(_tensor_scatter, (x, idx, upd), {"mode": "add"})


def scatter_nd(indices, updates, shape) -> Tensor:
    """``ops.scatter_nd``: zeros of ``shape`` with ``updates`` added at ``indices``."""
    upd = tensor_of(updates, "ScatterNd")
    shape = _shape_arg(shape)
    if any(s <= 0 for s in shape):
        raise ValueError(f"For 'ScatterNd', the 'shape' must contain positive ints, but got {list(shape)}.")
    z = Tensor._make(jnp.zeros(shape, upd._data.dtype))
    idx, upd = _scatter_args("ScatterNd", z, indices, upd)
    return apply(_tensor_scatter, (z, idx, upd), {"mode": "add"})
