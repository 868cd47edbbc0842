"""Rows (c)-(f) of bench.py: the ResNet-50 and decoder training steps in one process,
interleaved, and every variant alone in its own process for first-call time and peak memory."""
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import variants

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = {"mindjax-pynative": "mindjax PyNative (TrainOneStepCell)",
         "mindjax-graph": "mindjax Graph (ms.jit(TrainOneStepCell))",
         "jax": "plain JAX (jax.jit)",
         "jax-donate": "plain JAX (jax.jit, state donated)",
         "torch1": "PyTorch eager, 1 thread",
         "torch2": "PyTorch eager, 2 threads",
         "mindspore-graph": "MindSpore 2.10 Graph (GRAPH_MODE)",
         "mindspore-pynative": "MindSpore 2.10 PyNative",
         "mindjax-sink": "mindjax sink mode (data_sink, one scan per sink), per step",
         "jax-scan": "plain JAX (jax.jit(lax.scan) over the sink's batches), per step"}


def _block(out):
    import jax
    jax.block_until_ready(out)


def interleaved(model: str, cfg: dict, kinds, steps: int, params: dict, rtol: float) -> dict:
    """Median step time (ms) of each kind, the kinds alternating step by step. The first step of
    each is the warm-up (compilation) and the correctness check: every kind's first loss must
    agree with plain JAX's (they start from the same weights and data)."""
    steps_fn = {k: variants.build(model, k, cfg, params) for k in kinds}
    first = {}
    for k, f in steps_fn.items():
        first[k] = variants.loss_of(f())
    for k, v in first.items():
        if getattr(steps_fn[k], "steps_per_call", 1) > 1:
            # a sink kind's first loss is its sink's last step's, after n-1 updates on the same batch,
            # which amplify the float rounding between the two networks' ops (ResNet-50, 4 steps: ~2%)
            assert np.isclose(v, first["jax-scan"], rtol=0.05), (model, first)
        else:
            assert np.isclose(v, first["jax"], rtol=rtol, atol=1e-4), (model, first)
    times = {k: [] for k in kinds}
    for _ in range(steps):
        for k, f in steps_fn.items():
            t0 = time.perf_counter()
            _block(f())
            times[k].append((time.perf_counter() - t0) / getattr(f, "steps_per_call", 1))
    return {NAMES[k]: float(np.median(v)) * 1e3 for k, v in times.items()}


def alone(model: str, kind: str, quick: bool, params_file: str | None, python: str, steps: int = 1) -> dict | str:
    """``kind`` alone in a new process (_variant.py): first-call seconds, step seconds, peak RSS (MB);
    a string saying why when it failed."""
    cmd = [python, os.path.join(HERE, "_variant.py"), model, kind, "--steps", str(steps)]
    if quick:
        cmd.append("--quick")
    if params_file:
        cmd += ["--params", params_file]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([HERE, os.path.dirname(HERE)]))
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800)
    if r.returncode != 0:
        tail = (r.stderr.strip().splitlines() or ["?"])[-1]
        return f"failed ({tail[:160]})"
    return json.loads(r.stdout.strip().splitlines()[-1])


def params_file(model: str, cfg: dict, tmp: str) -> tuple[dict, str]:
    params = variants.initial_params(model, cfg)
    path = os.path.join(tmp, model + ".npz")
    np.savez(path, **params)
    return params, path


def run(torch_ok: bool, ms_python: str | None, quick: bool, steps: dict, log=print) -> dict:
    """Rows (c)-(f). ``steps``: interleaved steps per model; ``ms_python``: real MindSpore's Python or None."""
    kinds = ["mindjax-pynative", "mindjax-graph", "jax"] + (["torch1", "torch2"] if torch_ok else [])
    out = {"c": {}, "d": {}, "e": {}, "f": {}}
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for model in ("lenet", "resnet50", "gpt"):
            cfg = variants.config(model, quick)
            params, files[model] = params_file(model, cfg, tmp)
            if model != "lenet":
                log(f"  ({'c' if model == 'resnet50' else 'd'}) {model}: {steps[model]} interleaved steps ...")
                extra = ["mindjax-sink", "jax-scan"] if model == "resnet50" else []
                cfg = dict(cfg, sink_steps=variants.sink_steps(quick))
                out["c" if model == "resnet50" else "d"] = interleaved(
                    model, cfg, kinds + extra, steps[model], params, rtol=2e-3 if model == "resnet50" else 1e-4)
        # (e), (f): each variant alone (the interleaved models above are freed first)
        alone_kinds = ["mindjax-pynative", "mindjax-graph", "jax", "jax-donate"] + (["torch1"] if torch_ok else [])
        for model in ("lenet", "resnet50", "gpt"):
            res = {}
            for k in alone_kinds:
                if model == "lenet" and k == "jax-donate":
                    continue
                log(f"  (e/f) {model} {k} alone ...")
                res[NAMES[k]] = alone(model, k, quick, files[model], sys.executable)
            if ms_python:
                ms_kinds = ["mindspore-graph"] + (["mindspore-pynative"] if model == "lenet" else [])
                for k in ms_kinds:
                    log(f"  (e/f) {model} {k} alone ...")
                    res[NAMES[k]] = alone(model, k, quick, None, ms_python)
            out["e"][model] = out["f"][model] = res
    return out
