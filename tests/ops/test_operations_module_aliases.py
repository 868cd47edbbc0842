"""MindSpore's per-file paths of Primitives (``mindspore.ops.operations.nn_ops.FractionalMaxPool``) resolve to
mindjax's public objects, as recorded from MindSpore 2.10 (tests/data/gen_deep_aliases.py; that every recorded
name is the public object is checked for all internal modules in test_deep_aliases.py)."""
import numpy as np
import pytest

import mindjax as ms
from mindjax.ops import operations as P


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
