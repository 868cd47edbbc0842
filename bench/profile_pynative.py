"""Where a PyNative training step spends its time: kernel time per op, and the rest (Python).

    .venv/bin/python bench/profile_pynative.py MODEL [--quick] [--steps N]     # MODEL: lenet, resnet50, gpt

Every op's kernel is wrapped to wait for its result and add its time to the op's name (so
the step runs synchronously: kernels do not overlap Python here). The table lists, per op
name, how many kernels one step launches and their time; "Python and dispatch" is the step
time minus all kernel time: mindjax's dispatch, the Cells, the tape and JAX's own dispatch.
"""
import argparse
import collections
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import jax  # noqa: E402
import numpy as np  # noqa: E402

import variants  # noqa: E402
from mindjax.ops import _primitive  # noqa: E402
from mindjax._jit import api as jit_api  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--steps", type=int, default=3)
    a = ap.parse_args()
    cfg = variants.config(a.model, a.quick)
    step = variants.build(a.model, "mindjax-pynative", cfg)
    for _ in range(2):
        jax.block_until_ready(step())   # compile every kernel first
    times, counts = collections.defaultdict(float), collections.Counter()
    orig = _primitive.Op.kernel

    def timed_kernel(self, attrs):
        k = orig(self, attrs)
        name = self.name

        def run(*arrays):
            t0 = time.perf_counter()
            out = jax.block_until_ready(k(*arrays))
            times[name] += time.perf_counter() - t0
            counts[name] += 1
            return out
        return run
    orig_jitted = jit_api._call_jitted

    def timed_jitted(prog, *args):   # the optimizer's update: one compiled program per step
        t0 = time.perf_counter()
        out = jax.block_until_ready(orig_jitted(prog, *args))
        times["optimizer update (jit)"] += time.perf_counter() - t0
        counts["optimizer update (jit)"] += 1
        return out
    _primitive.Op.kernel = timed_kernel
    jit_api._call_jitted = timed_jitted
    walls = []
    try:
        for _ in range(a.steps):
            t0 = time.perf_counter()
            jax.block_until_ready(step())
            walls.append(time.perf_counter() - t0)
    finally:
        _primitive.Op.kernel = orig
        jit_api._call_jitted = orig_jitted
    n = a.steps
    wall = sum(walls) / n * 1e3
    kern = sum(times.values()) / n * 1e3
    print(f"{a.model}{' (quick)' if a.quick else ''}: PyNative step {wall:.1f} ms (synchronous), kernels "
          f"{kern:.1f} ms in {sum(counts.values()) // n} launches, Python and dispatch {wall - kern:.1f} ms")
    print(f"  {'op':28s} {'kernels':>8s} {'ms':>9s} {'share':>6s}")
    for name, t in sorted(times.items(), key=lambda kv: -kv[1])[:25]:
        print(f"  {name:28s} {counts[name] // n:8d} {t / n * 1e3:9.2f} {t / n * 1e3 / wall:6.1%}")


if __name__ == "__main__":
    main()
