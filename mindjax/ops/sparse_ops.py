"""Sparse ops: MindSpore's ``ops.coo_*`` / ``ops.csr_*`` functions and the kernels behind the
COOTensor / CSRTensor methods.

Every kernel is an ``Op`` on the index and value arrays with a fixed output shape, written
with plain index arithmetic (``segment_sum``, scatter-add, gather), so it runs the same in
PyNative and under jit and its gradient w.r.t. the values (and dense operands) comes from
``jax.vjp``. A few functions give a result whose number of entries depends on the index
*values* (``coo_add``, ``csr_add``, ``coalesce``, ``dense_to_sparse_*``): they find the
result's structure on the host and compute its values with the same differentiable kernels,
so they run in PyNative only (under jit they raise, as ``nonzero`` does).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ..common.sparse_tensor import COOTensor, CSRTensor, RowTensorInner, logger
from ._base import tensor_of
from ._primitive import Op, apply
from .array import stack, tensor_scatter_add  # noqa: F401  (tensor_scatter_add: used by COOTensor +/-)

__all__ = [
    "coalesce", "coo2csr", "csr2coo", "coo_add", "coo_concat", "csr_add", "csr_div", "csr_gather", "csr_mul",
    "csr_mv", "csr_reduce_sum", "csr_softmax", "csr_to_coo", "csr_to_dense", "dense_to_sparse_coo",
    "dense_to_sparse_csr", "coo_tensor_get_indices", "coo_tensor_get_values", "coo_tensor_get_dense_shape",
    "csr_tensor_get_indptr", "csr_tensor_get_indices", "csr_tensor_get_values", "csr_tensor_get_dense_shape",
    "row_tensor_get_indices", "row_tensor_get_values", "row_tensor_get_dense_shape", "make_coo_tensor",
    "make_csr_tensor", "make_row_tensor", "make_row_tensor_inner", "make_sparse_tensor",
]


# ---- kernels ---------------------------------------------------------------------------------------
def _rows_of(indptr, nnz):
    """The row of each stored value, from the row pointers."""
    return jnp.searchsorted(indptr, jnp.arange(nnz, dtype=indptr.dtype), side="right") - 1


def _scatter_dense(rows, cols, values, shape):
    return jnp.zeros(shape, values.dtype).at[rows, cols].add(values, mode="drop")


_gather_nd = Op("GatherNd", lambda x, idx: x[tuple(jnp.moveaxis(idx, -1, 0))], "vjp")
_take = Op("Gather", lambda x, idx: jnp.take(x, idx, axis=0), "vjp")
_seg_sum = Op("UnsortedSegmentSum",
              lambda x, seg, *, n: jnp.zeros((n,) + x.shape[1:], x.dtype).at[seg].add(x, mode="drop"), "vjp")
_coo_dense = Op("COOToDense", lambda idx, v, *, shape: _scatter_dense(idx[:, 0], idx[:, 1], v, shape), "vjp")
_csr2coo = Op("CSR2COO", lambda indptr, *, nnz: _rows_of(indptr, nnz).astype(indptr.dtype))
_coo2csr = Op("COO2CSR", lambda rows, *, height: jnp.concatenate(
    [jnp.zeros(1, rows.dtype), jnp.cumsum(jnp.bincount(rows, length=height)).astype(rows.dtype)]))
_row_order = Op("Sort", lambda rows: jnp.argsort(rows, stable=True).astype(jnp.int32))
_csr_dense = Op("CSRToDense", lambda indptr, cols, v, *, shape: _scatter_dense(
    _rows_of(indptr, cols.shape[0]), cols, v, shape), "vjp")


def _csr_mm_fwd(indptr, cols, v, dense):
    rows = _rows_of(indptr, cols.shape[0])
    return jax.ops.segment_sum(v[:, None] * dense[cols], rows, num_segments=indptr.shape[0] - 1)


_csr_mm = Op("CSRMM", _csr_mm_fwd, "vjp")
_csr_rowsum = Op("CSRReduceSum", lambda indptr, v: jax.ops.segment_sum(
    v, _rows_of(indptr, v.shape[0]), num_segments=indptr.shape[0] - 1)[:, None], "vjp")
_csr_gather = Op("CSRGather", lambda indptr, cols, dense: dense[_rows_of(indptr, cols.shape[0]), cols], "vjp")


def _csr_softmax_fwd(indptr, v):
    rows = _rows_of(indptr, v.shape[0])
    m = indptr.shape[0] - 1
    top = jax.ops.segment_max(v, rows, num_segments=m)[rows]
    e = jnp.exp(v - jax.lax.stop_gradient(top))
    return e / jax.ops.segment_sum(e, rows, num_segments=m)[rows]


_csr_softmax = Op("SparseMatrixSoftmax", _csr_softmax_fwd, "vjp")


def _eager_only(what: str, *tensors):
    if any(isinstance(t._data, jax.core.Tracer) for t in tensors):
        from .._jit.errors import dynamic_shape_error
        raise dynamic_shape_error(what)


def _promote(a: Tensor, b: Tensor):
    dt = mstype.promote(a.dtype, b.dtype)
    return (a if a.dtype == dt else a.astype(dt)), (b if b.dtype == dt else b.astype(dt))


def _idx(arr, dtype) -> Tensor:
    return Tensor(np.asarray(arr, dtype=dtype.np if isinstance(dtype, mstype.Type) else dtype))


# ---- COO -------------------------------------------------------------------------------------------
def gather_nd(x: Tensor, indices: Tensor) -> Tensor:
    """The elements (or slices) of ``x`` at ``indices`` (last axis: a coordinate)."""
    return apply(_gather_nd, (tensor_of(x, "GatherNd"), indices), {})


def coo_to_dense(x: COOTensor) -> Tensor:
    """``COOTensor.to_dense``: zeros with the values added at the indices."""
    return apply(_coo_dense, (x.indices, x.values), {"shape": x.shape})


def coo2csr(row_indices: Tensor, height: int) -> Tensor:
    """``ops.coo2csr``: the row pointers (length ``height + 1``) of sorted int32 row indices."""
    if not isinstance(row_indices, Tensor) or row_indices.dtype != mstype.int32:
        raise TypeError(f"The dtype of row_indices only support Int32 for now, but got "
                        f"{getattr(row_indices, 'dtype', type(row_indices).__name__)}.")
    return apply(_coo2csr, (row_indices,), {"height": int(height)})


def csr2coo(indptr: Tensor, nnz: int) -> Tensor:
    """``ops.csr2coo``: the row index of each of the ``nnz`` values, from int32 row pointers."""
    if not isinstance(indptr, Tensor) or indptr.dtype != mstype.int32:
        raise TypeError(f"The dtype of indptr only support Int32 for now, but got "
                        f"{getattr(indptr, 'dtype', type(indptr).__name__)}.")
    return apply(_csr2coo, (indptr,), {"nnz": int(nnz)})


def coo_to_csr(x: COOTensor) -> CSRTensor:
    """``COOTensor.to_csr``: rows sorted stably, then compressed (int32 indices only, as in MindSpore)."""
    rows, cols = x.indices[:, 0], x.indices[:, 1]
    if rows.dtype != mstype.int32:
        raise TypeError(f"The dtype of row_indices only support Int32 for now, but got {rows.dtype}.")
    order = apply(_row_order, (rows,), {})
    return CSRTensor(coo2csr(apply(_take, (rows, order), {}), x.shape[0]), apply(_take, (cols, order), {}),
                     apply(_take, (x.values, order), {}), x.shape)


def coalesce(x_indices: Tensor, x_values: Tensor, x_shape: Tensor):
    """``ops.coalesce``: merge duplicate indices (values added), sorted; indices are ``(ndim, N)``
    int64, values float. Returns ``(y_indices, y_values, y_shape)``. PyNative only."""
    if x_indices.dtype != mstype.int64:
        raise TypeError(f"For primitive[Coalesce], the input argument[x_indices] must be a type of "
                        f"{{Tensor[Int64]}}, but got Tensor[{x_indices.dtype}].")
    if x_values.dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError(f"For primitive[Coalesce], the input argument[x_values] must be a type of "
                        f"{{Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, but got Tensor[{x_values.dtype}].")
    _eager_only("coalesce", x_indices, x_values)
    idx = x_indices.asnumpy()
    uniq, inverse = np.unique(idx.T, axis=0, return_inverse=True)
    values = apply(_seg_sum, (x_values, _idx(inverse.reshape(-1), np.int64)), {"n": len(uniq)})
    return _idx(uniq.T, np.int64), values, x_shape


def coo_coalesce(x: COOTensor) -> COOTensor:
    """``COOTensor.coalesce``."""
    ind, val, _ = coalesce(x.indices.T, x.values, Tensor(x.shape, mstype.int64))
    return COOTensor(ind.T, val, x.shape)


def _merge(a: np.ndarray, b: np.ndarray, keep):
    """MindSpore's SparseAdd merge of two index lists: a two-pointer walk that adds equal
    coordinates (kept only where ``keep(i, j)``). Returns the output slot of every entry of
    a and b (len(out) for dropped ones) and the output indices."""
    na, nb = len(a), len(b)
    slot_a, slot_b, out = np.empty(na, np.int64), np.empty(nb, np.int64), []
    i = j = 0
    while i < na and j < nb:
        ta, tb = tuple(a[i]), tuple(b[j])
        if ta < tb:
            slot_a[i] = len(out)
            out.append(a[i])
            i += 1
        elif ta > tb:
            slot_b[j] = len(out)
            out.append(b[j])
            j += 1
        else:
            if keep(i, j):
                slot_a[i] = slot_b[j] = len(out)
                out.append(a[i])
            else:
                slot_a[i] = slot_b[j] = -1
            i += 1
            j += 1
    for k in range(i, na):
        slot_a[k] = len(out)
        out.append(a[k])
    for k in range(j, nb):
        slot_b[k] = len(out)
        out.append(b[k])
    n = len(out)
    slot_a[slot_a < 0] = n
    slot_b[slot_b < 0] = n
    return slot_a, slot_b, (np.stack(out) if out else np.zeros((0, a.shape[1]), a.dtype))


def coo_add(x1: COOTensor, x2: COOTensor, thresh: Tensor) -> COOTensor:
    """``ops.coo_add``: the sum of two COOTensors. Where both hold a coordinate the sum is kept
    only if ``|sum| >= thresh``; other entries are always kept (indices must be int64).
    PyNative only (the number of entries depends on the index values).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import Tensor, COOTensor, ops
        >>> a = COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([1., 2.]), (2, 2))
        >>> print(ops.coo_add(a, a, Tensor(0.)).values)
        [2. 4.]
    """
    i1, i2 = _promote(x1.indices, x2.indices)
    v1, v2 = _promote(x1.values, x2.values)
    if i1.dtype != mstype.int64:
        raise TypeError(f"For primitive[SparseAdd], the input argument[x1_indices] must be a type of "
                        f"{{Tensor[Int64]}}, but got Tensor[{i1.dtype}].")
    _eager_only("coo_add", i1, i2, v1, v2, thresh)
    a, b = i1.asnumpy(), i2.asnumpy()
    va, vb, t = v1.asnumpy(), v2.asnumpy(), thresh.asnumpy().astype(v1.asnumpy().dtype)
    sa, sb, out = _merge(a, b, lambda i, j: t <= np.abs(va[i] + vb[j]))
    n = len(out)
    values = apply(_seg_sum, (v1, _idx(sa, np.int64)), {"n": n}) + apply(_seg_sum, (v2, _idx(sb, np.int64)),
                                                                          {"n": n})
    return COOTensor(_idx(out, np.int64), values, x1.shape)


def coo_concat(sp_input, concat_dim: int = 0) -> COOTensor:
    """``ops.coo_concat``: COOTensors joined along ``concat_dim``, entries in row-major order."""
    if len(sp_input) < 2:
        raise ValueError("For coo_concat, not support COOTensor input number < 2.")
    parts = [(e.indices, e.values, e.shape) if isinstance(e, COOTensor) else tuple(e) for e in sp_input]
    dim = concat_dim % 2
    out_shape, offset, inds = list(parts[0][2]), 0, []
    for k, (ind, _, shp) in enumerate(parts):
        if k:
            out_shape[dim] += shp[dim]
        shift = np.zeros((1, 2), ind.dtype.np)
        shift[0, dim] = offset
        inds.append(ind.astype(mstype.int64) + Tensor(shift.astype(np.int64)))
        offset += shp[dim]
    from .array import concat
    ind = concat(inds, 0)
    order = apply(_row_order, (ind[:, 0] * out_shape[1] + ind[:, 1],), {})  # row-major, stable
    vals = concat([p[1] for p in parts], 0)
    return COOTensor(apply(_take, (ind, order), {}), apply(_take, (vals, order), {}), tuple(out_shape))


# ---- CSR -------------------------------------------------------------------------------------------
def csr_to_coo(tensor: CSRTensor) -> COOTensor:
    """``ops.csr_to_coo``: a 2-D CSRTensor as a COOTensor (indices in the dtype of ``indptr``)."""
    if not isinstance(tensor, CSRTensor):
        raise TypeError("For functional operator csr_to_coo, input argument must be a CSRTensor.")
    if tensor.ndim > 2:
        raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")
    rows = apply(_csr2coo, (tensor.indptr,), {"nnz": tensor.values.shape[0]})
    return COOTensor(stack((rows, tensor.indices.astype(rows.dtype)), 1), tensor.values, tensor.shape)


def csr_to_dense(csr_tensor: CSRTensor) -> Tensor:
    """``ops.csr_to_dense``: the dense form of a 2-D CSRTensor."""
    if not isinstance(csr_tensor, CSRTensor):
        raise TypeError("For functional operator csr_to_dense, input argument must be a CSRTensor.")
    if len(csr_tensor.shape) > 2:
        raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")
    return apply(_csr_dense, (csr_tensor.indptr, csr_tensor.indices, csr_tensor.values), {"shape": csr_tensor.shape})


def csr_mv(csr_tensor: CSRTensor, dense: Tensor) -> Tensor:
    """``ops.csr_mv``: ``csr_tensor @ dense`` for a ``(N, 1)`` dense Tensor; a dense ``(M, 1)`` result.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import Tensor, CSRTensor, ops
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor([2., 1.]), (2, 4))
        >>> print(ops.csr_mv(x, Tensor([[1.], [1.], [1.], [1.]])))
        [[2.]
         [1.]]
    """
    return _csr_matmul(csr_tensor, dense, "CSRMV")


def csr_mm_dense(a: CSRTensor, dense: Tensor) -> Tensor:
    """``CSRTensor.mm`` with a dense right operand: a dense ``(M, K)`` result."""
    return _csr_matmul(a, dense, "CSRMM")


def _csr_matmul(a: CSRTensor, dense: Tensor, name: str) -> Tensor:
    if dense.ndim != 2 or a.ndim != 2:
        raise ValueError(f"Currently, only support 2-D inputs! But csr tensor has {a.ndim} dimensions, and dense "
                         f"tensor has {dense.ndim} dimension(s). ")
    if dense.shape[0] != a.shape[1]:
        raise ValueError(f"The dense's shape[0] should be equal to csr tensor's shape[1], but dense's shape[0] is: "
                         f"{dense.shape[0]} and csr tensor's shape[1] is {a.shape[1]}")
    values, dense = _promote(a.values, dense)
    return apply(_csr_mm, (a.indptr, a.indices, values, dense), {})


def csr_reduce_sum(csr_tensor: CSRTensor, axis: int) -> Tensor:
    """``ops.csr_reduce_sum``: the sum over axis 1 (or -1) of a 2-D CSRTensor, shape ``(M, 1)``."""
    if axis not in (1, -1) or isinstance(axis, bool):
        raise ValueError(f"For CSRReduceSum, `axis` should be 1 or 1-dim. But got `axis`: {axis}and `1- dim`: "
                         f"{1 - csr_tensor.ndim}.")
    return apply(_csr_rowsum, (csr_tensor.indptr, csr_tensor.values), {})


def _csr_scalar(x: CSRTensor, y):
    """MindSpore's shortcut for a one-element operand: the result is the bare values Tensor."""
    if isinstance(y, (int, float, bool)):
        y = Tensor(y)
    if y.size == 1 and y.ndim <= 2:
        if y.ndim > x.ndim:
            raise ValueError("dense tensor cannot broadcast to the sparse tensor.")
        return y
    return None


