"""The public classes of ``mindspore.rewrite``."""
from .scoped_value import ScopedValue, ValueType
from .node_type import NodeType
from .node import Node
from .symbol_tree import SymbolTree

__all__ = ["SymbolTree", "Node", "NodeType", "ScopedValue", "ValueType"]
