"""``mindspore.numpy`` window functions and triangle indices (constant arrays built with numpy;
re-exported by array_creations)."""
from __future__ import annotations

import numpy as onp

from .. import _dtype as mstype
from .._tensor import Tensor
from .utils import to_tensor, check_int


def _const(arr, dtype) -> Tensor:
    return Tensor(onp.asarray(arr, dtype.np), dtype)


def _window(fn, M) -> Tensor:
    M = check_int(M, "M", "window")
    return _const(fn(M) if M > 0 else onp.zeros(0), mstype.float32)


def hamming(M) -> Tensor:
    """The Hamming window of ``M`` points (float32).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.hamming(3))
        [0.08 1.   0.08]
    """
    return _window(onp.hamming, M)


def hanning(M) -> Tensor:
    """The Hann window of ``M`` points (float32).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.hanning(3))
        [0. 1. 0.]
    """
    return _window(onp.hanning, M)


def bartlett(M) -> Tensor:
    """The Bartlett (triangular) window of ``M`` points (float32).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.bartlett(3))
        [0. 1. 0.]
    """
    return _window(onp.bartlett, M)


def blackman(M) -> Tensor:
    """The Blackman window of ``M`` points (float32).

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.blackman(1))
        [1.]
    """
    return _window(onp.blackman, M)


def _idx_pair(rows, cols):
    return _const(rows, mstype.int32), _const(cols, mstype.int32)


def triu_indices(n, k=0, m=None) -> tuple:
    """Row and column indices of the upper triangle of an ``n`` x ``m`` array.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.triu_indices(2)[1])
        [0 1 1]
    """
    return _idx_pair(*onp.triu_indices(n, k, m))


def tril_indices(n, k=0, m=None) -> tuple:
    """Row and column indices of the lower triangle of an ``n`` x ``m`` array.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.tril_indices(2)[0])
        [0 1 1]
    """
    return _idx_pair(*onp.tril_indices(n, k, m))


def triu_indices_from(arr, k=0) -> tuple:
    """``triu_indices`` for the shape of the 2-D ``arr``.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.triu_indices_from(np.ones((2, 2)))[0])
        [0 0 1]
    """
    arr = to_tensor(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return triu_indices(arr.shape[0], k, arr.shape[1])


def tril_indices_from(arr, k=0) -> tuple:
    """``tril_indices`` for the shape of the 2-D ``arr``.

    Examples:
        >>> import mindjax.numpy as np
        >>> print(np.tril_indices_from(np.ones((2, 2)))[1])
        [0 0 1]
    """
    arr = to_tensor(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return tril_indices(arr.shape[0], k, arr.shape[1])
