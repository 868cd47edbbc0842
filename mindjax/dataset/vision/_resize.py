"""``cv::resize`` as MindSpore's Resize calls it, on numpy: NEAREST, LINEAR (OpenCV's 11-bit fixed point
for uint8), CUBIC (a = -0.75, fixed point), AREA (box averages when shrinking, area-weighted linear
when enlarging), and PILCUBIC through Pillow."""
import functools

import numpy as np

from .utils import Inter

_COEF_BITS = 11
_COEF_SCALE = 1 << _COEF_BITS


@functools.lru_cache(maxsize=256)
def _linear_taps(n_in, n_out, clamp, area=False):
    """OpenCV INTER_LINEAR taps along one axis: source indices and float32 weights of each output pixel.

    Like OpenCV, the horizontal axis clamps the weight at the borders (``clamp``), the vertical one
    only clips the row indices, so border rows blend a row with itself.
    """
    scale = 1.0 / (n_out / n_in)
    if area:  # INTER_AREA when enlarging: OpenCV's own fractions, then linear interpolation
        d = np.arange(n_out, dtype=np.float64)
        s = np.floor(d * scale).astype(np.int64)
        f = ((d + 1) - (s + 1) * (n_out / n_in)).astype(np.float32)
        f = np.where(f <= 0, np.float32(0), f - np.floor(f)).astype(np.float32)
    else:
        f = ((np.arange(n_out, dtype=np.float64) + 0.5) * scale - 0.5).astype(np.float32)
        s = np.floor(f).astype(np.int64)
        f = (f - s.astype(np.float32)).astype(np.float32)
    if clamp:
        low = s < 0
        s[low], f[low] = 0, 0
        high = s >= n_in - 1
        s[high], f[high] = n_in - 1, 0
    w0 = (np.float32(1) - f).astype(np.float32)
    out = (np.clip(s, 0, n_in - 1), np.clip(s + 1, 0, n_in - 1), w0, f)
    for a in out:
        a.flags.writeable = False  # cached: shared by every call
    return out


@functools.lru_cache(maxsize=256)
def _fixed_taps(n_in, n_out, clamp, area=False):
    i0, i1, w0, w1 = _linear_taps(n_in, n_out, clamp, area)
    fix = lambda v: np.round(v * np.float32(_COEF_SCALE)).astype(np.int32)  # noqa: E731
    out = (i0, i1, fix(w0), fix(w1))
    for a in out:
        a.flags.writeable = False
    return out


def _resize_linear(img, h, w, area=False):
    ys0, ys1, wy0, wy1 = _linear_taps(img.shape[0], h, False, area)
    xs0, xs1, wx0, wx1 = _linear_taps(img.shape[1], w, True, area)
    tail = (1,) * (img.ndim - 2)
    if img.dtype == np.uint8:
        # fixed point as OpenCV: 11-bit weights, then its vertical pass (S >> 4) * b >> 16, +2 >> 2
        ys0, ys1, by0, by1 = _fixed_taps(img.shape[0], h, False, area)
        xs0, xs1, bx0, bx1 = _fixed_taps(img.shape[1], w, True, area)
        src = img.astype(np.int32)  # 255 * 2048 and (S >> 4) * 2048 fit in int32
        rows = src[:, xs0] * bx0.reshape((1, w) + tail) + src[:, xs1] * bx1.reshape((1, w) + tail)
        rows >>= 4
        a = (rows[ys0] * by0.reshape((h, 1) + tail)) >> 16
        a += (rows[ys1] * by1.reshape((h, 1) + tail)) >> 16
        a += 2
        a >>= 2
        return np.clip(a, 0, 255).astype(np.uint8)
    work = img.astype(np.float64 if img.dtype == np.float64 else np.float32)
    dt = work.dtype
    rows = work[:, xs0] * wx0.astype(dt).reshape((1, w) + tail) + work[:, xs1] * wx1.astype(dt).reshape((1, w) + tail)
    out = rows[ys0] * wy0.astype(dt).reshape((h, 1) + tail) + rows[ys1] * wy1.astype(dt).reshape((h, 1) + tail)
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(img.dtype)
    return out.astype(img.dtype)


def _resize_nearest(img, h, w):
    ys = np.minimum(np.floor(np.arange(h) * (img.shape[0] / h)).astype(np.int64), img.shape[0] - 1)
    xs = np.minimum(np.floor(np.arange(w) * (img.shape[1] / w)).astype(np.int64), img.shape[1] - 1)
    return img[ys][:, xs]


def _out_size(size, h, w):
    if isinstance(size, int):  # the shorter side becomes `size`, keeping the aspect ratio
        if h <= w:
            return size, int(w * size / h)
        return int(h * size / w), size
    return size


def _cubic_weights(x):
    a = np.float32(-0.75)
    x = x.astype(np.float32)
    one = np.float32(1)
    c0 = ((a * (x + one) - np.float32(5) * a) * (x + one) + np.float32(8) * a) * (x + one) - np.float32(4) * a
    c1 = ((a + np.float32(2)) * x - (a + np.float32(3))) * x * x + one
    c2 = ((a + np.float32(2)) * (one - x) - (a + np.float32(3))) * (one - x) * (one - x) + one
    return [c0, c1, c2, one - c0 - c1 - c2]


