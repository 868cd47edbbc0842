"""Run-time half of graph-mode loops: ``while`` and ``for`` as the AST pass rewrites them.

A loop whose condition stays a Python value runs as Python (unrolled). Once the condition
is a Tensor known only at run time, the loop becomes a ``lax.while_loop`` over the local
variables it touches, the Parameters and the random key: the carried types are fixed by
running the body abstractly first (Python numbers it changes become Tensors, variables it
defines start as zeros). ``for i in range(n)`` with a Tensor ``n`` is such a loop too
(MindSpore 2.10 refuses it with a TypeError; mindjax compiles it). The loop is one op with
a reverse-mode rule that recomputes each iteration's state (``_while_grad``).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from .._tensor import Tensor
from .control import (UNDEF, _as_array, _collect_tensors, _flatten, _int_bprop, _is_num, _key_in, _params,
                      _pred_array, _Run, _same_static, _skip, _snapshots, _traced, and_, not_)


# ------------------------------------------------------------------ loops

class TensorRange:
    """``range(start, stop, step)`` with a bound known only at run time."""

    def __init__(self, start, stop, step):
        self.start, self.stop, self.step = start, stop, step


_INT64 = (-2 ** 63, 2 ** 63 - 1)


def check_range(args) -> None:
    """``range``'s arguments as MindSpore's graph compiler checks them (its messages)."""
    if not 1 <= len(args) <= 3:
        raise RuntimeError(f"For 'make_range', the input size should within [1, 3] but got{len(args)}")
    for i, a in enumerate(args):
        if isinstance(a, float):
            raise TypeError(f"For 'make_range', the {i}th input should be a int scalar but got AbstractScalar(Type: "
                            f"Float32, Value: {a}, Shape: NoShape)")
    if len(args) == 3 and isinstance(args[2], int) and not _traced(args[2]) and args[2] == 0:
        raise RuntimeError("For 'range', the argument 'step' could not be 0.")
    if all(isinstance(a, int) for a in args):
        r = range(*args)
        if len(r) and not _INT64[0] <= r.start + r.step * len(r) <= _INT64[1]:
            raise ValueError("Integer overflow error occurred when traversing the range. Please check the inputs of "
                             "range.")


def range_(*args):
    check_range(args)
    if not any(_traced(a) for a in args):
        return range(*[int(a) if isinstance(a, Tensor) else a for a in args])
    if len(args) == 1:
        args = (0, args[0], 1)
    elif len(args) == 2:
        args = (args[0], args[1], 1)
    if _traced(args[2]):
        raise TypeError("For 'range' in graph mode, the 'step' must be known while compiling.")
    return TensorRange(*args)


def while_(cond, body, vs: tuple, brk=None):
    """``while cond: body`` over the locals ``vs`` (body returns them all)."""
    while True:
        c = cond(*vs)
        if _traced(c):
            return _while(cond, body, vs)
        if not c:
            return vs
        vs = body(*vs)


def for_(it, body, vs: tuple, brk=None):
    """``for x in it: body``: ``body(x, *vs)`` returns the locals. ``brk`` is the position of the
    loop's break flag among them."""
    if isinstance(it, TensorRange):
        return _for_range(it, body, vs, brk)
    for x in it:
        if brk is not None and _traced(vs[brk]):
            # broken out of at run time (a Tensor condition): the later passes of the unrolled loop
            # run only where the flag is still down
            from .control import if_
            vs = if_(vs[brk], lambda *v: v, lambda *v, x=x: tuple(body(x, *v)), tuple(vs))
            continue
        if brk is not None and vs[brk]:
            break
        vs = body(x, *vs)
    return vs


def _for_range(r, body, vs, brk):
    step = int(r.step) if not isinstance(r.step, Tensor) else int(r.step.item())
    i0 = _as_array(r.start)
    stop = _as_array(r.stop)
    dt = jnp.promote_types(i0.dtype, stop.dtype)
    state0 = (Tensor._make(i0.astype(dt)), Tensor._make(stop.astype(dt))) + tuple(vs)

    def cond(i, n, *v):
        c = Tensor._make(i._data < n._data if step > 0 else i._data > n._data)
        if brk is not None:
            c = and_(lambda: c, lambda: not_(v[brk]))
        return c

    def step_body(i, n, *v):
        out = body(i, *v)
        return (Tensor._make(i._data + step), n) + tuple(out)
    out = _while(cond, step_body, state0)
    return out[2:]


