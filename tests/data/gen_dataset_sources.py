"""Record MindSpore 2.10 reading the small files of tests/data/dataset_source_cases.py.

    ~/msref/bin/python tests/data/gen_dataset_sources.py   ->  tests/data/ms_dataset_sources.json
"""
import json
import sys
import tempfile
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mindspore.dataset as ds  # noqa: E402
from dataset_source_cases import CASES, make_more, make_tree, make_voc, make_coco, make_celeba, run_case  # noqa: E402

out = {}
with tempfile.TemporaryDirectory() as root:
    make_tree(root)
    make_more(root)
    make_voc(root)
    make_coco(root)
    make_celeba(root)
    for name, fn in CASES.items():
        out[name] = run_case(fn, ds, root)
        print(name, str(out[name])[:200])
Path(__file__).with_name("ms_dataset_sources.json").write_text(json.dumps(out, indent=1))
