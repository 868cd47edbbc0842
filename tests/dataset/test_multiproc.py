"""``python_multiprocessing=True``: GeneratorDataset's ``__getitem__`` and map run in worker processes,
rows in the single-process order, large arrays back through shared memory, user errors wrapped as
MindSpore wraps them (RuntimeError 'Exception thrown from user defined Python function in dataset'
with the original traceback), workers gone after the run, an error, an early break, and Ctrl-C."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import mindjax.dataset as ds
from mindjax.dataset.engine import _multiproc

HEAD = "Exception thrown from user defined Python function in dataset."


class Src:
    """Random access rows: a large array (shared memory), a small one, the pid of the process."""

    def __init__(self, n=12, fail_at=None):
        self.n, self.fail_at = n, fail_at

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i == self.fail_at:
            raise KeyError(f"no row {i}")
        return np.full((256, 300), i, np.float32), np.array([i, i * i]), np.array(os.getpid())


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is not alive
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


def _no_workers_left():
    deadline = time.time() + 5
    while time.time() < deadline and list(_multiproc._live):
        if all(p._closed for p in _multiproc._live):
            break
        time.sleep(0.05)
    return all(p._closed for p in _multiproc._live)


def _rows(d, epochs=1):
    out = []
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    for _ in range(epochs):
        out.extend(list(it))
    return out


@pytest.mark.parametrize("shuffle", [False, True])
def test_generator_workers_same_rows_as_one_process(shuffle):
    ds.config.set_seed(7)
    one = _rows(ds.GeneratorDataset(Src(), ["big", "small", "pid"], shuffle=shuffle), epochs=2)
    ds.config.set_seed(7)
    many = _rows(ds.GeneratorDataset(Src(), ["big", "small", "pid"], shuffle=shuffle, num_parallel_workers=2,
                                     python_multiprocessing=True), epochs=2)
    assert [int(r[0][0, 0]) for r in many] == [int(r[0][0, 0]) for r in one]
    for a, b in zip(one, many):
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_array_equal(a[1], b[1])
    pids = {int(r[2]) for r in many}
    assert os.getpid() not in pids and len(pids) == 2  # two workers, neither the main process
    assert _no_workers_left()
    for pid in pids:
        assert not _alive(pid)


def test_map_workers_same_rows_and_randomness_as_threads():
    from mindjax.dataset import _random

    def op(x):  # draws from the generator the pipeline gives each row, as mindjax's random transforms do
        return x * 2 + _random.current().integers(0, 1000), np.array(os.getpid())

    def run(mp):
        ds.config.set_seed(3)
        d = ds.NumpySlicesDataset({"x": np.arange(16)}, shuffle=False).map(
            op, input_columns=["x"], output_columns=["x", "pid"], num_parallel_workers=2, python_multiprocessing=mp)
        return _rows(d)
    threads, procs = run(False), run(True)
    assert [int(r[0]) for r in procs] == [int(r[0]) for r in threads]
    assert os.getpid() not in {int(r[1]) for r in procs}
    assert _no_workers_left()


def test_map_large_arrays_through_shared_memory():
    d = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False).map(
        lambda x: np.full((512, 512), x, np.float64), num_parallel_workers=2, python_multiprocessing=True,
        max_rowsize=4)
    got = _rows(d)
    assert [float(r[0][3, 7]) for r in got] == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    assert got[0][0].shape == (512, 512) and got[0][0].dtype == np.float64


def test_generator_error_in_worker_is_wrapped():
    d = ds.GeneratorDataset(Src(fail_at=5), ["big", "small", "pid"], shuffle=False, num_parallel_workers=2,
                            python_multiprocessing=True)
    with pytest.raises(RuntimeError) as e:
        _rows(d)
    msg = str(e.value)
    assert msg.startswith(HEAD) and "KeyError: 'no row 5'" in msg and "Execute user Python code failed" in msg
    assert _no_workers_left()


def test_map_error_in_worker_is_wrapped():
    def bad(x):
        if x == 4:
            raise ValueError("boom four")
        return x
    d = ds.NumpySlicesDataset({"x": np.arange(10)}, shuffle=False).map(bad, num_parallel_workers=2,
                                                                       python_multiprocessing=True)
    with pytest.raises(RuntimeError) as e:
        _rows(d)
    msg = str(e.value)
    assert msg.startswith(HEAD) and "map operation: [PyFunc] failed. Traceback" in msg
    assert "ValueError: boom four" in msg
    assert _no_workers_left()


def test_workers_end_with_an_early_break():
    d = ds.GeneratorDataset(Src(n=200), ["big", "small", "pid"], shuffle=False, num_parallel_workers=2,
                            python_multiprocessing=True)
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=1)
    pids = {int(next(it)[2]) for _ in range(4)}
    it.stop()
    del it
    assert _no_workers_left()
    for pid in pids:
        deadline = time.time() + 5
        while _alive(pid) and time.time() < deadline:
            time.sleep(0.05)
        assert not _alive(pid)


def test_ctrl_c_leaves_no_worker(tmp_path):
    """SIGINT to a script iterating with workers: it stops with KeyboardInterrupt and its workers exit."""
    script = tmp_path / "loop.py"
    script.write_text(textwrap.dedent("""
        import os, sys, time, numpy as np
        import mindjax.dataset as ds
        class S:
            def __len__(self): return 10 ** 6
            def __getitem__(self, i):
                time.sleep(0.01)
                return (np.array(os.getpid()),)
        d = ds.GeneratorDataset(S(), ["pid"], shuffle=False, num_parallel_workers=2, python_multiprocessing=True)
        seen = set()
        for row in d.create_tuple_iterator(output_numpy=True):
            seen.add(int(row[0]))
            if len(seen) == 2:
                print(" ".join(map(str, sorted(seen))), flush=True)
                seen.add(-1)
    """))
    # the script starts as from a terminal: default Ctrl-C handling, whatever this test process
    # inherited (an ignored SIGINT would be passed on to it)
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    line = proc.stdout.readline()
    pids = [int(p) for p in line.split()]
    assert len(pids) == 2, proc.stderr.read()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode != 0 and "KeyboardInterrupt" in err
    for pid in pids:
        deadline = time.time() + 10
        while _alive(pid) and time.time() < deadline:
            time.sleep(0.05)
        assert not _alive(pid), f"worker {pid} outlived Ctrl-C"
