"""Run-time half of graph-mode control flow: what the AST pass (``ast_pass.py``) calls.

The pass turns every ``if``/``while``/``for`` of a function compiled by ``jit`` (or a
GRAPH_MODE ``construct``) into a call of ``if_``, ``while_`` or ``for_`` with the branch
or loop body as a nested function taking and returning the local variables it touches.
Here, a condition known while compiling (a Python value, or a Tensor with a concrete
value) runs the Python statement as written (unrolled, as MindSpore does); a Tensor whose
value is known only at run time makes ``lax.cond`` or a ``lax.while_loop``. Parameters
are carried through branches and loops as state, and so is the random key. Both are one
mindjax op (``Op``) so that a gradient recorded inside a jit function (``grad`` of a
function using tensor control flow) is taped like any op; the loop has a reverse-mode
rule that recomputes the forward states (``lax.while_loop`` has none).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .._state import state
from .._tensor import Tensor
from . import state as jit_state


class _Undefined:
    """A local variable that has no value yet where a branch or loop starts."""
    __slots__ = ()

    def __repr__(self):
        return "<undefined>"

    def __bool__(self):
        raise NameError("A local variable is used before it is assigned in every branch of a graph-mode "
                        "'if' or loop.")


UNDEF = _Undefined()


def vals(loc: dict, names: tuple) -> tuple:
    return tuple(loc.get(n, UNDEF) for n in names)


def _traced(x) -> bool:
    if isinstance(x, Tensor):
        x = x._data
    return isinstance(x, jax.core.Tracer)


# ------------------------------------------------------------------ conditions

def not_(x):
    if _traced(x):
        a = _as_array(x)
        return Tensor._make(jnp.logical_not(_pred_array(x)).reshape(a.shape))  # ``not`` of a (1,) Tensor: (1,)
    if isinstance(x, Tensor) and x.size != 1:
        _pred_array(x)
    return not x


def and_(*thunks):
    """``a and b and ...`` where any operand may be a traced Tensor (evaluated lazily while Python):
    the truth of a value known while compiling is asked only where another operand follows."""
    acc = thunks[0]()
    for th in thunks[1:]:
        if _traced(acc) and _constant(acc) is None:  # ``a and b`` is b where a is true, else a
            acc = _pick(acc, th(), acc, th)
        elif not (_constant(acc) if _traced(acc) else acc):
            return acc
        else:
            acc = th()
    return acc


def or_(*thunks):
    acc = thunks[0]()
    for th in thunks[1:]:
        if _traced(acc) and _constant(acc) is None:
            acc = _pick(acc, acc, th(), th)
        elif _constant(acc) if _traced(acc) else acc:
            return acc
        else:
            acc = th()
    return acc


def _constant(t):
    """The truth of a Tensor made inside the function (a constant of the graph: ``and``/``or`` on it
    is decided while compiling), None for a value known only at run time."""
    if not isinstance(t, Tensor) or t.__dict__.get("_mj_py") is not None:
        return None
    from .dynamic_break import constant_value
    v = constant_value(t)
    if v is None:
        return None
    if v.size != 1:
        raise ValueError(f"Only tensor which shape is () or (1,) can be converted to bool, but got tensor shape is "
                         f"{tuple(v.shape)}")
    return bool(v.reshape(()))


_lenient = {"n": 0}  # >0 while print's arguments are evaluated (runtime.Ag.lenient)


def _join_name(v, other) -> str:
    if isinstance(v, Tensor) and v.__dict__.get("_mj_py") is None:
        return "Any" if not isinstance(other, Tensor) else str(v.dtype)
    return {bool: "Bool", int: "Int64", float: "Float32"}.get(type(v), str(getattr(v, "dtype", type(v).__name__)))


def _pick(cond, a, b, where=None):
    if _traced(cond) and _as_array(cond).size != 1:  # MindSpore's message for ``and``/``or`` on such a Tensor
        raise ValueError(f"Only tensor which shape is () or (1,) can be converted to bool, but got tensor shape is "
                         f"{tuple(_as_array(cond).shape)}")
    plain = [isinstance(v, Tensor) and v.__dict__.get("_mj_py") is None for v in (a, b)]
    number = [isinstance(v, (bool, int, float)) for v in (a, b)]
    if not _lenient["n"] and (
            (plain[0] and plain[1] and a.dtype != b.dtype) or (plain[0] and number[1]) or (plain[1] and number[0])):
        # MindSpore's join of the two values refuses Tensors of other dtypes and a Tensor with a number
        msg = (f"Cannot join the return values of different branches, perhaps you need to make them equal.\n"
               f"Type Join Failed: dtype1 = {_join_name(a, b)}, dtype2 = {_join_name(b, a)}.")
        code = getattr(where, "__code__", None)
        if code is not None:  # the user's line, as MindSpore's traceback of the code shows it
            import linecache
            ln = code.co_firstlineno
            msg += f"\nIn file {code.co_filename}:{ln}\n    {linecache.getline(code.co_filename, ln).strip()}"
        e = TypeError(msg)
        e._mj_final = True
        raise e
    x, y = _as_array(a), _as_array(b)
    dt = jnp.promote_types(x.dtype, y.dtype)
    return Tensor._make(jnp.where(_pred_array(cond), x.astype(dt), y.astype(dt)))


def _snapshots(params) -> list:
    """The Parameters as inputs of a recorded op: their values now, with their tape history.
    The tape keeps its inputs until the backward pass, by which time the branch or loop has
    written the Parameters; a bprop must see the values the op started from."""
    return [Tensor._make(p._value, p._node, p._idx) for p in params]


def _pred_array(x):
    a = x._data if isinstance(x, Tensor) else jnp.asarray(x)
    if a.size != 1:  # MindSpore's graph mode
        raise ValueError(f"Only tensor which shape is () or (1,) can be converted to bool, but got tensor shape is "
                         f"{tuple(a.shape)}")
    return a.reshape(()).astype(bool)


# ------------------------------------------------------------------ carried state

def _flatten(obj, arrays):
    """Tensors of ``obj`` into ``arrays``; Parameters stay the objects (their values travel
    separately, as state)."""
    if isinstance(obj, Tensor) and type(obj).__name__ != "Parameter":
        arrays.append(obj._data)
        kind = obj.__dict__.get("_mj_py")  # a run-time Python scalar of JIT Fallback (int(x), x.item())
        return ("T", kind) if kind in ("int", "float", "bool") else ("T",)
    if isinstance(obj, tuple) and not hasattr(obj, "_fields"):
        return ("tuple", tuple(_flatten(o, arrays) for o in obj))
    if isinstance(obj, list):
        return ("list", tuple(_flatten(o, arrays) for o in obj))
    if isinstance(obj, dict):
        return ("dict", tuple((k, _flatten(v, arrays)) for k, v in obj.items()))
    return ("C", obj)


def _unflatten(spec, it):
    kind = spec[0]
    if kind == "T":
        return Tensor._make(next(it))
    if kind == "tuple":
        return tuple(_unflatten(s, it) for s in spec[1])
    if kind == "list":
        return [_unflatten(s, it) for s in spec[1]]
    if kind == "dict":
        return {k: _unflatten(s, it) for k, s in spec[1]}
    return spec[1]


def _same_static(a, b) -> bool:
    if a is b:
        return True
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001
        return False


def _key_in():
    src = jit_state.rng_key_in_trace()
    return src() if src is not None else jax.random.PRNGKey(0)


def _params():
    return list(jit_state.current_params())


class _Run:
    """Calls a user branch/body function on arrays with the Parameters and key set."""

    def __init__(self, fn, params):
        self.fn = fn
        self.params = params
        self.after = []  # the input Tensors' arrays after the last call (an in-place write changes them)

    def __call__(self, spec, arrays, param_arrays, key, extra=()):
        params = self.params
        saved = [p._value for p in params]
        for p, a in zip(params, param_arrays):
            p._value = a
        box = [key]

        def rng():
            box[0], sub = jax.random.split(box[0])
            return sub
        prev = jit_state.set_rng_source(rng)
        gd, state.grad_depth = state.grad_depth, 0
        state.jit_depth += 1  # a backward pass re-runs loop bodies outside the jit trace: still traced code
        from .fallback import _branch
        _branch["n"] += 1
        try:
            vs = _unflatten(spec, iter(arrays))
            local = []
            _collect_tensors(vs, local)
            out = self.fn(*extra, *vs)
            new = [p._value for p in params]
            self.after = [t._data for t in local]
        finally:
            for p, v in zip(params, saved):
                p._value = v
            jit_state.set_rng_source(prev)
            state.grad_depth = gd
            state.jit_depth -= 1
            _branch["n"] -= 1
        return out, [n._data if isinstance(n, Tensor) else n for n in new], box[0]


def _as_array(v):
    if isinstance(v, Tensor):
        return v._data
    return jnp.asarray(v)


# ------------------------------------------------------------------ if

def if_(test, t, f, vs: tuple, live=()):
    """``if test:`` with branch functions ``t``/``f`` taking and returning the locals ``vs``;
    ``live`` names the locals read after the statement (None for the others)."""
    if not _traced(test):
        return t(*vs) if test else f(*vs)
    return _cond(test, t, f, vs, ret=False, live=live)


def if_ret(test, t, f, vs: tuple):
    """An ``if`` whose branches both return: the function's return value."""
    if not _traced(test):
        return t(*vs) if test else f(*vs)
    return _cond(test, t, f, vs, ret=True)


