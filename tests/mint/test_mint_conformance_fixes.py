"""The mint conformance fixes (issue #11) against MindSpore 2.10's answers recorded by
tests/data/gen_mint_fixes.py in tests/data/ms_mint_fixes.json: mint.max/min overloads and their
TypeErrors, mint.clamp/clip ValueErrors, mint's names outside its ``__all__`` (ones, ge, trunc, fix,
item, flatten_ext, softmax_ext, cdist_, Tensor), mint.full with a Tensor value, mint.einsum's
promotion (values and the gradient of an integer operand), ``ops.auto_generate.ScatterValue`` and
``mint.distributed.distributed``. Each case runs the recorded code under mindjax."""
import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor, mint, nn, ops
from mindjax.ops import GradOperation
from mindjax.ops.auto_generate import ScatterValue
import mindjax.mint.distributed.distributed as dd

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_mint_fixes.json").read_text())
NAMES = {"ms": ms, "mint": mint, "ops": ops, "nn": nn, "Tensor": Tensor, "np": np, "GradOperation": GradOperation,
         "ScatterValue": ScatterValue, "dd": dd}


def run(case, tmp_path):
    if case["kind"] == "expr":
        ns = dict(NAMES)
        exec(DATA["setup"], ns)  # noqa: S102 - the recorded case code
        return eval(case["code"], ns)  # noqa: S307
    # a module file of its own, as the generator ran it (graph mode reads the Cells' source)
    name = f"_mint_fixes_{case['id']}"
    path = tmp_path / f"{name}.py"
    path.write_text(DATA["setup"] + case["code"])
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    mod.__dict__.update(NAMES)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(name, None)
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return mod.out


def check(got, want, where):
    if "seq" in want:
        assert isinstance(got, (tuple, list)), f"{where}: expected a tuple, got {type(got).__name__}"
        assert len(got) == len(want["seq"]), where
        for k, (g, w) in enumerate(zip(got, want["seq"])):
            check(g, w, f"{where}[{k}]")
        return
    if "py" in want:
        assert type(got).__name__ == want["type"], f"{where}: {type(got).__name__} != {want['type']}"
        assert got == want["py"], where
        return
    assert isinstance(got, Tensor), f"{where}: expected a Tensor, got {type(got).__name__}"
    assert str(got.dtype) == want["dtype"], f"{where}: dtype {got.dtype} != {want['dtype']}"
    assert list(got.shape) == want["shape"], f"{where}: shape {got.shape} != {want['shape']}"
    a = got.asnumpy().reshape(-1)
    if a.dtype.kind in "biu":
        np.testing.assert_array_equal(a, np.array(want["v"], dtype=a.dtype), err_msg=where)
    else:
        np.testing.assert_allclose(a.astype(np.float64), want["v"], rtol=1e-5, atol=1e-6, err_msg=where)


CASES = [pytest.param(c, id=c["id"]) for c in DATA["cases"]]


@pytest.mark.parametrize("case", CASES)
def test_recorded(case, tmp_path):
    if "error" in case:
        with pytest.raises(Exception) as info:
            run(case, tmp_path)
        assert type(info.value).__name__ == case["error"] or case["error"] in [
            c.__name__ for c in type(info.value).__mro__], f"{case['id']}: {type(info.value).__name__}: {info.value}"
        return
    check(run(case, tmp_path), case["want"], case["id"])


def test_hidden_names_not_exported():
    """mint.ones, mint.ge... exist as attributes but, as in MindSpore, are not in ``mint.__all__``."""
    for name in ("ones", "ge", "clip", "trunc", "fix", "item", "flatten_ext", "softmax_ext", "cdist_", "Tensor", "addcmul"):
        assert hasattr(mint, name) and name not in mint.__all__, name
    assert "max" in mint.__all__ and "clamp" in mint.__all__


def test_clamp_messages():
    """MindSpore's wording of the two Clamp ValueErrors (the conformance tests match on it)."""
    x = Tensor(np.ones((2, 2), np.float32))
    with pytest.raises(ValueError, match="For Clamp, the dtype of 'input', 'min' and 'max' must not be bool."):
        mint.clamp(x, 5, True)
    with pytest.raises(ValueError, match="For Clamp, at least one of 'min' or 'max' must not be None."):
        mint.clamp(x)


def test_max_eager_equals_jit():
    """The overload resolution gives the same answers inside ``ms.jit``."""
    x = Tensor(np.array([[1., 25., 5., 7.], [4., 11., 6., 21.]], np.float32))

    def f(a):
        v, i = mint.max(a, 1, True)
        return v, i, mint.min(a), mint.max(a, 3.)
    for e, j in zip(f(x), ms.jit(f)(x)):
        np.testing.assert_array_equal(e.asnumpy(), j.asnumpy())


def test_distributed_package():
    """``mindspore.mint.distributed`` is a package; its ``distributed`` submodule holds the names."""
    import mindjax.mint.distributed as pkg
    assert pkg.distributed is dd
    assert set(pkg.__all__) <= set(dir(dd))
    assert pkg.get_world_size is dd.get_world_size
