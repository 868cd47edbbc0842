"""Primitive classes of the gather/scatter, index, segment, sort/unique and shape ops of
``ops/_array_more.py`` (star-imported into ``array_ops``, whose module path they carry). Each calls the
functional op, so every op is defined once."""
from __future__ import annotations

import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from .. import _array_more as AM, _array_sort as AS
from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import simple, check_bool, check_int, check_str, set_attrs, type_error

_names = []


def _simple(name, fn, doc=None):
    _names.append(name)
    return simple(name, fn, doc, module="mindjax.ops.operations.array_ops")


# ---- scatters ----------------------------------------------------------------------------------
TensorScatterSub = _simple("TensorScatterSub", F.tensor_scatter_sub)
TensorScatterMul = _simple("TensorScatterMul", F.tensor_scatter_mul)
TensorScatterDiv = _simple("TensorScatterDiv", F.tensor_scatter_div)
TensorScatterMax = _simple("TensorScatterMax", F.tensor_scatter_max)
TensorScatterMin = _simple("TensorScatterMin", F.tensor_scatter_min)
ScatterNonAliasingAdd = _simple("ScatterNonAliasingAdd",
                                lambda x, i, u: AM.scatter_nd_update_ref("ScatterNonAliasingAdd", x, i, u),
                                "``ops.ScatterNonAliasingAdd()(input_x, indices, updates)``: nd scatter-add written "
                                "into the Parameter ``input_x``.")


class _UseLocking(Primitive):
    _fn = None
    _default = False

    def __init__(self, use_locking: bool = None):
        super().__init__(type(self).__name__)
        set_attrs(self, use_locking=check_bool(self.name, "use_locking",
                                               self._default if use_locking is None else use_locking))

    def __call__(self, input_x, indices, updates):
        return type(self)._fn(input_x, indices, updates)


def _locking_class(name, fn, default=False):
    _names.append(name)
    doc = (f"``ops.{name}(use_locking={default})(input_x, indices, updates)``: the Primitive form of "
           f"``ops.{fn.__name__}`` (writes the Parameter ``input_x``).")
    return type(name, (_UseLocking,), {"_fn": staticmethod(fn), "_default": default, "__doc__": doc,
                                       "__module__": "mindjax.ops.operations.array_ops", "__qualname__": name})


ScatterNdUpdate = _locking_class("ScatterNdUpdate", F.scatter_nd_update, True)
ScatterNdAdd = _locking_class("ScatterNdAdd", F.scatter_nd_add)
ScatterNdSub = _locking_class("ScatterNdSub", F.scatter_nd_sub)
ScatterNdMul = _locking_class("ScatterNdMul", F.scatter_nd_mul)
ScatterNdDiv = _locking_class("ScatterNdDiv", F.scatter_nd_div)
ScatterNdMax = _locking_class("ScatterNdMax", F.scatter_nd_max)
ScatterNdMin = _locking_class("ScatterNdMin", F.scatter_nd_min)
ScatterUpdate = _locking_class("ScatterUpdate", F.scatter_update, True)
ScatterAdd = _locking_class("ScatterAdd", F.scatter_add)
ScatterSub = _locking_class("ScatterSub", AM._scatter_sub)
ScatterMul = _locking_class("ScatterMul", F.scatter_mul)
ScatterDiv = _locking_class("ScatterDiv", F.scatter_div)
ScatterMax = _locking_class("ScatterMax", F.scatter_max)
ScatterMin = _locking_class("ScatterMin", F.scatter_min)


class TensorScatterElements(Primitive):
    """``ops.TensorScatterElements(axis=0, reduction='none')(data, indices, updates)``."""

    def __init__(self, axis: int = 0, reduction: str = "none"):
        super().__init__("TensorScatterElements")
        set_attrs(self, axis=check_int(self.name, "axis", axis),
                  reduction=check_str(self.name, "reduction", reduction, ("none", "add")))

    def __call__(self, data, indices, updates):
        return F.tensor_scatter_elements(data, indices, updates, self.axis, self.reduction)


class ScatterAddWithAxis(Primitive):
    """``ops.ScatterAddWithAxis(axis=0)(input_x, indices, updates)``: element scatter-add along ``axis``
    (a new Tensor: MindSpore 2.10 leaves the Parameter ``input_x`` unchanged)."""

    def __init__(self, axis: int = 0):
        super().__init__("ScatterAddWithAxis")
        set_attrs(self, axis=check_int(self.name, "axis", axis))

    def __call__(self, input_x, indices, updates):
        return AM._elements_call("ScatterAddWithAxis", input_x, self.axis, indices, updates, "add")