def _cond(test, t, f, vs, ret, live=()):
    from ..ops._primitive import Op, apply
    if _as_array(test).size != 1:
        _pred_array(test)  # MindSpore's error, before any branch is traced
    params = _params()
    arrays = []
    spec = _flatten(vs, arrays)
    runs = (_Run(t, params), _Run(f, params))
    n_in = len(arrays)

    # 1. the structure and types each branch gives (abstractly)
    from . import fallback
    found, raised, writes = [], [None, None], set()
    for i, run in enumerate(runs):
        def probe(arrs, pa, key, run=run):
            out, new, _ = run(spec, arrs, pa, key)
            # inputs written in place (x.add_(1), x[i] = v): the caller's Tensors take the new values
            writes.update(j for j, (b, a) in enumerate(zip(run.after, arrs))
                          if b is not a and not jit_state.is_setitem_result(b))
            outs = []
            ospec = _flatten(out, outs)
            found.append(ospec)
            return [_as_array(o) for o in outs], new
        try:
            with fallback.in_branch():
                found.append(jax.eval_shape(probe, arrays, [p._value for p in params], _key_in()))
        except Exception as e:  # noqa: BLE001 - a user's raise: a check made when the branch is taken
            if not fallback.is_user_raise(e):
                raise
            raised[i] = e
            found.append(None)
            found.append(None)
    if raised[0] is not None and raised[1] is not None:
        # both branches raise: the one the run-time condition takes is reported after the call
        def staged(run):
            def go(arrs, pa, key):
                _stage_raise(run, raised[runs.index(run)], spec, arrs, pa, key)
                return jnp.zeros((), jnp.int32)
            return go
        lax.cond(_pred_array(test if isinstance(test, Tensor) else Tensor._make(test)), staged(runs[0]),
                 staged(runs[1]), arrays, [p._value for p in params], _key_in())
        return None if ret else vs
    if raised[0] is not None:
        found[0], found[1] = found[2], found[3]
    elif raised[1] is not None:
        found[2], found[3] = found[0], found[1]
    (spec_t, (avals_t, _)), (spec_f, (avals_f, _)) = (found[0], found[1]), (found[2], found[3])
    try:
        # (a condition on a ``mutable`` scalar: MindSpore joins a tuple with a Tensor there)
        seqs = isinstance(test, Tensor) and test.__dict__.get("_mj_py") is None and type(test).__name__ != "VarScalar"
        out_spec, target = _join(spec_t, avals_t, spec_f, avals_f, ret, live, seqs)
    except _JoinError as e:
        from .errors import join_failed
        raise join_failed(str(e), (t, f)) from None
    written = sorted(writes)

    def branch(run):
        def go(arrs, pa, key):
            err = raised[runs.index(run)]
            if err is not None:
                _stage_raise(run, err, spec, arrs, pa, key)
                return [jnp.zeros(s, _grad_dtype(d)) for s, d in target] + [arrs[j] for j in written], list(pa)
            with fallback.in_branch():
                out, new, _ = run(spec, arrs, pa, key)
            outs = []
            ospec = _flatten(out, outs)
            leaves = _select(ospec, outs, out_spec)
            tgt = [(s, _grad_dtype(d)) for s, d in target]
            res = [jnp.zeros(s, d) if a is UNDEF else jnp.broadcast_to(_as_array(a).astype(d), s)
                   for a, (s, d) in zip(leaves, tgt)]
            res += [arrs[j] if jit_state.is_setitem_result(run.after[j]) else
                    jnp.asarray(run.after[j]).astype(arrs[j].dtype) for j in written]
            return res, [jnp.asarray(n) for n in new]
        return go

    def forward(*a):
        pred = _pred_array(Tensor._make(a[0]))
        arrs, pa, key = list(a[1:1 + n_in]), list(a[1 + n_in:-1]), a[-1]
        res, new = lax.cond(pred, branch(runs[0]), branch(runs[1]), arrs, pa, key)
        return tuple(res) + tuple(new) + (a[0],)

    n_res = len(target) + len(written)
    op = Op("If", forward, _int_bprop, n_out=n_res + len(params) + 1, jit=False)
    test_t = test if isinstance(test, Tensor) else Tensor._make(test)
    ins = [test_t] + [Tensor._make(a) for a in arrays] + _snapshots(params) + [Tensor._make(_key_in())]
    # the carried Tensors keep their tape history: use the originals where they are Tensors
    flat_in = []
    _collect_tensors(vs, flat_in)
    # (as they are now: an in-place write below gives the same objects a new history)
    ins[1:1 + n_in] = [Tensor._make(t._data, t._node, t._idx) for t in flat_in] if written else flat_in
    res = apply(op, ins, {})
    if isinstance(res, Tensor):  # a single output (the condition): nothing else is carried out
        res = (res,)
    outs, wvals, new = res[:len(target)], res[len(target):n_res], res[n_res:-1]
    for p, v in zip(params, new):
        if v._data is not p._value:
            p._value = v._data
    for j, v in zip(written, wvals):  # the in-place writes of the branch taken
        t = flat_in[j]
        t._data = v._data
        if type(t) is Tensor:
            t._node, t._idx = v._node, v._idx
    return _unflatten_out(out_spec, iter(outs))


