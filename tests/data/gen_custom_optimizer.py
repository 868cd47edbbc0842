"""Record tests/data/custom_optimizer_cases.py under real MindSpore 2.10 (CPU, PyNative).

Run: ``~/msref/bin/python tests/data/gen_custom_optimizer.py`` -> tests/data/ms_custom_optimizer.json
"""
import json
import os
import sys

import mindspore as ms

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from custom_optimizer_cases import CASES, build  # noqa: E402

_, run = build(ms)
out = {case: run(case) for case in CASES}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_custom_optimizer.json"), "w") as f:
    json.dump(out, f, indent=1)
