"""Names of MindSpore's ``mint`` module that are not in its ``__all__`` (so ``from mindspore.mint import *``
does not bring them) but that programs reach as ``mint.ones``, ``mint.ge``, ``mint.clip``, ``mint.item``...

Example:
    >>> import mindjax as ms
    >>> from mindjax import mint
    >>> mint.ones(2).asnumpy().tolist(), mint.item(ms.Tensor([2.5]))
    ([1.0, 1.0], 2.5)
"""
from __future__ import annotations

import numpy as np

from .. import ops as _ops
from .. import _dtype as mstype
from .._tensor import Tensor
from ._adapt import needs
from ._array import flatten as _flatten
from ._overload import clamp

HIDDEN: dict = {}


def _hidden(fn):
    HIDDEN[fn.__name__] = fn
    return fn


@_hidden
@needs("ones")
def ones(size, *, dtype=None) -> Tensor:
    """Ones of ``size`` (an int, a tuple or list of ints, or an int Tensor of at most one dimension),
    float32 unless ``dtype``.

    Example:
        >>> mint.ones((2, 3)).shape
        (2, 3)
    """
    if isinstance(size, Tensor):
        if size.ndim > 1 or size.dtype.kind not in "iu":
            raise TypeError(f"For 'ones', a Tensor 'size' must be an int Tensor of 0 or 1 dimension, but got "
                            f"{size.dtype} with shape {list(size.shape)}.")
        size = tuple(int(v) for v in np.asarray(size.asnumpy()).reshape(-1))
    elif isinstance(size, (int, np.integer)) and not isinstance(size, bool):
        size = (int(size),)
    elif isinstance(size, (tuple, list)) and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool)
                                                 for v in size):
        size = tuple(int(v) for v in size)
    else:
        raise TypeError(f"For 'ones', the 'size' must be an int, a tuple or list of ints or a Tensor, but got "
                        f"{type(size).__name__}.")
    return _ops.ones(size, dtype or mstype.float32)


def _operand(v) -> bool:
    return isinstance(v, Tensor) or (isinstance(v, (int, float, bool, np.number, np.bool_))
                                     and not isinstance(v, np.ndarray))


@_hidden
@needs("ge")
def ge(input, other) -> Tensor:
    """``input >= other`` elementwise with broadcasting (either may be a number, not both).

    Example:
        >>> mint.ge(ms.Tensor([1, 2, 3]), 2).asnumpy().tolist()
        [False, True, True]
    """
    if not (_operand(input) and _operand(other)) or not (isinstance(input, Tensor) or isinstance(other, Tensor)):
        def shown(v):
            return type(v).__name__ if isinstance(v, (int, float, bool)) else str(type(v))
        raise TypeError(f'Failed calling greater_equal with "greater_equal({shown(input)}, {shown(other)})".')
    return _ops.ge(input, other)


@_hidden
@needs("clamp")
def clip(input: Tensor, min=None, max=None) -> Tensor:  # noqa: A002 - mint's argument names
    """Alias of ``mint.clamp``: clip to ``[min, max]``.

    Example:
        >>> mint.clip(ms.Tensor([-2., 0., 2.]), -1, 1).asnumpy().tolist()
        [-1.0, 0.0, 1.0]
    """
    return clamp(input, min, max)


@_hidden
@needs("trunc")
def trunc(input: Tensor) -> Tensor:
    """Round toward zero (integer Tensors are returned as they are).

    Example:
        >>> mint.trunc(ms.Tensor([-1.5, 2.5])).asnumpy().tolist()
        [-1.0, 2.0]
    """
    return _ops.trunc(input)


@_hidden
@needs("trunc")
def fix(input: Tensor) -> Tensor:
    """Alias of ``mint.trunc``: round toward zero.

    Example:
        >>> mint.fix(ms.Tensor([-1.5, 2.5])).asnumpy().tolist()
        [-1.0, 2.0]
    """
    return _ops.trunc(input)


@_hidden
def item(input: Tensor):
    """The value of a one-element Tensor as a Python number (RuntimeError for any other size).

    Example:
        >>> mint.item(ms.Tensor([2]))
        2
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'item', the input must be a Tensor, but got {type(input).__name__}.")
    n = int(np.prod(input.shape, dtype=np.int64))
    if n != 1:
        raise RuntimeError(f"a Tensor with {n} elements cannot be converted to Scalar")
    return input.asnumpy().reshape(()).item()


@_hidden
@needs("flatten")
def flatten_ext(input: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """``mint.flatten`` under its op's name: dims ``start_dim..end_dim`` joined into one.

    Example:
        >>> mint.flatten_ext(mint.ones((2, 3, 4)), 1).shape
        (2, 12)
    """
    return _flatten(input, start_dim, end_dim)


def _implicit_softmax_dim(ndim: int) -> int:
    """torch's old rule for ``softmax(dim=None)``, which MindSpore keeps."""
    return 0 if ndim in (0, 1, 3) else 1


@_hidden
@needs("softmax", "cast", "ones_like")
def softmax_ext(input: Tensor, dim: int | None = None, dtype=None) -> Tensor:
    """Softmax along ``dim`` (None: dim 0 for 0-, 1- and 3-D inputs, else 1), after a cast to ``dtype``.

    Example:
        >>> mint.softmax_ext(ms.Tensor([[0., 0.], [1., 1.]])).asnumpy().tolist()
        [[0.5, 0.5], [0.5, 0.5]]
    """
    dim = _implicit_softmax_dim(input.ndim) if dim is None else dim
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(f" the type of 'dim' must be 'int', but got '{dim}' with type '{type(dim).__name__}'.")
    if dtype is not None:
        input = _ops.cast(input, dtype)
    if input.ndim == 0:
        if dim in (0, -1):
            return _ops.ones_like(input)
        raise IndexError(f"Dimension out of range (expected to be in range of [-1, 0], but got {dim})")
    return _ops.softmax(input, dim)


@_hidden
@needs("cdist")
def cdist_(x1: Tensor, x2: Tensor, p: float = 2.0) -> Tensor:
    """``ops.cdist`` (the p-norm distance of each row pair) as mint holds it.

    Example:
        >>> mint.cdist_(mint.zeros((2, 3)), mint.ones((4, 3))).shape
        (2, 4)
    """
    return _ops.cdist(x1, x2, p)


@_hidden
@needs("addcmul")
def addcmul(input: Tensor, tensor1: Tensor, tensor2: Tensor, *, value=1) -> Tensor:
    """``input + value * tensor1 * tensor2`` with broadcasting.

    Example:
        >>> mint.addcmul(ms.Tensor([1., 1.]), ms.Tensor([2., 3.]), ms.Tensor([4., 5.]), value=0.5).asnumpy().tolist()
        [5.0, 8.5]
    """
    return _ops.addcmul(input, tensor1, tensor2, value)


HIDDEN["Tensor"] = Tensor  # mint.Tensor is the Tensor class itself
