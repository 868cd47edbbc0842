"""Data-parallel LeNet steps/s on 1, 2 and 4 host devices (one process, XLA's CPU devices), with the
scaling efficiency: samples/s on n devices / (n x samples/s on 1). Each device gets a batch of 32
(weak scaling). Run: ``python bench/bench_dp.py``; one line per device count, then a summary.
On CPU the "devices" share the machine's cores, so the efficiency measures the overhead of the
SPMD step and its all-reduce, not a speed-up."""
import json
import os
import subprocess
import sys
import time

PER_DEVICE_BATCH, WARMUP, STEPS = 32, 3, 20


def worker(n: int) -> dict:
    import numpy as np
    import mindjax as ms
    from mindjax import nn
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "parallel"))
    from _lenet import LeNet5
    if n > 1:
        ms.communication.init()
        ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    ms.set_seed(1)
    net = LeNet5()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    run = step if n > 1 else ms.jit(lambda a, b: step(a, b))
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal((PER_DEVICE_BATCH * n, 1, 32, 32)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, PER_DEVICE_BATCH * n).astype(np.int32))
    for _ in range(WARMUP):
        run(x, y).asnumpy()
    t = time.perf_counter()
    for _ in range(STEPS):
        out = run(x, y)
    out.asnumpy()
    dt = time.perf_counter() - t
    return {"devices": n, "steps_per_s": STEPS / dt, "samples_per_s": STEPS * PER_DEVICE_BATCH * n / dt}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        print(json.dumps(worker(int(sys.argv[2]))))
        return
    rows = []
    for n in (1, 2, 4):
        env = dict(os.environ, XLA_FLAGS=f"--xla_force_host_platform_device_count={n}")
        for k in [k for k in env if k.startswith("MS_")]:
            env.pop(k)
        out = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", str(n)], env=env,
                             capture_output=True, text=True, check=True)
        rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    base = rows[0]["samples_per_s"]
    for r in rows:
        r["efficiency"] = r["samples_per_s"] / (r["devices"] * base)
        print(f"data-parallel LeNet, {r['devices']} host device(s), batch {PER_DEVICE_BATCH}/device: "
              f"{r['steps_per_s']:.1f} steps/s, {r['samples_per_s']:.0f} samples/s, "
              f"scaling efficiency {r['efficiency'] * 100:.0f}%")
    print(json.dumps({"bench": "dp_lenet", "rows": rows}))


if __name__ == "__main__":
    main()
