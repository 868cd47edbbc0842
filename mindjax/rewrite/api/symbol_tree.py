"""``SymbolTree``: a network's ``construct`` as nodes to inspect, edit and turn back into a network."""
from __future__ import annotations

from typing import List, Optional, Union

from ... import _checkparam as Validator
from .node import Node
from .._impl.tree import Position, SymbolTreeImpl


class SymbolTree:
    """The statements of a network's ``construct`` (and of its user-defined sub-networks) as nodes.

    Create one with :meth:`create`; edit it with :meth:`insert`, :meth:`erase`, :meth:`replace`,
    :meth:`Node.set_arg`; :meth:`get_network` builds the edited network, which shares the
    original's Parameters.

    Examples:
        >>> from mindjax import nn, ops
        >>> from mindjax.rewrite import SymbolTree
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.relu = nn.ReLU()
        ...     def construct(self, x):
        ...         return self.relu(x)
        >>> stree = SymbolTree.create(Net())  # doctest: +SKIP
        >>> print([n.get_name() for n in stree.nodes()])  # doctest: +SKIP
        ['input_x', 'relu', 'return']
    """

    def __init__(self, handler: SymbolTreeImpl):
        Validator.check_value_type("handler", handler, [SymbolTreeImpl], "SymbolTree")
        self._symbol_tree = handler

    @classmethod
    def create(cls, network) -> "SymbolTree":
        """Parse ``network`` (a Cell instance) into a SymbolTree."""
        from ...nn import Cell
        Validator.check_value_type("network", network, [Cell], "SymbolTree")
        return cls(SymbolTreeImpl(network))

    def get_handler(self) -> SymbolTreeImpl:
        """The implementation object behind this tree."""
        return self._symbol_tree

    def nodes(self, all_nodes: bool = False):
        """A generator over the nodes of ``construct``; with ``all_nodes`` also those inside control
        flow, containers and sub-trees."""
        Validator.check_value_type("all_nodes", all_nodes, [bool], "nodes")
        impls = self._symbol_tree.all_nodes() if all_nodes else list(self._symbol_tree.nodes)
        for n in impls:
            yield Node(n)

    def all_nodes(self, subtree_nodes: bool = True) -> List[Node]:
        """Every node, including those of sub-trees when ``subtree_nodes``."""
        Validator.check_value_type("subtree_nodes", subtree_nodes, [bool], "all_nodes")
        return [Node(n) for n in self._symbol_tree.all_nodes(subtree_nodes)]

    def get_node(self, node_name: str) -> Optional[Node]:
        """The node named ``node_name`` (also inside control flow), or None."""
        Validator.check_value_type("node_name", node_name, [str], "SymbolTree")
        n = self._symbol_tree.get_node(node_name)
        return Node(n) if n is not None else None

    def get_inputs(self) -> List[Node]:
        """The Input nodes."""
        return [Node(n) for n in self._symbol_tree.inputs()]

    def _real(self, node):
        if isinstance(node, Node):
            return node.get_handler()
        impl = self._symbol_tree.get_node(node)
        if impl is None:
            raise RuntimeError(f"Node is not belong to current SymbolTree: {node}")
        return impl

    def before(self, node: Union[Node, str]) -> Position:
        """The position before ``node``, for :meth:`insert`."""
        Validator.check_value_type("node", node, [Node, str], "SymbolTree")
        impl = self._real(node)
        return Position(impl.tree, impl, True)

    def after(self, node: Union[Node, str]) -> Position:
        """The position after ``node``, for :meth:`insert`."""
        Validator.check_value_type("node", node, [Node, str], "SymbolTree")
        impl = self._real(node)
        return Position(impl.tree, impl, False)

    def insert(self, position: Position, node: Node) -> Node:
        """Insert ``node`` at ``position``; its name (and a new Cell's attribute) is made unique."""
        Validator.check_value_type("position", position, [Position], "SymbolTree")
        Validator.check_value_type("node", node, [Node], "SymbolTree")
        return Node(self._symbol_tree.insert_node(node.get_handler(), position.node, position.before_node))

    def erase(self, node: Union[Node, str]) -> Node:
        """Remove ``node``; the nodes that used its outputs are left to the caller to rewire."""
        Validator.check_value_type("node", node, [Node, str], "SymbolTree")
        return Node(self._symbol_tree.erase_node(self._real(node)))

    def replace(self, old_node: Node, new_nodes: List[Node]) -> Node:
        """Insert ``new_nodes`` after ``old_node`` in order, then erase ``old_node``; returns the last one."""
        Validator.check_value_type("old_node", old_node, [Node], "SymbolTree")
        Validator.check_element_type_of_iterable("new_nodes", new_nodes, [Node], "SymbolTree")
        return Node(self._symbol_tree.replace(old_node.get_handler(), [n.get_handler() for n in new_nodes]))

    def set_output(self, index: int, return_value: str) -> Node:
        """Make the ``index``-th value of the return statement the variable ``return_value``."""
        Validator.check_value_type("index", index, [int], "SymbolTree")
        Validator.check_value_type("return_value", return_value, [str], "SymbolTree")
        return Node(self._symbol_tree.set_output(return_value, index))

    def unique_name(self, name: str = "output") -> str:
        """A variable name not used in the tree yet: ``name`` or ``name_n``."""
        Validator.check_value_type("name", name, [str], "SymbolTree")
        return self._symbol_tree.unique_name(name)

    def print_node_tabulate(self, all_nodes: bool = False) -> None:
        """Print each node's type, name, code, argument providers and target users."""
        Validator.check_value_type("all_nodes", all_nodes, [bool], "print_node_tabulate")
        print(self._symbol_tree.node_tabulate(all_nodes))

    def dump(self) -> None:
        """Print the top-level nodes as MindSpore's IR-like listing (inputs, then one ``%n`` per node)."""
        print(self._symbol_tree.dump_text())

    def get_code(self) -> str:
        """The source of the edited network's class (and of its edited sub-networks)."""
        return self._symbol_tree.get_code()

    def get_network(self):
        """A new network from the edited code; it shares the original's Parameters and sub-Cells,
        so the original should not be used afterwards."""
        return self._symbol_tree.get_network()

    def get_origin_network(self):
        """The network the tree was created from."""
        return self._symbol_tree.origin
