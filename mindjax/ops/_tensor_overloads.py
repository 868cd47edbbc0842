"""Overloaded Tensor methods: one method name, several signatures, the first that fits the call wins.

MindSpore 2.10's Tensor methods accept both their older forms (``x.sum(axis, dtype, keepdims,
initial)``) and the PyTorch-style forms (``x.sum(dim, keepdim, *, dtype=)``). A method here is a list
of signatures, each a short text such as ``"dim: int, keepdim: bool = False, *, dtype: dtype = None"``
with the function that computes it. A call binds its arguments to each signature in turn (positional
count, keyword names, argument kinds); the first that binds is run. In a jit trace (Graph mode) the
older signatures are tried first, which is the order MindSpore's graph compiler uses (so ``x.max(0,
False)`` gives the values only in Graph mode and ``(values, indices)`` in PyNative mode, as there).

When nothing binds, the TypeError names what was wrong in MindSpore's words: for one candidate
signature ``max(): argument 'keepdims' (position 2) must be bool, not int.``; for several the list
``Failed calling max with "max(int, List<int>)". The valid calling should be: ...``.

Examples:
    >>> import mindjax as ms
    >>> x = ms.Tensor([4.0, 5.0, 6.0])
    >>> print(x.sub(ms.Tensor(1.0), alpha=2), x.sum(0, True, dtype=ms.float64))
    [2. 3. 4.] [15.]
"""
from __future__ import annotations

import ast

import numpy as np

from .. import _dtype as mstype
from .._state import state
from .._tensor import Tensor

_REQ = object()  # a parameter without a default


