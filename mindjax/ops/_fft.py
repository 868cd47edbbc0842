"""Discrete Fourier transforms (``ops.fft`` ... ``ops.ihfftn``, shifts, frequencies, ``FFTWithSize``)
and window functions. Forwards are ``jnp.fft``; integer and Float16 inputs compute in Float32
(Complex64), Float64 in Complex128, as MindSpore does on CPU. Bprops are "vjp"."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import check_axis, tensor_of
from ._primitive import Op, apply

_NORMS = (None, "backward", "forward", "ortho")


def _in_dtype(x):
    if x.dtype.kind == "c":
        return x.dtype.np
    return np.float64 if str(x.dtype) == "Float64" else np.float32


def _fft_fwd(x, *, fn, s, axes, norm, dtype):
    return getattr(jnp.fft, fn)(x.astype(dtype), s, axes, norm=norm)


def _fft1_fwd(x, *, fn, n, axis, norm, dtype):
    return getattr(jnp.fft, fn)(x.astype(dtype), n, axis, norm=norm)


_fft_n = Op("FFTN", _fft_fwd, "vjp")
_fft_1 = Op("FFT", _fft1_fwd, "vjp")


def _check_norm(name, norm):
    if norm not in _NORMS:
        raise ValueError(f"Failed to convert the value \"{norm}\" of input 'norm' of '{name}' to enum.")


def _one(fn, name):
    def call(input, n=None, dim: int = -1, norm=None) -> Tensor:
        x = tensor_of(input, name)
        _check_norm(name, norm)
        if x.ndim == 0:
            raise ValueError(f"For '{name}', the input must be at least 1-D, but got a 0-D Tensor.")
        if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
            raise TypeError(f"For '{name}', the 'dim' must be an int, but got {type(dim).__name__}.")
        if not -x.ndim <= dim < x.ndim:
            raise ValueError(f"For primitive[{name}], the dim must be in [{-x.ndim},{x.ndim}), but got {dim}.")
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n <= 0):
            raise ValueError(f"For '{name}', the 'n' must be a positive int, but got {n}.")
        return apply(_fft_1, (x,), {"fn": fn, "n": n, "axis": int(dim) % x.ndim, "norm": norm or "backward",
                                    "dtype": _in_dtype(x)})
    call.__name__ = fn
    call.__doc__ = (f"``ops.{fn}``: the {name} of ``input`` along ``dim`` (length ``n``; norm 'backward', "
                    f"'forward' or 'ortho').")
    return call


def _many(fn, name, default_dim):
    def call(input, s=None, dim=default_dim, norm=None) -> Tensor:
        x = tensor_of(input, name)
        _check_norm(name, norm)
        if dim is None:
            axes = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
        else:
            axes = tuple(check_axis(name, d, x.ndim, "dim") for d in ((dim,) if isinstance(dim, int) else dim))
        if s is not None:
            s = tuple(int(v) for v in s)
            if len(s) != len(axes):
                raise ValueError(f"For '{name}', 's' and 'dim' must have the same length, but got {len(s)} and "
                                 f"{len(axes)}.")
        return apply(_fft_n, (x,), {"fn": fn, "s": s, "axes": axes, "norm": norm or "backward",
                                    "dtype": _in_dtype(x)})
    call.__name__ = fn
    call.__doc__ = f"``ops.{fn}``: the {name} of ``input`` over the axes ``dim`` (sizes ``s``)."
    return call


fft, ifft = _one("fft", "FFT"), _one("ifft", "IFFT")
rfft, irfft = _one("rfft", "RFFT"), _one("irfft", "IRFFT")
hfft, ihfft = _one("hfft", "HFFT"), _one("ihfft", "IHFFT")
fft2, ifft2 = _many("fft2", "FFT2", (-2, -1)), _many("ifft2", "IFFT2", (-2, -1))
rfft2, irfft2 = _many("rfft2", "RFFT2", (-2, -1)), _many("irfft2", "IRFFT2", (-2, -1))
fftn, ifftn = _many("fftn", "FFTN", None), _many("ifftn", "IFFTN", None)
rfftn, irfftn = _many("rfftn", "RFFTN", None), _many("irfftn", "IRFFTN", None)


def _hfftn_fwd(x, *, s, axes, norm, inverse, dtype):
    x = x.astype(dtype)
    # hfftn(x) = irfftn(conj(x)) with the inverse normalization; ihfftn(x) = conj(rfftn(x)) likewise
    swap = {"backward": "forward", "forward": "backward", "ortho": "ortho"}[norm]
    if inverse:
        return jnp.conj(jnp.fft.rfftn(x, s, axes, norm=swap))
    return jnp.fft.irfftn(jnp.conj(x), s, axes, norm=swap)


_hfftn = Op("HFFTN", _hfftn_fwd, "vjp")


def _hmany(name, inverse, default_dim):
    def call(input, s=None, dim=default_dim, norm=None) -> Tensor:
        x = tensor_of(input, name)
        _check_norm(name, norm)
        if dim is None:
            axes = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
        else:
            axes = tuple(check_axis(name, d, x.ndim, "dim") for d in ((dim,) if isinstance(dim, int) else dim))
        return apply(_hfftn, (x,), {"s": None if s is None else tuple(int(v) for v in s), "axes": axes,
                                    "norm": norm or "backward", "inverse": inverse, "dtype": _in_dtype(x)})
    call.__doc__ = f"``ops.{name.lower()}``: the {name} (Hermitian-symmetric signal) over the axes ``dim``."
    return call


hfft2, ihfft2 = _hmany("HFFT2", False, (-2, -1)), _hmany("IHFFT2", True, (-2, -1))
hfftn, ihfftn = _hmany("HFFTN", False, None), _hmany("IHFFTN", True, None)

_shift = Op("FFTShift", lambda x, *, axes, inverse: (jnp.fft.ifftshift if inverse else jnp.fft.fftshift)(x, axes),
            "vjp")


def fftshift(input, dim=None) -> Tensor:
    """``ops.fftshift``: the zero-frequency term moved to the centre along ``dim`` (all axes when None)."""
    x = tensor_of(input, "fftshift")
    axes = None if dim is None else tuple(check_axis("fftshift", d, x.ndim, "dim")
                                          for d in ((dim,) if isinstance(dim, int) else dim))
    return apply(_shift, (x,), {"axes": axes, "inverse": False})


def ifftshift(input, dim=None) -> Tensor:
    """``ops.ifftshift``: the inverse of ``fftshift``."""
    x = tensor_of(input, "ifftshift")
    axes = None if dim is None else tuple(check_axis("ifftshift", d, x.ndim, "dim")
                                          for d in ((dim,) if isinstance(dim, int) else dim))
    return apply(_shift, (x,), {"axes": axes, "inverse": True})


def fftfreq(n: int, d: float = 1.0, dtype=None) -> Tensor:
    """``ops.fftfreq``: the sample frequencies of an ``n``-point FFT with spacing ``d``."""
    dt = mstype.to_dtype(dtype) if dtype is not None else mstype.float32
    return Tensor(np.fft.fftfreq(int(n), float(d)).astype(dt.np))


def rfftfreq(n: int, d: float = 1.0, dtype=None) -> Tensor:
    """``ops.rfftfreq``: the sample frequencies of an ``n``-point real FFT with spacing ``d``."""
    dt = mstype.to_dtype(dtype) if dtype is not None else mstype.float32
    return Tensor(np.fft.rfftfreq(int(n), float(d)).astype(dt.np))


def fft_with_size(x, signal_ndim: int, inverse: bool, real: bool, norm: str = "backward", onesided: bool = True,
                  signal_sizes=()) -> Tensor:
    """``ops.FFTWithSize``'s computation: the (inverse, real) FFT over the last ``signal_ndim`` axes."""
    x = tensor_of(x, "FFTWithSize")
    if signal_ndim not in (1, 2, 3) or signal_ndim > x.ndim:
        raise ValueError(f"For 'FFTWithSize', 'signal_ndim' must be 1, 2 or 3 and at most the rank of x, but got "
                         f"{signal_ndim}.")
    axes = tuple(range(x.ndim - signal_ndim, x.ndim))
    if real and x.shape[-1] == 1 and not (inverse and signal_sizes):
        # a real transform over a last axis of 1 (irfft: an empty output); MindSpore's graph-mode check
        raise ValueError(f"For 'FFTWithSize', the last dimension of the input cannot be 1, but got: {x.shape[-1]}")
    if not real:
        return (ifftn if inverse else fftn)(x, None, axes, norm)
    if not inverse:
        return (rfftn if onesided else fftn)(x, None, axes, norm)
    s = tuple(signal_sizes) if signal_sizes else None
    if onesided:
        return irfftn(x, s, axes, norm)
    from ._special import real as real_part
    return real_part(ifftn(x, s, axes, norm))


