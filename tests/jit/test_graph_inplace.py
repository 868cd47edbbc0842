"""In-place writes inside a tensor-condition ``if`` under jit, and ``ops.Assign`` inside a
function differentiated in graph mode, against MindSpore 2.10 (tests/data/gen_graph_inplace.py)."""
import types

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Parameter, Tensor

from . import _graph_cases as G

GEN = G.generator("gen_graph_inplace")
REC = G.recorded("ms_graph_inplace.json")
M = types.SimpleNamespace(ms=ms, nn=nn, ops=ops, Tensor=Tensor, Parameter=Parameter)



def _same(got, want, path="out"):
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (path, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _same(g, w, f"{path}[{i}]")
    elif isinstance(want, dict):
        assert got["dtype"] == want["dtype"] and got["shape"] == want["shape"], (path, got, want)
        np.testing.assert_allclose(np.array(got["value"], float), np.array(want["value"], float), err_msg=path)
    else:
        assert got == want, (path, got, want)


@pytest.mark.parametrize("name", ["if_inplace_local", "if_inplace_local_grad", "if_inplace_argument"])
def test_inplace_in_tensor_if(name):
    _same(GEN.CASES[name](M), REC[name])


@pytest.mark.parametrize("name", ["assign_grad_inputs", "assign_grad_weights"])
def test_assign_in_graph_grad(name):
    # graph mode reads a Parameter written inside a differentiated program as the Parameter itself
    # (the write hook in Parameter's value setter, _jit/state.param_written)
    _same(GEN.CASES[name](M), REC[name])
