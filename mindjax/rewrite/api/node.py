"""``Node``: one statement of a network's ``construct`` in a :class:`SymbolTree`."""
from __future__ import annotations

from types import FunctionType
from typing import Dict, List, Optional, Union

from ... import _checkparam as Validator
from .node_type import NodeType
from .scoped_value import ScopedValue
from .._impl.node import NodeImpl, TreeNode


def _targets(targets):
    out = []
    for t in targets:
        if isinstance(t, str):
            scope, name = t.rsplit(".", 1) if "." in t else ("", t)
            out.append(ScopedValue.create_naming_value(name, scope))
        else:
            out.append(t)
    return out


class Node:
    """A node of a :class:`SymbolTree`: its kind, name, targets, arguments and topology.

    Examples:
        >>> from mindjax import nn
        >>> from mindjax.rewrite import Node, ScopedValue
        >>> node = Node.create_call_cell(nn.ReLU(), targets=['x'], args=[ScopedValue.create_naming_value('x')],
        ...                              name='new_relu')
        >>> print(node.get_name(), node.get_node_type())
        new_relu NodeType.CallCell
    """

    def __init__(self, node: NodeImpl):
        self._node = node

    def __eq__(self, other):
        return isinstance(other, Node) and self._node is other._node

    __hash__ = None

    @staticmethod
    def create_call_cell(cell, targets: List[Union[ScopedValue, str]], args: List[ScopedValue] = None,
                         kwargs: Dict[str, ScopedValue] = None, name: str = "", is_sub_net: bool = False) -> "Node":
        """A node calling ``cell`` (a Cell or Primitive): ``targets = self.name(*args, **kwargs)``.
        With ``is_sub_net`` a user-defined Cell gets its own symbol tree (a ``Tree`` node).

        Examples:
            >>> from mindjax import nn
            >>> from mindjax.rewrite import Node, ScopedValue
            >>> n = Node.create_call_cell(nn.ReLU(), ['y'], [ScopedValue.create_naming_value('x')], name='act')
            >>> print(n.get_targets(), n.get_args())
            [y] [x]
        """
        from ...nn import Cell
        from ...ops import Primitive
        Validator.check_value_type("cell", cell, [Cell, Primitive], "Node")
        Validator.check_element_type_of_iterable("targets", targets, [ScopedValue, str], "Node")
        Validator.check_value_type("name", name, [str], "Node")
        Validator.check_value_type("is_sub_net", is_sub_net, [bool], "Node")
        if args is not None:
            Validator.check_element_type_of_iterable("args", args, [ScopedValue], "Node")
        if kwargs is not None:
            Validator.check_element_type_of_dict("kwargs", kwargs, [str], [ScopedValue], "Node")
        func = ScopedValue.create_naming_value(name) if name else None
        from .._impl.parser import is_subtree
        if is_sub_net and is_subtree(cell):
            from .._impl.tree import SymbolTreeImpl
            impl = TreeNode(SymbolTreeImpl(cell), None, _targets(targets), func, args, kwargs, name, cell)
        else:
            kind = NodeType.CallCell if isinstance(cell, Cell) else NodeType.CallPrimitive
            impl = NodeImpl(kind, None, _targets(targets), func, args, kwargs, name, cell)
        return Node(impl)

    @staticmethod
    def create_call_function(function: FunctionType, targets: List[Union[ScopedValue, str]],
                             args: List[ScopedValue] = None, kwargs: Dict[str, ScopedValue] = None) -> "Node":
        """A node calling ``function``: ``targets = function(*args, **kwargs)``.

        Examples:
            >>> from mindjax import ops
            >>> from mindjax.rewrite import Node, ScopedValue
            >>> n = Node.create_call_function(ops.abs, ['y'], [ScopedValue.create_naming_value('x')])
            >>> print(n.get_name(), n.get_node_type())
            abs NodeType.CallFunction
        """
        Validator.check_value_type("function", function, [FunctionType, type, type(abs)], "create_call_function")
        Validator.check_element_type_of_iterable("targets", targets, [ScopedValue, str], "create_call_function")
        if args is not None:
            Validator.check_element_type_of_iterable("args", args, [ScopedValue], "create_call_function")
        if kwargs is not None:
            Validator.check_element_type_of_dict("kwargs", kwargs, [str], [ScopedValue], "create_call_function")
        name = function.__name__
        return Node(NodeImpl(NodeType.CallFunction, None, _targets(targets), ScopedValue.create_naming_value(name),
                             args, kwargs, name, function))

    @staticmethod
    def create_input(param_name: str, default: Optional[ScopedValue] = None) -> "Node":
        """An input (a parameter of ``construct``) named ``param_name``."""
        Validator.check_value_type("param_name", param_name, [str], "Node")
        if default is not None:
            Validator.check_value_type("default", default, [ScopedValue], "Node")
        return Node(NodeImpl(NodeType.Input, None, [ScopedValue.create_naming_value(param_name)], None,
                             [default] if default is not None else [], {}, f"input_{param_name}", None))

    def get_handler(self) -> NodeImpl:
        """The implementation object behind this node."""
        return self._node

    def get_inputs(self) -> List["Node"]:
        """The nodes that provide this node's arguments (one per argument they provide)."""
        return [Node(n) for n in self._node.inputs()]

    def get_users(self) -> List["Node"]:
        """The nodes that read this node's outputs."""
        return [Node(n) for n in self._node.users()]

    def set_arg(self, index: int, arg: Union[ScopedValue, str]) -> None:
        """Replace the ``index``-th positional argument by ``arg`` (a name or a ScopedValue)."""
        Validator.check_value_type("index", index, [int], "Node")
        Validator.check_value_type("arg", arg, [ScopedValue, str], "Node")
        if isinstance(arg, str):
            arg = ScopedValue.create_naming_value(arg)
        self._node.set_arg(index, arg)
        if self._node.tree is not None:
            self._node.tree.modified = True

    def set_arg_by_node(self, arg_idx: int, src_node: "Node", out_idx: Optional[int] = None) -> None:
        """Make the ``arg_idx``-th argument the ``out_idx``-th output of ``src_node``."""
        Validator.check_value_type("arg_idx", arg_idx, [int], "Node")
        Validator.check_value_type("src_node", src_node, [Node], "Node")
        if out_idx is not None:
            Validator.check_value_type("out_idx", out_idx, [int], "Node")
        targets = src_node._node.targets
        if out_idx is None:
            if len(targets) != 1:
                raise RuntimeError("node should has one output when out_idx is not provided")
            out_idx = 0
        if not 0 <= out_idx < len(targets):
            raise RuntimeError(f"out_idx out of range: {out_idx}")
        self.set_arg(arg_idx, targets[out_idx])

    def get_targets(self) -> List[ScopedValue]:
        """The values this node assigns."""
        return self._node.targets

    def get_name(self) -> str:
        """The node's name, unique in its symbol tree."""
        return self._node.name

    def get_node_type(self) -> NodeType:
        """The node's :class:`NodeType`."""
        return self._node.node_type

    def get_instance_type(self) -> type:
        """The type of the called Cell or Primitive (the function itself for a function)."""
        return self._node.instance_type()

    def get_instance(self):
        """The called Cell, Primitive or function (None for other nodes)."""
        return self._node.instance

    def get_args(self) -> List[ScopedValue]:
        """The positional arguments."""
        return self._node.args

    def get_kwargs(self) -> Dict[str, ScopedValue]:
        """The keyword arguments."""
        return self._node.kwargs

    def get_symbol_tree(self):
        """The :class:`SymbolTree` the node belongs to (None before insertion)."""
        from .symbol_tree import SymbolTree
        return SymbolTree(self._node.tree) if self._node.tree is not None else None

    def get_sub_tree(self):
        """The symbol tree of the sub-network of a ``Tree`` node."""
        if self._node.node_type != NodeType.Tree:
            raise TypeError("For get_sub_tree, the type of node should be 'NodeType.Tree', "
                            f"but got {self._node.node_type}")
        from .symbol_tree import SymbolTree
        return SymbolTree(self._node.symbol_tree)

    def set_attribute(self, key: str, value) -> None:
        """Attach a user attribute."""
        Validator.check_value_type("key", key, [str], "Node attribute")
        self._node.attributes[key] = value

    def get_attributes(self) -> dict:
        """The attributes (for a Cell or Primitive node, its public fields and ``cls``)."""
        return self._node.attributes

    def get_attribute(self, key: str):
        """One attribute (None if absent)."""
        Validator.check_value_type("key", key, [str], "Node attribute")
        return self._node.attributes.get(key)

    def get_arg_providers(self) -> dict:
        """{argument index: (providing node, its output index)}."""
        return {i: (Node(n), k) for i, (n, k) in self._node.arg_providers().items()}

    def get_target_users(self, index: int = -1) -> Union[dict, list]:
        """{output index: [(user node, argument index)]}, or the list for one output ``index``."""
        Validator.check_value_type("index", index, [int], "get_target_users")
        users = {k: [(Node(n), i) for n, i in v] for k, v in self._node.target_users().items()}
        return users if index == -1 else users.get(index, [])
