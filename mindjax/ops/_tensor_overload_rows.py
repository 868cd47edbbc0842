"""MindSpore 2.10's overloaded Tensor methods: each row lists a method's forms, newest first, the older
("old") forms last (see ``_tensor_overloads`` for how a call picks one).

Examples:
    >>> import mindjax as ms
    >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> print(x.cumsum(dim=0), x.cumsum(axis=1))
    [[1. 2.]
     [4. 6.]] [[1. 3.]
     [3. 7.]]
"""
from __future__ import annotations

from .. import _dtype as mstype
from .._tensor import Tensor
from . import functional as F
from . import array as A
from ._tensor_overloads import overload

builtins_max = max

_AXES = "Tensor|int|list[int]|tuple[int]"  # a reduction's axes (a Tensor holds them as values)
ROWS: dict = {}


def _row(name, *sigs):
    ROWS[name] = sigs


def _axes(axis):
    if isinstance(axis, Tensor):
        axis = axis.asnumpy().tolist()
    return tuple(axis) if isinstance(axis, list) else axis


def _scaled(other, alpha):
    return other if alpha == 1 else F.mul(other, alpha)


# arithmetic ----------------------------------------------------------------------------------------
_row("add", ("other: Number|Tensor, *, alpha: Number = 1", lambda s, other, alpha: F.add(s, _scaled(other, alpha))),
     ("other: any", lambda s, other: F.add(s, other), "old"))
_row("sub", ("other: Number|Tensor, *, alpha: Number = 1", lambda s, other, alpha: F.sub(s, _scaled(other, alpha))),
     ("y: any", lambda s, y: F.sub(s, y), "old"))
_row("remainder", ("other: Tensor|Number", lambda s, other: F.floor_mod(s, other)),
     ("divisor: Tensor|Number", lambda s, divisor: F.floor_mod(s, divisor), "old"))
_row("div", ("other: Tensor|Number, *, rounding_mode: str = None",
             lambda s, other, rounding_mode: F.div(s, other, rounding_mode=rounding_mode)))


def _clamp(s, min, max):
    if min is None and max is None:
        raise ValueError("For Clamp, at least one of 'min' or 'max' must not be None.")
    if any(isinstance(v, bool) for v in (min, max)) or s.dtype == mstype.bool_ or any(
            isinstance(v, Tensor) and v.dtype == mstype.bool_ for v in (min, max)):
        raise ValueError("For Clamp, the dtype of 'input', 'min' and 'max' must not be bool.")
    return F.clamp(s, min, max)


_row("clamp", ("min: Number|Tensor = None, max: Number|Tensor = None", _clamp))
_row("clip", ("min: Number|Tensor = None, max: Number|Tensor = None", _clamp))


def _round(s, decimals):
    if decimals == 0:
        return F.round(s)
    scale = 10.0 ** decimals
    return F.cast(F.div(F.round(F.mul(s, scale)), scale), s.dtype)


_row("round", ("decimals: int = 0", _round))
_row("hardshrink", ("lambd: float|int|bool = 0.5", lambda s, lambd: F.hardshrink(s, float(lambd))))
_row("mm", ("mat2: Tensor", lambda s, mat2: F.mm(s, mat2)))


# reductions ----------------------------------------------------------------------------------------
def _sum_old(s, axis, dtype, keepdims, initial):
    out = F.sum(s, _axes(axis), keepdims, dtype=dtype)
    if initial is not None:
        out = F.add(out, initial)
    return F.cast(out, mstype.bool_) if dtype == mstype.bool_ else out


_row("sum", (f"dim: {_AXES} = None, keepdim: bool = False, *, dtype: dtype = None",
             lambda s, dim, keepdim, dtype: F.sum(s, _axes(dim), keepdim, dtype=dtype)),
     (f"axis: {_AXES} = None, dtype: dtype = None, keepdims: bool = False, initial: Number = None", _sum_old, "old"))


def _mean(s, dim, keepdim, dtype=None):
    return F.mean(s if dtype is None else F.cast(s, dtype), _axes(dim), keepdim)


_row("mean", (f"dim: {_AXES} = None, keepdim: bool = False, *, dtype: dtype = None", _mean),
     (f"axis: {_AXES} = None, keep_dims: bool = False", lambda s, axis, keep_dims: _mean(s, axis, keep_dims), "old"))


def _cumsum(s, axis, dtype):
    if axis is None:
        s, axis = F.reshape(s, (-1,)), 0
    return F.cumsum(s, axis, dtype=dtype)


_row("cumsum", ("dim: int, *, dtype: dtype = None", lambda s, dim, dtype: _cumsum(s, dim, dtype)),
     ("axis: int = None, dtype: dtype = None", _cumsum, "old"))
