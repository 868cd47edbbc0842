"""Python lists and dicts keep their identity across the jit boundary, as in MindSpore's
graph mode (JIT Fallback, LAX syntax level).

A list or dict that exists before the call (an argument, a global, an attribute of the Cell
or of an object it refers to) is the same object when the program returns it, and the
in-place operations change the caller's object, on every call: ``extend``, ``insert``,
``pop``, ``reverse`` of a list, ``d[k] = v`` of a dict. Others are functional in MindSpore
2.10: ``append``, ``clear``, ``x[i] = v`` and ``+=`` of a list, ``update`` and ``clear`` of a
dict give the object inside the program its new value while the caller's keeps its old
one, and a returned one is a new object.

How: the trace runs the user's Python once, on the real lists of globals and attributes and
on copies of the argument lists. Each in-place method called there is noted (``note``) with
the list's contents before its first change. After the trace those lists get their old
contents back, and the program keeps, per list written, the recipe of its new contents
(elements of the call's arguments, objects that existed before, Tensors the program
computes, new lists); the call applies it (``apply_writes``), and puts the caller's
objects where the output holds them (``fix_outputs``). ``obj.name = v`` on an object that
exists outside the program (a Cell, a ``jit_class`` instance, any user object) is kept the
same way: undone after the trace, applied by every call. A program that changed a global or
attribute list, dict or attribute keeps the value it saw: a call that finds another one
traces again (``guards_hold``), so each call sees the effects of the calls before it.
"""
from __future__ import annotations

import types

from .._tensor import Tensor

IN_PLACE = {list: frozenset({"extend", "insert", "pop", "reverse", "remove", "sort"}),
            dict: frozenset({"__setitem__", "pop", "setdefault", "popitem"})}
FUNCTIONAL = {list: frozenset({"append", "clear", "__setitem__", "__iadd__"}),
              dict: frozenset({"update", "clear"})}

_reg = None  # while tracing: {id(list): [list, contents before, functional op seen]}
_attrs = None  # while tracing: {(id(obj), name): [obj, name, value before, restore it]}
_MISSING = object()
_functional = [True]  # False under capture_mode="bytecode" (PIJit keeps Python's semantics: all in place)


def note(obj, name) -> None:
    """``obj.name(...)`` (or ``obj[k] = v``: ``__setitem__``) is about to run inside a trace:
    remember the list or dict as it was."""
    t = type(obj)
    if _reg is None or (t is not list and t is not dict) or (name not in IN_PLACE[t] and name not in FUNCTIONAL[t]):
        return
    rec = _reg.get(id(obj))
    if rec is None:
        rec = _reg[id(obj)] = [obj, t(obj), False]
    if name in FUNCTIONAL[t] and _functional[-1]:
        rec[2] = True


def note_attr(obj, name) -> None:
    """``obj.name = v`` is about to run inside a trace: remember the attribute's value."""
    if _attrs is None or isinstance(obj, (Tensor, types.ModuleType, type)):
        return
    key = (id(obj), name)
    if key not in _attrs:
        try:
            before = obj.__dict__[name] if name in getattr(obj, "__dict__", {}) else getattr(obj, name)
        except AttributeError:
            before = _MISSING
        _attrs[key] = [obj, name, before, True]


def start(functional: bool = True):
    """A trace begins (``functional``: ``append``/``clear`` leave the caller's list as it was)."""
    global _reg, _attrs
    prev = (_reg, _attrs)
    _reg, _attrs = {}, {}
    _functional.append(functional)
    return prev


def stop(prev):
    """End a trace's registry: every list it changed gets its old contents back (the program
    applies the new ones when it runs). Returns the registry."""
    global _reg, _attrs
    reg, attrs = _reg, _attrs
    _reg, _attrs = prev
    _functional.pop()
    for obj, name, before, again in attrs.values():  # attributes of objects that exist outside the program
        if again:
            _setattr(obj, name, before)
    return reg


def _setattr(obj, name, value) -> None:
    if value is _MISSING:
        try:
            delattr(obj, name)
        except AttributeError:
            pass
    else:
        setattr(obj, name, value)


def restore(reg) -> None:
    for obj, before, _ in reg.values():
        _set(obj, before)


def _set(obj, contents) -> None:
    if type(obj) is list:
        obj[:] = contents
    else:
        obj.clear()
        obj.update(contents)


def _same(obj, before) -> bool:
    if len(obj) != len(before):
        return False
    if type(obj) is list:
        return all(a is b for a, b in zip(obj, before))
    return all(k1 == k2 and obj[k1] is before[k2] for k1, k2 in zip(obj, before))


# ------------------------------------------------------------------ what existed before

