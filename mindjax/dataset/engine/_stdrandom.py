"""The C++ random machinery MindSpore's data pipeline uses, reproduced bit for bit.

MindSpore's samplers and ShuffleOp draw from ``std::mt19937`` / ``std::mt19937_64`` through
libstdc++'s ``std::uniform_int_distribution``, ``std::shuffle``, ``std::discrete_distribution``
and ``std::exponential_distribution``. With the same seed these give MindSpore's orders exactly.
The algorithms below follow the C++ standard (the engines) and libstdc++'s published
implementation (the distributions); the code is written from those descriptions.
"""
import math
import os

import numpy as np

_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF


class MT19937:
    """``std::mt19937``: seeding by the standard's linear recurrence; numpy's MT19937 bit generator
    (the same twist and tempering) produces the outputs, 624 at a time."""

    def __init__(self, seed: int = 5489):
        self.seed(seed)

    def seed(self, seed: int) -> None:
        key = [int(seed) & _M32]
        for i in range(1, 624):
            prev = key[-1]
            key.append((1812433253 * (prev ^ (prev >> 30)) + i) & _M32)
        self._bg = np.random.MT19937(0)
        self._bg.state = {"bit_generator": "MT19937", "state": {"key": np.array(key, np.uint32), "pos": 624}}
        self._buf = []

    def __call__(self) -> int:
        if not self._buf:
            self._buf = self._bg.random_raw(624).tolist()[::-1]
        return self._buf.pop()

    min, max, bits = 0, _M32, 32


class MT19937_64:
    """``std::mt19937_64`` (used by MindSpore's ShuffleOp): the standard's seeding, twist and tempering,
    a block of 312 outputs at a time with numpy uint64 arithmetic."""

    _N, _M = 312, 156
    _A = np.uint64(0xB5026F5AA96619E9)
    _UPPER, _LOWER = np.uint64(0xFFFFFFFF80000000), np.uint64(0x7FFFFFFF)

    def __init__(self, seed: int = 5489):
        mt = [int(seed) & _M64]
        for i in range(1, self._N):
            prev = mt[-1]
            mt.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & _M64)
        self._mt = np.array(mt, dtype=np.uint64)
        self._buf = []

    def _mix(self, cur, nxt, far):
        y = (cur & self._UPPER) | (nxt & self._LOWER)
        return far ^ (y >> np.uint64(1)) ^ np.where((y & np.uint64(1)).astype(bool), self._A, np.uint64(0))

    def _twist(self):
        mt, n, m = self._mt, self._N, self._M
        # i < n - m reads only old words; n - m <= i < n - 1 reads words the first part rewrote
        mt[:n - m] = self._mix(mt[:n - m], mt[1:n - m + 1], mt[m:n])
        mt[n - m:n - 1] = self._mix(mt[n - m:n - 1], mt[n - m + 1:n], mt[:m - 1])
        mt[n - 1:] = self._mix(mt[n - 1:], mt[:1], mt[m - 1:m])
        x = mt.copy()
        x ^= (x >> np.uint64(29)) & np.uint64(0x5555555555555555)
        x ^= (x << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
        x ^= (x << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
        x ^= x >> np.uint64(43)
        self._buf = x.tolist()[::-1]

    def __call__(self) -> int:
        if not self._buf:
            self._twist()
        return self._buf.pop()

    min, max, bits = 0, _M64, 64


def uniform_int(g, a: int, b: int) -> int:
    """``std::uniform_int_distribution<>(a, b)(g)`` as MindSpore's libstdc++ computes it."""
    urange = b - a
    urngrange = g.max - g.min
    if urngrange > urange:
        # downscaling by division with rejection (the libstdc++ MindSpore 2.10 is built with
        # predates the Lemire reduction of newer releases; the recorded orders confirm it)
        erange = urange + 1
        scaling = urngrange // erange
        past = erange * scaling
        ret = g() - g.min
        while ret >= past:
            ret = g() - g.min
        return a + ret // scaling
    if urngrange < urange:
        erng = urngrange + 1
        while True:
            tmp = erng * uniform_int(g, 0, urange // erng)
            ret = tmp + (g() - g.min)
            if not (ret > urange or ret < tmp):
                return a + ret
    return a + (g() - g.min)


def shuffle(seq: list, g) -> None:
    """``std::shuffle(seq.begin(), seq.end(), g)`` in place, as libstdc++ does it (two swap
    positions from one draw when the generator's range allows)."""
    n = len(seq)
    if n == 0:
        return
    urngrange = g.max - g.min
    if urngrange // n >= n:
        i = 1
        if n % 2 == 0:
            j = uniform_int(g, 0, 1)
            seq[i], seq[j] = seq[j], seq[i]
            i += 1
        while i != n:
            b0 = i + 1
            b1 = b0 + 1
            x = uniform_int(g, 0, b0 * b1 - 1)
            p1, p2 = x // b1, x % b1
            seq[i], seq[p1] = seq[p1], seq[i]
            i += 1
            seq[i], seq[p2] = seq[p2], seq[i]
            i += 1
        return
    for i in range(1, n):
        j = uniform_int(g, 0, i)
        seq[i], seq[j] = seq[j], seq[i]


def canonical(g) -> float:
    """``std::generate_canonical<double, 53>(g)``: as many draws as 53 bits need, scaled to [0, 1)."""
    k = max(1, -(-53 // g.bits))
    r = float(g.max - g.min) + 1.0
    total, mult = 0.0, 1.0
    for _ in range(k):
        total += float(g() - g.min) * mult
        mult *= r
    ret = total / mult
    if ret >= 1.0:
        ret = math.nextafter(1.0, 0.0)
    return ret


def exponential(g, lam: float = 1.0) -> float:
    """``std::exponential_distribution<double>(lam)(g)``."""
    return -math.log(1.0 - canonical(g)) / lam


class Discrete:
    """``std::discrete_distribution<>(weights)``: cumulative normalised weights, last forced to 1."""

    def __init__(self, weights):
        w = [float(x) for x in weights]
        total = math.fsum(w) if False else sum(w)
        cp, acc = [], 0.0
        for x in w:
            acc += x / total
            cp.append(acc)
        cp[-1] = 1.0
        self._cp = cp

    def __call__(self, g) -> int:
        import bisect
        return bisect.bisect_left(self._cp, canonical(g))


def fresh_seed() -> int:
    """What MindSpore's GetNewSeed gives when no seed is set: a random uint32."""
    return int.from_bytes(os.urandom(4), "little")
