"""What code rewritten by the source pass calls (bound as ``_mj_ag``): control flow,
JIT Fallback, and Python builtins as MindSpore's graph mode gives them (``map``, ``zip``,
``enumerate``, ``range`` give tuples, ``filter`` a list; ``max``/``min`` of Tensors are
Tensors; a Cell or Parameter made inside compiled code is a constant of the program)."""
from __future__ import annotations

import types

from . import control, fallback, loops, pylists


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
    def note_store(obj, name="__setitem__"):
        """``obj[k] = v`` (or ``obj += v``) is about to run: a list or dict is remembered as it was
        (pylists.py)."""
        if pylists._reg is not None and type(obj) in (list, dict):
            pylists.note(obj, name)

    @staticmethod
    def note_setattr(obj, name):
        """``obj.name = v`` is about to run: the attribute is remembered (pylists.py); a Parameter's
        attributes cannot be set in compiled code (MindSpore's error)."""
        if type(obj).__name__ == "Parameter" and jit_state_level() == 2:
            raise ValueError(f"Do not support to set attribute for a parameter in the graph: '{name}'.")
        if pylists._attrs is not None:
            pylists.note_attr(obj, name)

    @staticmethod
    def is_(a, b, negate=False):
        """``a is b``: where one side is a Python scalar known only at run time (``int(x)``, a scalar
        a compiled loop computes), graph mode compares it with the other's value (a bool at run time)."""
        from .varscalar import _kind
        if control._traced(a) or control._traced(b):
            ka, kb = _kind(a) or a.__dict__.get("_mj_py") if control._traced(a) else _kind(a), \
                _kind(b) or b.__dict__.get("_mj_py") if control._traced(b) else _kind(b)
            if ka in ("int", "float", "bool") and ka == kb:
                eq = (a != b) if negate else (a == b)
                return fallback._marked(eq._data.reshape(()), "bool")
        return (a is not b) if negate else (a is b)

    @staticmethod
    def ifexp(test, a, b):
        if not control._traced(test):
            return a() if test else b()
        from .. import ops
        return ops.select(test, a(), b())

    @staticmethod
    def in_(x, seq):
        """``x in seq`` where ``x`` is a Tensor and ``seq`` a tuple/list: true where an element is
        ``x`` itself or a Tensor of the same shape with equal values (a run-time answer where
        the values are known only at run time)."""
        from .._tensor import Tensor
        if not isinstance(x, Tensor) or not isinstance(seq, (tuple, list)):
            return x in seq
        found = False
        for e in seq:
            if e is x:
                return True
            if not isinstance(e, Tensor) or e.shape != x.shape:
                continue
            same = (x == e).all()
            if not control._traced(same):
                if bool(same):
                    return True
                continue
            found = same if found is False else control.or_(lambda: found, lambda: same)
        return found

    @staticmethod
    def check_setattr(obj, name, value):
        """STRICT: a Cell's attribute other than a Parameter cannot be assigned in compiled code."""
        from . import state as jit_state
        from .._tensor import Tensor
        from ..nn.cell import Cell
        if jit_state.syntax_level() == 0 and isinstance(obj, Cell) and name not in obj.__dict__.get("_params", {}):
            raise TypeError(f"In JIT strict mode, if need to modify a member attribute of a class with "
                            f"'self.{name} = ...', the attribute must be a Parameter. You can use "
                            f"os.environ['MS_DEV_JIT_SYNTAX_LEVEL'] = '2' to enable the JIT lax mode to support the "
                            f"current syntax.")
        from ..common.parameter import Parameter
        param = obj.__dict__.get("_params", {}).get(name) if isinstance(obj, Cell) else None
        if param is not None and isinstance(value, Tensor):  # graph mode assigns: MindSpore's Assign checks
            _check_assign(param, value)
        if param is None and not isinstance(obj, Cell) and isinstance(getattr(obj, "__dict__", {}).get(name), Parameter) \
                and isinstance(value, Tensor) and not isinstance(value, Parameter):
            # a jit_class object's Parameter: assigned (the attribute keeps the Parameter)
            param = obj.__dict__[name]
            _check_assign(param, value)
            param.set_data(value)
            return param
        return value

    @staticmethod
    def getslice(obj, lower, upper, step):
        """``obj[lower:upper:step]`` in compiled code: graph mode's checks of the slice's items
        (an int, a bool, None, or an integer or bool Tensor) on Tensors, tuples, lists and strings."""
        if _sliceable(obj):
            for v in (lower, upper, step):
                _check_slice_item(v)
            if step is not None and type(obj) is not str and not control._traced(step) and step == 0:
                raise ValueError("Slice step cannot be zero." if type(obj) in (tuple, list) else
                                 "For 'StridedSlice', input 'strides' can not contain 0.")
        return obj[lower:upper:step]

    @staticmethod
    def getitem(obj, key):
        """``obj[key]`` in compiled code; a ``slice`` object made elsewhere is checked as graph mode
        checks one (RuntimeError naming the attribute)."""
        if type(key) is slice and _sliceable(obj):
            for attr in ("start", "stop", "step"):
                v = getattr(key, attr)
                if not (v is None or _int_like(v)):
                    raise RuntimeError(f"Attribute '{attr}' of {key} should be int or Tensor with Int type but got {v}")
        elif type(key) is float and _sliceable(obj) and type(obj) is not str:
            if type(obj) in (tuple, list):
                raise IndexError(f"{'TupleGetItem' if type(obj) is tuple else 'list_getitem'} evaluator index should "
                                 f"be an int64 number, but got AbstractScalar(Type: Float32, Value: {key}, Shape: "
                                 f"NoShape)")
            raise IndexError(f"Number index of tensor must be int or bool, but got {key}.")
        return obj[key]

    @staticmethod
    def super_(*args):
        """``super(cls, obj)`` in compiled code, with graph mode's checks of its arguments."""
        if len(args) != 2:
            raise RuntimeError(f"Arguments number of 'super()' should be 0 or 2, but got {len(args)}.")
        if not (isinstance(args[0], type) and (isinstance(args[1], args[0]) or (
                isinstance(args[1], type) and issubclass(args[1], args[0])))):
            raise RuntimeError("Unable to cast Python instance of type <class 'NoneType'> to C++ type 'std::string'")
        return super(*args)

    @staticmethod
    def lenient(thunk):
        """``print``'s arguments, evaluated where ``and``/``or`` of Tensors of other dtypes promote."""
        control._lenient["n"] += 1
        try:
            return thunk()
        finally:
            control._lenient["n"] -= 1

    mark = staticmethod(fallback.mark)
    invert = staticmethod(lambda x: invert(x))
    fstr = staticmethod(fallback.fstr)
    strmod = staticmethod(fallback.strmod)
    assert_ = staticmethod(fallback.assert_)

    @staticmethod
    def call(f, *args, **kwargs):
        if pylists._reg is not None and type(getattr(f, "__self__", None)) in (list, dict):
            pylists.note(f.__self__, f.__name__)  # the list or dict as it was: see pylists.py
        if fallback.is_print(f):
            return fallback.graph_print(args, kwargs)
        if type(getattr(f, "__self__", None)) is dict and getattr(f, "__name__", "") in ("keys", "values", "items") \
                and not args and not kwargs:  # graph mode's views: tuples of keys and values, a list of items
            return list(f()) if f.__name__ == "items" else tuple(f())
        if ((f is str or f is format or f is repr) or (type(getattr(f, "__self__", None)) is str and f.__name__ == "format")) and \
                _needs_text(args, kwargs):
            from .errors import python_value_needed
            raise python_value_needed(getattr(f, "__qualname__", "str"))
        try:
            b = _BUILTINS.get(f)
        except TypeError:  # unhashable callable
            b = None
        if b is not None:
            return b(*args, **kwargs)
        if hasattr(f, "__self__") and getattr(f, "__name__", "") in _NUMPY_METHODS:
            _strict_refusal(f)
        if f in fallback._CONVERT or hasattr(f, "__self__"):
            r = fallback.convert_call(f, args, kwargs)
            if r is not None:
                return r
        if isinstance(f, type):
            return _construct(f, args, kwargs)
        from .ast_pass import check_lambda, convert
        if getattr(type(f), "__ms_class__", False):
            if not callable(f):
                raise ValueError(f"MsClassObject: '{type(f).__name__}' has no __call__ function, please check the "
                                 f"code.")
            return convert(types.MethodType(type(f).__call__, f))(*args, **kwargs)  # compiled like a construct
        if type(f) is types.FunctionType and f.__name__ == "<lambda>":
            check_lambda(f)
        return convert(f)(*args, **kwargs)