def _while(cond, body, vs):
    """``lax.while_loop`` over the locals: the carried state is fixed by running the body
    abstractly (numbers it changes become Tensors; variables it defines get zeros first)."""
    from ..ops._primitive import Op, apply
    params = _params()
    run_b, run_c = _Run(body, params), _Run(cond, params)
    key = _key_in()
    cur = list(vs)
    for _ in range(4):  # fixed point of the carried types (a body may promote them)
        arrays = []
        spec = _flatten(tuple(cur), arrays)

        def probe(arrs, pa, k):
            out, new, _ = run_b(spec, arrs, pa, k)
            outs = []
            return _flatten(tuple(out), outs), [_as_array(o) for o in outs], new
        holder = []

        def probe2(arrs, pa, k):
            s, o, n = probe(arrs, pa, k)
            holder.append(s)
            return o, n
        avals, _ = jax.eval_shape(probe2, arrays, [p._value for p in params], key)
        new_cur, changed = _widen(spec, cur, holder[0], avals)
        cur = new_cur
        if not changed:
            break
    arrays = []
    spec = _flatten(tuple(cur), arrays)
    flat_in = []
    _collect_tensors(tuple(cur), flat_in)
    n_in, n_p = len(arrays), len(params)

    def pieces(st):
        return list(st[:n_in]), list(st[n_in:n_in + n_p]), st[-1]

    def c_arr(st):
        arrs, pa, k = pieces(st)
        out, _, _ = run_c(spec, arrs, pa, k)
        return _pred_array(out if isinstance(out, Tensor) else Tensor._make(jnp.asarray(out)))

    def b_arr(st):
        arrs, pa, k = pieces(st)
        k, sub = jax.random.split(k)
        out, new, _ = run_b(spec, arrs, pa, sub)
        outs = []
        _flat_like(spec, tuple(out), outs)  # by the carry's structure: a flag set to True stays carried
        res = [_as_array(o).astype(a.dtype).reshape(a.shape) for o, a in zip(outs, arrs)]
        return tuple(res) + tuple(jnp.asarray(n).astype(p.dtype) for n, p in zip(new, pa)) + (k,)

    def forward(*a):
        return _while_grad(c_arr, b_arr, tuple(a))

    ins = flat_in + _snapshots(params) + [Tensor._make(key)]
    op = Op("While", forward, _int_bprop, n_out=len(ins), jit=False)
    res = apply(op, ins, {})
    outs, new = res[:n_in], res[n_in:n_in + n_p]
    for p, v in zip(params, new):
        p._value = v._data
    return _rebuild(spec, outs)


def _flat_like(spec, value, outs) -> None:
    """The values of ``value`` at the carried (Tensor) places of ``spec``, whatever they are now
    (a Python number the body assigned is carried as an array of the carry's type)."""
    kind = spec[0]
    if kind == "T":
        outs.append(value)
    elif kind in ("tuple", "list"):
        for s, v in zip(spec[1], value):
            _flat_like(s, v, outs)
    elif kind == "dict":
        for k, s in spec[1]:
            _flat_like(s, value[k], outs)


def _rebuild(spec, tensors):
    it = iter(tensors)

    def go(s):
        kind = s[0]
        if kind == "T":
            return next(it)
        if kind == "tuple":
            return tuple(go(x) for x in s[1])
        if kind == "list":
            return [go(x) for x in s[1]]
        if kind == "dict":
            return {k: go(x) for k, x in s[1]}
        return s[1]
    return go(spec)


def _widen(spec, cur, out_spec, avals):
    """Carry values adjusted so that the body maps the carry to the same types."""
    changed = False
    it = iter(avals)
    new = []
    for v, s in zip(cur, out_spec[1]):
        if s[0] == "T":
            a = next(it)
            if isinstance(v, Tensor) and type(v).__name__ != "Parameter":
                if v.shape != tuple(a.shape):
                    raise ValueError(f"Join Failed: for 'while' in graph mode, a loop variable changes shape from "
                                     f"{list(v.shape)} to {list(a.shape)} in the loop body.")
                dt = jnp.promote_types(v._data.dtype, a.dtype)
                if dt != v._data.dtype:
                    v, changed = Tensor._make(v._data.astype(dt)), True
            elif _is_num(v):
                v, changed = Tensor._make(jnp.asarray(v, dtype=jnp.promote_types(jnp.asarray(v).dtype, a.dtype))), True
            elif v is UNDEF or v is None:
                v, changed = Tensor._make(jnp.zeros(a.shape, a.dtype)), True
            elif isinstance(v, Tensor):  # a Parameter the body rebinds to a value: carry its value
                v, changed = Tensor._make(v._data.astype(jnp.promote_types(v._data.dtype, a.dtype))), True
            new.append(v)
        elif s[0] == "C" and _is_num(v) and not _same_static(v, s[1]):
            new.append(Tensor._make(jnp.asarray(v)))
            changed = True
        else:
            _skip(s, it)
            new.append(v)
    return new, changed


def _while_grad(cond, body, init):
    """``lax.while_loop`` with a reverse-mode rule: the backward pass recomputes each
    iteration's input state from ``init`` (quadratic time, constant memory)."""
    fl = [jnp.issubdtype(a.dtype, jnp.inexact) for a in init]

    def split(st):
        return [a for a, f in zip(st, fl) if f]

    def merge(fp, st):
        it = iter(fp)
        return tuple(next(it) if f else a for a, f in zip(st, fl))

    @jax.custom_vjp
    def run(st):
        return lax.while_loop(cond, body, st)

    def fwd(st):
        n, out = lax.while_loop(lambda s: cond(s[1]), lambda s: (s[0] + 1, body(s[1])), (0, st))
        return out, (st, n)

    def bwd(res, ct):
        st0, n = res
        ctf = split(ct)

        def step(j, ctf):
            k = n - 1 - j
            sk = lax.fori_loop(0, k, lambda _, s: body(s), st0)
            _, vjp = jax.vjp(lambda fp: split(body(merge(fp, sk))), split(sk))
            return vjp(ctf)[0]
        ctf = lax.fori_loop(0, n, step, ctf)
        it = iter(ctf)
        return (tuple(next(it) if f else None for a, f in zip(st0, fl)),)
    run.defvjp(fwd, bwd)
    return run(init)