def _stage_raise(run, err, spec, arrs, pa, key) -> None:
    """A branch that raises, inside the ``lax.cond``: run again there, its error (whose message
    may hold this trace's Tensors) is reported after the call if the branch is taken."""
    from . import fallback
    try:
        with fallback.in_branch():
            run(spec, arrs, pa, key)
    except Exception as e:  # noqa: BLE001 - the user's raise, as the probe found it
        if fallback.is_user_raise(e):
            err = e
    fallback.stage_error(err)


def _collect_tensors(obj, out):
    if isinstance(obj, Tensor) and type(obj).__name__ != "Parameter":
        out.append(obj)
    elif isinstance(obj, (tuple, list)) and not hasattr(obj, "_fields"):
        for o in obj:
            _collect_tensors(o, out)
    elif isinstance(obj, dict):
        for o in obj.values():
            _collect_tensors(o, out)


class _JoinError(Exception):
    """A Tensor against a Python scalar, or scalars of other types (the detail of MindSpore's message)."""


_ABSTRACT = {"T": "AbstractTensor", "tuple": "AbstractTuple", "list": "AbstractList", "dict": "AbstractDictionary"}


def _abstract(x) -> str:
    if x[0] == "C":
        return "AbstractNone" if x[1] is None else f"AbstractScalar(Type: {_scalar_type(x[1])})"
    if x[0] == "T" and len(x) > 1:
        return "AbstractScalar"
    return _ABSTRACT.get(x[0], "AbstractAny")


