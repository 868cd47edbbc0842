"""Turn the trace JAX wrote into MindSpore's deliverables under ``ASCEND_PROFILER_OUTPUT``.

A run directory (``{host}_{pid}_{timestamp}_ascend_ms``) holds what ``jax.profiler`` wrote,
``plugins/profile/<session>/<host>.xplane.pb`` and ``<host>.trace.json.gz``: TensorBoard's
profile plugin opens the run directory as its log dir. Analysis adds

* ``ASCEND_PROFILER_OUTPUT/trace_view.json``: the Chrome trace events (open it in Perfetto
  or ``chrome://tracing``), as MindSpore names its timeline;
* ``ASCEND_PROFILER_OUTPUT/op_statistic.csv``: per kernel name, the count and the total, min,
  average and max time of the kernels XLA ran (GPU: the "XLA Ops" line of each device; CPU:
  the thunks run by XLA's CPU client threads).
"""
from __future__ import annotations

import collections
import csv
import glob
import gzip
import json
import os

OUTPUT_DIR = "ASCEND_PROFILER_OUTPUT"
# bookkeeping events of XLA's CPU client, not kernels
_CPU_NOISE = ("ThreadpoolListener", "ThunkExecutor", "end: ")


def trace_files(run_dir: str) -> list:
    """The Chrome-trace files jax wrote under ``run_dir``, oldest session first."""
    return sorted(glob.glob(os.path.join(run_dir, "plugins", "profile", "*", "*.trace.json.gz")))


def _kernel_events(events: list) -> list:
    """(core type, name, duration in us) of the kernel executions in a list of trace events."""
    procs, threads = {}, {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "process_name":
            procs[e.get("pid")] = e.get("args", {}).get("name", "")
        elif e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[(e.get("pid"), e.get("tid"))] = e.get("args", {}).get("name", "")
    out = []
    for e in events:
        if e.get("ph") != "X":
            continue
        proc, thread = procs.get(e.get("pid"), ""), threads.get((e.get("pid"), e.get("tid")), "")
        name, dur = e.get("name", ""), float(e.get("dur", 0.0))
        if proc.startswith("/device:") and thread == "XLA Ops":
            out.append((proc.split(":")[1], name, dur))
        elif proc.startswith("/host:CPU") and "XLAPjRtCpuClient" in thread and not name.startswith(_CPU_NOISE):
            out.append(("CPU", name, dur))
    return out


def analyse_run(run_dir: str, pretty: bool = False) -> str | None:
    """Write the deliverables of one run; returns the ``trace_view.json`` path (None without a trace)."""
    files = trace_files(run_dir)
    if not files:
        return None
    events = []
    for f in files:
        with gzip.open(f, "rt", encoding="utf-8") as fp:
            events.extend(json.load(fp).get("traceEvents", []))
    out_dir = os.path.join(run_dir, OUTPUT_DIR)
    os.makedirs(out_dir, exist_ok=True)
    trace_path = os.path.join(out_dir, "trace_view.json")
    with open(trace_path, "w", encoding="utf-8") as fp:
        json.dump(events, fp, indent=4 if pretty else None)
    stats = collections.defaultdict(list)
    for core, name, dur in _kernel_events(events):
        stats[(core, name)].append(dur)
    total = sum(sum(v) for v in stats.values()) or 1.0
    with open(os.path.join(out_dir, "op_statistic.csv"), "w", newline="", encoding="utf-8") as fp:
        w = csv.writer(fp)
        w.writerow(["Device_id", "OP Type", "Core Type", "Count", "Total Time(us)", "Min Time(us)",
                    "Avg Time(us)", "Max Time(us)", "Ratio(%)"])
        for (core, name), durs in sorted(stats.items(), key=lambda kv: -sum(kv[1])):
            s = sum(durs)
            w.writerow([0, name, core, len(durs), f"{s:.3f}", f"{min(durs):.3f}", f"{s / len(durs):.3f}",
                        f"{max(durs):.3f}", f"{100.0 * s / total:.2f}"])
    return trace_path
