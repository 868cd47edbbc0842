"""Record MindSpore 2.10 reading the small folders of tests/data/dataset_sources2_cases.py.

    ~/msref/bin/python tests/data/gen_dataset_sources2.py   ->  tests/data/ms_dataset_sources2.json

Each case runs in a forked child: MindSpore 2.10 dies of SIGFPE on some empty folders, which is
recorded as such.
"""
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mindspore.dataset as ds  # noqa: E402
from dataset_sources2_cases import (  # noqa: E402
    CASES, make_audio, make_text, make_vision, make_vision2, make_json_text, make_more_layouts, make_sbd, run_case)


def in_child(fn, root):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        ds.config.set_num_parallel_workers(2)
        data = json.dumps(run_case(fn, ds, root), ensure_ascii=False).encode()
        with os.fdopen(w, "wb") as f:
            f.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        return {"crash": f"MindSpore's process died (status {status})"}
    return json.loads(data)


out = {}
with tempfile.TemporaryDirectory() as root:
    make_text(root)
    make_vision(root)
    make_audio(root)
    make_vision2(root)
    make_json_text(root)
    make_more_layouts(root)
    make_sbd(root)
    only = sys.argv[1:]  # names to record again (the rest kept from the json)
    if only:
        out = json.loads(Path(__file__).with_name("ms_dataset_sources2.json").read_text())
    for name, fn in CASES.items():
        if only and not any(name.startswith(o) for o in only):
            continue
        out[name] = in_child(fn, root)
        print(name, str(out[name])[:300], flush=True)
Path(__file__).with_name("ms_dataset_sources2.json").write_text(json.dumps(out, indent=0, ensure_ascii=False))
