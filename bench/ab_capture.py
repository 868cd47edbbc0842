"""PyNative op by op against the captured-sequence mode, interleaved in one process.

    .venv/bin/python bench/ab_capture.py MODEL [--full] [--steps N]     # MODEL: lenet, resnet50, gpt

Two copies of the same network from the same weights take N steps each, alternating step by
step, one with capture off and one with ``set_context(pynative_capture=True)``; prints both
losses per step, the median step time of the second half, and the capture counters (segments
run op by op, compiled, replayed).
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import jax  # noqa: E402
import numpy as np  # noqa: E402

import mindjax as ms  # noqa: E402
from mindjax import _capture  # noqa: E402
import variants  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--full", action="store_true", help="full size (default: the --quick sizes)")
    ap.add_argument("--steps", type=int, default=16)
    a = ap.parse_args()
    cfg = variants.config(a.model, not a.full)
    steps = {}
    for on in (False, True):
        ms.set_context(pynative_capture=on)
        steps[on] = variants.build(a.model, "mindjax-pynative", cfg)
    losses, times = {False: [], True: []}, {False: [], True: []}
    for _ in range(a.steps):
        for on in (False, True):
            ms.set_context(pynative_capture=on)
            t0 = time.perf_counter()
            out = jax.block_until_ready(steps[on]())
            times[on].append(time.perf_counter() - t0)
            ms.set_context(pynative_capture=False)
            losses[on].append(float(np.asarray(out[0])))
    half = a.steps // 2
    print(f"{a.model}: losses, op by op: {losses[False]}")
    print(f"{a.model}: losses, captured: {losses[True]}")
    off, on = np.median(times[False][half:]) * 1e3, np.median(times[True][half:]) * 1e3
    print(f"{a.model}: median step (last {a.steps - half}): op by op {off:.2f} ms, captured {on:.2f} ms "
          f"({off / on:.2f}x)")
    print("capture counters:", _capture.stats)


if __name__ == "__main__":
    main()