def input_objects(spec, root):
    """``{id(obj): path}`` for the lists inside the program's (copied) arguments, and
    ``{id(tensor): index}`` for their Tensors; ``root`` is ``(args, kwargs)`` as the trace got them."""
    lists, tensors = {}, {}

    def walk(s, obj, path):
        kind = s[0]
        if kind == "T":
            tensors[id(obj)] = s[1]
        elif kind == "list" and type(obj) is list:
            lists[id(obj)] = path
            for i, (ss, o) in enumerate(zip(s[1], obj)):
                walk(ss, o, path + (i,))
        elif kind == "tuple" and isinstance(obj, tuple):
            for i, (ss, o) in enumerate(zip(s[1], obj)):
                walk(ss, o, path + (i,))
        elif kind == "ntuple" and isinstance(obj, tuple):
            for i, (ss, o) in enumerate(zip(s[2], obj)):
                walk(ss, o, path + (i,))
        elif kind == "dict" and isinstance(obj, dict):
            lists[id(obj)] = path
            for k, ss in s[1]:
                if k in obj:
                    walk(ss, obj[k], path + (k,))
    walk(spec, root, ())
    return lists, tensors


_LEAVES = (int, float, str, bytes, bool, type(None), Tensor, types.ModuleType, types.FunctionType,
           types.BuiltinFunctionType, types.MethodType, type)


def live_lists(fn, owner, limit: int = 20000) -> set:
    """The ids of the lists, dicts and objects reachable from the function's globals and
    closure and from the owner Cell (through lists, tuples, dicts and objects' attributes):
    those that exist outside the program."""
    f = getattr(fn, "__func__", fn)
    roots = []
    code = getattr(f, "__code__", None)
    if code is not None:
        g = getattr(f, "__globals__", {})
        names, todo = set(), [code]
        while todo:
            c = todo.pop()
            names.update(c.co_names)
            todo.extend(x for x in c.co_consts if hasattr(x, "co_names"))
        roots += [g[n] for n in names if n in g]
        for cell in getattr(f, "__closure__", None) or ():
            try:
                roots.append(cell.cell_contents)
            except ValueError:
                pass
    if owner is not None:
        roots.append(owner)
    self = getattr(fn, "__self__", None)
    if self is not None:
        roots.append(self)
    out, seen = set(), set()
    todo = [(r, 0) for r in roots]
    while todo and len(seen) < limit:
        o, depth = todo.pop()
        if isinstance(o, _LEAVES) or id(o) in seen or depth > 6:
            continue
        seen.add(id(o))
        if not isinstance(o, (list, tuple, dict)):
            out.add(id(o))  # an object whose attributes the program may set
        if type(o) is list:
            out.add(id(o))
            todo.extend((x, depth + 1) for x in o)
        elif isinstance(o, tuple):
            todo.extend((x, depth + 1) for x in o)
        elif isinstance(o, dict):
            if type(o) is dict:
                out.add(id(o))
            todo.extend((x, depth + 1) for x in o.values())
        else:
            d = getattr(o, "__dict__", None)
            if isinstance(d, dict):
                todo.extend((x, depth + 1) for k, x in d.items() if not k.startswith("_jit_bound_"))
                cells = d.get("_cells")
                if isinstance(cells, dict):
                    todo.extend((x, depth + 1) for x in cells.values())
    return out


# ------------------------------------------------------------------ recipes, made after the trace

class Plan:
    """What a program does to Python lists when it runs (attributes of its ``_Program``)."""

    def __init__(self):
        self.writes = []  # (target ref, [element recipe]) per list changed in place
        self.fixes = []  # (output path, ref): the output holds this object itself
        self.guards = []  # (list, contents seen): global/attribute lists the trace changed
        self.attr_writes = []  # (object, name, recipe): attributes the program sets
        self.attr_guards = []  # (object, name, value seen)
        self.n_out = 0  # Tensors computed by the program that land in a written list

    def __bool__(self):
        return bool(self.writes or self.fixes or self.attr_writes)


def make_plan(reg, out, in_lists, in_tensors, live, extra_outs, attrs=None):
    """The plan of a finished trace. ``extra_outs`` receives the computed Tensors the written
    lists hold (extra outputs of the program, after its own)."""
    plan = Plan()
    changed = {k: r for k, r in reg.items() if not r[2] and not _same(r[0], r[1])}
    detached = {k for k, r in reg.items() if r[2]}  # a functional op: the caller's list keeps its value

    def ref(obj):
        """A reference to an object that exists before the call, or None."""
        i = id(obj)
        if i in detached:
            return None
        if i in in_lists:
            return ("IN", in_lists[i])
        if i in live:
            return ("OBJ", obj)
        return None

    def elem(e):
        if isinstance(e, Tensor):
            if id(e) in in_tensors:
                return ("INT", in_tensors[id(e)])
            if _traced(e):
                extra_outs.append(e)
                plan.n_out += 1
                return ("OUT", plan.n_out - 1, e.__dict__.get("_mj_py"))
            return ("OBJ", e)
        if type(e) is list:
            r = ref(e)
            return r if r is not None else ("NEW", [elem(x) for x in e])
        if type(e) is dict:
            r = ref(e)
            return r if r is not None else ("NEWD", [(k, elem(x)) for k, x in e.items()])
        if type(e) is tuple:
            return ("TUP", [elem(x) for x in e])
        return ("OBJ", e)

    for k, (lst, before, _) in changed.items():
        r = ref(lst)
        if r is None:
            continue
        plan.writes.append((r, [elem(e) for e in lst] if type(lst) is list else
                            [(key, elem(e)) for key, e in lst.items()]))
        if r[0] == "OBJ":
            plan.guards.append((lst, before))
    for k, (lst, before, functional) in reg.items():
        if functional and id(lst) in live:
            plan.guards.append((lst, before))
    from ..common.parameter import Parameter
    from ..nn.cell import Cell
    for rec in (attrs or {}).values():
        obj, name, before = rec[:3]
        try:
            after = obj.__dict__[name] if name in getattr(obj, "__dict__", {}) else getattr(obj, name)
        except AttributeError:
            after = _MISSING
        if id(obj) not in live or isinstance(before, (Parameter, Cell)) or isinstance(after, (Parameter, Cell)) \
                or after is _MISSING:
            rec[3] = False  # an object made by the trace, or state the Parameter machinery keeps
            continue
        if after is not before:
            plan.attr_writes.append((obj, name, elem(after)))
            plan.attr_guards.append((obj, name, before))

    def walk(o, path):
        if type(o) is list or type(o) is dict:
            r = ref(o)
            if r is not None:
                plan.fixes.append((path, r))
                return
        if type(o) is list or isinstance(o, tuple):
            for i, x in enumerate(o):
                walk(x, path + (i,))
        elif isinstance(o, dict):
            for k2, x in o.items():
                walk(x, path + (k2,))
    walk(out, ())
    return plan


