"""mint.optim (SGD, Adam, AdamW) against MindSpore 2.10: three steps from recorded parameters and
gradients give the recorded parameters (AdamW, which has no CPU kernel in MindSpore 2.10, against
its documented update computed in numpy by the generator)."""
import numpy as np
import pytest

import mindjax as ms
from mindjax.mint import optim

from _mint_recorded import DATA, dec

OPTS = DATA["optim"]


@pytest.mark.parametrize("c", OPTS, ids=[f"{c['name']}-{k}" for k, c in enumerate(OPTS)])
def test_three_steps(c):
    w = ms.Parameter(dec(c["w0"]), name="w")
    b = ms.Parameter(dec(c["b0"]), name="b")
    opt = getattr(optim, c["name"])([w, b], **{k: dec(v) for k, v in c["kw"].items()})
    for g, (want_w, want_b) in zip(c["grads"], c["steps"]):
        opt(tuple(dec(x) for x in g))
        np.testing.assert_allclose(w.asnumpy().ravel(), want_w, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(b.asnumpy().ravel(), want_b, rtol=1e-5, atol=1e-6)


def test_param_groups_and_jit():
    """A group's options override the defaults; a jitted step gives the eager step's values."""
    w1 = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w1")
    w2 = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w2")
    opt = optim.SGD([{"params": [w1]}, {"params": [w2], "lr": 0.5}], lr=0.1)
    opt((ms.Tensor([1.0, 1.0]), ms.Tensor([1.0, 1.0])))
    np.testing.assert_allclose(w1.asnumpy(), [0.9, 1.9], rtol=1e-6)
    np.testing.assert_allclose(w2.asnumpy(), [0.5, 1.5], rtol=1e-6)
    a = ms.Parameter(ms.Tensor([1.0, -1.0]), name="a")
    e = ms.Parameter(ms.Tensor([1.0, -1.0]), name="e")
    oa, oe = optim.Adam([a], lr=0.1), optim.Adam([e], lr=0.1)
    step = ms.jit(lambda g: oa((g,)))
    for _ in range(2):
        step(ms.Tensor([0.5, 0.25]))
        oe((ms.Tensor([0.5, 0.25]),))
    np.testing.assert_allclose(a.asnumpy(), e.asnumpy(), rtol=1e-6)
