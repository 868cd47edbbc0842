"""Record MindSpore 2.10 on tests/data/dataset_text_cases.py.

    ~/msref/bin/python tests/data/gen_dataset_text.py  ->  tests/data/ms_dataset_text.json
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
import mindspore.dataset.text as text  # noqa: E402
from dataset_text_cases import CASES, run_case  # noqa: E402

out = {}
with tempfile.TemporaryDirectory() as tmp:
    for name, fn in CASES.items():
        out[name] = run_case(fn, text, ms, ds, tmp)
        print(name, str(out[name])[:200], flush=True)
Path(__file__).with_name("ms_dataset_text.json").write_text(json.dumps(out, ensure_ascii=False))