# ---- index ops -------------------------------------------------------------------------------
class IndexAdd(Primitive):
    """``ops.IndexAdd(axis, use_lock=True, check_index_bound=True)(input_x, indices, updates)``."""

    def __init__(self, axis: int, use_lock: bool = True, check_index_bound: bool = True):
        super().__init__("IndexAdd")
        set_attrs(self, axis=check_int(self.name, "axis", axis), use_lock=check_bool(self.name, "use_lock", use_lock),
                  check_index_bound=check_bool(self.name, "check_index_bound", check_index_bound))

    def __call__(self, input_x, indices, updates):
        return F.index_add(input_x, indices, updates, self.axis, self.use_lock, self.check_index_bound)


IndexFill = _simple("IndexFill", F.index_fill, "``ops.IndexFill()(x, dim, index, value)``: the Primitive form of "
                    "``ops.index_fill``.")


class InplaceIndexAdd(Primitive):
    """``ops.InplaceIndexAdd(axis)(var, indices, updates)``: ``ops.inplace_index_add``."""

    def __init__(self, axis: int):
        super().__init__("InplaceIndexAdd")
        set_attrs(self, axis=check_int(self.name, "axis", axis))

    def __call__(self, var, indices, updates):
        return F.inplace_index_add(var, indices, updates, self.axis)


class _InplaceIdx(Primitive):
    _fn = None

    def __init__(self, indices):
        name = type(self).__name__
        super().__init__(name)
        if isinstance(indices, int) and not isinstance(indices, bool):
            indices = (indices,)
        if not isinstance(indices, (tuple, list)) or not all(isinstance(i, int) for i in indices):
            raise type_error(name, "indices", "int or tuple of int", indices)
        set_attrs(self, indices=tuple(indices))

    def __call__(self, x, v):
        return type(self)._fn(x, v, self.indices)


class InplaceAdd(_InplaceIdx):
    """``ops.InplaceAdd(indices)(x, input_v)``: ``ops.inplace_add``."""
    _fn = staticmethod(F.inplace_add)


class InplaceSub(_InplaceIdx):
    """``ops.InplaceSub(indices)(x, input_v)``: ``ops.inplace_sub``."""
    _fn = staticmethod(F.inplace_sub)


class InplaceUpdate(_InplaceIdx):
    """``ops.InplaceUpdate(indices)(x, v)``: ``ops.inplace_update``."""
    _fn = staticmethod(lambda x, v, i: AM._inplace("InplaceUpdate", x, v, i, "update"))


InplaceUpdateV2 = _simple("InplaceUpdateV2", lambda x, indices, v: F.inplace_update(x, v, indices),
                          "``ops.InplaceUpdateV2()(x, indices, v)``: ``x`` with rows ``indices`` replaced by ``v``.")


class IndexPut(Primitive):
    """``ops.IndexPut(accumulate=0)(x1, x2, indices)``: ``x1[indices] = x2`` (``accumulate=1``: ``+=``);
    ``indices`` is a tuple of 1-D int Tensors, one per leading axis."""

    def __init__(self, accumulate: int = 0):
        super().__init__("IndexPut")
        if check_int(self.name, "accumulate", accumulate) not in (0, 1):
            raise ValueError(f"For 'IndexPut', the 'accumulate' must be 0 or 1, but got {accumulate}.")
        set_attrs(self, accumulate=accumulate)

    def __call__(self, x1, x2, indices):
        x = tensor_of(x1, "IndexPut")
        v = tensor_of(x2, "IndexPut")
        if v.dtype != x.dtype:
            raise TypeError(f"For 'IndexPut', the dtype of 'x2' must be the same as 'x1' ({x.dtype}), but got "
                            f"{v.dtype}.")
        idx = [AM._int_index("IndexPut", "indices", i) for i in indices]
        if not idx or len(idx) > x.ndim:
            raise ValueError(f"For 'IndexPut', the number of 'indices' must be in [1, {x.ndim}], but got {len(idx)}.")
        n = max(i.shape[0] if i.ndim else 1 for i in idx)
        for d, i in enumerate(idx):
            vals = AM.concrete(i)
            if vals is not None and vals.size and ((vals < -x.shape[d]) | (vals >= x.shape[d])).any():
                raise ValueError(f"For 'IndexPut', the indices of axis {d} must be in [{-x.shape[d]}, {x.shape[d]}), "
                                 f"but got {vals.tolist()}.")
        stacked = F.stack([F.broadcast_to(F.reshape(i, (-1,)), (n,)) % x.shape[d] for d, i in enumerate(idx)], 1)
        upd = F.broadcast_to(v, (n,) + x.shape[len(idx):])
        if self.accumulate:
            return F.tensor_scatter_add(x, stacked, upd)
        return F.tensor_scatter_update(x, stacked, upd)