def _traced(t) -> bool:
    import jax
    return isinstance(t._data, jax.core.Tracer)


def plan_for(prog, root, out, outs):
    """A finished trace's effect on Python lists, dicts and attributes (None: none); the Tensors it computed
    that land in a caller's list or dict are added to ``outs``, after the function's own outputs."""
    reg, attrs = _reg, _attrs
    if not reg and not attrs and not _holds_container(out):
        return None
    in_lists, in_tensors = input_objects(prog.spec, root)
    live = live_lists(prog.fn, prog.owner)
    plan = make_plan(reg or {}, out, in_lists, in_tensors, live, outs, attrs)
    return plan if plan or plan.guards or plan.attr_guards else None


def _holds_container(o) -> bool:
    if type(o) is list or type(o) is dict:
        return True
    if isinstance(o, tuple):
        return any(_holds_container(x) for x in o)
    return False


# ------------------------------------------------------------------ at each call

def guards_hold(plan) -> bool:
    """Whether the global/attribute lists the program changed still hold what its trace saw."""
    return all(_same(obj, before) for obj, before in plan.guards) and all(
        _value(obj, name) is before for obj, name, before in plan.attr_guards)


def _value(obj, name):
    try:
        return obj.__dict__[name] if name in getattr(obj, "__dict__", {}) else getattr(obj, name)
    except AttributeError:
        return _MISSING


def _get(root, path):
    o = root
    for k in path:
        o = o[k]
    return o


def _resolve(r, root, tensors, extra):
    kind = r[0]
    if kind == "IN":
        return _get(root, r[1])
    if kind == "INT":
        return tensors[r[1]]
    if kind == "OUT":
        t = extra[r[1]]
        if r[2]:
            from .fallback import to_python
            return to_python(t._data, r[2])
        return t
    if kind == "NEW":
        return [_resolve(x, root, tensors, extra) for x in r[1]]
    if kind == "NEWD":
        return {k: _resolve(x, root, tensors, extra) for k, x in r[1]}
    if kind == "TUP":
        return tuple(_resolve(x, root, tensors, extra) for x in r[1])
    return r[1]


def _mutable(obj) -> bool:
    return getattr(obj, "__ms_mutable__", False) is True


def apply_writes(plan, root, tensors, extra) -> None:
    """Give the lists the program changed in place their new contents (all computed first:
    a recipe may read another written list's old contents)."""
    todo = []
    for r, elems in plan.writes:
        target = _resolve(r, root, tensors, extra)
        if type(target) is list and not _mutable(target):
            todo.append((target, [_resolve(e, root, tensors, extra) for e in elems]))
        elif type(target) is dict and not _mutable(target):
            todo.append((target, {k: _resolve(e, root, tensors, extra) for k, e in elems}))
    attrs = [(obj, name, _resolve(e, root, tensors, extra)) for obj, name, e in plan.attr_writes]
    for target, new in todo:
        _set(target, new)
    for obj, name, value in attrs:
        _setattr(obj, name, value)


def fix_outputs(plan, out, root, tensors, extra):
    """The output with the caller's objects where the program returned them."""
    for path, r in plan.fixes:
        obj = _resolve(r, root, tensors, extra)
        if _mutable(obj):
            continue
        out = _put(out, path, obj)
    return out


def _put(o, path, obj):
    if not path:
        return obj
    k, rest = path[0], path[1:]
    if isinstance(o, tuple):
        items = list(o)
        items[k] = _put(items[k], rest, obj)
        return type(o)(*items) if hasattr(type(o), "_fields") else type(o)(items)
    o[k] = _put(o[k], rest, obj)
    return o
