"""mindjax against plain JAX, PyTorch and real MindSpore, side by side in one run.

    make bench                                  # or: .venv/bin/python bench/bench.py [--rounds N] [--quick]

(a) one small eager op (a 4x4 float32 add): mindjax PyNative, plain JAX eager,
    PyTorch eager, real MindSpore PyNative;
(a2) one gather of 8 rows of a 64x16 Tensor: mindjax PyNative with its bounds check, the
    same op without it, plain JAX eager jnp.take (which clamps an out-of-range index silently);
(b) the LeNet-5 batch-32 training step (seed zh03's LeNet, Momentum 0.01/0.9, sparse
    mean softmax cross-entropy): mindjax PyNative (TrainOneStepCell called eagerly, op by op
    and in the captured-sequence mode, MINDJAX_PYNATIVE_CAPTURE=1),
    mindjax Graph mode (ms.jit of the TrainOneStepCell, and the GRAPH_MODE context),
    PyTorch eager (1 and 2 threads), plain JAX jit, real MindSpore PyNative and Graph mode;
(c) a ResNet-50 training step (mindcv's shape, Momentum, batch 8 at 224x224) and
(d) a GPT-2-style decoder training step (6 layers, d_model 512, 8 heads, seq 128, batch 8,
    AdamWeightDecay): mindjax PyNative and Graph (ms.jit), plain JAX jit, PyTorch eager
    at 1 and 2 threads (bench/big.py, bench/variants.py);
(e) the first call (trace, compile, one step) and (f) the peak RSS of each variant of
    (b)-(d), each alone in a new process (bench/_variant.py), real MindSpore's Graph mode
    under its own Python.

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
import torch_models  # noqa: E402
import variants  # noqa: E402
import big  # noqa: E402

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


def _rotated(variants: dict, r: int) -> list:
    """The variants in round ``r``'s order: each round starts one further on, so the slot after
    MindSpore's round and the settling pause (caches cold, cores just woken) is not always the
    same variant's. (Row (a) in a fixed order gave its first variant, ``x + y``, 13.0 us against
    ``ops.add``'s 10.1 us; run alone the two are 8.6 and 8.3 us.)"""
    items = list(variants.items())
    k = r % len(items)
    return items[k:] + items[:k]


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
    for r in range(rounds):
        for k, f in _rotated(variants, r):
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
    for r in range(rounds):
        for k, f in _rotated(variants, r):
            times[k].append(f())
    return {k: med_ms(v) for k, v in times.items()}


# ---- (b) LeNet-5 -----------------------------------------------------------------------------
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
    _, step_c = fresh()
    st = {"p": params0, "v": jax.tree_util.tree_map(jnp.zeros_like, params0)}

    def captured(on, run):
        # the captured-sequence mode (MINDJAX_PYNATIVE_CAPTURE=1) on for one variant only
        def f():
            ms.set_context(pynative_capture=on)
            try:
                return run()
            finally:
                ms.set_context(pynative_capture=False)
        return f

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

    variants = {"mindjax PyNative (TrainOneStepCell)": with_params(step_p, captured(False, lambda: step_p(x, y)._data)),
                "mindjax PyNative, captured (MINDJAX_PYNATIVE_CAPTURE=1)":
                    with_params(step_c, captured(True, lambda: step_c(x, y)._data)),
                "mindjax Graph (ms.jit(TrainOneStepCell))": with_params(step_j, lambda: jstep(x, y)._data),
                "mindjax Graph (GRAPH_MODE context)": with_params(step_g, run_graph_ctx),
                "plain JAX (jax.jit)": lambda: (run_jax(), st["p"])}
    if torch is not None:
        F = torch.nn.functional
        xt, yt = torch.from_numpy(xs), torch.from_numpy(ys.astype(np.int64))

        def run_torch(threads):
            tnet, topt = torch_models.lenet(torch, params0)   # one network per thread count: each its own steps

            def run():
                torch.set_num_threads(threads)
                topt.zero_grad(set_to_none=True)
                loss = F.cross_entropy(tnet(xt), yt)
                loss.backward()
                topt.step()
                return loss.detach().numpy(), None
            return run
        variants["PyTorch eager, 1 thread"] = run_torch(1)
        variants["PyTorch eager, 2 threads"] = run_torch(2)
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


