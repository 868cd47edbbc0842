#!/usr/bin/env python3
"""Measure mindjax's coverage of MindSpore 2.10's public API and record what is implemented.

usage: .venv/bin/python tools/api_coverage.py [--write]

Runs ../shared/api/inventory.py under ``python -m mindjax`` (so it sees what a MindSpore
program sees), compares with ../shared/api/ms2.10.txt and prints present/total per module.
With --write it rewrites docs/api-implemented.txt (every implemented `module name` pair) and
the table between the markers in docs/api-coverage.md. tests/test_api_inventory.py fails when
a name listed in docs/api-implemented.txt disappears, so coverage can only grow.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
API = ROOT.parent / "shared" / "api"
IMPLEMENTED = ROOT / "docs" / "api-implemented.txt"
COVERAGE = ROOT / "docs" / "api-coverage.md"
BEGIN, END = "<!-- coverage table: tools/api_coverage.py --write -->", "<!-- end of coverage table -->"


def load(text: str) -> dict:
    """{module: set(names)} of the present names of an inventory listing."""
    out: dict = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 3 and not parts[2].startswith("missing"):
            out.setdefault(parts[0], set()).add(parts[1])
    return out


def mindjax_inventory(python: str = sys.executable) -> dict:
    with tempfile.TemporaryDirectory() as tmp:  # run outside the checkout: no stray imports
        res = subprocess.run([python, "-m", "mindjax", str(API / "inventory.py")], capture_output=True, text=True,
                             cwd=tmp, timeout=600)
    if res.returncode != 0:
        raise RuntimeError(f"inventory.py failed under mindjax:\n{res.stderr[-2000:]}")
    return load(res.stdout)


def table(ref: dict, have: dict) -> list:
    rows = []
    for mod in sorted(ref):
        got = len(ref[mod] & have.get(mod, set()))
        rows.append((mod, got, len(ref[mod])))
    return rows


def main(argv: list) -> int:
    ref = load((API / "ms2.10.txt").read_text())
    have = mindjax_inventory()
    rows = table(ref, have)
    total = sum(r[1] for r in rows), sum(r[2] for r in rows)
    for mod, got, n in rows:
        print(f"{got:5d}/{n:<5d} {100 * got / n:5.1f}%  {mod}")
    print(f"{total[0]}/{total[1]} MindSpore 2.10 names present")
    if "--write" in argv:
        pairs = sorted(f"{m} {n}" for m in ref for n in ref[m] & have.get(m, set()))
        IMPLEMENTED.write_text("# module name: every MindSpore 2.10 public name mindjax has (tools/api_coverage.py "
                               "--write)\n" + "\n".join(pairs) + "\n")
        md = ["| module | mindjax has | of MindSpore 2.10's | share |", "|---|---:|---:|---:|"]
        md += [f"| `{m}` | {g} | {n} | {100 * g / n:.0f}% |" for m, g, n in rows]
        md.append(f"| **all** | **{total[0]}** | **{total[1]}** | **{100 * total[0] / total[1]:.0f}%** |")
        text = COVERAGE.read_text()
        head, rest = text.split(BEGIN)
        _, tail = rest.split(END)
        COVERAGE.write_text(head + BEGIN + "\n" + "\n".join(md) + "\n" + END + tail)
        print(f"wrote {IMPLEMENTED.relative_to(ROOT)} ({len(pairs)} names) and the table in "
              f"{COVERAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
