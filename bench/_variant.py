"""One training-step variant alone in its own process: rows (e) and (f) of bench.py.

    python bench/_variant.py MODEL KIND [--quick] [--params FILE.npz] [--steps N]

Builds the variant (bench/variants.py), times its first call (tracing and compilation
included, for the compiled variants) and then ``--steps`` more calls, and prints one JSON
line: ``{"first_s": ..., "step_s": median of the others, "rss_mb": peak resident memory of
the whole process (VmHWM; ru_maxrss off Linux)}``. Run by bench.py with mindjax's Python (mindjax, plain
JAX, PyTorch; ``--params`` holds the initial weights) and with real MindSpore's Python
(``mindspore-graph`` / ``mindspore-pynative``, which need no weights).
"""
import argparse
import json
import os
import resource
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import variants  # noqa: E402


def _ready(kind, out):
    if kind.startswith(("mindjax", "jax")):   # JAX dispatches asynchronously; the others return host values
        import jax
        jax.block_until_ready(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model", choices=("lenet", "resnet50", "gpt"))
    ap.add_argument("kind", choices=variants.KINDS)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--params")
    ap.add_argument("--steps", type=int, default=2)
    a = ap.parse_args()
    cfg = variants.config(a.model, a.quick)
    params = dict(np.load(a.params)) if a.params else None
    if a.kind.startswith("mindspore"):
        import mindspore as ms
        ms.set_context(device_target="CPU")
    step = variants.build(a.model, a.kind, cfg, params)
    t0 = time.perf_counter()
    _ready(a.kind, step())
    first = time.perf_counter() - t0
    ts = []
    for _ in range(a.steps):
        t0 = time.perf_counter()
        _ready(a.kind, step())
        ts.append(time.perf_counter() - t0)
    print(json.dumps({"first_s": first, "step_s": float(np.median(ts)), "rss_mb": peak_rss_mb()}), flush=True)


def peak_rss_mb() -> float:
    """This process's peak resident memory. Linux's VmHWM, of this program's own address space:
    ru_maxrss would also count the parent's pages at the fork that started us (bench.py holds
    the big models by then)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    main()
