import os

os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")

import pathlib  # noqa: E402

import pytest  # noqa: E402

# The test files that take longest (per-file time from `pytest --durations=0` on the 2-core
# machine), listed in slow_files.txt: their tests are marked `slow`, so that `make test` (the
# fast set) stays under 15 minutes; `make test-slow` runs them, and `.ci/run` runs both.
_ROOT = pathlib.Path(__file__).resolve().parent
_SLOW_LIST = _ROOT / "slow_files.txt"


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by mark
def pytest_collection_modifyitems(config, items):
    slow = {line.split("#")[0].strip() for line in _SLOW_LIST.read_text().splitlines()}
    slow.discard("")
    for item in items:
        try:
            rel = pathlib.Path(str(item.fspath)).resolve().relative_to(_ROOT).as_posix()
        except ValueError:
            continue
        if rel in slow:
            item.add_marker(pytest.mark.slow)
