"""Record what Model.train feeds the network over 3 epochs of a shuffled, batched dataset under
dataset.config.set_seed (MindSpore 2.10 keeps one iterator for the run: a new order every epoch),
and the trained weights.

run: ~/msref/bin/python tests/data/gen_model_epochs.py  (writes tests/data/ms_model_epochs.json)
"""
import json
import os
import sys

import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model_epochs_case import run  # noqa: E402


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
    out = run(ms, ds, nn)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_model_epochs.json"), "w") as f:
        json.dump(out, f)
    print(out)
