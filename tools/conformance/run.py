"""``make conformance``: MindSpore's own test files, run under mindjax and compared with
the outcomes recorded under real MindSpore 2.10 (CPU).

    run.py --git-dir DIR [AREA ...] [--jobs 2] [--timeout S] [--report PATH]
    run.py --git-dir DIR [AREA ...] --record-mindspore [--mindspore-python ~/msref/bin/python]

The ``tests`` tree of MindSpore's repository (a bare git directory) is extracted outside the
project, into ``~/.cache/mindjax-conformance/<commit>/src``; nothing of it is committed.
Each test file runs in its own process (``python -m mindjax -m pytest FILE -p plugin ...``
or ``~/msref/bin/python -m pytest FILE -p plugin ...``), with a timeout per file.
See README.md beside this file.
"""
from __future__ import annotations

import argparse
import concurrent.futures as futures
import datetime
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import report as rp  # noqa: E402  (this folder's module)

PROJECT = HERE.parent.parent
RESULTS = HERE / "ms2.10_cpu_results.json"
DEFAULT_AREAS = ["tests/st/pynative", "tests/st/compiler/gradient", "tests/ut/python/nn",
                 "tests/st/parameter", "tests/st/train"]
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mindjax-conformance"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- MindSpore's tests tree

def git(git_dir: str, *args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], check=True, capture_output=True, **kw)


def resolve_commit(git_dir: str, rev: str) -> str:
    return git(git_dir, "rev-parse", f"{rev}^{{commit}}", text=True).stdout.strip()


