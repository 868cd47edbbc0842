"""Shape and array ops: gather/scatter families, index ops, segment reductions (this module), with the
shape ops in ``_array_shape`` and the sort/search/unique ops in ``_array_sort`` re-exported here.

Index checks: when the index values are concrete (PyNative), out-of-range indices raise MindSpore's
exception and message at the call. Under ``jit`` the values are unknown when the program is built; XLA
then drops out-of-range scatter updates and clamps gathers, as MindSpore's graph mode kernels do not
check either.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._tensor import Tensor
from ._base import tensor_of, check_axis, cast
from . import _checks
from ._primitive import Op, apply, vjp_bprop

__all__ = ["tensor_scatter_sub", "tensor_scatter_mul", "tensor_scatter_div", "tensor_scatter_max",
           "tensor_scatter_min", "tensor_scatter_elements", "scatter", "gather_nd",
           "scatter_nd_update", "scatter_nd_add", "scatter_nd_sub", "scatter_nd_mul", "scatter_nd_div",
           "scatter_nd_max", "scatter_nd_min", "scatter_update", "scatter_add", "scatter_mul",
           "scatter_div", "scatter_max", "scatter_min", "index_add", "index_fill", "inplace_add", "inplace_sub",
           "inplace_update", "inplace_index_add", "unsorted_segment_sum", "unsorted_segment_max",
           "unsorted_segment_min", "unsorted_segment_prod"]


def concrete(t: Tensor):
    """The values of ``t`` as numpy, or None under a jax trace (the values are not known yet)."""
    return _checks.concrete(t._data)


def snap(x: Tensor) -> Tensor:
    """A new Tensor object holding ``x``'s value and history: the op input to record on the tape when the
    result is then written into ``x`` itself (the tape keeps the old value's history, not a cycle)."""
    return Tensor._make(x._data, x._node, x._idx)


def write_back(x: Tensor, out: Tensor) -> Tensor:
    """MindSpore's Ref ops write their result into ``x`` (a Parameter, or a Tensor in PyNative)."""
    from ..common.parameter import Parameter
    if isinstance(x, Parameter):
        from .state_ops import assign
        return assign(x, out)
    x._data, x._node, x._idx = out._data, out._node, out._idx
    return x


def _int_index(name: str, arg: str, idx) -> Tensor:
    idx = tensor_of(idx, name)
    if idx.dtype.kind not in "iu":
        raise TypeError(f"For '{name}', the '{arg}' must be a Tensor of int32 or int64, but got {idx.dtype}.")
    return idx


# ---- nd scatters: tensor_scatter_* (functional) and scatter_nd_* (write into input_x) ----------
def _nd_fwd(x, idx, upd, *, mode):
    key = tuple(jnp.moveaxis(idx, -1, 0))
    upd = upd.astype(x.dtype)
    ref = x.at[key]
    if mode == "update":
        return ref.set(upd, mode="drop")
    if mode == "add":
        return ref.add(upd, mode="drop")
    if mode == "sub":
        return ref.add(-upd, mode="drop")
    if mode == "mul":
        return ref.multiply(upd, mode="drop")
    if mode == "div":
        if jnp.issubdtype(x.dtype, jnp.integer):
            # integer division truncates after each update, as MindSpore's kernel; trunc(trunc(a/b)/c) equals
            # trunc(a/(b*c)), so repeated indices divide once by the product of their updates
            den = jnp.ones_like(x).at[key].multiply(upd, mode="drop")
            hit = jnp.zeros(x.shape, bool).at[key].set(True, mode="drop")
            q = jax.lax.div(x, jnp.where(den == 0, 1, den))
            return jnp.where(hit, jnp.where(den == 0, 0, q), x)
        return ref.divide(upd, mode="drop")
    if mode == "max":
        return ref.max(upd, mode="drop")
    return ref.min(upd, mode="drop")


_nd_scatter = Op("TensorScatter", _nd_fwd, "vjp")


def _nd_args(name, x, indices, updates):
    x = tensor_of(x, name)
    idx = _int_index(name, "indices", indices)
    k = idx.shape[-1] if idx.ndim else 0
    if idx.ndim < 1 or k > x.ndim or k == 0:
        raise ValueError(f"For '{name}', the last dimension of 'indices' must be in [1, rank of 'input_x' "
                         f"({x.ndim})], but got 'indices' shape {list(idx.shape)}.")
    want = idx.shape[:-1] + x.shape[k:]
    upd = tensor_of(updates, name, x.dtype if not isinstance(updates, Tensor) else None)
    if upd.shape != want:
        raise ValueError(f"For '{name}', updates_shape = indices_shape[:-1] + x_shape[indices_shape[-1]:], but "
                         f"got x_shape: {list(x.shape)}, indices_shape: {list(idx.shape)}, updates_shape: "
                         f"{list(upd.shape)}.")
    if upd.dtype != x.dtype:
        raise TypeError(f"For '{name}', the dtype of 'updates' must be the same as 'input_x' ({x.dtype}), but got "
                        f"{upd.dtype}.")
    vals = concrete(idx)
    if vals is not None and vals.size:
        flat = vals.reshape(-1, k)
        for d in range(k):
            bad = np.nonzero((flat[:, d] < 0) | (flat[:, d] >= x.shape[d]))[0]
            if bad.size:
                i = int(bad[0])
                raise RuntimeError(f"For '{name}', the {i}-th value of 'indices'[{int(flat[i, d])}] is out of "
                                   f"range[{x.shape[d]}].")
    return x, idx, upd


def _tensor_scatter(name, mode):
    def fn(input_x, indices, updates) -> Tensor:
        x, idx, upd = _nd_args(name, input_x, indices, updates)
        return apply(_nd_scatter, (x, idx, upd), {"mode": mode})
    fn.__name__ = f"tensor_scatter_{mode}"
    fn.__qualname__ = fn.__name__
    fn.__doc__ = (f"``ops.tensor_scatter_{mode}(input_x, indices, updates)``: a copy of ``input_x`` whose slices "
                  f"at the index tuples in the last axis of ``indices`` are combined ({mode}) with ``updates``.\n\n"
                  "    Examples:\n        >>> import mindjax as ms\n        >>> x = ms.Tensor([1.0, 2.0, 3.0])\n"
                  f"        >>> print(ms.ops.tensor_scatter_{mode}(x, ms.Tensor([[1]]), ms.Tensor([4.0])).shape)\n"
                  "        (3,)\n")
    return fn


tensor_scatter_sub = _tensor_scatter("TensorScatterSub", "sub")
tensor_scatter_mul = _tensor_scatter("TensorScatterMul", "mul")
tensor_scatter_div = _tensor_scatter("TensorScatterDiv", "div")
tensor_scatter_max = _tensor_scatter("TensorScatterMax", "max")
tensor_scatter_min = _tensor_scatter("TensorScatterMin", "min")


def _ref_scatter_nd(name, mode):
    def fn(input_x, indices, updates, use_locking: bool = False) -> Tensor:
        x, idx, upd = _nd_args(name, input_x, indices, updates)
        return write_back(x, apply(_nd_scatter, (snap(x), idx, upd), {"mode": mode}))
    fn.__name__ = f"scatter_nd_{mode}"
    fn.__qualname__ = fn.__name__
    fn.__doc__ = (f"``ops.scatter_nd_{mode}(input_x, indices, updates, use_locking=False)``: combines ({mode}) "
                  "``updates`` into the slices of ``input_x`` at ``indices``, writing ``input_x`` (a Parameter) in "
                  "place; returns it.\n\n    Examples:\n        >>> import mindjax as ms\n"
                  "        >>> p = ms.Parameter(ms.Tensor([1.0, 2.0]), name='p')\n"
                  f"        >>> print(ms.ops.scatter_nd_{mode}(p, ms.Tensor([[0]]), ms.Tensor([3.0])).shape)\n"
                  "        (2,)\n")
    return fn


scatter_nd_update = _ref_scatter_nd("ScatterNdUpdate", "update")
scatter_nd_add = _ref_scatter_nd("ScatterNdAdd", "add")
scatter_nd_sub = _ref_scatter_nd("ScatterNdSub", "sub")
scatter_nd_mul = _ref_scatter_nd("ScatterNdMul", "mul")
scatter_nd_div = _ref_scatter_nd("ScatterNdDiv", "div")
scatter_nd_max = _ref_scatter_nd("ScatterNdMax", "max")
scatter_nd_min = _ref_scatter_nd("ScatterNdMin", "min")


# ---- scatters along the first axis: scatter_add/... (write into input_x) --------------------
def _axis0_args(name, input_x, indices, updates):
    x = tensor_of(input_x, name)
    idx = _int_index(name, "indices", indices)
    upd = tensor_of(updates, name, x.dtype if not isinstance(updates, Tensor) else None)
    want = idx.shape + x.shape[1:]
    if upd.shape != want:
        raise ValueError(f"For '{name}', updates_shape = indices_shape + x_shape[1:], but got x_shape: "
                         f"{list(x.shape)}, indices_shape: {list(idx.shape)}, updates_shape: {list(upd.shape)}.")
    if upd.dtype != x.dtype:
        raise TypeError(f"For '{name}', the dtype of 'updates' must be the same as 'input_x' ({x.dtype}), but got "
                        f"{upd.dtype}.")
    vals = concrete(idx)
    if vals is not None and vals.size:
        bad = vals[(vals < 0) | (vals >= x.shape[0])]
        if bad.size:
            raise RuntimeError(f"For '{name}', the value of indices should be in [0, {x.shape[0]}), but got "
                               f"'{int(bad.reshape(-1)[0])}' in indices.")
    return x, idx, upd


def _ref_scatter(name, mode):
    def fn(input_x, indices, updates) -> Tensor:
        x, idx, upd = _axis0_args(name, input_x, indices, updates)
        return write_back(x, apply(_nd_scatter, (snap(x), idx[..., None], upd), {"mode": mode}))
    fn.__name__ = f"scatter_{mode}"
    fn.__qualname__ = fn.__name__
    call = f"ops.scatter_{mode}" if mode != "sub" else "ops.ScatterSub()"  # MindSpore 2.10 has no ops.scatter_sub
    fn.__doc__ = (f"``{call}(input_x, indices, updates)``: combines ({mode}) ``updates`` into the rows "
                  "``input_x[indices]``, writing ``input_x`` (a Parameter) in place; returns it.\n\n"
                  "    Examples:\n        >>> import mindjax as ms\n"
                  "        >>> p = ms.Parameter(ms.Tensor([1.0, 2.0]), name='p')\n"
                  f"        >>> print(ms.{call}(p, ms.Tensor([1], ms.int32), ms.Tensor([3.0])).shape)\n"
                  "        (2,)\n")
    return fn


scatter_update = _ref_scatter("ScatterUpdate", "update")
scatter_add = _ref_scatter("ScatterAdd", "add")
_scatter_sub = _ref_scatter("ScatterSub", "sub")
scatter_mul = _ref_scatter("ScatterMul", "mul")
scatter_div = _ref_scatter("ScatterDiv", "div")
scatter_max = _ref_scatter("ScatterMax", "max")
scatter_min = _ref_scatter("ScatterMin", "min")


def scatter_nd_update_ref(name, input_x, indices, updates):
    """Shared by the Primitive classes (ScatterNonAliasingAdd...): nd scatter-add written into ``input_x``."""
    x, idx, upd = _nd_args(name, input_x, indices, updates)
    return write_back(x, apply(_nd_scatter, (snap(x), idx, upd), {"mode": "add"}))


# ---- element scatters: tensor_scatter_elements / scatter --------------------------------------
def _elements_fwd(x, idx, upd, *, axis, mode):
    grids = list(jnp.meshgrid(*[jnp.arange(s) for s in idx.shape], indexing="ij"))
    grids[axis] = idx
    ref = x.at[tuple(grids)]
    upd = upd.astype(x.dtype)
    if mode == "add":
        return ref.add(upd, mode="drop")
    if mode == "mul":
        return ref.multiply(upd, mode="drop")
    return ref.set(upd, mode="drop")


_elements = Op("TensorScatterElements", _elements_fwd, "vjp")


def _elements_call(name, x, axis, idx, upd, reduction):
    x = tensor_of(x, name)
    idx = _int_index(name, "indices", idx)
    upd = tensor_of(upd, name, x.dtype if not isinstance(upd, Tensor) else None)
    if reduction not in ("none", "add", "mul"):
        raise ValueError(f"For '{name}', the 'reduction' must be 'none', 'add' or 'mul', but got '{reduction}'.")
    if not (x.ndim == idx.ndim == upd.ndim):
        raise ValueError(f"For '{name}', the rank of 'input_x', 'indices' and 'updates' must be the same, but got "
                         f"{x.ndim}, {idx.ndim} and {upd.ndim}.")
    if idx.shape != upd.shape:
        raise ValueError(f"For '{name}', the shape of 'indices' and 'updates' must be the same, but got "
                         f"{list(idx.shape)} and {list(upd.shape)}.")
    ax = check_axis(name, axis, x.ndim)
    mode = "set" if reduction == "none" else reduction
    # MindSpore's CPU kernel skips out-of-range indices without an error; "drop" does the same
    return apply(_elements, (x, idx, cast(upd, x.dtype)), {"axis": ax, "mode": mode})


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none") -> Tensor:
    """``ops.tensor_scatter_elements``: ``input_x`` with ``input_x[..., indices[i, j], ...] = updates[i, j]``
    along ``axis`` (``reduction`` 'none', 'add' or 'mul').

    Examples:
        >>> import mindjax as ms
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ms.ops.tensor_scatter_elements(x, ms.Tensor([[1, 0]]), ms.Tensor([[9.0, 8.0]])))
        [[1. 8.]
         [9. 4.]]
    """
    return _elements_call("TensorScatterElements", input_x, axis, indices, updates, reduction)


def scatter(input, axis, index, src) -> Tensor:
    """``ops.scatter(input, axis, index, src)``: ``tensor_scatter_elements`` with the torch argument order.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.scatter(ms.Tensor([0.0, 0.0, 0.0]), 0, ms.Tensor([2]), ms.Tensor([5.0])))
        [0. 0. 5.]
    """
    return _elements_call("Scatter", input, axis, index, src, "none")


def gather_nd(input_x, indices) -> Tensor:
    """``ops.gather_nd``: the slices of ``input_x`` at the index tuples in the last axis of ``indices``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.gather_nd(ms.Tensor([[1, 2], [3, 4]]), ms.Tensor([[1, 0]])))
        [3]
    """
    from .indexing import getitem
    x = tensor_of(input_x, "GatherNd")
    idx = _int_index("GatherNd", "indices", indices)
    k = idx.shape[-1] if idx.ndim else 0
    if idx.ndim < 1 or k > x.ndim:
        raise ValueError(f"For 'GatherNd', the last dimension of 'indices' must be at most the rank of 'input_x' "
                         f"({x.ndim}), but got 'indices' shape {list(idx.shape)}.")
    vals = concrete(idx)
    if vals is not None and vals.size:
        flat = vals.reshape(-1, k)
        bad = np.nonzero(((flat < 0) | (flat >= np.asarray(x.shape[:k]))).any(axis=1))[0]
        if bad.size:
            raise RuntimeError(f"For 'GatherNd', the indices[{int(bad[0])}]: {flat[bad[0]].tolist()}, does not index "
                               f"into input_shape: {list(x.shape)}.")
    if k == 0:
        return x
    return getitem(x, tuple(idx[..., i] for i in range(k)))


# ---- index_add / index_fill / inplace_* ---------------------------------------------------------
def _index_add_fwd(x, idx, y, *, axis, alpha):
    key = (slice(None),) * axis + (idx,)
    return x.at[key].add((y * alpha).astype(x.dtype), mode="drop")


_index_add = Op("IndexAdd", _index_add_fwd, "vjp")


def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True) -> Tensor:
    """``ops.index_add``: adds the slices of ``y`` into ``x`` at ``indices`` along ``axis``; ``x`` (a
    Parameter) is written in place and returned.

    Examples:
        >>> import mindjax as ms
        >>> p = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name='p')
        >>> print(ms.ops.index_add(p, ms.Tensor([1], ms.int32), ms.Tensor([[1.0, 1.0]]), 0).asnumpy())
        [[1. 2.]
         [4. 5.]]
    """
    xt = tensor_of(x, "IndexAdd")
    idx = _int_index("IndexAdd", "indices", indices)
    yt = tensor_of(y, "IndexAdd")
    ax = check_axis("IndexAdd", axis, xt.ndim)
    if idx.ndim != 1:
        raise ValueError(f"For 'IndexAdd', the 'indices' must be 1-D, but got rank {idx.ndim}.")
    want = xt.shape[:ax] + idx.shape + xt.shape[ax + 1:]
    if yt.shape != want:
        raise ValueError(f"For 'IndexAdd', the shape of 'y' must be {list(want)}, but got {list(yt.shape)}.")
    msg = f"For 'IndexAdd', the indices are out of range with input_shape: {list(xt.shape)}."
    _checks.check_range(idx._data, 0, xt.shape[ax], lambda bad: RuntimeError(msg))
    return write_back(xt, apply(_index_add, (snap(xt), idx, cast(yt, xt.dtype)), {"axis": ax, "alpha": 1}))


