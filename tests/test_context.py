"""set_context / get_context."""
import warnings

import pytest

import mindjax as ms
from mindjax import context


def test_modes_and_sync():
    assert ms.get_context("mode") == ms.PYNATIVE_MODE
    context.set_context(mode=context.GRAPH_MODE)
    assert context.get_context("mode") == ms.GRAPH_MODE
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
    assert ms.get_context("pynative_synchronize") is True
    ms.set_context(pynative_synchronize=False)
    with pytest.raises(ValueError):
        ms.set_context(mode=5)
    with pytest.raises(ValueError):
        ms.set_context(no_such_key=1)


def test_device_target_falls_back_to_cpu_with_one_warning():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        context._warned.discard("Ascend")
        ms.set_context(device_target="Ascend")
        ms.set_context(device_target="Ascend")
    assert sum("not available" in str(x.message) for x in w) == 1
    assert ms.get_context("device_target") in ("CPU", "GPU")
    ms.set_device("CPU")
    assert ms.get_context("device_target") == "CPU"