def extract(git_dir: str, commit: str, cache: Path) -> Path:
    """``tests/`` of ``commit`` under ``cache/<commit>/src`` (once; kept afterwards).

    Read blob by blob rather than with ``git archive``: the mirror lacks a few large blobs
    and the submodules, and ``git archive`` stops at the first missing object.
    """
    base = cache / commit
    src = base / "src"
    if (base / "extracted").exists():
        return src
    base.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="src.", dir=base))
    listing = git(git_dir, "ls-tree", "-r", "-z", commit, "tests").stdout.split(b"\0")
    entries = []
    for rec in listing:
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, kind, sha = meta.split(b" ")
        if kind == b"blob":
            entries.append((mode.decode(), sha.decode(), path.decode()))
    proc = subprocess.Popen(["git", f"--git-dir={git_dir}", "cat-file", "--batch"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)
    feeder = threading.Thread(target=lambda: (proc.stdin.write("".join(s + "\n" for _, s, _ in entries).encode()),
                                              proc.stdin.close()))
    feeder.start()
    missing = []
    for mode, sha, path in entries:
        header = proc.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":  # "<sha> missing"
            missing.append(path)
            continue
        data = proc.stdout.read(int(header[2]))
        proc.stdout.read(1)
        out = tmp / path
        out.parent.mkdir(parents=True, exist_ok=True)
        if mode == "120000":
            os.symlink(data.decode(), out)
        else:
            out.write_bytes(data)
            if mode == "100755":
                out.chmod(0o755)
    feeder.join()
    proc.wait()
    if src.exists():
        shutil.rmtree(src)
    tmp.rename(src)
    (base / "missing.txt").write_text("".join(p + "\n" for p in missing))
    (base / "pytest.ini").write_text("[pytest]\n")
    (base / "extracted").write_text(commit + "\n")
    return src


def cpu_marked(path: Path) -> bool:
    """Whether a MindSpore test file marks a test for a CPU platform (its ``arg_mark`` plat_marks
    or the older ``pytest.mark.platform_x86_cpu``)."""
    text = path.read_text(errors="replace")
    return "cpu_linux" in text or "platform_x86_cpu" in text


def list_files(src: Path, area: str) -> list[str]:
    """pytest's default test files (``test_*.py``, ``*_test.py``) under ``area``, sorted."""
    root = src / area
    if not root.is_dir():
        raise SystemExit(f"conformance: no folder {area} in MindSpore's tests tree")
    found = [p for p in root.rglob("*.py") if p.name.startswith("test_") or p.name.endswith("_test.py")]
    return sorted(str(p.relative_to(src)) for p in found)


# ---------------------------------------------------------------- one file in one process

def run_file(python: list[str], src: Path, rel_file: str, work: Path, timeout: float,
             extra_env: dict | None = None) -> dict:
    """Runs one test file; returns ``{"status", "seconds", "tests": {id: [outcome, line]}}``.

    A timeout or a crash makes every test of the file (those collected, else one FILE_LEVEL
    entry) fail with that cause.
    """
    work.mkdir(parents=True, exist_ok=True)
    cwd = Path(tempfile.mkdtemp(prefix="cwd.", dir=work))  # tests write files into cwd
    stem = rel_file.replace("/", "__")
    xml, collected, logf = work / f"{stem}.xml", work / f"{stem}.collected", work / f"{stem}.log"
    for p in (xml, collected):
        p.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_ADDOPTS")}
    env.update({"PYTHONPATH": os.pathsep.join([str(src), str(HERE)]), "CONFORMANCE_COLLECTED": str(collected),
                "GLOG_v": env.get("GLOG_v", "3"), "PYTHONUNBUFFERED": "1"})
    env.update(extra_env or {})
    cmd = [*python, str(src / rel_file), "-p", "plugin", f"--junitxml={xml}", "-q", "--tb=short",
           "-p", "no:cacheprovider", f"--rootdir={src}", "-c", str(src.parent / "pytest.ini")]
    start = time.monotonic()
    status = "ok"
    with open(logf, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            status, rc = "timeout", None
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # its own session: the test's children too
            except ProcessLookupError:
                pass
            proc.wait()
    seconds = round(time.monotonic() - start, 1)
    shutil.rmtree(cwd, ignore_errors=True)
    tests: dict = {}
    cause = ""
    if status == "ok" and xml.exists():
        try:
            tests = {k: list(v) for k, v in rp.parse_junit(xml.read_text(errors="replace"), rel_file).items()}
        except Exception as exc:  # a junit file cut short
            status, tests = "crash", {}
            cause = f"Crash: unreadable junit report ({type(exc).__name__})"
    if status == "ok" and not xml.exists():
        status = "crash"
    if status != "ok":
        if status == "timeout":
            cause = f"Timeout: the file did not finish in {timeout:g} s"
        elif not cause:
            cause = _crash_cause(rc, logf)
        ids = rp.ids_from_nodeids(collected.read_text().split("\n")) if collected.exists() else []
        tests = {tid: ["failed", cause] for tid in ids} or {rp.FILE_LEVEL: ["failed", cause]}
    return {"status": status, "seconds": seconds, "tests": tests}


def _crash_cause(rc: int | None, logf: Path) -> str:
    if rc is not None and rc < 0:
        try:
            return f"Crash: killed by {signal.Signals(-rc).name}"
        except ValueError:
            return f"Crash: killed by signal {-rc}"
    text = logf.read_text(errors="replace") if logf.exists() else ""
    tail = rp._last_exception_line(text) or ([ln for ln in text.splitlines() if ln.strip()] or [""])[-1]
    return rp.short(f"Crash: exit code {rc} without a junit report" + (f": {tail.strip()}" if tail.strip() else ""))


def run_many(python: list[str], src: Path, files: list[tuple[str, str]], work: Path, jobs: int, timeout: float,
             extra_env: dict, on_done) -> None:
    """Runs ``[(area, file)]`` ``jobs`` at a time; ``on_done(area, file, result)`` as each ends."""
    lock = threading.Lock()
    done = [0]

    def one(area_file):
        area, rel = area_file
        res = run_file(python, src, rel, work, timeout, extra_env)
        with lock:
            done[0] += 1
            counts = {}
            for o, _ in res["tests"].values():
                counts[o] = counts.get(o, 0) + 1
            log(f"[{done[0]}/{len(files)}] {res['status']:<7} {res['seconds']:>6.1f}s {rel}  "
                + " ".join(f"{k}={v}" for k, v in sorted(counts.items())))
            on_done(area, rel, res)

    with futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for f in pool.map(one, files):
            pass


# ---------------------------------------------------------------- recorded MindSpore results

def load_results(path: Path) -> dict:
    if path.exists():
        return json.loads(path.read_text())
    return {"about": "Outcomes of MindSpore's own test files under real MindSpore (CPU), recorded by "
                     "tools/conformance/run.py --record-mindspore: test ids, outcomes and first error lines "
                     "only.", "commits": {}}


def save_json(path: Path, data: dict) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    tmp.replace(path)


def record(args, src: Path, commit: str, areas: list[str], files: list[tuple[str, str]], work: Path) -> int:
    python = [os.path.expanduser(args.mindspore_python), "-m", "pytest"]
    version = subprocess.run([python[0], "-c", "import mindspore; print(mindspore.__version__)"],
                             capture_output=True, text=True, env={**os.environ, "GLOG_v": "3"}).stdout.strip()
    if not version:
        raise SystemExit(f"conformance: cannot import mindspore with {python[0]}")
    data = load_results(args.results)
    entry = data["commits"].setdefault(commit, {})
    entry.update({"mindspore": version, "timeout_s": args.timeout})
    for area in areas:
        entry.setdefault("areas", {}).setdefault(area, {"files": {}})
    lock = threading.Lock()

    def on_done(area, rel, res):
        with lock:
            a = entry["areas"][area]
            a["files"][rel] = res
            a["recorded"] = datetime.date.today().isoformat()
            save_json(args.results, data)

    start = time.monotonic()
    run_many(python, src, files, work / "mindspore", args.jobs, args.timeout, {}, on_done)
    if not args.only and not args.cpu_marked:  # files gone from an area since the last recording
        for area in areas:
            keep = {rel for a, rel in files if a == area}
            entry["areas"][area]["files"] = {k: v for k, v in entry["areas"][area]["files"].items() if k in keep}
    save_json(args.results, data)
    n = sum(len(r["tests"]) for a in areas for r in entry["areas"][a]["files"].values())
    print(f"recorded MindSpore {version}: {len(files)} files, {n} tests, {time.monotonic() - start:.0f} s "
          f"-> {args.results}")
    return 0


# ---------------------------------------------------------------- mindjax run and report

def compare_and_print(args, commit: str, areas: list[str], files: list[tuple[str, str]], mj: dict,
                      seconds: float) -> dict:
    recorded = load_results(args.results)["commits"].get(commit, {})
    ms_areas = recorded.get("areas", {})
    rows, failing, out_areas, unrecorded = [], [], {}, []
    for area in areas:
        ms_files = ms_areas.get(area, {}).get("files")
        area_files = [rel for a, rel in files if a == area]
        per = {}
        for rel in area_files:
            ms_tests = (ms_files or {}).get(rel, {}).get("tests")
            if ms_tests is None:
                unrecorded.append(rel)
            cmp = rp.compare_file(ms_tests, mj[rel]["tests"])
            per[rel] = {**mj[rel], "compare": cmp}
            if cmp["regressions"]:
                failing.append((rel, cmp["first_error"], len(cmp["regressions"])))
        row = rp.add_up([per[rel]["compare"] for rel in area_files])
        rows.append((area, row))
        out_areas[area] = {"summary": row, "mindspore_recorded": ms_files is not None, "files": per}
    total = rp.add_up([r for _, r in rows])
    lines = [f"MindSpore tests at {commit[:12]}; MindSpore {recorded.get('mindspore', '(not recorded)')} CPU "
             f"recorded, mindjax {'taken from earlier reports' if args.from_report else 'run now'} "
             f"({len(files)} files, {seconds:.0f} s)", ""]
    lines += rp.format_table(rows, not unrecorded or len(unrecorded) < len(files))
    if unrecorded:
        lines.append(f"({len(unrecorded)} files have no MindSpore results at this commit, e.g. {unrecorded[0]}: "
                     f"run with --record-mindspore; their tests count as not passing on MindSpore)")
    groups = rp.group_causes(failing)
    lines += ["", f"Files that fail under mindjax where MindSpore passes ({len(failing)} files), first error, "
              f"grouped by cause:"]
    for cause, members in groups:
        lines.append(f"\n[{len(members)} files, {sum(n for _, _, n in members)} tests] {cause}")
        for rel, line, n in sorted(members):
            shown = rp.short(line).replace("mindjax", "mindspore")
            detail = "" if shown == cause else f"  -- {shown}"  # what the blanks stood for
            lines.append(f"    {rel} ({n}){detail}")
    lines.append("")
    lines.append(f"conformance: mindjax passes {total['both']} of the {total['ms_passed']} tests that MindSpore "
                 f"passes ({rp.pct(total['both'], total['ms_passed'])}); "
                 f"{total['mj_passed']} of {total['tests']} tests pass under mindjax; {len(failing)} of "
                 f"{total['files']} files lose tests, {len(groups)} causes")
    print("\n".join(lines))
    return {"commit": commit, "mindspore": recorded.get("mindspore"), "seconds": round(seconds, 1),
            "total": total, "areas": out_areas, "unrecorded": unrecorded,
            "causes": [{"cause": c, "files": [{"file": f, "error": e, "tests": n} for f, e, n in m]}
                       for c, m in groups]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("areas", nargs="*", help=f"folders of MindSpore's repository (default: {' '.join(DEFAULT_AREAS)})")
    ap.add_argument("--git-dir", required=True, help="MindSpore's git directory (bare is fine)")
    ap.add_argument("--commit", default="HEAD", help="revision of MindSpore's tests (default HEAD)")
    ap.add_argument("--jobs", type=int, default=2, help="test files run at once (default 2)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per test file (default 300)")
    ap.add_argument("--record-mindspore", action="store_true", help="run under real MindSpore and record")
    ap.add_argument("--mindspore-python", default="~/msref/bin/python", help="python with MindSpore installed")
    ap.add_argument("--mindjax-python", default=sys.executable, help="python with mindjax installed")
    ap.add_argument("--results", type=Path, default=RESULTS, help="recorded MindSpore results (JSON)")
    ap.add_argument("--report", type=Path, default=None, help="machine-readable report (default in the cache)")
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"cache folder (default {DEFAULT_CACHE})")
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help="run only the files whose path contains TEXT (repeatable)")
    ap.add_argument("--from-report", type=Path, action="append", default=[], metavar="REPORT",
                    help="take mindjax's outcomes from earlier --report files (repeatable; later ones win) "
                         "instead of running the files")
    ap.add_argument("--cpu-marked", action="store_true",
                    help="only the files that mark a test for MindSpore's CPU platforms (cpu_linux, "
                         "platform_x86_cpu): tests/st/ops holds 1848 files, 739 of them CPU-marked")
    ap.add_argument("--resume", action="store_true",
                    help="with --record-mindspore: skip the files already recorded at this commit, so a "
                         "long recording (tests/st/ops: hours) continues where it stopped")
    args = ap.parse_args(argv)
    areas = [a.strip("/") for a in (args.areas or DEFAULT_AREAS)]
    commit = resolve_commit(args.git_dir, args.commit)
    src = extract(args.git_dir, commit, args.cache)
    files = [(a, f) for a in areas for f in list_files(src, a)
             if (not args.only or any(t in f for t in args.only)) and (not args.cpu_marked or cpu_marked(src / f))]
    work = args.cache / commit / "runs"
    if args.record_mindspore:
        if args.resume:
            done = load_results(args.results)["commits"].get(commit, {}).get("areas", {})
            files = [(a, f) for a, f in files if f not in done.get(a, {}).get("files", {})]
            args.only = args.only or ["(resumed)"]  # a partial recording: keep the other files' results
        return record(args, src, commit, areas, files, work)
    mj: dict = {}
    start = time.monotonic()
    if args.from_report:  # compare again (after a new recording, say) without running mindjax
        seconds = 0.0
        for path in args.from_report:  # a later report wins for the files it has
            old = json.loads(path.read_text())
            for area in old["areas"].values():
                for rel, res in area["files"].items():
                    mj[rel] = {k: res[k] for k in ("status", "seconds", "tests")}
            seconds += old.get("seconds", 0.0)
        files = [(a, rel) for a, rel in files if rel in mj]
    else:
        extra = {} if "JAX_PLATFORMS" in os.environ else {"JAX_PLATFORMS": "cpu"}
        run_many([args.mindjax_python, "-m", "mindjax", "-m", "pytest"], src, files, work / "mindjax", args.jobs,
                 args.timeout, extra, lambda area, rel, res: mj.__setitem__(rel, res))
        seconds = time.monotonic() - start
    out = compare_and_print(args, commit, areas, files, mj, seconds)
    report_path = args.report or (args.cache / commit / "report.json")
    report_path.parent.mkdir(parents=True, exist_ok=True)
    save_json(report_path, out)
    log(f"report: {report_path}; logs: {work / 'mindjax'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