def inplace_index_add(var, indices, updates, axis) -> Tensor:
    """``ops.inplace_index_add``: ``index_add`` on a Parameter ``var``, written in place.

    Examples:
        >>> import mindjax as ms
        >>> p = ms.Parameter(ms.Tensor([1.0, 2.0]), name='p')
        >>> print(ms.ops.inplace_index_add(p, ms.Tensor([0], ms.int32), ms.Tensor([5.0]), 0).asnumpy())
        [6. 2.]
    """
    v = tensor_of(var, "InplaceIndexAdd")
    idx = _int_index("InplaceIndexAdd", "indices", indices)
    ax = check_axis("InplaceIndexAdd", axis, v.ndim)
    n = v.shape[ax]
    _checks.check_range(idx._data, 0, n, lambda bad: RuntimeError(
        f"For 'InplaceIndexAdd', the indices are out of range [0, {n})."))
    return write_back(v, apply(_index_add, (snap(v), idx, cast(tensor_of(updates), v.dtype)), {"axis": ax, "alpha": 1}))


def _index_fill_fwd(x, idx, value, *, axis):
    key = (slice(None),) * axis + (idx,)
    return x.at[key].set(value.astype(x.dtype), mode="drop")


_index_fill = Op("IndexFill", _index_fill_fwd, "vjp")