def _csr_dense_values(x: CSRTensor, y: Tensor, name: str):
    try:
        np.broadcast_shapes(tuple(y.shape), x.shape)
    except ValueError:
        raise ValueError(f"For '{name}', the dense tensor of shape {list(y.shape)} can not broadcast to the "
                         f"CSRTensor's shape {list(x.shape)}.") from None
    values, y = _promote(x.values, y)
    from .array import broadcast_to
    return values, apply(_csr_gather, (x.indptr, x.indices, broadcast_to(y, x.shape)), {})


def csr_mul(x: CSRTensor, y: Tensor):
    """``ops.csr_mul``: ``x * y`` with a dense ``y`` broadcast to ``x``'s shape (a CSRTensor); a
    one-element ``y`` gives the multiplied values as a dense Tensor, as in MindSpore."""
    s = _csr_scalar(x, y)
    if s is not None:
        return (x.values * s).reshape(x.values.shape)
    values, other = _csr_dense_values(x, y, "CSRMul")
    return CSRTensor(x.indptr, x.indices, values * other, x.shape)


def csr_div(x: CSRTensor, y: Tensor):
    """``ops.csr_div``: ``x / y`` with a dense ``y`` broadcast to ``x``'s shape (a CSRTensor); a
    one-element ``y`` gives the divided values as a dense Tensor, as in MindSpore."""
    s = _csr_scalar(x, y)
    if s is not None:
        return (x.values / s).reshape(x.values.shape)
    values, other = _csr_dense_values(x, y, "CSRDiv")
    return CSRTensor(x.indptr, x.indices, values / other, x.shape)


