"""MindSpore's generated view ops: ``gen_ops_prim.SliceExtView`` / ``slice_ext_view_op``,
``gen_ops_def.narrow_view``... (``chunk_view``, ``diagonal_view``, ``select_ext_view``,
``split_tensor_view``, ``transpose_view``...).

On Ascend and GPU MindSpore returns Tensors that share the input's memory; its CPU build copies
in PyNative mode (an in-place write to the result leaves the input as it was), which is what
mindjax does everywhere, JAX arrays being immutable. Each view op is therefore the functional op
it is a view of, with MindSpore's inputs in MindSpore's order.

Examples:
    >>> import numpy as np
    >>> import mindjax as ms
    >>> from mindjax.ops.auto_generate.gen_ops_prim import slice_ext_view_op
    >>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(2, 4))
    >>> print(slice_ext_view_op(x, 1, 1, 4, 2))
    [[1. 3.]
     [5. 7.]]
"""
from __future__ import annotations

from .._tensor import Tensor
from ._base import tensor_of
from ._ops3_misc import select_view, transpose_ext_view as _transpose_ext_view
from .operations._utils import simple


def _dim(name: str, x: Tensor, dim: int) -> int:
    if not -x.ndim <= dim < x.ndim:
        raise ValueError(f"Dimension out of range (expected to be in range of [{-x.ndim}, {x.ndim}), but got {dim})")
    return dim % x.ndim


def broadcast_to_view(input, shape) -> Tensor:
    """``input`` broadcast to ``shape`` (``ops.broadcast_to``)."""
    from .functional import broadcast_to
    return broadcast_to(tensor_of(input, "BroadcastToView"), shape)


def chunk_view(input, chunks: int, dim: int = 0) -> tuple:
    """``input`` in ``chunks`` near-equal pieces along ``dim`` (``ops.chunk``)."""
    from .functional import chunk
    return chunk(tensor_of(input, "ChunkView"), chunks, dim)


def diagonal_view(input, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    """The diagonal of ``input`` over ``dim1``/``dim2`` (``ops.diagonal``)."""
    from .functional import diagonal
    return diagonal(tensor_of(input, "DiagonalView"), offset, dim1, dim2)


def expand_dims_view(input, dim: int) -> Tensor:
    """``input`` with a new axis of size 1 at ``dim`` (``ops.expand_dims``)."""
    from .functional import expand_dims
    return expand_dims(tensor_of(input, "ExpandDimsView"), dim)


def narrow_view(input, dim: int, start: int, length: int) -> Tensor:
    """``length`` entries of ``input`` along ``dim`` from ``start`` (``ops.narrow``)."""
    from .functional import narrow
    x = tensor_of(input, "NarrowView")
    return narrow(x, _dim("NarrowView", x, dim), start, length)


def select_ext_view(input, dim: int, index: int) -> Tensor:
    """Entry ``index`` of ``input`` along ``dim``, that axis removed."""
    x = tensor_of(input, "SelectExtView")
    d = _dim("SelectExtView", x, dim)
    n = x.shape[d]
    if not -n <= index < n:
        raise ValueError(f"For Primitive [SelectExtView] start exceed range. start: {index}, start should be in "
                         f"[{-n}, {n}).")
    return select_view(x, index, d)


def slice_ext_view(input, dim: int, start: int, end: int, step: int) -> Tensor:
    """``input[..., start:end:step, ...]`` along ``dim`` (start and end clamped to the axis, as slicing)."""
    x = tensor_of(input, "SliceExtView")
    d = _dim("SliceExtView", x, dim)
    if step <= 0:
        raise ValueError(f"For Primitive [SliceExtView], the step must be positive, but got {step}.")
    return x[(slice(None),) * d + (slice(start, end, step),)]


def split_tensor_view(input, split_size: int, dim: int = 0) -> tuple:
    """``input`` in pieces of ``split_size`` along ``dim``, the last one smaller (``ops.split``)."""
    from .functional import split
    x = tensor_of(input, "SplitTensorView")
    return split(x, split_size, _dim("SplitTensorView", x, dim))


def split_with_size_view(input, split_size, dim: int = 0) -> tuple:
    """``input`` in pieces of the sizes ``split_size`` (summing to the axis) along ``dim``."""
    from .functional import split
    x = tensor_of(input, "SplitWithSizeView")
    return split(x, list(split_size), _dim("SplitWithSizeView", x, dim))


def transpose_ext_view(input, dim0: int, dim1: int) -> Tensor:
    """``input`` with axes ``dim0`` and ``dim1`` swapped."""
    return _transpose_ext_view(input, dim0, dim1)


def transpose_view(input, input_perm) -> Tensor:
    """``input`` with its axes permuted by ``input_perm`` (``ops.transpose``)."""
    from .functional import transpose
    return transpose(tensor_of(input, "TransposeView"), input_perm)


def unstack_ext_view(input, dim: int = 0) -> tuple:
    """The slices of ``input`` along ``dim`` (``ops.unstack``)."""
    from .functional import unstack
    x = tensor_of(input, "UnstackExtView")
    return unstack(x, _dim("UnstackExtView", x, dim))


# MindSpore's class name -> the function; the Primitive classes take no constructor arguments
_TABLE = {
    "BroadcastToView": broadcast_to_view, "ChunkView": chunk_view, "DiagonalView": diagonal_view,
    "ExpandDimsView": expand_dims_view, "NarrowView": narrow_view, "SelectExtView": select_ext_view,
    "SliceExtView": slice_ext_view, "SplitTensorView": split_tensor_view, "SplitWithSizeView": split_with_size_view,
    "TransposeExtView": transpose_ext_view, "TransposeView": transpose_view, "UnstackExtView": unstack_ext_view,
}

def _classes() -> dict:
    from .operations import _more_ops3
    out = {}
    for name, fn in _TABLE.items():
        public = getattr(_more_ops3, name, None)  # TransposeView, TransposeExtView: also mindspore.ops names
        out[name] = public if public is not None else simple(
            name, fn, f"``{name}()(...)``: the Primitive form of ``{fn.__name__}`` (a copy, as MindSpore's CPU "
                      f"build gives).", module="mindspore.ops.auto_generate.gen_ops_prim")
    return out


CLASSES = _classes()
# gen_ops_prim's instances: ``slice_ext_view_op = SliceExtView()``...
INSTANCES = {fn.__name__ + "_op": CLASSES[name]() for name, fn in _TABLE.items()}
# the functions gen_ops_def has under their own names
FUNCTIONS = {fn.__name__: fn for fn in (broadcast_to_view, expand_dims_view, narrow_view, select_ext_view,
                                        transpose_ext_view, transpose_view)}
