"""Record MindSpore 2.10's answers to tests/data/dataset_ops_cases.py (Dataset methods).

    ~/msref/bin/python tests/data/gen_dataset_ops.py   ->  tests/data/ms_dataset_ops.json
"""
import json
import sys
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mindspore.dataset as ds  # noqa: E402
from dataset_ops_cases import CASES, run_case  # noqa: E402

out = {}
for name, fn in CASES.items():
    out[name] = run_case(fn, ds)
    print(name, str(out[name])[:300], flush=True)
Path(__file__).with_name("ms_dataset_ops.json").write_text(json.dumps(out))