def _scalar_type(v) -> str:
    return {bool: "Bool", int: "Int64", float: "Float32", str: "String"}.get(type(v), type(v).__name__)


def _scalar_leaf(x) -> bool:
    """A Python scalar as the branch gives it: a constant, or a run-time scalar of JIT Fallback."""
    return (x[0] == "C" and _is_num(x[1])) or (x[0] == "T" and len(x) > 1)


def _refused(x, y, seqs=True) -> bool:
    """Whether MindSpore's join refuses these two leaves (an AbstractTensor and an AbstractScalar,
    a sequence and a Tensor, a string and a number)."""
    kinds = {x[0], y[0]}
    if "T" in kinds and "C" in kinds:
        t, c = (x, y) if x[0] == "T" else (y, x)
        return _is_num(c[1]) and len(t) == 1
    if seqs and "T" in kinds and kinds & {"tuple", "list"}:
        return True
    if x[0] == "C" and y[0] == "C":
        a, b = x[1], y[1]
        plain = (str, bool, int, float)
        return type(a) in plain and type(b) in plain and (isinstance(a, str) != isinstance(b, str))
    return False


def _scalar_kind(x, y) -> str:
    ks = [v[1] if v[0] == "T" else "bool" if isinstance(v[1], bool) else "float" if isinstance(v[1], float) else "int"
          for v in (x, y)]
    return "bool" if ks == ["bool", "bool"] else "float" if "float" in ks else "int"


