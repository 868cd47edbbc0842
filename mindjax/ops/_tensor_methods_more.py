"""The rest of MindSpore 2.10's Tensor methods, each a signature translation onto one functional op.

Every row names the functional ops (in ``mindjax.ops.functional``) that the method calls; a method
is installed only when all of them exist, so a method whose op is not implemented yet is absent
(AttributeError), never a stub. The in-place methods are in ``_tensor_inplace``.

Examples:
    >>> import mindjax as ms
    >>> x = ms.Tensor([[1.0, -2.0], [3.0, 4.0]])
    >>> print(x.amax(1), x.tril())
    [1. 4.] [[1. 0.]
     [3. 4.]]
"""
from __future__ import annotations

from .. import _dtype as mstype
from .._tensor import Tensor
from . import functional as F

# name -> (ops it needs, function)
ROWS: dict = {}


def _row(name: str, ops: tuple, fn) -> None:
    ROWS[name] = (tuple(ops), fn)


def _same(name: str, op: str | None = None) -> None:
    """A method that is the op with ``self`` first and the rest of the arguments as they are."""
    op = op or name
    _row(name, (op,), lambda self, *args, **kwargs: getattr(F, op)(self, *args, **kwargs))


for _n in ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cosh", "sinh", "tan", "erfc", "erfinv", "expm1",
           "log10", "log2", "trunc", "frac", "sinc", "positive", "deg2rad", "rad2deg", "digamma", "lgamma", "sgn",
           "signbit", "isneginf", "isposinf", "isreal", "msort", "fliplr", "flipud", "adjoint", "conj",
           "angle", "real", "imag", "argwhere", "nan_to_num", "logit", "invert", "bitwise_and", "bitwise_or",
           "bitwise_xor", "gcd", "lcm", "bitwise_left_shift", "bitwise_right_shift", "ldexp", "igamma", "igammac",
           "mvlgamma", "logaddexp", "logaddexp2", "copysign", "fmax", "fmin", "hypot", "nextafter", "xdivy", "xlogy",
           "heaviside", "float_power", "isclose", "bmm", "dot", "inner", "ger", "cholesky", "cholesky_inverse",
           "cholesky_solve", "det", "matrix_determinant", "log_matrix_determinant", "logdet", "slogdet", "inverse",
           "matrix_power", "eigvals", "svd", "geqrf", "lu_solve", "lstsq", "orgqr", "ormqr", "diagflat",
           "diagonal_scatter", "renorm", "amax", "amin", "cummax", "cummin", "cumprod", "logcumsumexp",
           "median", "nanmedian", "nanmean", "nanquantile", "quantile", "cov", "histc", "bincount", "diff",
           "moveaxis", "movedim", "rot90", "tensor_split", "index_select",
           "masked_select", "gather_nd", "unique_consecutive", "unique_with_pad", "inplace_update",
           "select_scatter", "slice_scatter", "reverse_sequence", "unsorted_segment_max", "unsorted_segment_min",
           "unsorted_segment_prod",
           "fold", "unfold", "col2im", "random_categorical", "multinomial", "is_complex",
           "is_floating_point", "fills"]:
    _same(_n)
for _n, _op in [("absolute", "abs"), ("arccos", "acos"), ("arccosh", "acosh"), ("arcsin", "asin"),
                ("arcsinh", "asinh"), ("arctan", "atan"), ("arctanh", "atanh"), ("arctan2", "atan2"),
                ("negative", "neg"), ("inv", "reciprocal"), ("i0", "bessel_i0"), ("soft_shrink", "softshrink"), ("eq", "equal"),
                ("ne", "not_equal"), ("greater", "greater"), ("greater_equal", "greater_equal"), ("less", "less"),
                ("less_equal", "less_equal"), ("logical_xor", "logical_xor"), ("multiply", "mul"),
                ("reverse", "flip"), ("bitwise_not", "invert"), ("scatter_div", "tensor_scatter_div"),
                ("scatter_max", "tensor_scatter_max"), ("scatter_min", "tensor_scatter_min"),
                ("scatter_mul", "tensor_scatter_mul"), ("scatter_sub", "tensor_scatter_sub")]:
    _same(_n, _op)


