"""``mindspore.numpy`` comparisons, predicates and set membership over ``mindjax.ops`` (bool results)."""
from __future__ import annotations

import numbers

import numpy as onp

from .. import _dtype as mstype
from .. import ops
from .._tensor import Tensor
from .utils import to_tensor, array_like, norm_axis, finish

__all__ = ["not_equal", "less_equal", "less", "greater_equal", "greater", "equal", "isfinite", "isnan", "isinf",
           "isposinf", "isneginf", "isscalar", "logical_and", "logical_not", "logical_or", "logical_xor", "in1d",
           "isin", "isclose", "signbit", "sometrue", "array_equal", "array_equiv", "setdiff1d"]


def _cmp(fn, name: str, sym: str, shown: str):
    def f(x1, x2, dtype=None):
        a, b = array_like(x1), array_like(x2)
        dt = mstype.promote(a.dtype, b.dtype)
        return fn(ops.cast(a, dt), ops.cast(b, dt))
    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"``x1 {sym} x2`` elementwise.\n\n    Examples:\n        >>> import mindjax.numpy as np\n"
                 f"        >>> print(np.{name}(np.array([1, 2]), np.array([2, 2])))\n        {shown}\n    ")
    return f


not_equal = _cmp(ops.not_equal, "not_equal", "!=", "[ True False]")
less_equal = _cmp(ops.less_equal, "less_equal", "<=", "[ True  True]")
less = _cmp(ops.less, "less", "<", "[ True False]")
greater_equal = _cmp(ops.greater_equal, "greater_equal", ">=", "[False  True]")
greater = _cmp(ops.greater, "greater", ">", "[False False]")
equal = _cmp(ops.equal, "equal", "==", "[False  True]")


def _float_pred(fn, int_value: bool):
    def f(x, dtype=None):
        x = array_like(x)
        if x.dtype.kind != "f":
            return ops.full(x.shape, int_value, dtype=mstype.bool_)
        return fn(x)
    return f


def isfinite(x, dtype=None) -> Tensor:
    """True where ``x`` is neither infinite nor NaN.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.isfinite(np.array([1., np.inf])))
        [ True False]
    """
    return _float_pred(ops.isfinite, True)(x)


def isnan(x, dtype=None) -> Tensor:
    """True where ``x`` is NaN.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.isnan(np.array([1., np.nan])))
        [False  True]
    """
    return _float_pred(ops.isnan, False)(x)


def isinf(x, dtype=None) -> Tensor:
    """True where ``x`` is +inf or -inf.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.isinf(np.array([1., np.inf])))
        [False  True]
    """
    return _float_pred(ops.isinf, False)(x)


def isposinf(x) -> Tensor:
    """True where ``x`` is +inf.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.isposinf(np.array([-np.inf, np.inf])))
        [False  True]
    """
    return _float_pred(lambda t: ops.logical_and(ops.isinf(t), ops.greater(t, 0)), False)(x)


def isneginf(x) -> Tensor:
    """True where ``x`` is -inf.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.isneginf(np.array([-np.inf, np.inf])))
        [ True False]
    """
    return _float_pred(lambda t: ops.logical_and(ops.isinf(t), ops.less(t, 0)), False)(x)


def signbit(x, dtype=None) -> Tensor:
    """True where ``x`` is negative (``-0.0`` counts as not negative, as in MindSpore).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.signbit(np.array([-1., 0., -0.])))
        [ True False False]
    """
    return ops.less(array_like(x), 0)


def isscalar(element) -> bool:
    """Whether ``element`` is a Python scalar (number or string), not a Tensor or sequence.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.isscalar(3.1), np.isscalar(np.array(3.1)))
        True False
    """
    return isinstance(element, (numbers.Number, str, bytes, onp.generic))


def _logical(fn, name: str, shown: str):
    def f(x1, x2, dtype=None):
        a, b = (ops.cast(array_like(v), mstype.bool_) for v in (x1, x2))
        return fn(a, b)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"The logical {name.split('_')[1].upper()} of the truth values.\n\n    Examples:\n"
                 f"        >>> import mindjax.numpy as np\n"
                 f"        >>> print(np.{name}(np.array([True, False]), np.array([True, True])))\n        {shown}\n    ")
    return f


logical_and = _logical(ops.logical_and, "logical_and", "[ True False]")
logical_or = _logical(ops.logical_or, "logical_or", "[ True  True]")
logical_xor = _logical(ops.logical_xor, "logical_xor", "[False  True]")


