"""Results MindSpore's tests/st/ops (top level, dynamic_shape, dynamic_sequence, ascend) check,
against the values recorded from MindSpore 2.10 (tests/data/gen_opsc.py): sum/prod result dtypes,
..."""
import json
import os

import numpy as np
import pytest

HERE = os.path.join(os.path.dirname(__file__), "..", "data")
REC = json.load(open(os.path.join(HERE, "ms_opsc.json")))


@pytest.fixture(scope="module")
def cases(import_cases):
    return import_cases("opsc_cases")


@pytest.mark.parametrize("name", sorted(REC))
def test_recorded(cases, name):
    want = REC[name]
    if "error" in want:
        with pytest.raises(Exception) as e:
            cases.CASES[name]()
        assert type(e.value).__name__ == want["error"]
        return
    got = cases.flat(cases.CASES[name]())
    assert len(got) == len(want)
    for g, w in zip(got, want):
        if "py" in w:
            assert g == w
            continue
        assert g["dtype"] == w["dtype"] and g["shape"] == w["shape"], (g, w)
        np.testing.assert_allclose(g["value"], w["value"], rtol=1e-3, atol=1e-3)


def test_operations_module_paths():
    """MindSpore has CholeskySolve in ops.operations.math_ops and FractionalMaxPoolWithFixedKsize in
    ops.operations.nn_ops (dynamic_shape/grad tests import them from there): the public Primitives."""
    import mindjax.ops as ops
    from mindjax.ops.operations.math_ops import CholeskySolve
    from mindjax.ops.operations.nn_ops import FractionalMaxPoolWithFixedKsize
    assert CholeskySolve is ops.CholeskySolve
    assert FractionalMaxPoolWithFixedKsize is ops.FractionalMaxPoolWithFixedKsize
