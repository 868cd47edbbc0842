"""Record MindSpore 2.10's rewrite behaviour: run with ~/msref/bin/python tests/data/gen_rewrite.py.

The scenarios live in tests/rewrite/rewrite_cases.py (shared with the tests); this writes
tests/data/ms_rewrite.json."""
import json
import os
import sys

os.environ["REWRITE_FW"] = "mindspore"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "rewrite"))

import mindspore  # noqa: E402
from mindspore import rewrite  # noqa: E402
import rewrite_cases  # noqa: E402

if __name__ == "__main__":
    mindspore.set_context(mode=mindspore.PYNATIVE_MODE)
    out = rewrite_cases.run_all(mindspore, rewrite)
    with open(os.path.join(HERE, "ms_rewrite.json"), "w") as f:
        json.dump(out, f, indent=1)
    print("wrote", len(out), "cases")
