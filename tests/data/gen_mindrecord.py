"""Record MindSpore 2.10 on the MindRecord cases of tests/data/mindrecord_cases.py, and keep a small
MindRecord file set MindSpore wrote (tests/data/ms_mindrecord/) for mindjax to read.

    ~/msref/bin/python tests/data/gen_mindrecord.py   ->  tests/data/ms_mindrecord.json
"""
import json
import os
import shutil
import sys
import tempfile
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import mindspore.dataset as ds  # noqa: E402
import mindspore.mindrecord as mr  # noqa: E402
from mindrecord_cases import CASES, ds_rows, reader_rows, run_case, write  # noqa: E402

# a set MindSpore wrote: 2 files of 4 rows (an even split, so the same files each run)
fixed = HERE / "ms_mindrecord"
shutil.rmtree(fixed, ignore_errors=True)
fixed.mkdir()
write(mr, str(fixed / "ms.mindrecord"), 8, shard_num=2, index=["id", "lab", "name"])
for f in fixed.iterdir():
    os.chmod(f, 0o644)

out = {"fixture_reader": reader_rows(mr, str(fixed / "ms.mindrecord0")),
       "fixture_dataset": ds_rows(ds.MindDataset(str(fixed / "ms.mindrecord1"), shuffle=False))}
with tempfile.TemporaryDirectory() as root:
    for name, fn in CASES.items():
        out[name] = run_case(fn, mr, ds, root)
        print(name, str(out[name])[:160])
Path(HERE / "ms_mindrecord.json").write_text(json.dumps(out, indent=0, ensure_ascii=False))