def _subtract(self, other, *, alpha=1):
    return F.sub(self, other if alpha == 1 else F.mul(other, alpha))


_row("subtract", ("sub", "mul"), _subtract)
_row("divide", ("div",), lambda self, other, *, rounding_mode=None: F.div(self, other, rounding_mode=rounding_mode))
_row("allclose", ("isclose", "all"), lambda self, other, rtol=1e-05, atol=1e-08, equal_nan=False: bool(
    F.all(F.isclose(self, other, rtol, atol, equal_nan))))
_row("approximate_equal", ("abs", "sub", "less"), lambda self, other, tolerance=1e-05: F.less(
    F.abs(F.sub(self, other)), tolerance))
_row("where", ("where",), lambda self, condition, y: F.where(condition, self, y))
_row("addbmm", ("addbmm",), lambda self, batch1, batch2, *, beta=1, alpha=1: F.addbmm(
    self, batch1, batch2, beta=beta, alpha=alpha))
_row("baddbmm", ("baddbmm",), lambda self, batch1, batch2, *, beta=1, alpha=1: F.baddbmm(
    self, batch1, batch2, beta=beta, alpha=alpha))
_row("addmv", ("addmv",), lambda self, mat, vec, *, beta=1, alpha=1: F.addmv(self, mat, vec, beta=beta, alpha=alpha))
_row("addr", ("addr",), lambda self, vec1, vec2, beta=1, alpha=1: F.addr(self, vec1, vec2, beta=beta, alpha=alpha))
_row("addcdiv", ("addcdiv",), lambda self, tensor1, tensor2, *, value=1: F.addcdiv(self, tensor1, tensor2, value))
_row("addcmul", ("addcmul",), lambda self, tensor1, tensor2, value=1: F.addcmul(self, tensor1, tensor2, value))
_row("cross", ("cross",), lambda self, other, dim=None: F.cross(self, other, dim))
_row("qr", ("qr",), lambda self, some=True: F.qr(self, "reduced" if some else "complete"))
_row("triangular_solve", ("triangular_solve",), lambda self, A, upper=True, transpose=False, unitriangular=False:
     F.triangular_solve(self, A, upper, transpose, unitriangular))
_row("diagonal", ("diagonal",), lambda self, offset=0, axis1=0, axis2=1: F.diagonal(self, offset, axis1, axis2))


def _searchsorted(self, v, side="left", sorter=None):
    if side not in ("left", "right"):
        raise ValueError(f"For 'Tensor.searchsorted', the argument 'side' should be one of in ['left', 'right'], "
                         f"but got {side}.")
    v = v if isinstance(v, Tensor) else Tensor(v)
    if sorter is not None and not isinstance(sorter, Tensor):
        sorter = Tensor(sorter)
    # the method (unlike ops.searchsorted's default) gives int32 positions
    return F.searchsorted(self, v, out_int32=True, right=side == "right", sorter=sorter)


def _top_k(self, k, sorted=True):
    values, indices = F.top_k(self, k, sorted)
    return values, F.cast(indices, mstype.int32)  # TopK's indices are int32 (ops.top_k should give them so)


_row("searchsorted", ("searchsorted",), _searchsorted)
_row("top_k", ("top_k", "cast"), _top_k)


def _diag(self, diagonal=0):
    if diagonal != 0:
        raise ValueError(f"For 'Tensor.diag', the argument 'diagonal' should be '0', but got {diagonal}.")
    return F.diag(self)


def _tri(name):
    def method(self, diagonal=0):
        if not isinstance(diagonal, int) or isinstance(diagonal, bool):
            raise TypeError(f'Failed calling {name} with "{name}({type(diagonal).__name__})".')
        return getattr(F, name)(self, diagonal)
    method.__name__ = name
    return method


def _trace(self, offset=0, axis1=0, axis2=1, dtype=None):
    if offset == 0 and axis1 == 0 and axis2 == 1 and dtype is None and self.ndim == 2:
        return F.trace(self)
    out = F.sum(F.diagonal(self, offset, axis1, axis2), -1)
    return out if dtype is None else F.cast(out, dtype)


