"""The source pass of graph mode: a function's ``if``/``while``/``for`` become calls that
can compile to ``lax.cond``/``lax.while_loop`` when their condition is a Tensor.

As MindSpore's parser (and TensorFlow's autograph) do, the function's source is parsed
and rewritten once per code object:

* ``break``/``continue`` become flags and the statements after them are guarded by the
  flags; a ``return`` inside a loop sets a return flag and breaks, and the loop is
  followed by ``if flag: return value``;
* statements after an ``if`` with a ``return`` in one branch move into the other branch,
  so that an ``if`` either returns on both sides or on neither;
* each ``if``/``while``/``for`` becomes nested functions over the local variables the
  statement reads or writes, and a call of ``control.if_``/``if_ret``/``while_``/``for_``,
  which runs plain Python when the condition is known while compiling;
* ``and``/``or``/``not`` in conditions and ``a if c else b`` accept Tensor operands;
* calls go through ``call``, which converts the user's own functions (not mindjax's,
  jax's or the standard library's) the same way, so that functions a ``construct`` calls
  compile too.

The rewritten code keeps the user's file name and line numbers, so errors point at them.
"""
from __future__ import annotations

import ast
import inspect
import os
import textwrap
import types
import weakref

from .runtime import Ag

_PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SKIP_PREFIXES = (_PKG, os.path.dirname(os.__file__), os.path.dirname(inspect.__file__))
_NO_WRAP = {"super", "locals", "globals", "vars", "eval", "exec", "dir", "len", "getattr", "hasattr", "setattr",
            "id"}
_codes: dict = {}  # original code object -> converted code object (or None: run as written)
_funcs = weakref.WeakKeyDictionary()  # original function -> converted function
_MISSING = object()


def _user_code(code) -> bool:
    fname = os.path.abspath(code.co_filename)
    if fname.startswith("<") or "site-packages" in fname or "dist-packages" in fname:
        return False
    return not fname.startswith(_SKIP_PREFIXES)


def convert(fn):
    """``fn`` with its control flow rewritten for graph mode (``fn`` itself where its source
    is not available or it is not the user's code)."""
    if isinstance(fn, types.MethodType):
        f = convert(fn.__func__)
        return fn if f is fn.__func__ else types.MethodType(f, fn.__self__)
    if type(fn) is not types.FunctionType:
        return fn
    try:
        return _funcs[fn]
    except (KeyError, TypeError):
        pass
    code = fn.__code__
    new_code = _codes.get(code, _MISSING)
    if new_code is _MISSING:
        new_code = None
        if _user_code(code) and not (code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE)):
            try:
                new_code = _convert_code(fn)
            except (OSError, TypeError, SyntaxError, IndexError, _Unsupported):
                new_code = None
        _codes[code] = new_code
    if new_code is None:
        out = fn
    else:
        cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
        closure = tuple(types.CellType(Ag) if n == "_mj_ag" else cells[n] for n in new_code.co_freevars)
        out = types.FunctionType(new_code, fn.__globals__, fn.__name__, fn.__defaults__, closure)
        out.__kwdefaults__ = fn.__kwdefaults__
        out.__qualname__ = fn.__qualname__
        out.__module__ = fn.__module__
    try:
        _funcs[fn] = out
    except TypeError:
        pass
    return out


class _Unsupported(Exception):
    pass


def check_lambda(fn) -> None:
    """A lambda that compiled code calls, made outside compiled code (a Cell's attribute, an argument):
    MindSpore's parser reads a lambda's own source lines: they must hold the lambda alone (an
    assignment of it, or the lambda itself), not a ``def`` line (a default value) nor an expression
    that only contains it."""
    code = getattr(fn, "__code__", None)
    if code is None or code.co_name != "<lambda>" or not _user_code(code) or "_mj_self.<locals>" in code.co_qualname:
        return
    try:
        src = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        return
    if src.startswith("def "):
        raise ValueError("An error occurred while parsing the positional information of the lambda expression. "
                         "Please write the lambda expression on a separate line.\nFor example, the code "
                         "'def __init__(self, combine_fn=lambda x: x + 1):' rewritten as\n'def __init__(self, "
                         "combine_fn=\nlambda x: x + 1\n):' will solve the problem.")
    try:
        stmt = ast.parse(src).body[0]
    except (SyntaxError, IndexError):
        return
    node = getattr(stmt, "value", stmt)
    if not isinstance(node, ast.Lambda):
        raise TypeError(f"Parse Lambda Function Fail. Node type must be Lambda, but got {type(node).__name__}. Please "
                        f"check lambda expression to make sure it is defined on a separate line.")


