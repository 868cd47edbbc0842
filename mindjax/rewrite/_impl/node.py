"""Rewrite nodes: one statement of ``construct`` each, holding its own ``ast`` statement.

A node's ``ast`` is edited in place when its arguments change, so the generated source is
always the statements of the nodes in order. Topology (which node provides an argument,
which nodes use a target) is computed from names on demand, inside one node list.
"""
from __future__ import annotations

import ast
import inspect

from ..api.node_type import NodeType
from ..api.scoped_value import ScopedValue, ValueType


def value_to_ast(v: ScopedValue) -> ast.expr:
    """The expression that a ScopedValue stands for."""
    if v.type == ValueType.NamingValue:
        return ast.parse(str(v), mode="eval").body
    if v.type == ValueType.ConstantValue:
        return ast.Constant(value=v.value)
    if v.type in (ValueType.TupleValue, ValueType.ListValue):
        elts = [value_to_ast(e) for e in v.value]
        return ast.Tuple(elts=elts, ctx=ast.Load()) if v.type == ValueType.TupleValue else \
            ast.List(elts=elts, ctx=ast.Load())
    if v.type == ValueType.DictValue:
        return ast.Dict(keys=[value_to_ast(k) for k in v.value], values=[value_to_ast(x) for x in v.value.values()])
    if v.type == ValueType.UnsupportedValue and isinstance(v.value, str):
        return ast.parse(v.value, mode="eval").body
    raise RuntimeError(f"For 'rewrite', the value '{v}' cannot be written as code; insert the object as an "
                       f"attribute and pass its name instead.")


def ast_to_value(node: ast.AST) -> ScopedValue:
    """The ScopedValue for an operand expression (names, ``self.x``, constants, flat tuples)."""
    if isinstance(node, ast.Name):
        return ScopedValue.create_naming_value(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return ScopedValue.create_naming_value(node.attr, node.value.id)
    if isinstance(node, ast.Constant):
        return ScopedValue.create_variable_value(node.value)
    if isinstance(node, (ast.Tuple, ast.List)):
        vals = []
        for e in node.elts:
            if isinstance(e, ast.Constant):
                vals.append(e.value)
            elif isinstance(e, ast.Name):
                vals.append(e.id)
            elif isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name):
                vals.append(f"{e.value.id}.{e.attr}")
            else:
                return ScopedValue(ValueType.UnsupportedValue, "", ast.unparse(node))
        return ScopedValue.create_variable_value(tuple(vals))
    return ScopedValue(ValueType.UnsupportedValue, "", ast.unparse(node))


def target_elems(t: ast.AST) -> list:
    if isinstance(t, (ast.Tuple, ast.List)):
        return [e for x in t.elts for e in target_elems(x)]
    return [t]


def targets_to_ast(targets) -> ast.expr:
    elts = [ast.parse(str(t), mode="eval").body for t in targets]
    for e in elts:
        e.ctx = ast.Store()
    return elts[0] if len(elts) == 1 else ast.Tuple(elts=elts, ctx=ast.Store())


