"""Every mindcv model, or those named in --only (comma-separated): build it, run a forward pass
(eval, batch 1, at the model's own input size: output (1, 10), finite) and one training step
(batch 2 - or --train-batch - CrossEntropyLoss + Momentum through value_and_grad: finite loss, weights changed).
The model's own input size is its pretrained cfg's ``input_size``, else the ``image_resize`` of
its training config in mindcv's configs/, else that of its family's configured model, else 224. A model that returns main and auxiliary
logits in training (inception_v3) is trained on both, as mindcv's loss with ``aux_factor`` does.

One JSON line per model is appended to --results, and models already there are skipped, so the
sweep resumes where it stopped (it takes hours on a 2-core CPU). The limit per model is in CPU
seconds of this process (--cpu-limit), not wall time, so a sweep sharing a busy machine (run it
under `nice`) fails a model for its own cost only.

Each model runs in its own process (``--one NAME``), watched by the sweep: one whose resident
memory passes --mem-limit-gb (default 10) is killed and recorded as FAIL at stage "memory"
(the largest models, e.g. cait_m36_384, need more than a 24 GiB machine for a PyNative
training step at their input size), and memory never accumulates from one model to the next.

    PYTHONPATH=../mindcv .venv/bin/python -m mindjax tools/mindcv/models_sweep.py \
        --results /tmp/mindcv_sweep.jsonl [--only resnet18,vit_b_32_224] [--shard 0/2] [--cpu-limit 900] [--mem-limit-gb 10]
"""
import argparse
import json
import os
import signal
import time

import numpy as np
import mindspore as ms
from mindspore import nn
import mindcv
from mindcv.models.registry import get_pretrained_cfg_value, _model_to_module


class OverLimit(Exception):
    pass


def _over(*_):
    raise OverLimit("over the CPU-time limit")


def _config_sizes():
    """``image_resize`` of each model's training config in mindcv's configs/ (the size mindcv
    trains it at), for models whose pretrained cfg names no input size (inception_v3: 299; at 224
    its auxiliary head's 5x5 convolution has a 3x3 input, which MindSpore rejects too)."""
    import glob
    import yaml
    root = os.path.join(os.path.dirname(os.path.dirname(mindcv.__file__)), "configs")
    sizes = {}
    for path in sorted(glob.glob(os.path.join(root, "*", "*.yaml"))):
        try:
            with open(path) as f:
                cfg = yaml.safe_load(f) or {}
        except (OSError, yaml.YAMLError):
            continue
        if isinstance(cfg, dict) and cfg.get("model") and cfg.get("image_resize"):
            sizes.setdefault(cfg["model"], int(cfg["image_resize"]))
    return sizes


def size_of(name):
    size = get_pretrained_cfg_value(name, "input_size")
    if size:
        return size[-1]
    sizes = _config_sizes()
    if name in sizes:
        return sizes[name]
    # no config of its own: its family's (swinv2_small_window8 trains at swinv2_tiny_window8's 256,
    # the SwinTransformerV2 default, whose window partition needs it)
    family = [sizes[m] for m in sorted(sizes) if _model_to_module.get(m) == _model_to_module.get(name)]
    return family[0] if family else 224


