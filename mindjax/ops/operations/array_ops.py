"""``mindspore.ops.operations.array_ops``: shape, creation, gathering, scattering,
sorting and index ops as Primitive classes over the functional ops."""
from __future__ import annotations

import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from .math_ops import CumSum, CumProd  # noqa: F401  (MindSpore's array_ops re-exports them)
from ._utils import (simple, check_call_attrs, check_bool, check_int, check_int_or_tuple, set_attrs, _is_int,
                     type_error)

Reshape = simple("Reshape", F.reshape)
Transpose = simple("Transpose", F.transpose)
ExpandDims = simple("ExpandDims", F.expand_dims)
Tile = simple("Tile", F.tile)
Shape = simple("Shape", lambda x: x.shape, "``ops.Shape()(x)``: the shape of ``x`` as a tuple of ints.")
Size = simple("Size", lambda x: x.size, "``ops.Size()(x)``: the number of elements of ``x``.")
Rank = simple("Rank", F.rank, "``ops.Rank()(x)``: the number of dimensions of ``x``.")
DType = simple("DType", lambda x: x.dtype, "``ops.DType()(x)``: the dtype of ``x``.")
ZerosLike = simple("ZerosLike", F.zeros_like)
OnesLike = simple("OnesLike", F.ones_like)
Fill = simple("Fill", F.fill, "``ops.Fill()(dtype, shape, value)``: a Tensor of ``shape`` filled with ``value``.")
Fills = simple("Fills", F.fills)
Zeros = simple("Zeros", lambda size, dtype=None: F.zeros(size, dtype), "``ops.Zeros()(size, dtype=None)``.")
Ones = simple("Ones", lambda shape, dtype=None: F.ones(shape, dtype), "``ops.Ones()(shape, dtype=None)``.")
Cast = simple("Cast", F.cast)
Identity = simple("Identity", F.identity)
GatherD = simple("GatherD", F.gather_elements)
Select = simple("Select", F.select)
Slice = simple("Slice", F.slice)
ScatterNd = simple("ScatterNd", F.scatter_nd)
TensorScatterUpdate = simple("TensorScatterUpdate", F.tensor_scatter_update)
TensorScatterAdd = simple("TensorScatterAdd", F.tensor_scatter_add)
MaskedFill = simple("MaskedFill", F.masked_fill)
MaskedSelect = simple("MaskedSelect", F.masked_select)
NonZero = simple("NonZero", lambda x: F.nonzero(x), "``ops.NonZero()(x)``: the indices of the non-zero elements, "
                 "shape (N, rank).")
Eye = simple("Eye", lambda n, m, t: F.eye(n, m, t), "``ops.Eye()(n, m, dtype)``: an n x m identity matrix.")


def _gather_nd(input_x, indices):
    idx = tensor_of(indices, "GatherNd")
    if idx.dtype.kind not in "iu":
        raise TypeError(f"For 'GatherNd', the 'indices' must be an int Tensor, but got {idx.dtype}.")
    k = idx.shape[-1]
    if k > input_x.ndim:
        raise ValueError(f"For 'GatherNd', the last dimension of 'indices' must be at most the rank of 'input_x' "
                         f"({input_x.ndim}), but got {k}.")
    return F.getitem(input_x, tuple(idx[..., i] for i in range(k)))


GatherNd = simple("GatherNd", _gather_nd, "``ops.GatherNd()(input_x, indices)``: the slices of ``input_x`` at the "
                  "index tuples in the last axis of ``indices``.")


def _diag(x):
    x = tensor_of(x, "Diag")
    if x.ndim == 0:
        raise ValueError("For 'Diag', the rank of 'input_x' must be at least 1, but got 0.")
    d = F.diag(F.reshape(x, (-1,)))
    return F.reshape(d, x.shape + x.shape)


Diag = simple("Diag", _diag, "``ops.Diag()(x)``: the rank-2k Tensor with ``x`` on its diagonal.")


def _invert_permutation(x):
    perm = list(x)
    if sorted(perm) != list(range(len(perm))):
        raise ValueError(f"For 'InvertPermutation', the input must be a permutation of 0..{len(perm) - 1}, but got "
                         f"{tuple(perm)}.")
    return tuple(int(i) for i in np.argsort(perm))


InvertPermutation = simple("InvertPermutation", _invert_permutation, "``ops.InvertPermutation()(perm)``: the "
                           "inverse permutation of a tuple of ints.")


