"""OpenCV's arithmetic as MindSpore's image kernels meet it, written on numpy.

MindSpore's C++ image ops call OpenCV; these helpers follow OpenCV's documented fixed-point and
rounding rules (``saturate_cast`` rounds half to even, 8-bit gray and HSV conversions use integer
tables, ``warpAffine``/``warpPerspective`` use 1/32-pixel interpolation tables with 15-bit weights)
so that the outputs agree with MindSpore's pixel for pixel in the common cases.
"""
import functools

import numpy as np

_INTER_BITS = 5
_TAB = 1 << _INTER_BITS
_AB_BITS = 10
_AB_SCALE = 1 << _AB_BITS
_COEF_BITS = 15
_COEF_SCALE = 1 << _COEF_BITS


def saturate(x, dtype):
    """``cv::saturate_cast``: round half to even for integer targets, then clip."""
    dtype = np.dtype(dtype)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return np.clip(np.rint(x), info.min, info.max).astype(dtype)
    return np.asarray(x).astype(dtype)


def rgb2gray(img):
    """``COLOR_RGB2GRAY``: 14-bit fixed point for uint8, 0.299/0.587/0.114 otherwise."""
    if img.dtype == np.uint8:
        c = img.astype(np.int32)
        return ((c[..., 0] * 4899 + c[..., 1] * 9617 + c[..., 2] * 1868 + (1 << 13)) >> 14).astype(np.uint8)
    f = img.astype(np.float32)
    g = f[..., 0] * np.float32(0.299) + f[..., 1] * np.float32(0.587) + f[..., 2] * np.float32(0.114)
    return saturate(g, img.dtype)


def add_weighted(a, alpha, b, beta, gamma=0.0, dtype=None):
    """``cv::addWeighted`` (also what ``A * x + B * y`` evaluates to): float arithmetic, then saturate."""
    dtype = dtype or a.dtype
    # OpenCV takes float32 weights and forms a*alpha + b*beta with fused multiply-adds (one rounding to
    # float32 at the end, which the exact double sum rounded to float32 reproduces), then saturates
    w1, w2 = float(np.float32(alpha)), float(np.float32(beta))
    out = a.astype(np.float64) * w1 + b.astype(np.float64) * w2 + float(np.float32(gamma))
    if dtype != np.float64:
        out = out.astype(np.float32)
    return saturate(out, dtype)


@functools.lru_cache(maxsize=1)
def _hsv_tables():
    i = np.arange(256, dtype=np.float64)
    with np.errstate(divide="ignore"):
        sdiv = np.where(i > 0, np.rint((255 << 12) / np.maximum(i, 1)), 0).astype(np.int64)
        hdiv = np.where(i > 0, np.rint((256 << 12) / (6.0 * np.maximum(i, 1))), 0).astype(np.int64)
    return sdiv, hdiv


def rgb2hsv_full(img):
    """``COLOR_RGB2HSV_FULL`` on uint8 (hue over 0..255), OpenCV's integer algorithm."""
    sdiv, hdiv = _hsv_tables()
    c = img.astype(np.int64)
    r, g, b = c[..., 0], c[..., 1], c[..., 2]
    v = np.maximum(np.maximum(r, g), b)
    vmin = np.minimum(np.minimum(r, g), b)
    diff = v - vmin
    s = (diff * sdiv[v] + (1 << 11)) >> 12
    h = np.where(v == r, g - b, np.where(v == g, b - r + 2 * diff, r - g + 4 * diff))
    h = (h * hdiv[diff] + (1 << 11)) >> 12
    h = np.where(h < 0, h + 256, h)
    return np.stack([np.clip(h, 0, 255), s, v], axis=-1).astype(np.uint8)


_SECTORS = np.array([[1, 3, 0], [1, 0, 2], [3, 0, 1], [0, 2, 1], [0, 1, 3], [2, 1, 0]])


def hsv_full2rgb(hsv):
    """``COLOR_HSV2RGB_FULL`` on uint8: float arithmetic (hue range 255 on the way back, as OpenCV)."""
    f = hsv.astype(np.float32)
    h = f[..., 0] * np.float32(6.0 / 255.0)
    s = f[..., 1] * np.float32(1 / 255.0)
    v = f[..., 2] * np.float32(1 / 255.0)
    h = np.where(h >= 6, h - 6, h)
    sector = np.floor(h).astype(np.int64)
    h = (h - sector).astype(np.float32)
    bad = (sector < 0) | (sector >= 6)
    sector = np.where(bad, 0, sector)
    h = np.where(bad, np.float32(0), h)
    one = np.float32(1)
    tab = np.stack([v, v * (one - s), v * (one - s * h), v * (one - s * (one - h))], axis=-1)
    idx = _SECTORS[sector]  # (..., 3): which tab entry gives b, g, r
    bgr = np.take_along_axis(tab, idx, axis=-1)
    bgr = np.where((s == 0)[..., None], v[..., None], bgr)
    rgb = bgr[..., ::-1] * np.float32(255)
    return saturate(rgb, np.uint8)