def _count_nonzero(self, axis=(), keep_dims=False, dtype=None):
    return F.count_nonzero(self, axis, keep_dims, mstype.int32 if dtype is None else dtype)


def _ptp(self, axis=None, keepdims=False):
    return F.sub(F.amax(self, axis, keepdims), F.amin(self, axis, keepdims))


def _with_value(op):
    def method(self, axis=0, keep_dims=False):
        return getattr(F, "amax" if op == "argmax" else "amin")(self, axis, keep_dims), getattr(F, op)(
            self, axis, keep_dims)
    return method


def _kthvalue(self, k, dim=-1, keepdim=False):
    values, indices = F.sort(self, dim)
    idx = Tensor([k - 1], mstype.int64)
    v, i = F.index_select(values, dim, idx), F.index_select(indices, dim, idx)
    if not keepdim:
        v, i = F.squeeze(v, dim), F.squeeze(i, dim)
    return v, F.cast(i, mstype.int64)


def _nansum(self, axis=None, keepdims=False, *, dtype=None):
    return F.nansum(self, axis, keepdims, dtype=dtype)


def _unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
    values = F.sort(F.reshape(self, (-1,)))[0]
    out, counts = F.unique_consecutive(values, return_counts=True)
    res = [out]
    if return_inverse:
        res.append(F.cast(F.searchsorted(out, self), mstype.int64))
    if return_counts:
        res.append(F.cast(counts, mstype.int64))
    return tuple(res) if len(res) > 1 else out


def _unbind(self, dim=0):
    return F.unbind(self, dim)


def _take(self, indices, axis=None, mode="clip"):
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"For 'Tensor.take', the argument 'mode' should be one of in ['raise', 'wrap', 'clip'], "
                         f"but got {mode}.")
    src = F.reshape(self, (-1,)) if axis is None else self
    n = src.shape[0 if axis is None else axis]
    indices = indices if isinstance(indices, Tensor) else Tensor(indices, mstype.int64)
    if mode == "clip":  # as MindSpore: a negative index counts from the end, then the index is clipped
        indices = F.clamp(F.select(F.less(indices, 0), F.add(indices, n), indices), 0, n - 1)
    elif mode == "wrap":
        indices = F.floor_mod(indices, n)
    return F.gather(src, indices, 0 if axis is None else axis)


def _choose(self, choices, mode="clip"):
    # numpy's choose: self and every choice broadcast together; 'wrap' takes the index modulo len(choices)
    from .. import numpy as mnp
    return mnp.choose(self, choices, mode)


def _index_put(self, indices, values, accumulate=False):
    from . import array as A
    key = tuple(indices)
    return F.add(self, _scatter_sum(self, key, values)) if accumulate else A.setitem(self, key, values)


def _scatter_sum(self, key, values):
    """zeros of self's shape with ``values`` summed at ``key`` (repeated indices add up)."""
    idx = F.stack([F.cast(k, mstype.int64) for k in key], -1)
    return F.scatter_nd(idx, F.broadcast_to(F.cast(values, self.dtype), idx.shape[:-1]), self.shape)


def _masked_scatter(self, mask, source):
    mask = F.broadcast_to(mask, self.shape)
    pos = F.sub(F.cumsum(F.cast(F.reshape(mask, (-1,)), mstype.int64), 0), 1)
    picked = F.gather(F.reshape(source, (-1,)), F.clamp(pos, 0, None), 0)
    return F.select(mask, F.reshape(picked, self.shape), self)


def _fill_diagonal(self, fill_value, wrap=False):
    from . import array as A
    if self.ndim < 2:
        raise ValueError(f"The primitive[FillDiagonal] argument [input_x] must be a Tensor whose dimension is "
                         f"greater than or equal to 2, but got its dimension [{self.ndim}].")
    n = min(self.shape) if self.ndim > 2 or not wrap else self.shape[0]
    if self.ndim == 2 and wrap:
        rows = [r for r in range(self.shape[0]) if r % (self.shape[1] + 1) < self.shape[1]]
        key = (Tensor(rows, mstype.int64), Tensor([r % (self.shape[1] + 1) for r in rows], mstype.int64))
    else:
        ar = Tensor(list(range(min(self.shape[0], self.shape[1]) if self.ndim == 2 else n)), mstype.int64)
        key = (ar,) * self.ndim
    return A.setitem(self, key, fill_value)


