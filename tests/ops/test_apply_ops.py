"""The optimizer apply-ops (ApplyMomentum, Adam, ApplyFtrl, SGD, SparseApplyAdagrad...) against
MindSpore 2.10: the returned tensors and the values the Parameter inputs hold afterwards
(tests/data/gen_nn_more.py), the error classes, and the update under ``mindjax.jit`` inside a
Cell, where the write to the Parameters is an output of the compiled program."""
from __future__ import annotations

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops

from _ms_cases import cases, ids, run_case

CASES = cases("apply")


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_matches_mindspore(case):
    run_case(case)


class _Step(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), "w")
        self.m = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), "m")
        self.op = ops.ApplyMomentum()

    def construct(self, g):
        return self.op(self.w, self.m, 0.1, g, 0.9)


def test_momentum_under_jit_writes_parameters():
    net = _Step()
    step = ms.jit(net)
    g = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    out = step(g)
    step(g)
    # accum: g, then 1.9 g; w: 1 - 0.1 g - 0.19 g
    np.testing.assert_allclose(net.m.asnumpy(), 1.9 * g.asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(net.w.asnumpy(), 1 - 0.29 * g.asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(out.asnumpy(), 1 - 0.1 * g.asnumpy(), rtol=1e-6)


def test_attribute_errors():
    with pytest.raises(TypeError):
        ops.ApplyMomentum(use_nesterov=1)
    with pytest.raises(ValueError):
        ops.SGD(dampening=0.5, nesterov=True)
    with pytest.raises(TypeError):
        ops.ApplyMomentum()([1.0], ms.Parameter(ms.Tensor([1.0]), "a"), 0.1, ms.Tensor([1.0]), 0.9)