def _masked_scatter(input, mask, source):
    x = tensor_of(input, "MaskedScatter")
    m = F.broadcast_to(tensor_of(mask, "MaskedScatter"), x.shape)
    src = tensor_of(source, "MaskedScatter")
    if m.dtype != mstype.bool_:
        raise TypeError(f"For 'MaskedScatter', the 'mask' must be a bool Tensor, but got {m.dtype}.")
    if src.dtype != x.dtype:
        raise TypeError(f"For 'MaskedScatter', the dtype of 'source' must be the same as 'input' ({x.dtype}), but got "
                        f"{src.dtype}.")
    vals = AM.concrete(m)
    if vals is not None and int(vals.sum()) > src.size:
        raise ValueError(f"For 'MaskedScatter', the 'source' must hold at least as many elements ({src.size}) as "
                         f"the True values of 'mask' ({int(vals.sum())}).")
    # the k-th True position takes source.flat[k]: an exclusive cumulative count picks it
    pos = F.cumsum(F.cast(F.reshape(m, (-1,)), mstype.int32), 0) - 1
    pos = F.clip(pos, 0, max(src.size - 1, 0))
    picked = F.reshape(F.gather(F.reshape(src, (-1,)), pos, 0), x.shape)
    return F.select(m, picked, x)


MaskedScatter = _simple("MaskedScatter", _masked_scatter, "``ops.MaskedScatter()(input, mask, source)``: ``input`` "
                        "with its True-masked positions filled, in order, from the elements of ``source``.")


# ---- segment ops ---------------------------------------------------------------------------
def _segment(name, mode):
    def fn(input_x, segment_ids):
        ids = AM._int_index(name, "segment_ids", segment_ids)
        vals = AM.concrete(ids)
        if vals is None:
            from ..._jit.errors import dynamic_shape_error
            raise dynamic_shape_error(name)
        if ids.ndim != 1:
            raise ValueError(f"For '{name}', the 'segment_ids' must be 1-D, but got rank {ids.ndim}.")
        if vals.size and ((np.diff(vals) < 0).any() or vals[0] < 0):
            raise ValueError("For 'SegmentOp', segment_ids must be a tensor with element values sorted in ascending "
                             "order.")
        n = int(vals[-1]) + 1 if vals.size else 0
        x = tensor_of(input_x, name)
        if mode == "mean":
            s = AM.segment_call(name, x, ids, n, "sum")
            cnt = np.bincount(vals, minlength=n).astype(np.float64)
            cnt = Tensor(np.maximum(cnt, 1).reshape((n,) + (1,) * (x.ndim - 1)).astype(x.dtype.np))
            return s / cnt
        out = AM.segment_call(name, x, ids, n, mode)
        if mode in ("max", "min"):  # MindSpore's sorted segment ops give 0 for an empty segment
            empty = Tensor((np.bincount(vals, minlength=n) == 0).reshape((n,) + (1,) * (x.ndim - 1)))
            out = F.select(F.broadcast_to(empty, out.shape), F.zeros_like(out), out)
        return out
    return _simple(name, fn, f"``ops.{name}()(input_x, segment_ids)``: per-segment {mode} over sorted "
                             "``segment_ids`` (one output row per id up to the largest).")


SegmentSum = _segment("SegmentSum", "sum")
SegmentMean = _segment("SegmentMean", "mean")
SegmentMax = _segment("SegmentMax", "max")
SegmentMin = _segment("SegmentMin", "min")
SegmentProd = _segment("SegmentProd", "prod")
UnsortedSegmentSum = _simple("UnsortedSegmentSum", F.unsorted_segment_sum)
UnsortedSegmentMax = _simple("UnsortedSegmentMax", F.unsorted_segment_max)
UnsortedSegmentMin = _simple("UnsortedSegmentMin", F.unsorted_segment_min)
UnsortedSegmentProd = _simple("UnsortedSegmentProd", F.unsorted_segment_prod)


