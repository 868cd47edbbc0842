"""Gathering and indexing: gather, gather_elements, getitem/setitem (ints, slices, None,
Ellipsis, integer arrays, boolean masks), nonzero, masked_fill."""
from __future__ import annotations

import builtins
import os

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
    # off ``dim`` the index may be shorter than the input (PyTorch's gather): only that corner is read
    if any(i != dim and a != b for i, (a, b) in enumerate(zip(idx.shape, x.shape))):
        x = x[tuple(slice(None) if i == dim else slice(0, n) for i, n in enumerate(idx.shape))]
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
    if idx.ndim == x.ndim:
        for i, (a, b) in enumerate(zip(idx.shape, x.shape)):
            if i != dim and a > b:
                raise ValueError(f"For primitive[GatherD], the x shape must be greater than or equal to {a}, "
                                 f"but got {b}.")
    n = x.shape[dim]
    check_range(idx._data, -n, n, lambda v: RuntimeError(
        f"For 'GatherD', the value of 'index' must be in [{-n}, {n}), but got: {v}"))
    return apply(_gather_d, (x, idx), {"dim": dim})


gather_d = gather_elements


_LIST_TENSOR = ("Current Tensor indexing does not support mutable list/tuple or list containing tensors. Please use "
                "an immutable expression instead.")
_TUPLE_TYPES = "'Slice', 'Ellipsis', 'None', 'Tensor', 'int', 'List', 'Tuple', 'bool'"


def _in_jit() -> bool:
    from .._state import state
    return state.jit_depth > 0


def _boost() -> bool:
    """MindSpore's view-op indexing path of graph mode, which its own tests select with
    ``MS_DEV_TENSOR_INDEX_BOOST=1`` (read on each call, as there): numpy's reading of
    ``False``, ``[]`` and float lists, and that path's errors. PyNative is the same either way."""
    return _in_jit() and os.environ.get("MS_DEV_TENSOR_INDEX_BOOST") == "1"


def _bad_index(k):
    if _in_jit():  # MindSpore's graph-mode messages
        return IndexError("Invalid tensor index type" if _boost() else "invalid index type")
    return IndexError(f"Unsupported Python object type received: {type(k)}. Supported types for tensor indexing are: "
                      f"list, int, float, tuple, slice, ellipsis, None, array, bool, or Tensor. Received value: {k!r}")


def _list_index(k: list, lenient: bool = False) -> Tensor:
    """A list used as an index: an integer (or boolean) array; its Tensor entries are values
    (under jit they stay traced). MindSpore refuses an empty list and floats (its graph mode's
    view-op path reads them as numpy does: an empty int64 index, truncated floats)."""
    if not k and not lenient:
        raise IndexError("When tensor is indexed by list, the list can't be empty.")
    floats = [v for v in k if isinstance(v, float)]
    if floats and not lenient:
        if _in_jit():
            raise TypeError(f"For 'tensor_setitem_by_tuple', the types only support {_TUPLE_TYPES}, but got Float32")
        raise TypeError(f"For tuple index, the types only support {_TUPLE_TYPES}, but got type 'Float', value: "
                        f"{floats[0]}")
    if any(isinstance(v, Tensor) for v in k):
        if _boost():
            err = IndexError(_LIST_TENSOR)
            err._mj_final = True  # not a value the trace needed: mutable scalars as constants would not help
            raise err
        parts = [tensor_of(v)._data.reshape(()) if isinstance(v, Tensor) else jnp.asarray(v) for v in k]
        return Tensor._make(jnp.stack([jnp.asarray(v).astype(jnp.int64) for v in parts]))
    a = np.asarray(k)
    if a.dtype != np.bool_:
        a = a.astype(np.int64)
    return Tensor(a)


def _slice_bound(v):
    if isinstance(v, Tensor):
        from .._jit.dynamic_break import concrete
        return int(concrete("a slice bound given as a Tensor", v))
    return v


def _bool_key(v: bool, lenient: bool):
    if not v and not lenient:
        raise IndexError("When tensor is indexed by a bool object, the value only support 'True'.")
    return ("B", v)


