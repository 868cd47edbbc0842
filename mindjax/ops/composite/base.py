"""``MultitypeFuncGraph``, ``HyperMap``, ``Map`` and the small graph meta-functions.

MindSpore compiles these into its graph; in mindjax they are plain Python that runs
the same way eagerly and inside ``jit`` (where Tensors hold jax tracers and Python
numbers, strings and tuples stay Python values), so one implementation serves both
modes. Where MindSpore's PyNative and Graph modes disagree (PyNative ``HyperMap``
returns tuples for lists, ``tail`` returns None), the Graph-mode result is kept: it
is the one MindSpore's optimizers and user code are written against.
"""
from __future__ import annotations

import numbers

import numpy as np

from ..._tensor import Tensor
from ... import _dtype as mstype
from ..._autograd.grad import GradOperation  # noqa: F401  (MindSpore defines it in composite.base)

# The type lattice of MultitypeFuncGraph: each value's type names, most specific first.
_SPARSE = ("RowTensor", "COOTensor", "CSRTensor", "MapTensor")
_NUMBER_NAMES = {"Bool", "Int", "UInt", "Float", "Complex", "Number"}
_OTHER_NAMES = {"Tensor", "Tuple", "List", "String", "None", "Function", "Dictionary", "Slice", "Ellipsis",
                "TypeType", "EnvType", "UMonad", "IOMonad", "RefKeyType", "Problem", "Keyword", "Any"} | set(_SPARSE)
# how MindSpore prints its type objects (in the no-match error)
_REPR = {"Tensor": "mindspore.tensor", "Number": "mindspore.number", "Tuple": "mindspore.tuple_",
         "List": "mindspore.list_", "String": "mindspore.string_", "None": "mindspore.type_none",
         "Bool": "mindspore.bool", "Function": "mindspore.function", "TypeType": "mindspore.type_type",
         "Int": "mindspore.int", "UInt": "mindspore.uint", "Float": "mindspore.float",
         "Dictionary": "mindspore.Dictionary", "Slice": "mindspore.Slice", "Ellipsis": "mindspore.Ellipsis"}


def _dtype_names(dt: mstype.Type) -> tuple:
    """``Float32`` -> ('Float32', 'Float', 'Number'); 'Bool' -> ('Bool', 'Number')."""
    if dt.name == "Bool":
        return ("Bool", "Number")
    family = {"i": "Int", "u": "UInt", "f": "Float", "c": "Complex"}.get(dt.kind, "Float")
    return (dt.name, family, "Number")


def type_names(x) -> tuple:
    """MindSpore's type names of the value ``x``, the most specific first."""
    if isinstance(x, Tensor):
        return ("Tensor",)
    cls = type(x).__name__
    if cls in _SPARSE:
        return (cls,)
    if isinstance(x, (bool, np.bool_)):
        return ("Bool", "Number")
    if isinstance(x, (numbers.Number, np.generic)):
        if isinstance(x, np.generic):
            return _dtype_names(mstype.from_numpy(x.dtype))
        if isinstance(x, numbers.Integral):
            return ("Int64", "Int", "Number")
        if isinstance(x, numbers.Real):
            return ("Float64", "Float", "Number")
        return ("Complex128", "Complex", "Number")
    if x is None:
        return ("None",)
    if isinstance(x, str):
        return ("String",)
    if isinstance(x, tuple):
        return ("Tuple",)
    if isinstance(x, list):
        return ("List",)
    if isinstance(x, dict):
        return ("Dictionary",)
    if isinstance(x, slice):
        return ("Slice",)
    if x is Ellipsis:
        return ("Ellipsis",)
    if isinstance(x, mstype.Type):
        return ("TypeType",)
    if callable(x):  # functions, Primitives, Cells, partials, MultitypeFuncGraphs
        return ("Function",)
    return ("External",)


def _type_repr(x) -> str:
    if isinstance(x, Tensor):
        return f"mindspore.tensor[{x.dtype.name.lower()}]"
    first = type_names(x)[0]
    return _REPR.get(first, f"mindspore.{first.lower()}")


def _check_type_name(name) -> str:
    if isinstance(name, mstype.Type):
        return name.name
    if not isinstance(name, str):
        raise TypeError(f"For 'MultitypeFuncGraph', register only support str or {mstype.Type}, but got "
                        f"'type_input': {name}.")
    known = name in _NUMBER_NAMES or name in _OTHER_NAMES
    if not known:
        try:
            known = mstype.from_name(name) is not None
        except Exception:  # noqa: BLE001 - an unknown name is reported below
            known = False
    if not known:
        raise RuntimeError(f"Unsupported type name: {name}!")
    return name