def _tuple_to_array(x):
    if not isinstance(x, (tuple, list)) or not x:
        raise TypeError(f"For 'TupleToArray', the 'input_x' must be a non-empty tuple, but got {type(x).__name__}.")
    if all(isinstance(v, int) and not isinstance(v, bool) for v in x):
        return Tensor(np.asarray(x, np.int32))
    return Tensor(np.asarray(x, np.float32))


TupleToArray = simple("TupleToArray", _tuple_to_array, "``ops.TupleToArray()(tuple)``: a 1-D Tensor of the "
                      "numbers (int32 for ints, float32 otherwise).")


class ScalarToTensor(Primitive):
    """``ops.ScalarToTensor()(x, dtype=mstype.float32)``: a 0-D Tensor holding the number ``x``."""

    def __init__(self):
        super().__init__("ScalarToTensor")

    def __call__(self, x, dtype=mstype.float32):
        if not isinstance(x, (int, float, bool)):
            raise TypeError(f"For 'ScalarToTensor', the 'x' must be a number, but got {type(x).__name__}.")
        return Tensor(x, dtype)


class BroadcastTo(Primitive):
    """``ops.BroadcastTo(shape)(input)``: ``input`` broadcast to ``shape`` (-1 keeps a dimension)."""

    def __init__(self, shape):
        super().__init__("BroadcastTo")
        set_attrs(self, shape=tuple(shape) if isinstance(shape, list) else shape)

    def __call__(self, input):
        return F.broadcast_to(input, self.shape)


class Gather(Primitive):
    """``ops.Gather(batch_dims=0)(input_params, input_indices, axis)``: slices along ``axis``."""

    def __init__(self, batch_dims: int = 0):
        super().__init__(type(self).__name__)
        set_attrs(self, batch_dims=batch_dims)

    def __call__(self, input_params, input_indices, axis):
        check_call_attrs(self, batch_dims="int")
        if self.batch_dims != 0:  # batched gathers are not part of mindjax's Gather op yet
            raise ValueError(f"For '{self.name}', only 'batch_dims' 0 is supported, but got {self.batch_dims}.")
        return F.gather(input_params, input_indices, axis)


class Argmax(Primitive):
    """``ops.Argmax(axis=-1, output_type=mstype.int32)(input_x)``: indices of the maxima along ``axis``."""
    _fn = staticmethod(F.argmax)

    def __init__(self, axis: int = -1, output_type=mstype.int32):
        super().__init__(type(self).__name__)
        set_attrs(self, axis=axis, output_type=output_type)

    def __call__(self, x):
        check_call_attrs(self, axis="int")
        if self.output_type not in (mstype.int32, mstype.int64):
            raise ValueError(f"{self.name} error: dtype should be Int32 or Int64 but got {self.output_type}")
        return self._fn(x, self.axis, False, self.output_type)


class Argmin(Argmax):
    """``ops.Argmin(axis=-1, output_type=mstype.int32)(x)``: indices of the minima along ``axis``."""
    _fn = staticmethod(F.argmin)


class ArgMaxWithValue(Primitive):
    """``ops.ArgMaxWithValue(axis=0, keep_dims=False)(input)``: (indices, values) of the maxima."""
    _arg, _val = staticmethod(F.argmax), staticmethod(F.amax)

    def __init__(self, axis: int = 0, keep_dims: bool = False):
        super().__init__(type(self).__name__)
        set_attrs(self, axis=axis, keep_dims=keep_dims)

    def __call__(self, input):
        check_call_attrs(self, axis="int", keep_dims="bool")
        return (self._arg(input, self.axis, self.keep_dims, mstype.int64),
                self._val(input, self.axis, self.keep_dims))


class ArgMinWithValue(ArgMaxWithValue):
    """``ops.ArgMinWithValue(axis=0, keep_dims=False)(input)``: (indices, values) of the minima."""
    _arg, _val = staticmethod(F.argmin), staticmethod(F.amin)


class Squeeze(Primitive):
    """``ops.Squeeze(axis=())(input)``: the size-1 dimensions in ``axis`` (all when empty) removed."""

    def __init__(self, axis=()):
        super().__init__("Squeeze")
        set_attrs(self, axis=check_int_or_tuple("Squeeze", "axis", axis, allow_list=True) if axis != () else ())

    def __call__(self, x):
        return F.squeeze(x, self.axis if self.axis != () else None)


