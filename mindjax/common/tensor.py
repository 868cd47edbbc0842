"""``mindspore.common.tensor``: Tensor, ``tensor()`` and ``swap_tensors``."""
from __future__ import annotations

import numpy as np

from .._tensor import Tensor
from .. import _dtype as mstype

__all__ = ["Tensor", "tensor", "swap_tensors", "from_numpy", "frombuffer"]


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg: bool = False, device=None) -> Tensor:
    """``mindspore.tensor(data, dtype)``: a new Tensor (the functional form of ``Tensor``).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.tensor([1, 2], ms.float32))
        [1. 2.]
    """
    return Tensor(input_data, dtype, shape, init, const_arg, device)


def swap_tensors(tensor1: Tensor, tensor2: Tensor) -> None:
    """Exchange the contents (values, shape, dtype, gradient history) of two Tensors in place.

    Examples:
        >>> import mindjax as ms
        >>> a, b = ms.Tensor([1.0, 2.0]), ms.Tensor([3, 4, 5])
        >>> ms.swap_tensors(a, b)
        >>> print(a, b)
        [3 4 5] [1. 2.]
    """
    for i, t in enumerate((tensor1, tensor2)):
        if not isinstance(t, Tensor):
            raise TypeError(f"For 'swap_tensors', the 'tensor{i + 1}' must be a Tensor, but got "
                            f"{type(t).__name__}.")
    if tensor1 is tensor2:
        return
    if type(tensor1).__name__ == "Parameter" or type(tensor2).__name__ == "Parameter":
        # a Parameter's value lives in its own field; swap through the public write path
        a, b = tensor1._data, tensor2._data
        _set_data(tensor1, b)
        _set_data(tensor2, a)
        return
    for field in ("_data", "_node", "_idx"):
        va, vb = getattr(tensor1, field), getattr(tensor2, field)
        setattr(tensor1, field, vb)
        setattr(tensor2, field, va)


def _set_data(t: Tensor, arr) -> None:
    if type(t).__name__ == "Parameter":
        t.set_data(Tensor._make(arr))
    else:
        t._data, t._node, t._idx = arr, None, 0


def from_numpy(array: np.ndarray) -> Tensor:
    """``mindspore.from_numpy``: a Tensor with the values and dtype of ``array`` (a copy: JAX
    arrays are immutable, so later writes to ``array`` do not reach the Tensor)."""
    return Tensor.from_numpy(array)


def frombuffer(buffer, dtype, count: int = -1, offset: int = 0) -> Tensor:
    """A 1-D Tensor read from a bytes-like object, as ``numpy.frombuffer``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.frombuffer(b"\\x00\\x00\\x80\\x3f", ms.float32))
        [1.]
    """
    dt = mstype.to_dtype(dtype)
    try:
        arr = np.frombuffer(buffer, dtype=dt.np, count=count, offset=offset)
    except ValueError as e:
        raise ValueError(f"For 'frombuffer', {e}") from None
    return Tensor(arr.copy())
