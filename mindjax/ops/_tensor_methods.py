"""Tensor's operators and methods, attached from the functional ops (one definition each). The methods
with several MindSpore signatures (``sum``, ``max``, ``transpose``...) are in ``_tensor_overload_rows``."""
from __future__ import annotations

from .. import _dtype as mstype
from .._tensor import Tensor
from . import functional as F
from . import array as A
from ._base import cast as _cast_any  # Tensor.astype/to/view take numpy types and names too


def _rev(fn):
    return lambda self, other: fn(other, self)


def _setitem(self, key, value):
    from ._tensor_inplace import before
    new = A.setitem(before(self), key, value)
    self._data = new._data
    from ..common.parameter import Parameter
    if not isinstance(self, Parameter):
        self._node, self._idx = new._node, new._idx


def _astype(self, dtype, copy=True):
    return _cast_any(self, dtype)


def _reshape(self, *shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list, Tensor)):
        shape = shape[0]
    return F.reshape(self, shape)


def _view(self, *shape):
    if len(shape) == 1 and not isinstance(shape[0], int) and not isinstance(shape[0], (tuple, list)):
        return _cast_any(self, shape[0])
    return _reshape(self, *shape)


def _squeeze(self, *axis, **kwargs):
    if "axis" in kwargs:  # Tensor.squeeze(axis=2)
        axis = (kwargs.pop("axis"),) + axis
    if not axis or axis == (None,):
        return F.squeeze(self)
    return F.squeeze(self, axis[0] if len(axis) == 1 else axis)


def _copy(self):
    return Tensor._make(self._data) if self._node is None else F.identity(self)


def _register_hook(self, hook):
    from .._autograd.hooks import register_tensor_hook
    return register_tensor_hook(self, hook)


def _set_dtype(self, dtype):
    self._data = _cast_any(self, dtype)._data
    return self


def _T(self):
    return self.transpose()


def _argmax(self, axis=None, keepdims=False):
    return F.argmax(self, axis, keepdims)


def _argmin(self, axis=None, keepdims=False):
    return F.argmin(self, axis, keepdims)


def _std(self, *args, **kwargs):
    """Tensor.std's two overloads: (axis=None, ddof=0, keepdims=False) and, when ``dim``,
    ``correction`` or ``keepdim`` is given by keyword, (dim=None, *, correction=1, keepdim=False)."""
    if kwargs.keys() & {"dim", "correction", "keepdim"}:
        return _std_ext(self, *args, **kwargs)
    return _std_np(self, *args, **kwargs)


def _std_np(self, axis=None, ddof=0, keepdims=False):
    return F.std(self, axis, ddof, keepdims)


def _std_ext(self, dim=None, *, correction=1, keepdim=False):
    return F.std(self, dim, correction, keepdim)


def _var(self, axis=None, ddof=0, keepdims=False):
    return F.var(self, axis, ddof, keepdims)


def _to(self, dtype):
    return _cast_any(self, dtype)


def _eq(self, other):
    # as MindSpore: comparing with something that is not a number or Tensor is just False
    if not isinstance(other, (int, float, Tensor)):
        return False
    return F.equal(self, other)


def _ne(self, other):
    if not isinstance(other, (int, float, Tensor)):
        return True
    return F.not_equal(self, other)


def _alpha_op(op):
    # ``x.__sub__(y, alpha=2)``, and the augmented forms: MindSpore's ``x -= y`` makes a new Tensor
    # (the name then refers to it; a Tensor that shared the old value keeps it)
    def method(self, other, *, alpha=1):
        return op(self, other if alpha == 1 else F.mul(other, alpha))
    return method


def _size_method(self, dim=None):
    return self.shape if dim is None else self.shape[dim]


def _bitwise(logical, bitwise, reflected=False):
    """``a & b`` (``|``, ``^``): logical on two bools (a bool Tensor with a bool Tensor or a Python bool),
    bitwise otherwise, with the number promoted (``1 & t``, as graph mode gives it)."""
    def op(a, b):
        x, y = (b, a) if reflected else (a, b)
        both_bool = all(isinstance(v, bool) or (isinstance(v, Tensor) and v.dtype == mstype.bool_) for v in (x, y))
        return logical(x, y) if both_bool else bitwise(x, y)
    return op


