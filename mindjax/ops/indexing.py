"""Gathering and indexing: gather, gather_elements, getitem/setitem (ints, slices, None,
Ellipsis, integer arrays, boolean masks), nonzero, masked_fill."""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import broadcast_to, cast, sum_to, tensor_of, check_axis
from ._primitive import Op, apply
from ._checks import check_range, gather_error
from . import math as M
from .creation import zeros_like


# ---- gather / indexing -------------------------------------------------------------------
def _gather_fwd(x, idx, *, axis):
    # indices in [-n, n) wrap as in MindSpore; the rest were refused before the call (see _checks),
    # and under jit without checks they read zeros (MindSpore's graph mode on GPU)
    return jnp.take(x, idx, axis=axis, mode="fill", fill_value=0)


def _gather_bprop(ctx, dout):
    x, idx = ctx.inputs
    axis = ctx.attrs[1]["axis"]
    return (apply(_scatter_add_axis, (dout, idx), {"shape": x.shape, "axis": axis}), None)


def _scatter_add_axis_fwd(d, idx, *, shape, axis):
    z = jnp.zeros(shape, d.dtype)
    ix = (builtins.slice(None),) * axis + (idx,)
    return z.at[ix].add(d)


_scatter_add_axis = Op("GatherGrad", _scatter_add_axis_fwd,
                       lambda ctx, d: (apply(_gather, (d, ctx.inputs[1]), {"axis": ctx.attrs[1]["axis"]}), None))
_gather = Op("Gather", _gather_fwd, _gather_bprop)


def gather(input_params, input_indices, axis, batch_dims=0) -> Tensor:
    """``ops.gather``: slices of ``input_params`` along ``axis`` at ``input_indices``."""
    x = tensor_of(input_params, "Gather")
    idx = tensor_of(input_indices, "Gather")
    if idx.dtype.kind not in "iu":
        raise TypeError(f"For 'Gather', the 'input_indices' must be an int Tensor, but got {idx.dtype}.")
    axis = check_axis("Gather", axis, x.ndim)
    n = x.shape[axis]
    check_range(idx._data, -n, n, gather_error("Gather", n))
    return apply(_gather, (x, idx), {"axis": axis})


def gather_in_range(x: Tensor, idx: Tensor, axis: int) -> Tensor:
    """``ops.gather`` for indices the caller has proven in range (no host-side check, no wait)."""
    return apply(_gather, (x, idx), {"axis": axis})


def gather_elements_in_range(x: Tensor, dim: int, idx: Tensor) -> Tensor:
    """``ops.gather_elements`` for indices the caller computed in range (sort, topk: no host check)."""
    return apply(_gather_d, (x, idx), {"dim": dim % max(x.ndim, 1)})


def _gather_d_fwd(x, idx, *, dim):
    return jnp.take_along_axis(x, idx, axis=dim, mode="fill", fill_value=0)


def _gather_d_bprop(ctx, dout):
    x, idx = ctx.inputs
    return (apply(_scatter_d, (dout, idx), {"shape": x.shape, "dim": ctx.attrs[1]["dim"]}), None)


def _scatter_d_fwd(d, idx, *, shape, dim):
    z = jnp.zeros(shape, d.dtype)
    grids = jnp.meshgrid(*[jnp.arange(s) for s in idx.shape], indexing="ij")
    grids[dim] = idx
    return z.at[tuple(grids)].add(d)


_gather_d = Op("GatherD", _gather_d_fwd, _gather_d_bprop)
_scatter_d = Op("GatherDGrad", _scatter_d_fwd,
                lambda ctx, d: (apply(_gather_d, (d, ctx.inputs[1]), {"dim": ctx.attrs[1]["dim"]}), None))


def gather_elements(input, dim, index) -> Tensor:
    """``ops.gather_elements``: ``out[i][j] = input[index[i][j]][j]`` for ``dim`` 0 (and so on)."""
    x = tensor_of(input, "GatherD")
    idx = tensor_of(index)
    dim = check_axis("GatherD", dim, x.ndim, "dim")
    n = x.shape[dim]
    check_range(idx._data, -n, n, lambda v: RuntimeError(
        f"For 'GatherD', the value of 'index' must be in [{-n}, {n}), but got: {v}"))
    return apply(_gather_d, (x, idx), {"dim": dim})


