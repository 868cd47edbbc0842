"""Model.train keeps one dataset iterator for the whole run, as MindSpore 2.10: with a seed, each
epoch gets the next shuffle order (recorded by tests/data/gen_model_epochs.py) and the weights
trained on them match."""
import json
import os
import sys

import numpy as np

import mindjax as ms
import mindjax.dataset as ds
from mindjax import nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "data"))
from model_epochs_case import run  # noqa: E402


def test_epochs_follow_mindspores_orders():
    want = json.load(open(os.path.join(HERE, "..", "data", "ms_model_epochs.json")))
    got = run(ms, ds, nn)
    assert got["seen"] == want["seen"]
    np.testing.assert_allclose(got["weight"], want["weight"], rtol=1e-6)
    np.testing.assert_allclose(got["bias"], want["bias"], rtol=1e-6)
