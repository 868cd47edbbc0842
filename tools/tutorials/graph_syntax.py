#!/usr/bin/env python3
"""Run MindSpore's static-graph syntax tutorials block by block under real MindSpore and mindjax.

usage: python tools/tutorials/graph_syntax.py [--docs GIT_DIR] [--work DIR] [--only-block PAGE:N]
                                              [PAGE ...]

Issue #13 asks that MindSpore's tutorials on graph-mode syntax (statements, builtin functions,
Python objects) run through ``python -m mindjax`` and print what MindSpore prints. Unlike the
beginner tutorials (run.py beside this file, one script per page), every python block of these
pages is a program of its own, and many end in an exception on purpose (``raise`` inside jit, a
construct graph mode refuses). So each block is written to its own script and run twice, under
real MindSpore 2.10 (--ms-python) and under ``python -m mindjax``, in fresh folders. A block is
the same when

* its standard output is the same (run.py's comparison: text with numbers masked equal, numbers
  to 4 significant digits, integers exactly), and
* it ends the same way: both exit 0, or both raise the same exception class with the same first
  line of message (whitespace normalised; module prefixes of the class dropped).

Pages (tutorials/source_en/compile/ of mindspore-ai/docs): statements, python_builtin_functions,
static_graph, static_graph_expert_programming. A table per page and the differences are printed;
the exit status is 1 if any block differs. Nothing of the docs is written inside the project.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import NUM, ROOT, compare, git, notebook_only, python_blocks, run_one  # noqa: E402

PAGES = ["statements", "python_builtin_functions", "static_graph", "static_graph_expert_programming"]
DOC_DIR = "tutorials/source_en/compile"
# the line that ends a Python traceback: ``Class: message`` or a bare ``Class``
EXC = re.compile(r"^([A-Za-z_][\w.]*)(?::\s?(.*))?$")


def final_exception(stderr: str) -> tuple[str, str] | None:
    """(class without module prefix, first message line) of the last traceback in stderr, or None."""
    lines = stderr.splitlines()
    starts = [i for i, s in enumerate(lines) if s.startswith("Traceback (most recent call last):")]
    if not starts:  # Python reports a syntax error of the main script without a traceback
        last = [m for m in map(EXC.match, lines) if m and m.group(1).endswith(("Error", "Exception"))]
        return (last[-1].group(1).rsplit(".", 1)[-1], " ".join((last[-1].group(2) or "").split())) if last else None
    for s in lines[starts[-1] + 1:]:
        if not s or s[0].isspace():
            continue  # the traceback's frames and source lines are indented
        m = EXC.match(s)
        if m:
            return m.group(1).rsplit(".", 1)[-1], " ".join((m.group(2) or "").split())
        return s.strip(), ""
    return None


# a line that reports a wall time ("... cost time: 7.73"): its number is the machine's, not a result
TIMING = re.compile(r"(cost|elapsed|spent)?\s*time\b.*?:", re.I)


def _untimed(out: str) -> str:
    return "\n".join(NUM.sub("<time>", s) if TIMING.search(s) else s for s in out.splitlines())


def same_block(ms: dict, mj: dict) -> tuple[bool, str]:
    cmp = compare(_untimed(ms["out"]), _untimed(mj["out"]))
    if cmp["problems"]:
        n, a, b = cmp["problems"][0]
        return False, f"stdout line {n}: MindSpore {a!r} / mindjax {b!r}"
    if ms["rc"] == "timeout" or mj["rc"] == "timeout":
        return False, f"timeout (MindSpore rc={ms['rc']}, mindjax rc={mj['rc']})"
    ea, eb = (final_exception(r["err"]) if r["rc"] != 0 else None for r in (ms, mj))
    if ea != eb:
        return False, f"ends: MindSpore {ea or 'exit 0'} / mindjax {eb or 'exit 0'}"
    return True, (f"raises {ea[0]}" if ea else "exit 0") + f", {cmp['lines']} lines, {cmp['floats']} floats"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pages", nargs="*", default=PAGES)
    ap.add_argument("--docs", default="/work/.mirror/mindspore-ai+docs/repo", help="mindspore-ai/docs git dir")
    ap.add_argument("--work", default=os.path.expanduser("~/.cache/mindjax-tutorials/graph_syntax"))
    ap.add_argument("--ms-python", default=os.path.expanduser("~/msref/bin/python"))
    ap.add_argument("--mj-python", default=str(ROOT / ".venv" / "bin" / "python"))
    ap.add_argument("--timeout", type=int, default=300, help="seconds per run")
    ap.add_argument("--only-block", default=None, help="PAGE:N, one block (1-based)")
    ap.add_argument("--reuse-ms", action="store_true", help="reuse MindSpore's last output of each block")
    ap.add_argument("--json", default=None, help="write every block's result here")
    args = ap.parse_args(argv)

    work = Path(args.work)
    if ROOT in work.resolve().parents or work.resolve() == ROOT:
        raise SystemExit("the work folder must be outside the project (nothing of the docs is committed)")
    work.mkdir(parents=True, exist_ok=True)
    shims = Path(__file__).with_name("shims")
    pick = args.only_block.split(":") if args.only_block else None
    pages = [pick[0]] if pick else args.pages
    results, failed = [], False
    for page in pages:
        blocks = python_blocks(git(args.docs, "show", f"HEAD:{DOC_DIR}/{page}.md"))
        for i, block in enumerate(blocks, 1):
            if pick and i != int(pick[1]):
                continue
            bdir = work / page / f"block{i:02d}"
            bdir.mkdir(parents=True, exist_ok=True)
            script = bdir / "block.py"
            script.write_text("\n".join(s for s in block.splitlines() if not notebook_only(s)) + "\n")
            runs = {}
            for side, cmd in (("ms", [args.ms_python]), ("mj", [args.mj_python, "-m", "mindjax"])):
                saved = bdir / side / "result.json"
                if side == "ms" and args.reuse_ms and saved.exists():
                    runs[side] = json.loads(saved.read_text())
                    continue
                runs[side] = run_one(cmd, script, bdir / side, shims, work, args.timeout)
                saved.write_text(json.dumps(runs[side]))
            ok, why = same_block(runs["ms"], runs["mj"])
            failed |= not ok
            results.append({"page": page, "block": i, "same": ok, "detail": why,
                            "script": str(script)})
            print(f"[{page} {i:2d}] {'same' if ok else 'DIFFERS'}: {why}", flush=True)
    print("\n| page | blocks | the same |")
    print("|---|---|---|")
    for page in pages:
        rs = [r for r in results if r["page"] == page]
        print(f"| {page} | {len(rs)} | {sum(r['same'] for r in rs)} |")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
