"""The launcher: ``python -m mindjax --worker_num=N [options] script.py [args]``, as MindSpore's msrun.

It starts this node's workers, each ``python -m mindjax script.py args`` with the coordinator's
address and its rank in MindSpore's environment variables (``MS_WORKER_NUM``, ``MS_SCHED_HOST``,
``MS_SCHED_PORT``, ``MS_ROLE``, ``MS_NODE_ID``, ``RANK_ID``, ``RANK_SIZE``), writes each worker's
output to ``<log_dir>/worker_<rank>.log``, and watches them: when one exits with an error or is
killed, every other one is stopped and the launcher exits with an error naming the rank. The
workers are the launcher's children in their own process groups, so none is left behind when
the launcher itself is interrupted or terminated. ``init()`` in the script (mindjax.communication)
joins the workers through ``jax.distributed.initialize``; rank 0's process hosts the coordinator.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time

_FLAGS = ("--worker_num", "--local_worker_num", "--master_addr", "--master_port", "--node_rank", "--log_dir",
          "--join", "--cluster_time_out", "--worker_log_name", "--tail_worker_log", "--bind_core",
          "--sim_level", "--sim_rank_id", "--rank_table_file")


def is_launch(argv) -> bool:
    """Whether ``argv`` (after ``-m mindjax``) asks for the launcher."""
    return bool(argv) and argv[0].split("=")[0] in _FLAGS


def _parser():
    p = argparse.ArgumentParser(prog="python -m mindjax", description="Start the workers of a distributed job, "
                                "as MindSpore's msrun.")
    p.add_argument("--worker_num", type=int, default=8, help="the number of workers of the whole job")
    p.add_argument("--local_worker_num", type=int, default=None, help="the workers started on this node "
                   "(default: worker_num)")
    p.add_argument("--master_addr", default="127.0.0.1", help="the address of the node of rank 0")
    p.add_argument("--master_port", type=int, default=8118, help="the coordinator's port")
    p.add_argument("--node_rank", type=int, default=-1, help="the index of this node (default: 0)")
    p.add_argument("--log_dir", default=".", help="where worker_<rank>.log files are written")
    p.add_argument("--join", default=False, type=lambda s: str(s).lower() in ("1", "true", "yes"), nargs="?",
                   const=True, help="accepted for msrun's command lines: the launcher always waits for its workers")
    p.add_argument("--cluster_time_out", type=int, default=600, help="seconds the workers wait for each other")
    p.add_argument("--worker_log_name", default="", help="accepted for msrun's command lines")
    p.add_argument("--tail_worker_log", default="-1", help="accepted for msrun's command lines")
    p.add_argument("--bind_core", default=False, nargs="?", const=True, help="accepted for msrun's command lines")
    p.add_argument("--sim_level", type=int, default=-1, help=argparse.SUPPRESS)
    p.add_argument("--sim_rank_id", type=int, default=-1, help=argparse.SUPPRESS)
    p.add_argument("--rank_table_file", default="", help=argparse.SUPPRESS)
    p.add_argument("task_script", help="the script each worker runs")
    p.add_argument("task_script_args", nargs=argparse.REMAINDER)
    return p


def _stop(procs, grace: float = 5.0) -> None:
    """Terminate the workers still running (their whole process groups), then kill what is left."""
    live = [p for p in procs if p.poll() is None]
    for p in live:
        try:
            os.killpg(p.pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + grace
    for p in live:
        try:
            p.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            p.wait()


def _tail(path: str, lines: int = 15) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return ""


def _describe(code: int) -> str:
    if code < 0:
        try:
            return f"was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


def launch(argv) -> int:
    """Run the launcher with the command line ``argv``; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.worker_num <= 0:
        raise ValueError(f"worker_num must be greater than 0, but got {args.worker_num}.")
    local = args.worker_num if args.local_worker_num is None else args.local_worker_num
    if local <= 0 or local > args.worker_num:
        raise ValueError(f"local_worker_num must be in [1, worker_num], but got {local}.")
    node_rank = max(args.node_rank, 0)
    if local < args.worker_num and args.node_rank == -1:
        raise ValueError("node_rank must be set when local_worker_num is less than worker_num (several nodes).")
    os.makedirs(args.log_dir, exist_ok=True)
    first = node_rank * local
    procs, logs, ranks = [], [], []
    base = dict(os.environ)
    base.update({"MS_WORKER_NUM": str(args.worker_num), "MS_SCHED_HOST": args.master_addr,
                 "MS_SCHED_PORT": str(args.master_port), "MS_ROLE": "MS_WORKER", "RANK_SIZE": str(args.worker_num),
                 "MS_TOPO_TIMEOUT": str(args.cluster_time_out), "MINDJAX_LOCAL_WORKER_NUM": str(local)})
    boot = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_boot.py")
    cmd = [sys.executable, boot, args.task_script, *args.task_script_args]

    def on_signal(signum, frame):
        _stop(procs)
        raise SystemExit(128 + signum)
    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    try:
        for i in range(local):
            rank = first + i
            env = dict(base, MS_NODE_ID=str(rank), RANK_ID=str(rank), MINDJAX_LOCAL_RANK=str(i))
            if local > 1 and "CUDA_VISIBLE_DEVICES" not in os.environ:
                env["CUDA_VISIBLE_DEVICES"] = str(i)  # one GPU per worker, as msrun binds one device each
            name = f"{args.worker_log_name or 'worker'}_{rank}.log"
            path = os.path.join(args.log_dir, name)
            log = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed when the worker ends
            procs.append(subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
            logs.append((log, path))
            ranks.append(rank)
        return _watch(procs, ranks, logs)
    finally:
        _stop(procs)
        for log, _ in logs:
            log.close()
        for s, h in old.items():
            signal.signal(s, h)


def _watch(procs, ranks, logs) -> int:
    """Wait for the workers; the first one to fail stops the others."""
    pending = set(range(len(procs)))
    while pending:
        for k in sorted(pending):
            code = procs[k].poll()
            if code is None:
                continue
            pending.discard(k)
            if code != 0:
                _stop(procs)
                path = logs[k][1]
                print(f"[mindjax launcher] ERROR: worker of rank {ranks[k]} (pid {procs[k].pid}) {_describe(code)}; "
                      f"the other workers were stopped. Its log is {path}; its last lines:\n{_tail(path)}",
                      file=sys.stderr, flush=True)
                return 1
        time.sleep(0.05)
    return 0
