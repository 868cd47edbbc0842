"""``mindspore.scipy.fft``: the type-2 discrete cosine transform and its inverse (orthonormal)."""
from __future__ import annotations

from .. import _dtype as mstype
from .. import ops
from .._tensor import Tensor
from .ops import dct_op, dctn_op
from .utils import _type_check

__all__ = ["dct", "idct", "dctn", "idctn"]


def _prep(name: str, x, type, norm):  # noqa: A002 - scipy's name
    _type_check(name, x, Tensor, "x")
    if type != 2:
        raise ValueError(f"For '{name}', only type 2 is supported, but got type {type}.")
    if norm not in (None, "ortho"):
        raise ValueError(f"For '{name}', 'norm' must be 'ortho' or None, but got {norm}.")
    return ops.cast(x, mstype.float32) if x.dtype.kind in "iub" or x.dtype == mstype.float16 else x


def dct(x, type=2, n=None, axis=-1, norm=None) -> Tensor:  # noqa: A002
    """The orthonormal DCT-II of ``x`` along ``axis`` (``norm=None`` means 'ortho', as in MindSpore).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.fft import dct
        >>> print(dct(ms.Tensor([1., 1.])))
        [1.4142135 0.       ]
    """
    return dct_op(_prep("dct", x, type, norm), n, axis, "ortho")


def idct(x, type=2, n=None, axis=-1, norm=None) -> Tensor:  # noqa: A002
    """The inverse of ``dct`` along ``axis``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.fft import idct
        >>> print(idct(ms.Tensor([2., 0.])).shape)
        (2,)
    """
    return dct_op(_prep("idct", x, type, norm), n, axis, "ortho", inverse=True)


def _axes(s, axes):
    return (tuple(s) if s is not None else None), (tuple(axes) if axes is not None else None)


def dctn(x, type=2, s=None, axes=None, norm=None) -> Tensor:  # noqa: A002
    """The orthonormal n-dimensional DCT-II over ``axes`` (all by default).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.fft import dctn
        >>> print(dctn(ms.Tensor([[1., 1.], [1., 1.]])).shape)
        (2, 2)
    """
    return dctn_op(_prep("dctn", x, type, norm), *_axes(s, axes), "ortho")


def idctn(x, type=2, s=None, axes=None, norm=None) -> Tensor:  # noqa: A002
    """The inverse of ``dctn``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.fft import idctn
        >>> print(idctn(ms.Tensor([[2., 0.], [0., 0.]])).shape)
        (2, 2)
    """
    return dctn_op(_prep("idctn", x, type, norm), *_axes(s, axes), "ortho", inverse=True)
