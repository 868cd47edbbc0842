"""Dataset methods (split, bucket_batch_by_length, padded_batch, zip/concat, sizes, shapes...) against
MindSpore 2.10, recorded by tests/data/gen_dataset_ops.py from tests/data/dataset_ops_cases.py."""
import json
import sys
from pathlib import Path

import pytest

import mindjax.dataset as ds

DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(DATA))
from dataset_ops_cases import CASES, run_case  # noqa: E402

REF = json.loads((DATA / "ms_dataset_ops.json").read_text())


@pytest.fixture(autouse=True)
def _seed_back():
    seed = ds.config._state["seed"]
    yield
    ds.config._state["seed"] = seed


@pytest.mark.parametrize("name", sorted(REF))
def test_op_as_mindspore(name):
    want = REF[name]
    got = run_case(CASES[name], ds)
    if "error" in want:
        assert got.get("error") == want["error"], got
        assert got["message"] == want["message"]
    elif name.startswith("dscallback"):
        # MindSpore's step hooks run on its pipeline threads, so how step_begin and step_end of
        # different rows interleave depends on prefetching; the calls of each kind, in order, and
        # the epoch hooks around them do not
        g, w = got["value"], want["value"]
        for kind in ("begin", "eb", "sb", "se", "ee"):
            assert [x for x in g if x[0] == kind] == [x for x in w if x[0] == kind], kind
        assert g[:2] == w[:2] and g[-1] == w[-1]
    else:  # through JSON, so that NaN (random bytes read as floats) compares equal to itself
        assert json.dumps(got) == json.dumps(want)
