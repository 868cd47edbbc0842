"""Record MindSpore 2.10's answers to tests/data/dataset_basic_cases.py (errors of user code in the
pipeline, num_parallel_workers bounds, dict columns, printing of iterator tensors).

    ~/msref/bin/python tests/data/gen_dataset_basic.py   ->  tests/data/ms_dataset_basic.json
"""
import json
import os
import sys
import warnings
from multiprocessing import cpu_count
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("GLOG_v", "3")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mindspore as ms  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from dataset_basic_cases import CASES, run_case  # noqa: E402

out = {"cpu_count": cpu_count(), "cases": {}}
for name, fn in CASES.items():
    out["cases"][name] = run_case(fn, ds, ms)
    print(name, str(out["cases"][name])[:150])
Path(__file__).with_name("ms_dataset_basic.json").write_text(json.dumps(out, indent=1))
