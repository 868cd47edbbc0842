"""``ops.auto_generate.ScatterValue``: the Primitive behind ``mint.scatter(input, dim, index, value)``
with a scalar ``value``: ``input`` with ``input[..., index[i, j], ...] = value`` along ``dim``.

Example:
    >>> import numpy as np
    >>> import mindjax as ms
    >>> from mindjax.ops.auto_generate import ScatterValue
    >>> x = ms.Tensor(np.zeros((2, 3), np.float32))
    >>> ScatterValue()(x, 1, ms.Tensor([[0], [2]]), 5.).asnumpy().tolist()
    [[5.0, 0.0, 0.0], [0.0, 0.0, 5.0]]
"""
from __future__ import annotations

import numbers

import numpy as np

from ..._tensor import Tensor
from .. import _array_more as _am
from .._base import tensor_of
from .._primitive import Primitive

# MindSpore's enum names for 'reduce', and the element-scatter mode each one is
_REDUCE = {"none": "none", "add": "add", "multiply": "mul"}


def scatter_value(input: Tensor, dim: int, index: Tensor, value, reduce: str = "none") -> Tensor:
    """``input`` with ``value`` written (``reduce`` "none"), added ("add") or multiplied ("multiply") at
    ``index`` along ``dim``; indices outside ``input`` are skipped, as MindSpore's kernel does. The
    gradient w.r.t. ``input`` is zero at the written positions (for "none")."""
    name = "ScatterValue"
    if not isinstance(reduce, str) or reduce not in _REDUCE:
        raise ValueError(f"Failed to convert the value \"{reduce}\" of input 'reduce' of '{name}' to enum.")
    x = tensor_of(input, name)
    idx = tensor_of(index, name)
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise TypeError(f"For '{name}', the 'src' must be a number or a 0-D Tensor, but got a Tensor of "
                            f"shape {list(value.shape)}.")
    elif not isinstance(value, (numbers.Number, np.generic)) or isinstance(value, (bool, np.bool_)):
        raise TypeError(f"For '{name}', the 'src' must be a number, but got {type(value).__name__}.")
    if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
        raise TypeError(f"For '{name}', the 'dim' must be an int, but got {type(dim).__name__}.")
    if idx.ndim != x.ndim:
        raise RuntimeError(f"For '{name}', the dimension of 'input', 'index' should be same, but got input dims: "
                           f"{x.ndim}; index dims: {idx.ndim}.")
    if not -x.ndim <= dim < max(x.ndim, 1):
        raise RuntimeError(f"For '{name}', the 'dim' should be less than input dims and greater than or equal "
                           f"{-x.ndim}, but got {dim}, while input dims is: {x.ndim}")
    from ... import ops as _ops
    src = _ops.full(tuple(idx.shape), value, dtype=x.dtype)
    return _am._elements_call(name, x, int(dim), idx, src, _REDUCE[reduce])


class ScatterValue(Primitive):
    """``ScatterValue()(input, dim, index, src, reduce='none')``: ``mint.scatter`` with a scalar ``src``
    (see :func:`scatter_value`)."""

    def __init__(self):
        super().__init__("ScatterValue")

    def __call__(self, input, dim, index, src, reduce="none"):
        return scatter_value(input, dim, index, src, reduce)
