"""mindspore._no_grad against MindSpore 2.10 (cases in tests/data/gen_grad_function.py, group 'no_grad')."""
import numpy as np
import pytest

import mindjax as ms
from mindjax._autograd import no_grad as ng
from mindjax._autograd.no_grad import _no_grad
from mindjax._state import state

from test_custom_function import RECORDED, check

NO_GRAD_CASES = sorted(k for k, v in RECORDED.items() if v["group"] == "no_grad")


@pytest.mark.parametrize("name", NO_GRAD_CASES)
def test_case_matches_mindspore(name):
    check(name)


def test_exported_at_top_level():
    assert ms._no_grad is _no_grad


def test_state_restored_and_reentrant_decorator():
    """The decorator keeps one object per decorated function: recursion through it must restore
    the recording depth of each level."""
    seen = []

    @_no_grad()
    def rec(a, n):
        seen.append((state.grad_depth, ng.grad_enabled()))
        return a if n == 0 else rec(a * 2, n - 1)

    def f(a):
        return rec(a, 2) + a * a

    g = ms.grad(f)(ms.Tensor(np.array([3.0], np.float32)))
    np.testing.assert_array_equal(g.asnumpy(), [6.0])
    assert seen == [(0, False)] * 3
    assert state.grad_depth == 0 and ng.grad_enabled()


def test_set_grad_enabled_switch():
    def f(a):
        ng.set_grad_enabled(False)
        b = a * a
        ng.set_grad_enabled(True)
        return b + a * 3
    g = ms.grad(f)(ms.Tensor(np.array([2.0], np.float32)))
    np.testing.assert_array_equal(g.asnumpy(), [3.0])
    assert ng.grad_enabled()