# ---- the table ------------------------------------------------------------------------------------
def fmt_alone(r, key, scale, unit):
    return r if isinstance(r, str) else f"{r[key] * scale:10.2f} {unit}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15, help="interleaved rounds for (a) and (b)")
    ap.add_argument("--op-n", type=int, default=500, help="adds per timed loop in (a)")
    ap.add_argument("--lenet-per-round", type=int, default=4, help="in-process LeNet steps per round")
    ap.add_argument("--resnet-steps", type=int, default=2, help="interleaved ResNet-50 steps per variant (c)")
    ap.add_argument("--gpt-steps", type=int, default=3, help="interleaved decoder steps per variant (d)")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke test: few rounds, a narrow 4-block ResNet at 64x64 and a 2-layer decoder")
    ap.add_argument("--no-mindspore", action="store_true")
    ap.add_argument("--only", default="abcdef", help="the rows to run, e.g. 'ab' (c-f always run together)")
    args = ap.parse_args()
    if args.quick:
        args.rounds, args.op_n, args.lenet_per_round, args.resnet_steps, args.gpt_steps = 3, 100, 2, 2, 2

    torch = load_torch(1)   # (a) at 1 thread; the training steps set 1 or 2 threads per call
    msw = None if args.no_mindspore or not set("ab") & set(args.only) else load_mindspore()
    ms_python = None
    if args.no_mindspore:
        skipped.append("real MindSpore: skipped (--no-mindspore).")
    else:
        ms_python = os.environ.get("MINDJAX_BENCH_MINDSPORE_PYTHON", os.path.expanduser("~/msref/bin/python"))
        ms_python = ms_python if os.path.exists(ms_python) else None
    t_start = time.perf_counter()
    op = gather = lenet = None
    try:
        if "a" in args.only:
            op = bench_op(torch, msw, args.rounds, args.op_n)
            gather = bench_gather(args.rounds, args.op_n)
        if "b" in args.only:
            lenet = bench_lenet(torch, msw, args.rounds, args.lenet_per_round)
    finally:
        if msw is not None:
            msw.close()
    big_rows = None
    if any(c in args.only for c in "cdef"):
        big_rows = big.run(torch is not None, ms_python, args.quick,
                           {"resnet50": args.resnet_steps, "gpt": args.gpt_steps},
                           log=lambda m: print(m, file=sys.stderr, flush=True))

    cpu = f"{jax.devices()[0].platform}, {os.cpu_count()} cores"
    print(f"\nmindjax benchmark ({cpu}; JAX {jax.__version__}"
          + (f", PyTorch {torch.__version__}" if torch else "")
          + (f", MindSpore {msw.version}" if msw else "") + "). Median times; ratio = time / plain JAX;"
          + f" total {time.perf_counter() - t_start:.0f} s.")
    sections = []
    if op is not None:
        sections += [("(a) one 4x4 float32 add, eager", op, "us", 1e3),
                     ("(a2) one gather of 8 rows, eager (the PyNative bounds check)", gather, "us", 1e3)]
    if lenet is not None:
        sections.append((f"(b) LeNet-5 training step, batch {BATCH}", lenet, "ms", 1))
    if big_rows is not None:
        c50, cg = variants.config("resnet50", args.quick), variants.config("gpt", args.quick)
        sections += [(f"(c) ResNet-50 training step (mindcv shape, Momentum), batch {c50['batch']} at "
                      f"{c50['size']}x{c50['size']}, widths {c50['widths']}, blocks {c50['layers']}", big_rows["c"], "ms", 1),
                     (f"(d) GPT-2-style decoder training step (AdamWeightDecay): {cg['layers']} layers, d_model "
                      f"{cg['d_model']}, {cg['heads']} heads, seq {cg['seq']}, batch {cg['batch']}, vocab "
                      f"{cg['vocab']}", big_rows["d"], "ms", 1)]
    rows = []
    for title, res, unit, scale in sections:
        base = next(v for k, v in res.items() if k.startswith("plain JAX"))
        rows.append((title, None, None, None))
        for k, v in res.items():
            rows.append((k, v * scale, unit, v / base))
    w = max([len(r[0]) for r in rows if r[1] is not None] + [60]) + 2
    print(f"{'':{w}s} {'median':>10s}      {'ratio':>7s}")
    for name, v, unit, ratio in rows:
        if v is None:
            print(name)
        else:
            print(f"  {name:{w - 2}s} {v:10.2f} {unit}   {ratio:6.2f}x")
    if big_rows is not None:
        for row, key, scale, unit, title in [
                ("e", "first_s", 1, "s", "(e) first call (trace + compile + one step), each variant alone in a new process"),
                ("f", "rss_mb", 1, "MB", "(f) peak RSS (VmHWM) of a process that builds the model and runs 1 + 1 steps")]:
            print(title)
            for model, res in big_rows[row].items():
                base = res.get("plain JAX (jax.jit)")
                for k, r in res.items():
                    ratio = (f"   {r[key] / base[key]:6.2f}x" if isinstance(base, dict) and not isinstance(r, str)
                             else "")
                    print(f"  {model + ': ' + k:{w - 2}s} {fmt_alone(r, key, scale, unit)}{ratio}")
    for s in skipped:
        print("skipped:", s)
    print("\ntargets:")
    for desc, ok in targets(op, gather, lenet, big_rows):
        print(f"  [{'met' if ok else 'NOT met'}] {desc}")


