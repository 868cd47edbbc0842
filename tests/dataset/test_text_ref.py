"""dataset.text against MindSpore 2.10 (tests/data/gen_dataset_text.py): tokenizers with their byte
offsets, normalization and case folding, Vocab and Lookup, n-grams, truncation, word vectors, errors."""
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("regex")  # ICU-style patterns of the text kernels

import mindjax as ms  # noqa: E402
import mindjax.dataset as ds  # noqa: E402
import mindjax.dataset.text as text  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(DATA))
from dataset_text_cases import CASES, run_case  # noqa: E402

REF = json.loads((DATA / "ms_dataset_text.json").read_text())


def _norm(x):
    """JSON round trip: tuples become lists as in the recorded values."""
    return json.loads(json.dumps(x, ensure_ascii=False))


@pytest.mark.parametrize("name", sorted(REF))
def test_text_as_mindspore(name, tmp_path):
    if name.startswith("sentencepiece"):
        pytest.importorskip("sentencepiece")
    want = REF[name]
    got = run_case(CASES[name], text, ms, ds, str(tmp_path))
    if "error" in want:
        assert got.get("error") == want["error"], got
        assert got["message"] == want["message"]
        assert got["detail"] == want["detail"]
    else:
        assert "value" in got, got
        assert _norm(got["value"]) == want["value"]