class NodeImpl:
    """One statement. ``manager`` is the node list it lives in (the tree or a control-flow block)."""

    def __init__(self, node_type, ast_node, targets, func_name, args, kwargs, name, instance):
        self.node_type = node_type
        self.ast = ast_node
        self.targets = list(targets or [])
        self.func_name = func_name
        self.args = list(args or [])
        self.kwargs = dict(kwargs or {})
        self.name = name
        self.instance = instance
        self.tree = None        # the SymbolTreeImpl it belongs to
        self.manager = None     # NodeList that holds it
        self.attributes = {}
        if node_type in (NodeType.CallCell, NodeType.CallPrimitive) and instance is not None:
            self.attributes = {k: v for k, v in vars(instance).items() if not k.startswith("_")}
            self.attributes["cls"] = type(instance)

    # ---- what the public Node reads --------------------------------------------------------
    def instance_type(self):
        if inspect.isfunction(self.instance):
            return self.instance
        return type(self.instance)

    def _all_args(self):
        return list(self.args) + list(self.kwargs.values())

    def arg_providers(self) -> dict:
        """{arg index: (node, target index)} for the arguments some earlier node in the same block assigns."""
        res = {}
        if self.manager is None:
            return res
        nodes = self.manager.nodes
        pos = nodes.index(self)
        for i, a in enumerate(self._all_args()):
            if a is None or a.type != ValueType.NamingValue:
                continue
            for prev in reversed(nodes[:pos]):
                hit = [k for k, t in enumerate(prev.targets) if t == a]
                if hit:
                    res[i] = (prev, hit[0])
                    break
        return res

    def target_users(self) -> dict:
        """{target index: [(node, arg index)]} for the later nodes of the block reading each target."""
        res = {}
        if self.manager is None or self.node_type == NodeType.Output:
            return res
        nodes = self.manager.nodes
        pos = nodes.index(self)
        for k, t in enumerate(self.targets):
            users = []
            for nxt in nodes[pos + 1:]:
                for i, a in enumerate(nxt._all_args()):
                    if a == t:
                        users.append((nxt, i))
                if t in nxt.targets:
                    break
            res[k] = users
        return res

    def inputs(self):
        return [p[0] for p in self.arg_providers().values()]

    def users(self):
        out = []
        for users in self.target_users().values():
            for u, _ in users:
                if u not in out:
                    out.append(u)
        return out

    # ---- editing: keep the ast statement in step with the fields --------------------------------
    def _arg_slots(self):
        """(container, key) pairs: where each positional argument sits in the ast."""
        a = self.ast
        if self.node_type == NodeType.Output:
            return [(a, "value")]
        if self.node_type == NodeType.Input or not isinstance(a, ast.Assign):
            return []
        v = a.value
        if isinstance(v, ast.Call):
            return [(v.args, i) for i in range(len(v.args))]
        if isinstance(v, ast.BinOp):
            return [(v, "left"), (v, "right")]
        if isinstance(v, ast.UnaryOp):
            return [(v, "operand")]
        if isinstance(v, ast.BoolOp):
            return [(v.values, i) for i in range(len(v.values))]
        if isinstance(v, ast.Compare):
            return [(v, "left")] + [(v.comparators, i) for i in range(len(v.comparators))]
        if isinstance(v, (ast.Tuple, ast.List)):
            return [(v.elts, i) for i in range(len(v.elts))]
        return [(a, "value")]

    def set_arg(self, index: int, arg: ScopedValue):
        if not 0 <= index < len(self.args):
            raise ValueError(f"For 'set_arg', the 'index' must be in [0, {len(self.args)}), but got {index}.")
        old = self.args[index]
        self.args[index] = arg
        slots = self._arg_slots()
        if index < len(slots):
            holder, key = slots[index]
            expr = value_to_ast(arg)
            if isinstance(key, int):
                holder[key] = expr
            else:
                setattr(holder, key, expr)
        return arg, old

    def set_targets(self, targets):
        self.targets = list(targets)
        if isinstance(self.ast, ast.Assign):
            self.ast.targets = [targets_to_ast(self.targets)]


class NodeList:
    """An ordered block of nodes: the tree's ``construct`` or one branch of a control flow."""

    def __init__(self):
        self.nodes = []

    def insert(self, node, base, before):
        if base is None:
            idx = len(self.nodes)
        else:
            idx = self.nodes.index(base) + (0 if before else 1)
        self.nodes.insert(idx, node)
        node.manager = self

    def body_asts(self):
        """The statements of the block, in order (a control-flow pair writes one ``if``)."""
        out = []
        for n in self.nodes:
            if n.node_type == NodeType.Input:
                continue
            if isinstance(n, ControlFlow):
                if n.is_orelse:
                    continue
                n.ast.body = n.body_asts() or [ast.Pass()]
                if n.orelse_node is not None:
                    n.ast.orelse = n.orelse_node.body_asts()
                out.append(n.ast)
                continue
            out.append(n.ast)
        return out


class ControlFlow(NodeImpl, NodeList):
    """``if`` (``if_node``) or its ``else`` (``else_node``), ``for``, ``while``: a node holding a block."""

    def __init__(self, name, ast_node, is_orelse, args):
        NodeImpl.__init__(self, NodeType.ControlFlow, ast_node, [], name, args, {}, name, None)
        NodeList.__init__(self)
        self.is_orelse = is_orelse
        self.orelse_node = None


class CellContainer(NodeImpl, NodeList):
    """A call of a SequentialCell: a node listing one node per cell of the container."""

    def __init__(self, ast_node, targets, func_name, args, kwargs, name, instance):
        NodeImpl.__init__(self, NodeType.CellContainer, ast_node, targets, func_name, args, kwargs, name, instance)
        NodeList.__init__(self)


class TreeNode(NodeImpl):
    """A call of a user-defined sub-network, with the sub-network's own symbol tree."""

    def __init__(self, subtree, ast_node, targets, func_name, args, kwargs, name, instance):
        NodeImpl.__init__(self, NodeType.Tree, ast_node, targets, func_name, args, kwargs, name, instance)
        self.symbol_tree = subtree