def _best_torch(res):
    ts = [v for k, v in res.items() if k.startswith("PyTorch")]
    return min(ts) if ts else None


def targets(op, gather, lenet, big_rows):
    """(description, met) for each of issue #16's targets that this run measured."""
    out = []
    if op is not None:
        r = op["mindjax PyNative (x + y)"] / op["plain JAX eager (x + y)"]
        out.append((f"per-op overhead within 1.5x of plain JAX eager ({r:.2f}x)", r <= 1.5))
        g = gather["mindjax PyNative (ops.gather, bounds checked)"]
        r = g / gather["plain JAX eager (jnp.take)"]
        out.append((f"bounds-checked gather within 1.5x of plain JAX eager jnp.take ({r:.2f}x)", r <= 1.5))
    if lenet is not None:
        pyn, bt = lenet["mindjax PyNative (TrainOneStepCell)"], _best_torch(lenet)
        if bt:
            out.append((f"LeNet PyNative <= 1.0x PyTorch eager at its best thread count ({pyn / bt:.2f}x)", pyn <= bt))
            cap = lenet.get("mindjax PyNative, captured (MINDJAX_PYNATIVE_CAPTURE=1)")
            if cap:
                out.append((f"LeNet PyNative, captured, <= 1.0x PyTorch eager at its best thread count "
                            f"({cap / bt:.2f}x; {pyn / cap:.2f}x faster than op by op)", cap <= bt))
        if "MindSpore 2.10 PyNative" in lenet:
            r = lenet["MindSpore 2.10 PyNative"] / pyn
            out.append((f"LeNet PyNative at least 20x faster than MindSpore PyNative ({r:.1f}x faster)", r >= 20))
        r = lenet["mindjax Graph (ms.jit(TrainOneStepCell))"] / lenet["plain JAX (jax.jit)"]
        out.append((f"LeNet Graph mode within 1.1x of plain JAX jit ({r:.2f}x)", r <= 1.1))
    if big_rows is None:
        return out
    for row, name in (("c", "ResNet-50"), ("d", "decoder")):
        res = big_rows[row]
        pyn, gr, jx, bt = (res[big.NAMES["mindjax-pynative"]], res[big.NAMES["mindjax-graph"]],
                           res[big.NAMES["jax"]], _best_torch(res))
        if bt:
            out.append((f"{name} PyNative <= 1.5x PyTorch eager at its best thread count ({pyn / bt:.2f}x)",
                        pyn <= 1.5 * bt))
        out.append((f"{name} Graph <= 1.05x plain JAX ({gr / jx:.2f}x)", gr <= 1.05 * jx))
        sk, js = res.get(big.NAMES["mindjax-sink"]), res.get(big.NAMES["jax-scan"])
        if sk and js:
            out.append((f"{name} sink mode per step <= 1.05x plain JAX's scan ({sk / js:.2f}x)", sk <= 1.05 * js))
    for model, res in big_rows["e"].items():
        g, m = res.get(big.NAMES["mindjax-graph"]), res.get(big.NAMES["mindspore-graph"])
        if isinstance(g, dict) and isinstance(m, dict):
            out.append((f"{model}: first call in Graph mode <= MindSpore's ({g['first_s']:.1f} s against "
                        f"{m['first_s']:.1f} s)", g["first_s"] <= m["first_s"]))
        j = res.get(big.NAMES["jax"])
        if isinstance(g, dict) and isinstance(j, dict):
            r = g["rss_mb"] / j["rss_mb"]
            out.append((f"{model}: peak RSS in Graph mode <= 1.2x plain JAX ({r:.2f}x)", r <= 1.2))
    return out


if __name__ == "__main__":
    main()
