"""mint's creation and random functions over ``mindjax.ops``, with PyTorch's dtype rules.

Example:
    >>> from mindjax import mint
    >>> mint.full((2,), 3).dtype
    mindspore.int64
"""
from __future__ import annotations

from .. import ops as _ops
from .. import _dtype as mstype
from .._tensor import Tensor
from ._adapt import needs, shape_args

CANDIDATES: dict = {}


def _fill_dtype(value):
    """torch's default dtype for a fill value: bool, int64 or float32."""
    if isinstance(value, bool):
        return mstype.bool_
    if isinstance(value, int):
        return mstype.int64
    if isinstance(value, complex):
        return mstype.complex64
    return mstype.float32


def _size(size) -> tuple:
    return (int(size),) if isinstance(size, int) else tuple(size)


@needs("arange")
def arange(start=0, end=None, step=1, *, dtype=None) -> Tensor:
    """``[start, end)`` by ``step``: int64 when all three are ints, else float32 (or ``dtype``).

    Example:
        >>> mint.arange(1, 7, 2).asnumpy().tolist()
        [1, 3, 5]
    """
    if end is None:
        start, end = 0, start
    if dtype is None:
        ints = all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end, step))
        dtype = mstype.int64 if ints else mstype.float32
    return _ops.arange(start, end, step, dtype=dtype)


@needs("zeros")
def zeros(size, *, dtype=None) -> Tensor:
    """Zeros of ``size`` (float32 unless ``dtype``).

    Example:
        >>> mint.zeros((2, 3)).shape
        (2, 3)
    """
    return _ops.zeros(_size(size), dtype or mstype.float32)


@needs("full")
def full(size, fill_value, *, dtype=None) -> Tensor:
    """``fill_value`` in every element; the dtype follows the value (bool, int64, float32) unless given.

    Example:
        >>> mint.full((2,), 1.5).asnumpy().tolist()
        [1.5, 1.5]
    """
    if isinstance(fill_value, Tensor):
        n = 1
        for d in fill_value.shape:
            n *= int(d)
        if n != 1:  # MindSpore takes a Tensor value as a number: one element only
            raise ValueError(f"Can only convert tensor with one element to number, but got Tensor(shape="
                             f"{list(fill_value.shape)}, dtype={fill_value.dtype}).")
        if dtype is None:  # as the Python number it stands for: bool, int64, float32 or complex64
            dtype = {"b": mstype.bool_, "i": mstype.int64, "u": mstype.int64, "c": mstype.complex64}.get(
                fill_value.dtype.kind, mstype.float32)
    return _ops.full(_size(size), fill_value, dtype=dtype or _fill_dtype(fill_value))


def _like(name: str, value):
    def fn(input: Tensor, *, dtype=None) -> Tensor:
        return _ops.full(tuple(input.shape), value, dtype=dtype or input.dtype)
    fn.__doc__ = (f"A Tensor of {value}s shaped like ``input`` (its dtype unless ``dtype``).\n\n"
                  f"Example:\n    >>> mint.{name}(mint.zeros((2, 3))).shape\n    (2, 3)\n")
    fn.__name__ = fn.__qualname__ = name
    fn.__mint_needs__ = ("full",)
    CANDIDATES[name] = fn


_like("zeros_like", 0)
_like("ones_like", 1)


@needs("full")
def full_like(input: Tensor, fill_value, *, dtype=None) -> Tensor:
    """``fill_value`` shaped like ``input``, in its dtype unless ``dtype`` (2.7 in an int Tensor is 2).

    Example:
        >>> mint.full_like(mint.zeros(2), 7).asnumpy().tolist()
        [7.0, 7.0]
    """
    dt = dtype or input.dtype
    if dt.kind in "iu" and isinstance(fill_value, float):
        fill_value = int(fill_value)
    return _ops.full(tuple(input.shape), fill_value, dtype=dt)


@needs("eye")
def eye(n: int, m: int | None = None, dtype=None) -> Tensor:
    """The ``n`` x ``m`` identity (float32 unless ``dtype``).

    Example:
        >>> mint.eye(2).asnumpy().tolist()
        [[1.0, 0.0], [0.0, 1.0]]
    """
    return _ops.eye(n, n if m is None else m, dtype or mstype.float32)


@needs("zeros")
def empty(*size, dtype=None, device=None) -> Tensor:
    """An uninitialised Tensor of ``size`` (its values are unspecified; mindjax gives zeros).

    Example:
        >>> mint.empty(2, 3).shape
        (2, 3)
    """
    return _ops.zeros(shape_args(size), dtype or mstype.float32)


@needs("zeros")
def empty_like(input: Tensor, *, dtype=None, device=None) -> Tensor:
    """An uninitialised Tensor shaped like ``input`` (zeros in mindjax).

    Example:
        >>> mint.empty_like(mint.zeros((2, 3))).shape
        (2, 3)
    """
    return _ops.zeros(tuple(input.shape), dtype or input.dtype)