class MultitypeFuncGraph:
    """``ops.MultitypeFuncGraph(name, read_value=False)``: a function overloaded on MindSpore's types.

    ``@fn.register("Tensor", "Number")`` adds an overload; a call runs the overload whose
    type names match the arguments (an exact type beats a parent type such as
    ``Number`` for a ``Bool``; ties go to the first registered). No match raises
    ValueError, as MindSpore does.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import ops
        >>> add = ops.MultitypeFuncGraph('add')
        >>> @add.register("Number", "Number")
        ... def add_scalar(x, y):
        ...     return x + y
        >>> @add.register("Tensor", "Tensor")
        ... def add_tensor(x, y):
        ...     return ops.add(x, y)
        >>> print(add(1, 2), add(ms.Tensor([0.5]), ms.Tensor([1.0])))
        3 [1.5]
    """

    def __init__(self, name: str, read_value: bool = False):
        self.name = name
        self.read_value = read_value
        self.entries = []
        self.default_func = None
        self.need_raise = False
        self.doc_url = ""

    def register(self, *type_names_):
        """Decorator registering the overload for the argument types ``type_names_``."""
        types = tuple(_check_type_name(t) for t in type_names_)

        def deco(fn):
            self.entries.append((types, fn))
            return fn
        return deco

    def _register_default(self, convert_to_interpret: bool = True):
        def deco(fn):
            self.default_func = fn
            return fn
        return deco

    def set_doc_url(self, doc_url: str) -> None:
        self.doc_url = doc_url

    def set_need_raise(self) -> None:
        self.need_raise = True

    def _match(self, args):
        arg_names = [type_names(a) for a in args]
        best, best_score = None, None
        for sig, fn in self.entries:
            if len(sig) != len(args):
                continue
            score = 0
            for want, names in zip(sig, arg_names):
                if want == "Any":
                    score += 16
                elif want in names:
                    score += names.index(want)
                else:
                    break
            else:
                if best_score is None or score < best_score:
                    best, best_score = fn, score
        return best

    def __call__(self, *args):
        for a in args:
            if isinstance(a, np.ndarray):
                raise TypeError("For 'MultitypeFuncGraph', the input can not be numpy.ndarray")
        fn = self._match(args)
        if fn is None:
            if self.default_func is not None:
                return self.default_func(*args)
            sigs = [(tuple(_REPR.get(t, f"mindspore.{t.lower()}") for t in sig), fn) for sig, fn in self.entries]
            types = tuple(_type_repr(a) for a in args)
            sig_text = ", ".join(f"(({', '.join(s)}{',' if len(s) == 1 else ''}), {f!r})" for s, f in sigs)
            types_text = ", ".join(types) + ("," if len(types) == 1 else "")
            raise ValueError(f"For 'MultitypeFuncGraph', cannot find fn match given args. Got (sigs, fn): "
                             f"[{sig_text}], and (dtype, args): ({types_text}).")
        return fn(*args)

    def __repr__(self):
        return f"MultitypeFuncGraph({self.name})"


def _is_seq(x) -> bool:
    return isinstance(x, (tuple, list, dict))


def _hyper(name, fn, args, nested, reverse):
    """Apply ``fn`` over the (nested) tuples, lists or dicts ``args`` in lock step."""
    if not args or not all(_is_seq(a) for a in args):
        if not nested:
            raise TypeError(f"For '{name}', the inputs must be tuples or lists, but got "
                            f"{', '.join(type(a).__name__ for a in args)}.")
        return fn(*args)
    base = tuple if isinstance(args[0], tuple) else list if isinstance(args[0], list) else dict
    for i, a in enumerate(args[1:], 2):
        if not isinstance(a, base):
            raise RuntimeError(f"In a nonleaf situation, the types of arguments in {name} must be consistent, but "
                               f"the types of arguments are inconsistent: argument 1 is {type(args[0]).__name__} "
                               f"and argument {i} is {type(a).__name__}.")
        if len(a) != len(args[0]):
            what = "tuples" if base is tuple else "lists" if base is list else "dicts"
            raise RuntimeError(f"The {what} in {name} should have the same length. The length of the first element "
                               f"in {name} is {len(args[0])}, but the length of the element {i} in {name} is "
                               f"{len(a)}.")
    step = (lambda *xs: _hyper(name, fn, xs, True, reverse)) if nested else fn
    if base is dict:
        keys = list(args[0].keys())
        for a in args[1:]:
            if set(a.keys()) != set(keys):
                raise RuntimeError(f"The dicts in {name} should have the same keys.")
        order = keys[::-1] if reverse else keys
        out = {k: step(*(a[k] for a in args)) for k in order}
        return {k: out[k] for k in keys}
    rows = list(zip(*args))
    if reverse:  # the optimizer's order of application; the result keeps the input order
        res = [step(*r) for r in rows[::-1]][::-1]
    else:
        res = [step(*r) for r in rows]
    if base is tuple:
        return tuple(res)
    return res


