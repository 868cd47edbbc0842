"""mindcv's own unit tests (``tests/modules``, the CPU ones) under real MindSpore or mindjax.

Nothing of mindcv is vendored: point ``--mindcv`` at a checkout of mindspore-lab/mindcv
(its tests need ``pyyaml``, ``tqdm`` and ``pytest`` in the interpreter that runs them).
Under mindjax the tests run as ``python -m mindjax -m pytest`` (``import mindspore`` is mindjax).

Record MindSpore's outcomes (writing the stand-in data first, see below), then mindjax's, then
compare (``--ids FILE`` re-runs only the test ids listed in FILE and updates ``--out``)::

    .venv/bin/python tools/mindcv/run_tests.py --make-data --mindcv ../mindcv \
        --python ~/msref/bin/python --out /tmp/ms_outcomes.json
    JAX_PLATFORMS=cpu .venv/bin/python tools/mindcv/run_tests.py --mindcv ../mindcv \
        --python .venv/bin/python --mindjax --out /tmp/mj_outcomes.json
    .venv/bin/python tools/mindcv/run_tests.py --compare /tmp/ms_outcomes.json /tmp/mj_outcomes.json

Each test file runs in its own ``pytest`` process (cwd = the mindcv checkout, as its tests
expect), niced. A small plugin (this file, loaded with ``-p run_tests``) writes one JSON line
when a test starts and one when it ends, so a test that runs past ``--test-timeout`` seconds is
recorded as ``timeout``, the process is killed and the file goes on with the tests not yet run.
``--only EXPR`` is pytest's ``-k``; the outcomes of an existing ``--out`` file are kept for the
other tests (so a re-run of some tests updates the file).

mindcv's data tests download Canidae (an ImageFolder) and CIFAR-10; on a machine with no
network ``--make-data`` first writes stand-ins where mindcv looks for them
(``~/.mindspore/datasets``): random JPEGs in ``Canidae/data/Canidae/{train,val}/{dogs,wolves}``
and CIFAR-10 binary batches of random records (10,000 a file, as the real ones: MindSpore
rejects a shorter file), so those tests exercise the data pipeline. It needs numpy and Pillow.

Outcome file: ``{"tests": {test_id: [outcome, first error line]}}``, outcome one of
``passed``, ``failed``, ``error``, ``skipped``, ``timeout``.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOG_ENV = "MINDCV_TESTS_LOG"
CPU_AREA = "tests/modules"
NON_CPU = ("tests/modules/non_cpu", "tests/modules/parallel")  # need a card / several processes


# ------------------------------------------------------------------ the pytest plugin side
def _log(record: dict) -> None:
    path = os.environ.get(LOG_ENV)
    if path:
        with open(path, "a") as f:
            f.write(json.dumps(record) + "\n")


def _first_line(report) -> str:
    """The exception line of a failure (``E   ...`` lines of the long repr), shortened."""
    text = str(report.longrepr or "")
    if report.skipped and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2])[:300]
    lines = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("E ")]
    line = lines[-1] if lines else (text.strip().splitlines() or [""])[-1]
    return line[:300]


def pytest_collection_finish(session) -> None:
    _log({"collected": [item.nodeid for item in session.items]})


def pytest_runtest_logstart(nodeid, location) -> None:
    _log({"start": nodeid})


def pytest_runtest_logreport(report) -> None:
    # one record per phase that decides the outcome: a failing setup/teardown is an error
    if report.when == "call" or report.outcome != "passed":
        if report.when != "call" and report.failed:
            outcome = "error"
        else:
            outcome = report.outcome
        _log({"test": report.nodeid, "when": report.when, "outcome": outcome, "line": _first_line(report)})
    elif report.when == "teardown":
        _log({"done": report.nodeid})


# ------------------------------------------------------------------ the runner side
def _read_log(path: Path) -> list[dict]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text(errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:  # a line cut by a kill
            pass
    return out


def _merge(results: dict, records: list[dict]) -> None:
    rank = {"passed": 0, "skipped": 1, "failed": 2, "error": 3}
    for r in records:
        if "test" in r:
            old = results.get(r["test"])
            if old is None or old[0] == "running" or rank.get(r["outcome"], 3) > rank.get(old[0], 0):
                results[r["test"]] = [r["outcome"], r["line"]]
        elif "start" in r:
            results.setdefault(r["start"], ["running", ""])


def run_file(cmd: list[str], mindcv: Path, rel: str, only: str, test_timeout: float, file_timeout: float,
             work: Path, ids: list[str] | None = None) -> dict:
    """All tests of one file (or only its node ``ids``): ``{test_id: [outcome, line]}``."""
    results: dict = {}
    deselect: list[str] = []
    collected: list[str] | None = None
    start_file = time.monotonic()
    while True:
        log = work / (rel.replace("/", "__") + ".jsonl")
        log.unlink(missing_ok=True)
        env = dict(os.environ)
        env.update({LOG_ENV: str(log), "PYTHONPATH": os.pathsep.join([str(mindcv), str(HERE)]),
                    "GLOG_v": "3", "PYTHONUNBUFFERED": "1"})
        args = [*cmd, *(ids or [rel]), "-p", "run_tests", "-p", "no:cacheprovider", "-q", "--tb=short"]
        if only:
            args += ["-k", only]
        for d in deselect:
            args += ["--deselect", d]
        with open(work / (rel.replace("/", "__") + ".out"), "ab") as out:
            proc = subprocess.Popen(["nice", "-n", "10", *args], cwd=mindcv, env=env, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            last_change, last_size, stuck = time.monotonic(), -1, None
            while proc.poll() is None:
                time.sleep(2)
                size = log.stat().st_size if log.exists() else 0
                if size != last_size:
                    last_size, last_change = size, time.monotonic()
                over_test = time.monotonic() - last_change > test_timeout
                over_file = time.monotonic() - start_file > file_timeout
                if over_test or over_file:
                    stuck = "test" if over_test else "file"
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
                    break
        records = _read_log(log)
        for r in records:
            if "collected" in r and collected is None:
                collected = r["collected"]
        _merge(results, records)
        if stuck is None:
            break
        running = [t for t, v in results.items() if v[0] == "running"]
        for t in running:
            results[t] = ["timeout", f"Timeout: no progress in {test_timeout:g} s" if stuck == "test"
                          else f"Timeout: the file ran past {file_timeout:g} s"]
        if stuck == "file" or collected is None:
            break
        deselect = [t for t in collected if t in results]
        if len(deselect) == len(collected):
            break
    for t in collected or []:
        results.setdefault(t, ["timeout" if stuck else "not run", "not run: the file was stopped" if stuck
                               else "not reported"])
    if not results and collected != []:  # nothing collected at all: a collection error
        results[rel + "::<file>"] = ["error", _tail(work / (rel.replace("/", "__") + ".out"))]
    for t, v in results.items():
        if v[0] == "running":
            v[:] = ["error", "crash: " + _tail(work / (rel.replace("/", "__") + ".out"))]
    return results


def _tail(path: Path) -> str:
    lines = [ln for ln in path.read_text(errors="replace").splitlines() if ln.strip()] if path.exists() else []
    errs = [ln for ln in lines if ln.startswith("E ") or "Error" in ln]
    return (errs[-1] if errs else (lines[-1] if lines else "no output"))[:300]


def make_data(root: Path, seed: int = 0) -> None:
    """Stand-ins for the data sets mindcv's tests download (see the module doc)."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(seed)
    canidae = root / "Canidae" / "data" / "Canidae"
    for split, per_class in (("train", 70), ("val", 20)):
        for cls in ("dogs", "wolves"):
            d = canidae / split / cls
            d.mkdir(parents=True, exist_ok=True)
            for i in range(per_class):
                h, w = (int(v) for v in rng.integers(48, 97, size=2))
                img = rng.integers(0, 256, size=(h, w, 3), dtype=np.uint8)
                Image.fromarray(img).save(d / f"{cls}_{i}.jpg", quality=90)
    cifar = root / "cifar10" / "cifar-10-batches-bin"
    cifar.mkdir(parents=True, exist_ok=True)
    for name in [f"data_batch_{i}.bin" for i in range(1, 6)] + ["test_batch.bin"]:
        n = 10000  # MindSpore's reader takes a file of another length for a corrupt one
        labels = rng.integers(0, 10, size=(n, 1), dtype=np.uint8)
        pixels = rng.integers(0, 256, size=(n, 3072), dtype=np.uint8)
        (cifar / name).write_bytes(np.concatenate([labels, pixels], axis=1).tobytes())
    names = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]
    (cifar / "batches.meta.txt").write_text("\n".join(names) + "\n")


