"""Split nested expressions of a statement list into one call per statement.

``x = self.pool(self.relu(self.conv(x)))`` becomes ``conv_var = self.conv(x)``,
``relu_var = self.relu(conv_var)``, ``x = self.pool(relu_var)``: the statements are walked
from the last one up, each new statement is flattened in turn, and the new names avoid every
target already assigned (MindSpore's order, so the generated names are the same).
"""
from __future__ import annotations

import ast
import keyword

# which fields of which expression are flattened
_FIELDS = {
    ast.Return: ("value",), ast.Call: ("func", "args", "keywords"), ast.BinOp: ("left", "right"),
    ast.BoolOp: ("values",), ast.UnaryOp: ("operand",), ast.Compare: ("left", "comparators"),
    ast.If: ("test",), ast.For: ("iter",), ast.Tuple: ("elts",), ast.List: ("elts",),
}
_LEAVES = (ast.Name, ast.Constant)


def _target_names(body):
    names = []
    for stmt in body:
        if not isinstance(stmt, ast.Assign):
            continue
        todo = list(stmt.targets)
        while todo:
            t = todo.pop()
            if isinstance(t, ast.Name) and t.id not in names:
                names.append(t.id)
            elif isinstance(t, (ast.Tuple, ast.List)):
                todo.extend(t.elts)
    return names


class Flattener:
    """Flattens a statement list in place; ``namer`` (the tree's target namer) keeps names unique."""

    def __init__(self, namer=None):
        self._namer = namer

    def _new_name(self, node, taken):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id + "_var" if isinstance(f, ast.Name) else f.attr + "_var" if isinstance(f, ast.Attribute) \
                else "function_var"
        elif isinstance(node, (ast.BinOp, ast.BoolOp, ast.UnaryOp)):
            name = type(node.op).__name__.lower() + "_var"
        elif isinstance(node, ast.Name):
            name = node.id
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            name = f"{node.value.id}_{node.attr}"
        else:
            name = type(node).__name__.lower() + "_var"
        if keyword.iskeyword(name):
            name += "_var"
        result, i = name, 0
        while result in taken:
            i += 1
            result = f"{name}_{i}"
        if self._namer is not None:
            result = self._namer.get_name(result)
        taken.append(result)
        return result

    def _lift(self, node, taken, parent):
        """(replacement expression, new statement or None) for one operand."""
        if isinstance(node, _LEAVES):
            return node, None
        if isinstance(node, ast.Attribute) and not isinstance(parent, ast.For):
            inner = node
            while isinstance(inner.value, ast.Attribute):
                inner = inner.value
            if isinstance(inner.value, ast.Name):
                return node, None
            name = self._new_name(inner.value, taken)
            stmt = ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=inner.value)
            inner.value = ast.Name(id=name, ctx=ast.Load())
            return node, stmt
        name = self._new_name(node, taken)
        return ast.Name(id=name, ctx=ast.Load()), ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())],
                                                              value=node)

    def _statement(self, node, taken):
        fields = _FIELDS.get(type(node))
        if fields is None:
            return []
        out = []
        for field in fields:
            value = getattr(node, field)
            if isinstance(value, list):
                new = []
                for i, item in enumerate(value):
                    if isinstance(item, ast.Starred) or (isinstance(node, ast.BoolOp) and
                                                         isinstance(node.op, ast.And) and i > 0):
                        new.append(item)
                        continue
                    if isinstance(item, ast.keyword):
                        rep, stmt = self._lift(item.value, taken, node)
                        if stmt is not None:
                            if rep is not item.value:
                                item.value = rep
                            out.append(stmt)
                        new.append(item)
                        continue
                    rep, stmt = self._lift(item, taken, node)
                    new.append(rep)
                    if stmt is not None:
                        out.append(stmt)
                setattr(node, field, new)
            elif value is not None:
                rep, stmt = self._lift(value, taken, node)
                if stmt is not None:
                    setattr(node, field, rep)
                    out.append(stmt)
        return out

    def flatten_body(self, body: list) -> list:
        # a = b = expr  ->  b = expr; a = b
        for pos, stmt in enumerate(list(body)):
            if isinstance(stmt, ast.Assign) and len(stmt.targets) > 1:
                idx = body.index(stmt)
                for k, tgt in enumerate(stmt.targets[:-1]):
                    body.insert(idx + k + 1, ast.Assign(targets=[tgt], value=stmt.targets[k + 1]))
                stmt.targets = [stmt.targets[-1]]
        taken = _target_names(body)
        index = len(body) - 1
        while index >= 0:
            child = body[index]
            stmt = child.value if isinstance(child, (ast.Assign, ast.Expr)) else child
            for new in reversed(self._statement(stmt, taken)):
                body.insert(index, new)
                index += 1
            index -= 1
        for stmt in body:
            ast.fix_missing_locations(stmt)
        return body