_NUMPY_METHODS = ("asnumpy", "tolist", "numpy")


def _check_assign(param, value) -> None:
    """``self.p = value`` on a Parameter in compiled code: its dtype is kept, so the value must convert
    to it implicitly, and the ranks must agree (MindSpore's Assign)."""
    import jax.numpy as jnp
    pd, vd = param._value.dtype, value._data.dtype
    if jnp.promote_types(pd, vd) != pd:
        raise TypeError(f"Data type conversion is not supported for a 'Parameter', nor for the input tensor of an "
                        f"in-place operator, so data type {param.dtype}, which cannot be converted to data type "
                        f"{value.dtype} automatically.")
    if len(value.shape) != len(param.shape):
        raise ValueError(f"For 'Assign','value' must have the same rank as 'variable'. But got 'value' rank: "
                         f"{len(value.shape)}, 'variable' rank: {len(param.shape)}.")


def _sliceable(obj) -> bool:
    from .._tensor import Tensor
    return type(obj) in (tuple, list, str) or isinstance(obj, Tensor)


def _int_like(v) -> bool:
    import numpy as np
    from .._tensor import Tensor
    if isinstance(v, Tensor):
        return v.dtype == mstype_bool() or "Int" in str(v.dtype)
    return isinstance(v, (int, np.integer, np.bool_))


