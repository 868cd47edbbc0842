"""mindjax against plain JAX, PyTorch and real MindSpore, side by side in one run.

    make bench                                  # or: .venv/bin/python bench/bench.py [--rounds N] [--quick]

(a) one small eager op (a 4x4 float32 add): mindjax PyNative, plain JAX eager,
    PyTorch eager, real MindSpore PyNative;
(a2) one gather of 8 rows of a 64x16 Tensor: mindjax PyNative with its bounds check, the
    same op without it, plain JAX eager jnp.take (which clamps an out-of-range index silently);
(b) the LeNet-5 batch-32 training step (seed zh03's LeNet, Momentum 0.01/0.9, sparse
    mean softmax cross-entropy): mindjax PyNative (TrainOneStepCell called eagerly),
    mindjax Graph mode (ms.jit of the TrainOneStepCell, and the GRAPH_MODE context),
    PyTorch eager, plain JAX jit, real MindSpore PyNative and Graph mode;
(c) a ResNet-18 (CIFAR style, 32x32 inputs, batch 32, BasicBlocks, BatchNorm in
    training mode) training step: mindjax Graph mode against plain JAX jit.

The variants run interleaved (step by step within a round, rounds alternating with the
MindSpore subprocess), so machine load hits them alike; the table gives medians.
Real MindSpore runs in a subprocess (bench/_ms_worker.py) under the Python named by
MINDJAX_BENCH_MINDSPORE_PYTHON (default ~/msref/bin/python); PyTorch is imported if
installed. References that are missing are skipped with a line saying so.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import mindjax as ms  # noqa: E402
from mindjax import nn, ops  # noqa: E402
from mindjax.common.initializer import Normal  # noqa: E402

import models  # noqa: E402
import jax_models  # noqa: E402

BATCH = models.BATCH
SETTLE = 0.3   # seconds to wait after a MindSpore round: its thread pool spins for a while and slows whatever runs next
skipped = []


def med_ms(ts):
    return float(np.median(ts)) * 1e3


def block(v):
    jax.block_until_ready(v)


# ---- references ----------------------------------------------------------------------------
def load_torch(threads):
    try:
        import torch
    except ImportError:
        skipped.append("PyTorch is not installed: its rows are skipped (see bench/README.md to install it).")
        return None
    if threads:
        torch.set_num_threads(threads)
    return torch


class MindSporeWorker:
    """Real MindSpore in a subprocess, answering JSON commands (bench/_ms_worker.py)."""

    def __init__(self, python):
        self.proc = subprocess.Popen([python, os.path.join(HERE, "_ms_worker.py")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        ready = self._read()
        self.version = ready["ready"]

    def _read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the MindSpore worker exited")
        return json.loads(line)

    def ask(self, **cmd):
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        return self._read()["times"]

    def close(self):
        try:
            self.proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=30)
        except Exception:  # noqa: BLE001
            self.proc.kill()


def load_mindspore():
    python = os.environ.get("MINDJAX_BENCH_MINDSPORE_PYTHON", os.path.expanduser("~/msref/bin/python"))
    if not os.path.exists(python):
        skipped.append(f"real MindSpore: {python} does not exist, its rows are skipped (see bench/README.md to "
                       f"install it, or set MINDJAX_BENCH_MINDSPORE_PYTHON).")
        return None
    try:
        return MindSporeWorker(python)
    except Exception as e:  # noqa: BLE001
        skipped.append(f"real MindSpore: {python} _ms_worker.py failed to start ({e}); its rows are skipped.")
        return None


# ---- (a) one small op ------------------------------------------------------------------------
def bench_op(torch, msw, rounds, n):
    a = ms.Tensor(np.ones((4, 4), np.float32))
    b = ms.Tensor(np.ones((4, 4), np.float32))
    aj, bj = jnp.ones((4, 4), jnp.float32), jnp.ones((4, 4), jnp.float32)

    def loop(add, x, y, sync):
        def run():
            t0 = time.perf_counter()
            for _ in range(n):
                c = add(x, y)
            sync(c)
            return (time.perf_counter() - t0) / n
        return run

    plus = lambda x, y: x + y  # noqa: E731
    variants = {"mindjax PyNative (x + y)": loop(plus, a, b, lambda c: block(c._data)),
                "mindjax PyNative (ops.add)": loop(ops.add, a, b, lambda c: block(c._data)),
                "plain JAX eager (x + y)": loop(plus, aj, bj, block)}
    if torch is not None:
        at, bt = torch.ones(4, 4), torch.ones(4, 4)
        variants["PyTorch eager (x + y)"] = loop(plus, at, bt, lambda c: None)
    times = {k: [] for k in variants}
    if msw is not None:
        times["MindSpore 2.10 PyNative (x + y)"] = []
    for f in variants.values():
        f()
    for _ in range(rounds):
        for k, f in variants.items():
            times[k].append(f())
        if msw is not None:
            times["MindSpore 2.10 PyNative (x + y)"] += msw.ask(cmd="op", n=n)
            time.sleep(SETTLE)
    return {k: med_ms(v) for k, v in times.items()}


def bench_gather(rounds, n):
    """(a2) the PyNative bounds check of an indexing op: ops.gather of 8 rows of a 64x16 Tensor, against
    the same op without the host-side check, and jnp.take in plain JAX eager (which clamps silently).
    Each call gets a different index array (as a training loop does), so the check's memo of the last
    array found in range never hits."""
    from mindjax.ops.indexing import gather_in_range
    x = ms.Tensor(np.ones((64, 16), np.float32))
    idx = [ms.Tensor((np.arange(8) + k) % 64, ms.int32) for k in range(n)]
    xj, idj = x._data, [i._data for i in idx]

    def loop(f, sync):
        def run():
            t0 = time.perf_counter()
            for k in range(n):
                c = f(k)
            sync(c)
            return (time.perf_counter() - t0) / n
        return run

    variants = {"mindjax PyNative (ops.gather, bounds checked)": loop(lambda k: ops.gather(x, idx[k], 0),
                                                                       lambda c: block(c._data)),
                "mindjax PyNative (same op, check skipped)": loop(lambda k: gather_in_range(x, idx[k], 0),
                                                                   lambda c: block(c._data)),
                "plain JAX eager (jnp.take)": loop(lambda k: jnp.take(xj, idj[k], axis=0), block)}
    times = {k: [] for k in variants}
    for f in variants.values():
        f()
    for _ in range(rounds):
        for k, f in variants.items():
            times[k].append(f())
    return {k: med_ms(v) for k, v in times.items()}


# ---- (b) LeNet-5 -----------------------------------------------------------------------------
def torch_lenet(torch, params):
    tnn = torch.nn

    class LeNet5(tnn.Module):
        def __init__(self):
            super().__init__()
            self.conv1, self.conv2 = tnn.Conv2d(1, 6, 5, bias=False), tnn.Conv2d(6, 16, 5, bias=False)
            self.fc1, self.fc2, self.fc3 = tnn.Linear(400, 120), tnn.Linear(120, 84), tnn.Linear(84, 10)

        def forward(self, x):
            F = torch.nn.functional
            x = F.max_pool2d(F.relu(self.conv1(x)), 2)
            x = F.max_pool2d(F.relu(self.conv2(x)), 2)
            x = x.flatten(1)
            return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))

    net = LeNet5()
    with torch.no_grad():
        for name, p in net.named_parameters():
            p.copy_(torch.from_numpy(np.array(params[name])))
    opt = torch.optim.SGD(net.parameters(), lr=models.LR, momentum=models.MOM)
    return net, opt


def bench_lenet(torch, msw, rounds, per_round):
    rng = np.random.default_rng(0)
    xs = rng.standard_normal((BATCH, 1, 32, 32)).astype(np.float32)
    ys = rng.integers(0, 10, BATCH).astype(np.int32)
    x, y = ms.Tensor(xs), ms.Tensor(ys)
    xj, yj = jnp.asarray(xs), jnp.asarray(ys)

    def fresh():
        ms.set_seed(1)
        net = models.lenet5(nn, Normal)
        return net, models.train_step(nn, net)

    net, step_p = fresh()
    params0 = {p.name: jnp.asarray(p.asnumpy()) for p in net.trainable_params()}
    _, step_j = fresh()
    jstep = ms.jit(step_j)
    _, step_g = fresh()
    st = {"p": params0, "v": jax.tree_util.tree_map(jnp.zeros_like, params0)}

    def run_jax():
        loss, st["p"], st["v"] = jax_models.jax_lenet_step(st["p"], st["v"], xj, yj)
        return loss

    def run_graph_ctx():
        ms.set_context(mode=ms.GRAPH_MODE)
        try:
            return step_g(x, y)._data
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    # every variant returns its loss and its updated weights: the timer waits for all of them
    # (the eager optimizer update is still running when the loss is ready)
    def with_params(step, run):
        ps = step.weights
        return lambda: (run(), [p._data for p in ps])

    variants = {"mindjax PyNative (TrainOneStepCell)": with_params(step_p, lambda: step_p(x, y)._data),
                "mindjax Graph (ms.jit(TrainOneStepCell))": with_params(step_j, lambda: jstep(x, y)._data),
                "mindjax Graph (GRAPH_MODE context)": with_params(step_g, run_graph_ctx),
                "plain JAX (jax.jit)": lambda: (run_jax(), st["p"])}
    if torch is not None:
        tnet, topt = torch_lenet(torch, params0)
        F = torch.nn.functional
        xt, yt = torch.from_numpy(xs), torch.from_numpy(ys.astype(np.int64))

        def run_torch():
            topt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(tnet(xt), yt)
            loss.backward()
            topt.step()
            return loss.detach(), None
        variants["PyTorch eager"] = run_torch
    # correctness first: every variant takes the same first steps from the same weights
    losses = {k: [float(np.asarray(f()[0])) for _ in range(3)] for k, f in variants.items()}
    ref = losses["plain JAX (jax.jit)"]
    for k, ls in losses.items():
        assert np.allclose(ls, ref, rtol=1e-4, atol=1e-5), (k, ls, ref)
    times = {k: [] for k in variants}
    ms_rows = {}
    if msw is not None:
        ms_rows = {"MindSpore 2.10 PyNative": "pynative", "MindSpore 2.10 Graph (GRAPH_MODE)": "graph"}
        for k in ms_rows:
            times[k] = []
    for _ in range(rounds):
        for _ in range(per_round):
            for k, f in variants.items():
                t0 = time.perf_counter()
                block(f())
                times[k].append(time.perf_counter() - t0)
        for k, mode in ms_rows.items():
            times[k] += msw.ask(cmd="lenet", mode=mode, n=1 if mode == "pynative" else 2)
        if ms_rows:
            time.sleep(SETTLE)
    return {k: med_ms(v) for k, v in times.items()}


# ---- (c) ResNet-18 -----------------------------------------------------------------------------
def bench_resnet(steps, widths):
    rng = np.random.default_rng(0)
    xs = rng.standard_normal((BATCH, 3, 32, 32)).astype(np.float32)
    ys = rng.integers(0, 10, BATCH).astype(np.int32)
    x, y = ms.Tensor(xs), ms.Tensor(ys)
    xj, yj = jnp.asarray(xs), jnp.asarray(ys)
    ms.set_seed(1)
    net = models.resnet18(nn, ops, widths)
    train = {n: jnp.asarray(p.asnumpy()) for n, p in net.parameters_and_names() if p.requires_grad}
    stats = {n: jnp.asarray(p.asnumpy()) for n, p in net.parameters_and_names() if not p.requires_grad}
    jstep = ms.jit(models.train_step(nn, net))
    st = {"p": train, "v": jax.tree_util.tree_map(jnp.zeros_like, train), "s": stats}

    def run_jax():
        loss, st["p"], st["v"], st["s"] = jax_models.jax_resnet_step(st["p"], st["v"], st["s"], xj, yj)
        return loss

    ps = [p for p in net.get_parameters()]
    variants = {"mindjax Graph (ms.jit(TrainOneStepCell))": lambda: (jstep(x, y)._data, [p._data for p in ps]),
                "plain JAX (jax.jit)": lambda: (run_jax(), st["p"], st["s"])}
    losses = {k: [float(np.asarray(f()[0])) for _ in range(2)] for k, f in variants.items()}
    a, b = losses.values()
    assert np.allclose(a, b, rtol=2e-3, atol=1e-4), losses
    times = {k: [] for k in variants}
    for _ in range(steps):
        for k, f in variants.items():
            t0 = time.perf_counter()
            block(f())
            times[k].append(time.perf_counter() - t0)
    return {k: med_ms(v) for k, v in times.items()}


# ---- the table ------------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15, help="interleaved rounds for (a) and (b)")
    ap.add_argument("--op-n", type=int, default=500, help="adds per timed loop in (a)")
    ap.add_argument("--lenet-per-round", type=int, default=4, help="in-process LeNet steps per round")
    ap.add_argument("--resnet-steps", type=int, default=6)
    ap.add_argument("--quick", action="store_true", help="fewer rounds, narrow ResNet (a smoke test)")
    ap.add_argument("--no-mindspore", action="store_true")
    ap.add_argument("--torch-threads", type=int, default=1,
                    help="torch.set_num_threads (0: PyTorch's default). 1 by default: on a small, shared CPU "
                         "PyTorch's OpenMP threads spin-wait and its step becomes 5-50x slower and erratic")
    args = ap.parse_args()
    widths = (64, 128, 256, 512)
    if args.quick:
        args.rounds, args.op_n, args.lenet_per_round, args.resnet_steps = 3, 100, 2, 2
        widths = (8, 16, 32, 64)

    torch = load_torch(args.torch_threads)
    msw = None if args.no_mindspore else load_mindspore()
    if args.no_mindspore:
        skipped.append("real MindSpore: skipped (--no-mindspore).")
    try:
        op = bench_op(torch, msw, args.rounds, args.op_n)
        gather = bench_gather(args.rounds, args.op_n)
        lenet = bench_lenet(torch, msw, args.rounds, args.lenet_per_round)
    finally:
        if msw is not None:
            msw.close()
    resnet = bench_resnet(args.resnet_steps, widths)

    cpu = f"{jax.devices()[0].platform}, {os.cpu_count()} cores"
    print(f"\nmindjax benchmark ({cpu}; JAX {jax.__version__}"
          + (f", PyTorch {torch.__version__} ({torch.get_num_threads()} threads)" if torch else "")
          + (f", MindSpore {msw.version}" if msw else "") + "). Median times; ratio = time / plain JAX.")
    rows = []
    for title, res, unit, scale in [("(a) one 4x4 float32 add, eager", op, "us", 1e3),
                                    ("(a2) one gather of 8 rows, eager (the PyNative bounds check)", gather, "us", 1e3),
                                    (f"(b) LeNet-5 training step, batch {BATCH}", lenet, "ms", 1),
                                    (f"(c) ResNet-18 (widths {widths}) training step, batch {BATCH}, 32x32",
                                     resnet, "ms", 1)]:
        base = next(v for k, v in res.items() if k.startswith("plain JAX"))
        rows.append((title, None, None, None))
        for k, v in res.items():
            rows.append((k, v * scale, unit, v / base))
    w = max(len(r[0]) for r in rows) + 2
    print(f"{'':{w}s} {'median':>10s}      {'ratio':>7s}")
    for name, v, unit, ratio in rows:
        if v is None:
            print(name)
        else:
            print(f"  {name:{w - 2}s} {v:10.2f} {unit}   {ratio:6.2f}x")
    for s in skipped:
        print("skipped:", s)

    # the targets
    print("\ntargets:")

    def target(desc, ok):
        print(f"  [{'met' if ok else 'NOT met'}] {desc}")
    target(f"per-op overhead within 1.5x of plain JAX eager "
           f"({op['mindjax PyNative (x + y)'] / op['plain JAX eager (x + y)']:.2f}x)",
           op["mindjax PyNative (x + y)"] <= 1.5 * op["plain JAX eager (x + y)"])
    g_checked = gather["mindjax PyNative (ops.gather, bounds checked)"]
    target(f"bounds-checked gather within 1.5x of plain JAX eager jnp.take "
           f"({g_checked / gather['plain JAX eager (jnp.take)']:.2f}x; the check itself costs "
           f"{(g_checked - gather['mindjax PyNative (same op, check skipped)']) * 1e3:.1f} us)",
           g_checked <= 1.5 * gather["plain JAX eager (jnp.take)"])
    pyn = lenet["mindjax PyNative (TrainOneStepCell)"]
    if "PyTorch eager" in lenet:
        target(f"LeNet PyNative within 2x of PyTorch eager ({pyn / lenet['PyTorch eager']:.2f}x)",
               pyn <= 2 * lenet["PyTorch eager"])
    if "MindSpore 2.10 PyNative" in lenet:
        target(f"LeNet PyNative at least 20x faster than MindSpore PyNative "
               f"({lenet['MindSpore 2.10 PyNative'] / pyn:.1f}x faster)", lenet["MindSpore 2.10 PyNative"] >= 20 * pyn)
    g = lenet["mindjax Graph (ms.jit(TrainOneStepCell))"] / lenet["plain JAX (jax.jit)"]
    target(f"LeNet Graph mode within 1.1x of plain JAX jit ({g:.2f}x)", g <= 1.1)
    g = resnet["mindjax Graph (ms.jit(TrainOneStepCell))"] / resnet["plain JAX (jax.jit)"]
    target(f"ResNet-18 Graph mode within 1.1x of plain JAX jit ({g:.2f}x)", g <= 1.1)


if __name__ == "__main__":
    main()