def logical_not(a, dtype=None) -> Tensor:
    """The logical NOT of the truth values.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.logical_not(np.array([True, False])))
        [False  True]
    """
    return ops.logical_not(ops.cast(array_like(a), mstype.bool_))


def _member(element: Tensor, test: Tensor) -> Tensor:
    flat = ops.reshape(test, (-1,))
    dt = mstype.promote(element.dtype, flat.dtype)
    eq = ops.equal(ops.expand_dims(ops.cast(element, dt), -1), ops.cast(flat, dt))
    return ops.reduce_any(eq, -1)


def in1d(ar1, ar2, invert=False) -> Tensor:
    """Whether each element of the flattened ``ar1`` is in ``ar2``.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.in1d(np.array([1, 5]), np.array([1, 2])))
        [ True False]
    """
    res = _member(ops.reshape(to_tensor(ar1), (-1,)), to_tensor(ar2))
    return ops.logical_not(res) if invert else res


def isin(element, test_elements, invert=False) -> Tensor:
    """Whether each element of ``element`` is in ``test_elements`` (``element``'s shape).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.isin(np.array([[1, 5]]), np.array([1, 2])))
        [[ True False]]
    """
    res = _member(to_tensor(element), to_tensor(test_elements))
    return ops.logical_not(res) if invert else res


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False) -> Tensor:
    """Whether ``|a - b| <= atol + rtol * |b|`` elementwise (infinities equal when equal; NaN if ``equal_nan``).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.isclose(np.array([1., 2.]), np.array([1., 2.1])))
        [ True False]
    """
    a, b = array_like(a), array_like(b)
    dt = mstype.promote(a.dtype, b.dtype)
    if dt.kind != "f":
        dt = mstype.float32
    a, b = ops.cast(a, dt), ops.cast(b, dt)
    close = ops.less_equal(ops.abs(a - b), atol + rtol * ops.abs(b))
    inf_eq = ops.logical_and(ops.logical_or(ops.isinf(a), ops.isinf(b)), ops.equal(a, b))
    fin = ops.logical_and(ops.isfinite(a), ops.isfinite(b))
    res = ops.logical_or(ops.logical_and(close, fin), inf_eq)
    if equal_nan:
        res = ops.logical_or(res, ops.logical_and(ops.isnan(a), ops.isnan(b)))
    return res


def sometrue(a, axis=None, keepdims=False) -> Tensor:
    """Whether any element over ``axis`` is true.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.sometrue(np.array([0, 2])))
        True
    """
    a = ops.cast(to_tensor(a), mstype.bool_)
    axes = norm_axis(axis, a.ndim)
    return ops.reduce_any(a, axes, keepdims) if axes else a


def array_equal(a1, a2, equal_nan=False) -> Tensor:
    """Whether two arrays have the same shape and elements (a bool Tensor).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.array_equal(np.array([1, 2]), np.array([1, 2])))
        True
    """
    a, b = array_like(a1), array_like(a2)
    if a.shape != b.shape:
        return Tensor(False)
    eq = equal(a, b)
    if equal_nan:
        eq = ops.logical_or(eq, ops.logical_and(isnan(a), isnan(b)))
    return ops.reduce_all(eq)


def array_equiv(a1, a2) -> Tensor:
    """Whether two arrays are equal after broadcasting (a bool Tensor).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.array_equiv(np.array([1, 2]), np.array([[1, 2], [1, 2]])))
        True
    """
    a, b = array_like(a1), array_like(a2)
    try:
        onp.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        return Tensor(False)
    return ops.reduce_all(equal(a, b))


def setdiff1d(ar1, ar2, assume_unique=False) -> Tensor:
    """The values of ``ar1`` not in ``ar2`` (unique and sorted, or in ``ar1``'s order if ``assume_unique``).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.setdiff1d(np.array([3, 1, 2]), np.array([2])))
        [1 3]
    """
    a = ops.reshape(to_tensor(ar1), (-1,))
    keep = onp.logical_not(onp.isin(a.asnumpy(), to_tensor(ar2).asnumpy()))
    if assume_unique:
        idx = onp.nonzero(keep)[0]
    else:
        host = a.asnumpy()
        _, first = onp.unique(host, return_index=True)
        idx = onp.asarray([i for i in first if keep[i]], onp.int64)
    return ops.gather(a, Tensor(idx.astype(onp.int32)), 0)


__all__ = finish(globals(), __all__)