def index_fill(x, axis, index, value) -> Tensor:
    """``ops.index_fill``: a copy of ``x`` with the slices at ``index`` along ``axis`` set to ``value``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.index_fill(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), 1, ms.Tensor([0], ms.int32), 0.0))
        [[0. 2.]
         [0. 4.]]
    """
    xt = tensor_of(x, "IndexFill")
    idx = _int_index("IndexFill", "index", index)
    if isinstance(axis, Tensor):
        axis = axis.item()
    ax = check_axis("IndexFill", axis, xt.ndim)
    if idx.ndim > 1:
        raise ValueError(f"For 'IndexFill', the 'index' must be a scalar or 1-D Tensor, but got rank {idx.ndim}.")
    v = value if isinstance(value, Tensor) else Tensor(value, xt.dtype)
    if v.ndim != 0:
        raise ValueError(f"For 'IndexFill', the 'value' must be a scalar, but got a Tensor of shape {list(v.shape)}.")
    n = xt.shape[ax] if xt.ndim else 1
    vals = concrete(idx)
    if vals is not None and vals.size and ((vals < -n) | (vals >= n)).any():
        bad = int(vals[(vals < -n) | (vals >= n)][0])
        raise RuntimeError(f"For 'IndexFill', the input of 'index' out of range (expected to be in range of "
                           f"[{-n}, {n - 1}], but got {bad})")
    return apply(_index_fill, (xt, idx.reshape(-1) % n if vals is not None else idx.reshape(-1),
                               cast(v, xt.dtype)), {"axis": ax})


