"""``ops.Print`` writes what MindSpore 2.10 writes (tests/data/ms_print_op.json, recorded by
gen_print_op.py): each input on its own line, and inside ``jit`` the values of every call."""
import json
import os
import subprocess
import sys

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "ms_print_op.json")


def test_print_writes_what_mindspore_writes(tmp_path):
    with open(DATA) as f:
        rec = json.load(f)
    script = tmp_path / "case.py"
    script.write_text(rec["script"])
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    out = subprocess.run([sys.executable, "-m", "mindjax", str(script)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout == rec["stdout"]
