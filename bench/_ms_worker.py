"""Real MindSpore side of bench/bench.py (run with MindSpore's own Python, e.g. ~/msref/bin/python).

Builds the same models as the mindjax side (bench/models.py), prints ``{"ready": ...}``
and then answers one JSON line per command read from stdin, so that bench.py can
interleave its rounds with the in-process variants:

    {"cmd": "op", "n": 200}           -> {"op": [seconds per add, ...]}   (4x4 float32 add)
    {"cmd": "lenet", "mode": "pynative"|"graph", "n": 5} -> {"times": [seconds per step, ...]}
    {"cmd": "quit"}
"""
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def main():
    import mindspore as ms
    from mindspore import nn
    from mindspore.common.initializer import Normal
    import models

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    ms.set_seed(1)
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal((models.BATCH, 1, 32, 32)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, models.BATCH).astype(np.int32))
    a = ms.Tensor(np.ones((4, 4), np.float32))
    b = ms.Tensor(np.ones((4, 4), np.float32))
    steps = {"pynative": models.train_step(nn, models.lenet5(nn, Normal)),
             "graph": models.train_step(nn, models.lenet5(nn, Normal))}
    modes = {"pynative": ms.PYNATIVE_MODE, "graph": ms.GRAPH_MODE}

    def run(mode, n):
        ms.set_context(mode=modes[mode])
        try:
            st = steps[mode]
            ts = []
            for _ in range(n):
                t0 = time.perf_counter()
                st(x, y).asnumpy()
                ts.append(time.perf_counter() - t0)
            return ts
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    def op_round(n, reps=5):
        ts = []
        for _ in range(reps):
            t0 = time.perf_counter()
            for _ in range(n):
                c = a + b
            c.asnumpy()
            ts.append((time.perf_counter() - t0) / n)
        return ts

    op_round(50, 1)
    run("pynative", 2)
    run("graph", 2)  # compiles
    print(json.dumps({"ready": ms.__version__}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd["cmd"] == "quit":
            break
        if cmd["cmd"] == "op":
            print(json.dumps({"times": op_round(cmd["n"])}), flush=True)
        elif cmd["cmd"] == "lenet":
            print(json.dumps({"times": run(cmd["mode"], cmd["n"])}), flush=True)


if __name__ == "__main__":
    main()