def _inplace(name, x, v, indices, mode):
    xt = tensor_of(x, name)
    vt = tensor_of(v, name)
    idx = (indices,) if isinstance(indices, int) else indices
    if isinstance(idx, Tensor):
        idx = tuple(int(i) for i in np.asarray(idx._data).reshape(-1))
    idx = tuple(idx)
    for i in idx:
        if not 0 <= i < xt.shape[0]:
            raise ValueError(f"For primitive[{name}], the value of indices must be in [0,{xt.shape[0]}), but got {i}.")
    if vt.shape != (len(idx),) + xt.shape[1:] and not (len(idx) == 1 and vt.shape == xt.shape[1:]):
        raise ValueError(f"For '{name}', the shape of 'v' must be {[len(idx)] + list(xt.shape[1:])}, but got "
                         f"{list(vt.shape)}.")
    vt = vt.reshape((len(idx),) + xt.shape[1:])
    it = Tensor(np.asarray(idx, np.int32)[:, None])
    return apply(_nd_scatter, (xt, it, cast(vt, xt.dtype)), {"mode": mode})


def inplace_add(x, v, indices) -> Tensor:
    """``ops.inplace_add``: ``x`` with ``v`` added to the rows ``indices`` (a new Tensor).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.inplace_add(ms.Tensor([[1.0], [2.0]]), ms.Tensor([[5.0]]), (1,)))
        [[1.]
         [7.]]
    """
    return _inplace("InplaceAdd", x, v, indices, "add")