def _expand(self, *size):
    if len(size) == 1 and isinstance(size[0], Tensor):  # MindSpore's Tensor.expand(size: Tensor)
        from .._jit.dynamic_break import concrete
        size = tuple(int(v) for v in concrete("expand", size[0]).reshape(-1))
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    return F.broadcast_to(self, tuple(size))


def _sum_to_size(self, *size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    size = tuple(size)
    ok = len(size) <= self.ndim and all(s in (1, d) for s, d in zip(size[::-1], self.shape[::-1]))
    if not ok:
        raise ValueError(f"For sum_to_size, size {size} is not expandable to the tensor size {self.shape}.")
    return F.sum_to(self, size)


def _new(self, size, fill, dtype, name="new_full"):
    if not isinstance(size, (tuple, list, int)) or isinstance(size, bool) or (
            isinstance(size, (tuple, list)) and not all(isinstance(s, int) for s in size)):
        raise TypeError(f"{name}(): argument 'size' (position 1) must be tuple of int, not {type(size).__name__}.")
    return F.full(size if not isinstance(size, int) else (size,), fill, dtype=dtype or self.dtype)


def _type(self, dtype=None):
    return str(self.dtype) if dtype is None else F.cast(self, dtype)


def _resize(self, *new_shape):
    if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)):
        new_shape = tuple(new_shape[0])
    n = 1
    for d in new_shape:
        n *= d
    flat = F.reshape(self, (-1,))
    if n > self.size:
        flat = F.concat((flat, F.zeros((n - self.size,), self.dtype)))
    return F.reshape(flat[:n], tuple(new_shape))


def _itemset(self, *args):
    from . import array as A
    if len(args) == 1:
        return F.full_like(self, args[0])
    index, value = args[:-1], args[-1]
    if len(index) == 1 and isinstance(index[0], int):
        flat = A.setitem(F.reshape(self, (-1,)), index[0], value)
        return F.reshape(flat, self.shape)
    return A.setitem(self, index[0] if len(index) == 1 else tuple(index), value)


def _stride(self, dim=None):
    st, acc = [], 1
    for d in reversed(self.shape):
        st.append(acc)
        acc *= max(d, 1)
    st = st[::-1]
    return st if dim is None else st[dim]


def _random_uniform(self, lo, hi):
    return F.uniform(self.shape, Tensor(lo, mstype.float32), Tensor(hi, mstype.float32), dtype=mstype.float32)


def _cauchy(self, median=0.0, sigma=1.0):
    u = _random_uniform(self, 0.0, 1.0)
    return F.cast(F.add(F.mul(F.tan(F.mul(F.sub(u, 0.5), 3.141592653589793)), sigma), median), self.dtype)


def _log_normal(self, mean=1.0, std=2.0):
    return F.cast(F.exp(F.normal(self.shape, Tensor(mean, mstype.float32), Tensor(std, mstype.float32))), self.dtype)


def _uniform(self, from_=0.0, to=1.0, generator=None):
    return F.cast(_random_uniform(self, from_, to), self.dtype)


def _H(self):
    if self.ndim != 2:
        raise ValueError(f"For tensor.H, only 2-D Tensor is supported, but got {self.ndim}-D.")
    return F.adjoint(self) if self.dtype.kind == "c" else F.transpose(self, (1, 0))


def _mH(self):
    return F.adjoint(self) if self.dtype.kind == "c" else F.swapaxes(self, -1, -2)


