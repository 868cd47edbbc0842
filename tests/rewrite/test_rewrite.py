"""mindjax.rewrite against MindSpore 2.10's rewrite (recorded by tests/data/gen_rewrite.py)."""
import json
import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "data"))
sys.path.insert(0, HERE)

import mindjax as ms  # noqa: E402
from mindjax import nn, rewrite  # noqa: E402
from mindjax.rewrite import SymbolTree, Node, NodeType, ScopedValue  # noqa: E402
import rewrite_cases  # noqa: E402
import rewrite_nets as nets  # noqa: E402

with open(os.path.join(HERE, "..", "data", "ms_rewrite.json")) as _f:
    MS = json.load(_f)


@pytest.fixture(scope="module")
def mj():
    return rewrite_cases.run_all(ms, rewrite)


@pytest.mark.parametrize("case", ["lenet", "if_true", "if_false", "subnet"])
def test_nodes_as_mindspore(mj, case):
    """Names, types, instance types, targets, args, users and inputs of every node, before and after edits."""
    for key in ("nodes", "after_nodes"):
        assert mj[case][key] == MS[case][key], key
    if case == "subnet":
        assert mj[case]["sub_nodes"] == MS[case]["sub_nodes"]
        assert mj[case]["inserted"] == MS[case]["inserted"]


@pytest.mark.parametrize("case", ["lenet", "if_true", "if_false", "subnet"])
def test_generated_construct_as_mindspore(mj, case):
    """The generated ``construct`` of every class is MindSpore's, statement for statement."""
    assert sorted(mj[case]["constructs"]) == sorted(MS[case]["constructs"])


@pytest.mark.parametrize("case", ["lenet", "if_true", "if_false", "subnet"])
def test_outputs_as_mindspore(mj, case):
    """The original and the edited networks give MindSpore's outputs on the same weights and inputs."""
    for key in ("before", "after"):
        np.testing.assert_allclose(_flat(mj[case][key]), _flat(MS[case][key]), rtol=1e-5, atol=1e-6)


def _flat(v):
    """One vector of an output, or of an output tuple (recorded as a list of differently shaped arrays)."""
    try:
        return np.ravel(np.asarray(v, dtype=np.float64))
    except ValueError:
        return np.concatenate([_flat(x) for x in v])


def test_small_results_as_mindspore(mj):
    assert mj["lenet"]["unique"] == MS["lenet"]["unique"]
    assert mj["lenet"]["act"] == MS["lenet"]["act"]
    assert mj["if_true"]["sig"] == MS["if_true"]["sig"]
    assert mj["values"] == MS["values"]


def _lenet():
    net = nets.LeNet()
    rewrite_cases.set_weights(ms, net)
    return net


def test_new_network_shares_parameters_and_runs_under_jit():
    net = _lenet()
    x = ms.Tensor(rewrite_cases._x((2, 1, 10, 10)))
    ref = net(x).asnumpy()
    st = SymbolTree.create(net)
    new = st.get_network()
    assert isinstance(new, nn.Cell) and isinstance(new, nets.LeNet)
    assert type(new).__name__.startswith("LeNetOpt")
    assert new.conv1.weight is net.conv1.weight
    assert [p.name for p in new.get_parameters()] == [p.name for p in net.get_parameters()]
    np.testing.assert_allclose(new(x).asnumpy(), ref, rtol=1e-6)
    jitted = ms.jit(new.construct)
    np.testing.assert_allclose(jitted(x).asnumpy(), ref, rtol=1e-5, atol=1e-6)


def test_set_output_and_topology():
    st = SymbolTree.create(_lenet())
    ret = st.set_output(0, "fc1_var")
    assert ret.get_node_type() == NodeType.Output and str(ret.get_args()[0]) == "fc1_var"
    fc1 = st.get_node("fc1")
    assert [u.get_name() for u in fc1.get_users()] == ["relu_2", "return"]
    prov = ret.get_arg_providers()
    assert prov[0][0] == fc1 and prov[0][1] == 0
    new = st.get_network()
    out = new(ms.Tensor(rewrite_cases._x((2, 1, 10, 10))))
    assert out.shape == (2, 12)
    assert "return fc1_var" in st.get_code()


def test_insert_errors_and_positions():
    st = SymbolTree.create(_lenet())
    inp = st.get_node("input_x")
    n = Node.create_call_cell(nn.ReLU(), ["y"], [ScopedValue.create_naming_value("x")], name="r")
    with pytest.raises(RuntimeError):
        st.insert(st.before(inp), n)
    st.insert(st.after(inp), n)
    with pytest.raises(ValueError):
        st.insert(st.after(inp), n)           # already in the tree
    with pytest.raises(TypeError):
        st.insert("conv1", n)
    assert st.erase("r").get_name() == "r"
    assert st.get_node("r") is None


def test_insert_sub_network_node():
    """``is_sub_net=True`` gives a Tree node with its own symbol tree, compiled into the new class."""
    net = nets.IfNet(True)
    rewrite_cases.set_weights(ms, net)
    x = ms.Tensor(rewrite_cases._x((3, 4), 1))
    sub = nets.Sub()
    rewrite_cases.set_weights(ms, sub)
    ref = (net.relu(sub(net.dense(x))) + 1.5) * 1.5
    st = SymbolTree.create(net)
    n = Node.create_call_cell(sub, ["x"], [ScopedValue.create_naming_value("x")], name="extra", is_sub_net=True)
    assert n.get_node_type() == NodeType.Tree
    assert [m.get_name() for m in n.get_sub_tree().nodes()] == ["input_x", "dense", "relu", "binop_add", "return"]
    st.insert(st.after("dense"), n)
    assert n.get_symbol_tree().get_handler() is st.get_handler()
    assert [u.get_name() for u in st.get_node("dense").get_users()] == ["extra"]
    new = st.get_network()
    assert type(new.extra).__name__.startswith("SubOpt")
    np.testing.assert_allclose(new(x).asnumpy(), ref.asnumpy(), rtol=1e-5, atol=1e-6)


def test_print_node_tabulate_and_dump(capsys):
    st = SymbolTree.create(nets.SubNet())
    st.print_node_tabulate()
    text = capsys.readouterr().out
    assert "node type" in text and "x = self.sub(x)" in text and "[[0, ('input_x', 0)]]" in text
    st.dump()
    text = capsys.readouterr().out
    assert "#Inputs num     : 2" in text
    assert "%1(x) = Sub(%input_x){instance name: sub}" in text
    assert "%4(abs_var) = Abs(%input_x){instance name: abs}" in text