# ---- sort / search / unique --------------------------------------------------------------------
def _unique_first(x):
    t = tensor_of(x, "Unique")
    if t.ndim != 1:
        raise ValueError(f"For 'Unique', the 'input_x' must be 1-D, but got rank {t.ndim}.")
    a = AS._values("Unique", t)
    _, first, inv = np.unique(a, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # MindSpore keeps the order of first appearance
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    idx_dt = np.int64 if t.dtype == mstype.int64 else np.int32
    return Tensor(a[np.sort(first)]), Tensor(rank[inv.reshape(-1)].astype(idx_dt))


Unique = _simple("Unique", _unique_first, "``ops.Unique()(input_x)``: the unique elements of a 1-D Tensor in order "
                 "of first appearance, and the index of each input element among them.")
UniqueWithPad = _simple("UniqueWithPad", F.unique_with_pad)


class UniqueConsecutive(Primitive):
    """``ops.UniqueConsecutive(return_inverse=False, return_counts=False, dim=None)(input)``."""

    def __init__(self, return_inverse: bool = False, return_counts: bool = False, dim=None):
        super().__init__("UniqueConsecutive")
        set_attrs(self, return_inverse=return_inverse, return_counts=return_counts, dim=dim)

    def __call__(self, input):
        return F.unique_consecutive(input, self.return_inverse, self.return_counts, self.dim)


class SearchSorted(Primitive):
    """``ops.SearchSorted(dtype=mstype.int64, right=False)(sorted_sequence, values, sorter=None)``."""

    def __init__(self, dtype=mstype.int64, right: bool = False):
        super().__init__("SearchSorted")
        if dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For 'SearchSorted', the 'dtype' must be int32 or int64, but got {dtype}.")
        set_attrs(self, dtype=dtype, right=check_bool(self.name, "right", right))

    def __call__(self, sorted_sequence, values, sorter=None):
        return F.searchsorted(sorted_sequence, values, out_int32=self.dtype == mstype.int32, right=self.right,
                              sorter=sorter)


class Bucketize(Primitive):
    """``ops.Bucketize(boundaries)(input)``: int32 bucket indices, boundaries[i-1] <= x < boundaries[i]."""

    def __init__(self, boundaries):
        super().__init__("Bucketize")
        if not isinstance(boundaries, (list, tuple)):
            raise type_error(self.name, "boundaries", "list", boundaries)
        set_attrs(self, boundaries=[float(b) for b in boundaries])

    def __call__(self, input):
        x = tensor_of(input, "Bucketize")
        b = Tensor(np.asarray(self.boundaries, np.float32))
        return AS.search("Bucketize", b, F.cast(x, mstype.float32), True, mstype.int32)


class LowerBound(Primitive):
    """``ops.LowerBound(out_type=mstype.int32)(sorted_x, values)``: per row, the first position not less
    than each value."""
    _right = False

    def __init__(self, out_type=mstype.int32):
        super().__init__(type(self).__name__)
        if out_type not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.name}', the 'out_type' must be int32 or int64, but got {out_type}.")
        set_attrs(self, out_type=out_type)

    def __call__(self, sorted_x, values):
        s, v = tensor_of(sorted_x, self.name), tensor_of(values, self.name)
        if s.ndim != 2 or v.ndim != 2 or s.shape[0] != v.shape[0]:
            raise ValueError(f"For '{self.name}', the 'sorted_x' and 'values' must be 2-D with the same first "
                             f"dimension, but got {list(s.shape)} and {list(v.shape)}.")
        return AS.search(self.name, s, v, self._right, self.out_type)


class UpperBound(LowerBound):
    """``ops.UpperBound(out_type=mstype.int32)(sorted_x, values)``: per row, the first position greater
    than each value."""
    _right = True


class NthElement(Primitive):
    """``ops.NthElement(reverse=False)(input, n)``: the n-th smallest (largest) value along the last axis."""

    def __init__(self, reverse: bool = False):
        super().__init__("NthElement")
        set_attrs(self, reverse=check_bool(self.name, "reverse", reverse))

    def __call__(self, input, n):
        return AS.nth_element(input, n, self.reverse)


class ListDiff(Primitive):
    """``ops.ListDiff(out_idx=mstype.int32)(x, y)``: (values of ``x`` not in ``y``, their positions)."""

    def __init__(self, out_idx=mstype.int32):
        super().__init__("ListDiff")
        if out_idx not in (mstype.int32, mstype.int64):
            raise TypeError(f"For 'ListDiff', the 'out_idx' must be int32 or int64, but got {out_idx}.")
        set_attrs(self, out_idx=out_idx)

    def __call__(self, x, y):
        return AS.list_diff(x, y, self.out_idx)


_names += ["TensorScatterElements", "ScatterAddWithAxis", "IndexAdd", "InplaceIndexAdd", "InplaceAdd", "InplaceSub",
           "InplaceUpdate", "IndexPut", "UniqueConsecutive", "SearchSorted", "Bucketize", "LowerBound",
           "UpperBound", "NthElement", "ListDiff"]

from ._array_shape_ops import *  # noqa: E402,F401,F403
from ._array_shape_ops import _names as _shape_names  # noqa: E402

for _n in _names:
    globals()[_n].__module__ = "mindjax.ops.operations.array_ops"
__all__ = _names + _shape_names