def _convert_code(fn):
    code = fn.__code__
    raw = inspect.getsource(fn)
    src = textwrap.dedent(raw)
    indent = len(raw) - len(raw.lstrip(" \t")) - (len(src) - len(src.lstrip(" \t")))
    tree = ast.parse(src)
    fdef = tree.body[0]
    if not isinstance(fdef, ast.FunctionDef) or fdef.name != code.co_name:
        raise _Unsupported
    fdef.decorator_list = []
    # defined under another name inside the factory, so that the function's own name stays a
    # global (a recursive call reads the module's binding, as in the original)
    fdef.name = "_mj_self"
    # the source starts at the code's first line (its first decorator): keep the file's lines and columns
    ast.increment_lineno(tree, code.co_firstlineno - 1)
    for node in ast.walk(tree):
        if indent and getattr(node, "col_offset", None) is not None:
            node.col_offset += indent
            if getattr(node, "end_col_offset", None) is not None:
                node.end_col_offset += indent
    _implicit_globals(fdef, fn.__globals__)
    _Rewriter(fdef, "__class__" in code.co_freevars).run()
    factory = ast.FunctionDef(
        name="_mj_factory",
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=a) for a in ("_mj_ag",) + code.co_freevars],
                           vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
        body=[fdef, ast.Return(value=ast.Name(id=fdef.name, ctx=ast.Load()))], decorator_list=[], returns=None)
    module = ast.Module(body=[factory], type_ignores=[])
    ast.copy_location(factory, fdef)
    ast.fix_missing_locations(module)
    mcode = compile(module, code.co_filename, "exec")
    fcode = next(c for c in mcode.co_consts if isinstance(c, types.CodeType))
    out = next(c for c in fcode.co_consts if isinstance(c, types.CodeType) and c.co_name == fdef.name)
    return out.replace(co_name=code.co_name, co_qualname=code.co_qualname)


# ------------------------------------------------------------------ small AST helpers

def _name(n, store=False):
    return ast.Name(id=n, ctx=ast.Store() if store else ast.Load())


def _ag(attr):
    return ast.Attribute(value=_name("_mj_ag"), attr=attr, ctx=ast.Load())


def _call(func, *args):
    return ast.Call(func=func, args=list(args), keywords=[])


def _lambda(body):
    return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                                         kwarg=None, defaults=[]), body=body)


def _tuple(names, store=False):
    return ast.Tuple(elts=[_name(n, store) for n in names], ctx=ast.Store() if store else ast.Load())


def _assign(name, value):
    return ast.Assign(targets=[_name(name, True)], value=value)


def _walk_scope(nodes):
    """Nodes of the same scope (not inside nested functions, lambdas, classes, comprehensions)."""
    todo = list(nodes)
    while todo:
        n = todo.pop()
        yield n
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            todo.extend(n.decorator_list)
            continue
        if isinstance(n, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        todo.extend(ast.iter_child_nodes(n))


def _walk_exprs(nodes):
    """Nodes of the function, comprehensions included (not nested functions or classes)."""
    todo = list(nodes)
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(n))


def _stored(nodes) -> set:
    out = set()
    for n in _walk_scope(nodes):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in n.names)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
    return out


def _used(nodes) -> set:
    out = set()
    for root in nodes:
        for n in ast.walk(root):
            if isinstance(n, ast.Name):
                out.add(n.id)
    return out | _stored(nodes)


def _has(nodes, kinds, loops_too=True) -> bool:
    """Whether a statement of this scope of kind ``kinds`` is inside ``nodes`` (not inside
    nested loops unless ``loops_too``)."""
    todo = list(nodes)
    while todo:
        n = todo.pop()
        if isinstance(n, kinds):
            return True
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if not loops_too and isinstance(n, (ast.While, ast.For)):
            continue
        todo.extend(ast.iter_child_nodes(n))
    return False


