"""How the inputs and outputs of a compiled program are laid out: nested Python structures
whose Tensors become the program's arrays ("T"), ``mutable`` scalars that enter as 0-d
arrays ("M"), run-time Python values that leave as Python values ("P"), namedtuples,
sparse tensors and constants; and the static part of that layout, which keys the cache."""
from __future__ import annotations

from .._tensor import Tensor
from . import fallback, varscalar


def _flatten(obj, arrays, var=None, inside=False):
    """Replace Tensors in a nested structure by their index in ``arrays``.

    ``var`` (for inputs): a list to which each ``mutable`` scalar found is added; they become
    0-d arrays ("M" entries, variables of the program) rather than constants. Inside a
    mutable tuple/list/dict every Python scalar is such a variable, as in MindSpore."""
    if isinstance(obj, Tensor):
        arrays.append(obj)
        return ("T", len(arrays) - 1, type(obj).__name__ == "Parameter" and obj)
    if var is not None:
        inside = inside or getattr(obj, "__ms_mutable__", False) is True
        if inside and isinstance(obj, (int, float)):
            value = obj.value if hasattr(obj, "value") else obj  # a mutable bool keeps its bool in .value
            arrays.append(Tensor._make(varscalar.array_of(value)))
            var.append(obj)
            return ("M", len(arrays) - 1, varscalar.kind_of_value(value))
    if isinstance(obj, fallback.LazyStr):  # an f-string of run-time values: its text after the call
        leaves = obj.leaves()
        arrays.extend(leaves)
        return ("L", obj, len(arrays) - len(leaves), len(leaves))
    if hasattr(type(obj), "_mj_flatten"):  # a sparse tensor: its Tensors, and its static shape in the key
        parts, aux = obj._mj_flatten()
        return ("S", type(obj), aux, tuple(_flatten(p, arrays, var, inside) for p in parts))
    if isinstance(obj, tuple) and hasattr(type(obj), "_fields"):  # a namedtuple keeps its class
        return ("ntuple", type(obj), tuple(_flatten(o, arrays, var, inside) for o in obj))
    # an input container made by mutable stays one inside the program (a third entry: True)
    mut = (True,) if var is not None and getattr(obj, "__ms_mutable__", False) is True else ()
    if isinstance(obj, tuple):
        return ("tuple", tuple(_flatten(o, arrays, var, inside) for o in obj)) + mut
    if isinstance(obj, list):
        return ("list", tuple(_flatten(o, arrays, var, inside) for o in obj)) + mut
    if isinstance(obj, dict):
        return ("dict", tuple((k, _flatten(v, arrays, var, inside)) for k, v in obj.items())) + mut
    return ("C", obj)


def _mark_python(spec, outs):
    """Outputs made by ``int(x)``, ``x.item()``, ``x.asnumpy()``... on run-time values
    (JIT Fallback) leave the program as Python values: ("P", index, kind) in the spec."""
    kind = spec[0]
    if kind == "T":
        py = outs[spec[1]].__dict__.get("_mj_py")
        return ("P", spec[1], py) if py else spec
    if kind in ("tuple", "list"):
        return (kind, tuple(_mark_python(s, outs) for s in spec[1]))
    if kind == "ntuple":
        return (kind, spec[1], tuple(_mark_python(s, outs) for s in spec[2]))
    if kind == "dict":
        return ("dict", tuple((k, _mark_python(s, outs)) for k, s in spec[1]))
    return spec


def _unflatten(spec, arrays):
    kind = spec[0]
    if kind == "T":
        return arrays[spec[1]]
    if kind == "M":
        return varscalar.make(arrays[spec[1]]._data, spec[2])
    if kind == "P":
        return fallback.to_python(arrays[spec[1]]._data, spec[2])
    if kind == "L":
        return spec[1].render_flat([arrays[i]._data for i in range(spec[2], spec[2] + spec[3])])
    if kind == "S":
        return spec[1]._mj_unflatten(spec[2], [_unflatten(s, arrays) for s in spec[3]])
    if kind == "ntuple":
        return spec[1](*[_unflatten(s, arrays) for s in spec[2]])
    if kind == "tuple":
        out = tuple(_unflatten(s, arrays) for s in spec[1])
    elif kind == "list":
        out = [_unflatten(s, arrays) for s in spec[1]]
    elif kind == "dict":
        out = {k: _unflatten(s, arrays) for k, s in spec[1]}
    else:
        return spec[1]
    if len(spec) > 2:
        from ..common.mutable import mutable
        out = mutable(out)
    return out


def _static_key(spec):
    kind = spec[0]
    if kind == "T":
        return ("T",)
    if kind == "M":
        return ("M", spec[2])
    if kind == "L":
        return ("L", spec[3])
    if kind == "S":
        return ("S", spec[1], spec[2], tuple(_static_key(s) for s in spec[3]))
    if kind in ("tuple", "list"):
        return (kind, tuple(_static_key(s) for s in spec[1]))
    if kind == "ntuple":
        return (kind, spec[1], tuple(_static_key(s) for s in spec[2]))
    if kind == "dict":
        return ("dict", tuple((k, _static_key(s)) for k, s in spec[1]))
    v = spec[1]
    try:
        hash(v)
        return ("C", type(v), v)
    except TypeError:
        return ("C", type(v), id(v))


def _count_T(spec):
    kind = spec[0]
    if kind in ("T", "P"):
        return 1
    if kind == "L":
        return spec[3]
    if kind == "S":
        return sum(_count_T(s) for s in spec[3])
    if kind in ("tuple", "list"):
        return sum(_count_T(s) for s in spec[1])
    if kind == "ntuple":
        return sum(_count_T(s) for s in spec[2])
    if kind == "dict":
        return sum(_count_T(s) for _, s in spec[1])
    return 0