def run_one(name, cpu_limit, train_batch=2):
    t, cpu0, stage = time.time(), time.process_time(), "build"
    signal.setitimer(signal.ITIMER_PROF, cpu_limit)  # CPU time of every thread of this process
    rec = {"model": name, "module": _model_to_module.get(name)}
    try:
        size = size_of(name)
        net = mindcv.create_model(name, num_classes=10)
        rec["params"] = sum(int(np.prod(p.shape)) for p in net.trainable_params())
        stage = "forward"
        net.set_train(False)
        y = net(ms.Tensor(np.random.default_rng(0).standard_normal((1, 3, size, size)).astype(np.float32)))
        assert tuple(y.shape) == (1, 10), f"output shape {y.shape}"
        assert np.isfinite(y.asnumpy()).all(), "output not finite"
        stage = "train"
        net.set_train(True)
        loss_fn = nn.CrossEntropyLoss()
        opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
        before = opt.parameters[0].asnumpy().copy()
        def loss_of(a, b):
            out = net(a)
            if isinstance(out, tuple):  # main and auxiliary logits (inception_v3): mindcv's loss with aux_factor 0.4
                return loss_fn(out[0], b) + 0.4 * loss_fn(out[1], b)
            return loss_fn(out, b)
        gf = ms.value_and_grad(loss_of, None, opt.parameters)
        xb = ms.Tensor(np.random.default_rng(1).standard_normal((train_batch, 3, size, size)).astype(np.float32))
        loss, g = gf(xb, ms.Tensor(np.arange(1, train_batch + 1, dtype=np.int32) % 10))
        opt(g)
        lv = float(loss.asnumpy())
        assert np.isfinite(lv), "loss not finite"
        assert not np.array_equal(before, opt.parameters[0].asnumpy()), "weights unchanged"
        rec.update(status="OK", size=size, loss=round(lv, 4))
        if train_batch != 2:
            rec["train_batch"] = train_batch
    except BaseException as e:  # noqa: BLE001 - every failure is a result of the sweep
        if isinstance(e, KeyboardInterrupt):
            raise
        msg = str(e).splitlines()[0][:220] if str(e) else ""
        rec.update(status="FAIL", stage=stage, error=f"{type(e).__name__}: {msg}")
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    rec.update(wall_s=round(time.time() - t, 1), cpu_s=round(time.process_time() - cpu0, 1))
    return rec


def _rss_gb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 2 ** 20
    except OSError:
        pass
    return 0.0


def run_isolated(name, cpu_limit, mem_limit_gb, train_batch=2):
    """``run_one`` in a child process (this script with --one), killed past ``mem_limit_gb``."""
    import subprocess
    import sys
    t = time.time()
    cmd = [sys.executable, "-m", "mindjax", os.path.abspath(__file__), "--one", name, "--cpu-limit", str(cpu_limit),
           "--train-batch", str(train_batch)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    peak = 0.0
    while proc.poll() is None:
        peak = max(peak, _rss_gb(proc.pid))
        if peak > mem_limit_gb:
            proc.kill()
            proc.wait()
            return {"model": name, "module": _model_to_module.get(name), "status": "FAIL", "stage": "memory",
                    "error": f"resident memory over {mem_limit_gb} GB (killed)", "wall_s": round(time.time() - t, 1),
                    "peak_gb": round(peak, 1)}
        time.sleep(0.5)
    out = proc.stdout.read().strip().splitlines()
    if proc.returncode != 0 or not out:
        return {"model": name, "module": _model_to_module.get(name), "status": "FAIL", "stage": "process",
                "error": f"the model's process ended with code {proc.returncode}", "wall_s": round(time.time() - t, 1)}
    rec = json.loads(out[-1])
    rec["peak_gb"] = round(peak, 1)
    return rec


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--results")
    ap.add_argument("--cpu-limit", type=float, default=900.0)
    ap.add_argument("--mem-limit-gb", type=float, default=10.0)
    ap.add_argument("--shard", default="", help="K/N: only the models whose place in the list is K modulo N "
                    "(N sweeps, K = 0..N-1, can share one --results file: each appends whole lines)")
    ap.add_argument("--train-batch", type=int, default=2, help="the training step's batch (2; 1 for a model whose "
                    "batch-2 step does not fit in memory)")
    ap.add_argument("--one", default="", help="(internal) run one model in this process, print its record")
    args = ap.parse_args()
    signal.signal(signal.SIGPROF, _over)
    if args.one:
        print(json.dumps(run_one(args.one, args.cpu_limit, args.train_batch)), flush=True)
        return
    if not args.results:
        ap.error("--results is required")
    names = args.only.split(",") if args.only else mindcv.list_models()
    if args.shard:
        k, n = (int(v) for v in args.shard.split("/"))
        if not 0 <= k < n:
            ap.error(f"--shard must be K/N with 0 <= K < N, but got {args.shard}")
        names = names[k::n]
    done = set()
    if os.path.exists(args.results):
        with open(args.results) as f:
            done = {json.loads(line)["model"] for line in f if line.strip()}
    for name in names:
        if name in done:
            continue
        rec = run_isolated(name, args.cpu_limit, args.mem_limit_gb, args.train_batch)
        print(json.dumps(rec), flush=True)
        with open(args.results, "a") as f:
            f.write(json.dumps(rec) + "\n")


if __name__ == "__main__":
    main()