# ---- short-time Fourier transform ------------------------------------------------------------
def _stft_fwd(x, w, *, n_fft, hop, center, pad_mode, normalized, onesided, as_complex):
    cdt = jnp.complex128 if x.dtype in (jnp.float64, jnp.complex128) else jnp.complex64
    if center:
        pad = [(0, 0)] * (x.ndim - 1) + [(n_fft // 2, n_fft // 2)]
        x = jnp.pad(x, pad, mode=pad_mode)
    n_frames = 1 + (x.shape[-1] - n_fft) // hop
    idx = np.arange(n_frames)[:, None] * hop + np.arange(n_fft)[None, :]
    frames = x[..., idx] * w  # [..., frames, n_fft]
    spec = (jnp.fft.rfft if onesided else jnp.fft.fft)(frames, axis=-1).astype(cdt)
    if normalized:
        spec = spec * float(1.0 / np.sqrt(n_fft))
    spec = jnp.swapaxes(spec, -1, -2)  # [..., freq, frames]
    return spec if as_complex else jnp.stack([spec.real, spec.imag], -1)


_stft = Op("STFT", _stft_fwd, "vjp")


def _stft_window(name, window, win_length, n_fft, dtype):
    if window is None:
        w = np.ones(win_length, dtype)
        w = np.pad(w, ((n_fft - win_length) // 2, n_fft - win_length - (n_fft - win_length) // 2))
        return Tensor(w)
    window = tensor_of(window, name)
    if window.shape != (win_length,):
        raise ValueError(f"For '{name}', the window must be 1-D of length win_length={win_length}, but got shape "
                         f"{list(window.shape)}.")
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        return Tensor(np.pad(np.asarray(window._data), (left, n_fft - win_length - left)))
    return window


def stft(x, n_fft: int, hop_length=None, win_length=None, window=None, center: bool = True, pad_mode: str = "REFLECT",
         normalized: bool = False, onesided=None, return_complex=None) -> Tensor:
    """``ops.stft``: the short-time Fourier transform of a 1-D or batched signal, [..., freq, frames]
    (complex when ``return_complex``, else real and imaginary parts on a last axis of 2)."""
    x = tensor_of(x, "stft")
    if x.ndim not in (1, 2):
        raise ValueError(f"For 'stft', the input must be 1-D or 2-D, but got {x.ndim}-D.")
    hop = n_fft // 4 if hop_length is None else int(hop_length)
    wl = n_fft if win_length is None else int(win_length)
    if not 0 < wl <= n_fft or hop <= 0:
        raise ValueError(f"For 'stft', expected 0 < win_length <= n_fft and hop_length > 0, but got win_length={wl}, "
                         f"n_fft={n_fft}, hop_length={hop}.")
    w = _stft_window("stft", window, wl, n_fft, _in_dtype(x))
    mode = {"REFLECT": "reflect", "CONSTANT": "constant", "REPLICATE": "edge", "CIRCULAR": "wrap"}.get(
        str(pad_mode).upper())
    if mode is None:
        raise ValueError(f"For 'stft', the pad_mode must be 'REFLECT', 'CONSTANT', 'REPLICATE' or 'CIRCULAR', but got "
                         f"{pad_mode}.")
    ones = (x.dtype.kind != "c" and w.dtype.kind != "c") if onesided is None else bool(onesided)
    as_c = bool(return_complex) if return_complex is not None else x.dtype.kind == "c"
    return apply(_stft, (x, w), {"n_fft": int(n_fft), "hop": hop, "center": bool(center), "pad_mode": mode,
                                 "normalized": bool(normalized), "onesided": ones, "as_complex": as_c})


def stft_prim(x, window, n_fft, hop_length, win_length, normalized, onesided, return_complex) -> Tensor:
    """``ops.STFT(...)(x, window)``'s computation: no centre padding."""
    return stft(x, n_fft, hop_length, win_length, window, False, "REFLECT", normalized, onesided, return_complex)


# ---- windows -------------------------------------------------------------------------------
def _window_len(name, n, need_tensor):
    if isinstance(n, Tensor):
        if n.dtype.kind not in "iu":
            raise TypeError(f"For '{name}', the 'window_length' must be an int Tensor, but got {n.dtype}.")
        n = int(np.asarray(n._data).reshape(-1)[0]) if n.size == 1 else None
        if n is None:
            raise ValueError(f"For primitive[{name}], the window_length must have one element.")
    elif need_tensor:
        raise TypeError(f"For Primitive[{name}], the type of input argument[window_length] must be Tensor but got "
                        f"Int64.")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"For '{name}', 'window_length' must be a non-negative integer, but got {n}")
    return int(n)


def _cosine_window(n, periodic, coeffs):
    if n == 1:
        return np.ones(1)
    m = n if periodic else n - 1
    k = np.arange(n)
    return sum(c * np.cos(2 * np.pi * i * k / m) * (-1) ** i for i, c in enumerate(coeffs))


def _window(name, n, periodic, dtype, fn, default, need_tensor=False):
    n = _window_len(name, n, need_tensor)
    dt = mstype.to_dtype(dtype) if dtype is not None else default
    if n == 0:
        return Tensor(np.zeros(0, dt.np))
    return Tensor(np.asarray(fn(n, bool(periodic)), np.float64).astype(dt.np))


def bartlett_window(window_length, periodic: bool = True, *, dtype=None) -> Tensor:
    """``ops.bartlett_window``: the triangular window (``window_length`` an int Tensor)."""
    def f(n, p):
        m = n if p else n - 1
        k = np.arange(n)
        return np.ones(1) if n == 1 else 1 - np.abs(2 * k / m - 1)
    return _window("BartlettWindow", window_length, periodic, dtype, f, mstype.float32, True)


def blackman_window(window_length, periodic: bool = True, *, dtype=None) -> Tensor:
    """``ops.blackman_window``: the Blackman window (``window_length`` an int Tensor)."""
    return _window("BlackmanWindow", window_length, periodic, dtype,
                   lambda n, p: _cosine_window(n, p, (0.42, 0.5, 0.08)), mstype.float32, True)


def hamming_window(window_length, periodic: bool = True, alpha: float = 0.54, beta: float = 0.46, *,
                   dtype=None) -> Tensor:
    """``ops.hamming_window``: ``alpha - beta * cos(2 pi k / M)``."""
    return _window("hamming_window", window_length, periodic, dtype,
                   lambda n, p: _cosine_window(n, p, (alpha, beta)), mstype.float32)


def hann_window(window_length, periodic: bool = True, *, dtype=None) -> Tensor:
    """``ops.hann_window``: ``0.5 - 0.5 * cos(2 pi k / M)`` (Float64 unless ``dtype``, as in MindSpore)."""
    return _window("hann_window", window_length, periodic, dtype,
                   lambda n, p: _cosine_window(n, p, (0.5, 0.5)), mstype.float64)


def kaiser_window(window_length, periodic: bool = True, beta: float = 12.0, *, dtype=None) -> Tensor:
    """``ops.kaiser_window``: the Kaiser window with shape parameter ``beta`` (Float64 unless ``dtype``)."""
    def f(n, p):
        if n == 1:
            return np.ones(1)
        return np.kaiser(n + 1, beta)[:-1] if p else np.kaiser(n, beta)
    return _window("kaiser_window", window_length, periodic, dtype, f, mstype.float64)


__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn",
           "rfftn", "irfftn", "stft", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftshift", "ifftshift", "fftfreq", "rfftfreq",
           "bartlett_window", "blackman_window", "hamming_window", "hann_window", "kaiser_window"]