def _is_int(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _is_number(v) -> bool:
    return isinstance(v, (int, float, complex, np.number, np.bool_)) and not isinstance(v, Tensor)


def _int_seq(kind):
    def check(v):
        return isinstance(v, kind) and all(_is_int(e) for e in v)
    return check


_CHECKS = {
    "Tensor": lambda v: isinstance(v, Tensor),
    "Number": _is_number,
    "int": _is_int,
    "float": lambda v: isinstance(v, (float, np.floating)),
    "bool": lambda v: isinstance(v, (bool, np.bool_)),
    "str": lambda v: isinstance(v, str),
    "dtype": lambda v: isinstance(v, mstype.Type),
    "tuple[int]": _int_seq(tuple),
    "list[int]": _int_seq(list),
    "None": lambda v: v is None,
    "any": lambda v: True,
}
_FAST = {"Tensor": (Tensor,), "Number": (int, float, complex, np.number, np.bool_), "float": (float, np.floating),
         "bool": (bool, np.bool_), "str": (str,), "dtype": (mstype.Type,), "None": (type(None),), "any": (object,)}
_SHOWN = {"tuple[int]": "tuple of int", "list[int]": "list of int", "dtype": "mstype", "str": "string"}


def type_name(v) -> str:
    """How MindSpore names the type of an argument in its messages."""
    if isinstance(v, Tensor):
        return "Tensor"
    if isinstance(v, (list, tuple)):
        inner = type_name(v[0]) if v else "int"
        return f"{'List' if isinstance(v, list) else 'Tuple'}<{inner}>"
    if isinstance(v, mstype.Type):
        return "mstype"
    if isinstance(v, (bool, np.bool_)):
        return "bool"
    if _is_int(v):
        return "int"
    if isinstance(v, (float, np.floating)):
        return "float"
    if isinstance(v, str):
        return "string"
    return "None" if v is None else type(v).__name__


class _Param:
    __slots__ = ("name", "kinds", "checks", "default", "kwonly", "varargs", "fast")

    def __init__(self, name, kinds, default, kwonly):
        self.varargs = "int..." in kinds
        if self.varargs:  # x.reshape(2, 3) as well as x.reshape((2, 3))
            kinds = tuple(k for k in kinds if k != "int...") + ("tuple[int]", "list[int]")
        if default is None and "None" not in kinds:
            kinds = ("None",) + kinds  # a None default accepts None
        self.name, self.kinds, self.default, self.kwonly = name, kinds, default, kwonly
        self.checks = tuple(_CHECKS[k] for k in kinds)
        # the kinds that one isinstance decides (int excludes bool, and sequences need their items checked)
        self.fast = tuple(t for k in kinds for t in _FAST.get(k, ()))

    def accepts(self, v) -> bool:
        return any(c(v) for c in self.checks)

    def shown(self, with_none=True) -> str:
        return ", ".join(_SHOWN.get(k, k) for k in self.kinds if with_none or k != "None")


class _Fail:
    __slots__ = ("kind", "detail", "bad")

    def __init__(self, kind, detail=None, bad=()):
        self.kind, self.detail, self.bad = kind, detail, bad


class Sig:
    """One signature of a method: ``spec`` is ``"name: kind|kind = default, *, name: kind"``."""

    def __init__(self, spec: str, impl, old: bool = False):
        self.impl, self.old, self.spec = impl, old, spec
        self.params, kwonly = [], False
        for part in [p.strip() for p in spec.split(",") if p.strip()]:
            if part == "*":
                kwonly = True
                continue
            head, has_default, dflt = part.partition("=")
            name, _, kinds = head.partition(":")
            default = ast.literal_eval(dflt.strip()) if has_default else _REQ
            self.params.append(_Param(name.strip(), tuple(k.strip() for k in kinds.split("|")), default, kwonly))
        self.positional = [p for p in self.params if not p.kwonly]
        self.posnames = tuple(p.name for p in self.positional)
        self.npos = len(self.positional)
        self.varargs = bool(self.positional) and self.positional[0].varargs
        self.by_name = {p.name: p for p in self.params}

    def bind(self, args, kwargs):
        """The arguments by parameter name, or a ``_Fail`` saying why the call does not fit."""
        if args and self.varargs and all(_is_int(a) for a in args):
            args = (tuple(args),)
        if len(args) > self.npos:
            return _Fail("count", self.npos)
        vals = dict(zip(self.posnames, args))
        if kwargs:
            by_name = self.by_name
            for k, v in kwargs.items():
                if k not in by_name:
                    return _Fail("unknown", [k for k in kwargs if k not in by_name])
                if k in vals:
                    return _Fail("multiple", k)
                vals[k] = v
        out, missing, bad = {}, None, None
        for p in self.params:
            name = p.name
            if name in vals:
                v = vals[name]
                if not isinstance(v, p.fast) and not p.accepts(v):
                    bad = (bad or []) + [p]
                elif isinstance(v, np.generic):  # numpy scalars act as the Python numbers they hold
                    v = v.item()
                out[name] = v
            elif p.default is _REQ:
                missing = (missing or []) + [name]
            else:
                out[name] = p.default
        if missing:
            return _Fail("missing", missing)
        if bad:
            return _Fail("type", bad[0], tuple(p.name for p in bad))
        return out

    def shown(self, name: str) -> str:
        parts, star = [], False
        for p in self.params:
            if p.kwonly and not star:
                parts.append("*")
                star = True
            parts.append(f"{p.name}=<{p.shown()}>")
        return f'"Tensor.{name}({", ".join(parts)})"'


class Overloaded:
    """A Tensor method with several signatures (see the module docstring)."""

    def __init__(self, name: str, sigs: list, doc: str | None = None):
        self.name, self.sigs = name, sigs
        self.graph_order = [s for s in sigs if s.old] + [s for s in sigs if not s.old]
        self.doc = doc

    def method(self):
        ov = self

        def method(self, *args, **kwargs):
            order = ov.graph_order if state.jit_depth else ov.sigs
            fails = []
            for sig in order:
                vals = sig.bind(args, kwargs)
                if not isinstance(vals, _Fail):
                    return sig.impl(self, **vals)
                fails.append((sig, vals))
            raise TypeError(ov.message(args, kwargs, fails))
        method.__name__ = self.name
        method.__qualname__ = f"Tensor.{self.name}"
        method.__doc__ = self.doc or (f"``Tensor.{self.name}``: MindSpore's overloaded Tensor method; its forms:\n\n"
                                      + "\n".join(f"    {self.name}({s.spec})" for s in self.sigs))
        return method

    # the messages -------------------------------------------------------------------------------
    def message(self, args, kwargs, fails) -> str:
        shown = [(s, f) for s, f in fails if s.params] or fails
        if len(shown) == 1:
            return self._one(args, kwargs, *shown[0])
        named = [(s, f) for s, f in shown if f.kind != "unknown"]  # the forms that know every keyword
        if len(named) == 1:
            return self._one(args, kwargs, *named[0])
        if args and not named:  # the positional arguments fit a form: only a keyword is wrong
            for s, f in shown:
                b = s.bind(args, {})
                if not isinstance(b, _Fail) or b.kind == "missing":
                    return self._one(args, kwargs, s, f)
        call = [type_name(a) for a in args] + [f"{k}={type_name(v)}" for k, v in kwargs.items()]
        lines = [f'Failed calling {self.name} with "{self.name}({", ".join(call)})".', "The valid calling should be:"]
        for s, f in shown:
            lines.append(s.shown(self.name))
            if f.kind in ("unknown", "multiple"):
                names = f.detail if f.kind == "unknown" else [f.detail]
                lines.append(f"    match failed because incorrect keyword name: {', '.join(names)}")
            elif f.kind == "type":
                head = "    match failed because invalid types: ("
                marks, col = [], len(head)
                for i, text in enumerate(call):
                    key = s.positional[i].name if i < len(args) and i < len(s.positional) else text.split("=")[0]
                    if key in f.bad:
                        marks.append((col, len(text)))
                    col += len(text) + 2
                lines.append(head + ", ".join(call) + ")")
                under = [" "] * (col + 2)
                for c, n in marks:
                    under[c:c + n + 2] = "~" * (n + 2)
                lines.append("".join(under).rstrip())
        return "\n".join(lines)

    def _one(self, args, kwargs, sig, fail) -> str:
        name = self.name
        if fail.kind == "count":
            n = len(args)
            return f"{name}() takes {fail.detail} positional arguments but {n} {'was' if n == 1 else 'were'} given."
        if fail.kind == "missing":
            k = len(fail.detail)
            return (f"Tensor.{name}() missing {k} required positional argument{'s' if k > 1 else ''}: "
                    + ", ".join(f"'{m}'" for m in fail.detail))
        if fail.kind == "unknown":
            return f"{name}() got an unexpected keyword argument '{fail.detail[0]}'."
        if fail.kind == "multiple":
            return f"{name}() got multiple values for argument '{fail.detail}'."
        p = fail.detail
        value = kwargs[p.name] if p.name in kwargs else args[sig.positional.index(p)]
        if p.varargs and not isinstance(value, Tensor):
            seq = value if isinstance(value, (list, tuple)) else (value,)
            at = next((i for i, e in enumerate(seq) if not _is_int(e)), 0)
            where = f" (position {sig.positional.index(p) + 1})" if p.name not in kwargs else ""
            return (f"{name}(): argument '{p.name}'{where} must be tuple of int but found type of "
                    f"{type_name(seq[at]) if seq else type_name(value)} at pos {at}.")
        if p.name in kwargs:
            return f"{name}(): argument '{p.name}' must be {p.shown(False)} but got {type(value).__name__}."
        return (f"{name}(): argument '{p.name}' (position {sig.positional.index(p) + 1}) must be {p.shown(False)}, "
                f"not {type_name(value)}.")


def overload(name: str, *sigs, doc: str | None = None):
    """The Tensor method ``name`` over ``sigs`` (``(spec, impl)`` or ``(spec, impl, "old")`` tuples)."""
    return Overloaded(name, [Sig(s[0], s[1], len(s) > 2) for s in sigs], doc).method()
