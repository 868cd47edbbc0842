"""Primitive classes of the shape ops (space/batch/depth rearrangements, diagonal parts, index grids,
ragged ranges); the arithmetic is the functional ops of ``ops/_array_shape.py`` or a composition of ops."""
from __future__ import annotations

import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from .. import _array_more as AM, _array_extra as EX
from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import simple, check_bool, check_int, set_attrs, type_error

_names = ["SpaceToBatch", "SpaceToBatchND", "BatchToSpace", "BatchToSpaceND", "SpaceToDepth", "DepthToSpace",
          "FillDiagonal", "ReverseSequence", "TrilIndices", "TriuIndices", "RaggedRange", "DynamicShape"]


def _simple(name, fn, doc=None):
    _names.append(name)
    return simple(name, fn, doc, module="mindjax.ops.operations.array_ops")


def _pairs(name, arg, v):
    if not isinstance(v, (tuple, list)) or not all(isinstance(p, (tuple, list)) and len(p) == 2 for p in v):
        raise TypeError(f"For '{name}', the '{arg}' must be a list of pairs of ints, but got {v!r}.")
    return [list(map(int, p)) for p in v]


class SpaceToBatchND(Primitive):
    """``ops.SpaceToBatchND(block_shape, paddings)(input_x)``: ``ops.space_to_batch_nd``."""
    _arg = "block_shape"

    def __init__(self, block_shape, paddings):
        super().__init__(type(self).__name__)
        if isinstance(block_shape, int) and not isinstance(block_shape, bool):
            block_shape = [block_shape] * len(paddings)
        if not isinstance(block_shape, (tuple, list)) or not all(isinstance(b, int) and b >= 1 for b in block_shape):
            raise ValueError(f"For '{self.name}', the '{self._arg}' must be positive ints, but got {block_shape!r}.")
        set_attrs(self, **{self._arg: list(block_shape)}, paddings=_pairs(self.name, "paddings", paddings))

    def __call__(self, input_x):
        return F.space_to_batch_nd(input_x, tuple(getattr(self, self._arg)), self.paddings)


class SpaceToBatch(SpaceToBatchND):
    """``ops.SpaceToBatch(block_size, paddings)(input_x)``: NCHW blocks of ``block_size`` x ``block_size``
    moved from H and W into the batch."""
    _arg = "block_size"

    def __init__(self, block_size, paddings):
        if not isinstance(block_size, int) or block_size < 2:
            raise ValueError(f"For 'SpaceToBatch', the 'block_size' must be an int >= 2, but got {block_size!r}.")
        super().__init__([block_size, block_size], paddings)
        self.add_prim_attr("block_size", block_size)

    def __call__(self, input_x):
        return F.space_to_batch_nd(input_x, (self.block_size,) * 2, self.paddings)


class BatchToSpaceND(Primitive):
    """``ops.BatchToSpaceND(block_shape, crops)(input_x)``: ``ops.batch_to_space_nd``."""
    _arg = "block_shape"

    def __init__(self, block_shape, crops):
        super().__init__(type(self).__name__)
        if isinstance(block_shape, int) and not isinstance(block_shape, bool):
            block_shape = [block_shape] * len(crops)
        if not isinstance(block_shape, (tuple, list)) or not all(isinstance(b, int) and b >= 1 for b in block_shape):
            raise ValueError(f"For '{self.name}', the '{self._arg}' must be positive ints, but got {block_shape!r}.")
        set_attrs(self, **{self._arg: list(block_shape)}, crops=_pairs(self.name, "crops", crops))

    def __call__(self, input_x):
        return F.batch_to_space_nd(input_x, tuple(getattr(self, self._arg)), self.crops)


class BatchToSpace(BatchToSpaceND):
    """``ops.BatchToSpace(block_size, crops)(input_x)``: the inverse of ``SpaceToBatch``."""
    _arg = "block_size"

    def __init__(self, block_size, crops):
        if not isinstance(block_size, int) or block_size < 2:
            raise ValueError(f"For 'BatchToSpace', the 'block_size' must be an int >= 2, but got {block_size!r}.")
        super().__init__([block_size, block_size], crops)
        self.add_prim_attr("block_size", block_size)

    def __call__(self, input_x):
        return F.batch_to_space_nd(input_x, (self.block_size,) * 2, self.crops)