gather_d = gather_elements


def _index_key(key):
    """Split an indexing key into a static part and the Tensor/array parts (by position), and the
    positions (in the array parts) that the user gave as Tensors."""
    if not isinstance(key, tuple):
        key = (key,)
    static, arrays, tensors = [], [], []
    for k in key:
        if isinstance(k, Tensor):
            tensors.append(len(arrays))
            static.append(("T", len(arrays)))
            arrays.append(k)
        elif isinstance(k, (list, np.ndarray)):
            static.append(("T", len(arrays)))
            arrays.append(Tensor(np.asarray(k)))
        elif isinstance(k, builtins.slice):
            static.append(("S", k.start, k.stop, k.step))
        elif k is None or k is Ellipsis or isinstance(k, (bool, int, np.integer)):
            static.append(("C", k if not isinstance(k, np.integer) else int(k)))
        else:
            raise TypeError(f"For 'Tensor.__getitem__', an index must be an int, slice, None, Ellipsis, list or "
                            f"Tensor, but got {type(k).__name__}.")
    return tuple(static), arrays, tuple(tensors)


def _build_key(static, arrays):
    out = []
    for s in static:
        if s[0] == "T":
            a = arrays[s[1]]
            out.append(a.astype(bool) if a.dtype == jnp.bool_ else a)
        elif s[0] == "S":
            out.append(builtins.slice(s[1], s[2], s[3]))
        else:
            out.append(s[1])
    return tuple(out)


def _getitem_fwd(x, *idx, key):
    if idx:  # out-of-range array indices were refused before the call; under jit they read zeros
        return x.at[_build_key(key, idx)].get(mode="fill", fill_value=0)
    return x[_build_key(key, idx)]


def _getitem_bprop(ctx, dout):
    x = ctx.inputs[0]
    return (apply(_index_add, (dout,) + tuple(ctx.inputs[1:]), {"key": ctx.attrs[1]["key"], "shape": x.shape}),) \
        + (None,) * (len(ctx.inputs) - 1)


def _index_add_fwd(d, *idx, key, shape):
    return jnp.zeros(shape, d.dtype).at[_build_key(key, idx)].add(d)


_getitem = Op("Getitem", _getitem_fwd, _getitem_bprop, jit=True)
_index_add = Op("GetitemGrad", _index_add_fwd,
                lambda ctx, d: (apply(_getitem, (d,) + tuple(ctx.inputs[1:]), {"key": ctx.attrs[1]["key"]}),)
                + (None,) * (len(ctx.inputs) - 1))


def _key_dims(x, static):
    """The axis of ``x`` each entry of an indexing key addresses (None for None/Ellipsis entries)."""
    consuming = sum(1 for s in static if not (s[0] == "C" and (s[1] is None or s[1] is Ellipsis)))
    dims, dim = [], 0
    for s in static:
        if s[0] == "C" and s[1] is None:
            dims.append(None)
        elif s[0] == "C" and s[1] is Ellipsis:
            dims.append(None)
            dim += max(x.ndim - consuming, 0)
        else:
            dims.append(dim)
            dim += 1
    return dims


def _check_key(x, static, arrays, setting: bool = False, from_tensor=()):
    """MindSpore's IndexError/RuntimeError/ValueError for an index outside its axis, before any kernel
    runs (an out-of-range key is never clamped or dropped silently)."""
    where = "Tensor.__setitem__" if setting else "Tensor.__getitem__"
    single = len(static) == 1
    for s, dim in zip(static, _key_dims(x, static)):
        if dim is None or s[0] == "S":
            continue
        if dim >= x.ndim:
            raise IndexError(f"For '{where}', too many indices for a Tensor of rank {x.ndim}.")
        n = x.shape[dim]
        if s[0] == "C" and isinstance(s[1], int) and not isinstance(s[1], bool):
            if not -n <= s[1] < n:
                if setting and single:
                    raise IndexError(f"Index {s[1]} is out of bounds for axis {dim} with size {n}")
                raise IndexError(f"For '{where}', index {s[1]} is out of bounds for axis {dim} with size {n}.")
        elif s[0] == "T" and arrays[s[1]].dtype != mstype.bool_:
            a = arrays[s[1]]
            if s[1] in from_tensor:
                err = (lambda v, n=n: ValueError(
                    f"For 'TensorScatterUpdate', indices out of range for input_x: index {v} for an axis of "
                    f"size {n}.")) if setting else gather_error("Gather", n)
            else:
                err = lambda v, n=n, dim=dim: IndexError(  # noqa: E731
                    f"For '{where}', index {v} is out of bounds for axis {dim} with size {n}.")
            check_range(a._data, -n, n, err)


