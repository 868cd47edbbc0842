"""MindRecord as MindSpore 2.10 writes and reads it: the cases of tests/data/mindrecord_cases.py (each
writes its files with mindjax's FileWriter and reads them back) against what MindSpore gave for the
same cases (tests/data/gen_mindrecord.py), and a file set MindSpore wrote (tests/data/ms_mindrecord/)."""
import json
import logging
import sys
from pathlib import Path

import pytest

pytest.importorskip("msgpack", reason="MindRecord's raw pages are msgpack: the msgpack package is needed")
import mindjax.dataset as ds
import mindjax.mindrecord as mr

DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(DATA))
from mindrecord_cases import CASES, ds_rows, reader_rows, run_case  # noqa: E402

REF = json.loads((DATA / "ms_mindrecord.json").read_text())
CPP = "\n\n" + "-" * 66 + "\n- C++ Call Stack"
FIXTURE = DATA / "ms_mindrecord"


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return str(tmp_path_factory.mktemp("mindrecord"))


@pytest.fixture(autouse=True)
def _quiet():
    logging.getLogger("mindjax.mindrecord").setLevel(logging.ERROR)


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_as_mindspore(name, root):
    want = REF[name]
    got = run_case(CASES[name], mr, ds, root)
    if "error" in want:
        assert got.get("error") == want["error"], got
        assert got["message"].split(CPP)[0].rstrip("\n") == want["message"].split(CPP)[0].rstrip("\n")
    else:
        assert got == want


def test_reads_files_mindspore_wrote():
    assert reader_rows(mr, str(FIXTURE / "ms.mindrecord0")) == REF["fixture_reader"]
    assert ds_rows(ds.MindDataset(str(FIXTURE / "ms.mindrecord1"), shuffle=False)) == REF["fixture_dataset"]


def test_writes_mindspore_bytes(tmp_path):
    """The data file mindjax writes is byte for byte the one MindSpore writes for the same rows (the
    fixture set: 8 rows over 2 files, header and pages of MindSpore's minimum sizes)."""
    from mindrecord_cases import rows, SCHEMA
    w = mr.FileWriter(str(tmp_path / "ms.mindrecord"), shard_num=2)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema(SCHEMA, "cases")
    w.add_index(["id", "lab", "name"])
    w.write_raw_data(rows(8))
    w.commit()
    for k in "01":
        assert (tmp_path / f"ms.mindrecord{k}").read_bytes() == (FIXTURE / f"ms.mindrecord{k}").read_bytes()
