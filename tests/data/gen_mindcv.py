"""Record tests/data/mindcv_cases.py under real MindSpore 2.10 (CPU, PyNative).

Run: ``~/msref/bin/python tests/data/gen_mindcv.py`` -> tests/data/ms_mindcv.json
"""
import json
import os
import sys

import mindspore as ms

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from mindcv_cases import CASES, PENDING  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
out = {name: fn(ms) for name, fn in {**CASES, **PENDING}.items()}
with open(os.path.join(HERE, "ms_mindcv.json"), "w") as f:
    json.dump(out, f, indent=1)
