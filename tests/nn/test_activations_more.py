"""The nn activations MindSpore 2.10 has beyond the basic ones (Softmin, Hardtanh, Softsign,
Tanhshrink, Threshold, CELU, GLU, HShrink, SoftShrink, PReLU): for every case of
tests/data/ms_losses_more.json (tests/data/gen_losses_more.py) the output and the gradients
(w.r.t. the input, and PReLU's weight) equal MindSpore's, and a bad argument raises MindSpore's
exception class, with its message, in the same phase (constructor or call)."""
import json
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor
from mindjax.nn.layer import activation_more

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_losses_more.json").read_text())
CASES = [c for c in DATA["cases"] if c["group"] == "act"]


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
        assert [p.name for p in params] == c["param_names"]
        assert len(gw) == len(c["grad_weights"])
        for got, w in zip(gw, c["grad_weights"]):
            np.testing.assert_allclose(got.asnumpy(), np.array(w["tensor"], w["dtype"]), rtol=2e-5, atol=2e-6)
    g = g if isinstance(g, tuple) else (g,)
    assert len(g) == len(c["grads"])
    for got, w in zip(g, c["grads"]):
        np.testing.assert_allclose(got.asnumpy(), np.array(w["tensor"], w["dtype"]), rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("c", CASES, ids=case_id)
def test_activation_matches_mindspore(c):
    check_case(getattr(activation_more, c["name"]), c)


def test_every_activation_is_covered():
    assert sorted({c["name"] for c in CASES}) == sorted(activation_more.__all__)


def test_activation_under_jit_equals_eager():
    x = Tensor(np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4))
    for cell in (activation_more.SoftShrink(0.7), activation_more.GLU(1), activation_more.Softmin(0)):
        np.testing.assert_allclose(ms.jit(cell.construct)(x).asnumpy(), cell(x).asnumpy(), rtol=1e-6)
