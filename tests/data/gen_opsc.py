"""Record MindSpore 2.10's results for tests/data/opsc_cases.py into tests/data/ms_opsc.json.

run: ~/msref/bin/python tests/data/gen_opsc.py
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import opsc_cases as C  # noqa: E402
from mindspore.common.api import _pynative_executor  # noqa: E402

out = {}
for name, case in C.CASES.items():  # in order: MindSpore 2.10 caches a wrong constant-pad kernel (see the pad cases)
    try:
        res = case()
        _pynative_executor.sync()  # an asynchronous op's error belongs to this case, not the next
        out[name] = C.flat(res)
    except Exception as e:  # noqa: BLE001 - MindSpore's refusal is recorded as its error class
        out[name] = {"error": type(e).__name__}
with open(os.path.join(HERE, "ms_opsc.json"), "w") as f:
    json.dump(out, f, indent=0, sort_keys=True)
print(len(out), "cases")