def _norm(s, ord, dim, keepdim, dtype):
    s = s if dtype is None else F.cast(s, dtype)
    dim = _axes(dim)
    matrix = isinstance(dim, tuple) and len(dim) == 2 or dim is None and s.ndim == 2
    if ord == float("-inf") and not matrix:  # the smallest magnitude
        return F.amin(F.abs(s), dim, keepdim)
    return F.norm(s, ord, dim, keepdim)


_row("norm", ("ord: Number|str = None, dim: int|tuple[int]|list[int] = None, keepdim: bool = False, *, "
              "dtype: dtype = None", _norm))
for _n, _op in (("any", F.any), ("all", F.all)):
    _row(_n, ("", lambda s, _op=_op: _op(s)),
         ("dim: int, keepdim: bool = False", lambda s, dim, keepdim, _op=_op: _op(s, dim, keepdim)),
         (f"axis: {_AXES} = None, keep_dims: bool = False",
          lambda s, axis, keep_dims, _op=_op: _op(s, _axes(axis), keep_dims), "old"))


def _extreme(is_max):
    pick, arg, pair = (F.amax, F.argmax, F.maximum) if is_max else (F.amin, F.argmin, F.minimum)

    def with_dim(s, dim, keepdim):
        return pick(s, dim, keepdim), F.cast(arg(s, dim, keepdim), mstype.int64)

    def old(s, axis, keepdims, initial, where, return_indices):
        if not (where is True or isinstance(where, Tensor) and where.dtype == mstype.bool_):
            raise TypeError(f"For '{'max' if is_max else 'min'}', the 'where' must be a bool Tensor or True, but "
                            f"got {where!r}.")
        x = s
        if where is not True:
            if initial is None:
                raise ValueError("reduction operation has no identity: 'initial' is needed when 'where' is given.")
            x = F.select(F.broadcast_to(where, s.shape), s, F.full_like(s, initial))
        out = pick(x, _axes(axis), keepdims and axis is not None)  # all axes: a 0-d result, as MindSpore
        if initial is not None:
            out = pair(out, F.cast(Tensor(initial), out.dtype))
        if return_indices and isinstance(axis, int):
            return out, F.cast(arg(x, axis, keepdims), mstype.int64)
        return out
    return [("", lambda s: pick(s)), ("dim: int, keepdim: bool = False", with_dim),
            ("axis: int|list[int]|tuple[int] = None, keepdims: bool = False, *, initial: Number = None, "
             "where: Tensor|bool = True, return_indices: bool = False", old, "old")]


_row("max", *_extreme(True))
_row("min", *_extreme(False))


def _aminmax(s, axis, keepdims):
    if axis is None:
        flat = F.reshape(s, (-1,))
        lo, hi = F.aminmax(flat, axis=0, keepdims=False)
        if keepdims and s.ndim:
            lo, hi = F.reshape(lo, (1,) * s.ndim), F.reshape(hi, (1,) * s.ndim)
        return lo, hi
    if s.ndim == 0:  # a 0-d input is its own minimum and maximum (MindSpore keeps the shape ())
        return F.identity(s), F.identity(s)
    return F.aminmax(s, axis=axis, keepdims=keepdims)


_row("aminmax", ("*, axis: int|None = 0, keepdims: bool = False", _aminmax))


# shape and selection -------------------------------------------------------------------------------
def _flatten(s, order, start_dim, end_dim):
    if order not in ("C", "F"):
        raise ValueError(f"For 'flatten', the 'order' must be 'C' or 'F', but got '{order}'.")
    if order == "F":  # column-major: flatten the reversed axes
        s = F.transpose(s, tuple(range(s.ndim))[::-1])
    if s.ndim == 0:
        return F.reshape(s, (1,))
    return F.flatten(s, start_dim=start_dim, end_dim=end_dim)


_row("flatten", ("start_dim: int = 0, end_dim: int = -1", lambda s, start_dim, end_dim: _flatten(
    s, "C", start_dim, end_dim)), ("order: str = 'C', *, start_dim: int = 0, end_dim: int = -1", _flatten, "old"))
_row("chunk", ("chunks: int, dim: int = 0", lambda s, chunks, dim: F.chunk(s, chunks, dim)),
     ("chunks: int, axis: int = 0", lambda s, chunks, axis: F.chunk(s, chunks, axis), "old"))


_row("sort", ("dim: int = -1, descending: bool = False, stable: bool = False",
              lambda s, dim, descending, stable: F.sort(s, dim, descending)),
     ("axis: int = -1, descending: bool = False", lambda s, axis, descending: F.sort(s, axis, descending), "old"))
