"""Decoding and comparing the cases recorded from MindSpore 2.10 in tests/data/ms_mint.json
(written by tests/data/gen_mint.py)."""
import json
from pathlib import Path

import numpy as np

import mindjax as ms
from mindjax import Tensor

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_mint.json").read_text())
_DTYPES = {"Bool": ms.bool_}


def dtype_of(name: str):
    return _DTYPES.get(name) or getattr(ms, name.lower())


def dec(v):
    """A recorded argument as mindjax would receive it."""
    if isinstance(v, dict):
        if "t" in v:
            a = np.array(v["v"], dtype=v["t"])
            if "vi" in v:
                a = a + 1j * np.array(v["vi"], dtype=v["t"])
            return Tensor(a.reshape(v["s"]))
        if "tuple" in v:
            return tuple(dec(x) for x in v["tuple"])
        if "list" in v:
            return [dec(x) for x in v["list"]]
        if "dtype" in v:
            return dtype_of(v["dtype"])
    return v


def want_array(w):
    if "re" in w:
        return (np.array(w["re"]) + 1j * np.array(w["im"])).reshape(w["shape"])
    return np.array(w["v"], dtype=np.float64 if w["dtype"].startswith(("Float", "BFloat")) else None).reshape(
        w["shape"])


def check_out(got, w, values=True, rtol=1e-5, atol=1e-5, where="out"):
    """``got`` (a Tensor, a tuple of them or a Python scalar) against the recorded ``w``."""
    if "seq" in w:
        assert isinstance(got, (tuple, list)), f"{where}: expected a tuple, got {type(got).__name__}"
        assert len(got) == len(w["seq"]), where
        for k, (g, x) in enumerate(zip(got, w["seq"])):
            check_out(g, x, values, rtol, atol, f"{where}[{k}]")
        return
    if "py" in w:
        assert not isinstance(got, Tensor) or got.ndim == 0, where
        got = got.item() if isinstance(got, Tensor) else got
        assert got == w["py"] if isinstance(w["py"], bool) else np.isclose(got, w["py"]), where
        return
    assert isinstance(got, Tensor), f"{where}: expected a Tensor, got {type(got).__name__}"
    assert str(got.dtype) == w["dtype"], f"{where}: dtype {got.dtype} != {w['dtype']}"
    assert list(got.shape) == w["shape"], f"{where}: shape {got.shape} != {w['shape']}"
    if values and ("v" in w or "re" in w):
        a = got.asnumpy()
        want = want_array(w)
        if a.dtype.kind in "biu":
            np.testing.assert_array_equal(a, want, err_msg=where)
        else:
            np.testing.assert_allclose(a.astype(want.dtype), want, rtol=rtol, atol=atol, equal_nan=True,
                                       err_msg=where)
