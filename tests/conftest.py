import contextlib
import importlib
import os
import sys

# one Eigen thread per XLA:CPU op: the suite runs 2 workers on 2 cores (pytest -n 2)
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")

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



_CASES_DATA = os.path.join(os.path.dirname(__file__), "data")


@contextlib.contextmanager
def _mindspore_alias():
    """``mindspore`` resolves to mindjax (``python -m mindjax``'s import hook) and tests/data is on
    ``sys.path`` inside the block; afterwards the ``mindspore`` names leave ``sys.modules``, so other
    tests see no alias (a module bound while it was on keeps its object)."""
    from mindjax.__main__ import _MindSporeAlias
    finder = _MindSporeAlias()
    sys.meta_path.insert(0, finder)
    sys.path.insert(0, _CASES_DATA)
    try:
        yield
    finally:
        sys.path.remove(_CASES_DATA)
        sys.meta_path.remove(finder)
        for k in [k for k in sys.modules if k == "mindspore" or k.startswith("mindspore.")]:
            del sys.modules[k]


@pytest.fixture(scope="session")
def import_cases():
    """``import_cases("by_name_cases")``: the case module tests/data/<name>.py (written against
    ``import mindspore``, shared with its generator under real MindSpore) imported with ``mindspore``
    resolved to mindjax, for that import only."""
    def load(module_name: str):
        with _mindspore_alias():
            sys.modules.pop(module_name, None)
            return importlib.import_module(module_name)
    return load


@pytest.fixture(scope="module")
def mindspore_alias():
    """The alias of ``import_cases`` for a whole test module: for case files that import
    ``mindspore.<path>`` by name when a case runs."""
    with _mindspore_alias():
        yield


@pytest.fixture(autouse=True)
def _pynative_mode_after_each_test():
    """A test that switches to GRAPH_MODE and does not switch back must not change the tests run
    after it in the same worker (test_optimizer_lr's past-the-end rate failed so, order-dependent:
    in GRAPH_MODE the Gather runs compiled and its index is not checked on the host)."""
    yield
    import mindjax as ms
    if ms.get_context("mode") != ms.PYNATIVE_MODE:
        ms.set_context(mode=ms.PYNATIVE_MODE)
