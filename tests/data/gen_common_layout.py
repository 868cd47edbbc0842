"""Record real MindSpore 2.10's results for tests/data/common_layout_cases.py.

Run: ``~/msref/bin/python tests/data/gen_common_layout.py`` -> tests/data/ms_common_layout.json
"""
import json
import sys
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
here = Path(__file__).parent
sys.path.insert(0, str(here))
from common_layout_cases import CASES, SETUP, run_case, graph_cases  # noqa: E402

ns: dict = {}
exec(SETUP, ns)  # noqa: S102
out = {expr: run_case(expr, ns) for expr in CASES}
import mindspore  # noqa: E402
out["graph_cases"] = graph_cases(mindspore)
(here / "ms_common_layout.json").write_text(json.dumps(out, indent=1) + "\n")
print(f"{len(out)} cases", file=sys.stderr)