# ------------------------------------------------------------------ random
@needs("rand")
def rand(*size, generator=None, dtype=None, device=None) -> Tensor:
    """Uniform samples in [0, 1) of ``size`` (float32 unless ``dtype``).

    Example:
        >>> mint.rand(2, 3).shape
        (2, 3)
    """
    return _ops.rand(*shape_args(size), dtype=dtype or mstype.float32)


@needs("randn")
def randn(*size, generator=None, dtype=None, device=None) -> Tensor:
    """Standard normal samples of ``size`` (float32 unless ``dtype``).

    Example:
        >>> mint.randn(4).shape
        (4,)
    """
    return _ops.randn(*shape_args(size), dtype=dtype or mstype.float32)


@needs("rand")
def rand_like(input: Tensor, *, dtype=None, device=None) -> Tensor:
    """Uniform samples in [0, 1) shaped like ``input`` (its dtype unless ``dtype``).

    Example:
        >>> mint.rand_like(mint.zeros((2, 3))).shape
        (2, 3)
    """
    return _ops.rand(*input.shape, dtype=dtype or input.dtype)


@needs("randn")
def randn_like(input: Tensor, *, dtype=None, device=None) -> Tensor:
    """Standard normal samples shaped like ``input`` (its dtype unless ``dtype``).

    Example:
        >>> mint.randn_like(mint.zeros((2, 3))).shape
        (2, 3)
    """
    return _ops.randn(*input.shape, dtype=dtype or input.dtype)


@needs("randint")
def randint(*args, generator=None, dtype=None, device=None) -> Tensor:
    """``randint(high, size)`` or ``randint(low, high, size)``: integers in [low, high) (int64 unless ``dtype``).

    Example:
        >>> mint.randint(0, 5, (2, 3)).shape
        (2, 3)
    """
    if len(args) == 2:
        args = (0,) + tuple(args)
    if len(args) != 3:
        raise TypeError(f"For 'randint', expected (high, size) or (low, high, size), but got {len(args)} arguments.")
    low, high, size = args
    return _ops.randint(low, high, tuple(size), dtype=dtype or mstype.int64)


@needs("randint")
def randint_like(input: Tensor, *args, dtype=None, device=None) -> Tensor:
    """``randint_like(input, high)`` or ``(input, low, high)``: integers shaped like ``input``, in its dtype.

    Example:
        >>> mint.randint_like(mint.zeros((2, 3)), 10).shape
        (2, 3)
    """
    low, high = (0, args[0]) if len(args) == 1 else args
    out = _ops.randint(low, high, tuple(input.shape), dtype=mstype.int64)
    return _ops.cast(out, dtype or input.dtype)


@needs("randperm")
def randperm(n: int, *, generator=None, dtype=mstype.int64) -> Tensor:
    """A random permutation of ``0..n-1``.

    Example:
        >>> sorted(mint.randperm(4).asnumpy().tolist())
        [0, 1, 2, 3]
    """
    return _ops.randperm(n, dtype=dtype)


@needs("normal", "broadcast_to", "mul", "add")
def normal(mean=0.0, std=1.0, size=None, generator=None) -> Tensor:
    """Normal samples with ``mean`` and ``std`` (numbers or Tensors, broadcast; or of ``size``).

    Example:
        >>> mint.normal(0.0, 1.0, (2, 3)).shape
        (2, 3)
    """
    if size is not None:
        shape = tuple(size)
    else:
        shapes = [tuple(v.shape) for v in (mean, std) if isinstance(v, Tensor)]
        shape = ()
        for s in shapes:
            shape = _broadcast(shape, s)
    z = _ops.normal(shape, 0.0, 1.0)
    return _ops.add(_ops.mul(z, std), mean)


def _broadcast(a: tuple, b: tuple) -> tuple:
    n = max(len(a), len(b))
    a, b = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    return tuple(max(x, y) for x, y in zip(a, b))


@needs("rand", "lt", "cast")
def bernoulli(input: Tensor, *, generator=None) -> Tensor:
    """1 with probability ``input`` elementwise, else 0 (in ``input``'s dtype).

    Example:
        >>> mint.bernoulli(mint.zeros(3)).asnumpy().tolist()
        [0.0, 0.0, 0.0]
    """
    u = _ops.rand(*input.shape, dtype=input.dtype)
    return _ops.cast(_ops.lt(u, input), input.dtype)


@needs("multinomial", "cast")
def multinomial(input: Tensor, num_samples: int, replacement: bool = False, *, generator=None) -> Tensor:
    """``num_samples`` category indices (int64) per row, drawn with the weights in ``input``.

    Example:
        >>> mint.multinomial(ms.Tensor([0.2, 0.8]), 3, True).shape
        (3,)
    """
    out = _ops.multinomial(input, num_samples, replacement)
    return out if out.dtype == mstype.int64 else _ops.cast(out, mstype.int64)


CANDIDATES.update({_k: _f for _k, _f in list(globals().items())
                   if not _k.startswith("_") and callable(_f) and hasattr(_f, "__mint_needs__")})
