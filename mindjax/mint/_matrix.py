"""mint's matrix products and linear algebra over ``mindjax.ops``.

Example:
    >>> from mindjax import mint
    >>> mint.mm(mint.ones_like(mint.zeros((2, 3))), mint.zeros((3, 4))).shape
    (2, 4)
"""
from __future__ import annotations

from .. import ops as _ops
from .. import _dtype as mstype
from .._tensor import Tensor
from ._adapt import needs

CANDIDATES: dict = {}


def _scaled(beta, inp: Tensor, alpha, prod: Tensor) -> Tensor:
    """``beta * inp + alpha * prod`` (beta 0 ignores ``inp``, NaN included, as PyTorch)."""
    p = prod if alpha == 1 else _ops.mul(prod, alpha)
    if beta == 0:
        return _ops.add(_ops.mul(_ops.zeros_like(inp), 0), p)
    return _ops.add(inp if beta == 1 else _ops.mul(inp, beta), p)


@needs("matmul")
def matmul(input: Tensor, other: Tensor) -> Tensor:
    """Matrix product with NumPy's broadcasting rules (1-D operands are vectors).

    Example:
        >>> mint.matmul(mint.zeros((2, 3)), mint.zeros(3)).shape
        (2,)
    """
    return _ops.matmul(input, other)


def _mat(name: str, ndim: tuple, doc: str):
    def fn(input: Tensor, other: Tensor) -> Tensor:
        if input.ndim != ndim[0] or other.ndim != ndim[1]:
            raise ValueError(f"For '{name}', the inputs must be {ndim[0]}-D and {ndim[1]}-D, "
                             f"but got {input.ndim}-D and {other.ndim}-D.")
        return _ops.matmul(input, other)
    fn.__doc__ = doc
    fn.__name__ = fn.__qualname__ = name
    fn.__mint_needs__ = ("matmul",)
    CANDIDATES[name] = fn


_mat("mm", (2, 2), "Product of two matrices.\n\nExample:\n    >>> mint.mm(mint.zeros((2, 3)), mint.zeros((3, 4))).shape\n"
     "    (2, 4)\n")
_mat("bmm", (3, 3), "Batched matrix product.\n\nExample:\n    >>> mint.bmm(mint.zeros((5, 2, 3)), "
     "mint.zeros((5, 3, 4))).shape\n    (5, 2, 4)\n")
_mat("mv", (2, 1), "Matrix-vector product.\n\nExample:\n    >>> mint.mv(mint.zeros((2, 3)), mint.zeros(3)).shape\n"
     "    (2,)\n")
_mat("dot", (1, 1), "Inner product of two 1-D tensors.\n\nExample:\n    >>> mint.dot(mint.zeros(3), mint.zeros(3)).shape\n"
     "    ()\n")


@needs("matmul", "conj")
def vdot(input: Tensor, other: Tensor) -> Tensor:
    """Inner product of two 1-D tensors, the first conjugated.

    Example:
        >>> mint.vdot(mint.zeros(3), mint.zeros(3)).shape
        ()
    """
    x = _ops.conj(input) if input.dtype.kind == "c" else input
    return _ops.matmul(x, other)


@needs("outer")
def outer(input: Tensor, vec2: Tensor) -> Tensor:
    """Outer product of two vectors.

    Example:
        >>> mint.outer(mint.zeros(3), mint.zeros(2)).shape
        (3, 2)
    """
    return _ops.outer(input, vec2)


@needs("matmul", "mul", "add", "zeros_like")
def addmm(input: Tensor, mat1: Tensor, mat2: Tensor, *, beta=1, alpha=1) -> Tensor:
    """``beta * input + alpha * (mat1 @ mat2)``.

    Example:
        >>> mint.addmm(mint.zeros(4), mint.zeros((2, 3)), mint.zeros((3, 4))).shape
        (2, 4)
    """
    return _scaled(beta, input, alpha, _ops.matmul(mat1, mat2))


@needs("matmul", "mul", "add", "sum", "zeros_like")
def addbmm(input: Tensor, batch1: Tensor, batch2: Tensor, *, beta=1, alpha=1) -> Tensor:
    """``beta * input + alpha * sum_b(batch1[b] @ batch2[b])``.

    Example:
        >>> mint.addbmm(mint.zeros((2, 4)), mint.zeros((3, 2, 3)), mint.zeros((3, 3, 4))).shape
        (2, 4)
    """
    return _scaled(beta, input, alpha, _ops.sum(_ops.matmul(batch1, batch2), 0))


@needs("matmul", "mul", "add", "zeros_like")
def baddbmm(input: Tensor, batch1: Tensor, batch2: Tensor, *, beta=1, alpha=1) -> Tensor:
    """``beta * input + alpha * (batch1 @ batch2)`` per batch.

    Example:
        >>> mint.baddbmm(mint.zeros((3, 2, 4)), mint.zeros((3, 2, 3)), mint.zeros((3, 3, 4))).shape
        (3, 2, 4)
    """
    return _scaled(beta, input, alpha, _ops.matmul(batch1, batch2))


@needs("matmul", "mul", "add", "zeros_like")
def addmv(input: Tensor, mat: Tensor, vec: Tensor, *, beta=1, alpha=1) -> Tensor:
    """``beta * input + alpha * (mat @ vec)``.

    Example:
        >>> mint.addmv(mint.zeros(2), mint.zeros((2, 3)), mint.zeros(3)).shape
        (2,)
    """
    return _scaled(beta, input, alpha, _ops.matmul(mat, vec))


