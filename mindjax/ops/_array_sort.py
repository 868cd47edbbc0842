"""Sort, search and unique ops beyond ops/array.py: searchsorted, bucketize, msort, argwhere,
unique_consecutive, unique_with_pad, and the helpers of their Primitive classes.

The unique family has value-dependent output shapes: it runs on concrete values (PyNative) and raises
MindSpore-style dynamic-shape errors under ``jit``, as ``nonzero`` does.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply
from . import array as A

__all__ = ["searchsorted", "bucketize", "msort", "argwhere", "unique_consecutive", "unique_with_pad"]


def _values(name, t: Tensor) -> np.ndarray:
    from .._jit.dynamic_break import concrete
    return concrete(name, t)  # under jit: a graph break (the output shape depends on the values)


def _search_fwd(seq, v, *, right, dtype):
    side = "right" if right else "left"
    if seq.ndim == 1:
        return jnp.searchsorted(seq, v, side=side).astype(dtype)
    lead = seq.shape[:-1]
    s2, v2 = seq.reshape((-1, seq.shape[-1])), v.reshape((-1, v.shape[-1]))
    out = jax.vmap(lambda a, b: jnp.searchsorted(a, b, side=side))(s2, v2)
    return out.reshape(lead + (v.shape[-1],)).astype(dtype)


_search = Op("SearchSorted", _search_fwd, None)


def search(name, seq, values, right: bool, dtype) -> Tensor:
    """Insertion points of ``values`` in the last axis of ``seq`` (1-D seq: for all of ``values``)."""
    s = tensor_of(seq, name)
    v = tensor_of(values, name, s.dtype if not isinstance(values, Tensor) else None)
    if s.ndim > 1 and (v.ndim != s.ndim or v.shape[:-1] != s.shape[:-1]):
        raise ValueError(f"For '{name}', the leading dimensions of 'sorted_sequence' and 'values' must be equal, "
                         f"but got {list(s.shape)} and {list(v.shape)}.")
    return apply(_search, (s, v), {"right": bool(right), "dtype": mstype.to_dtype(dtype).np})


def searchsorted(sorted_sequence, values, *, out_int32: bool = False, right: bool = False, side=None,
                 sorter=None) -> Tensor:
    """``ops.searchsorted``: the indices at which ``values`` would be inserted to keep the last axis of
    ``sorted_sequence`` sorted (``right``/``side='right'``: after equal elements).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.searchsorted(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([2.5, 2.0])))
        [2 1]
    """
    if side is not None:
        if side not in ("left", "right"):
            raise ValueError(f"For 'searchsorted', the 'side' must be 'left' or 'right', but got {side!r}.")
        if right and side == "left":
            raise ValueError("For 'searchsorted', the 'side' and 'right' arguments conflict: side='left' and "
                             "right=True.")
        right = side == "right"
    seq = tensor_of(sorted_sequence, "searchsorted")
    if sorter is not None:
        seq = A.gather_elements(seq, -1, tensor_of(sorter))
    return search("SearchSorted", seq, values, right, mstype.int32 if out_int32 else mstype.int64)


def bucketize(input, boundaries, *, right: bool = False) -> Tensor:
    """``ops.bucketize``: the bucket of each element of ``input`` among the sorted ``boundaries`` (a list),
    int32 (``right=True``: boundaries[i-1] <= x < boundaries[i]).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.bucketize(ms.Tensor([1.0, 2.0, 3.0]), [2.0]))
        [0 0 1]
    """
    x = tensor_of(input, "Bucketize")
    if not isinstance(boundaries, (list, tuple)):
        raise TypeError(f"For 'Bucketize', the 'boundaries' must be a list of floats, but got "
                        f"{type(boundaries).__name__}.")
    b = Tensor(np.asarray(boundaries, np.float64).astype(x.dtype.np if x.dtype.kind == "f" else np.float32))
    return search("Bucketize", b, A.cast(x, b.dtype), right, mstype.int32)


def msort(input) -> Tensor:
    """``ops.msort``: ``input`` sorted ascending along axis 0.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.msort(ms.Tensor([[3.0, 1.0], [1.0, 2.0]])))
        [[1. 1.]
         [3. 2.]]
    """
    x = tensor_of(input, "msort")
    return A.sort(x, 0)[0]


def argwhere(input) -> Tensor:
    """``ops.argwhere``: the (N, rank) int64 coordinates of the non-zero elements of ``input``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.argwhere(ms.Tensor([[0.0, 1.0], [1.0, 2.0]])))
        [[0 1]
         [1 0]
         [1 1]]
    """
    return A.nonzero(tensor_of(input, "argwhere"))


def unique_consecutive(input, return_inverse: bool = False, return_counts: bool = False, dim=None):
    """``ops.unique_consecutive``: ``input`` with runs of equal consecutive elements (slices along ``dim``)
    collapsed; with the inverse indices and the run lengths (int64) when asked.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.unique_consecutive(ms.Tensor([1, 1, 2, 1])))
        [1 2 1]
    """
    x = tensor_of(input, "UniqueConsecutive")
    a = _values("unique_consecutive", x)
    if dim is None:
        flat = a.reshape(-1)
        start = np.ones(flat.shape[0], bool)
        start[1:] = flat[1:] != flat[:-1]
        out = flat[start]
        inv_shape = a.shape
    else:
        if not -a.ndim <= dim < a.ndim:
            raise ValueError(f"For 'UniqueConsecutive', the 'dim' must be in [{-a.ndim}, {a.ndim}), but got {dim}.")
        moved = np.moveaxis(a, dim, 0)
        start = np.ones(moved.shape[0], bool)
        if moved.shape[0] > 1:
            start[1:] = (moved[1:] != moved[:-1]).reshape(moved.shape[0] - 1, -1).any(axis=1)
        out = np.moveaxis(moved[start], 0, dim)
        inv_shape = (a.shape[dim],)
    inv = (np.cumsum(start) - 1).astype(np.int64).reshape(inv_shape)
    counts = np.diff(np.append(np.nonzero(start)[0], start.shape[0])).astype(np.int64)
    res = (Tensor(np.ascontiguousarray(out)),)
    if return_inverse:
        res += (Tensor(inv),)
    if return_counts:
        res += (Tensor(counts),)
    return res[0] if len(res) == 1 else res


def unique_with_pad(x, pad_num):
    """``ops.unique_with_pad``: the unique elements of a 1-D ``x`` in order of first appearance, padded with
    ``pad_num`` to the length of ``x``, and the index of each element of ``x`` in them.

    Examples:
        >>> import mindjax as ms
        >>> y, idx = ms.ops.unique_with_pad(ms.Tensor([1, 1, 3], ms.int32), 0)
        >>> print(y, idx)
        [1 3 0] [0 0 1]
    """
    t = tensor_of(x, "UniqueWithPad")
    if t.dtype not in (mstype.int32, mstype.int64, mstype.float32):
        raise TypeError(f"For 'UniqueWithPad', the 'x' must be int32, int64 or float32, but got {t.dtype}.")
    if t.ndim != 1:
        raise ValueError(f"For 'UniqueWithPad', the 'x' must be 1-D, but got rank {t.ndim}.")
    a = _values("unique_with_pad", t)
    _, first, inv = np.unique(a, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # values in order of first appearance
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    y = np.full(a.shape, pad_num, a.dtype)
    y[:order.size] = a[np.sort(first)]
    idx_dt = np.int64 if t.dtype == mstype.int64 else np.int32
    return Tensor(y), Tensor(rank[inv.reshape(-1)].astype(idx_dt))


def list_diff(x, y, out_idx=mstype.int32):
    """The values of 1-D ``x`` not in ``y`` (in order) and their positions in ``x`` (``ops.ListDiff``)."""
    xt, yt = tensor_of(x, "ListDiff"), tensor_of(y, "ListDiff")
    if xt.ndim != 1 or yt.ndim != 1:
        raise ValueError(f"For 'ListDiff', the 'x' and 'y' must be 1-D, but got ranks {xt.ndim} and {yt.ndim}.")
    if xt.dtype != yt.dtype:
        raise TypeError(f"For 'ListDiff', the 'x' and 'y' must have the same dtype, but got {xt.dtype} and "
                        f"{yt.dtype}.")
    a, b = _values("ListDiff", xt), _values("ListDiff", yt)
    keep = ~np.isin(a, b)
    return Tensor(a[keep]), Tensor(np.nonzero(keep)[0].astype(mstype.to_dtype(out_idx).np))


def nth_element(x, n, reverse: bool = False) -> Tensor:
    """The ``n``-th smallest (``reverse``: largest) value along the last axis (``ops.NthElement``)."""
    t = tensor_of(x, "NthElement")
    if isinstance(n, Tensor):
        n = n.item()
    if t.ndim < 1:
        raise ValueError("For 'NthElement', the rank of 'input' must be at least 1, but got 0.")
    if not 0 <= n < t.shape[-1]:
        raise ValueError(f"For 'NthElement', the 'n' must be in [0, {t.shape[-1]}), but got {n}.")
    s = A.sort(t, -1, bool(reverse))[0]
    return A.getitem(s, (Ellipsis, int(n)))