_row("index_select", ("dim: int, index: Tensor", lambda s, dim, index: F.index_select(s, dim, index)),
     ("axis: int, index: Tensor", lambda s, axis, index: F.index_select(s, axis, index), "old"))
_row("split", ("split_size: int, dim: int = 0", lambda s, split_size, dim: F.split(s, split_size, dim)),
     ("split_size: tuple[int]|list[int], dim: int = 0", lambda s, split_size, dim: F.split(s, split_size, dim)),
     ("split_size_or_sections: int|tuple[int]|list[int], axis: int = 0",
      lambda s, split_size_or_sections, axis: F.split(s, split_size_or_sections, axis), "old"))
_row("gather", ("dim: int, index: Tensor", lambda s, dim, index: F.gather_elements(s, dim, index)),
     ("input_indices: Tensor, axis: int|Tensor, batch_dims: int = 0", lambda s, input_indices, axis, batch_dims:
      F.gather(s, input_indices, int(axis) if isinstance(axis, Tensor) else axis, batch_dims), "old"))


def _select_dim(s, dim, index):
    d = dim % s.ndim if s.ndim else 0
    return A.getitem(s, (slice(None),) * d + (index,))


def _select_old(s, condition, y):
    if isinstance(y, bool) or not isinstance(y, (Tensor, int, float)):
        raise TypeError(f"For 'Tensor.select', the argument 'y' should be Tensor, int or float, but got {type(y)}.")
    if isinstance(y, int) and s.dtype != mstype.int32:
        raise TypeError(f"For 'Tensor.select', if the argument 'y' is int, then the tensor type should be int32 but "
                        f"got {s.dtype}")
    if isinstance(y, float) and s.dtype != mstype.float32:
        raise TypeError(f"For 'Tensor.select', if the argument 'y' is float, then the tensor type should be float32 "
                        f"but got {s.dtype}")
    if not isinstance(y, Tensor):
        y = F.full_like(s, y)
    return F.select(condition, s, y)


_row("select", ("dim: int, index: int", _select_dim), ("condition: Tensor, y: Tensor|Number", _select_old, "old"))


def _scatter(s, dim, index, src, reduce="none"):
    reduction = {"none": "none", "add": "add", "multiply": "mul"}.get(reduce)
    if reduction is None:
        raise ValueError(f"For 'scatter', the 'reduce' must be 'none', 'add' or 'multiply', but got {reduce!r}.")
    if not isinstance(src, Tensor):
        src = F.full(index.shape, src, dtype=s.dtype)
    return F.tensor_scatter_elements(s, index, src, dim, reduction)


_row("scatter", ("dim: int, index: Tensor, src: Tensor, reduce: str = 'none'", _scatter),
     ("dim: int, index: Tensor, src: Number, reduce: str = 'none'", _scatter),
     ("axis: int, index: Tensor, src: Tensor|Number", lambda s, axis, index, src: _scatter(s, axis, index, src),
      "old"))
_row("scatter_add", ("dim: int, index: Tensor, src: Tensor", lambda s, dim, index, src: F.tensor_scatter_elements(
    s, index, src, dim, "add")), ("indices: Tensor, updates: Tensor", lambda s, indices, updates:
                                  F.tensor_scatter_add(s, indices, updates), "old"))


def _index_add(s, dim, index, source, alpha):
    # the slices of ``source`` are added at ``index`` along ``dim`` (repeated indices add up)
    dim = dim % s.ndim
    shape = [1] * source.ndim
    shape[dim] = -1
    idx = F.broadcast_to(F.reshape(F.cast(index, mstype.int64), tuple(shape)), source.shape)
    return F.tensor_scatter_elements(s, idx, F.cast(_scaled(source, alpha), s.dtype), dim, "add")


_row("index_add", ("dim: int, index: Tensor, source: Tensor, *, alpha: Number = 1", _index_add),
     ("indices: Tensor, y: Tensor, axis: int, use_lock: bool = True, check_index_bound: bool = True",
      lambda s, indices, y, axis, use_lock, check_index_bound: F.index_add(s, indices, y, axis, use_lock,
                                                                           check_index_bound), "old"))
_row("expand_as", ("other: Tensor", lambda s, other: F.broadcast_to(s, other.shape)),
     ("x: Tensor", lambda s, x: F.broadcast_to(s, x.shape), "old"))
# PyTorch's repeat: the whole Tensor tiled (MindSpore 2.10's CPU kernel exists only in Graph mode)
_row("repeat", ("repeats: int...", lambda s, repeats: F.tile(s, tuple(repeats))))