BatchToSpaceNDV2 = _simple("BatchToSpaceNDV2", lambda x, block_shape, crops: F.batch_to_space_nd(
    x, tuple(int(b) for b in (block_shape.tolist() if isinstance(block_shape, Tensor) else block_shape)),
    crops.tolist() if isinstance(crops, Tensor) else crops),
    "``ops.BatchToSpaceNDV2()(input_x, block_shape, crops)``: ``batch_to_space_nd`` with Tensor arguments.")


class SpaceToDepth(Primitive):
    """``ops.SpaceToDepth(block_size)(x)``: NCHW blocks of H and W moved into the channels; the new channel
    of pixel (bh, bw) of channel c is (bh * block_size + bw) * C + c."""

    def __init__(self, block_size: int):
        super().__init__(type(self).__name__)
        if check_int(self.name, "block_size", block_size) < 2:
            raise ValueError(f"For '{self.name}', the 'block_size' must be greater than or equal to 2, but got "
                             f"{block_size}.")
        set_attrs(self, block_size=block_size, data_format="NCHW")

    def __call__(self, x):
        x = tensor_of(x, self.name)
        b = self.block_size
        if x.ndim != 4 or x.shape[2] % b or x.shape[3] % b:
            raise ValueError(f"For 'SpaceToDepth', the input must be 4-D with H and W divisible by 'block_size' {b}, "
                             f"but got shape {list(x.shape)}.")
        n, c, h, w = x.shape
        y = F.transpose(F.reshape(x, (n, c, h // b, b, w // b, b)), (0, 3, 5, 1, 2, 4))
        return F.reshape(y, (n, b * b * c, h // b, w // b))


class DepthToSpace(SpaceToDepth):
    """``ops.DepthToSpace(block_size)(x)``: the inverse of ``SpaceToDepth`` (NCHW)."""

    def __call__(self, x):
        x = tensor_of(x, self.name)
        b = self.block_size
        if x.ndim != 4 or x.shape[1] % (b * b):
            raise ValueError(f"For 'DepthToSpace', the input must be 4-D with channels divisible by block_size^2 = "
                             f"{b * b}, but got shape {list(x.shape)}.")
        n, c, h, w = x.shape
        y = F.transpose(F.reshape(x, (n, b, b, c // (b * b), h, w)), (0, 3, 4, 1, 5, 2))
        return F.reshape(y, (n, c // (b * b), h * b, w * b))


def _diag_part(x):
    t = tensor_of(x, "DiagPart")
    k = t.ndim // 2
    if t.ndim == 0 or t.ndim % 2 or t.shape[:k] != t.shape[k:]:
        raise ValueError(f"For 'DiagPart', the input must have rank 2k and shape (d1..dk, d1..dk), but got "
                         f"{list(t.shape)}.")
    p = int(np.prod(t.shape[:k]))
    return F.reshape(F.diagonal(F.reshape(t, (p, p))), t.shape[:k])


DiagPart = _simple("DiagPart", _diag_part, "``ops.DiagPart()(input_x)``: the diagonal ``x[i, i]`` of a rank-2k Tensor "
                   "of shape (d1..dk, d1..dk).")


class FillDiagonal(Primitive):
    """``ops.FillDiagonal(fill_value, wrap=False)(input_x)``: the main diagonal set to ``fill_value``
    (``wrap``: a tall matrix restarts the diagonal every cols + 1 rows), as ``numpy.fill_diagonal``."""

    def __init__(self, fill_value: float, wrap: bool = False):
        super().__init__("FillDiagonal")
        if not isinstance(fill_value, (int, float)) or isinstance(fill_value, bool):
            raise type_error(self.name, "fill_value", "float", fill_value)
        set_attrs(self, fill_value=float(fill_value), wrap=check_bool(self.name, "wrap", wrap))

    def __call__(self, input_x):
        x = tensor_of(input_x, self.name)
        if x.ndim < 2 or (x.ndim > 2 and len(set(x.shape)) != 1):
            raise ValueError(f"For 'FillDiagonal', the input must be 2-D, or have all dimensions equal, but got "
                             f"shape {list(x.shape)}.")
        mark = np.zeros(x.shape, bool)
        np.fill_diagonal(mark, True, wrap=self.wrap)
        return F.masked_fill(x, Tensor(mark), Tensor(self.fill_value, x.dtype))


Expand = _simple("Expand", F.expand, "``ops.Expand()(x, shape)``: ``x`` broadcast to ``shape`` (a Tensor).")


class ReverseSequence(Primitive):
    """``ops.ReverseSequence(seq_dim, batch_dim=0)(x, seq_lengths)``: ``ops.reverse_sequence``."""

    def __init__(self, seq_dim: int, batch_dim: int = 0):
        super().__init__("ReverseSequence")
        set_attrs(self, seq_dim=check_int(self.name, "seq_dim", seq_dim),
                  batch_dim=check_int(self.name, "batch_dim", batch_dim))

    def __call__(self, x, seq_lengths):
        return F.reverse_sequence(x, seq_lengths, self.seq_dim, self.batch_dim)


class TrilIndices(Primitive):
    """``ops.TrilIndices(row, col, offset=0, dtype=mstype.int32)()``: ``ops.tril_indices`` as a Primitive."""
    _fn = staticmethod(F.tril_indices)

    def __init__(self, row: int, col: int, offset: int = 0, dtype=mstype.int32):
        super().__init__(type(self).__name__)
        for arg, v in (("row", row), ("col", col), ("offset", offset)):
            check_int(self.name, arg, v)
        if row < 0 or col < 0:
            raise ValueError(f"For '{self.name}', the 'row' and 'col' must be non-negative, but got {row} and {col}.")
        set_attrs(self, row=row, col=col, offset=offset, dtype=dtype)

    def __call__(self):
        return type(self)._fn(self.row, self.col, self.offset, dtype=self.dtype)


class TriuIndices(TrilIndices):
    """``ops.TriuIndices(row, col, offset=0, dtype=mstype.int32)()``: ``ops.triu_indices`` as a Primitive."""
    _fn = staticmethod(F.triu_indices)


def _unravel_index(indices, dims):
    idx, d = tensor_of(indices, "UnravelIndex"), tensor_of(dims, "UnravelIndex")
    if idx.dtype.kind not in "iu" or d.dtype != idx.dtype:
        raise TypeError(f"For 'UnravelIndex', the 'indices' and 'dims' must be int32 or int64 Tensors of the same "
                        f"dtype, but got {idx.dtype} and {d.dtype}.")
    shape = tuple(int(v) for v in np.asarray(d._data).reshape(-1))
    if any(s <= 0 for s in shape):
        raise ValueError(f"For 'UnravelIndex', the 'dims' must be positive, but got {list(shape)}.")
    vals = AM.concrete(idx)
    total = int(np.prod(shape))
    if vals is not None and ((vals < 0) | (vals >= total)).any():
        raise ValueError(f"For 'UnravelIndex', the 'indices' must be in [0, {total}), but got {vals.tolist()}.")
    parts, rem = [], idx
    for s in reversed(shape):  # row-major: the last axis varies fastest
        parts.append(F.floor_mod(rem, s))
        rem = F.floor_div(rem, s)
    return F.stack(parts[::-1], 0)


UnravelIndex = _simple("UnravelIndex", _unravel_index, "``ops.UnravelIndex()(indices, dims)``: the coordinates "
                       "(one row per dimension of ``dims``) of flat ``indices``.")


class RaggedRange(Primitive):
    """``ops.RaggedRange(Tsplits)(starts, limits, deltas)``: the ranges [starts[i], limits[i]) by deltas[i]
    concatenated, with their row splits (dtype ``Tsplits``)."""

    def __init__(self, Tsplits):
        super().__init__("RaggedRange")
        if Tsplits not in (mstype.int32, mstype.int64):
            raise TypeError(f"For 'RaggedRange', the 'Tsplits' must be int32 or int64, but got {Tsplits}.")
        set_attrs(self, Tsplits=Tsplits)

    def __call__(self, starts, limits, deltas):
        ts = [tensor_of(v, self.name) for v in (starts, limits, deltas)]
        if len({t.dtype for t in ts}) != 1:
            raise TypeError(f"For 'RaggedRange', the 'starts', 'limits' and 'deltas' must have the same dtype, but "
                            f"got {[str(t.dtype) for t in ts]}.")
        arrs = np.broadcast_arrays(*[np.asarray(AM.concrete(t) if AM.concrete(t) is not None else
                                                _dyn(self.name)).reshape(-1) for t in ts])
        if (arrs[2] == 0).any():
            raise ValueError("For 'RaggedRange', the 'deltas' must not contain 0.")
        rows = [np.arange(s, l, d, dtype=ts[0].dtype.np) for s, l, d in zip(*arrs)]
        splits = np.concatenate([[0], np.cumsum([len(r) for r in rows])]).astype(self.Tsplits.np)
        dense = np.concatenate(rows) if rows else np.zeros(0, ts[0].dtype.np)
        return Tensor(splits), Tensor(dense.astype(ts[0].dtype.np))


def _dyn(name):
    from ..._jit.errors import dynamic_shape_error
    raise dynamic_shape_error(name)


def _parallel_concat(values):
    ts = [tensor_of(v, "ParallelConcat") for v in values]
    if not ts or any(t.ndim == 0 or t.shape[0] != 1 for t in ts):
        raise ValueError("For 'ParallelConcat', the inputs must be a non-empty list of Tensors with first "
                         "dimension 1.")
    if len({t.dtype for t in ts}) != 1:
        raise TypeError("For 'ParallelConcat', the inputs must have the same dtype.")
    return F.concat(ts, 0)


ParallelConcat = _simple("ParallelConcat", _parallel_concat, "``ops.ParallelConcat()(values)``: Tensors of first "
                         "dimension 1 joined along axis 0.")


def _identity_n(x):
    if not isinstance(x, (list, tuple)) or not all(isinstance(t, Tensor) for t in x):
        raise TypeError(f"For 'IdentityN', the input must be a list or tuple of Tensors, but got {type(x).__name__}.")
    return type(x)(F.identity(t) for t in x)


IdentityN = _simple("IdentityN", _identity_n, "``ops.IdentityN()(x)``: the list of Tensors ``x``, unchanged.")
TensorShape = _simple("TensorShape", lambda x: Tensor(np.asarray(tensor_of(x, "TensorShape").shape, np.int64)),
                      "``ops.TensorShape()(input_x)``: the shape of ``input_x`` as a 1-D int64 Tensor.")


class DynamicShape(Primitive):
    """``ops.DynamicShape(dtype=9)(input_x)``: the shape of ``input_x`` as a 1-D int64 Tensor."""

    def __init__(self, dtype=9):
        super().__init__("DynamicShape")
        set_attrs(self, dtype=dtype)

    def __call__(self, input_x):
        return Tensor(np.asarray(tensor_of(input_x, "DynamicShape").shape, np.int64))


class Padding(Primitive):
    """``ops.Padding(pad_dim_size=8)(x)``: ``ops.padding``."""

    def __init__(self, pad_dim_size: int = 8):
        super().__init__("Padding")
        if check_int(self.name, "pad_dim_size", pad_dim_size) <= 0:
            raise ValueError(f"For 'Padding', the 'pad_dim_size' must be positive, but got {pad_dim_size}.")
        set_attrs(self, pad_dim_size=pad_dim_size)

    def __call__(self, x):
        return F.padding(x, self.pad_dim_size)


def _fill_v2(shape, value):
    v = tensor_of(value, "FillV2")
    if v.ndim != 0:
        raise ValueError(f"For 'FillV2', the 'value' must be a 0-D Tensor, but got shape {list(v.shape)}.")
    dims = shape.tolist() if isinstance(shape, Tensor) else list(shape)
    if any(int(d) < 0 for d in dims):
        raise ValueError(f"For 'FillV2', the 'shape' must be non-negative, but got {dims}.")
    return F.broadcast_to(v, tuple(int(d) for d in dims))


FillV2 = _simple("FillV2", _fill_v2, "``ops.FillV2()(shape, value)``: a Tensor of ``shape`` filled with the 0-D "
                 "Tensor ``value`` (its dtype).")


def _scalar_cast(input_x, input_y):
    kinds = {mstype.int64: int, mstype.float64: float, mstype.bool_: bool}
    if input_y not in kinds:
        raise ValueError(f"For 'ScalarCast', the supported type is in the list: [mindspore.int64, mindspore.float64, "
                         f"mindspore.bool], but got {input_y}")
    v = input_x.item() if isinstance(input_x, Tensor) else input_x
    return kinds[input_y](v)


ScalarCast = _simple("ScalarCast", _scalar_cast, "``ops.ScalarCast()(input_x, input_y)``: the Python scalar "
                     "``input_x`` converted to int (int64), float (float64) or bool.")
_names.append("Padding")


class LogSpace(Primitive):
    """``ops.LogSpace(steps=10, base=10, dtype=mstype.float32)(start, end)``: ``ops.logspace``."""

    def __init__(self, steps: int = 10, base: int = 10, dtype=mstype.float32):
        super().__init__("LogSpace")
        set_attrs(self, steps=check_int(self.name, "steps", steps), base=check_int(self.name, "base", base),
                  dtype=dtype)

    def __call__(self, start, end):
        return F.logspace(start, end, self.steps, self.base, dtype=self.dtype)


EmbeddingLookup = _simple("EmbeddingLookup", lambda p, i, offset: EX.embedding_lookup(p, i, offset),
                          "``ops.EmbeddingLookup()(input_params, input_indices, offset)``: the rows "
                          "``input_params[input_indices - offset]``, zeros for rows that do not exist.")
SparseGatherV2 = _simple("SparseGatherV2", lambda p, i, axis: F.gather(p, i, axis),
                         "``ops.SparseGatherV2()(input_params, input_indices, axis)``: ``ops.gather``.")


class ComputeAccidentalHits(Primitive):
    """``ops.ComputeAccidentalHits(num_true=1)(true_classes, sampled_candidates)``: (indices, ids, weights)
    of the sampled candidates that hit a true class of their row."""

    def __init__(self, num_true: int = 1):
        super().__init__("ComputeAccidentalHits")
        set_attrs(self, num_true=check_int(self.name, "num_true", num_true))

    def __call__(self, true_classes, sampled_candidates):
        return EX.compute_accidental_hits(true_classes, sampled_candidates, self.num_true)


class DataFormatDimMap(Primitive):
    """``ops.DataFormatDimMap(src_format='NHWC', dst_format='NCHW')(input_x)``: dimension indices mapped
    between the formats."""
    _fn = staticmethod(EX.data_format_dim_map)

    def __init__(self, src_format: str = "NHWC", dst_format: str = "NCHW"):
        super().__init__(type(self).__name__)
        src, dst = EX.format_args(self.name, src_format, dst_format)
        set_attrs(self, src_format=src, dst_format=dst)

    def __call__(self, input_x):
        return type(self)._fn(input_x, self.src_format, self.dst_format)


class DataFormatVecPermute(DataFormatDimMap):
    """``ops.DataFormatVecPermute(src_format='NHWC', dst_format='NCHW')(input_x)``: a shape vector permuted
    between the formats."""
    _fn = staticmethod(EX.data_format_vec_permute)


_names += ["LogSpace", "ComputeAccidentalHits", "DataFormatDimMap", "DataFormatVecPermute"]


for _n in _names:
    globals()[_n].__module__ = "mindjax.ops.operations.array_ops"
__all__ = list(_names)
