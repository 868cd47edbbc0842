"""Memory of the compile cache: 200 input shapes through one jitted function (issue #13).

Each variant runs in its own process: a small MLP step (matmul, bias, ReLU, a reduction) is
called with inputs of 200 batch sizes, one new program per shape, and the resident memory
(VmRSS) is read after every 25 shapes. Printed: RSS at 50/100/150/200 shapes and the growth per
shape over the last 100 (past the warm-up). mindjax keeps at most ``MINDJAX_JIT_CACHE_SIZE``
programs per function (default 64), plain ``jax.jit`` every one it compiled.

    .venv/bin/python bench/bench_shapes.py [--shapes 200]
"""
import argparse
import json
import os
import subprocess
import sys

VARIANTS = {
    "mindjax ms.jit (cache 64)": ("mindjax", {}),
    "mindjax ms.jit (cache 16)": ("mindjax", {"MINDJAX_JIT_CACHE_SIZE": "16"}),
    "plain jax.jit": ("jax", {}),
}


def _rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def worker(kind: str, shapes: int) -> None:
    import numpy as np
    rng = np.random.default_rng(0)
    w = rng.standard_normal((64, 32)).astype(np.float32)
    b = rng.standard_normal((32,)).astype(np.float32)
    if kind == "mindjax":
        import mindjax as ms
        from mindjax import ops
        wt, bt = ms.Tensor(w), ms.Tensor(b)

        @ms.jit
        def step(x):
            return ops.relu(ops.matmul(x, wt) + bt).sum(axis=1)

        def call(x):
            return step(ms.Tensor(x)).asnumpy()
    else:
        import jax
        import jax.numpy as jnp
        wj, bj = jnp.asarray(w), jnp.asarray(b)
        f = jax.jit(lambda x: jnp.maximum(x @ wj + bj, 0).sum(axis=1))

        def call(x):
            return np.asarray(f(x))
    marks = {}
    for n in range(1, shapes + 1):
        call(rng.standard_normal((n, 64)).astype(np.float32))
        if n % 25 == 0:
            marks[n] = _rss_mb()
    print(json.dumps(marks))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shapes", type=int, default=200)
    ap.add_argument("--worker", default="")
    a = ap.parse_args()
    if a.worker:
        worker(a.worker, a.shapes)
        return
    print(f"{a.shapes} input shapes through one jitted function; VmRSS in MB")
    print(f"{'variant':28s} {'50':>7s} {'100':>7s} {'150':>7s} {'200':>7s}  growth/shape (100-200)")
    for name, (kind, env) in VARIANTS.items():
        out = subprocess.run([sys.executable, __file__, "--worker", kind, "--shapes", str(a.shapes)],
                             capture_output=True, text=True, env={**os.environ, **env}, check=True)
        marks = {int(k): v for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}
        half, last = a.shapes // 2, a.shapes
        cols = " ".join(f"{marks.get(n, float('nan')):7.0f}" for n in (50, 100, 150, 200))
        per = (marks[last] - marks[half]) / (last - half)
        print(f"{name:28s} {cols}  {per:6.2f} MB")


if __name__ == "__main__":
    main()
