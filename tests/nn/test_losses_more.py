"""The nn losses MindSpore 2.10 has beyond the basic ones (CosineEmbeddingLoss,
HingeEmbeddingLoss, MarginRankingLoss, MultiMarginLoss, MultiLabelSoftMarginLoss, HuberLoss,
GaussianNLLLoss, PoissonNLLLoss, RMSELoss, MAELoss): for every case of
tests/data/ms_losses_more.json (tests/data/gen_losses_more.py) the output and the gradients
w.r.t. the float inputs equal MindSpore's, and a bad argument raises MindSpore's exception
class, with its message, in the same phase (constructor or call)."""
import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor
from _recorded_cells import cases, case_id, check_case, dec  # noqa: F401
from mindjax.nn.loss import _more

CASES = cases("loss")


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
