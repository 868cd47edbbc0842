"""MindRecord files crossing between mindjax and real MindSpore 2.10, live: runs where MindSpore's
reference install (~/msref/bin/python) exists, skipped elsewhere.

mindjax writes sets (one file, three shards, no blob field, only blob fields, many pages) that
MindSpore's FileReader and MindDataset read; MindSpore writes the same sets and mindjax reads them;
in both directions the rows must equal what the writer put in."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("msgpack", reason="MindRecord's raw pages are msgpack: the msgpack package is needed")
import mindjax.dataset as ds
import mindjax.mindrecord as mr

DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(DATA))
from mindrecord_cases import SCHEMA, ds_rows, reader_rows, write  # noqa: E402

MSREF = Path.home() / "msref" / "bin" / "python"
pytestmark = pytest.mark.skipif(not MSREF.exists(), reason="real MindSpore (~/msref/bin/python) is not installed")

# name -> (rows, shard_num, schema fields or None for all, first file suffix)
SETS = {"one": (7, 1, None, ""), "three": (12, 3, None, "0"), "noblob": (5, 1, ["id", "d", "name"], ""),
        "onlyblob": (4, 1, ["arr", "img"], ""), "big": (40, 2, None, "0")}

SCRIPT = r"""
import json, os, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
import mindspore.dataset as ds
import mindspore.mindrecord as mr
from mindrecord_cases import SCHEMA, ds_rows, reader_rows, write
mode, root, sets = sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
out = {}
for name, (n, shards, fields, first) in sets.items():
    path = os.path.join(root, name + ".mindrecord")
    if mode == "write":
        write(mr, path, n, shard_num=shards, schema=None if fields is None else {k: SCHEMA[k] for k in fields},
              small=name != "big")
    out[name] = {"reader": reader_rows(mr, path + first),
                 "dataset": ds_rows(ds.MindDataset(path + first, shuffle=False))}
print(json.dumps(out))
"""


def _mindspore(mode, root):
    env = dict(os.environ, GLOG_v="3", PYTHONWARNINGS="ignore")
    res = subprocess.run([str(MSREF), "-c", SCRIPT, str(DATA), mode, str(root), json.dumps(SETS)],
                         capture_output=True, text=True, timeout=300, env=env)
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


def _mindjax_reads(root):
    out = {}
    for name, (_, _, _, first) in SETS.items():
        path = os.path.join(root, name + ".mindrecord" + first)
        out[name] = {"reader": reader_rows(mr, path), "dataset": ds_rows(ds.MindDataset(path, shuffle=False))}
    return out


def _mindjax_writes(root):
    for name, (n, shards, fields, _) in SETS.items():
        write(mr, os.path.join(root, name + ".mindrecord"), n, shard_num=shards,
              schema=None if fields is None else {k: SCHEMA[k] for k in fields}, small=name != "big")


def _rows_in_file_order(got):
    """Rows sorted by id where there is one: MindSpore gives a shard the remainder rows at random."""
    rows = got["rows"]
    if rows and isinstance(rows[0], dict) and "id" in rows[0]:
        return sorted(rows, key=lambda r: r["id"][-1])
    return rows


def test_mindspore_reads_what_mindjax_wrote(tmp_path):
    _mindjax_writes(tmp_path)
    theirs = _mindspore("read", tmp_path)
    ours = _mindjax_reads(tmp_path)
    assert theirs == ours


def test_mindjax_reads_what_mindspore_wrote(tmp_path):
    theirs = _mindspore("write", tmp_path)
    ours = _mindjax_reads(tmp_path)
    assert theirs == ours
    # and the rows are the ones written, whichever side wrote them
    other = tmp_path / "mj"
    other.mkdir()
    _mindjax_writes(other)
    mine = _mindjax_reads(other)
    for name in SETS:
        for part in ("reader", "dataset"):
            assert _rows_in_file_order(ours[name][part]) == _rows_in_file_order(mine[name][part]), (name, part)
