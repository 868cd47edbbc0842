"""The cases recorded from MindSpore 2.10 in tests/data/ms_losses_more.json (written by
tests/data/gen_losses_more.py), and the check that replays one on a mindjax Cell: the output's
shape, dtype and values, the gradients w.r.t. the inputs (and the Parameters, by name), or the
exception class and message in the phase MindSpore raises it (constructor or call)."""
import json
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_losses_more.json").read_text())


def cases(group: str) -> list:
    """The recorded cases of one group ("loss" or "act")."""
    return [c for c in DATA["cases"] if c["group"] == group]


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
