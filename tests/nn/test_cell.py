"""nn.Cell registration, names, modes, repr and the containers. Expected values are
from real MindSpore 2.10 runs of the same code."""
from collections import OrderedDict
import types

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, Tensor, Parameter


class Block(nn.Cell):
    def __init__(self, auto_prefix=True):
        super().__init__(auto_prefix=auto_prefix)
        self.dense = nn.Dense(3, 2)
        self.bias2 = Parameter(Tensor(np.zeros(2, np.float32)), name="bias2", requires_grad=False)

    def construct(self, x):
        return self.dense(x) + self.bias2


class Net(nn.Cell):
    def __init__(self, ap=True):
        super().__init__()
        self.block = Block(ap)
        self.seq = nn.SequentialCell([nn.Dense(2, 4), nn.ReLU()])
        self.scale = Parameter(Tensor(np.ones(1, np.float32)), name="scale")

    def construct(self, x):
        return self.seq(self.block(x)) * self.scale


ALL = ['scale', 'block.bias2', 'block.dense.weight', 'block.dense.bias', 'seq.0.weight', 'seq.0.bias']


@pytest.mark.parametrize("ap", [True, False])
def test_parameter_names_and_queries(ap):
    n = Net(ap)
    # MindSpore 2.10 (the same for Block(auto_prefix=False): Net's prefixing renames by path)
    assert [(k, p.name) for k, p in n.parameters_and_names()] == [(a, a) for a in ALL]
    gen = n.get_parameters()
    assert isinstance(gen, types.GeneratorType)
    assert [p.name for p in gen] == ALL
    assert [p.name for p in n.trainable_params()] == [a for a in ALL if a != 'block.bias2']
    assert [p.name for p in n.untrainable_params()] == ['block.bias2']
    assert list(n.parameters_dict().keys()) == ALL
    assert [k for k, _ in n.cells_and_names()] == ['', 'block', 'block.dense', 'seq', 'seq.0', 'seq.1']
    nc = n.name_cells()
    assert isinstance(nc, OrderedDict) and list(nc) == ['block', 'seq']
    assert [type(c).__name__ for c in n.cells()] == ['Block', 'SequentialCell']
    assert [p.name for p in n.block.get_parameters()] == ['block.bias2', 'block.dense.weight', 'block.dense.bias']
    assert [k for k, _ in n.block.parameters_and_names()] == ['bias2', 'dense.weight', 'dense.bias']


class A(nn.Cell):
    def __init__(self, ap):
        super().__init__(auto_prefix=ap)
        self.d = nn.Dense(2, 2)
        self.inner = nn.SequentialCell([nn.Dense(2, 2)])


class B(nn.Cell):
    def __init__(self, ap):
        super().__init__(auto_prefix=ap)
        self.a = A(ap)


def test_auto_prefix():
    # MindSpore 2.10
    assert [p.name for p in A(True).get_parameters()] == ['d.weight', 'd.bias', 'inner.0.weight', 'inner.0.bias']
    assert [p.name for p in B(True).get_parameters()] == ['a.d.weight', 'a.d.bias', 'a.inner.0.weight',
                                                          'a.inner.0.bias']
    assert [p.name for p in A(False).get_parameters()] == ['weight', 'bias', '0.weight', '0.bias']
    assert [p.name for p in B(False).get_parameters()] == ['weight', 'bias', '0.weight', '0.bias']
    assert [k for k, _ in B(False).parameters_and_names()] == ['a.d.weight', 'a.d.bias', 'a.inner.0.weight',
                                                               'a.inner.0.bias']
    assert list(B(False).parameters_dict()) == ['weight', 'bias', '0.weight', '0.bias']