# ---- geometric warps ----------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _bilinear_tab():
    """OpenCV's 32x32 table of 15-bit bilinear weights, each row adjusted to sum to 1 << 15."""
    t = np.arange(_TAB) / _TAB
    tab = np.empty((_TAB, _TAB, 4), np.int64)
    for iy in range(_TAB):
        for ix in range(_TAB):
            fy, fx = t[iy], t[ix]
            w = np.array([(1 - fy) * (1 - fx), (1 - fy) * fx, fy * (1 - fx), fy * fx])
            iw = np.array([int(np.rint(x * _COEF_SCALE)) for x in w], np.int64)
            isum = iw.sum()
            if isum != _COEF_SCALE:  # OpenCV puts the rounding error on the largest/smallest weight
                diff = isum - _COEF_SCALE
                k = int(np.argmin(iw)) if diff < 0 else int(np.argmax(iw))
                iw[k] -= diff
            tab[iy, ix] = iw
    return tab


def _cubic_coeffs(x, a=-0.75):
    return [((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a,
            ((a + 2) * x - (a + 3)) * x * x + 1,
            ((a + 2) * (1 - x) - (a + 3)) * (1 - x) * (1 - x) + 1]


@functools.lru_cache(maxsize=1)
def _bicubic_tab():
    """OpenCV's 32x32 table of 4x4 bicubic weights (a = -0.75) in 15-bit fixed point; the rounding error
    of each table entry goes to the largest (or smallest) of its four central weights."""
    tab = np.empty((_TAB, _TAB, 16), np.int64)
    for iy in range(_TAB):
        cy = _cubic_coeffs(np.float32(iy / _TAB))
        cy = [np.float32(c) for c in cy] + [np.float32(1 - cy[0] - cy[1] - cy[2])]
        for ix in range(_TAB):
            cx = _cubic_coeffs(np.float32(ix / _TAB))
            cx = [np.float32(c) for c in cx] + [np.float32(1 - cx[0] - cx[1] - cx[2])]
            w = np.array([float(np.float32(a * b)) for a in cy for b in cx])
            iw = np.array([int(np.rint(v * _COEF_SCALE)) for v in w], np.int64)
            diff = int(iw.sum()) - _COEF_SCALE
            if diff:
                mk = Mk = 1 * 4 + 1
                for k1 in (1, 2):
                    for k2 in (1, 2):
                        k = k1 * 4 + k2
                        if iw[k] < iw[mk]:
                            mk = k
                        elif iw[k] > iw[Mk]:
                            Mk = k
                if diff < 0:
                    iw[Mk] -= diff
                else:
                    iw[mk] -= diff
            tab[iy, ix] = iw
    return tab


def _sample(img, xi, yi, fill):
    """img[yi, xi] with the constant border ``fill`` where the index is outside."""
    h, w = img.shape[:2]
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    vals = img[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)]
    if img.ndim == 3:
        return np.where(inside[..., None], vals, fill)
    return np.where(inside, vals, fill[0] if np.ndim(fill) else fill)


def _fill_vec(img, fill):
    c = img.shape[2] if img.ndim == 3 else 1
    f = list(fill) if isinstance(fill, (list, tuple)) else [fill] * 3
    f = (f + [0] * 4)[:max(c, 1)]
    return np.array(f, dtype=np.float64)


def _remap(img, X, Y, nearest, fill, cubic=False):
    """Remap with fixed-point coordinates: nearest takes (X, Y) as integer pixels, linear and cubic as
    1/32 pixels."""
    fillv = _fill_vec(img, fill)
    if nearest:
        out = _sample(img.astype(np.float64), X, Y, fillv)
        return saturate(out, img.dtype)
    if cubic:
        return _remap_cubic(img, X, Y, fillv)
    x0, y0 = X >> _INTER_BITS, Y >> _INTER_BITS
    ax, ay = X & (_TAB - 1), Y & (_TAB - 1)
    src = img.astype(np.float64)
    p00 = _sample(src, x0, y0, fillv)
    p01 = _sample(src, x0 + 1, y0, fillv)
    p10 = _sample(src, x0, y0 + 1, fillv)
    p11 = _sample(src, x0 + 1, y0 + 1, fillv)
    extra = (None,) if img.ndim == 3 else ()
    if img.dtype == np.uint8:
        wt = _bilinear_tab()[ay, ax]
        ws = [wt[..., k][(...,) + extra] for k in range(4)]
        acc = p00 * ws[0] + p01 * ws[1] + p10 * ws[2] + p11 * ws[3]
        out = (acc.astype(np.int64) + (1 << (_COEF_BITS - 1))) >> _COEF_BITS
        return np.clip(out, 0, 255).astype(np.uint8)
    fx = (ax / _TAB).astype(np.float32)[(...,) + extra]
    fy = (ay / _TAB).astype(np.float32)[(...,) + extra]
    out = p00 * (1 - fy) * (1 - fx) + p01 * (1 - fy) * fx + p10 * fy * (1 - fx) + p11 * fy * fx
    return saturate(out, img.dtype)


def _remap_cubic(img, X, Y, fillv):
    x0, y0 = (X >> _INTER_BITS) - 1, (Y >> _INTER_BITS) - 1
    ax, ay = X & (_TAB - 1), Y & (_TAB - 1)
    src = img.astype(np.float64)
    extra = (None,) if img.ndim == 3 else ()
    acc = 0
    if img.dtype == np.uint8:
        wt = _bicubic_tab()[ay, ax]
        for i in range(4):
            for j in range(4):
                acc = acc + _sample(src, x0 + j, y0 + i, fillv) * wt[..., i * 4 + j][(...,) + extra]
        out = (acc.astype(np.int64) + (1 << (_COEF_BITS - 1))) >> _COEF_BITS
        return np.clip(out, 0, 255).astype(np.uint8)
    fy = [c for c in _cubic_coeffs((ay / _TAB).astype(np.float32))]
    fy.append(1 - fy[0] - fy[1] - fy[2])
    fx = [c for c in _cubic_coeffs((ax / _TAB).astype(np.float32))]
    fx.append(1 - fx[0] - fx[1] - fx[2])
    for i in range(4):
        for j in range(4):
            acc = acc + _sample(src, x0 + j, y0 + i, fillv) * (fy[i] * fx[j])[(...,) + extra]
    return saturate(acc, img.dtype)


def invert_affine(m):
    m = np.asarray(m, np.float64).reshape(2, 3)
    d = m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]
    d = 1.0 / d if d != 0 else 0.0
    a11, a22 = m[1, 1] * d, m[0, 0] * d
    a12, a21 = -m[0, 1] * d, -m[1, 0] * d
    b1 = -a11 * m[0, 2] - a12 * m[1, 2]
    b2 = -a21 * m[0, 2] - a22 * m[1, 2]
    return np.array([[a11, a12, b1], [a21, a22, b2]])


