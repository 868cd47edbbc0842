"""``mindspore.rewrite``: parse a network's ``construct`` into nodes, edit them and generate a new
network from the edited source (Python's ``ast``)."""
from .api.scoped_value import ScopedValue, ValueType
from .api.symbol_tree import SymbolTree
from .api.node import Node
from .api.node_type import NodeType

__all__ = ["SymbolTree", "Node", "NodeType", "ScopedValue", "ValueType"]
