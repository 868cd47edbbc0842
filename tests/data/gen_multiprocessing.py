"""Record what children started by MindSpore 2.10's mindspore.multiprocessing ('fork') compute.

    ~/msref/bin/python tests/data/gen_multiprocessing.py  ->  tests/data/ms_multiprocessing.json
"""
import json
import subprocess
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
res = subprocess.run([sys.executable, str(here / "multiprocessing_case.py")], capture_output=True, text=True,
                     timeout=600, cwd=str(here))
line = [ln for ln in res.stdout.splitlines() if ln.startswith("{")][-1]
out = json.loads(line)
here.joinpath("ms_multiprocessing.json").write_text(json.dumps(out, indent=0))
print(out)
