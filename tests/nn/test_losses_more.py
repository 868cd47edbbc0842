"""The nn losses MindSpore 2.10 has beyond the basic ones (CosineEmbeddingLoss,
HingeEmbeddingLoss, MarginRankingLoss, MultiMarginLoss, MultiLabelSoftMarginLoss, HuberLoss,
GaussianNLLLoss, PoissonNLLLoss, RMSELoss, MAELoss): for every case of
tests/data/ms_losses_more.json (tests/data/gen_losses_more.py) the output and the gradients
w.r.t. the float inputs equal MindSpore's, and a bad argument raises MindSpore's exception
class, with its message, in the same phase (constructor or call)."""
import json
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor
from mindjax.nn.loss import _more

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_losses_more.json").read_text())
CASES = [c for c in DATA["cases"] if c["group"] == "loss"]


def dec(v):
    if "tensor" in v:
        return Tensor(np.array(v["tensor"], dtype=v["dtype"]))
    if "array" in v:
        return np.array(v["array"], dtype=v["dtype"])
    return v["raw"]


def case_id(c):
    return c["name"] + "-" + ",".join(f"{k}={v.get('raw', 'T')}" for k, v in c["kwargs"].items())


def check_case(cls, c):
    kwargs = {k: dec(v) for k, v in c["kwargs"].items()}
    if "init" in c:
        with pytest.raises(Exception) as ei:
            cls(**kwargs)
        assert type(ei.value).__name__ == c["init"]["error"]
        assert str(ei.value) == c["init"]["message"]
        return
    cell = cls(**kwargs)
    args = [Tensor(dec(i)) for i in c["inputs"]]
    if "call" in c:
        with pytest.raises(Exception) as ei:
            cell(*args)
        assert type(ei.value).__name__ == c["call"]["error"]
        assert str(ei.value) == c["call"]["message"]
        return
    out = cell(*args)
    want = np.array(c["out"]["tensor"], c["out"]["dtype"])
    assert out.shape == want.shape and str(out.asnumpy().dtype) == c["out"]["dtype"]
    np.testing.assert_allclose(out.asnumpy(), want, rtol=2e-5, atol=2e-6)
    params = cell.trainable_params()
    g = ms.grad(cell, grad_position=tuple(c["grad"]), weights=params if params else None)(*args)
    if params:
        g, gw = g
        for got, w in zip(gw, c["grad_weights"]):
            np.testing.assert_allclose(got.asnumpy(), np.array(w["tensor"], w["dtype"]), rtol=2e-5, atol=2e-6)
    g = g if isinstance(g, tuple) else (g,)
    assert len(g) == len(c["grads"])
    for got, w in zip(g, c["grads"]):
        np.testing.assert_allclose(got.asnumpy(), np.array(w["tensor"], w["dtype"]), rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("c", CASES, ids=case_id)
def test_loss_matches_mindspore(c):
    check_case(getattr(_more, c["name"]), c)


def test_every_loss_is_covered():
    assert sorted({c["name"] for c in CASES}) == sorted(_more.__all__)


def test_loss_under_jit_equals_eager():
    c = next(c for c in CASES if c["name"] == "MultiMarginLoss" and "out" in c)
    cell = _more.MultiMarginLoss()
    args = [Tensor(dec(i)) for i in c["inputs"][:2]]
    eager = cell(*args).asnumpy()
    jitted = ms.jit(cell.construct)(*args).asnumpy()
    np.testing.assert_allclose(jitted, eager, rtol=1e-6)


def test_functional_forms_match_cells():
    from mindjax.ops import _loss_more_ops as F
    x = Tensor(np.array([[0.5, -1.0, 2.0]], np.float32))
    y = Tensor(np.array([[1.0, -1.0, 1.0]], np.float32))
    np.testing.assert_allclose(F.hinge_embedding_loss(x, y, 1.0, "none").asnumpy(),
                               _more.HingeEmbeddingLoss(reduction="none")(x, y).asnumpy())
    np.testing.assert_allclose(F.huber_loss(x, y, "none", 1.0).asnumpy(),
                               _more.HuberLoss("none", 1.0)(x, y).asnumpy())