def _always_returns(stmts) -> bool:
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    if isinstance(last, ast.If):
        return _always_returns(last.body) and _always_returns(last.orelse)
    return False


def _implicit_globals(fdef, g) -> None:
    """``z += i`` on a module global ``z`` that the function never assigns otherwise: Python
    raises UnboundLocalError, MindSpore's graph mode updates the global; so does mindjax."""
    aug, other = set(), set()
    nodes = list(_walk_scope(fdef.body))
    targets = {id(n.target) for n in nodes if isinstance(n, ast.AugAssign)}
    for n in nodes:
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            aug.add(n.target.id)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)) and id(n) not in targets:
            other.add(n.id)
    a = fdef.args
    args = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs} | {x.arg for x in (a.vararg, a.kwarg) if x}
    declared = {x for n in _walk_scope(fdef.body) if isinstance(n, (ast.Global, ast.Nonlocal)) for x in n.names}
    names = sorted(n for n in aug - other - args - declared if n in g)
    if names:
        fdef.body.insert(0, ast.copy_location(ast.Global(names=names), fdef.body[0]))


def _as_list(x):
    return x if isinstance(x, list) else [x]


def _store_note(base, stmt, name="__setitem__"):
    """``_mj_ag.note_store(base)`` before ``base[k] = v`` / ``base += v`` (a list or dict the
    program may change: pylists.py), where ``base`` is a name or ``a.b.c`` (read twice safely)."""
    node = base
    while isinstance(node, ast.Attribute):
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    load = _LoadCopy().visit(ast.parse(ast.unparse(base), mode="eval").body)
    call = _call(_ag("note_store"), load, ast.Constant(name))
    return ast.copy_location(ast.Expr(value=call), stmt)


def _attr_note(target, stmt):
    """``_mj_ag.note_setattr(obj, "name")`` before ``obj.name = v`` (pylists.py)."""
    node = target.value
    while isinstance(node, ast.Attribute):
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    load = _LoadCopy().visit(ast.parse(ast.unparse(target.value), mode="eval").body)
    call = _call(_ag("note_setattr"), load, ast.Constant(target.attr))
    return ast.copy_location(ast.Expr(value=call), stmt)


class _LoadCopy(ast.NodeTransformer):
    def visit_Name(self, node):
        return ast.Name(id=node.id, ctx=ast.Load())


