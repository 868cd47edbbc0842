"""Record MindSpore 2.10's shuffle and sampler orders (tests/data/dataset_order_cases.py).

    ~/msref/bin/python tests/data/gen_dataset_orders.py   ->  tests/data/ms_dataset_orders.json
"""
import json
import sys
import tempfile
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mindspore as ms  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from dataset_order_cases import CASES, make_tree, run_case  # noqa: E402

only = sys.argv[1:]
out = {}
with tempfile.TemporaryDirectory() as root:
    make_tree(root)
    for name, fn in CASES.items():
        if only and not any(o in name for o in only):
            continue
        out[name] = run_case(fn, ds, ms, root)
        print(name, str(out[name])[:160], flush=True)
if not only:
    Path(__file__).with_name("ms_dataset_orders.json").write_text(json.dumps(out))