class Concat(Primitive):
    """``ops.Concat(axis=0)(tensors)``: the Tensors joined along ``axis``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import operations as P
        >>> print(P.Concat(0)((ms.Tensor([1, 2]), ms.Tensor([3]))))
        [1 2 3]
    """

    def __init__(self, axis: int = 0):
        super().__init__("Concat")
        set_attrs(self, axis=axis)

    def __call__(self, tensors):
        check_call_attrs(self, axis="int")
        return F.concat(tensors, self.axis)


class Stack(Primitive):
    """``ops.Stack(axis=0)(tensors)``: the Tensors stacked along a new ``axis``."""

    def __init__(self, axis: int = 0):
        super().__init__(type(self).__name__)
        set_attrs(self, axis=check_int(type(self).__name__, "axis", axis))

    def __call__(self, *tensors):
        if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
            tensors = tensors[0]
        return F.stack(tensors, self.axis)


class Unstack(Primitive):
    """``ops.Unstack(axis=0, num=None)(input_x)``: the slices along ``axis`` as a tuple."""

    def __init__(self, axis: int = 0, num=None):
        super().__init__(type(self).__name__)
        set_attrs(self, axis=check_int(type(self).__name__, "axis", axis))
        if num is not None:
            set_attrs(self, num=check_int(type(self).__name__, "num", num))

    def __call__(self, x):
        return F.unstack(x, self.axis)