def inplace_sub(x, v, indices) -> Tensor:
    """``ops.inplace_sub``: ``x`` with ``v`` subtracted from the rows ``indices`` (a new Tensor).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.inplace_sub(ms.Tensor([[1.0], [2.0]]), ms.Tensor([[5.0]]), (1,)))
        [[ 1.]
         [-3.]]
    """
    return _inplace("InplaceSub", x, v, indices, "sub")


def inplace_update(x, v, indices) -> Tensor:
    """``ops.inplace_update``: ``x`` with the rows ``indices`` replaced by ``v`` (a new Tensor).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.inplace_update(ms.Tensor([[1.0], [2.0]]), ms.Tensor([[5.0]]), (1,)))
        [[1.]
         [5.]]
    """
    return _inplace("InplaceUpdateV2", x, v, indices, "update")


# ---- unsorted segment reductions ------------------------------------------------------------------
def _segment_fwd(x, ids, *, n, mode):
    k = ids.ndim
    init = {"sum": 0, "prod": 1}.get(mode)
    if init is None:
        info = jnp.finfo(x.dtype) if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype)
        init = info.min if mode == "max" else info.max
    flat_x = x.reshape((-1,) + x.shape[k:])
    out = jnp.full((n,) + x.shape[k:], init, x.dtype)
    ref = out.at[ids.reshape(-1)]
    if mode == "sum":
        return ref.add(flat_x, mode="drop")
    if mode == "prod":
        return ref.multiply(flat_x, mode="drop")
    return ref.max(flat_x, mode="drop") if mode == "max" else ref.min(flat_x, mode="drop")


