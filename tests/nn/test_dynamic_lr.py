"""mindspore.nn.dynamic_lr against MindSpore 2.10's recorded lists and errors (tests/data/ms_dynamic_lr.json)."""
import json
from pathlib import Path

import pytest

import mindjax as ms
from mindjax import nn
from mindjax.nn import dynamic_lr as dr

RECORDS = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_dynamic_lr.json").read_text())


@pytest.mark.parametrize("rec", RECORDS, ids=[f"{i}-{r['fn']}" for i, r in enumerate(RECORDS)])
def test_matches_mindspore(rec):
    fn = getattr(dr, rec["fn"])
    if "value" in rec:
        got = fn(*rec["args"])
        assert isinstance(got, list)
        assert all(isinstance(v, float) for v in got)
        assert got == rec["value"]  # exact: same arithmetic, same rounding
    else:
        cls, msg = rec["error"]
        with pytest.raises({"TypeError": TypeError, "ValueError": ValueError}[cls]) as err:
            fn(*rec["args"])
        assert str(err.value) == msg


def test_exported_at_nn():
    for name in dr.__all__:
        assert getattr(nn, name) is getattr(dr, name)


def test_tuple_arguments():
    assert dr.piecewise_constant_lr((2, 3), (0.5, 0.25)) == [0.5, 0.5, 0.25]


def test_list_as_optimizer_learning_rate():
    """A schedule feeds an optimizer, whose learning rate follows it step by step."""
    import numpy as np
    lr = dr.piecewise_constant_lr([1, 3], [0.1, 0.01])
    w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    opt = nn.SGD([w], learning_rate=lr)
    g = ms.Tensor(np.ones(2, np.float32))
    seen = []
    for _ in range(3):
        before = w.asnumpy().copy()
        opt((g,))
        seen.append(float(before[0] - w.asnumpy()[0]))
    np.testing.assert_allclose(seen, [0.1, 0.01, 0.01], rtol=1e-5)
