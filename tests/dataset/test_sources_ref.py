"""Sources read as MindSpore 2.10 reads them: the small folders of tests/data/dataset_source_cases.py,
recorded from real MindSpore by tests/data/gen_dataset_sources.py."""
import json
import sys
from pathlib import Path

import pytest

import mindjax.dataset as ds

DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(DATA))
import re

from dataset_source_cases import CASES, make_more, make_tree, make_voc, make_coco, make_celeba, run_case  # noqa: E402

REF = json.loads((DATA / "ms_dataset_sources.json").read_text())
CPP = "\n\n" + "-" * 66 + "\n- C++ Call Stack"


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    r = tmp_path_factory.mktemp("sources")
    make_tree(str(r))
    make_more(str(r))
    make_voc(str(r))
    make_coco(str(r))
    make_celeba(str(r))
    return str(r)


def _norm(msg):
    """The message up to MindSpore's C++ call stack; the data-file note of a failed map is left out
    (mindjax rows do not carry their file path)."""
    msg = msg.split(CPP)[0].rstrip("\n")
    return re.sub(r" The corresponding data file is: .*?\. ", " ", msg)


@pytest.mark.parametrize("name", sorted(REF))
def test_source_as_mindspore(name, root):
    want = REF[name]
    got = run_case(CASES[name], ds, root)
    if "error" in want:
        assert got.get("error") == want["error"], got
        assert _norm(got["message"]) == _norm(want["message"])
    else:
        assert got == want