@functools.lru_cache(maxsize=256)
def _cubic_taps(n_in, n_out):
    """INTER_CUBIC taps along one axis: 4 source indices (clamped to the edge) and float32 weights."""
    f = ((np.arange(n_out, dtype=np.float64) + 0.5) * (n_in / n_out) - 0.5).astype(np.float32)
    s = np.floor(f).astype(np.int64)
    f = (f - s.astype(np.float32)).astype(np.float32)
    idx = [np.clip(s + k - 1, 0, n_in - 1) for k in range(4)]
    return idx, _cubic_weights(f)


def _resize_cubic(img, h, w):
    """cv::resize INTER_CUBIC: separable, 11-bit fixed point for uint8 ((sum + 2**21) >> 22)."""
    (ys, wy), (xs, wx) = _cubic_taps(img.shape[0], h), _cubic_taps(img.shape[1], w)
    tail = (1,) * (img.ndim - 2)
    if img.dtype == np.uint8:
        bx = [np.rint(c * np.float32(_COEF_SCALE)).astype(np.int64) for c in wx]
        by = [np.rint(c * np.float32(_COEF_SCALE)).astype(np.int64) for c in wy]
        src = img.astype(np.int64)
        rows = sum(src[:, xs[k]] * bx[k].reshape((1, w) + tail) for k in range(4))
        acc = sum(rows[ys[k]] * by[k].reshape((h, 1) + tail) for k in range(4))
        return np.clip((acc + (1 << 21)) >> 22, 0, 255).astype(np.uint8)
    dt = np.float64 if img.dtype == np.float64 else np.float32
    src = img.astype(dt)
    rows = sum(src[:, xs[k]] * wx[k].astype(dt).reshape((1, w) + tail) for k in range(4))
    out = sum(rows[ys[k]] * wy[k].astype(dt).reshape((h, 1) + tail) for k in range(4))
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(img.dtype)
    return out.astype(img.dtype)


def _area_tab(n_in, n_out):
    """OpenCV's computeResizeAreaTab: (dst, src, weight) triples of a shrinking axis."""
    scale = n_in / n_out
    tab = []
    for dx in range(n_out):
        fsx1 = dx * scale
        fsx2 = fsx1 + scale
        cell = min(scale, n_in - fsx1)
        sx1, sx2 = int(np.ceil(fsx1)), int(np.floor(fsx2))
        sx2 = min(sx2, n_in - 1)
        sx1 = min(sx1, sx2)
        if sx1 - fsx1 > 1e-3:
            tab.append((dx, sx1 - 1, np.float32((sx1 - fsx1) / cell)))
        for sx in range(sx1, sx2):
            tab.append((dx, sx, np.float32(1.0 / cell)))
        if fsx2 - sx2 > 1e-3:
            tab.append((dx, sx2, np.float32(min(min(fsx2 - sx2, 1.0), cell) / cell)))
    m = np.zeros((n_out, n_in), np.float32)
    for d, sidx, a in tab:
        m[d, sidx] += a
    return m


def _resize_area(img, h, w):
    """cv::resize INTER_AREA: box averages when shrinking (exact 2x2 blocks round as (s + 2) >> 2),
    OpenCV's area-weighted linear interpolation when enlarging."""
    sy, sx = img.shape[0] / h, img.shape[1] / w
    if sy < 1 or sx < 1:
        return _resize_linear(img, h, w, area=True)
    iy, ix = int(round(sy)), int(round(sx))
    if abs(sy - iy) < 1e-12 and abs(sx - ix) < 1e-12:
        blocks = img[:h * iy, :w * ix].astype(np.float64).reshape((h, iy, w, ix) + img.shape[2:])
        total = blocks.sum(axis=(1, 3))
        if img.dtype == np.uint8 and iy == 2 and ix == 2:
            return ((total.astype(np.int64) + 2) >> 2).astype(np.uint8)
        out = total.astype(np.float32) * np.float32(1.0 / (iy * ix))
    else:
        my, mx = _area_tab(img.shape[0], h), _area_tab(img.shape[1], w)
        out = np.einsum("yi,ij...,xj->yx...", my, img.astype(np.float32), mx).astype(np.float32)
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(img.dtype)
    return out.astype(img.dtype)


def _resize_pil_cubic(img, h, w):
    """PILCUBIC: Pillow's bicubic resampling (MindSpore ports Pillow's for 3-channel uint8 images)."""
    from PIL import Image
    if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
        raise RuntimeError(f"Resize: Interpolation mode PILCUBIC only supports image with 3 channels, but got: "
                           f"{list(img.shape)}")
    # MindSpore's port resamples the width first, then the height, each pass rounding to 8 bits
    im = Image.fromarray(img)
    if w != img.shape[1]:
        im = im.resize((w, img.shape[0]), Image.BICUBIC)
    if h != img.shape[0]:
        im = im.resize((w, h), Image.BICUBIC)
    return np.asarray(im)


def _resize(img, size, interpolation):
    h, w = _out_size(size, img.shape[0], img.shape[1])
    if (h, w) == img.shape[:2]:
        return img.copy()
    if interpolation == Inter.NEAREST:
        return _resize_nearest(img, h, w)
    if interpolation in (Inter.LINEAR, Inter.BILINEAR, Inter.ANTIALIAS):
        return _resize_linear(img, h, w)
    if interpolation in (Inter.CUBIC, Inter.BICUBIC):
        return _resize_cubic(img, h, w)
    if interpolation == Inter.AREA:
        return _resize_area(img, h, w)
    if interpolation == Inter.PILCUBIC:
        return _resize_pil_cubic(img, h, w)
    raise TypeError(f"Argument interpolation with value {interpolation} is not of type [<enum 'Inter'>].")