def _is_num(v):
    return isinstance(v, (bool, int, float, np.number)) and not isinstance(v, Tensor)


def _join(sa, aa, sb, ab, ret, live=(), seqs=True):
    """The structure after an ``if``: Tensors where either branch gives a Tensor (or the two
    give different Python numbers), Python values where both agree; a variable defined in
    one branch only is undefined after it. Returns (spec with ("J", i) leaves, [(shape, dtype)])."""
    target = []
    ia, ib = iter(aa), iter(ab)

    def join(x, y, top, name=None):
        kx, ky = x[0], y[0]
        if (not top or name is not None) and _refused(x, y, seqs):
            raise _JoinError(f"Abstract type {_abstract(x)} cannot join with {_abstract(y)}.")
        if top and {kx, ky} == {"T", "C"} and (x[-1] is UNDEF or y[-1] is UNDEF):
            # defined by one branch only and (as far as the source shows) not read afterwards:
            # zeros stand in on the other side (the loop's return value before a return, say)
            a = next(ia) if kx == "T" else next(ib)
            target.append((a.shape, a.dtype))
            return ("J", len(target) - 1, kx == "T", ky == "T")
        if kx == "C" and ky == "C" and _same_static(x[1], y[1]):
            return x
        if kx == "T" or ky == "T" or (kx == "C" and ky == "C" and _valued(x[1]) and _valued(y[1])):
            if kx not in ("T", "C") or ky not in ("T", "C") or (kx == "C" and not _valued(x[1])) or \
                    (ky == "C" and not _valued(y[1])):
                return _mismatch(top and name is None)
            ax = next(ia) if kx == "T" else _aval(x[1])
            ay = next(ib) if ky == "T" else _aval(y[1])
            shape = ax.shape
            if ax.shape != ay.shape:
                try:  # MindSpore joins broadcastable shapes ([] and [1], say)
                    shape = jnp.broadcast_shapes(ax.shape, ay.shape)
                except ValueError:
                    shape = None
            if shape is None:
                raise ValueError(f"For 'if' in graph mode, a variable takes shape {list(ax.shape)} in one branch "
                                 f"and {list(ay.shape)} in the other; both branches must give the same shape.")
            target.append((tuple(shape), jnp.promote_types(ax.dtype, ay.dtype)))
            if _scalar_leaf(x) and _scalar_leaf(y):  # two scalars: a Python scalar known at run time
                return ("J", len(target) - 1, kx == "T", ky == "T", _scalar_kind(x, y))
            return ("J", len(target) - 1, kx == "T", ky == "T")
        if kx != ky:
            return _mismatch(top and name is None)
        if kx == "C":
            return x if _same_static(x[1], y[1]) else _mismatch(top and name is None)
        if kx == "dict":
            if [k for k, _ in x[1]] != [k for k, _ in y[1]]:
                return _mismatch(top and name is None)
            return ("dict", tuple((k, join(u, v, False)) for (k, u), (_, v) in zip(x[1], y[1])))
        if len(x[1]) != len(y[1]):
            return _mismatch(top and name is None)
        return (kx, tuple(join(u, v, False) for u, v in zip(x[1], y[1])))

    if ret:
        return join(sa, sb, False), target
    # the top level is the tuple of local variables: each one joins on its own
    out = []
    for i, (u, v) in enumerate(zip(sa[1], sb[1])):
        name = live[i] if i < len(live) else None
        one_sided = (u[0] == "C" and u[1] is UNDEF) != (v[0] == "C" and v[1] is UNDEF)
        j = ("C", UNDEF) if one_sided and name is not None else join(u, v, True, name)
        if name is not None and one_sided and j[0] == "C" and j[1] is UNDEF:  # (no == on a constant: numpy)
            raise UnboundLocalError(f"The local variable '{name}' is assigned in only one branch of an 'if' whose "
                                    f"condition is a Tensor, and it is used after the 'if'. Assign it in both "
                                    f"branches (or before the 'if').")
        out.append(j)
    return ("tuple", tuple(out)), target


