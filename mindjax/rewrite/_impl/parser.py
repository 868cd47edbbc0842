"""Turn the statements of a flattened ``construct`` into rewrite nodes (MindSpore's rules and names)."""
from __future__ import annotations

import ast
import builtins
import inspect
import os
import sys

from ..api.node_type import NodeType
from ..api.scoped_value import ScopedValue
from .flattener import Flattener
from .namer import FUNCTION_NAMER
from .node import NodeImpl, ControlFlow, CellContainer, TreeNode, ast_to_value, target_elems

_PKG_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # .../mindjax


def is_framework_object(obj) -> bool:
    mod = getattr(obj, "__module__", None) or getattr(type(obj), "__module__", "") or ""
    return mod.split(".")[0] in ("mindjax", "mindspore")


def is_subtree(cell) -> bool:
    """A user-defined Cell gets its own symbol tree; the framework's own layers do not."""
    from ...nn import Cell
    return isinstance(cell, Cell) and not is_framework_object(cell)


def _is_third_party(obj) -> bool:
    mod = inspect.getmodule(obj)
    path = getattr(mod, "__file__", None)
    if path is None:
        return True
    path = os.path.realpath(path)
    if path.startswith(os.path.realpath(os.path.dirname(os.__file__))):
        return True
    if path.startswith(os.path.realpath(os.getcwd())):
        return False
    return "site-packages" in path.split(os.sep)


def _is_primitive(obj) -> bool:
    from ...ops import Primitive
    return isinstance(obj, Primitive)


