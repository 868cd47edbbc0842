"""The nn activations MindSpore 2.10 has beyond the basic ones (Softmin, Hardtanh, Softsign,
Tanhshrink, Threshold, CELU, GLU, HShrink, SoftShrink, PReLU): for every case of
tests/data/ms_losses_more.json (tests/data/gen_losses_more.py) the output and the gradients
(w.r.t. the input, and PReLU's weight) equal MindSpore's, and a bad argument raises MindSpore's
exception class, with its message, in the same phase (constructor or call)."""
import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor
from _recorded_cells import cases, case_id, check_case, dec  # noqa: F401
from mindjax.nn.layer import activation_more

CASES = cases("act")


@pytest.mark.parametrize("c", CASES, ids=case_id)
def test_activation_matches_mindspore(c):
    check_case(getattr(activation_more, c["name"]), c)


def test_every_activation_is_covered():
    assert sorted({c["name"] for c in CASES}) == sorted(activation_more.__all__)


def test_activation_under_jit_equals_eager():
    x = Tensor(np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4))
    for cell in (activation_more.SoftShrink(0.7), activation_more.GLU(1), activation_more.Softmin(0)):
        np.testing.assert_allclose(ms.jit(cell.construct)(x).asnumpy(), cell(x).asnumpy(), rtol=1e-6)