class _Calls(ast.NodeTransformer):
    """``f(...)`` -> ``_mj_ag.call(f, ...)``; conditions of ``a if c else b`` lazily."""

    def visit_Assign(self, node):  # ``self.x = v``: STRICT refuses it unless x is a Parameter
        self.generic_visit(node)
        t = node.targets[0] if len(node.targets) == 1 else None
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
            node.value = ast.copy_location(_call(_ag("check_setattr"), _name("self"), ast.Constant(value=t.attr),
                                                 node.value), node.value)
        notes = [_store_note(x.value, node) if isinstance(x, ast.Subscript) else _attr_note(x, node)
                 for x in node.targets if isinstance(x, (ast.Subscript, ast.Attribute))]
        return [n for n in notes if n is not None] + [node]

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        t = node.target
        note = _store_note(t.value, node) if isinstance(t, ast.Subscript) else _attr_note(t, node) if \
            isinstance(t, ast.Attribute) else \
            _store_note(t, node, "__iadd__") if isinstance(t, ast.Name) and isinstance(node.op, ast.Add) else None
        return [node] if note is None else [note, node]

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Name) and f.id == "super" and (node.args or node.keywords):
            return ast.copy_location(ast.Call(func=_ag("super_"), args=node.args, keywords=node.keywords), node)
        if isinstance(f, ast.Name) and f.id in _NO_WRAP:
            return node
        if isinstance(f, ast.Name) and f.id == "print" and node.args and not any(
                isinstance(a, ast.Starred) for a in node.args) and any(isinstance(a, ast.Call) for a in node.args):
            # print's arguments: ``x and y`` there is not a join of two branches (MindSpore checks the join
            # where the value is used)
            lazy = _call(_ag("lenient"), _lambda(ast.Tuple(elts=node.args, ctx=ast.Load())))
            return ast.copy_location(ast.Call(func=_ag("call"), args=[f, ast.Starred(value=lazy, ctx=ast.Load())],
                                              keywords=node.keywords), node)
        return ast.copy_location(ast.Call(func=_ag("call"), args=[f] + node.args, keywords=node.keywords), node)

    def visit_Subscript(self, node):  # reads go through graph mode's checks of slices
        self.generic_visit(node)
        if not isinstance(node.ctx, ast.Load):
            return node
        if isinstance(node.slice, ast.Slice):
            sl = node.slice
            parts = [x if x is not None else ast.Constant(None) for x in (sl.lower, sl.upper, sl.step)]
            return ast.copy_location(_call(_ag("getslice"), node.value, *parts), node)
        return ast.copy_location(_call(_ag("getitem"), node.value, node.slice), node)

    def visit_BinOp(self, node):  # ``"..." % x``: formatted at run time where x is (lazy text)
        self.generic_visit(node)
        left = node.left
        if isinstance(node.op, ast.Mod) and (isinstance(left, (ast.JoinedStr, ast.Constant)) and
                                             not isinstance(getattr(left, "value", ""), (int, float)) or (
                isinstance(left, ast.Call) and isinstance(left.func, ast.Attribute) and left.func.attr == "fstr")):
            return ast.copy_location(_call(_ag("strmod"), left, node.right), node)
        return node

    def visit_IfExp(self, node):
        self.generic_visit(node)
        return ast.copy_location(_call(_ag("ifexp"), _test(node.test), _lambda(node.body), _lambda(node.orelse)),
                                 node)

    def visit_Lambda(self, node):
        return node

    def visit_GeneratorExp(self, node):  # graph mode makes a generator expression a list
        self.generic_visit(node)
        return ast.copy_location(ast.ListComp(elt=node.elt, generators=node.generators), node)

    def visit_BoolOp(self, node):  # ``x and y`` on Tensors whose values are known at run time
        self.generic_visit(node)
        return ast.copy_location(_test(node), node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Invert):  # ``~`` on an integer Tensor: graph mode's logical not
            return ast.copy_location(_call(_ag("invert"), node.operand), node)
        return ast.copy_location(_test(node), node) if isinstance(node.op, ast.Not) else node

    def visit_Compare(self, node):  # ``t in (a, b)``: Tensors compared by value, as graph mode does
        self.generic_visit(node)
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            call = _call(_ag("in_"), node.left, node.comparators[0])
            return ast.copy_location(_call(_ag("not_"), call) if isinstance(node.ops[0], ast.NotIn) else call, node)
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)) and not any(
                isinstance(x, ast.Constant) and x.value is None for x in (node.left, node.comparators[0])):
            call = _call(_ag("is_"), node.left, node.comparators[0], ast.Constant(isinstance(node.ops[0], ast.IsNot)))
            return ast.copy_location(call, node)
        return node

    def visit_JoinedStr(self, node):
        if not any(isinstance(v, ast.FormattedValue) for v in node.values):
            return node
        parts, values = [], []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(v)
                continue
            self.generic_visit(v)
            conv = {115: "s", 114: "r", 97: "a"}.get(v.conversion, "")
            spec = v.format_spec if v.format_spec is not None else ast.Constant("")
            parts.append(ast.Tuple(elts=[ast.Constant(len(values)), ast.Constant(conv), spec], ctx=ast.Load()))
            values.append(v.value)
        return ast.copy_location(_call(_ag("fstr"), ast.Tuple(elts=parts, ctx=ast.Load()),
                                       ast.Tuple(elts=values, ctx=ast.Load())), node)

    def visit_Raise(self, node):
        self.generic_visit(node)
        if node.exc is not None:  # marked as the user's: in a run-time branch it becomes a check
            node.exc = ast.copy_location(_call(_ag("mark"), node.exc), node.exc)
        return node

    def visit_Assert(self, node):
        self.generic_visit(node)
        args = [_test(node.test)] + ([_lambda(node.msg)] if node.msg is not None else [])
        return ast.copy_location(ast.Expr(value=_call(_ag("assert_"), *args)), node)

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        return node