def _index_key(key, x=None, setting: bool = False):
    """Split an indexing key into a static part and the Tensor/array parts (by position), and the
    positions (in the array parts) that the user gave as Tensors. Scalar booleans are static
    ``("B", value)`` entries: a new axis of length 1 (or 0 for a False Tensor). A write
    (``setting``) accepts ``False`` and ``[]`` (it changes nothing), as MindSpore does."""
    lenient = setting or _boost()
    if isinstance(key, list) and len(key) < 32 and any(
            isinstance(v, (list, tuple, builtins.slice)) or v is None or v is Ellipsis
            or isinstance(v, Tensor) and v.ndim > 0 for v in key):
        key = tuple(key)  # MindSpore reads such a list (one holding a non-scalar Tensor too) as a tuple of indices
    if isinstance(key, np.ndarray) and key.ndim == 0 and not _boost():
        raise IndexError(f"Only support integers, slices(`:`), ellipsis(`...`), None, bool, tensor, int, list and "
                         f"tuple as index, but got {key} with type {type(key)}")
    if not isinstance(key, tuple):
        key = (key,)
    static, arrays, tensors = [], [], []
    for k in key:
        if isinstance(k, Tensor):
            if k.ndim == 0 and k.dtype == mstype.bool_:
                from .._jit.dynamic_break import concrete
                static.append(("B", bool(concrete("a boolean Tensor index", k))))
                continue
            tensors.append(len(arrays))
            static.append(("T", len(arrays)))
            arrays.append(k)
        elif isinstance(k, (bool, np.bool_)):
            static.append(_bool_key(bool(k), lenient))
        elif isinstance(k, np.ndarray) and k.ndim == 0:
            static.append(_bool_key(bool(k), lenient) if k.dtype == np.bool_ else ("C", int(k)))
        elif isinstance(k, (list, tuple)):
            if not k and not lenient and _in_jit() and x is not None and len(static) < x.ndim:
                # MindSpore's graph mode reads [] as an empty boolean mask
                raise IndexError(f"dimension is {x.shape[len(static)]} but corresponding boolean dimension is 0")
            static.append(("T", len(arrays)))
            arrays.append(_list_index(list(k), lenient))
        elif isinstance(k, np.ndarray):
            static.append(("T", len(arrays)))
            arrays.append(Tensor(k if k.dtype.kind in "biu" else k.astype(np.int64)))
        elif isinstance(k, builtins.slice):
            start, stop, step = _slice_bound(k.start), _slice_bound(k.stop), _slice_bound(k.step)
            if step is not None and step <= 0 and _boost():
                raise ValueError("slice step must be positive")
            static.append(("S", start, stop, step))
        elif k is None or k is Ellipsis or isinstance(k, (int, np.integer)):
            static.append(("C", k if not isinstance(k, np.integer) else int(k)))
        else:
            raise _bad_index(k)
    if x is not None and x.ndim == 0 and any(s[0] == "S" or s[0] == "C" and s[1] is not None and s[1] is not Ellipsis
                                             for s in static):
        if _boost():
            raise TypeError("Invalid index of a 0-dim tensor.")
        if any(s[0] == "S" for s in static):
            raise ValueError("The input data's dim must in the range of [1, 8], but got '0'.")
        raise TypeError("Cannot iterate over a scalar tensor.")
    return tuple(static), arrays, tuple(tensors)


def _build_key(static, arrays):
    out = []
    for s in static:
        if s[0] == "T":
            a = arrays[s[1]]
            out.append(a.astype(bool) if a.dtype == jnp.bool_ else a)
        elif s[0] == "S":
            out.append(builtins.slice(s[1], s[2], s[3]))
        else:  # "C" (int, None, Ellipsis) and "B" (a Python bool: a new axis of length 1 or 0)
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
    consuming = sum(1 for s in static if not (s[0] == "B" or s[0] == "C" and (s[1] is None or s[1] is Ellipsis)))
    dims, dim = [], 0
    for s in static:
        if s[0] == "B" or s[0] == "C" and s[1] is None:
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
            if setting:
                raise IndexError(f"too many indices for tensor of dimension{x.ndim}")
            raise IndexError(f"For '{where}', too many indices for a Tensor of rank {x.ndim}.")
        n = x.shape[dim]
        if s[0] == "C" and isinstance(s[1], int) and not isinstance(s[1], bool):
            if not -n <= s[1] < n:
                if setting and single:
                    raise IndexError(f"Index {s[1]} is out of bounds for axis {dim} with size {n}")
                if setting:
                    raise IndexError(f"index {s[1]} is out of bounds for dimension with size {n}")
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


def _resolve_masks(static, arrays):
    """Boolean masks give data-dependent shapes: resolve them to integer indices now (under jit,
    a graph break at this op: ``_jit/dynamic_break.py``)."""
    if not any(a.dtype == mstype.bool_ for a in arrays):
        return static, arrays
    arrays = [nonzero(a, as_tuple=True) if a.dtype == mstype.bool_ else a for a in arrays]
    static2, flat = [], []
    for s in static:
        if s[0] == "T":
            a = arrays[s[1]]
            for part in (a if isinstance(a, tuple) else (a,)):
                static2.append(("T", len(flat)))
                flat.append(part)
        else:
            static2.append(s)
    return tuple(static2), flat


