"""MindSpore's internal module paths (mindjax/_deep_aliases.py): a name recorded as the same object
as a public one resolves to mindjax's public object; calls through those paths give the values
recorded from MindSpore 2.10 (tests/data/gen_deep_aliases_values.py); a name mindjax lacks stays
absent, and a module's own definition wins over the table."""
import importlib
import json
import os
import sys

import numpy as np
import pytest

from mindjax import _deep_aliases

HERE = os.path.join(os.path.dirname(__file__), "..", "data")
REC = json.load(open(os.path.join(HERE, "ms_deep_aliases.json")))
TABLE = _deep_aliases._table()


def _mj(ms_path: str):
    return importlib.import_module("mindjax" + ms_path[len("mindspore"):])


@pytest.fixture(scope="module")
def cases(mindspore_alias):
    sys.modules.pop("deep_alias_cases", None)
    return importlib.import_module("deep_alias_cases")


@pytest.mark.parametrize("name", sorted(REC))
def test_recorded(cases, name):
    got = cases.flat(cases.CASES[name]())
    want = REC[name]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g["dtype"] == w["dtype"] and g["shape"] == w["shape"], (g, w)
        np.testing.assert_allclose(g["value"], w["value"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("module", sorted(TABLE))
def test_alias_is_the_public_object(module):
    """Where mindjax has one of the public paths MindSpore's name is the same object as, the internal
    name is that object (unless the module defines the name itself)."""
    mod = _mj(module)
    resolved = 0
    for name, paths in TABLE[module].items():
        publics = []
        for p in paths:
            m, _, n = p.rpartition(".")
            try:
                publics.append(getattr(_mj(m), n))
            except (ImportError, AttributeError):
                continue
        if not publics:
            assert name in vars(mod) or not hasattr(mod, name), (module, name)
            continue
        obj = getattr(mod, name)
        assert any(obj is p for p in publics) or name in vars(mod), (module, name)
        resolved += 1
    assert resolved > 0


def test_absent_name_stays_absent():
    from mindjax.ops.function import nn_func
    with pytest.raises(AttributeError, match="has no attribute 'incre_flash_attention'"):
        nn_func.incre_flash_attention  # noqa: B018 - an Ascend-only op mindjax does not have
    assert not hasattr(nn_func, "__not_a_name__")


def test_module_definition_wins_and_is_cached():
    from mindjax.ops.function import array_func
    from mindjax import mint
    assert array_func.gather_ext is mint.gather
    assert "gather_ext" in vars(array_func)  # cached after the first lookup
    from mindjax.mint.nn import functional as F
    from mindjax.mint.nn import _functional_ext
    assert F.smooth_l1_loss is _functional_ext.smooth_l1_loss
