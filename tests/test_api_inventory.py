"""Coverage only grows: every MindSpore 2.10 name listed in docs/api-implemented.txt is present
in mindjax as a MindSpore program sees it (../shared/api/inventory.py under the runner)."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import api_coverage  # noqa: E402

pytestmark = pytest.mark.skipif(not (api_coverage.API / "ms2.10.txt").exists(),
                                reason="../shared/api is not beside the checkout")


@pytest.fixture(scope="module")
def inventory():
    return api_coverage.mindjax_inventory()


def _listed():
    pairs = []
    for line in api_coverage.IMPLEMENTED.read_text().splitlines():
        if line and not line.startswith("#"):
            mod, name = line.split()
            pairs.append((mod, name))
    return pairs


def test_no_implemented_name_is_lost(inventory):
    listed = _listed()
    assert len(listed) > 1000
    lost = [f"{m}.{n}" for m, n in listed if n not in inventory.get(m, set())]
    assert not lost, f"names listed as implemented in docs/api-implemented.txt are missing: {lost}"


def test_listed_names_are_mindspores():
    ref = api_coverage.load((api_coverage.API / "ms2.10.txt").read_text())
    unknown = [f"{m}.{n}" for m, n in _listed() if n not in ref.get(m, set())]
    assert not unknown


def test_absent_names_are_absent(inventory):
    """A name docs/api-coverage.md lists as absent (with its reason) must not exist: absent beats fake."""
    text = api_coverage.COVERAGE.read_text()
    absent = []
    for line in text.split("## Absent")[1].splitlines():
        if line.startswith("| `"):
            qual = line.split("`")[1]
            mod, _, name = qual.rpartition(".")
            absent.append((mod, name))
    assert absent
    present = [f"{m}.{n}" for m, n in absent if n in inventory.get(m, set())]
    assert not present, f"listed as absent but present: {present}"



def test_top_level_namespace_has_nine_tenths_of_mindspores(inventory):
    ref = api_coverage.load((api_coverage.API / "ms2.10.txt").read_text())["mindspore"]
    have = ref & inventory.get("mindspore", set())
    assert len(have) / len(ref) >= 0.90, sorted(ref - have)