def _seg_prod_grad_fwd(x, ids, dout, *, n):
    """d(segment product)/dx: the product of the other elements of the segment, zeros handled exactly
    (jax has no gradient for a scatter-multiply with repeated indices)."""
    k = ids.ndim
    fx = x.reshape((-1,) + x.shape[k:])
    fi = ids.reshape(-1)
    zero = fx == 0
    nz = jnp.zeros((n,) + x.shape[k:], jnp.int32).at[fi].add(zero.astype(jnp.int32), mode="drop")
    pnz = jnp.ones((n,) + x.shape[k:], x.dtype).at[fi].multiply(jnp.where(zero, 1, fx), mode="drop")
    take = lambda a: jnp.take(a, fi, axis=0, mode="fill", fill_value=0)  # noqa: E731
    cnt, prod_nz, d = take(nz), take(pnz), take(dout)
    g = jnp.where(zero, jnp.where(cnt == 1, prod_nz, 0), jnp.where(cnt == 0, prod_nz / jnp.where(zero, 1, fx), 0))
    return (g * d).reshape(x.shape)


_seg_prod_grad = Op("UnsortedSegmentProdGrad", _seg_prod_grad_fwd, "vjp")


def _segment_bprop(ctx, dout):
    attrs = ctx.attrs[1]
    if attrs["mode"] != "prod":
        return vjp_bprop(ctx, dout)
    x, ids = ctx.inputs
    return apply(_seg_prod_grad, (x, ids, dout), {"n": attrs["n"]}), None