_row("diag", ("diag",), _diag)
_row("tril", ("tril",), _tri("tril"))
_row("triu", ("triu",), _tri("triu"))
_row("trace", ("trace", "diagonal", "sum"), _trace)
_row("count_nonzero", ("count_nonzero",), _count_nonzero)
_row("ptp", ("amax", "amin"), _ptp)
_row("argmax_with_value", ("argmax", "amax"), _with_value("argmax"))
_row("argmin_with_value", ("argmin", "amin"), _with_value("argmin"))
_row("kthvalue", ("sort", "squeeze"), _kthvalue)
_row("nansum", ("nansum",), _nansum)
_row("unique", ("sort", "unique_consecutive", "searchsorted"), _unique)
_row("unbind", ("unbind",), _unbind)
_row("take", ("gather", "floor_mod", "select"), _take)
_row("choose", ("stack", "gather_elements"), _choose)
_row("index_fill", ("index_fill",), lambda self, axis, index, value: F.index_fill(self, axis, index, value))
_row("index_put", ("scatter_nd", "stack"), _index_put)
_row("masked_scatter", ("cumsum", "gather", "select"), _masked_scatter)
_row("fill_diagonal", (), _fill_diagonal)
_row("expand", ("broadcast_to",), _expand)
_row("sum_to_size", ("sum_to",), _sum_to_size)
_row("new_zeros", ("full",), lambda self, size, dtype=None: _new(self, size, 0, dtype, "new_zeros"))
_row("new_ones", ("full",), lambda self, size, dtype=None: _new(self, size, 1, dtype, "new_ones"))
_row("new_full", ("full",), lambda self, size, fill_value, *, dtype=None: _new(self, size, fill_value, dtype))
_row("new_empty", ("full",), lambda self, size, *, dtype=None, device=None: _new(self, size, 0, dtype,
                                                                                        "new_empty"))
_row("fill", ("full_like",), lambda self, value: F.full_like(self, value))
_row("reshape_as", ("reshape",), lambda self, other: F.reshape(self, other.shape))
_row("view_as", ("reshape",), lambda self, other: F.reshape(self, other.shape))
_row("type_as", ("cast",), lambda self, other: F.cast(self, other.dtype))
_row("type", ("cast",), _type)
_row("bfloat16", ("cast",), lambda self: F.cast(self, mstype.bfloat16))
_row("byte", ("cast",), lambda self: F.cast(self, mstype.uint8))
_row("short", ("cast",), lambda self: F.cast(self, mstype.int16))
_row("resize", ("reshape", "concat", "zeros"), _resize)
_row("itemset", ("full_like",), _itemset)
_row("ndimension", (), lambda self: self.ndim)
_row("is_signed", (), lambda self: self.dtype.kind in "ifc" or self.dtype == mstype.bfloat16)
_row("stride", (), _stride)
_row("storage_offset", (), lambda self: 0)
_row("value", (), lambda self: self)
_row("bernoulli", ("bernoulli",), lambda self, *, generator=None: F.bernoulli(self, self))
_row("uniform", ("uniform",), _uniform)
_row("cauchy", ("uniform", "tan"), _cauchy)
_row("log_normal", ("normal", "exp"), _log_normal)
PROPERTIES = {"H": (("adjoint",), _H), "mH": (("adjoint",), _mH)}


def install() -> list:
    """Attach the rows whose ops exist; returns the names attached."""
    done = []
    for name, (ops, fn) in ROWS.items():
        if all(hasattr(F, op) for op in ops):
            fn.__name__ = name
            fn.__qualname__ = f"Tensor.{name}"
            if not fn.__doc__ and ops:
                fn.__doc__ = (f"``Tensor.{name}``: MindSpore's Tensor method, computed by ``ops.{ops[0]}`` with "
                              f"the Tensor as its input (see that op for the arguments and an example).")
            setattr(Tensor, name, fn)
            done.append(name)
    for name, (ops, fn) in PROPERTIES.items():
        if all(hasattr(F, op) for op in ops):
            setattr(Tensor, name, property(fn))
            done.append(name)
    return done


def missing_ops(name: str) -> list:
    """The ops a method needs that ``mindjax.ops`` does not have (empty when it is installed)."""
    rows = {**ROWS, **PROPERTIES}
    if name not in rows:
        return []
    return [op for op in rows[name][0] if not hasattr(F, op)]
