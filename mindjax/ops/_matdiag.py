"""Band and diagonal ops of matrices: ``matrix_band_part``, ``matrix_diag`` / ``matrix_diag_part`` /
``matrix_set_diag`` (MindSpore's V3 forms, with a diagonal range ``k`` and an ``align`` mode).

The index maps are computed with numpy from the static shapes; the forwards gather with jax,
so the gradients (scatter back) come from jax's vjp."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .._tensor import Tensor
from ._base import cast, tensor_of
from ._primitive import Op, apply

_ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")


def _band_fwd(x, *, lower, upper):
    m, n = x.shape[-2:]
    i, j = np.arange(m)[:, None], np.arange(n)[None, :]
    keep = np.ones((m, n), bool)
    if lower >= 0:
        keep &= (i - j) <= lower
    if upper >= 0:
        keep &= (j - i) <= upper
    return jnp.where(keep, x, jnp.zeros((), x.dtype))


_band = Op("MatrixBandPart", _band_fwd, "vjp")


def _static_int(name, v, arg):
    if isinstance(v, Tensor):
        v = np.asarray(v._data)
        return [int(e) for e in v.reshape(-1)]
    if isinstance(v, (tuple, list)):
        return [int(e) for e in v]
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"For '{name}', the '{arg}' must be an int or an int Tensor, but got {type(v).__name__}.")
    return [int(v)]


def matrix_band_part(x, lower, upper) -> Tensor:
    """``ops.matrix_band_part``: ``x`` with everything outside the band (``lower`` below, ``upper``
    above the diagonal; negative: unbounded) set to 0.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.matrix_band_part(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), 0, -1))
        [[1. 2.]
         [0. 4.]]
    """
    x = tensor_of(x, "MatrixBandPart")
    if x.ndim < 2:
        raise ValueError(f"For 'MatrixBandPart', the rank of 'x' must be at least 2, but got {x.ndim}.")
    lo, = _static_int("MatrixBandPart", lower, "lower")
    up, = _static_int("MatrixBandPart", upper, "upper")
    return apply(_band, (x,), {"lower": lo, "upper": up})


def _k_range(name, k):
    ks = _static_int(name, k, "k")
    if len(ks) == 1:
        return ks[0], ks[0]
    if len(ks) != 2 or ks[0] > ks[1]:
        raise ValueError(f"For '{name}', 'k' must be one int or a pair (low, high) with low <= high, but got {ks}.")
    return ks[0], ks[1]


def _check_align(name, align):
    if align not in _ALIGNS:
        raise ValueError(f"For '{name}', the 'align' must be one of {list(_ALIGNS)}, but got '{align}'.")


def _offset(k, align, diag_len, max_len):
    """Where diagonal ``k`` starts inside its row of the packed diagonals (alignment padding)."""
    right = (align.split("_")[0] if k >= 0 else align.split("_")[1]) == "RIGHT"
    return max_len - diag_len if right else 0


def _diag_len(k, m, n):
    return min(m + min(0, k), n - max(0, k))


def _diag_maps(m, n, kl, ku, align, max_len):
    """For every (i, j) of an m x n matrix: the (diagonal row, position) of packed diagonals, and a mask."""
    rows = np.zeros((m, n), np.int64)
    pos = np.zeros((m, n), np.int64)
    mask = np.zeros((m, n), bool)
    for i in range(m):
        for j in range(n):
            k = j - i
            if kl <= k <= ku:
                p = i if k >= 0 else j
                rows[i, j] = ku - k
                pos[i, j] = p + _offset(k, align, _diag_len(k, m, n), max_len)
                mask[i, j] = True
    return rows, pos, mask


def _mdiag_fwd(d, pad, *, m, n, kl, ku, align):
    if kl == ku:
        d = d[..., None, :]
    rows, pos, mask = _diag_maps(m, n, kl, ku, align, d.shape[-1])
    vals = d[..., rows, pos]
    return jnp.where(mask, vals, pad.astype(d.dtype))


_mdiag = Op("MatrixDiagV3", _mdiag_fwd, "vjp")


def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align: str = "RIGHT_LEFT") -> Tensor:
    """``ops.matrix_diag``: matrices whose diagonals ``k`` (one, or a range) are ``x``, the rest ``padding_value``."""
    x = tensor_of(x, "MatrixDiagV3")
    _check_align("MatrixDiagV3", align)
    kl, ku = _k_range("MatrixDiagV3", k)
    L = x.shape[-1]
    if kl != ku and (x.ndim < 2 or x.shape[-2] != ku - kl + 1):
        raise ValueError(f"For MatrixDiagV3, the diagonal input must have {ku - kl + 1} diagonals on axis -2, but "
                         f"got shape {list(x.shape)}.")
    min_m, min_n = L - min(ku, 0), L + max(kl, 0)
    m, = _static_int("MatrixDiagV3", num_rows, "num_rows")
    n, = _static_int("MatrixDiagV3", num_cols, "num_cols")
    if m == -1 and n == -1:
        m = n = max(min_m, min_n)
    elif m == -1:
        m = min_m
    elif n == -1:
        n = min_n
    if m < min_m or n < min_n or (m != min_m and n != min_n):
        raise ValueError("For MatrixDiagV3, the number of rows or columns is not consistent with the specified k "
                         "and x.")
    pad = cast(tensor_of(padding_value, "MatrixDiagV3"), x.dtype)
    return apply(_mdiag, (x, pad), {"m": m, "n": n, "kl": kl, "ku": ku, "align": align})


def _mdiag_part_fwd(x, pad, *, kl, ku, align):
    m, n = x.shape[-2:]
    max_len = max(_diag_len(k, m, n) for k in range(kl, ku + 1))
    ii = np.zeros((ku - kl + 1, max_len), np.int64)
    jj = np.zeros_like(ii)
    mask = np.zeros(ii.shape, bool)
    for d in range(ku - kl + 1):
        k = ku - d
        ln = _diag_len(k, m, n)
        off = _offset(k, align, ln, max_len)
        for t in range(max_len):
            p = t - off
            if 0 <= p < ln:
                ii[d, t], jj[d, t] = (p, p + k) if k >= 0 else (p - k, p)
                mask[d, t] = True
    out = jnp.where(mask, x[..., ii, jj], pad.astype(x.dtype))
    return out[..., 0, :] if kl == ku else out


_mdiag_part = Op("MatrixDiagPartV3", _mdiag_part_fwd, "vjp")


def matrix_diag_part(x, k, padding_value, align: str = "RIGHT_LEFT") -> Tensor:
    """``ops.matrix_diag_part``: the diagonals ``k`` (one, or a range) of the matrices ``x``, padded."""
    x = tensor_of(x, "MatrixDiagPartV3")
    _check_align("MatrixDiagPartV3", align)
    if x.ndim < 2:
        raise ValueError(f"For 'MatrixDiagPartV3', the rank of 'x' must be at least 2, but got {x.ndim}.")
    kl, ku = _k_range("MatrixDiagPartV3", k)
    m, n = x.shape[-2:]
    if not (-m < kl <= ku < n):
        raise ValueError(f"For 'MatrixDiagPartV3', 'k' must be in (-{m}, {n}), but got ({kl}, {ku}).")
    pad = cast(tensor_of(padding_value, "MatrixDiagPartV3"), x.dtype)
    return apply(_mdiag_part, (x, pad), {"kl": kl, "ku": ku, "align": align})


def _mset_fwd(x, d, *, kl, ku, align):
    m, n = x.shape[-2:]
    if kl == ku:
        d = d[..., None, :]
    rows, pos, mask = _diag_maps(m, n, kl, ku, align, d.shape[-1])
    return jnp.where(mask, d[..., rows, pos], x)


_mset = Op("MatrixSetDiagV3", _mset_fwd, "vjp")


def matrix_set_diag(x, diagonal, k=0, align: str = "RIGHT_LEFT") -> Tensor:
    """``ops.matrix_set_diag``: ``x`` with its diagonals ``k`` replaced by ``diagonal``."""
    x = tensor_of(x, "MatrixSetDiagV3")
    _check_align("MatrixSetDiagV3", align)
    if x.ndim < 2:
        raise ValueError(f"For 'MatrixSetDiagV3', the rank of 'x' must be at least 2, but got {x.ndim}.")
    kl, ku = _k_range("MatrixSetDiagV3", k)
    d = cast(tensor_of(diagonal, "MatrixSetDiagV3"), x.dtype)
    m, n = x.shape[-2:]
    want = max(_diag_len(kk, m, n) for kk in range(kl, ku + 1))
    if d.shape[-1] != want:
        raise ValueError(f"For 'MatrixSetDiagV3', the last dimension of 'diagonal' must be {want}, but got "
                         f"{d.shape[-1]}.")
    return apply(_mset, (x, d), {"kl": kl, "ku": ku, "align": align})


__all__ = ["matrix_band_part", "matrix_diag", "matrix_diag_part", "matrix_set_diag"]