@needs("outer", "mul", "add", "zeros_like")
def addr_(input: Tensor, vec1: Tensor, vec2: Tensor, beta=1, alpha=1) -> Tensor:
    """``beta * input + alpha * outer(vec1, vec2)``.

    Example:
        >>> mint.addr_(mint.zeros((2, 3)), mint.zeros(2), mint.zeros(3)).shape
        (2, 3)
    """
    return _scaled(beta, input, alpha, _ops.outer(vec1, vec2))


@needs("einsum", "cast")
def einsum(equation: str, *operands) -> Tensor:
    """Einstein summation over ``operands``.

    Example:
        >>> mint.einsum("ij,jk->ik", mint.zeros((2, 3)), mint.zeros((3, 4))).shape
        (2, 4)
    """
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    # the operands meet in one promoted dtype first (int64 x float32 -> float32), so an integer
    # operand's gradient is the cast-back one, as MindSpore's einsum gives (and mint.mul)
    dts = [t.dtype for t in operands if isinstance(t, Tensor)]
    if dts:
        dt = dts[0]
        for d in dts[1:]:
            dt = mstype.promote(dt, d)
        operands = tuple(_ops.cast(t, dt) if isinstance(t, Tensor) and t.dtype != dt else t for t in operands)
    return _ops.einsum(equation, *operands)


@needs("inverse")
def inverse(input: Tensor) -> Tensor:
    """Inverse of square matrices (batched).

    Example:
        >>> mint.inverse(mint.eye(2)).asnumpy().tolist()
        [[1.0, 0.0], [0.0, 1.0]]
    """
    return _ops.inverse(input)


@needs("trace", "cast")
def trace(input: Tensor) -> Tensor:
    """Sum of the main diagonal of a matrix (integer inputs sum in int64).

    Example:
        >>> mint.trace(mint.eye(3)).asnumpy().tolist()
        3.0
    """
    x = _ops.cast(input, mstype.int64) if input.dtype.kind in "biu" else input
    return _ops.trace(x)


@needs("cross")
def cross(input: Tensor, other: Tensor, dim: int | None = None) -> Tensor:
    """Cross product along ``dim`` (the first dim of size 3 when None).

    Example:
        >>> mint.cross(mint.zeros((2, 3)), mint.zeros((2, 3))).shape
        (2, 3)
    """
    return _ops.cross(input, other, dim)


@needs("cdist")
def cdist(x1: Tensor, x2: Tensor, p: float = 2.0, compute_mode: str = "use_mm_for_euclid_dist_if_necessary") -> Tensor:
    """p-norm distances between the rows of ``x1`` and ``x2`` (batched).

    Example:
        >>> mint.cdist(mint.zeros((2, 3)), mint.zeros((4, 3))).shape
        (2, 4)
    """
    return _ops.cdist(x1, x2, p)


@needs("triangular_solve")
def triangular_solve(b: Tensor, A: Tensor, upper: bool = True, transpose: bool = False,
                     unitriangular: bool = False) -> tuple:
    """(solution of ``A x = b`` with triangular ``A``, a copy of ``A``).

    Example:
        >>> x, a = mint.triangular_solve(mint.ones_like(mint.zeros((2, 1))), mint.eye(2))
    """
    return _ops.triangular_solve(b, A, upper, transpose, unitriangular)


@needs("eye", "mul", "expand_dims", "diagonal", "pad")
def diag(input: Tensor, diagonal: int = 0) -> Tensor:
    """1-D input: the matrix with it on diagonal ``diagonal``; 2-D input: that diagonal.

    Example:
        >>> mint.diag(mint.ones_like(mint.zeros(2))).asnumpy().tolist()
        [[1.0, 0.0], [0.0, 1.0]]
    """
    if input.ndim == 2:
        return _ops.diagonal(input, diagonal)
    n = input.shape[0]
    # x * I rather than ops.diag: the gradient flows through the product
    m = _ops.mul(_ops.eye(n, n, input.dtype), _ops.expand_dims(input, 0))
    if diagonal == 0:
        return m
    k = abs(diagonal)
    pad = (k, 0, 0, k) if diagonal > 0 else (0, k, k, 0)  # (left, right, top, bottom)
    return _ops.pad(m, pad)


@needs("tril")
def tril(input: Tensor, diagonal: int = 0) -> Tensor:
    """The lower triangle (on and below diagonal ``diagonal``), the rest zero.

    Example:
        >>> mint.tril(mint.ones_like(mint.zeros((2, 2)))).asnumpy().tolist()
        [[1.0, 0.0], [1.0, 1.0]]
    """
    return _ops.tril(input, diagonal)


@needs("triu")
def triu(input: Tensor, diagonal: int = 0) -> Tensor:
    """The upper triangle (on and above diagonal ``diagonal``), the rest zero.

    Example:
        >>> mint.triu(mint.ones_like(mint.zeros((2, 2)))).asnumpy().tolist()
        [[1.0, 1.0], [0.0, 1.0]]
    """
    return _ops.triu(input, diagonal)


CANDIDATES.update({_k: _f for _k, _f in list(globals().items())
                   if not _k.startswith("_") and callable(_f) and hasattr(_f, "__mint_needs__")})
