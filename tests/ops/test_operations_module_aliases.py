"""MindSpore's per-file paths of Primitives (``mindspore.ops.operations.nn_ops.FractionalMaxPool``) resolve to
mindjax's public objects, as recorded from MindSpore 2.10 (tests/data/gen_deep_aliases.py)."""
import importlib
import json
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax.ops import operations as P

TABLE = {m: names for m, names in
         json.loads((Path(ms.__file__).parent / "_data" / "deep_aliases.json").read_text())["modules"].items()
         if m.startswith("mindspore.ops.operations.") and not m.startswith("mindspore.ops.operations._")
         or m == "mindspore.ops.operations._sequence_ops"}


def test_recorded_names_are_the_public_objects():
    resolved = 0
    for ms_mod, names in TABLE.items():
        mod = importlib.import_module("mindjax" + ms_mod[len("mindspore"):])
        for name, paths in names.items():
            if name in vars(mod):  # mindjax's own definition (or resolved before): not this table's
                continue
            obj = getattr(mod, name, None)
            if obj is None:
                continue
            publics = [getattr(importlib.import_module("mindjax" + p.rpartition(".")[0][len("mindspore"):]),
                               p.rpartition(".")[2], None) for p in paths]
            assert any(obj is o for o in publics), (ms_mod, name)
            resolved += 1
    assert resolved > 120  # names that MindSpore's files hold and mindjax defines elsewhere


def test_from_import_and_use():
    from mindjax.ops.operations.nn_ops import FractionalMaxPool, DeformableOffsets  # noqa: F401
    from mindjax.ops.operations import nn_ops, math_ops, array_ops
    assert nn_ops.FractionalAvgPool is P.FractionalAvgPool
    assert math_ops.Cholesky is P.Cholesky and array_ops.Im2Col is P.Im2Col
    x = ms.Tensor(np.arange(1, 17, dtype=np.float32).reshape(1, 4, 4, 1))
    y, row, col = nn_ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0], pseudo_random=False, overlapping=False)(x)
    assert y.shape == (1, 2, 2, 1) and row.asnumpy()[-1] == 4 and col.asnumpy()[-1] == 4


def test_unknown_name_stays_absent():
    from mindjax.ops.operations import nn_ops
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchPrimitive'"):
        nn_ops.NoSuchPrimitive  # noqa: B018


def test_math_func_has_the_function_package_as_F():
    """MindSpore 2.10's ops/function/math_func.py holds the package mindspore.ops.function as ``F``."""
    from mindjax.ops.function.math_func import F
    import mindjax.ops.function as function
    assert F is function and F.inplace_index_add is function.inplace_index_add
