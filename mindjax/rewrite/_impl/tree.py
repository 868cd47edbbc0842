"""SymbolTreeImpl: the parsed ``construct`` of one network, its edits and the code it generates."""
from __future__ import annotations

import ast
import copy
import inspect
import sys

from ..api.node_type import NodeType
from ..api.scoped_value import ScopedValue, ValueType
from .flattener import Flattener
from .namer import Namer, CLASS_NAMER
from .node import NodeImpl, NodeList, ControlFlow, TreeNode, value_to_ast, targets_to_ast
from .parser import Parser, class_source, is_subtree


class Position:
    """Where ``SymbolTree.insert`` puts a node: before or after ``node`` of ``tree``."""

    def __init__(self, tree, node, before_node: bool):
        self.symbol_tree = tree
        self.node = node
        self.before_node = before_node


_FALLBACK = {NodeType.Python: "python_node", NodeType.Input: "parameter", NodeType.Output: "return",
             NodeType.MathOps: "math_ops"}


class SymbolTreeImpl(NodeList):
    """Nodes of ``construct`` (a NodeList), with the namers and the pieces of the generated class."""

    def __init__(self, network):
        super().__init__()
        self.origin = network
        self.ori_cls_name = type(network).__name__
        self.opt_cls_name = CLASS_NAMER.get_name(self.ori_cls_name)
        self.class_ast, self.module_globals = class_source(type(network))
        self.node_namer = Namer()
        self.target_namer = Namer()
        self.init_lines = []        # (key, subtree or None, line with {} for the sub-class name)
        self.extra_globals = {}     # functions that inserted nodes call
        self.modified = False
        self.subtrees = []
        fdef = next(n for n in self.class_ast.body if isinstance(n, ast.FunctionDef) and n.name == "construct")
        self.func_ast = copy.deepcopy(fdef)
        self.func_ast.decorator_list = []
        self._build()

    # ---- building -----------------------------------------------------------------------
    def _build(self):
        Flattener(self.target_namer).flatten_body(self.func_ast.body)
        a = self.func_ast.args
        for arg in a.posonlyargs + a.args:
            if arg.arg != "self":
                self.add(NodeImpl(NodeType.Input, arg, [ScopedValue.create_naming_value(arg.arg)], None, [], {},
                                  f"input_{arg.arg}", None), self)
        Parser(self).parse_body(self.func_ast.body, self)

    def build_subtree(self, cell):
        sub = SymbolTreeImpl(cell)
        self.subtrees.append(sub)
        return sub

    def add(self, node, mgr, base=None, before=False):
        """Name ``node`` uniquely, register its targets and put it into ``mgr``."""
        name = node.name
        if not name:
            if node.node_type in (NodeType.CallCell, NodeType.CallPrimitive, NodeType.CallFunction, NodeType.Tree):
                name = type(node.instance).__name__
            else:
                name = _FALLBACK.get(node.node_type, str(node.node_type))
        node.name = self.node_namer.get_name(name)
        for t in node.targets:
            self.target_namer.add_name(str(t))
        mgr.insert(node, base, before)
        self._set_tree(node)
        return node

    def _set_tree(self, node):
        node.tree = self
        for n in getattr(node, "nodes", ()):
            self._set_tree(n)

    # ---- queries ------------------------------------------------------------------------
    def managers(self):
        """Every node list of this tree (construct, control-flow blocks, containers), depth first."""
        out, todo = [], [self]
        while todo:
            m = todo.pop()
            out.append(m)
            todo.extend(n for n in m.nodes if isinstance(n, NodeList))
        return out

    def all_nodes(self, subtree_nodes=True):
        nodes = []
        for m in self.managers():
            nodes.extend(m.nodes)
        if subtree_nodes:
            for m in self.managers():
                for n in m.nodes:
                    if isinstance(n, TreeNode):
                        nodes.extend(n.symbol_tree.all_nodes())
        return nodes

    def get_node(self, name):
        for m in self.managers():
            for n in m.nodes:
                if n.name == name:
                    return n
        return None

    def owns(self, node):
        return node.tree is self and node.manager is not None

    def inputs(self):
        return [n for n in self.nodes if n.node_type == NodeType.Input]

    # ---- edits --------------------------------------------------------------------------
    def _mark(self):
        self.modified = True

    def insert_node(self, node, base, before):
        if node.tree is not None:
            raise ValueError(f"Node in the SymbolTree cannot be inserted into SymbolTree again: {node.name}")
        if base.tree is not self:
            raise ValueError(f"Position is not in current SymbolTree, node:{base.tree.ori_cls_name if base.tree else None}"
                             f", current: {self.ori_cls_name}.")
        mgr = base.manager
        if base.node_type == NodeType.Input and node.node_type != NodeType.Input:
            pos = mgr.nodes.index(base)
            nxt = mgr.nodes[pos + 1] if pos + 1 < len(mgr.nodes) else None
            if before or (nxt is not None and nxt.node_type == NodeType.Input):
                raise RuntimeError(f"Can not insert a node before or between parameters: {base.name}")
        if mgr is not None and mgr is not self and not isinstance(mgr, ControlFlow):
            raise RuntimeError(f"For 'insert', nodes can not be inserted into the container node "
                               f"'{mgr.name}'.")
        self.add(node, mgr, base, before)
        self._materialize(node)
        self._mark()
        return node

    def _materialize(self, node):
        """Give a new node its statement (and the attribute or global it calls)."""
        if node.node_type == NodeType.Input:
            if node.ast is None:
                node.ast = ast.arg(arg=str(node.targets[0]))
            return
        for i, a in enumerate(node.args):
            if a.type == ValueType.CustomObjValue:
                attr = f"{node.name}_arg_{i}"
                setattr(self.origin, attr, a.value)
                node.args[i] = ScopedValue.create_naming_value(attr, "self")
        for k, a in list(node.kwargs.items()):
            if a.type == ValueType.CustomObjValue:
                attr = f"{node.name}_{k}"
                setattr(self.origin, attr, a.value)
                node.kwargs[k] = ScopedValue.create_naming_value(attr, "self")
        if node.ast is not None:
            return
        if node.node_type in (NodeType.CallCell, NodeType.CallPrimitive, NodeType.Tree):
            setattr(self.origin, node.name, node.instance)
            node.func_name = ScopedValue.create_naming_value(node.name, "self")
            if isinstance(node, TreeNode):
                self.subtrees.append(node.symbol_tree)
                self.init_lines.append((f"self.{node.name}", node.symbol_tree,
                                        f"self.{node.name} = {{}}(obj.{node.name})"))
            else:
                self.init_lines.append((f"self.{node.name}", None, f"self.{node.name} = obj.{node.name}"))
        elif node.node_type == NodeType.CallFunction:
            fname = node.func_name.value
            self.extra_globals[fname] = node.instance
        call = ast.Call(func=value_to_ast(node.func_name), args=[value_to_ast(a) for a in node.args],
                        keywords=[ast.keyword(arg=k, value=value_to_ast(v)) for k, v in node.kwargs.items()])
        node.ast = ast.Assign(targets=[targets_to_ast(node.targets)], value=call) if node.targets else ast.Expr(call)
        ast.fix_missing_locations(node.ast)

    def erase_node(self, node):
        if not self.owns(node):
            raise RuntimeError(f"Node is not belong to current SymbolTree: {node.name}")
        mgr = node.manager
        if mgr is not self and not isinstance(mgr, ControlFlow):
            raise RuntimeError(f"For 'erase', nodes can not be erased from the container node '{mgr.name}'.")
        mgr.nodes.remove(node)
        node.manager = None
        node.tree = None
        self._mark()
        return node

    def replace(self, old, new_nodes):
        if not self.owns(old):
            raise RuntimeError(f"Old node is not belong to current SymbolTree: {old.name}")
        base = old
        for n in new_nodes:
            self.insert_node(n, base, False)
            base = n
        self.erase_node(old)
        return new_nodes[-1]

    def set_output(self, return_value: str, index: int):
        rets = [n for n in self.nodes if n.node_type == NodeType.Output]
        if not rets:
            raise RuntimeError("Current node_manager has no output")
        rets[0].set_arg(index, ScopedValue.create_naming_value(return_value))
        self._mark()
        return rets[0]

    def unique_name(self, name):
        return self.target_namer.get_name(name)

    # ---- code ---------------------------------------------------------------------------
    def _construct_ast(self):
        f = copy.copy(self.func_ast)
        f.args = copy.copy(self.func_ast.args)
        self_arg = [a for a in self.func_ast.args.posonlyargs + self.func_ast.args.args if a.arg == "self"]
        f.args.posonlyargs = []
        f.args.args = self_arg + [n.ast for n in self.inputs()]
        ndef = len(f.args.defaults)
        if ndef > len(f.args.args) - 1:
            f.args.defaults = f.args.defaults[-(len(f.args.args) - 1):] if len(f.args.args) > 1 else []
        f.body = copy.deepcopy(self.body_asts()) or [ast.Pass()]
        return ast.fix_missing_locations(f)

    def _classes(self, seen, out):
        """Append (opt class name, class source, tree) for the sub-trees then this tree; unmodified
        trees of one network class share one generated class."""
        names = {}
        for _, sub, _ in self.init_lines:
            if sub is not None and id(sub) not in names:
                names[id(sub)] = sub._classes(seen, out)
        key = (type(self.origin), "unmodified") if not self._changed() else id(self)
        if key in seen:
            return seen[key]
        seen[key] = self.opt_cls_name
        lines = [f"class {self.opt_cls_name}({self.ori_cls_name}, nn.Cell):", "",
                 "    def __init__(self, obj):", "        nn.Cell.__init__(self)",
                 "        for key, value in obj.__dict__.items():", "            setattr(self, key, value)"]
        for _, sub, line in self.init_lines:
            lines.append("        " + (line.format(names[id(sub)]) if sub is not None else line))
        body = ast.unparse(self._construct_ast())
        lines.append("")
        lines.extend("    " + ln if ln else ln for ln in body.splitlines())
        out.append((self.opt_cls_name, "\n".join(lines) + "\n", self))
        return self.opt_cls_name

    def _changed(self):
        return self.modified or any(s._changed() for _, s, _ in self.init_lines if s is not None)

    def _header(self, tree):
        mod = type(tree.origin).__module__
        if mod == "__main__" or mod not in sys.modules:
            return [f"{tree.ori_cls_name} = getattr(sys.modules[{mod!r}], {tree.ori_cls_name!r})"]
        return [f"from {mod} import {tree.ori_cls_name}"]

    def get_code(self) -> str:
        classes = []
        self._classes({}, classes)
        text = ["import sys", "import mindjax", "from mindjax import nn", "from mindjax.nn import Cell",
                "from mindjax.ops import functional as F", "#"]
        for _, code, tree in classes:
            text.extend(i for i in self._module_imports(tree) if i not in text)
            text.extend(self._header(tree))
            for fname, fn in tree.extra_globals.items():
                text.append(f"{fname} = getattr(sys.modules[{fn.__module__!r}], {fn.__qualname__!r})")
            text.append("")
            text.append(code)
            text.append("#")
        return "\n".join(text) + "\n"

    @staticmethod
    def _module_imports(tree):
        mod = sys.modules.get(type(tree.origin).__module__)
        try:
            src = inspect.getsource(mod)
        except (OSError, TypeError):
            return []
        return [ast.unparse(n) for n in ast.parse(src).body if isinstance(n, (ast.Import, ast.ImportFrom))]

    def get_network(self):
        from ... import nn
        classes = []
        self._classes({}, classes)
        made = {}
        for opt_name, code, tree in classes:
            ns = dict(tree.module_globals)
            ns.setdefault("nn", nn)
            if not isinstance(ns.get("nn"), type(nn)) or not hasattr(ns["nn"], "Cell"):
                ns["nn"] = nn
            ns[tree.ori_cls_name] = type(tree.origin)
            ns.update(tree.extra_globals)
            ns.update(made)
            exec(compile(code, f"<rewrite {opt_name}>", "exec"), ns)  # pylint: disable=exec-used
            made[opt_name] = ns[opt_name]
        net = made[self.opt_cls_name](self.origin)
        for _, cell in net.cells_and_names():
            cell.__dict__["_jit_cache"] = None  # a compiled graph of the old construct must not be reused
        return net

    # ---- printing -----------------------------------------------------------------------
    @staticmethod
    def source_of(node):
        if node.node_type == NodeType.Input:
            return ast.unparse(node.ast)
        if isinstance(node, ControlFlow):
            kw = "if" if node.name.startswith(("if", "else")) else node.name.split("_")[0]
            head = f"{kw} {ast.unparse(node.ast.test if kw != 'for' else node.ast.iter)}:"
            return "else:" if node.is_orelse else head
        return ast.unparse(node.ast) if node.ast is not None else ""

    def tabulate(self, mgr, title):
        rows = []
        for n in mgr.nodes:
            prov = [[k, (v[0].name, v[1])] for k, v in n.arg_providers().items()]
            users = [[k, [(u.name, i) for u, i in v]] for k, v in n.target_users().items()]
            rows.append([str(n.node_type), n.name, self.source_of(n), str(prov), str(users)])
        head = ["node type", "name", "codes", "arg providers", "target users"]
        widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(head)]
        fmt = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
        lines = [f"\n[{title}]", fmt(head), "  ".join("-" * w for w in widths)] + [fmt(r) for r in rows]
        return "\n".join(lines) + "\n"

    def node_tabulate(self, all_nodes=False):
        out = self.tabulate(self, self.opt_cls_name)
        if all_nodes:
            for m in self.managers()[1:]:
                out += self.tabulate(m, m.name)
            for m in self.managers():
                for n in m.nodes:
                    if isinstance(n, TreeNode):
                        out += n.symbol_tree.node_tabulate(True)
        return out

    def dump_text(self) -> str:
        """MindSpore's IR-like listing of the top-level nodes (``%n(target) = Type(args){instance name: ...}``)."""
        src_file = inspect.getfile(type(self.origin))
        keys = {}
        ins = self.inputs()
        out = ["#SymbolTree entry    : @construct ", f"#Inputs num     : {len(ins)}"]
        for n in ins:
            keys[n.targets[0].value] = f"%input_{n.targets[0].value}"
            out.append(keys[n.targets[0].value])
        out += ["", "Symbol Tree @construct { "]
        no = -1
        for n in self.nodes[1:]:  # as MindSpore, the listing starts after the first node
            if n.node_type == NodeType.Output:
                out += [f"  Return(%{no}) ", "      : (null) ", f"      # In file {src_file}"]
                continue
            no += 1
            keys[n.name] = f"%{no}"
            tgt = n.targets[0] if n.targets else None
            typ = n.instance_type()
            line = f"  %{no}({tgt}) = {getattr(typ, '__name__', type(typ).__name__)}"
            args = n.args + list(n.kwargs.values())
            if args:
                line += "(" + ", ".join(keys.get(a.value, str(a.value)) if isinstance(a.value, str) else str(a.value)
                                        for a in args) + ")"
            line += f"{{instance name: {n.name}}} attributes {{"
            line += ", ".join(f"{k}: {v}" for k, v in n.attributes.items()) + "}"
            try:
                inst_file = inspect.getfile(typ) if n.instance is not None else None
            except TypeError:
                inst_file = None
            out += [line, "      : (null) -> (null)", f"      # In file {inst_file}", f"      # In file {src_file}"]
        out.append("}")
        return "\n".join(out) + "\n"