class Parser:
    """Parses statement lists of one SymbolTreeImpl into its node lists."""

    def __init__(self, tree):
        self.tree = tree
        self.net = tree.origin

    # ---- statements ---------------------------------------------------------------------
    def parse_body(self, body, mgr):
        for stmt in list(body):
            if isinstance(stmt, ast.Assign):
                self.parse_assign(stmt, mgr)
            elif isinstance(stmt, ast.Return):
                node = NodeImpl(NodeType.Output, stmt, [], ScopedValue.create_naming_value("return"),
                                [ast_to_value(stmt.value) if stmt.value is not None else
                                 ScopedValue.create_variable_value(None)], {}, "return", None)
                self.tree.add(node, mgr)
            elif isinstance(stmt, (ast.If, ast.For, ast.While)):
                self.parse_control(stmt, mgr)
            else:
                self.tree.add(NodeImpl(NodeType.Python, stmt, [], None, [], {}, type(stmt).__name__, None), mgr)

    def parse_control(self, stmt, mgr):
        kind = {ast.If: "if", ast.For: "for", ast.While: "while"}[type(stmt)]
        flat = Flattener(self.tree.target_namer)
        flat.flatten_body(stmt.body)
        if stmt.orelse:
            flat.flatten_body(stmt.orelse)
        args = [ast_to_value(stmt.iter if kind == "for" else stmt.test)]
        body_node = ControlFlow(f"{kind}_node", stmt, False, args)
        self.tree.add(body_node, mgr)
        self.parse_body(stmt.body, body_node)
        if stmt.orelse:
            else_node = ControlFlow("else_node" if kind == "if" else f"{kind}_else_node", stmt, True, args)
            else_node.body_node = body_node
            self.tree.add(else_node, mgr)
            self.parse_body(stmt.orelse, else_node)
            body_node.orelse_node = else_node

    def parse_assign(self, stmt, mgr):
        value = stmt.value
        targets = [ast_to_value(t) for t in target_elems(stmt.targets[0])]

        def method(func, name, args=(), kwargs=None):
            self.tree.add(NodeImpl(NodeType.CallMethod, stmt, targets, ScopedValue.create_naming_value(func),
                                   list(args), kwargs or {}, name, None), mgr)

        if isinstance(value, ast.Call):
            self.parse_call(stmt, value, targets, mgr)
        elif isinstance(value, (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare)):
            kind = type(value).__name__
            name = kind
            if isinstance(value, ast.BinOp):
                name += "_" + type(value.op).__name__
                args = [value.left, value.right]
            elif isinstance(value, ast.UnaryOp):
                name += "_" + type(value.op).__name__
                args = [value.operand]
            elif isinstance(value, ast.BoolOp):
                name += "_" + type(value.op).__name__
                args = list(value.values)
            else:
                name += "".join("_" + type(o).__name__ for o in value.ops)
                args = [value.left] + list(value.comparators)
            self.tree.add(NodeImpl(NodeType.MathOps, stmt, targets, ScopedValue.create_naming_value(kind),
                                   [ast_to_value(a) for a in args], {}, name.lower(), None), mgr)
        elif isinstance(value, ast.Subscript):
            method("pass_through", "subscript_var", [ast_to_value(value)])
        elif isinstance(value, ast.Constant):
            method("pass_through", "constant_assign", [ast_to_value(value)])
        elif isinstance(value, (ast.Name, ast.Attribute)):
            inst = self._self_attr(value)
            from ...nn import CellList, Cell
            if inst is not None and (isinstance(inst, CellList) or
                                     isinstance(inst, list) and inst and all(isinstance(c, Cell) for c in inst)):
                full = ast.unparse(value)
                self.container(stmt, targets, ScopedValue.create_naming_value(value.attr, "self"), [], {}, full,
                               inst, mgr)
            else:
                method("pass_through", f"{type(value).__name__.lower()}_assign", [ast_to_value(value)])
        elif isinstance(value, (ast.Tuple, ast.List)) and all(
                isinstance(e, (ast.Name, ast.Attribute, ast.Tuple, ast.Constant)) for e in value.elts):
            kind = "tuple" if isinstance(value, ast.Tuple) else "list"
            method(kind, kind, [ast_to_value(e) for e in value.elts])
        elif isinstance(value, ast.Dict) and all(isinstance(k, ast.Constant) and isinstance(k.value, str)
                                                 for k in value.keys) and all(
                isinstance(v, (ast.Name, ast.Attribute, ast.Tuple, ast.Constant)) for v in value.values):
            method("dict", "dict", [], {k.value: ast_to_value(v) for k, v in zip(value.keys, value.values)})
        else:
            self.tree.add(NodeImpl(NodeType.Python, stmt, [], None, [], {}, "Assign", None), mgr)

    def _self_attr(self, expr):
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
            return getattr(self.net, expr.attr, None)
        return None

    # ---- calls --------------------------------------------------------------------------
    def parse_call(self, stmt, call, targets, mgr):
        args = [ast_to_value(a) for a in call.args]
        kwargs = {k.arg: ast_to_value(k.value) for k in call.keywords}
        func = call.func
        full = ast.unparse(func)
        if isinstance(func, ast.Name):
            name, scope = func.id, ""
        elif isinstance(func, ast.Attribute):
            name, scope = func.attr, full.rsplit(".", 1)[0]
        else:
            name, scope = full.split(".")[-1], (full.rsplit(".", 1)[0] if "." in full else "")
        fsv = ScopedValue.create_naming_value(name, scope)

        def function(node_name, obj=None, ntype=NodeType.CallFunction):
            self.tree.add(NodeImpl(ntype, stmt, targets, fsv, args, kwargs, node_name, obj), mgr)

        if any(isinstance(n, ast.Call) for n in ast.walk(func)) or full in dir(builtins):
            return function(name)
        if isinstance(mgr, ControlFlow) and mgr.name.startswith("for") and full in self._loop_vars(mgr):
            return function(name)
        if scope == "self":
            cell = self.net._cells.get(name) if hasattr(self.net, "_cells") else None
            if cell is not None:
                return self.cell(stmt, targets, fsv, args, kwargs, name, cell, mgr)
            obj = getattr(self.net, name, None)
            if _is_primitive(obj):
                return function(name, obj, NodeType.CallPrimitive)
            if obj is not None and callable(obj):
                if inspect.ismethod(obj):
                    return function(name, obj)
                if isinstance(inspect.getattr_static(self.net, name, None), staticmethod):
                    return function(name)
                return self.function(fsv, name, obj, function)
        if self._is_local(mgr, full) or (scope and self._is_local(mgr, full.split(".")[0])):
            return function(name)
        obj = self._resolve(full)
        if obj is not None:
            return self.function(fsv, name, obj, function)
        return function(name)

    @staticmethod
    def _loop_vars(mgr):
        return [ast.unparse(t) for t in target_elems(mgr.ast.target)]

    @staticmethod
    def _is_local(mgr, var):
        while mgr is not None:
            if any(var in [str(t) for t in n.targets] for n in mgr.nodes):
                return True
            mgr = mgr.manager if isinstance(mgr, NodeImpl) else None
        return False

    def _resolve(self, full):
        obj = self.tree.module_globals
        for i, part in enumerate(full.split(".")):
            if i == 0:
                if part in obj:
                    obj = obj[part]
                elif hasattr(builtins, part):
                    obj = getattr(builtins, part)
                else:
                    return None
            elif hasattr(obj, part):
                obj = getattr(obj, part)
            else:
                return None
        return obj

    def function(self, fsv, name, obj, add):
        """A function, a class or a global Primitive called from construct."""
        if _is_primitive(obj):
            return add(fsv.value, obj, NodeType.CallPrimitive)
        if inspect.isclass(obj):
            return add(name)
        if not is_framework_object(obj) and _is_third_party(obj):
            return add(name, obj)
        # MindSpore parses the body of its own and of user functions into a function named after the
        # def (with '_opt' when called through a module); here the call stays as written
        def_name = fsv.value if is_framework_object(obj) else getattr(obj, "__name__", fsv.value)
        if def_name != str(fsv):
            def_name += "_opt"
        return add(FUNCTION_NAMER.get_name(def_name), obj)

    # ---- cells --------------------------------------------------------------------------
    def cell(self, stmt, targets, fsv, args, kwargs, name, cell, mgr):
        from ...nn import SequentialCell
        if isinstance(cell, SequentialCell):
            return self.container(stmt, targets, fsv, args, kwargs, name, cell, mgr)
        if is_subtree(cell):
            sub = self.tree.build_subtree(cell)
            self.tree.init_lines.append((f"self.{name}", sub, f"self.{name} = {{}}(self.{name})"))
            return self.tree.add(TreeNode(sub, stmt, targets, fsv, args, kwargs, name, cell), mgr)
        return self.tree.add(NodeImpl(NodeType.CallCell, stmt, targets, fsv, args, kwargs, name, cell), mgr)

    def container(self, stmt, targets, fsv, args, kwargs, name, cells, mgr, path=None):
        from ...nn import SequentialCell
        path = path or str(fsv)
        node = CellContainer(stmt, targets, fsv, args, kwargs, name, cells)
        for i, c in enumerate(cells):
            cname = type(c).__name__
            if isinstance(c, SequentialCell):
                self.container(None, targets, fsv, args, kwargs, cname, c, node, f"{path}[{i}]")
                continue
            if is_subtree(c):
                sub = self.tree.build_subtree(c)
                key = list(cells._cells.keys())[i] if hasattr(cells, "_cells") else None
                line = f"{path}.insert_child_to_cell({key!r}, {{}}({path}[{i}]))" if key is not None else \
                    f"{path}[{i}] = {{}}({path}[{i}])"
                self.tree.init_lines.append((f"{path}[{i}]", sub, line))
                child = TreeNode(sub, None, targets, ScopedValue.create_naming_value(cname), args, kwargs, cname, c)
            else:
                child = NodeImpl(NodeType.CallCell, None, targets, ScopedValue.create_naming_value(cname), args,
                                 kwargs, cname, c)
            self.tree.add(child, node)
        return self.tree.add(node, mgr)


def class_source(cls):
    """(ClassDef ast, module globals) of the class that defines ``construct``."""
    for klass in cls.__mro__:
        if "construct" in vars(klass):
            break
    else:
        raise RuntimeError(f"For 'SymbolTree.create', the network '{cls.__name__}' has no 'construct'.")
    try:
        src = inspect.getsource(klass)
    except (OSError, TypeError) as e:
        raise RuntimeError(f"For 'SymbolTree.create', the source of '{klass.__name__}' cannot be read: {e}") from e
    import textwrap
    mod = ast.parse(textwrap.dedent(src))
    cdef = next(n for n in mod.body if isinstance(n, ast.ClassDef))
    glb = sys.modules[klass.__module__].__dict__ if klass.__module__ in sys.modules else {}
    return cdef, glb
