"""mint's shape, indexing, sorting, creation and random functions over ``mindjax.ops``.

Example:
    >>> import mindjax as ms
    >>> from mindjax import mint
    >>> [t.shape for t in mint.split(mint.zeros((5, 2)), [1, 4])]
    [(1, 2), (4, 2)]
"""
from __future__ import annotations

import numbers

import numpy as np

from .. import ops as _ops
from .. import _dtype as mstype
from .._tensor import Tensor
from ._adapt import dims, needs, shape_args

CANDIDATES: dict = {}


def _promote_all(tensors):
    """torch's cat rule: the inputs are promoted to one dtype first."""
    ts = list(tensors)
    dt = ts[0].dtype
    for t in ts[1:]:
        dt = mstype.promote(dt, t.dtype)
    return [t if t.dtype == dt else _ops.cast(t, dt) for t in ts]


@needs("cat", "cast")
def cat(tensors, dim: int = 0) -> Tensor:
    """Join ``tensors`` along ``dim`` (promoted to one dtype).

    Example:
        >>> mint.cat([mint.zeros((1, 2)), mint.zeros((2, 2))]).shape
        (3, 2)
    """
    return _ops.cat(_promote_all(tensors), dim)


@needs("cat", "cast")
def concat(tensors, dim: int = 0) -> Tensor:
    """Alias of :func:`cat`.

    Example:
        >>> mint.concat([mint.zeros((1, 2)), mint.zeros((1, 2))], 1).shape
        (1, 4)
    """
    return cat(tensors, dim)


@needs("stack", "cast")
def stack(tensors, dim: int = 0) -> Tensor:
    """Stack ``tensors`` along a new ``dim``.

    Example:
        >>> mint.stack([mint.zeros(2), mint.zeros(2)]).shape
        (2, 2)
    """
    return _ops.stack(_promote_all(tensors), dim)


@needs("hstack")
def hstack(tensors) -> Tensor:
    """Concatenate along dim 1 (dim 0 for 1-D inputs).

    Example:
        >>> mint.hstack([mint.zeros(2), mint.zeros(3)]).shape
        (5,)
    """
    return _ops.hstack(list(tensors))


@needs("dstack")
def dstack(tensors) -> Tensor:
    """Concatenate along dim 2 (after making inputs at least 3-D).

    Example:
        >>> mint.dstack([mint.zeros((2, 3)), mint.zeros((2, 3))]).shape
        (2, 3, 2)
    """
    return _ops.dstack(list(tensors))


@needs("broadcast_to")
def broadcast_to(input: Tensor, shape) -> Tensor:
    """Broadcast to ``shape`` (-1 keeps a dim).

    Example:
        >>> mint.broadcast_to(mint.zeros(3), (2, 3)).shape
        (2, 3)
    """
    return _ops.broadcast_to(input, tuple(shape))


def _chunk_type_error(input, chunks, dim) -> TypeError:
    def shown(v):
        return "Tensor" if isinstance(v, Tensor) else (
            type(v).__name__ if isinstance(v, (bool, int, float)) else str(type(v)))
    return TypeError(f'Failed calling ChunkView with "ChunkView()(input={shown(input)}, chunks={shown(chunks)}, '
                     f'dim={shown(dim)})".\nThe valid calling should be: \n'
                     f'"ChunkView()(input=<Tensor>, chunks=<int>, dim=<int>)".')


class GraphShapeError(RuntimeError):
    """MindSpore's graph compiler refuses the call: the number of outputs would depend on a size or
    a value that is only known at run time. ``graph_only`` marks it for mindjax's jit: raised while
    tracing with symbolic sizes, it reaches the user rather than a per-shape retrace."""
    graph_only = True