def _valued(v) -> bool:
    """A static leaf that can become a Tensor when the branches disagree: a number or a Parameter."""
    return _is_num(v) or type(v).__name__ == "Parameter"


def _aval(v):
    if isinstance(v, Tensor):
        return jax.ShapeDtypeStruct(v.shape, v._value.dtype if hasattr(v, "_value") else v._data.dtype)
    return jax.eval_shape(lambda: jnp.asarray(v))


def _mismatch(top):
    if top:
        return ("C", UNDEF)  # defined differently by the branches: unusable afterwards
    from .errors import BranchStructureError
    raise BranchStructureError("For 'if' in graph mode, the two branches give values of different types or "
                               "structures; both branches must give the same kind of value.")


def _select(ospec, outs, joined):
    """The leaves of one branch's output that the joined structure keeps, in order."""
    res = []
    it = iter(outs)

    def walk(s, j):
        if s[0] == "T":
            v = next(it)
        else:
            v = None
        if j[0] == "J":
            res.append(v if s[0] == "T" else s[1])
            return
        if s[0] in ("tuple", "list"):
            if j[0] == "C":
                _skip(s, it)
                return
            for a, b in zip(s[1], j[1]):
                walk(a, b)
        elif s[0] == "dict":
            if j[0] == "C":
                _skip(s, it)
                return
            for (_, a), (_, b) in zip(s[1], j[1]):
                walk(a, b)
    walk(ospec, joined)
    return res


def _skip(s, it):
    if s[0] == "T":
        next(it)
    elif s[0] in ("tuple", "list"):
        for a in s[1]:
            _skip(a, it)
    elif s[0] == "dict":
        for _, a in s[1]:
            _skip(a, it)


def _unflatten_out(spec, it):
    kind = spec[0]
    if kind == "J":
        v = next(it)
        if len(spec) > 4 and isinstance(v, Tensor):  # the joined Python scalar, a Python value after the call
            from .fallback import _marked
            return _marked(v._data, spec[4])
        return v
    if kind == "tuple":
        return tuple(_unflatten_out(s, it) for s in spec[1])
    if kind == "list":
        return [_unflatten_out(s, it) for s in spec[1]]
    if kind == "dict":
        return {k: _unflatten_out(s, it) for k, s in spec[1]}
    return spec[1]


# ------------------------------------------------------------------ integer gradients

_float_grad = [False]  # while a bprop re-runs a branch or loop with integer values as float64


def _grad_dtype(d):
    return jnp.float64 if _float_grad[0] and jnp.issubdtype(d, jnp.integer) else d


def _int_bprop(ctx, dout):
    """The bprop of a compiled ``if``/``while``: as MindSpore, integer inputs get integer
    gradients (``jax.vjp`` gives them none), found by differentiating the same branches
    with the integer values held as float64 (not the random key, the last input)."""
    from ..ops._primitive import vjp_bprop
    op = ctx.attrs[0]
    ins = [t._data for t in ctx.inputs]
    if not any(jnp.issubdtype(a.dtype, jnp.integer) for a in ins[:-1]):
        return vjp_bprop(ctx, dout)
    douts = dout if isinstance(dout, tuple) else (dout,)
    start = 1 if op.name == "If" else 0  # the predicate stays as it is
    fins = [a.astype(jnp.float64) if start <= i < len(ins) - 1 and jnp.issubdtype(a.dtype, jnp.integer) else a
            for i, a in enumerate(ins)]
    idx = [i for i, a in enumerate(fins) if jnp.issubdtype(a.dtype, jnp.inexact) and ctx.needs[i]]

    def f(*xs):
        full = list(fins)
        for i, x in zip(idx, xs):
            full[i] = x
        return op.forward(*full)
    _float_grad[0] = True
    try:
        outs, vjp = jax.vjp(f, *[fins[i] for i in idx])
    except Exception:  # noqa: BLE001 - code that needs integers: integer inputs get no gradient
        return vjp_bprop(ctx, dout)
    finally:
        _float_grad[0] = False
    cts = tuple(d._data.astype(o.dtype) if jnp.issubdtype(o.dtype, jnp.inexact)
                else np.zeros(o.shape, jax.dtypes.float0) for o, d in zip(outs, douts))
    grads = vjp(cts)
    res = [None] * len(ins)
    for i, g in zip(idx, grads):
        res[i] = Tensor._make(g.astype(ins[i].dtype))
    return tuple(res)