_METHODS = {
    "__add__": _alpha_op(F.add), "__radd__": _rev(F.add), "__sub__": _alpha_op(F.sub), "__rsub__": _rev(F.sub),
    "__mul__": F.mul, "__rmul__": _rev(F.mul), "__truediv__": F.div, "__rtruediv__": _rev(F.div),
    "__floordiv__": F.floor_div, "__rfloordiv__": _rev(F.floor_div), "__mod__": F.floor_mod,
    "__rmod__": _rev(F.floor_mod), "__pow__": F.pow, "__rpow__": _rev(F.pow), "__matmul__": F.matmul,
    "__rmatmul__": _rev(F.matmul), "__neg__": F.neg, "__pos__": lambda self: self, "__abs__": F.abs,
    "__invert__": lambda self: F.logical_not(self) if self.dtype == mstype.bool_ else Tensor._make(~self._data),
    "__and__": _bitwise(F.logical_and, F.bitwise_and), "__or__": _bitwise(F.logical_or, F.bitwise_or),
    "__xor__": _bitwise(F.logical_xor, F.bitwise_xor), "__rand__": _bitwise(F.logical_and, F.bitwise_and, True),
    "__ror__": _bitwise(F.logical_or, F.bitwise_or, True), "__rxor__": _bitwise(F.logical_xor, F.bitwise_xor, True),
    "__eq__": _eq, "__ne__": _ne, "__lt__": F.less, "__le__": F.less_equal, "__gt__": F.greater,
    "__ge__": F.greater_equal,
    "__iadd__": _alpha_op(F.add), "__isub__": _alpha_op(F.sub), "__imul__": F.mul, "__itruediv__": F.div,
    "__ifloordiv__": F.floor_div, "__imod__": F.floor_mod,
    "__getitem__": A.getitem, "__setitem__": _setitem,
    "mul": F.mul, "true_divide": F.div, "pow": F.pow, "matmul": F.matmul, "neg": F.neg, "exp": F.exp,
    "log": F.log, "log1p": F.log1p, "sqrt": F.sqrt, "rsqrt": F.rsqrt, "square": F.square, "sin": F.sin,
    "cos": F.cos, "tanh": F.tanh, "sigmoid": F.sigmoid, "relu": F.relu, "floor": F.floor, "ceil": F.ceil,
    "reciprocal": F.reciprocal, "erf": F.erf, "isnan": F.isnan, "isinf": F.isinf, "isfinite": F.isfinite,
    "maximum": F.maximum, "minimum": F.minimum, "not_equal": F.not_equal, "gt": F.greater,
    "ge": F.greater_equal, "lt": F.less, "le": F.less_equal,
    "logical_and": F.logical_and, "logical_or": F.logical_or, "logical_not": F.logical_not,
    "astype": _astype, "to": _to, "float": lambda self: F.cast(self, mstype.float32),
    "half": lambda self: F.cast(self, mstype.float16), "int": lambda self: F.cast(self, mstype.int32),
    "long": lambda self: F.cast(self, mstype.int64), "bool": lambda self: F.cast(self, mstype.bool_),
    "double": lambda self: F.cast(self, mstype.float64),
    "view": _view, "expand_dims": F.expand_dims, "unsqueeze": F.expand_dims, "squeeze": _squeeze,
    "ravel": F.ravel, "broadcast_to": F.broadcast_to, "tile": F.tile, "flip": F.flip, "roll": F.roll,
    "gather_elements": F.gather_elements, "masked_fill": F.masked_fill, "prod": F.prod, "argmax": _argmax,
    "argmin": _argmin, "std": _std, "var": _var, "logsumexp": F.logsumexp, "softmax": F.softmax,
    "log_softmax": F.log_softmax, "copy": _copy, "clone": _copy, "topk": F.topk, "argsort": F.argsort,
    "nonzero": F.nonzero,
    "register_hook": _register_hook, "set_dtype": _set_dtype, "narrow": lambda self, axis, start, length: A.getitem(
        self, (slice(None),) * (axis % self.ndim) + (slice(start, start + length),)),
    "outer": F.outer, "lerp": F.lerp, "addmm": F.addmm, "dim": lambda self: self.ndim,
    "numel": lambda self: self.size, "nelement": lambda self: self.size, "size_of": _size_method,
    "stop_gradient": F.stop_gradient, "floor_divide": F.floor_div,
    "square_sum": F.square_sum, "atan2": F.atan2, "fmod": F.truncate_mod,
}


def install() -> None:
    from . import _tensor_methods_more, _tensor_inplace, _tensor_helpers, _tensor_overload_rows
    for name, fn in _METHODS.items():
        setattr(Tensor, name, fn)
    # the rest of MindSpore's methods: each installed only when the ops it calls exist
    _tensor_methods_more.install()
    _tensor_inplace.install()
    _tensor_helpers.install()
    _tensor_overload_rows.install()  # the methods with several signatures (MindSpore's overloads)
    Tensor.T = property(_T)
    Tensor.mT = property(lambda self: _tensor_overload_rows._swapped(self, -1, -2) if self.ndim >= 2 else F.swapaxes(
        self, -1, -2))
    Tensor.__hash__ = lambda self: id(self)