def _is_plain_int(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


@needs("split")
def chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple:
    """Split into pieces of ``ceil(n / chunks)`` along ``dim`` (the last may be smaller, so there may
    be fewer than ``chunks``); an empty ``dim`` gives ``chunks`` empty pieces.

    In graph mode the number of outputs must be known while compiling: a ``mutable`` ``chunks`` or
    ``dim``, or a ``dim`` declared dynamic with ``set_inputs``, is MindSpore's RuntimeError.

    Example:
        >>> [t.shape for t in mint.chunk(mint.zeros((5, 2)), 3)]
        [(2, 2), (2, 2), (1, 2)]
    """
    from .._state import state
    from ..common.mutable import _Int
    if state.jit_depth and (isinstance(chunks, _Int) or isinstance(dim, _Int)):
        raise GraphShapeError("For 'chunk', the 'chunks' and 'dim' must be constants in graph mode (the number of "
                           "outputs is fixed while compiling), but got a mutable value.")
    if not isinstance(input, Tensor) or not _is_plain_int(chunks) or not _is_plain_int(dim):
        raise _chunk_type_error(input, chunks, dim)
    chunks, dim = int(chunks), int(dim)
    if input.ndim == 0:
        raise ValueError("For 'chunk', input's rank should be greater than 0, but got 0")
    if chunks <= 0:
        raise ValueError(f"For 'chunk', chunks should be greater than 0, but got {chunks}")
    if not -input.ndim <= dim < input.ndim:
        raise ValueError(f"Dimension out of range (expected to be in range of [{-input.ndim}, {input.ndim}), "
                         f"but got {dim})")
    n = input.shape[dim]
    if not isinstance(n, (int, np.integer)):  # a symbolic size (set_inputs with None there)
        raise GraphShapeError(f"For 'chunk', the dimension {dim} of 'input' is dynamic, but the number of outputs "
                           f"must be known while compiling.")
    if n == 0:
        return tuple(_ops.split(input, [0] * chunks, dim))
    size = -(-n // chunks)
    return tuple(_ops.split(input, [size] * (n // size) + ([n % size] if n % size else []), dim))


@needs("split")
def split(tensor: Tensor, split_size_or_sections, dim: int = 0) -> tuple:
    """Pieces of ``split_size_or_sections`` (an int: equal pieces, the last smaller; a list: the sizes).

    Example:
        >>> [t.shape for t in mint.split(mint.zeros((5, 2)), 2)]
        [(2, 2), (2, 2), (1, 2)]
    """
    s = list(split_size_or_sections) if isinstance(split_size_or_sections, (list, tuple)) else split_size_or_sections
    return tuple(_ops.split(tensor, s, dim))


@needs("unbind")
def unbind(input: Tensor, dim: int = 0) -> tuple:
    """The slices along ``dim``, that dim removed.

    Example:
        >>> len(mint.unbind(mint.zeros((2, 3)), 1))
        3
    """
    return tuple(_ops.unbind(input, dim))


@needs("flatten")
def flatten(input: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """Merge dims ``start_dim``..``end_dim`` into one.

    Example:
        >>> mint.flatten(mint.zeros((2, 3, 4)), 1).shape
        (2, 12)
    """
    return _ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


@needs("flip")
def flip(input: Tensor, dims) -> Tensor:  # noqa: F811 - mint's argument name
    """Reverse the order along ``dims``.

    Example:
        >>> mint.flip(ms.Tensor([1, 2, 3]), (0,)).asnumpy().tolist()
        [3, 2, 1]
    """
    return _ops.flip(input, tuple(dims))


@needs("permute")
def permute(input: Tensor, dims) -> Tensor:  # noqa: F811
    """Reorder the dims.

    Example:
        >>> mint.permute(mint.zeros((2, 3, 4)), (2, 0, 1)).shape
        (4, 2, 3)
    """
    return _ops.permute(input, tuple(dims))


@needs("reshape")
def reshape(input: Tensor, shape) -> Tensor:
    """The same data in ``shape`` (one -1 is inferred).

    Example:
        >>> mint.reshape(mint.zeros((2, 6)), (3, -1)).shape
        (3, 4)
    """
    return _ops.reshape(input, tuple(shape))


@needs("squeeze")
def squeeze(input: Tensor, dim) -> Tensor:
    """Remove the size-1 dims in ``dim`` (an int or a tuple; required, as MindSpore 2.10's mint).

    Example:
        >>> mint.squeeze(mint.zeros((1, 3, 1)), 2).shape
        (1, 3)
    """
    d = dims(dim)
    if isinstance(d, tuple):
        d = tuple(k for k in d if input.shape[k] == 1)
        return _ops.squeeze(input, d) if d else input
    return _ops.squeeze(input, d) if input.shape[d] == 1 else input


@needs("unsqueeze")
def unsqueeze(input: Tensor, dim: int) -> Tensor:
    """Insert a size-1 dim at ``dim``.

    Example:
        >>> mint.unsqueeze(mint.zeros((2, 3)), 1).shape
        (2, 1, 3)
    """
    return _ops.unsqueeze(input, dim)


@needs("swapaxes")
def swapaxes(input: Tensor, axis0: int, axis1: int) -> Tensor:
    """Exchange two dims.

    Example:
        >>> mint.swapaxes(mint.zeros((2, 3, 4)), 0, 2).shape
        (4, 3, 2)
    """
    return _ops.swapaxes(input, axis0, axis1)


@needs("swapaxes")
def transpose(input: Tensor, dim0: int, dim1: int) -> Tensor:
    """Exchange two dims (PyTorch's transpose, not ops.transpose's permutation).

    Example:
        >>> mint.transpose(mint.zeros((2, 3, 4)), 0, 2).shape
        (4, 3, 2)
    """
    return _ops.swapaxes(input, dim0, dim1)


@needs("t")
def t(input: Tensor) -> Tensor:
    """Transpose of a matrix (a 1-D input is returned as is).

    Example:
        >>> mint.t(mint.zeros((2, 3))).shape
        (3, 2)
    """
    return _ops.t(input)


@needs("tile")
def tile(input: Tensor, dims) -> Tensor:  # noqa: F811
    """Repeat the tensor ``dims`` times per dim (``dims`` shorter than the rank is left-padded with 1).

    Example:
        >>> mint.tile(mint.zeros((2, 3)), (2,)).shape
        (2, 6)
    """
    return _ops.tile(input, tuple(dims))


@needs("roll")
def roll(input: Tensor, shifts, dims=None) -> Tensor:  # noqa: F811
    """Roll elements along ``dims`` (the flattened tensor when None).

    Example:
        >>> mint.roll(ms.Tensor([1, 2, 3]), 1).asnumpy().tolist()
        [3, 1, 2]
    """
    return _ops.roll(input, shifts, dims)


@needs("narrow")
def narrow(input: Tensor, dim: int, start: int, length: int) -> Tensor:
    """``length`` elements from ``start`` along ``dim``.

    Example:
        >>> mint.narrow(mint.zeros((4, 5)), 1, 1, 3).shape
        (4, 3)
    """
    return _ops.narrow(input, dim, start, length)


@needs("narrow", "squeeze")
def select(input: Tensor, dim: int, index: int) -> Tensor:
    """The slice at ``index`` along ``dim``, that dim removed.

    Example:
        >>> mint.select(mint.zeros((3, 4)), 1, 2).shape
        (3,)
    """
    n = input.shape[dim]
    if not -n <= index < n:
        raise IndexError(f"For 'select', the 'index' must be in [{-n}, {n}), but got {index}.")
    return _ops.squeeze(_ops.narrow(input, dim, index % n, 1), dim)


@needs("repeat_interleave", "gather", "reshape")
def repeat_interleave(input: Tensor, repeats, dim: int | None = None, *, output_size: int | None = None) -> Tensor:
    """Repeat each element ``repeats`` times along ``dim`` (of the flattened input when None).

    Example:
        >>> mint.repeat_interleave(ms.Tensor([1, 2]), 2).asnumpy().tolist()
        [1, 1, 2, 2]
    """
    if isinstance(repeats, Tensor):  # the output shape depends on the values: read them
        repeats = repeats.asnumpy().reshape(-1).tolist()
        repeats = repeats[0] if len(repeats) == 1 else repeats
    if isinstance(repeats, (list, tuple)):  # one count per element: gather each index that many times
        x = _ops.reshape(input, (-1,)) if dim is None else input
        idx = [k for k, r in enumerate(repeats) for _ in range(int(r))]
        return _ops.gather(x, Tensor(idx, mstype.int64), 0 if dim is None else dim)
    return _ops.repeat_interleave(input, repeats, dim)


@needs("diff")
def diff(input: Tensor, n: int = 1, dim: int = -1, prepend=None, append=None) -> Tensor:
    """The ``n``-th forward difference along ``dim``.

    Example:
        >>> mint.diff(ms.Tensor([1, 4, 9])).asnumpy().tolist()
        [3, 5]
    """
    out = _ops.diff(input, 1, dim, prepend, append)
    for _ in range(n - 1):  # ops.diff takes n == 1 only: apply it n times
        out = _ops.diff(out, 1, dim)
    return out


@needs("meshgrid")
def meshgrid(*tensors, indexing: str | None = None) -> tuple:
    """Coordinate grids; ``indexing`` "ij" (the default) or "xy".

    Example:
        >>> [g.shape for g in mint.meshgrid(mint.zeros(2), mint.zeros(3))]
        [(2, 3), (2, 3)]
    """
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    return tuple(_ops.meshgrid(*tensors, indexing=indexing or "ij"))


# ------------------------------------------------------------------ index, gather, scatter, sort
@needs("gather_elements")
def gather(input: Tensor, dim: int, index: Tensor) -> Tensor:
    """``out[i][j] = input[index[i][j]][j]`` for ``dim`` 0 (PyTorch's gather).

    Example:
        >>> mint.gather(ms.Tensor([[1, 2], [3, 4]]), 1, ms.Tensor([[1], [0]])).asnumpy().tolist()
        [[2], [3]]
    """
    return _ops.gather_elements(input, dim, index)


@needs("index_select")
def index_select(input: Tensor, dim: int, index: Tensor) -> Tensor:
    """The entries at ``index`` along ``dim``.

    Example:
        >>> mint.index_select(mint.zeros((3, 4)), 1, ms.Tensor([0, 2])).shape
        (3, 2)
    """
    return _ops.index_select(input, dim, index)


@needs("index_add", "mul")
def index_add(input: Tensor, dim: int, index: Tensor, source: Tensor, *, alpha: float = 1) -> Tensor:
    """``input`` with ``alpha * source`` added at ``index`` along ``dim``.

    Example:
        >>> mint.index_add(mint.zeros((3, 2)), 0, ms.Tensor([0, 2], ms.int32), mint.ones_like(mint.zeros((2, 2)))).shape
        (3, 2)
    """
    if index.dtype != mstype.int32:
        raise TypeError("For primitive[IndexAdd], the input argument[indices type] must be a type of "
                        f"{{Tensor[Int32]}}, but got {index.dtype}.")
    src = source if alpha == 1 else _ops.mul(source, alpha)
    return _ops.index_add(input, index, src, dim)


@needs("masked_select")
def masked_select(input: Tensor, mask: Tensor) -> Tensor:
    """The 1-D Tensor of the elements where ``mask`` (broadcast) is True.

    Example:
        >>> mint.masked_select(ms.Tensor([1, 2]), ms.Tensor([True, False])).asnumpy().tolist()
        [1]
    """
    return _ops.masked_select(input, mask)


@needs("take")
def take(input: Tensor, index: Tensor) -> Tensor:
    """Elements of the flattened ``input`` at ``index`` (negative counts from the end).

    Example:
        >>> mint.take(ms.Tensor([[1, 2], [3, 4]]), ms.Tensor([0, 3])).asnumpy().tolist()
        [1, 4]
    """
    return _ops.take(input, index)


@needs("scatter", "full", "cast")
def scatter(input: Tensor, dim: int, index: Tensor, src) -> Tensor:
    """``input`` with ``src`` (a Tensor or a number) written at ``index`` along ``dim``.

    Example:
        >>> mint.scatter(mint.zeros((2, 2)), 1, ms.Tensor([[1], [0]]), 1.0).asnumpy().tolist()
        [[0.0, 1.0], [1.0, 0.0]]
    """
    if isinstance(src, numbers.Number):
        src = _ops.full(tuple(index.shape), src, dtype=input.dtype)
    return _ops.scatter(input, dim, index, src)


@needs("tensor_scatter_elements")
def scatter_add(input: Tensor, dim: int, index: Tensor, src: Tensor) -> Tensor:
    """``input`` with ``src`` added at ``index`` along ``dim`` (duplicates accumulate).

    Example:
        >>> mint.scatter_add(mint.zeros((1, 3)), 1, ms.Tensor([[0, 0]]), mint.ones_like(mint.zeros((1, 2)))).shape
        (1, 3)
    """
    return _ops.tensor_scatter_elements(input, index, src, dim, "add")


@needs("nonzero")
def nonzero(input: Tensor, *, as_tuple: bool = False):
    """The indices (int64) of the non-zero elements: an (n, ndim) Tensor, or one Tensor per dim.

    Example:
        >>> mint.nonzero(ms.Tensor([0, 3, 0, 4])).asnumpy().tolist()
        [[1], [3]]
    """
    return _ops.nonzero(input, as_tuple=as_tuple)


@needs("sort")
def sort(input: Tensor, *, dim: int = -1, descending: bool = False, stable: bool = False) -> tuple:
    """(values, indices) sorted along ``dim`` (stable: equal values keep their order).

    Example:
        >>> mint.sort(ms.Tensor([3., 1., 2.]))[1].asnumpy().tolist()
        [1, 2, 0]
    """
    v, i = _ops.sort(input, dim, descending)
    return v, (i if i.dtype == mstype.int64 else _ops.cast(i, mstype.int64))


@needs("sort")
def argsort(input: Tensor, dim: int = -1, descending: bool = False, stable: bool = False) -> Tensor:
    """The indices (int64) that sort ``input`` along ``dim``.

    Example:
        >>> mint.argsort(ms.Tensor([3., 1., 2.])).asnumpy().tolist()
        [1, 2, 0]
    """
    return sort(input, dim=dim, descending=descending, stable=stable)[1]


@needs("topk", "cast")
def topk(input: Tensor, k: int, dim: int = -1, largest: bool = True, sorted: bool = True) -> tuple:  # noqa: A002
    """(values, indices) of the ``k`` largest (or smallest) along ``dim``.

    Example:
        >>> mint.topk(ms.Tensor([3., 1., 2.]), 2)[0].asnumpy().tolist()
        [3.0, 2.0]
    """
    v, i = _ops.topk(input, k, dim, largest, sorted)
    return v, (i if i.dtype == mstype.int64 else _ops.cast(i, mstype.int64))


@needs("kthvalue")
def kthvalue(input: Tensor, k: int, dim: int = -1, keepdim: bool = False) -> tuple:
    """(values, indices) of the ``k``-th smallest along ``dim``.

    Example:
        >>> mint.kthvalue(ms.Tensor([3., 1., 2.]), 2)[0].asnumpy().tolist()
        2.0
    """
    return _ops.kthvalue(input, k, dim, keepdim)


@needs("searchsorted")
def searchsorted(sorted_sequence: Tensor, values, *, out_int32: bool = False, right: bool = False, side=None,
                 sorter=None) -> Tensor:
    """Insertion indices of ``values`` into ``sorted_sequence``.

    Example:
        >>> mint.searchsorted(ms.Tensor([1., 2., 3.]), ms.Tensor([2.5])).asnumpy().tolist()
        [2]
    """
    return _ops.searchsorted(sorted_sequence, values, out_int32=out_int32, right=right, side=side, sorter=sorter)


@needs("unique_consecutive")
def unique_consecutive(input: Tensor, return_inverse: bool = False, return_counts: bool = False, dim=None):
    """Collapse runs of equal consecutive elements (optionally the inverse indices and run lengths).

    Example:
        >>> mint.unique_consecutive(ms.Tensor([1, 1, 2, 1])).asnumpy().tolist()
        [1, 2, 1]
    """
    return _ops.unique_consecutive(input, return_inverse, return_counts, dim)


@needs("bincount", "cast")
def bincount(input: Tensor, weights=None, minlength: int = 0) -> Tensor:
    """Counts (or summed ``weights``) of each non-negative integer value.

    Example:
        >>> mint.bincount(ms.Tensor([0, 1, 1])).asnumpy().tolist()
        [1, 2]
    """
    out = _ops.bincount(input, weights, minlength)
    if weights is None and out.dtype != mstype.int64:
        out = _ops.cast(out, mstype.int64)
    return out


@needs("histc")
def histc(input: Tensor, bins: int = 100, min: float = 0, max: float = 0) -> Tensor:  # noqa: A002
    """Histogram with ``bins`` equal bins over [min, max] (the data's range when both are 0).

    Example:
        >>> mint.histc(ms.Tensor([1., 2., 1.]), 2, 0, 3).asnumpy().tolist()
        [2.0, 1.0]
    """
    return _ops.histc(input, bins, min, max)


CANDIDATES.update({_k: _f for _k, _f in list(globals().items())
                   if not _k.startswith("_") and callable(_f) and hasattr(_f, "__mint_needs__")})
