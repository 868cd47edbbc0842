"""Record real MindSpore 2.10's answers to tests/data/validation_cases.py.

Run: ``~/msref/bin/python tests/data/gen_validation.py`` -> tests/data/ms_validation.json
"""
import json
import sys
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
here = Path(__file__).parent
sys.path.insert(0, str(here))
from validation_cases import CASES, SETUP, run_case  # noqa: E402

out = {}
for stmts, _ in CASES:
    ns: dict = {}
    exec(SETUP + "ms.set_context(pynative_synchronize=True)\n", ns)  # noqa: S102  (errors at their own case)
    out[stmts] = run_case(stmts, ns)
(here / "ms_validation.json").write_text(json.dumps(out, indent=1) + "\n")
print(f"{len(out)} cases", file=sys.stderr)
