"""MindSpore's generated view ops (mindjax/ops/_view_ops.py) against MindSpore 2.10 PyNative on CPU
(tests/data/gen_view_ops.py): values, shapes, dtypes, and the errors' classes and messages; the
gradient of a view is the functional op's, checked against jax.vjp; eager against jit."""
import json
import os

import jax
import numpy as np
import pytest

import mindjax as ms

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "data", "ms_view_ops.json")) as f:
    REC = json.load(f)["cases"]  # expression -> what MindSpore gave (the generator's CASES, in order)


def _env():
    import mindjax.ops.auto_generate.gen_ops_def as D
    import mindjax.ops.auto_generate.gen_ops_prim as P
    return {"ms": ms, "np": np, "P": P, "D": D,
            "x": ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4)),
            "xc": ms.Tensor(np.zeros((2, 3), np.float32))}


def _check(got, want, case):
    if "seq" in want:
        assert isinstance(got, (tuple, list)) and len(got) == len(want["seq"]), case
        for g, w in zip(got, want["seq"]):
            _check(g, w, case)
        return
    assert list(got.shape) == want["shape"], case
    assert str(got.dtype) == want["dtype"], case
    np.testing.assert_array_equal(got.asnumpy(), np.array(want["value"], np.float32).reshape(want["shape"]))


@pytest.mark.parametrize("case", list(REC))
def test_view_op_as_mindspore(case):
    want = REC[case]
    env = _env()
    if "error" in want:
        with pytest.raises(Exception) as e:
            eval(case, env)
        assert type(e.value).__name__ == want["error"]
        assert str(e.value).splitlines()[0] == want["message"]
        return
    _check(eval(case, env), want["ok"], case)


def test_a_view_is_a_copy_on_cpu():
    # MindSpore's CPU build (PyNative) copies: a write into the view leaves the input unchanged
    from mindjax.ops.auto_generate.gen_ops_prim import slice_ext_view_op
    x = ms.Tensor(np.zeros((2, 4), np.float32))
    v = slice_ext_view_op(x, 1, 1, 3, 1)
    v.add_(1)
    assert x.asnumpy().sum() == 0 and v.asnumpy().sum() == 4


def test_gradient_and_jit():
    from mindjax.ops.auto_generate.gen_ops_def import narrow_view
    from mindjax.ops.auto_generate.gen_ops_prim import select_ext_view_op, slice_ext_view_op

    def f(a):
        return (slice_ext_view_op(a, 1, 1, 4, 2) * 2).sum() + narrow_view(a, 0, 1, 1).sum() \
            + (select_ext_view_op(a, 1, 0) ** 2).sum()
    a = np.arange(8, dtype=np.float32).reshape(2, 4)
    g = ms.grad(f)(ms.Tensor(a)).asnumpy()

    def ref(x):
        return (x[:, 1:4:2] * 2).sum() + x[1:2].sum() + (x[:, 0] ** 2).sum()
    np.testing.assert_allclose(g, np.asarray(jax.grad(ref)(jax.numpy.asarray(a))), rtol=1e-6)
    np.testing.assert_allclose(ms.jit(f)(ms.Tensor(a)).asnumpy(), f(ms.Tensor(a)).asnumpy(), rtol=1e-6)