def _check_slice_item(v) -> None:
    from .._tensor import Tensor
    if v is None or _int_like(v):
        return
    if isinstance(v, Tensor):
        raise TypeError(f"The input tensor type of the MakeSlice operator must be int or bool, but got {v.dtype}")
    raise TypeError(f"Slice indices must be integers or bool. But got a {_ms_type_name(v)} number.")


def jit_state_level() -> int:
    from . import state as jit_state
    return jit_state.syntax_level()


def _needs_text(args, kwargs) -> bool:
    """Whether ``str``/``format``/``repr``/``str.format`` is given a Tensor whose value is known only
    at run time (inside lists, tuples and dicts too), at the LAX syntax level."""
    from . import state as jit_state
    if jit_state.syntax_level() != 2:
        return False
    leaves = []
    for a in list(args) + list(kwargs.values()):
        fallback._traced_leaves(a, leaves)
    return bool(leaves)


def _strict_refusal(f) -> None:
    """STRICT and COMPATIBLE syntax levels refuse a Tensor's host conversions, with MindSpore's error."""
    from . import state as jit_state
    from .._tensor import Tensor
    if jit_state.syntax_level() < 2 and isinstance(f.__self__, Tensor):
        raise AttributeError(f"In JIT strict mode, cannot get attributes asnumpy or the Tensor[{f.__self__.dtype}] "
                             f"object has no attribute: 'asnumpy'. You can use os.environ['MS_DEV_JIT_SYNTAX_LEVEL'] "
                             f"= '2' to enable the JIT lax mode to support the current syntax.")


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
        if len(args) == 1 and (_py_type(args[0]) in (int, float, bool) or isinstance(args[0], (int, float))):
            raise TypeError("'The object is not iterable.'")  # ``min(mutable(1))``: MindSpore's words
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


def _py_type(v):
    """The Python type a ``mutable`` scalar variable, or a run-time value of JIT Fallback
    (``int(x)``, ``x.asnumpy()``, ``x.tolist()``), stands for (None: not one)."""
    from .varscalar import VarScalar
    if isinstance(v, VarScalar):
        return {"int": int, "float": float, "bool": bool}[v.__dict__["_mj_py"]]
    if fallback._traced(v):
        import numpy as np
        return {"int": int, "float": float, "bool": bool, "numpy": np.ndarray, "list": list}.get(
            v.__dict__.get("_mj_py"))
    return None


def _type(*args):
    t = _py_type(args[0]) if len(args) == 1 else None
    return t if t is not None else type(*args)


def _isinstance(obj, cls):
    t = _py_type(obj)
    return issubclass(t, cls) if t is not None else isinstance(obj, cls)


def _py_items(seq):
    """``tuple``/``list`` of a numpy array: its scalars as Python numbers, as graph mode
    converts a constant array's elements (rows of a 2-D array stay arrays)."""
    import numpy as np
    if isinstance(seq, np.ndarray):
        return [x.item() if isinstance(x, np.generic) else x for x in seq]
    return seq


