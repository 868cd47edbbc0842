"""A save killed mid-write (kill -9) never damages the previous checkpoint, and its temp file is
removed by the next save to the same folder (issue #14)."""
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax.train._ckpt_format import remove_stale_temps

FORMAT = str(Path(ms.train.__file__).parent / "_ckpt_format.py")
# A writer process: writes ~100 MB whose every value is VERSION through the checkpoint writer that
# save_checkpoint uses (loaded alone: numpy and protobuf only, so the 21 writers start fast),
# announcing the start of the write.
WRITER = textwrap.dedent("""
    import importlib.util, sys
    import numpy as np
    spec = importlib.util.spec_from_file_location("ckpt_format", sys.argv[3])
    fmt = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fmt)
    version, path = int(sys.argv[1]), sys.argv[2]
    entries = [(f"w{i}", np.full((1024, 1024), version, np.float32)) for i in range(25)]
    print("start", flush=True)
    fmt.write_ckpt(path, entries)
    print("done", flush=True)
""")


def _temps(d):
    return sorted(n for n in os.listdir(d) if n.endswith(".tmp"))


def _run_writer(tmp_path, version, path, kill_after=None):
    p = subprocess.Popen([sys.executable, "-c", WRITER, str(version), path, FORMAT], stdout=subprocess.PIPE, text=True,
                         cwd=tmp_path)
    assert p.stdout.readline().strip() == "start"
    if kill_after is None:
        assert p.stdout.readline().strip() == "done"
        assert p.wait(60) == 0
        return True
    time.sleep(kill_after)
    p.send_signal(signal.SIGKILL)
    p.wait(60)
    p.stdout.close()
    return p.returncode == 0


def _version_of(path):
    loaded = ms.load_checkpoint(path)
    assert sorted(loaded) == sorted(f"w{i}" for i in range(25))
    values = {float(np.unique(v.asnumpy())[0]) for v in loaded.values()}
    assert len(values) == 1, "a checkpoint mixes two saves"
    return int(values.pop())


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_kill_during_save_keeps_last_good_checkpoint(tmp_path):
    path = str(tmp_path / "model.ckpt")
    t0 = time.perf_counter()
    _run_writer(tmp_path, 0, path)  # the first good checkpoint; also times one write
    write_s = max(time.perf_counter() - t0, 0.05)
    assert not _temps(tmp_path)
    good, rng, killed_mid_write = 0, random.Random(14), 0
    # 20 kills at random moments of a write; under load the timing estimate is rough, so go on (up
    # to 60) until at least 5 of them have landed inside a write
    for version in range(1, 61):
        _run_writer(tmp_path, version, path, kill_after=rng.uniform(0.0, write_s))
        killed_mid_write += bool(_temps(tmp_path))
        # the file at the path is always one complete save: the last good one, or the new one if the
        # kill came after its rename
        now = _version_of(path)
        assert now in (good, version)
        good = now
        if version >= 20 and killed_mid_write >= 5:
            break
    assert killed_mid_write >= 5, "the kills should land during the write"
    # the next save removes the litter of the killed ones, and only that
    own = tmp_path / ".other.ckpt.99999999.0123456789ab.tmp"  # a pid that cannot exist: stale too
    keep = tmp_path / ".notes.tmp"  # not the project's pattern: never touched
    own.write_bytes(b"x")
    keep.write_bytes(b"y")
    ms.save_checkpoint([{"name": f"w{i}", "data": ms.Tensor(np.full((4, 4), 99, np.float32))} for i in range(25)],
                       path)
    assert _version_of(path) == 99
    assert _temps(tmp_path) == [".notes.tmp"]


def test_stale_temp_of_a_live_writer_is_kept(tmp_path):
    live = tmp_path / f".a.ckpt.{os.getpid()}.0123456789ab.tmp"
    dead = tmp_path / ".a.ckpt.99999999.0123456789ab.tmp"
    other = tmp_path / ".a.ckpt.tmp"
    for f in (live, dead, other):
        f.write_bytes(b"z")
    assert remove_stale_temps(str(tmp_path)) == [str(dead)]
    assert live.exists() and other.exists() and not dead.exists()
