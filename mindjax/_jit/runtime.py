"""What code rewritten by the source pass calls (bound as ``_mj_ag``): control flow,
JIT Fallback, and Python builtins as MindSpore's graph mode gives them (``map``, ``zip``,
``enumerate``, ``range`` give tuples, ``filter`` a list; ``max``/``min`` of Tensors are
Tensors; a Cell or Parameter made inside compiled code is a constant of the program)."""
from __future__ import annotations

from . import control, fallback, loops


class Ag:
    """What the rewritten code calls (bound as ``_mj_ag``)."""
    if_ = staticmethod(control.if_)
    if_ret = staticmethod(control.if_ret)
    while_ = staticmethod(loops.while_)
    for_ = staticmethod(loops.for_)
    range_ = staticmethod(loops.range_)
    and_ = staticmethod(control.and_)
    or_ = staticmethod(control.or_)
    not_ = staticmethod(control.not_)
    vals = staticmethod(control.vals)
    UNDEF = control.UNDEF

    @staticmethod
    def globals_written(g, names):
        """A function that assigns these globals starts: the jit call writes their final
        values back after it runs (MindSpore's graph mode does the same)."""
        from . import state as jit_state
        reg = jit_state.global_writes()
        if reg is not None:
            for n in names:
                if (id(g), n) not in reg:
                    reg[(id(g), n)] = (g, n, g.get(n, control.UNDEF))

    @staticmethod
    def ifexp(test, a, b):
        if not control._traced(test):
            return a() if test else b()
        from .. import ops
        return ops.select(test, a(), b())

    mark = staticmethod(fallback.mark)
    fstr = staticmethod(fallback.fstr)
    assert_ = staticmethod(fallback.assert_)

    @staticmethod
    def call(f, *args, **kwargs):
        if fallback.is_print(f):
            return fallback.graph_print(args, kwargs)
        try:
            b = _BUILTINS.get(f)
        except TypeError:  # unhashable callable
            b = None
        if b is not None:
            return b(*args, **kwargs)
        if f in fallback._CONVERT or hasattr(f, "__self__"):
            r = fallback.convert_call(f, args, kwargs)
            if r is not None:
                return r
        if isinstance(f, type):
            return _construct(f, args, kwargs)
        from .ast_pass import convert
        return convert(f)(*args, **kwargs)


def _construct(cls, args, kwargs):
    """A class called in compiled code; a Cell or Parameter made there is a constant of the
    program, not state (as in MindSpore), so its Parameters are marked trace-local."""
    obj = cls(*args, **kwargs)
    from ..common.parameter import Parameter
    from ..nn.cell import Cell
    if isinstance(obj, Parameter):
        obj.__dict__["_mj_trace_local"] = True
    elif isinstance(obj, Cell):
        for p in obj.get_parameters():
            p.__dict__["_mj_trace_local"] = True
    return obj


def _as_tuple(fn):
    def run(*args, **kwargs):
        return tuple(fn(*args, **kwargs))
    return run


def _extreme(py, name):
    def run(*args, **kwargs):
        items = args[0] if len(args) == 1 and not control._traced(args[0]) else args
        if kwargs or not any(control._traced(a) for a in items):
            return py(*args, **kwargs)
        from .. import ops
        if len(args) == 1:  # max(tensor): over all its elements
            return getattr(ops, name)(args[0]) if name == "amax" else ops.amin(args[0])
        out = items[0]
        for v in items[1:]:
            out = ops.maximum(out, v) if py is max else ops.minimum(out, v)
        return out
    return run


# graph mode gives tuples where Python gives iterators (filter gives a list, as in MindSpore 2.10)
_BUILTINS = {map: _as_tuple(map), zip: _as_tuple(zip), enumerate: _as_tuple(enumerate),
             range: lambda *a: tuple(range(*a)), filter: lambda *a: list(filter(*a)),
             max: _extreme(max, "amax"), min: _extreme(min, "amin")}