class Split(Primitive):
    """``ops.Split(axis=0, output_num=1)(input_x)``: ``output_num`` equal pieces along ``axis``."""

    def __init__(self, axis: int = 0, output_num: int = 1):
        super().__init__("Split")
        set_attrs(self, axis=axis, output_num=output_num)

    def __call__(self, x):
        check_call_attrs(self, axis="int", output_num="int")
        if self.output_num <= 0:
            raise ValueError(f"For 'split', output_num must be positive, but got {self.output_num}.")
        x = tensor_of(x, "Split")
        n = x.shape[self.axis]
        if n % self.output_num:
            raise ValueError(f"For 'Split', x_shape[{self.axis % x.ndim}] must be divisible by output_num = "
                             f"{self.output_num}, but got {n}")
        return F.split(x, n // self.output_num, self.axis)


class SplitV(Primitive):
    """``ops.SplitV(size_splits, split_dim, num_split)(input_x)``: pieces of the given sizes (one may be -1)."""

    def __init__(self, size_splits, split_dim, num_split):
        super().__init__("SplitV")
        if not isinstance(size_splits, (tuple, list)):
            raise type_error("SplitV", "size_splits", "tuple", size_splits)
        set_attrs(self, size_splits=list(size_splits), split_dim=check_int("SplitV", "split_dim", split_dim),
                  num_split=check_int("SplitV", "num_split", num_split))
        if len(size_splits) != num_split:
            raise ValueError(f"For 'SplitV', the length of 'size_splits' must be equal to 'num_split' {num_split}, "
                             f"but got {len(size_splits)}.")

    def __call__(self, x):
        x = tensor_of(x, "SplitV")
        n = x.shape[self.split_dim]
        sizes = list(self.size_splits)
        if -1 in sizes:
            sizes[sizes.index(-1)] = n - (sum(sizes) + 1)
        return F.split(x, sizes, self.split_dim)


def _bit(mask, i):
    return (mask >> i) & 1


class StridedSlice(Primitive):
    """``ops.StridedSlice(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
    shrink_axis_mask=0)(input_x, begin, end, strides)``: ``input_x[begin:end:strides]`` with
    TensorFlow's mask semantics."""

    def __init__(self, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0):
        super().__init__("StridedSlice")
        masks = dict(begin_mask=begin_mask, end_mask=end_mask, ellipsis_mask=ellipsis_mask,
                     new_axis_mask=new_axis_mask, shrink_axis_mask=shrink_axis_mask)
        for k, v in masks.items():
            check_int("StridedSlice", k, v)
            if v < 0:
                raise ValueError(f"For 'StridedSlice', the '{k}' must be greater than or equal to 0, but got {v}.")
        set_attrs(self, **masks)

    def __call__(self, input_x, begin, end, strides):
        if not (len(begin) == len(end) == len(strides)):
            raise ValueError(f"For 'StridedSlice', 'begin', 'end' and 'strides' must have the same length, but got "
                             f"{len(begin)}, {len(end)} and {len(strides)}.")
        if any(s == 0 for s in strides):
            raise ValueError(f"For 'StridedSlice', the 'strides' cannot contain 0, but got {tuple(strides)}.")
        key = []
        for i, (b, e, s) in enumerate(zip(begin, end, strides)):
            if _bit(self.ellipsis_mask, i):
                key.append(Ellipsis)
            elif _bit(self.new_axis_mask, i):
                key.append(None)
            elif _bit(self.shrink_axis_mask, i):
                key.append(int(b))
            else:
                key.append(slice(None if _bit(self.begin_mask, i) else int(b),
                                 None if _bit(self.end_mask, i) else int(e), int(s)))
        return F.getitem(tensor_of(input_x, "StridedSlice"), tuple(key))


class ReverseV2(Primitive):
    """``ops.ReverseV2(axis)(input)``: ``input`` reversed along the dimensions in ``axis``."""

    def __init__(self, axis):
        super().__init__("ReverseV2")
        set_attrs(self, axis=check_int_or_tuple("ReverseV2", "axis", axis, allow_list=True))

    def __call__(self, input):
        return F.flip(input, self.axis)


class Sort(Primitive):
    """``ops.Sort(axis=-1, descending=False)(x)``: (sorted values, int32 indices) along ``axis``."""

    def __init__(self, axis: int = -1, descending: bool = False):
        super().__init__("Sort")
        set_attrs(self, axis=check_int("Sort", "axis", axis), descending=check_bool("Sort", "descending",
                                                                                   descending))

    def __call__(self, x):
        return F.sort(x, self.axis, self.descending)


class TopK(Primitive):
    """``ops.TopK(sorted=True)(input_x, k)``: the ``k`` largest values along the last axis and
    their int32 indices."""

    def __init__(self, sorted: bool = True):  # noqa: A002 - MindSpore's name
        super().__init__("TopK")
        set_attrs(self, sorted=check_bool("TopK", "sorted", sorted))
        self.init_prim_io_names(["input", "k"], ["values", "indices"])

    def __call__(self, input_x, k):
        if isinstance(k, Tensor):
            k = k.item()
        values, indices = F.topk(input_x, k)
        return values, F.cast(indices, mstype.int32)



class Meshgrid(Primitive):
    """``ops.Meshgrid(indexing='xy')(inputs)``: coordinate grids from a tuple of 1-D Tensors."""

    def __init__(self, indexing: str = "xy"):
        super().__init__("Meshgrid")
        set_attrs(self, indexing=indexing)

    def __call__(self, inputs):
        if self.indexing not in ("xy", "ij"):
            raise ValueError(f"For 'Meshgrid', the 'indexing' must be 'xy' or 'ij', but got {self.indexing!r}.")
        return F.meshgrid(*inputs, indexing=self.indexing)


class Tril(Primitive):
    """``ops.Tril(diagonal=0)(input)``: the lower triangle (below ``diagonal``), the rest zero."""
    _fn = staticmethod(F.tril)

    def __init__(self, diagonal: int = 0):
        super().__init__(type(self).__name__)
        set_attrs(self, diagonal=check_int(type(self).__name__, "diagonal", diagonal))

    def __call__(self, input):
        return self._fn(input, self.diagonal)


class Triu(Tril):
    """``ops.Triu(diagonal=0)(input)``: the upper triangle (above ``diagonal``), the rest zero."""
    _fn = staticmethod(F.triu)


class Range(Primitive):
    """``ops.Range(maxlen=1000000)(start, limit, delta)``: evenly spaced values in [start, limit)."""

    def __init__(self, maxlen: int = 1000000):
        super().__init__("Range")
        set_attrs(self, maxlen=maxlen)

    def __call__(self, start, limit, delta):
        vals = [v.item() if isinstance(v, Tensor) else v for v in (start, limit, delta)]
        if vals[2] == 0:
            raise ValueError("For 'Range', the 'delta' cannot be equal to zero.")
        dt = start.dtype if isinstance(start, Tensor) else (mstype.int64 if all(_is_int(v) for v in vals)
                                                            else mstype.float32)
        out = F.arange(*vals, dtype=dt)
        if out.size > self.maxlen:
            raise ValueError(f"For 'Range', the number of elements {out.size} exceeds 'maxlen' {self.maxlen}.")
        return out


# the gather/scatter, index, segment, sort and shape Primitives of issue #11 (ops/_array_more.py)
from ._array_more_ops import *  # noqa: E402,F401,F403

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)
