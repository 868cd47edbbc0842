"""The global seed and the random streams that initializers and random ops draw from.

``set_seed(n)`` resets both numpy's global random state, from which initializers draw their
seeds exactly as MindSpore does, and the jax PRNG key used by random ops, so a program seeded
the same way gives the same values. The initializers' generators below reproduce MindSpore's
bit for bit, so seeded initial weights equal MindSpore's.
"""
from __future__ import annotations

import math

import numpy as np

_seed = None
_key = None
_counter = 0


def set_seed(seed: int) -> None:
    """``mindspore.set_seed``: make initializers and random ops reproducible.

    Examples:
        >>> import mindjax as ms
        >>> ms.set_seed(1)
        >>> a = ms.ops.standard_normal((2,)); ms.set_seed(1)
        >>> bool((a == ms.ops.standard_normal((2,))).all())
        True
    """
    global _seed, _key, _counter
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"For 'set_seed', the 'seed' must be a non-negative int, but got {seed!r}.")
    _seed = seed
    np.random.seed(seed)  # as MindSpore: the global seed also seeds numpy.random
    _key = None
    _counter = 0
    try:
        from ..dataset import config as _dsconfig
        _dsconfig.set_seed(seed)
    except ImportError:
        pass


def get_seed():
    return _seed


def numpy_seed() -> int:
    """One seed for an initializer call, drawn as MindSpore draws it.

    ``np.random.randint(1, 2**63)`` from numpy's global random state, which
    ``set_seed`` (like ``mindspore.set_seed``) resets with ``np.random.seed``.
    """
    return int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))


# ---------------------------------------------------------------------------------------------
# MindSpore's host-side random generators (include/utils/random.h), reproduced bit for bit.
#
# ``mindspore.common.initializer`` fills float32 arrays with the C++ functions
# ``_random_normal(seed, arr, mean, sigma)``, ``_random_uniform(seed, arr, a, b)`` and
# ``_truncated_normal(seed, arr, a, b, mean, sigma)``.  Each one runs a Philox4x32-10 generator
# keyed by the 64-bit seed (key = (lo, hi), initial counter = (0, 0, lo, hi)); element ``i``
# of the output is made from the ``i``-th uint32 of that stream (the parallel version skips
# ahead per chunk, so the result does not depend on the thread count).  The distributions
# compute in double from float32 parameters and round the result to float32.
# ---------------------------------------------------------------------------------------------

_PHILOX_M0 = np.uint64(0xD2511F53)
_PHILOX_M1 = np.uint64(0xCD9E8D57)
_PHILOX_W0 = 0x9E3779B9
_PHILOX_W1 = 0xBB67AE85
_U32 = 0xFFFFFFFF
_SHIFT32 = np.uint64(32)
_MASK32 = np.uint64(_U32)


