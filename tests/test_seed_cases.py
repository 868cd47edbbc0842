"""Every seed case (../shared/seed_cases) runs through `python -m mindjax` and prints
what the seed shows (the runner compares the output; see its docstring).

Some cases print randomly initialised weights and compare only their layout; numpy's
layout changes with the values (a tiny value switches it to scientific notation), so the
suite pins the global seed with MINDJAX_SEED for repeatable runs.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).resolve().parents[2] / "shared" / "seed_cases"
NAMES = sorted(p.stem for p in CASES.glob("*.py") if p.name != "run.py") if CASES.is_dir() else []


@pytest.mark.skipif(not NAMES, reason="../shared/seed_cases is not beside the checkout")
@pytest.mark.parametrize("name", NAMES)
def test_seed_case(name):
    proc = subprocess.run([sys.executable, str(CASES / "run.py"), "--python", f"{sys.executable} -m mindjax",
                           "--verbose", name], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "MINDJAX_SEED": "0"})
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "1 passed, 0 failed" in proc.stdout
