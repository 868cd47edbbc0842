"""Shared by the graph-mode tests: load a recorded case's source under mindjax and
compare results with what MindSpore recorded."""
import importlib.util
import json
import os

import numpy as np

import mindjax as ms

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")


def generator(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(DATA, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def recorded(name):
    with open(os.path.join(DATA, name)) as f:
        return json.load(f)["cases"]


def load(gen, name, folder):
    """The case module, its ``mindspore`` imports read as mindjax."""
    head = gen.HEAD.replace("mindspore", "mindjax")
    src = gen.CASES[name].replace("import mindspore", "import mindjax").replace("from mindspore", "from mindjax")
    return gen.load_case(name, src, str(folder), head)


def enc(x):
    if isinstance(x, ms.Tensor):
        a = x.asnumpy()
        if np.iscomplexobj(a):  # (real, imag) pairs
            a = np.stack([a.real, a.imag], -1)
            return {"tensor": str(x.dtype), "shape": list(a.shape[:-1]), "value": a.astype(np.float64).tolist()}
        return {"tensor": str(x.dtype), "shape": list(a.shape), "value": a.astype(np.float64).tolist()}
    if isinstance(x, (tuple, list)):
        return {"seq": type(x).__name__, "items": [enc(v) for v in x]}
    if isinstance(x, (bool, int, float, str)) or x is None:
        return {"py": type(x).__name__, "value": x}
    return {"other": type(x).__name__, "repr": repr(x)}


def assert_same(got, want, path="out"):
    assert got.keys() == want.keys(), (path, got, want)
    if "tensor" in want:
        assert got["tensor"] == want["tensor"], (path, got, want)
        assert got["shape"] == want["shape"], (path, got, want)
        np.testing.assert_allclose(np.array(got["value"], dtype=float), np.array(want["value"], dtype=float),
                                   rtol=1e-5, atol=1e-6, err_msg=path)
    elif "seq" in want:
        assert got["seq"] == want["seq"] and len(got["items"]) == len(want["items"]), (path, got, want)
        for i, (g, w) in enumerate(zip(got["items"], want["items"])):
            assert_same(g, w, f"{path}[{i}]")
    else:
        assert got == want, (path, got, want)