def getitem(x: Tensor, key) -> Tensor:
    """``x[key]``: ints, slices, None, Ellipsis, integer lists/Tensors and boolean masks."""
    static, arrays, tensors = _index_key(key)
    _check_key(x, static, arrays, from_tensor=tensors)
    if any(a.dtype == mstype.bool_ for a in arrays):
        # boolean masks give data-dependent shapes: resolve them to integer indices now
        arrays = [nonzero(a, as_tuple=True) if a.dtype == mstype.bool_ else a for a in arrays]
        static2, flat = [], []
        for s in static:
            if s[0] == "T":
                a = arrays[s[1]]
                if isinstance(a, tuple):
                    for part in a:
                        static2.append(("T", len(flat)))
                        flat.append(part)
                    continue
                static2.append(("T", len(flat)))
                flat.append(a)
            else:
                static2.append(s)
        static, arrays = tuple(static2), flat
    return apply(_getitem, (x,) + tuple(arrays), {"key": static})


def _setitem_fwd(x, v, *idx, key):
    # out-of-range indices were refused before the call; under jit their updates are dropped
    return x.at[_build_key(key, idx)].set(v.astype(x.dtype), mode="drop")


def _setitem_bprop(ctx, dout):
    x, v = ctx.inputs[:2]
    idx = tuple(ctx.inputs[2:])
    key = ctx.attrs[1]["key"]
    gx = apply(_setitem, (dout, zeros_like(v)) + idx, {"key": key}) if ctx.needs[0] else None
    gv = None
    if ctx.needs[1]:
        gv = apply(_getitem, (dout,) + idx, {"key": key})
        gv = cast(sum_to(gv, v.shape), v.dtype)
    return (gx, gv) + (None,) * len(idx)


_setitem = Op("Setitem", _setitem_fwd, _setitem_bprop)


def setitem(x: Tensor, key, value) -> Tensor:
    """The Tensor ``x`` with ``x[key] = value`` applied (a new Tensor; the caller rebinds)."""
    static, arrays, tensors = _index_key(key)
    _check_key(x, static, arrays, setting=True, from_tensor=tensors)
    if any(a.dtype == mstype.bool_ for a in arrays) and len(arrays) == 1 and len(static) == 1:
        mask = arrays[0]
        v = tensor_of(value, "Setitem", x.dtype if not isinstance(value, Tensor) else None)
        return M.select(broadcast_to(mask, x.shape) if mask.shape != x.shape else mask, v, x) \
            if v.ndim == 0 or v.shape == x.shape else apply(_setitem, (x, v, mask), {"key": static})
    v = tensor_of(value, "Setitem", x.dtype if not isinstance(value, Tensor) else None)
    return apply(_setitem, (x, v) + tuple(arrays), {"key": static})


def nonzero(input, as_tuple=False):
    """Indices of the non-zero elements (computed eagerly: the shape depends on the values)."""
    x = tensor_of(input, "NonZero")
    if isinstance(x._data, jax.core.Tracer):
        from .._jit.errors import dynamic_shape_error
        raise dynamic_shape_error("nonzero / boolean-mask indexing")
    idx = np.nonzero(np.asarray(x._data))
    if as_tuple:
        return tuple(Tensor(i.astype(np.int64)) for i in idx)
    return Tensor(np.stack(idx, axis=1).astype(np.int64))


def masked_fill(input_x, mask, value) -> Tensor:
    v = value if isinstance(value, Tensor) else Tensor(value, input_x.dtype)
    return M.select(mask, v, input_x)


def masked_select(input, mask) -> Tensor:
    mask = broadcast_to(mask, input.shape)
    return getitem(input, mask)
