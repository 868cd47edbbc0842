"""Printed results of composite gradients and mixed-dtype arithmetic equal what real
MindSpore 2.10 prints (strings recorded by tests/data/gen_ms_exprs.py under MindSpore)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
EXPECTED = json.loads((DATA / "ms_exprs.json").read_text())


@pytest.fixture(scope="module")
def got(tmp_path_factory):
    out = tmp_path_factory.mktemp("exprs") / "mindjax.json"
    proc = subprocess.run([sys.executable, "-m", "mindjax", str(DATA / "gen_ms_exprs.py"), str(out)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return dict(json.loads(out.read_text()))


@pytest.mark.parametrize("name,expected", EXPECTED, ids=[e[0] for e in EXPECTED])
def test_same_string_as_mindspore(got, name, expected):
    assert got[name] == expected
