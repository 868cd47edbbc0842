"""mindspore.multiprocessing: 'fork' children that run ops, before and after the parent ran XLA, through
Process + Queue and Pool, compared with what MindSpore 2.10's children compute
(tests/data/gen_multiprocessing.py)."""
import json
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def test_fork_children_compute_as_mindspore():
    expected = json.loads((DATA / "ms_multiprocessing.json").read_text())
    res = subprocess.run([sys.executable, "-m", "mindjax", str(DATA / "multiprocessing_case.py")],
                         capture_output=True, text=True, timeout=300, cwd=str(DATA))
    assert res.returncode == 0, res.stderr[-3000:]
    got = json.loads([ln for ln in res.stdout.splitlines() if ln.startswith("{")][-1])
    assert got == expected
    # the parent had run ops: the later children came from the fork server, and the user was told
    assert "started from a fork server" in res.stderr


def test_module_is_multiprocessing_namespace():
    import multiprocessing
    import mindjax.multiprocessing as mp
    assert set(mp.__all__) == set(multiprocessing.__all__)
    assert issubclass(mp.Process, multiprocessing.Process)
    assert mp.get_start_method is multiprocessing.get_start_method
    assert multiprocessing.util.abstract_sockets_supported is False  # as MindSpore sets it