def compare(ms_path: str, mj_path: str) -> int:
    ms = json.loads(Path(ms_path).read_text())["tests"]
    mj = json.loads(Path(mj_path).read_text())["tests"]
    ms_pass = [t for t, v in ms.items() if v[0] == "passed"]
    both = [t for t in ms_pass if mj.get(t, ["absent"])[0] == "passed"]
    mj_pass = [t for t, v in mj.items() if v[0] == "passed"]
    print(f"tests: {len(ms)} (MindSpore run), {len(mj)} (mindjax run)")
    print(f"passed on MindSpore: {len(ms_pass)}; passed on mindjax: {len(mj_pass)}; passed on both: {len(both)}")
    causes: dict = {}
    for t in ms_pass:
        v = mj.get(t, ["absent", "not run under mindjax"])
        if v[0] != "passed":
            causes.setdefault(f"{v[0]}: {v[1]}", []).append(t)
    for cause, tests in sorted(causes.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(tests)} x {cause}")
        for t in tests[:5]:
            print(f"    {t}")
        if len(tests) > 5:
            print(f"    ... {len(tests) - 5} more")
    extra = [t for t in mj_pass if ms.get(t, ["absent"])[0] != "passed"]
    if extra:
        print(f"\npassed on mindjax only: {len(extra)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mindcv", help="mindcv checkout")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--mindjax", action="store_true", help="run under python -m mindjax")
    ap.add_argument("--out")
    ap.add_argument("--files", nargs="*", help="test files relative to the checkout (default: tests/modules/*.py)")
    ap.add_argument("--only", default="", help="pytest -k expression")
    ap.add_argument("--ids", help="a file of test ids (one a line): run only those")
    ap.add_argument("--test-timeout", type=float, default=300)
    ap.add_argument("--file-timeout", type=float, default=3600)
    ap.add_argument("--work", default="/tmp/mindcv_tests_work")
    ap.add_argument("--make-data", action="store_true", help="write stand-in data sets, then run")
    ap.add_argument("--data-root", default=str(Path.home() / ".mindspore" / "datasets"))
    ap.add_argument("--compare", nargs=2, metavar=("MS_JSON", "MJ_JSON"))
    args = ap.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.make_data:
        make_data(Path(args.data_root))
    mindcv = Path(args.mindcv).resolve()
    files = args.files or sorted(str(p.relative_to(mindcv)) for p in (mindcv / CPU_AREA).glob("test_*.py"))
    python = os.path.abspath(args.python) if os.sep in args.python else args.python  # tests run in --mindcv
    cmd = [python, *(["-m", "mindjax"] if args.mindjax else []), "-m", "pytest"]
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    out = Path(args.out)
    data = json.loads(out.read_text()) if out.exists() else {"tests": {}}
    ids = Path(args.ids).read_text().split() if args.ids else []
    if ids:
        files = sorted({t.split("::")[0] for t in ids})
    for rel in files:
        t0 = time.monotonic()
        res = run_file(cmd, mindcv, rel, args.only, args.test_timeout, args.file_timeout, work,
                       [t for t in ids if t.split("::")[0] == rel] or None)
        data["tests"].update(res)
        out.write_text(json.dumps(data, indent=1, sort_keys=True))
        counts: dict = {}
        for v in res.values():
            counts[v[0]] = counts.get(v[0], 0) + 1
        print(f"{rel}: {counts} in {time.monotonic() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