def _round_int(x):
    return np.rint(x).astype(np.int64)


def warp_affine(img, m, out_hw, nearest, fill=0, cubic=False):
    """``cv::warpAffine(img, M, size, flags)`` with a constant border: ``m`` maps source to destination."""
    inv = invert_affine(m)
    oh, ow = out_hw
    xs, ys = np.arange(ow), np.arange(oh)
    shift = _AB_BITS if nearest else _AB_BITS - _INTER_BITS
    round_delta = _AB_SCALE // 2 if nearest else _AB_SCALE // _TAB // 2
    adx = _round_int(inv[0, 0] * xs * _AB_SCALE)
    ady = _round_int(inv[1, 0] * xs * _AB_SCALE)
    x0 = _round_int((inv[0, 1] * ys + inv[0, 2]) * _AB_SCALE) + round_delta
    y0 = _round_int((inv[1, 1] * ys + inv[1, 2]) * _AB_SCALE) + round_delta
    X = (x0[:, None] + adx[None, :]) >> shift
    Y = (y0[:, None] + ady[None, :]) >> shift
    return _remap(img, X, Y, nearest, fill, cubic)


def perspective_matrix(src, dst):
    """``cv::getPerspectiveTransform``: the 3x3 matrix mapping the 4 ``src`` points onto ``dst``."""
    a = np.zeros((8, 8))
    b = np.zeros(8)
    for i, ((x, y), (u, v)) in enumerate(zip(src, dst)):
        a[i] = [x, y, 1, 0, 0, 0, -x * u, -y * u]
        a[i + 4] = [0, 0, 0, x, y, 1, -x * v, -y * v]
        b[i], b[i + 4] = u, v
    sol = np.linalg.solve(a, b)
    return np.append(sol, 1.0).reshape(3, 3)


