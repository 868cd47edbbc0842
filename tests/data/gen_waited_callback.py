"""Record the order of MindSpore 2.10's WaitedDSCallback hooks against training callbacks.

    ~/msref/bin/python tests/data/gen_waited_callback.py  ->  tests/data/ms_waited_callback.json
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mindspore as ms  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from waited_callback_case import run  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
out = {f"step{k}": run(ms, ds, k) for k in (1, 2)}
Path(__file__).with_name("ms_waited_callback.json").write_text(json.dumps(out, indent=0))
print(out)
