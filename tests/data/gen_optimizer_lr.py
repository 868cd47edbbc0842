"""Record MindSpore 2.10's learning-rate forms of nn.Optimizer (tests/data/optimizer_lr_cases.py).

run: ~/msref/bin/python tests/data/gen_optimizer_lr.py  (writes tests/data/ms_optimizer_lr.json)
"""
import json
import os
import sys

import mindspore as ms
from mindspore import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from optimizer_lr_cases import CASES, run  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
rec = {case: run(case, ms, nn) for case in CASES}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_optimizer_lr.json"), "w") as f:
    json.dump(rec, f, indent=1)
print({k: (v["kind"], v.get("items"), v["get_lr"]) for k, v in rec.items()})
