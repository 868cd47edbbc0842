"""Memory of one jitted function called with many input shapes (issue #13's acceptance):
the RSS growth per shape is at most plain JAX's and bounded by the jit cache size.

Each measurement runs in a fresh subprocess (RSS is per process)."""
import json
import os
import subprocess
import sys

import pytest

PROBE = r'''
import gc, json, os, sys
import numpy as np

def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

which, n = sys.argv[1], int(sys.argv[2])
if which == "jax":
    import jax, jax.numpy as jnp
    f = jax.jit(lambda x: (x * 2 + 1).sum())
    call = lambda k: f(jnp.ones((k,), jnp.float32)).block_until_ready()
else:
    import mindjax as ms
    @ms.jit
    def f(x):
        return (x * 2 + 1).sum()
    call = lambda k: f(ms.Tensor(np.ones((k,), np.float32))).asnumpy()
for k in range(1, 11):  # warm-up: imports, first compiles
    call(k)
gc.collect()
r0 = rss_mb()
for k in range(11, 11 + n):
    call(k)
    if k == 10 + n // 2:
        gc.collect()
        mid = rss_mb()
gc.collect()
r1 = rss_mb()
out = {"per_shape": (r1 - r0) / n, "second_half": (r1 - mid) / (n - n // 2)}
if which != "jax":
    from jax._src.interpreters import pxla
    out["programs"] = len(f._cache)
    out["compiles"] = f.compile_count
    out["jax_compiled_entries"] = pxla._cached_compilation.cache_info().currsize
print(json.dumps(out))
'''


def _probe(tmp_path, which, n, cache=8):
    script = tmp_path / "probe.py"
    script.write_text(PROBE)
    env = dict(os.environ, MINDJAX_JIT_CACHE_SIZE=str(cache), JAX_PLATFORMS="cpu")
    return subprocess.Popen([sys.executable, str(script), which, str(n)], stdout=subprocess.PIPE, text=True, env=env)


def _result(proc):
    out, _ = proc.communicate(timeout=900)
    assert proc.returncode == 0
    return json.loads(out.strip().splitlines()[-1])


def test_programs_and_jax_caches_bounded_by_the_cache_size(tmp_path):
    """48 shapes with a cache of 8: 8 programs kept, each shape traced once, and JAX's own
    staging caches emptied as programs leave (so a dropped program's executable is freed)."""
    got = _result(_probe(tmp_path, "mindjax", 48, cache=8))
    assert got["programs"] == 8
    assert got["compiles"] == 58  # 10 warm-up + 48 shapes, one trace each
    assert got["jax_compiled_entries"] <= 2 * 8
    assert got["second_half"] < 1.0  # MB per shape once the cache is full (plain JAX: ~1.5-3)


@pytest.mark.slow
def test_rss_growth_per_shape_at_most_plain_jax(tmp_path):
    """200 shapes through one jitted function, mindjax (cache 16) against plain ``jax.jit``."""
    mj, jx = _probe(tmp_path, "mindjax", 200, cache=16), _probe(tmp_path, "jax", 200)
    got, ref = _result(mj), _result(jx)
    assert got["per_shape"] <= ref["per_shape"], (got, ref)
    assert got["second_half"] <= 0.5 * ref["second_half"], (got, ref)  # bounded: JAX's keeps growing
    assert got["programs"] == 16