def philox_uint32(seed: int, n: int, start: int = 0) -> np.ndarray:
    """``n`` uint32 outputs of MindSpore's ``random::Philox(seed)``, from output ``start`` (a multiple of 4)."""
    seed = int(seed) & ((1 << 64) - 1)
    lo, hi = seed & _U32, seed >> 32
    blocks = (int(n) + 3) // 4
    # All words are kept in uint64 arrays (values below 2**32) to avoid casts between rounds.
    c0 = np.arange(start // 4, start // 4 + blocks, dtype=np.uint64)
    c1 = c0 >> _SHIFT32
    c0 &= _MASK32
    c2 = np.full(blocks, lo, np.uint64)
    c3 = np.full(blocks, hi, np.uint64)
    k0, k1 = lo, hi
    for _ in range(10):
        t0 = c0
        t0 *= _PHILOX_M0  # c0 is not used again this round
        t1 = c2
        t1 *= _PHILOX_M1
        c0 = t1 >> _SHIFT32
        c0 ^= c1
        c0 ^= np.uint64(k0)
        c2 = t0 >> _SHIFT32
        c2 ^= c3
        c2 ^= np.uint64(k1)
        t1 &= _MASK32
        t0 &= _MASK32
        c1, c3 = t1, t0
        k0, k1 = (k0 + _PHILOX_W0) & _U32, (k1 + _PHILOX_W1) & _U32
    out = np.empty((blocks, 4), np.uint32)
    out[:, 0], out[:, 1], out[:, 2], out[:, 3] = c0, c1, c2, c3
    return out.reshape(-1)[:n]


def _f32(x) -> float:
    """A Python number passed to a C++ ``float`` parameter, as the double it becomes."""
    return float(np.float32(x))


_CHUNK = 1 << 16  # elements per pass: keeps the float64 temporaries in cache


def _generate(shape, fill) -> np.ndarray:
    """A float32 array of ``shape``; ``fill(out, start)`` writes the elements from ``start`` into ``out``."""
    n = int(np.prod(shape, dtype=np.int64))
    out = np.empty(n, np.float32)
    for start in range(0, n, _CHUNK):
        fill(out[start:start + _CHUNK], start)
    return out.reshape(shape)


def random_uniform(seed: int, shape, a: float, b: float) -> np.ndarray:
    """``mindspore._c_expression._random_uniform``: float32 values in ``[a, b)``."""
    a, b = _f32(a), _f32(b)

    def fill(out, start):
        s = philox_uint32(seed, out.size, start).astype(np.float64)
        s *= 2.0 ** -32
        s *= (b - a)
        s += a
        out[...] = s
    return _generate(shape, fill)


def _unit_float(u: np.ndarray) -> np.ndarray:
    """``NormalDistribution::to_float``: 23 random mantissa bits as a float in [0, 1)."""
    return ((u & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)).view(np.float32) - np.float32(1.0)


def random_normal(seed: int, shape, mean: float, sigma: float) -> np.ndarray:
    """``mindspore._c_expression._random_normal``: float32 normal values (Box-Muller on pairs)."""
    mean, sigma = _f32(mean), _f32(sigma)
    threshold = np.float32(1.0e-7)
    two_pi = 2.0 * _f32(3.1415926)

    def fill(out, start):
        n = out.size
        m = n + (n & 1)  # an odd tail still draws a full pair and keeps the cosine half
        u = philox_uint32(seed, m, start)
        u1 = np.maximum(_unit_float(u[0::2]), threshold).astype(np.float64)
        y = np.maximum(_unit_float(u[1::2]), threshold).astype(np.float64)
        x = np.log(u1)
        x *= -2.0
        np.sqrt(x, out=x)
        x *= sigma
        y *= two_pi
        c = np.cos(y)
        c *= x
        c += mean
        out[0::2] = c[:(n + 1) // 2]
        s = np.sin(y[:n // 2])
        s *= x[:n // 2]
        s += mean
        out[1::2] = s
    return _generate(shape, fill)


# erf_inv rational approximations (boost, as copied into MindSpore's TruncatedNormal).
_ERFINV_SMALL = (0.0891314744949340820313,
                 (-0.000508781949658280665617, -0.00836874819741736770379, 0.0334806625409744615033,
                  -0.0126926147662974029034, -0.0365637971411762664006, 0.0219878681111168899165,
                  0.00822687874676915743155, -0.00538772965071242932965),
                 (1.0, -0.970005043303290640362, -1.56574558234175846809, 1.56221558398423026363,
                  0.662328840472002992063, -0.71228902341542847553, -0.0527396382340099713954,
                  0.0795283687341571680018, -0.00233393759374190016776, 0.000886216390456424707504))
_ERFINV_MID = (2.249481201171875,
               (-0.202433508355938759655, 0.105264680699391713268, 8.37050328343119927838,
                17.6447298408374015486, -18.8510648058714251895, -44.6382324441786960818,
                17.445385985570866523, 21.1294655448340526258, -3.67192254707729348546),
               (1.0, 6.24264124854247537712, 3.9713437953343869095, -28.6608180499800029974,
                -20.1432634680485188801, 48.5609213108739935468, 10.8268667355460159008,
                -22.6436933413139721736, 1.72114765761200282724))
# (upper bound of x, offset, Y, P, Q) for the tail, x = sqrt(-log(q))
_ERFINV_TAIL = (
    (3.0, 1.125, 0.807220458984375,
     (-0.131102781679951906451, -0.163794047193317060787, 0.117030156341995252019, 0.387079738972604337464,
      0.337785538912035898924, 0.142869534408157156766, 0.0290157910005329060432, 0.00214558995388805277169,
      -0.679465575181126350155e-6, 0.285225331782217055858e-7, -0.681149956853776992068e-9),
     (1.0, 3.46625407242567245975, 5.38168345707006855425, 4.77846592945843778382, 2.59301921623620271374,
      0.848854343457902036425, 0.152264338295331783612, 0.01105924229346489121)),
    (6.0, 3.0, 0.93995571136474609375,
     (-0.0350353787183177984712, -0.00222426529213447927281, 0.0185573306514231072324,
      0.00950804701325919603619, 0.00187123492819559223345, 0.000157544617424960554631,
      0.460469890584317994083e-5, -0.230404776911882601748e-9, 0.266339227425782031962e-11),
     (1.0, 1.3653349817554063097, 0.762059164553623404043, 0.220091105764131249824,
      0.0341589143670947727934, 0.00263861676657015992959, 0.764675292302794483503e-4)),
    (18.0, 6.0, 0.98362827301025390625,
     (-0.0167431005076633737133, -0.00112951438745580278863, 0.00105628862152492910091,
      0.000209386317487588078668, 0.149624783758342370182e-4, 0.449696789927706453732e-6,
      0.462596163522878599135e-8, -0.281128735628831791805e-13, 0.99055709973310326855e-16),
     (1.0, 0.591429344886417493481, 0.138151865749083321638, 0.0160746087093676504695,
      0.000964011807005165528527, 0.275335474764726041141e-4, 0.282243172016108031869e-6)),
    (44.0, 18.0, 0.99714565277099609375,
     (-0.0024978212791898131227, -0.779190719229053954292e-5, 0.254723037413027451751e-4,
      0.162397777342510920873e-5, 0.396341011304801168516e-7, 0.411632831190944208473e-9,
      0.145596286718675035587e-11, -0.116765012397184275695e-17),
     (1.0, 0.207123112214422517181, 0.0169410838120975906478, 0.000690538265622684595676,
      0.145007359818232637924e-4, 0.144437756628144157666e-6, 0.509761276599778486139e-9)),
    (np.inf, 44.0, 0.99941349029541015625,
     (-0.000539042911019078575891, -0.28398759004727721098e-6, 0.899465114892291446442e-6,
      0.229345859265920864296e-7, 0.225561444863500149219e-9, 0.947846627503022684216e-12,
      0.135880130108924861008e-14, -0.348890393399948882918e-21),
     (1.0, 0.0845746234001899436914, 0.00282092984726264681981, 0.468292921940894236786e-4,
      0.399968812193862100054e-6, 0.161809290887904476097e-8, 0.231558608310259605225e-11)),
)
_ROOT_TWO = _f32(1.4142135)


def _poly(coeffs, x):
    """Horner evaluation in the order of MindSpore's ``eval_polynomial``."""
    s = np.full_like(x, coeffs[-1])
    for c in coeffs[-2::-1]:
        s *= x
        s += c
    return s


def _erf_inv_imp(p, q):
    """``TruncatedNormal::erf_inv_imp`` elementwise (``p = 1 - q``, both in [0, 1])."""
    out = np.empty_like(p)
    small = p <= 0.5
    idx = np.flatnonzero(small)
    if idx.size:
        y, P, Q = _ERFINV_SMALL
        pp = p[idx]
        g = pp + 10.0
        g *= pp
        r = _poly(P, pp)
        r /= _poly(Q, pp)
        r *= g
        g *= _f32(y)
        g += r
        out[idx] = g
    if idx.size == p.size:
        return out
    mid = q >= 0.25
    mid &= ~small
    idx = np.flatnonzero(mid)
    if idx.size:
        y, P, Q = _ERFINV_MID
        qq = q[idx]
        g = np.log(qq)
        g *= -2.0
        np.sqrt(g, out=g)
        xs = qq
        xs -= 0.25
        r = _poly(P, xs)
        r /= _poly(Q, xs)
        r += _f32(y)
        g /= r
        out[idx] = g
    small |= mid
    idx = np.flatnonzero(~small)
    if idx.size:
        x = np.log(q[idx])
        np.negative(x, out=x)
        np.sqrt(x, out=x)
        res = np.empty_like(x)
        lower = -np.inf
        for upper, offset, y, P, Q in _ERFINV_TAIL:
            in_range = x < upper
            if lower > -np.inf:
                in_range &= x >= lower
            sel = np.flatnonzero(in_range)
            if sel.size:
                if sel.size == x.size:
                    sel = slice(None)
                xx = x[sel]
                xs = xx - offset
                r = _poly(P, xs)
                r /= _poly(Q, xs)
                r *= xx
                xx *= _f32(y)
                xx += r
                res[sel] = xx
            lower = upper
        out[idx] = res
    return out


def truncated_normal(seed: int, shape, a: float, b: float, mean: float, sigma: float) -> np.ndarray:
    """``mindspore._c_expression._truncated_normal``: inverse-CDF normal restricted to ``[a, b]``."""
    a, b, mean, sigma = _f32(a), _f32(b), _f32(mean), _f32(sigma)
    if not sigma > 0:
        raise ValueError(f"For 'TruncatedNormal', the 'sigma' must be positive, but got {sigma}.")
    alpha, beta = (a - mean) / sigma, (b - mean) / sigma
    cdf_a = math.erfc(-(alpha / _ROOT_TWO)) / 2.0
    cdf_b = math.erfc(-(beta / _ROOT_TWO)) / 2.0
    z_min = float(np.nextafter(np.float32(0), np.float32(2)))
    z_max = float(np.nextafter(np.float32(2), np.float32(0)))

    def fill(out, start):
        p = philox_uint32(seed, out.size, start).astype(np.float64)
        p *= 2.0 ** -32
        p *= (cdf_b - cdf_a)
        p += cdf_a
        z = p
        z *= 2.0
        # erfc_inv(z), with z kept in (0, 2)
        if z.min() <= 0.0:
            z[z <= 0.0] = z_min
        if z.max() >= 2.0:
            z[z >= 2.0] = z_max
        big = z > 1.0
        q = z.copy()
        np.subtract(2.0, z, out=q, where=big)
        pp = np.subtract(1.0, q, out=z, where=big)
        np.subtract(1.0, z, out=pp, where=~big)
        x = _erf_inv_imp(pp, q)
        np.negative(x, out=x, where=big)
        # quantile = -erfc_inv(2p) * sqrt(2); value = mean + quantile * sigma
        x *= -_ROOT_TWO
        x *= sigma
        x += mean
        out[...] = x
    return _generate(shape, fill)


def np_rng() -> np.random.Generator:
    """A numpy Generator seeded like one initializer call (one draw from numpy's global state).

    The initializers themselves use ``numpy_seed`` with MindSpore's generators above.
    """
    return np.random.default_rng(np.random.randint(1, 1 << 63, dtype=np.int64))


def next_key():
    """A fresh jax PRNG key (a new one every call; reproducible after ``set_seed``)."""
    import jax
    global _key, _counter
    from .._jit import state as jit_state
    traced = jit_state.rng_key_in_trace()
    if traced is not None:
        return traced()
    if _key is None:
        _key = jax.random.PRNGKey(_seed if _seed is not None else int(np.random.SeedSequence().entropy % (2 ** 31)))
    _key, sub = jax.random.split(_key)
    return sub


def _get_key():
    global _key
    import jax
    if _key is None:
        _key = jax.random.PRNGKey(_seed if _seed is not None else int(np.random.SeedSequence().entropy % (2 ** 31)))
    return _key


def _set_key(k):
    global _key
    _key = k