def warp_perspective(img, m, nearest, fill=0, cubic=False):
    """``cv::warpPerspective`` to the same size with a constant border."""
    inv = np.linalg.inv(np.asarray(m, np.float64))
    h, w = img.shape[:2]
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    W = inv[2, 0] * xs + inv[2, 1] * ys + inv[2, 2]
    scale = 1.0 if nearest else float(_TAB)
    W = np.where(W != 0, scale / np.where(W != 0, W, 1), 0.0)
    fx = np.clip((inv[0, 0] * xs + inv[0, 1] * ys + inv[0, 2]) * W, -2 ** 31, 2 ** 31 - 1)
    fy = np.clip((inv[1, 0] * xs + inv[1, 1] * ys + inv[1, 2]) * W, -2 ** 31, 2 ** 31 - 1)
    return _remap(img, _round_int(fx), _round_int(fy), nearest, fill, cubic)


def rotation_matrix(cx, cy, degrees, scale=1.0):
    """``cv::getRotationMatrix2D``: counter-clockwise by ``degrees`` about (cx, cy)."""
    a = np.deg2rad(degrees)
    alpha, beta = np.cos(a) * scale, np.sin(a) * scale
    return np.array([[alpha, beta, (1 - alpha) * cx - beta * cy], [-beta, alpha, beta * cx + (1 - alpha) * cy]])


def gaussian_kernel(ksize, sigma):
    """``cv::getGaussianKernel`` (float64): sigma <= 0 derives it from the size."""
    if sigma <= 0:
        sigma = 0.3 * ((ksize - 1) * 0.5 - 1) + 0.8
    x = np.arange(ksize) - (ksize - 1) * 0.5
    k = np.exp(-(x * x) / (2 * sigma * sigma))
    return k / k.sum()


_SMALL_GAUSSIAN = {1: [1.0], 3: [0.25, 0.5, 0.25], 5: [0.0625, 0.25, 0.375, 0.25, 0.0625],
                   7: [0.03125, 0.109375, 0.21875, 0.28125, 0.21875, 0.109375, 0.03125]}


def gaussian_kernel_fixed(ksize, sigma, bits=8):
    """OpenCV's 8-bit fixed-point Gaussian kernel for uint8 images: error-diffused rounding of the
    kernel to ``bits`` fractional bits, the centre tap taking what makes the sum exactly one."""
    if sigma <= 0 and ksize in _SMALL_GAUSSIAN:
        k = np.array(_SMALL_GAUSSIAN[ksize])
    else:
        k = gaussian_kernel(ksize, sigma)
    one = 1 << bits
    out = np.zeros(ksize, np.int64)
    err, total = 0.0, 0
    for i in range(ksize // 2):
        adj = k[i] * one + err
        v = int(np.rint(adj))
        err = adj - v
        out[i] = out[ksize - 1 - i] = v
        total += v
    out[ksize // 2] = one - 2 * total
    return out


def gaussian_blur_u8(img, kx, ky):
    """uint8 Gaussian blur as OpenCV's fixed-point path: integer row and column passes, then
    ``(sum + 2**15) >> 16`` (BORDER_REFLECT_101)."""
    src = img.astype(np.int64)
    h, w = img.shape[:2]
    rx, ry = len(kx) // 2, len(ky) // 2
    cols = reflect101(w, np.arange(-rx, w + rx))
    rows = reflect101(h, np.arange(-ry, h + ry))
    tmp = sum(int(kx[i]) * src[:, cols[i:i + w]] for i in range(len(kx)))
    acc = sum(int(ky[j]) * tmp[rows[j:j + h]] for j in range(len(ky)))
    return np.clip((acc + (1 << 15)) >> 16, 0, 255).astype(np.uint8)


def reflect101(n, idx):
    """BORDER_REFLECT_101 indices (``gfedcb|abcdefgh|gfedcba``)."""
    if n == 1:
        return np.zeros_like(idx)
    period = 2 * n - 2
    idx = np.abs(idx) % period
    return np.where(idx >= n, period - idx, idx)


def sep_filter(img, kx, ky):
    """Separable filtering with BORDER_REFLECT_101, in float64, then saturate to the input dtype."""
    src = img.astype(np.float64)
    h, w = img.shape[:2]
    rx, ry = len(kx) // 2, len(ky) // 2
    cols = reflect101(w, np.arange(-rx, w + rx))
    rows = reflect101(h, np.arange(-ry, h + ry))
    tmp = sum(kx[i] * src[:, cols[i:i + w]] for i in range(len(kx)))
    out = sum(ky[j] * tmp[rows[j:j + h]] for j in range(len(ky)))
    return saturate(out, img.dtype)