def getitem(x: Tensor, key) -> Tensor:
    """``x[key]``: ints, slices, None, Ellipsis, booleans, integer lists/Tensors and boolean masks."""
    static, arrays, tensors = _index_key(key, x)
    _check_key(x, static, arrays, from_tensor=tensors)
    static, arrays = _resolve_masks(static, arrays)
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


def _shape_text(shape) -> str:
    return f"({shape[0]})" if len(shape) == 1 else str(tuple(shape))


def setitem(x: Tensor, key, value) -> Tensor:
    """The Tensor ``x`` with ``x[key] = value`` applied (a new Tensor; the caller rebinds)."""
    if not isinstance(value, (Tensor, bool, int, float)) and _boost():
        raise TypeError("For __setitem__, the type of value can only be bool, int, float or Tensor.")
    static, arrays, tensors = _index_key(key, x, setting=True)
    _check_key(x, static, arrays, setting=True, from_tensor=tensors)
    v = tensor_of(value, "Setitem", x.dtype if not isinstance(value, Tensor) else None)
    if any(a.dtype == mstype.bool_ for a in arrays) and len(arrays) == 1 and len(static) == 1 \
            and (v.ndim == 0 or v.shape == x.shape):
        mask = arrays[0]  # a mask over x with one value: a select, no value-dependent shape
        if mask.shape != x.shape:  # a mask over the leading axes covers the trailing ones whole
            mask = broadcast_to(mask.reshape(tuple(mask.shape) + (1,) * (x.ndim - mask.ndim)), x.shape)
        out = M.select(mask, v, x)
        if _in_jit():
            from .._jit.state import note_setitem
            note_setitem(out._data)
        return out
    static, arrays = _resolve_masks(static, arrays)
    if v.ndim:
        target = jax.eval_shape(lambda a, *i: a[_build_key(static, i)], x._data, *[t._data for t in arrays]).shape
        vs = tuple(v.shape)
        while len(vs) > len(target) and vs[0] == 1:  # leading 1s of the value are dropped, as MindSpore
            vs = vs[1:]
        try:
            ok = len(vs) <= len(target) and np.broadcast_shapes(vs, tuple(target)) == tuple(target)
        except ValueError:
            ok = False
        if ok and vs != tuple(v.shape):
            v = v.reshape(vs)
        if not ok and _in_jit():
            raise ValueError(f"operands could not be broadcast together with remapped shapes [original->remapped]: "
                             f"{tuple(v.shape)}  and requested shape {tuple(target)}")
        if not ok:
            raise ValueError(f"For 'BroadcastTo', in order to broadcast, each dimension pair must be equal or input "
                             f"dimension is 1 or target dimension is -1. But got x_shape: {_shape_text(v.shape)}, "
                             f"target shape: {_shape_text(target)}.")
    out = apply(_setitem, (x, v) + tuple(arrays), {"key": static})
    if _in_jit():
        from .._jit.state import note_setitem
        note_setitem(out._data)
    return out


def nonzero(input, *, as_tuple=False):
    """Indices of the non-zero elements. The output shape depends on the values: under jit this
    is a graph break (``_jit/dynamic_break.py``), the indices are this call's."""
    from .._jit.dynamic_break import concrete
    x = tensor_of(input, "NonZero")
    idx = np.nonzero(concrete("nonzero / boolean-mask indexing", x))
    if as_tuple:
        return tuple(Tensor(i.astype(np.int64)) for i in idx)
    return Tensor(np.stack(idx, axis=1).astype(np.int64))


def masked_fill(input_x, mask, value) -> Tensor:
    v = value if isinstance(value, Tensor) else Tensor(value, input_x.dtype)
    return M.select(mask, v, input_x)


def masked_select(input, mask) -> Tensor:
    """``ops.masked_select(input, mask)``: the 1-D Tensor of ``input``'s elements where ``mask`` is True, after
    broadcasting ``input`` and ``mask`` to their common shape (either may be the smaller one).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.masked_select(ms.Tensor([1, 2]), ms.Tensor([[True], [False]])))
        [1 2]
    """
    input, mask = tensor_of(input, "MaskedSelect"), tensor_of(mask, "MaskedSelect")
    try:
        shape = tuple(np.broadcast_shapes(tuple(input.shape), tuple(mask.shape)))
    except ValueError:
        raise ValueError(f"For 'MaskedSelect', the shapes of 'input' {list(input.shape)} and 'mask' "
                         f"{list(mask.shape)} could not broadcast.") from None
    if tuple(input.shape) != shape:
        input = broadcast_to(input, shape)
    if tuple(mask.shape) != shape:
        mask = broadcast_to(mask, shape)
    return getitem(input, mask)
