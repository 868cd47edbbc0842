"""Invert, Posterize, Solarize, PadToSize, SlicePatches, PIL conversion, image file helpers and
transforms.not_random against MindSpore 2.10 (tests/data/gen_dataset_vision_more.py)."""
import json
import sys
from pathlib import Path

import pytest

import mindjax.dataset.transforms as T
import mindjax.dataset.vision as V

DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(DATA))
from dataset_vision_more_cases import CASES, run_case  # noqa: E402

REF = json.loads((DATA / "ms_dataset_vision_more.json").read_text())


@pytest.mark.parametrize("name", sorted(REF))
def test_vision_more_as_mindspore(name, tmp_path):
    want = REF[name]
    got = run_case(CASES[name], V, T, str(tmp_path))
    if "error" in want:
        assert got.get("error") == want["error"], got
        assert got["message"] == want["message"]
    else:
        assert got == want