def _round(x, *nd, **kw):
    """``round(x, n)``: graph mode rounds a Tensor elementwise to ``n`` decimals."""
    from .._tensor import Tensor
    if isinstance(x, Tensor) and (nd or kw):
        return x.round(*nd, **kw)
    return round(x, *nd, **kw)


def _ms_type_name(v) -> str:
    """A value's type as MindSpore's graph compiler names it in messages."""
    from .._tensor import Tensor
    if isinstance(v, Tensor):
        return f"Tensor[{v.dtype}]"
    return {bool: "Bool", int: "Int64", float: "Float32", str: "String"}.get(type(v), type(v).__name__)


def _map(fn, *seqs):
    """``map`` as graph mode checks it: over tuples or lists of one kind and one length; a tuple
    (a list over lists).
    With a numpy array among them (JIT Fallback runs it as Python), Python's ``map``."""
    import numpy as np
    if not seqs:
        raise TypeError(f"The Map operator must have at least two arguments. But the size of arguments is "
                        f"{1 + len(seqs)}.")
    if any(isinstance(v, np.ndarray) for v in seqs):  # Python's map, run by JIT Fallback: a map object
        return map(fn, *seqs)
    if any(_py_type(v) is np.ndarray for v in seqs):  # ``x.asnumpy()`` of a run-time value: by its elements
        return tuple(map(fn, *[_run_time_items(v) if _py_type(v) is np.ndarray else v for v in seqs]))
    if len({_ms_type_name(v) if not isinstance(v, (list, tuple)) else type(v) for v in seqs}) > 1:
        raise RuntimeError("The types of arguments in Map must be consistent, but the types of arguments are "
                           "inconsistent.")
    if not isinstance(seqs[0], (list, tuple)):
        raise RuntimeError(f"Map can only be applied to list, tuple, but got {_ms_type_name(seqs[0])}.")
    if len({len(v) for v in seqs}) > 1:
        raise RuntimeError(f"For 'Map', the length of {'lists' if isinstance(seqs[0], list) else 'tuples'} must be "
                           f"the same. ")
    out = tuple(map(fn, *seqs))
    return list(out) if isinstance(seqs[0], list) else out  # over lists, a list


def _run_time_items(v):
    """The elements of a run-time numpy array (``x.asnumpy()``) as run-time Python scalars."""
    import jax.numpy as jnp
    a = v._data
    kind = "bool" if a.dtype == jnp.bool_ else "int" if jnp.issubdtype(a.dtype, jnp.integer) else "float"
    return [fallback._marked(a[i], kind) if a.ndim == 1 else fallback._marked(a[i], "numpy") for i in range(a.shape[0])]


def _enumerate(seq, start=0):
    if not isinstance(start, int) or control._traced(start):
        raise TypeError(f"'For 'enumerate', the 'start' should be a const int number, but got {start}.'")
    return tuple(enumerate(seq, start))


def invert(x):
    """``~x`` in compiled code: graph mode gives the logical not of an integer or bool Tensor."""
    from .._tensor import Tensor
    if isinstance(x, Tensor) and (x.dtype == mstype_bool() or "Int" in str(x.dtype)):
        from .. import ops
        return ops.logical_not(x)
    return ~x


def mstype_bool():
    from .. import _dtype
    return _dtype.bool_


# graph mode gives tuples where Python gives iterators (filter gives a list, as in MindSpore 2.10)
def _zip(*seqs):
    if not seqs:
        raise RuntimeError("The zip operator must have at least 1 argument, but the size of arguments is 0.")
    return tuple(zip(*seqs))


_BUILTINS = {map: _map, zip: _zip, enumerate: _enumerate,
             range: lambda *a: (loops.check_range(a), tuple(range(*a)))[1], filter: lambda *a: list(filter(*a)),
             max: _extreme(max, "amax"), min: _extreme(min, "amin"), type: _type, isinstance: _isinstance,
             round: _round, tuple: lambda *a, **k: tuple(_py_items(a[0]), *a[1:], **k) if a else tuple(**k),
             list: lambda *a, **k: list(_py_items(a[0]), *a[1:], **k) if a else list(**k)}


