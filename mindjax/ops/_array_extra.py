"""More array ops: select/slice/diagonal scatters, index grids, ``take``, in-place writes (``put_``,
``zero_``), sparse segment means, ``padding``, ``view_as``/``type_as``."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of, check_axis, cast
from ._primitive import Op, apply
from . import array as A
from ._array_more import concrete, write_back, snap, _int_index, segment_call

__all__ = ["select_scatter", "slice_scatter", "diagonal_scatter", "tril_indices", "triu_indices", "take"]


# ---- select_scatter / slice_scatter / diagonal_scatter -----------------------------------------------
def select_scatter(input, src, axis, index) -> Tensor:
    """``ops.select_scatter``: ``input`` with the slice at ``index`` along ``axis`` replaced by ``src``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.select_scatter(ms.ops.zeros((2, 2)), ms.Tensor([1.0, 2.0]), 0, 1))
        [[0. 0.]
         [1. 2.]]
    """
    from .indexing import setitem
    x = tensor_of(input, "SelectScatter")
    ax = check_axis("SelectScatter", axis, x.ndim)
    n = x.shape[ax]
    if not -n <= index < n:
        raise ValueError(f"For 'select_scatter', the 'index' must be in [{-n}, {n}), but got {index}.")
    if tensor_of(src).dtype != x.dtype:
        raise TypeError("For primitive[TensorScatterElements], the input type must be same.")
    want = x.shape[:ax] + x.shape[ax + 1:]
    if tuple(src.shape) != want:
        raise ValueError(f"For 'select_scatter', the shape of 'src' must be {list(want)}, but got {list(src.shape)}.")
    return setitem(x, (slice(None),) * ax + (index % n,), cast(src, x.dtype))


def slice_scatter(input, src, axis=0, start=None, end=None, step=1) -> Tensor:
    """``ops.slice_scatter``: ``input`` with ``input[start:end:step]`` along ``axis`` replaced by ``src``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.slice_scatter(ms.ops.zeros((4,)), ms.Tensor([1.0, 2.0]), 0, 0, 4, 2))
        [1. 0. 2. 0.]
    """
    from .indexing import setitem
    for name, v in (("input", input), ("src", src)):
        if not isinstance(v, Tensor):
            raise TypeError(f"For slice_scatter, {name} must be a Tensor, but got {type(v)}.")
    x = tensor_of(input, "SliceScatter")
    ax = check_axis("SliceScatter", axis, x.ndim)
    sl = slice(start, end, step)
    n = len(range(*sl.indices(x.shape[ax])))
    want = x.shape[:ax] + (n,) + x.shape[ax + 1:]
    if tuple(src.shape) != want:
        raise ValueError(f"For 'slice_scatter', the shape of 'src' must be {list(want)}, but got "
                         f"{list(src.shape)}.")
    return setitem(x, (slice(None),) * ax + (sl,), cast(src, x.dtype))


def _diag_scatter_fwd(x, src, *, offset, d1, d2):
    n1, n2 = x.shape[d1], x.shape[d2]
    i = jnp.arange(src.shape[-1])
    r, c = (i, i + offset) if offset >= 0 else (i - offset, i)
    xm = jnp.moveaxis(x, (d1, d2), (-2, -1))
    xm = xm.at[..., r, c].set(src.astype(x.dtype))
    del n1, n2
    return jnp.moveaxis(xm, (-2, -1), (d1, d2))


_diag_scatter = Op("DiagonalScatter", _diag_scatter_fwd, "vjp")


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1) -> Tensor:
    """``ops.diagonal_scatter``: ``input`` with its ``offset`` diagonal over (dim1, dim2) replaced by ``src``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.diagonal_scatter(ms.ops.zeros((2, 2)), ms.Tensor([1.0, 2.0])))
        [[1. 0.]
         [0. 2.]]
    """
    x = tensor_of(input, "DiagonalScatter")
    d1, d2 = check_axis("DiagonalScatter", dim1, x.ndim), check_axis("DiagonalScatter", dim2, x.ndim)
    if d1 == d2:
        raise ValueError(f"For 'diagonal_scatter', 'dim1' and 'dim2' must be different, but got {dim1} and {dim2}.")
    n1, n2 = x.shape[d1], x.shape[d2]
    length = max(0, min(n1, n2 - offset) if offset >= 0 else min(n1 + offset, n2))
    rest = tuple(s for i, s in enumerate(x.shape) if i not in (d1, d2))
    if tuple(src.shape) != rest + (length,):
        raise ValueError(f"For 'diagonal_scatter', the shape of 'src' must be {list(rest + (length,))}, but got "
                         f"{list(src.shape)}.")
    return apply(_diag_scatter, (x, src), {"offset": int(offset), "d1": d1, "d2": d2})


def _tri_indices(name, row, col, offset, dtype, upper):
    for arg, v in (("row", row), ("col", col), ("offset", offset)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For '{name}', the '{arg}' must be an int, but got {type(v).__name__}.")
    dt = mstype.to_dtype(dtype)
    if dt not in (mstype.int32, mstype.int64):
        raise TypeError(f"For '{name}', the 'dtype' must be int32 or int64, but got {dt}.")
    fn = np.triu_indices if upper else np.tril_indices
    r, c = fn(row, offset, col) if row and col else (np.zeros(0, int), np.zeros(0, int))
    return Tensor(np.stack([r, c]).astype(dt.np))


def tril_indices(row: int, col: int, offset: int = 0, *, dtype=mstype.int64) -> Tensor:
    """``ops.tril_indices``: the (2, N) coordinates of the lower triangle of a ``row`` x ``col`` matrix.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.tril_indices(2, 2))
        [[0 1 1]
         [0 0 1]]
    """
    return _tri_indices("tril_indices", row, col, offset, dtype, False)


def triu_indices(row: int, col: int, offset: int = 0, *, dtype=mstype.int64) -> Tensor:
    """``ops.triu_indices``: the (2, N) coordinates of the upper triangle of a ``row`` x ``col`` matrix.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.triu_indices(2, 2))
        [[0 0 1]
         [0 1 1]]
    """
    return _tri_indices("triu_indices", row, col, offset, dtype, True)


def take(input, index) -> Tensor:
    """``ops.take``: the elements of the flattened ``input`` at ``index`` (shape of ``index``).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.take(ms.Tensor([[1, 2], [3, 4]]), ms.Tensor([0, 3])))
        [1 4]
    """
    from ._array_more import concrete
    x = tensor_of(input, "take")
    idx = tensor_of(index, "take")
    if idx.dtype.kind not in "iu":
        raise TypeError(f"For 'take', the 'index' must be an int Tensor, but got {idx.dtype}.")
    vals = concrete(idx)
    if vals is not None and vals.size and ((vals < -x.size) | (vals >= x.size)).any():
        raise IndexError(f"For 'take', the 'index' must be in [{-x.size}, {x.size}), but got {vals.tolist()}.")
    flat = A.reshape(x, (-1,))
    return A.reshape(A.gather(flat, A.reshape(idx, (-1,)) % max(x.size, 1), 0), idx.shape)


def put_(input, index, source, accumulate: bool = False) -> Tensor:
    """``ops.put_``: writes ``source`` into the flattened ``input`` at ``index`` (added with ``accumulate``),
    in place; returns ``input``.

    Examples:
        >>> import mindjax as ms
        >>> x = ms.ops.zeros((2, 2))
        >>> print(ms.ops.put_(x, ms.Tensor([1, 3]), ms.Tensor([5.0, 6.0])))
        [[0. 5.]
         [0. 6.]]
    """
    x = tensor_of(input, "put_")
    idx = _int_index("put_", "index", index)
    src = tensor_of(source, "put_")
    if src.size != idx.size:
        raise ValueError(f"For 'put_', the 'source' must have as many elements as 'index' ({idx.size}), but got "
                         f"{src.size}.")
    vals = concrete(idx)
    if vals is not None and vals.size and ((vals < -x.size) | (vals >= x.size)).any():
        raise IndexError(f"For 'put_', the 'index' must be in [{-x.size}, {x.size}), but got {vals.tolist()}.")
    from ._array_more import _nd_scatter
    flat = A.reshape(snap(x), (-1,))
    pos = A.reshape(idx, (-1, 1)) % max(x.size, 1)
    out = apply(_nd_scatter, (flat, pos, cast(A.reshape(src, (-1,)), x.dtype)),
                {"mode": "add" if accumulate else "update"})
    return write_back(x, A.reshape(out, x.shape))


def zero_(input) -> Tensor:
    """``ops.zero_``: fills ``input`` with zeros in place; returns it.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.zero_(ms.Tensor([1.0, 2.0])))
        [0. 0.]
    """
    x = tensor_of(input, "zero_")
    return write_back(x, A.zeros_like(x))


def sparse_segment_mean(x, indices, segment_ids) -> Tensor:
    """``ops.sparse_segment_mean``: row s of the output is the mean of the rows ``x[indices[i]]`` whose
    ``segment_ids[i]`` is s (sorted ids; an empty segment gives zeros).

    Examples:
        >>> import mindjax as ms
        >>> x = ms.Tensor([[0.0, 1.0], [2.0, 3.0]])
        >>> print(ms.ops.sparse_segment_mean(x, ms.Tensor([0, 1], ms.int32), ms.Tensor([0, 0], ms.int32)))
        [[1. 2.]]
    """
    name = "SparseSegmentMean"
    t = tensor_of(x, name)
    idx, ids = _int_index(name, "indices", indices), _int_index(name, "segment_ids", segment_ids)
    if t.dtype.kind != "f":
        raise TypeError(f"For '{name}', the 'x' must be a float Tensor, but got {t.dtype}.")
    if idx.ndim != 1 or ids.ndim != 1 or idx.shape != ids.shape:
        raise ValueError(f"For '{name}', the 'indices' and 'segment_ids' must be 1-D of the same length, but got "
                         f"{list(idx.shape)} and {list(ids.shape)}.")
    iv, sv = concrete(idx), concrete(ids)
    if iv is None or sv is None:
        from .._jit.errors import dynamic_shape_error
        raise dynamic_shape_error("sparse_segment_mean")
    if sv.size and ((np.diff(sv) < 0).any() or sv[0] < 0):
        raise ValueError(f"For '{name}', the 'segment_ids' must be sorted in ascending order, but got {sv.tolist()}.")
    if iv.size and ((iv < 0) | (iv >= t.shape[0])).any():
        raise ValueError(f"For '{name}', the 'indices' must be in [0, {t.shape[0]}), but got {iv.tolist()}.")
    n = int(sv[-1]) + 1 if sv.size else 0
    s = segment_call(name, A.gather(t, idx, 0), ids, max(n, 1), "sum")
    cnt = np.maximum(np.bincount(sv, minlength=n), 1).astype(t.dtype.np).reshape((n,) + (1,) * (t.ndim - 1))
    return s / Tensor(cnt)


def padding(x, pad_dim_size: int = 8) -> Tensor:
    """``ops.padding``: the last dimension (of size 1) of ``x`` extended to ``pad_dim_size`` with zeros.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.padding(ms.Tensor([[8.0], [10.0]]), 3))
        [[ 8.  0.  0.]
         [10.  0.  0.]]
    """
    t = tensor_of(x, "Padding")
    if not isinstance(pad_dim_size, int) or isinstance(pad_dim_size, bool) or pad_dim_size <= 0:
        raise ValueError(f"For 'Padding', the 'pad_dim_size' must be a positive int, but got {pad_dim_size!r}.")
    if t.ndim < 1 or t.shape[-1] != 1:
        raise ValueError(f"For 'Padding', the last dimension of 'x' must be 1, but got shape {list(t.shape)}.")
    return A.concat([t, A.zeros(t.shape[:-1] + (pad_dim_size - 1,), t.dtype)], -1)


def view_as(input, other) -> Tensor:
    """``ops.view_as``: ``input`` reshaped to the shape of ``other``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.view_as(ms.Tensor([1, 2, 3, 4]), ms.ops.zeros((2, 2))).shape)
        (2, 2)
    """
    return A.reshape(tensor_of(input, "view_as"), tuple(other.shape))


def type_as(input, other) -> Tensor:
    """``ops.type_as``: ``input`` cast to the dtype of ``other``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.type_as(ms.Tensor([1.5]), ms.Tensor([1], ms.int32)))
        [1]
    """
    return cast(tensor_of(input, "type_as"), other.dtype)


__all__ += ["put_", "zero_", "sparse_segment_mean", "padding", "view_as", "type_as"]


def logspace(start, end, steps: int, base: int = 10, *, dtype=mstype.float32) -> Tensor:
    """``ops.logspace``: ``steps`` values ``base ** t`` for ``t`` evenly spaced from ``start`` to ``end``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.logspace(ms.Tensor(0.0), ms.Tensor(2.0), 3))
        [  1.  10. 100.]
    """
    dt = mstype.to_dtype(dtype)
    if dt not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError(f"For 'LogSpace', the 'dtype' should be one of [mindspore.float16, mindspore.float32, "
                        f"mindspore.float64], but got 'mindspore.{dt}'.")
    if not isinstance(steps, int) or isinstance(steps, bool) or steps < 0:
        raise ValueError(f"For 'LogSpace', the 'steps' must be a non-negative int, but got {steps!r}.")
    if not isinstance(base, int) or isinstance(base, bool):
        raise TypeError(f"For 'LogSpace', the 'base' must be an int, but got {type(base).__name__}.")
    s, e = (tensor_of(v, "LogSpace") for v in (start, end))
    return apply(_logspace, (cast(s, mstype.float64), cast(e, mstype.float64)),
                 {"steps": steps, "base": base, "dtype": dt.np})


_logspace = Op("LogSpace", lambda s, e, *, steps, base, dtype: (
    jnp.power(float(base), jnp.linspace(s.reshape(()), e.reshape(()), steps))).astype(dtype), "vjp")


def embedding_lookup(params, indices, offset) -> Tensor:
    """The rows ``params[indices - offset]``, zeros where that row does not exist (``ops.EmbeddingLookup``)."""
    p = tensor_of(params, "EmbeddingLookup")
    idx = _int_index("EmbeddingLookup", "input_indices", indices)
    off = int(offset.item() if isinstance(offset, Tensor) else offset)
    return apply(_embedding, (p, idx), {"offset": off})


def _embedding_fwd(p, i, *, offset):
    j = i - offset
    ok = (j >= 0) & (j < p.shape[0])  # rows outside the table (negative ones too) read as zeros
    rows = jnp.take(p, jnp.clip(j, 0, p.shape[0] - 1), axis=0)
    return jnp.where(ok.reshape(ok.shape + (1,) * (p.ndim - 1)), rows, 0).astype(p.dtype)


_embedding = Op("EmbeddingLookup", _embedding_fwd, "vjp")


def compute_accidental_hits(true_classes, sampled_candidates, num_true: int):
    """(row indices int32, sampled positions int64, weights float32 = -FLT_MAX) of the sampled candidates that
    equal one of the row's true classes (``ops.ComputeAccidentalHits``, TensorFlow's op)."""
    t = _int_index("ComputeAccidentalHits", "true_classes", true_classes)
    s = _int_index("ComputeAccidentalHits", "sampled_candidates", sampled_candidates)
    if t.ndim != 2 or t.shape[1] != num_true or s.ndim != 1:
        raise ValueError(f"For 'ComputeAccidentalHits', the 'true_classes' must be (batch, num_true={num_true}) and "
                         f"'sampled_candidates' 1-D, but got {list(t.shape)} and {list(s.shape)}.")
    tv, sv = concrete(t), concrete(s)
    if tv is None or sv is None:
        from .._jit.errors import dynamic_shape_error
        raise dynamic_shape_error("ComputeAccidentalHits")
    rows, cols = np.nonzero((tv[:, :, None] == sv[None, None, :]).any(axis=1))
    w = np.full(rows.shape, np.finfo(np.float32).min, np.float32)
    return Tensor(rows.astype(np.int32)), Tensor(cols.astype(np.int64)), Tensor(w)


_FORMATS = ("NHWC", "NCHW", "HWNC", "HWCN")


def format_args(name, src, dst):
    for arg, v in (("src_format", src), ("dst_format", dst)):
        if v not in _FORMATS:
            raise ValueError(f"For '{name}', the '{arg}' must be one of {list(_FORMATS)}, but got {v!r}.")
    return src, dst


def data_format_dim_map(x, src_format="NHWC", dst_format="NCHW") -> Tensor:
    """For each dimension index of ``x`` (in [-4, 4)), the matching index as MindSpore's DataFormatDimMap
    gives it: ``src_format.index(dst_format[i % 4])``."""
    t = _int_index("DataFormatDimMap", "input_x", x)
    table = Tensor(np.asarray([src_format.index(c) for c in dst_format], t.dtype.np))
    return A.gather(table, t % 4, 0)


def data_format_vec_permute(x, src_format="NHWC", dst_format="NCHW") -> Tensor:
    """The entries (rows) of a length-4 (or 4 x 2) ``x`` reordered from ``src_format`` to ``dst_format``."""
    t = tensor_of(x, "DataFormatVecPermute")
    if t.dtype not in (mstype.int32, mstype.int64) or t.shape not in ((4,), (4, 2)):
        raise ValueError(f"For 'DataFormatVecPermute', the 'input_x' must be an int32/int64 Tensor of shape (4,) or "
                         f"(4, 2), but got {t.dtype} of shape {list(t.shape)}.")
    perm = Tensor(np.asarray([src_format.index(c) for c in dst_format], np.int32))
    return A.gather(t, perm, 0)


__all__ += ["logspace"]
