"""The image and detection ops (IOU, BoundingBoxEncode/Decode, CheckValid, NMSWithMask,
CropAndResize, RGBToHSV/HSVToRGB, AdjustHue/AdjustSaturation) against MindSpore 2.10
(tests/data/gen_nn_more.py): outputs and dtypes, error classes, input gradients, and eager against
``mindjax.jit``."""
from __future__ import annotations

import pytest

from _ms_cases import cases, ids, run_case, run_jit

CASES = cases("image")
JIT = [c for c in CASES if "error" not in c and "out" in c][::3]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_matches_mindspore(case):
    run_case(case)


@pytest.mark.parametrize("case", JIT, ids=ids(JIT))
def test_jit_matches_eager(case):
    run_jit(case)