def test_names_follow_attribute_path_not_given_name():
    class A2(nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = Parameter(Tensor(np.ones(1, np.float32)), name="zz")
            self.c = Parameter(Tensor(np.ones(1, np.float32)))

    class B2(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = A2()
            self.a.late = Parameter(Tensor(np.ones(1, np.float32)), name="late")
            self.a.sub = nn.Dense(1, 1)
    # MindSpore 2.10
    assert [p.name for p in A2().get_parameters()] == ['zz', 'c']
    assert [p.name for p in B2().get_parameters()] == ['a.b', 'a.c', 'late', 'sub.weight', 'sub.bias']
    assert B2().param_prefix == ''


def test_repr():
    # MindSpore 2.10
    assert repr(Net()) == """Net(
  (block): Block(
    (dense): Dense(input_channels=3, output_channels=2, has_bias=True)
  )
  (seq): SequentialCell(
    (0): Dense(input_channels=2, output_channels=4, has_bias=True)
    (1): ReLU()
  )
)"""

    class N(nn.Cell):
        def __init__(self):
            super().__init__()
            self.d = nn.Dense(2, 2)
            self.s = nn.SequentialCell([nn.ReLU()])

        def extend_repr(self):
            return "custom=1"
    n = N()
    n.d = None
    assert repr(n) == """N(
  custom=1
  (d): None
  (s): SequentialCell(
    (0): ReLU()
  )
)"""
    assert repr(nn.SequentialCell()) == "SequentialCell()"


def test_set_train_training_phase():
    n = Net()
    assert (n.training, n.phase) == (False, 'train')  # MindSpore 2.10: phase starts as 'train'
    assert n.set_train() is n
    assert (n.training, n.block.dense.training, n.phase, n.block.phase) == (True, True, 'train', 'train')
    n.set_train(False)
    assert (n.training, n.block.training, n.phase) == (False, False, 'predict')


def test_insert_child_and_param():
    class C(nn.Cell):
        def __init__(self):
            super().__init__()
    c = C()
    c.insert_child_to_cell("d", nn.Dense(2, 2))
    c.insert_param_to_cell("p", Parameter(Tensor(np.ones(2, np.float32)), name="pp"))
    # MindSpore 2.10: insert_child_to_cell does not rename the child's Parameters
    assert [(k, p.name) for k, p in c.parameters_and_names()] == [('p', 'pp'), ('d.weight', 'weight'),
                                                                  ('d.bias', 'bias')]
    assert list(c.name_cells()) == ['d']
    # MindSpore 2.10 error types and messages
    with pytest.raises(KeyError, match="can not contain '.'"):
        c.insert_child_to_cell("a.b", nn.ReLU())
    with pytest.raises(KeyError, match="can not be None"):
        c.insert_child_to_cell("", nn.ReLU())
    with pytest.raises(TypeError, match="must be str"):
        c.insert_child_to_cell(3, nn.ReLU())
    with pytest.raises(KeyError, match="should not contain"):
        c.insert_param_to_cell("a.b", Parameter(Tensor(np.ones(2, np.float32)), name="q"))
    with pytest.raises(KeyError, match="should not be None"):
        c.insert_param_to_cell("", Parameter(Tensor(np.ones(2, np.float32)), name="q"))
    with pytest.raises(TypeError, match="must be 'Cell' if not None"):
        c.insert_child_to_cell("x", 3)
    with pytest.raises(TypeError, match="must be 'Parameter' if not None"):
        c.insert_param_to_cell("x", 3)


def test_update_parameters_name():
    n = Net()
    n.update_parameters_name("net.")
    assert [p.name for p in n.get_parameters()] == ["net." + a for a in ALL]  # MindSpore 2.10


def test_apply_order():
    seen = []
    n = Net()
    assert n.apply(lambda c: seen.append(type(c).__name__)) is n
    assert seen == ['Dense', 'Block', 'Dense', 'ReLU', 'SequentialCell', 'Net']  # MindSpore 2.10


def test_to_float():
    n = Net()
    assert n.to_float(ms.float16) is n
    assert n.block.dense.weight.dtype == ms.float32  # MindSpore 2.10: Parameters keep their dtype
    out = n(Tensor(np.ones((1, 3), np.float32)))
    assert out.dtype == ms.float16  # MindSpore 2.10


def test_delete_and_replace_attributes():
    n = Net()
    del n.scale
    assert [p.name for p in n.get_parameters()][-1:] == ['seq.0.bias'] and not hasattr(n, "scale")
    del n.seq
    assert list(n.name_cells()) == ['block'] and not hasattr(n, "seq")
    n.block = nn.Dense(3, 3)
    assert list(n.name_cells()) == ['block']
    assert [p.name for p in n.get_parameters()] == ['block.weight', 'block.bias']
    n.block = None
    assert list(n.name_cells()) == [] and n.block is None and list(n.get_parameters()) == []
    with pytest.raises(TypeError, match="Sub cell 'block' already exists"):  # MindSpore 2.10
        n.block = 3
    n.scale2 = Parameter(Tensor(np.ones(1, np.float32)), name="s2")
    n.scale2 = Tensor(np.array([5.0], np.float32))  # a Tensor assigned to a Parameter attribute sets its data
    assert isinstance(n.scale2, Parameter) and n.scale2.asnumpy().tolist() == [5.0]
    n.scale2 = None
    assert n.scale2 is None and list(n.get_parameters()) == []


def test_containers():
    # MindSpore 2.10
    s = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])
    s.append(nn.Dense(3, 1))
    assert [p.name for p in s.get_parameters()] == ['0.weight', '0.bias', '2.weight', '2.bias']
    assert len(s) == 3 and type(s[1]).__name__ == 'ReLU'
    assert [k for k, _ in s.cells_and_names()] == ['', '0', '1', '2']
    assert repr(s) == """SequentialCell(
  (0): Dense(input_channels=2, output_channels=3, has_bias=True)
  (1): ReLU()
  (2): Dense(input_channels=3, output_channels=1, has_bias=True)
)"""
    s2 = nn.SequentialCell(OrderedDict([("fc", nn.Dense(2, 3)), ("act", nn.ReLU())]))
    assert [p.name for p in s2.get_parameters()] == ['fc.weight', 'fc.bias'] and list(s2.name_cells()) == ['fc', 'act']
    cl = nn.CellList([nn.Dense(2, 3), nn.ReLU()])
    cl.append(nn.Dense(3, 1))
    cl.insert(0, nn.Tanh())
    assert [p.name for p in cl.get_parameters()] == ['1.weight', '1.bias', '3.weight', '3.bias']
    assert len(cl) == 4 and [type(c).__name__ for c in cl] == ['Tanh', 'Dense', 'ReLU', 'Dense']
    assert list(cl.name_cells()) == ['0', '1', '2', '3']
    assert repr(cl) == """CellList(
  (0): Tanh()
  (1): Dense(input_channels=2, output_channels=3, has_bias=True)
  (2): ReLU()
  (3): Dense(input_channels=3, output_channels=1, has_bias=True)
)"""
    cd = nn.CellDict({"a": nn.Dense(2, 3), "b": nn.ReLU()})
    assert [p.name for p in cd.get_parameters()] == ['a.weight', 'a.bias'] and len(cd) == 2
    assert list(cd.keys()) == ['a', 'b'] and list(cd.name_cells()) == ['a', 'b']
    assert repr(cd) == """CellDict(
  (a): Dense(input_channels=2, output_channels=3, has_bias=True)
  (b): ReLU()
)"""

    class H(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2)])
    assert [p.name for p in H().get_parameters()] == ['layers.0.weight', 'layers.0.bias', 'layers.1.weight',
                                                      'layers.1.bias']


def test_celllist_iadd_appends_as_mindspore():
    """``CellList += [...]`` extends it; a non-list is TypeError (MindSpore 2.10's message)."""
    cl = nn.CellList([nn.ReLU()])
    cl += [nn.Tanh()]
    assert len(cl) == 2 and [type(c).__name__ for c in cl] == ["ReLU", "Tanh"]
    with pytest.raises(TypeError, match="should be instance of list, but got int"):
        cl += 5
