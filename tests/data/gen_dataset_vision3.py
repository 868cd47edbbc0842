"""Record MindSpore 2.10 on tests/data/dataset_vision3_cases.py.

    ~/msref/bin/python tests/data/gen_dataset_vision3.py  ->  tests/data/ms_dataset_vision3.json
"""
import json
import sys
import tempfile
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mindspore.dataset.transforms as T  # noqa: E402
import mindspore.dataset.vision as V  # noqa: E402
from dataset_vision3_cases import CASES, run_case  # noqa: E402

out = {}
with tempfile.TemporaryDirectory() as tmp:
    for name, fn in CASES.items():
        out[name] = run_case(fn, V, T, tmp)
        print(name, str(out[name])[:200], flush=True)
Path(__file__).with_name("ms_dataset_vision3.json").write_text(json.dumps(out))
