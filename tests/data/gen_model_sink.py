"""Record MindSpore 2.10's Model.train/fit with dataset_sink_mode=True (its CPU backend runs them
as non-sink mode: one step per batch) for tests/train/test_model_sink.py.

run: ~/msref/bin/python tests/data/gen_model_sink.py  (writes tests/data/ms_model_sink.json)
"""
import json
import os
import sys

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model_sink_case import run  # noqa: E402


if __name__ == "__main__":
    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")
    out = {"train": run(ms, ds, nn), "train_rest": run(ms, ds, nn, rows=10), "fit": run(ms, ds, nn, metrics=True)}
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_model_sink.json"), "w") as f:
        json.dump(out, f)
    print(json.dumps(out)[:2000])