_segment = Op("UnsortedSegment", _segment_fwd, _segment_bprop)


def segment_call(name, x, segment_ids, num_segments, mode, check=True) -> Tensor:
    xt = tensor_of(x, name)
    ids = _int_index(name, "segment_ids", segment_ids)
    if isinstance(num_segments, Tensor):
        num_segments = num_segments.item()
    if not isinstance(num_segments, (int, np.integer)) or isinstance(num_segments, bool) or num_segments <= 0:
        raise ValueError(f"For '{name}', the 'num_segments' must be a positive int, but got {num_segments!r}.")
    if ids.shape != xt.shape[:ids.ndim]:
        raise ValueError(f"For '{name}', the shape of 'segment_ids' must be a prefix of the shape of 'x', but got "
                         f"{list(ids.shape)} and {list(xt.shape)}.")
    vals = concrete(ids)
    if check and vals is not None and vals.size and ((vals < 0) | (vals >= num_segments)).any():
        raise RuntimeError(f"For '{name}', segment_ids value should be [0, {num_segments}).")
    return apply(_segment, (xt, ids), {"n": int(num_segments), "mode": mode})


def unsorted_segment_sum(input_x, segment_ids, num_segments) -> Tensor:
    """``ops.unsorted_segment_sum``: sums of the slices of ``input_x`` that share a segment id.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.unsorted_segment_sum(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([0, 1, 0]), 2))
        [4. 2.]
    """
    return segment_call("UnsortedSegmentSum", input_x, segment_ids, num_segments, "sum")


def unsorted_segment_max(x, segment_ids, num_segments) -> Tensor:
    """``ops.unsorted_segment_max``: maxima per segment (an empty segment holds the dtype's lowest value).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.unsorted_segment_max(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([0, 1, 0]), 2))
        [3. 2.]
    """
    return segment_call("UnsortedSegmentMax", x, segment_ids, num_segments, "max")


def unsorted_segment_min(x, segment_ids, num_segments) -> Tensor:
    """``ops.unsorted_segment_min``: minima per segment (an empty segment holds the dtype's largest value).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.unsorted_segment_min(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([0, 1, 0]), 2))
        [1. 2.]
    """
    return segment_call("UnsortedSegmentMin", x, segment_ids, num_segments, "min")


def unsorted_segment_prod(x, segment_ids, num_segments) -> Tensor:
    """``ops.unsorted_segment_prod``: products per segment (an empty segment holds 1).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.unsorted_segment_prod(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([0, 1, 0]), 2))
        [3. 2.]
    """
    return segment_call("UnsortedSegmentProd", x, segment_ids, num_segments, "prod")


from ._array_shape import *  # noqa: E402,F401,F403
from ._array_shape import __all__ as _shape_all  # noqa: E402
from ._array_sort import *  # noqa: E402,F401,F403
from ._array_sort import __all__ as _sort_all  # noqa: E402
from ._array_extra import *  # noqa: E402,F401,F403
from ._array_extra import __all__ as _extra_all  # noqa: E402

__all__ += _shape_all + _sort_all + _extra_all