def csr_gather(indptr: Tensor, indices: Tensor, dense: Tensor, dense_shape: tuple) -> Tensor:
    """``ops.csr_gather``: the elements of ``dense`` at the positions of a CSR structure."""
    return apply(_csr_gather, (indptr, indices, tensor_of(dense, "CSRGather")), {})


def csr_softmax(logits: CSRTensor, dtype) -> CSRTensor:
    """``ops.csr_softmax``: the softmax of each row over its stored values."""
    if not isinstance(logits, CSRTensor):
        raise TypeError("For functional operator sparse_matrix_softmax, logits must be type of CSRTensor.")
    values = apply(_csr_softmax, (logits.indptr, logits.values), {})
    return CSRTensor(logits.indptr, logits.indices, values, logits.shape)


def csr_add(a: CSRTensor, b: CSRTensor, alpha: Tensor, beta: Tensor) -> CSRTensor:
    """``ops.csr_add``: ``alpha * a + beta * b``; the result holds the union of both structures,
    columns sorted in each row. PyNative only (its size depends on the index values).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import Tensor, CSRTensor, ops
        >>> a = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32), Tensor([2., 1.]), (2, 4))
        >>> print(ops.csr_add(a, a, Tensor(1.), Tensor(1.)).values)
        [4. 2.]
    """
    if not isinstance(a, CSRTensor) or not isinstance(b, CSRTensor):
        raise TypeError("For functional operator csr_add, both inputs a and b must be type of CSRTensor.")
    if not isinstance(alpha, Tensor) or not isinstance(beta, Tensor):
        raise TypeError("For functional operator csr_add, both inputs alpha and beta must be Tensor.")
    va, vb = _promote(a.values, b.values)
    _eager_only("csr_add", a.indptr, a.indices, b.indptr, b.indices)
    n_cols = a.shape[1]
    keys = []
    for t in (a, b):
        ptr = t.indptr.asnumpy().astype(np.int64)
        rows = np.repeat(np.arange(len(ptr) - 1), np.diff(ptr))
        keys.append(rows * n_cols + t.indices.asnumpy().astype(np.int64))
    uniq, inverse = np.unique(np.concatenate(keys), return_inverse=True)
    inverse = inverse.reshape(-1)
    k = len(keys[0])
    n = len(uniq)
    values = (apply(_seg_sum, (va * alpha.astype(va.dtype), _idx(inverse[:k], np.int64)), {"n": n})
              + apply(_seg_sum, (vb * beta.astype(va.dtype), _idx(inverse[k:], np.int64)), {"n": n}))
    idx_dt = mstype.promote(a.indptr.dtype, b.indptr.dtype)
    indptr = np.concatenate([[0], np.cumsum(np.bincount(uniq // n_cols, minlength=a.shape[0]))])
    return CSRTensor(_idx(indptr, idx_dt), _idx(uniq % n_cols, mstype.promote(a.indices.dtype, b.indices.dtype)),
                     values, a.shape)


# ---- dense <-> sparse ------------------------------------------------------------------------------
def _nonzero_2d(tensor: Tensor, name: str, fmt: str):
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For functional operator {name}, input argument must be a Tensor.")
    if tensor.ndim > 2:
        raise ValueError(f"Currently only support 2-D Tensor when converting to {fmt}.")
    _eager_only(name, tensor)
    return np.stack(np.nonzero(tensor.asnumpy()), 1).astype(np.int32)


def dense_to_sparse_coo(tensor: Tensor) -> COOTensor:
    """``ops.dense_to_sparse_coo``: the non-zero entries of a 2-D Tensor (int32 indices). PyNative only."""
    idx = _idx(_nonzero_2d(tensor, "dense_to_sparse_coo", "COOTensor"), np.int32)
    return COOTensor(idx, gather_nd(tensor, idx), tensor.shape)


def dense_to_sparse_csr(tensor: Tensor) -> CSRTensor:
    """``ops.dense_to_sparse_csr``: the non-zero entries of a 2-D Tensor in CSR form. PyNative only."""
    nz = _nonzero_2d(tensor, "dense_to_sparse_csr", "CSRTensor")
    indptr = np.concatenate([[0], np.cumsum(np.bincount(nz[:, 0], minlength=tensor.shape[0]))])
    idx = _idx(nz, np.int32)
    return CSRTensor(_idx(indptr, np.int32), _idx(nz[:, 1], np.int32), gather_nd(tensor, idx), tensor.shape)


# ---- parts and constructors ------------------------------------------------------------------------
def coo_tensor_get_indices(x: COOTensor) -> Tensor:
    """The indices of a COOTensor."""
    return x.indices


def coo_tensor_get_values(x: COOTensor) -> Tensor:
    """The values of a COOTensor."""
    return x.values


def coo_tensor_get_dense_shape(x: COOTensor) -> tuple:
    """The dense shape of a COOTensor."""
    return x.shape


def csr_tensor_get_indptr(x: CSRTensor) -> Tensor:
    """The row pointers of a CSRTensor."""
    return x.indptr


def csr_tensor_get_indices(x: CSRTensor) -> Tensor:
    """The column indices of a CSRTensor."""
    return x.indices


def csr_tensor_get_values(x: CSRTensor) -> Tensor:
    """The values of a CSRTensor."""
    return x.values


def csr_tensor_get_dense_shape(x: CSRTensor) -> tuple:
    """The dense shape of a CSRTensor."""
    return x.shape


def row_tensor_get_indices(x: RowTensorInner) -> Tensor:
    """The row indices of a RowTensor."""
    return x.indices


def row_tensor_get_values(x: RowTensorInner) -> Tensor:
    """The values of a RowTensor."""
    return x.values


def row_tensor_get_dense_shape(x: RowTensorInner) -> tuple:
    """The dense shape of a RowTensor."""
    return x.dense_shape


def make_coo_tensor(indices: Tensor, values: Tensor, dense_shape: tuple) -> COOTensor:
    """A COOTensor from its parts (MindSpore's ``MakeCOOTensor``)."""
    return COOTensor(indices, values, tuple(dense_shape))


def make_csr_tensor(indptr: Tensor, indices: Tensor, values: Tensor, dense_shape: tuple) -> CSRTensor:
    """A CSRTensor from its parts (MindSpore's ``MakeCSRTensor``)."""
    return CSRTensor(indptr, indices, values, tuple(dense_shape))


def make_row_tensor_inner(indices: Tensor, values: Tensor, dense_shape: tuple) -> RowTensorInner:
    """A RowTensor from its parts, without the deprecation warning."""
    return RowTensorInner(indices, values, tuple(dense_shape))


def make_row_tensor(indices: Tensor, values: Tensor, dense_shape: tuple) -> RowTensorInner:
    """A RowTensor from its parts (deprecated in MindSpore)."""
    logger.warning("'RowTensor' is deprecated from version 2.0 and will be removed after version 2.9.0.")
    return make_row_tensor_inner(indices, values, dense_shape)


def make_sparse_tensor(indices: Tensor, values: Tensor, dense_shape: tuple) -> COOTensor:
    """A COOTensor from its parts (the deprecated SparseTensor name)."""
    logger.warning("'SparseTensor' is deprecated from version 1.7 and will be removed after version 2.9.0. "
                   "Please use 'COOTensor' instead.")
    return make_coo_tensor(indices, values, dense_shape)


# ---- element-wise functions of the values -----------------------------------------------------------
def _unary(fmt: str, fn_name: str):
    cls = COOTensor if fmt == "coo" else CSRTensor

    def op(x):
        if not isinstance(x, cls):
            raise TypeError(f"Expects {cls.__name__} for {fmt}_{fn_name}")
        from . import functional as F
        fn = getattr(F, fn_name) if fn_name != "inv" else _inv
        if fmt == "coo":
            return COOTensor(x.indices, fn(x.values), x.shape)
        return CSRTensor(x.indptr, x.indices, fn(x.values), x.shape)
    op.__name__ = op.__qualname__ = f"{fmt}_{fn_name}"
    op.__doc__ = (f"``ops.{fmt}_{fn_name}``: ``{fn_name}`` of the values of a {cls.__name__} (the structure "
                  f"is kept).")
    return op


def _inv(x: Tensor) -> Tensor:
    """MindSpore's ``Inv``: ``1 / x`` in the dtype of ``x`` (integers divide with truncation)."""
    from . import functional as F
    if x.dtype.kind in "iu":
        return F.div(F.ones_like(x), x, rounding_mode="trunc")
    return F.reciprocal(x)


_UNARY = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp", "expm1", "floor",
          "inv", "isfinite", "isinf", "isnan", "log", "log1p", "neg", "relu", "relu6", "round", "sigmoid", "sin",
          "sinh", "softsign", "sqrt", "square", "tan", "tanh")
for _fmt in ("coo", "csr"):
    for _name in _UNARY:
        globals()[f"{_fmt}_{_name}"] = _unary(_fmt, _name)
        __all__.append(f"{_fmt}_{_name}")
del _fmt, _name
__all__.sort()