class HyperMap:
    """``ops.HyperMap(ops=None, reverse=False)``: apply an operation over nested tuples, lists and dicts.

    With ``ops`` None the first call argument is the operation (any callable, e.g.
    ``F.partial(_opt, lr)``); the other arguments are walked in lock step and the
    operation is called on each group of leaves. The result keeps the structure.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import ops
        >>> square = ops.MultitypeFuncGraph('square')
        >>> @square.register("Tensor")
        ... def square_tensor(x):
        ...     return ops.square(x)
        >>> print(ops.HyperMap()(square, ((ms.Tensor(2.0),), ms.Tensor(3.0))))
        ((Tensor(shape=[], dtype=Float32, value= 4),), Tensor(shape=[], dtype=Float32, value= 9))
    """

    _name = "HyperMap"
    _nested = True

    def __init__(self, ops: MultitypeFuncGraph | None = None, reverse: bool = False):
        if ops is not None and not isinstance(ops, MultitypeFuncGraph):
            raise TypeError(f"For '{self._name}', the 'ops' must be a MultitypeFuncGraph or None, but got "
                            f"{type(ops).__name__}.")
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        fn = self.ops
        if fn is None:
            if not args:
                raise TypeError(f"For '{self._name}', the operation must be given as the first input.")
            fn, args = args[0], args[1:]
            if not callable(fn):
                raise TypeError(f"For '{self._name}', the first input must be a callable operation, but got "
                                f"{type(fn).__name__}.")
        return _hyper(self._name, fn, args, self._nested, self.reverse)


class Map(HyperMap):
    """``ops.Map(ops=None, reverse=False)``: apply an operation to each element of tuples or lists (one level).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import ops
        >>> print(ops.Map()(ops.square, (ms.Tensor(2.0), ms.Tensor(3.0))))
        (Tensor(shape=[], dtype=Float32, value= 4), Tensor(shape=[], dtype=Float32, value= 9))
    """

    _name = "Map"
    _nested = False


def add_flags(fn=None, **flags):
    """``ops.composite.add_flags``: attach graph flags to a function or Cell (``fn._func_graph_flags``).

    Examples:
        >>> from mindjax.ops import composite as C
        >>> f = C.add_flags(lambda x: x, predict=True)
        >>> print(f._func_graph_flags)
        {'predict': True}
    """
    def deco(f):
        d = getattr(f, "_func_graph_flags", None)
        if d is None:
            d = {}
            f._func_graph_flags = d
        d.update(flags)
        return f
    if fn is None:
        return deco
    return deco(fn)


def _check_sequence(name, x):
    if not isinstance(x, (tuple, list)):
        raise TypeError(f"For '{name}', the input must be a tuple or list, but got {type(x).__name__}.")


def tail(seq):
    """``ops.composite.tail(seq)``: ``seq`` without its first element (a tuple stays a tuple, a list a list).

    Examples:
        >>> from mindjax.ops import composite as C
        >>> print(C.tail((1, 2, 3)))
        (2, 3)
    """
    _check_sequence("tail", seq)
    if not seq:
        raise ValueError("For 'tail', the input tuple or list must not be empty.")
    return seq[1:]


def zip_operation(*seqs):
    """``ops.composite.zip_operation(a, b, ...)``: the tuple of tuples ``zip`` makes (the shortest input bounds it).

    Examples:
        >>> from mindjax.ops import composite as C
        >>> print(C.zip_operation((1, 2), (3, 4)))
        ((1, 3), (2, 4))
    """
    if not seqs:
        raise ValueError("For 'zip_operation', there must be at least one input.")
    for s in seqs:
        _check_sequence("zip_operation", s)
    return tuple(zip(*seqs))