def _test(e):
    """A condition with ``and``/``or``/``not`` that accept Tensors."""
    if isinstance(e, ast.BoolOp):
        fn = "and_" if isinstance(e.op, ast.And) else "or_"
        return ast.copy_location(_call(_ag(fn), *[_lambda(_test(v)) for v in e.values]), e)
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
        return ast.copy_location(_call(_ag("not_"), _test(e.operand)), e)
    return e


class _Rewriter:
    def __init__(self, fdef, uses_class):
        self.fdef = fdef
        self.uses_class = uses_class
        self.n = 0
        self.decls = [s for s in _walk_scope(fdef.body) if isinstance(s, (ast.Global, ast.Nonlocal))]
        self.nonlocal_names = {n for d in self.decls for n in d.names}

    def fresh(self, what):
        self.n += 1
        return f"_mj_{what}{self.n}"

    def run(self):
        f = self.fdef
        for n in _walk_scope(f.body):
            if isinstance(n, (ast.While, ast.For)) and n.orelse:  # refused by MindSpore's compiler, at the user's line
                kind = "while" if isinstance(n, ast.While) else "for"
                err = _call(_name("RuntimeError"), ast.Constant(f"The '{kind}...else...' statement is not supported now."))
                f.body = [ast.copy_location(ast.Raise(exc=err, cause=None), n)]
                return
        for n in _walk_scope(f.body):  # refused by MindSpore's parser, at the user's line
            if isinstance(n, (ast.Try, getattr(ast, "TryStar", ast.Try))):
                err = _call(_name("RuntimeError"), ast.Constant("Unsupported statement 'Try'."))
                f.body = [ast.copy_location(ast.Raise(exc=err, cause=None), n)]
                return
        for n in _walk_exprs(f.body):  # refused by MindSpore's parser: one generator per comprehension
            if isinstance(n, (ast.ListComp, ast.GeneratorExp, ast.DictComp)) and len(n.generators) > 1:
                kind = "DictComp" if isinstance(n, ast.DictComp) else "ListComp"
                err = _call(_name("TypeError"), ast.Constant(
                    f"The 'generators' supports 1 'comprehension' in {kind}/GeneratorExp, but got "
                    f"{len(n.generators)} comprehensions."))
                f.body = [ast.copy_location(ast.Raise(exc=err, cause=None), n)]
                return
        gw = sorted({n for d in self.decls if isinstance(d, ast.Global) for n in d.names} & _stored(f.body))
        f.body = [x for s in f.body for x in _as_list(_Calls().visit(s))]
        self.ret_used = False
        f.body = self.lower_loops(f.body)
        if self.ret_used:
            f.body = [_assign("_mj_rf", ast.Constant(False)), _assign("_mj_rv", _ag("UNDEF"))] + f.body
        if not isinstance(f.body[-1], ast.Return):
            f.body.append(ast.Return(value=ast.Constant(None)))
        f.body = self.merge(f.body)
        a = f.args
        args = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs}
        args |= {x.arg for x in (a.vararg, a.kwarg) if x is not None}
        self.locals = (args | _stored(f.body)) - self.nonlocal_names
        f.body = self.functionalize(f.body)
        if gw:
            f.body.insert(0, ast.Expr(value=_call(_ag("globals_written"), _call(_name("globals")),
                                                  ast.Tuple(elts=[ast.Constant(n) for n in gw], ctx=ast.Load()))))
        if self.uses_class:  # zero-argument super() needs the __class__ cell in this code object
            f.body.insert(0, ast.Expr(value=_name("__class__")))

    # ---- pass A: break / continue / return inside loops -------------------------------
    def lower_loops(self, stmts):
        out = []
        for s in stmts:
            if isinstance(s, (ast.While, ast.For)) and not s.orelse:
                out.extend(self.lower_loop(s))
                continue
            for field in ("body", "orelse", "finalbody"):
                if isinstance(getattr(s, field, None), list) and not isinstance(
                        s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    setattr(s, field, self.lower_loops(getattr(s, field)))
            if isinstance(s, ast.Try):
                for h in s.handlers:
                    h.body = self.lower_loops(h.body)
            out.append(s)
        return out

    def lower_loop(self, loop):
        loop.body = self.lower_loops(loop.body)
        pre, post = [], []
        has_ret = _has(loop.body, ast.Return, loops_too=False)
        has_brk = has_ret or _has(loop.body, ast.Break, loops_too=False)
        has_cont = _has(loop.body, ast.Continue, loops_too=False)
        if not (has_brk or has_cont):
            return [loop]
        bk = self.fresh("bk") if has_brk else None
        ct = self.fresh("ct") if has_cont else None
        if has_ret:
            self.ret_used = True
            post.append(ast.If(test=_name("_mj_rf"), body=[ast.Return(value=_name("_mj_rv"))], orelse=[]))
        loop.body = self.replace_jumps(loop.body, bk, ct)
        flags = [f for f in (bk, ct) if f]
        loop.body = self.guard(loop.body, flags)
        if ct:
            loop.body.insert(0, _assign(ct, ast.Constant(False)))
        if bk:
            pre.append(_assign(bk, ast.Constant(False)))
            if isinstance(loop, ast.While):
                loop.test = _call(_ag("and_"), _lambda(_call(_ag("not_"), _name(bk))), _lambda(_test(loop.test)))
            else:
                loop._mj_brk = bk
        for n in pre + [loop] + post:
            ast.copy_location(n, loop)
        return pre + [loop] + post

    def replace_jumps(self, stmts, bk, ct):
        out = []
        for s in stmts:
            if isinstance(s, ast.Break):
                out.append(ast.copy_location(_assign(bk, ast.Constant(True)), s))
            elif isinstance(s, ast.Continue):
                out.append(ast.copy_location(_assign(ct, ast.Constant(True)), s))
            elif isinstance(s, ast.Return):
                out.append(ast.copy_location(_assign("_mj_rv", s.value or ast.Constant(None)), s))
                out.append(ast.copy_location(_assign("_mj_rf", ast.Constant(True)), s))
                out.append(ast.copy_location(_assign(bk, ast.Constant(True)), s))
            elif isinstance(s, (ast.While, ast.For, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.append(s)
            else:
                for field in ("body", "orelse", "finalbody"):
                    if isinstance(getattr(s, field, None), list):
                        setattr(s, field, self.replace_jumps(getattr(s, field), bk, ct))
                if isinstance(s, ast.Try):
                    for h in s.handlers:
                        h.body = self.replace_jumps(h.body, bk, ct)
                out.append(s)
        return out

    def guard(self, stmts, flags):
        out = []
        for i, s in enumerate(stmts):
            if isinstance(s, ast.If):
                s.body = self.guard(s.body, flags)
                s.orelse = self.guard(s.orelse, flags)
            out.append(s)
            set_here = [f for f in flags if f in _stored([s])]
            rest = stmts[i + 1:]
            if set_here and rest:
                test = _call(_ag("not_"), _call(_ag("or_"), *[_lambda(_name(f)) for f in set_here])) \
                    if len(set_here) > 1 else _call(_ag("not_"), _name(set_here[0]))
                out.append(ast.copy_location(ast.If(test=test, body=self.guard(rest, flags), orelse=[]), rest[0]))
                break
        return out

    # ---- pass B: statements after an ``if`` that returns go into its other branch ------
    def merge(self, stmts):
        out = []
        for i, s in enumerate(stmts):
            if isinstance(s, ast.If):
                rest = stmts[i + 1:]
                # (and after an ``if`` that raises when the code after it always raises: one of the
                # two errors is raised, chosen at run time)
                if rest and (_has([s], ast.Return, loops_too=False) or (
                        any(isinstance(x, ast.Raise) for x in rest) and _has([s], ast.Raise, loops_too=False))) \
                        and not _always_returns([s]):
                    if not _always_returns(s.body):
                        s.body = s.body + rest
                    if not _always_returns(s.orelse):
                        s.orelse = s.orelse + rest
                    s.body, s.orelse = self.merge(s.body), self.merge(s.orelse)
                    out.append(s)
                    return out
                s.body, s.orelse = self.merge(s.body), self.merge(s.orelse)
            out.append(s)
        return out

    # ---- pass C: statements into functions and helper calls ---------------------------
    def vars_of(self, nodes):
        return sorted((_used(nodes) & self.locals) - {n for n in _used(nodes) if n.startswith("_mj_fn")})

    def make_def(self, name, params, body, returns, loc):
        globs = [ast.Global(names=list(d.names)) if isinstance(d, ast.Global) else ast.Nonlocal(names=list(d.names))
                 for d in self.decls]
        body = globs + body
        if returns is not None:
            body = body + [ast.Return(value=_tuple(returns))]
        d = ast.FunctionDef(name=name, args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params],
                                                          vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                                                          defaults=[]),
                            body=body or [ast.Pass()], decorator_list=[], returns=None)
        return ast.copy_location(d, loc)

    def loaded_after(self, s):
        """Names read on lines after statement ``s`` (an approximation of liveness)."""
        end = getattr(s, "end_lineno", s.lineno)
        return {n.id for n in ast.walk(self.fdef) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                and getattr(n, "lineno", 0) > end}

    def vals(self, names):
        return _call(_ag("vals"), _call(_name("locals")), ast.Tuple(elts=[ast.Constant(n) for n in names],
                                                                     ctx=ast.Load()))

    def functionalize(self, stmts):
        out = []
        for s in stmts:
            out.extend(self.func_stmt(s))
        return out

    def func_stmt(self, s):
        if isinstance(s, ast.If):
            names = self.vars_of([s])
            both_ret = _always_returns(s.body) and _always_returns(s.orelse)
            if _has([s], ast.Return, loops_too=False) and not both_ret:
                s.body, s.orelse = self.functionalize(s.body), self.functionalize(s.orelse) or []
                return [s]  # a return the merge could not pair (inside with/try): plain Python
            body, orelse = self.functionalize(s.body), self.functionalize(s.orelse)
            t, f = self.fresh("fn_t"), self.fresh("fn_f")
            ret = None if both_ret else names
            defs = [self.make_def(t, names, body, ret, s), self.make_def(f, names, orelse, ret, s)]
            call = _call(_ag("if_ret" if both_ret else "if_"), _test(s.test), _name(t), _name(f), self.vals(names))
            if not both_ret:
                live = [n for n in names if n in self.loaded_after(s)]
                call.args.append(ast.Tuple(elts=[ast.Constant(n if n in live else None) for n in names],
                                           ctx=ast.Load()))
            stmt = ast.Return(value=call) if both_ret else ast.Assign(targets=[_tuple(names, True)], value=call)
            return defs + [ast.copy_location(stmt, s)]
        if isinstance(s, ast.While) and not s.orelse:
            names = self.vars_of([s])
            body = self.functionalize(s.body)
            c, b = self.fresh("fn_c"), self.fresh("fn_b")
            cdef = self.make_def(c, names, [ast.Return(value=_test(s.test))], None, s)
            bdef = self.make_def(b, names, body, names, s)
            call = _call(_ag("while_"), _name(c), _name(b), self.vals(names))
            return [cdef, bdef, ast.copy_location(ast.Assign(targets=[_tuple(names, True)], value=call), s)]
        if isinstance(s, ast.For) and not s.orelse:
            names = self.vars_of([s])
            body = self.functionalize(s.body)
            b = self.fresh("fn_b")
            it = s.iter
            if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and it.func.attr == "call" and \
                    isinstance(it.args[0], ast.Name) and it.args[0].id == "range":
                it = ast.copy_location(ast.Call(func=_ag("range_"), args=it.args[1:], keywords=it.keywords), it)
            body = [ast.copy_location(ast.Assign(targets=[s.target], value=_name("_mj_it")), s)] + body
            bdef = self.make_def(b, ["_mj_it"] + names, body, names, s)
            brk = getattr(s, "_mj_brk", None)
            call = _call(_ag("for_"), it, _name(b), self.vals(names),
                         ast.Constant(names.index(brk) if brk in names else None))
            return [bdef, ast.copy_location(ast.Assign(targets=[_tuple(names, True)], value=call), s)]
        if isinstance(s, (ast.With, ast.Try)) or (isinstance(s, (ast.While, ast.For)) and s.orelse):
            for field in ("body", "orelse", "finalbody"):
                if isinstance(getattr(s, field, None), list):
                    setattr(s, field, self.functionalize(getattr(s, field)))
            if isinstance(s, ast.Try):
                for h in s.handlers:
                    h.body = self.functionalize(h.body)
        return [s]