def _repeat_interleave(s, repeats, dim, output_size=None):
    if isinstance(repeats, (list, tuple)):
        repeats = Tensor(list(repeats), mstype.int64)
    return F.repeat_interleave(s, repeats, dim)


_row("repeat_interleave", ("repeats: int|Tensor|list[int]|tuple[int], dim: int = None", _repeat_interleave, "old"),
     ("repeats: Tensor|list[int]|tuple[int], dim: int = None, *, output_size: int = None", _repeat_interleave),
     ("repeats: int, dim: int = None, *, output_size: int = None", _repeat_interleave))


def _check_axis(s, name, *axes):
    n = builtins_max(s.ndim, 1)
    for a in axes:
        if not isinstance(a, int) or isinstance(a, bool):
            raise TypeError(f"For ops.{name}, the axis argument must be integer, but got {type(a)}.")
        if not -n <= a < n:
            raise ValueError(f"The 'axis' must be in the range of [{-n}, {n}), but got {a}.")


def permuted(out, src, perm):
    """Mark ``out`` (``src`` with its axes in the order ``perm``) as a transposed view of ``src``'s memory,
    which ``Tensor.is_contiguous`` reads."""
    if src.ndim:
        base = src.__dict__.get("_view_perm") or tuple(range(src.ndim))
        out.__dict__["_view_perm"] = tuple(base[p % src.ndim] for p in perm)
    return out


def _swapped(s, a, b):
    perm = list(range(s.ndim))
    if s.ndim:
        perm[a], perm[b] = perm[b], perm[a]
    return permuted(F.swapaxes(s, a, b), s, perm)


def _swapaxes(s, axis0, axis1):
    _check_axis(s, "swapaxes", axis0, axis1)
    return _swapped(s, axis0, axis1)


_row("swapaxes", ("axis0: any, axis1: any", _swapaxes))
_row("swapdims", ("dim0: any, dim1: any", lambda s, dim0, dim1: _swapaxes(s, dim0, dim1)))


def _permute(s, axes):
    n = s.ndim
    if axes is None:
        return permuted(F.transpose(s, tuple(range(n))[::-1]), s, tuple(range(n))[::-1])
    axes = tuple(axes)
    if len(axes) != n:
        raise ValueError(f"For 'Transpose', size of perm should equal to rank of x, but got {len(axes)} and {n}!")
    for a in axes:
        if not -builtins_max(n, 1) <= a < builtins_max(n, 1):
            raise ValueError(f"For primitive[Transpose], the perm value must be in [{-n},{n}), but got {a}.")
    seen = set()
    for a in axes:
        if a % builtins_max(n, 1) in seen:
            raise ValueError(f"For 'Transpose' perms should all be unique dim, but{a} is not unique!")
        seen.add(a % builtins_max(n, 1))
    return permuted(F.transpose(s, axes), s, axes)


def _swap_dims(s, dim0, dim1):
    n = builtins_max(s.ndim, 1)
    for d in (dim0, dim1):
        if not -n <= d < n:
            raise ValueError(f"Dimension out of range (expected to be in range of [{-n}, {n}), but got {d})")
    return _swapped(s, dim0, dim1) if s.ndim else s


_row("transpose", ("dim0: int, dim1: int", _swap_dims), ("axes: int... = None", _permute, "old"))
_row("permute", ("dims: int...", lambda s, dims: _permute(s, dims)))


def _split_along(fn):
    def split(s, indices_or_sections):  # the functional op's checks and messages (MindSpore's)
        return fn(s, indices_or_sections)
    return split


_row("hsplit", ("indices_or_sections: int|tuple[int]|list[int]", _split_along(F.hsplit)))
_row("vsplit", ("indices_or_sections: int|tuple[int]|list[int]", _split_along(F.vsplit)))
_row("dsplit", ("indices_or_sections: int|tuple[int]|list[int]", _split_along(F.dsplit)))


def _sign(s):
    out = F.sign(s)
    if s.dtype.kind == "f" or s.dtype == mstype.bfloat16:  # MindSpore: the sign of NaN is 0
        out = F.select(F.isnan(s), F.zeros_like(out), out)
    return out


_row("sign", ("", _sign))
_row("t", ("", lambda s: permuted(F.t(s), s, (1, 0)) if s.ndim == 2 else F.t(s)))
_row("abs", ("", lambda s: F.abs(s)))
_row("equal", ("other: Tensor|Number", lambda s, other: F.equal(s, other)))
_row("reshape", ("shape: int...|Tensor", lambda s, shape: F.reshape(s, shape)))


def install() -> list:
    for name, sigs in ROWS.items():
        setattr(Tensor, name, overload(name, *sigs))
    return list(ROWS)
