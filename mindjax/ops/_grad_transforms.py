"""``ops.vjp``, ``ops.jvp``, ``ops.linearize``, ``ops.jet``, ``ops.derivative`` and ``ops.get_grad``.

``vjp`` runs the tape once per vector. ``jvp`` is computed as MindSpore computes it, as the
gradient of a gradient: ``g(u) = J^T u`` is linear in ``u``, so the gradient of ``<g(u), v>``
with respect to ``u`` is ``J v``. It goes through the same tape, so custom Cell ``bprop``s
and hooks take part, eagerly and under ``jit``. ``jet``/``derivative`` (Taylor-mode
higher derivatives) run jax's ``jet`` over the function traced like a jit program.
"""
from __future__ import annotations

import jax.numpy as jnp
from jax.experimental import jet as _jax_jet

from .. import _dtype as mstype
from .._tensor import Tensor
from .._autograd.grad import run_grad, record, backward_of, _detach, _ones_like, _flatten_outputs


def _check_vjp_inputs(inputs) -> None:
    if not isinstance(inputs, (Tensor, tuple)):
        raise TypeError("The inputs type must be Tensor.")
    if isinstance(inputs, tuple):
        for item in inputs:
            if not isinstance(item, (Tensor, tuple, list)):
                raise TypeError("The inputs type must be Tensor.")


def _check_has_aux(has_aux) -> None:
    if not isinstance(has_aux, bool):
        raise TypeError(f"For 'vjp/jvp', the 'has_aux' must be a bool, but got {type(has_aux).__name__}.")


def _main_fn(name, fn, has_aux):
    if not has_aux:
        return fn

    def aux_fn(*args):
        outputs = fn(*args)
        if not isinstance(outputs, tuple) or len(outputs) < 2:
            raise ValueError("When 'has_aux' is True, origin 'fn' requires more than one outputs.")
        return outputs[0]
    return aux_fn


def _split_aux(res):
    return res[0], (res[1] if len(res) == 2 else res[1:])


def _check_structure(name: str, out, sens) -> None:
    """``sens`` must have the structure of ``out`` (a Tensor for a Tensor, a tuple of as many for a tuple)."""
    if isinstance(out, Tensor):
        ok = isinstance(sens, Tensor)
    elif isinstance(out, (tuple, list)):
        ok = isinstance(sens, (tuple, list)) and len(sens) == len(out) and all(
            isinstance(s, Tensor) == isinstance(o, Tensor) for s, o in zip(sens, out))
    else:
        ok = True
    if not ok:
        raise TypeError(f"For '{name}', the vector 'v' must have the structure of the outputs of 'fn' "
                        f"({_describe(out)}), but got {_describe(sens)}.")


def _describe(x) -> str:
    if isinstance(x, Tensor):
        return "a Tensor"
    if isinstance(x, (tuple, list)):
        return f"a {type(x).__name__} of {len(x)}"
    return type(x).__name__


def vjp(fn, *inputs, weights=None, has_aux: bool = False):
    """``ops.vjp``: ``(fn(*inputs), vjp_fn)``; ``vjp_fn(*v)`` gives the vector-Jacobian products.

    ``vjp_fn`` returns a tuple with one gradient per input (and the weights' gradients
    as a second element when ``weights`` is given). With ``has_aux`` only the first
    output is differentiated and the others are returned third.

    Examples:
        >>> import mindjax as ms
        >>> out, vjp_fn = ms.ops.vjp(lambda x: x ** 3, ms.Tensor([1.0, 2.0]))
        >>> print(vjp_fn(ms.Tensor([1.0, 1.0])))
        (Tensor(shape=[2], dtype=Float32, value= [ 3.00000000e+00,  1.20000000e+01]),)
    """
    _check_vjp_inputs(inputs)
    _check_has_aux(has_aux)
    positions = tuple(i for i, a in enumerate(inputs) if isinstance(a, Tensor))
    # one forward, recorded: each call of vjp_fn walks its tape back (as MindSpore merges the forwards)
    rec = record(fn, inputs, {}, positions)
    res = _detach(rec[0])
    out = res[0] if has_aux else res
    if has_aux and (not isinstance(res, tuple) or len(res) < 2):
        raise ValueError("When 'has_aux' is True, origin 'fn' requires more than one outputs.")

    def vjp_fn(*v):
        _check_vjp_inputs(v)
        sens = v[0] if len(v) == 1 else v
        _check_structure("vjp", out, sens)
        wl = [] if weights is None else ([weights] if isinstance(weights, Tensor) else list(weights))
        _, gi, gw = backward_of(rec, positions, wl, sens, has_aux, once=False)
        return (gi, gw) if weights is not None else gi

    if has_aux:
        o, aux = _split_aux(res)
        return o, vjp_fn, aux
    return res, vjp_fn


def _as_seq(name: str, x) -> tuple:
    if isinstance(x, Tensor):
        return (x,)
    if isinstance(x, (tuple, list)) and all(isinstance(i, Tensor) for i in x):
        return tuple(x)
    raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")


def _jvp_core(fn, inputs: tuple, vs: tuple):
    """(fn(*inputs), J v) by the double-vjp construction; both keep ``fn``'s output structure."""
    box = {}

    def first(*us):
        out = box["out"]
        sens = us[0] if isinstance(out, Tensor) else tuple(us)
        value, gi, _ = run_grad(fn, inputs, {}, tuple(range(len(inputs))), (), sens)
        box["value"] = value
        return gi

    out = fn(*inputs)
    _check_structure("jvp", out, out)
    box["out"] = out
    us = tuple(_ones_like(o) for o in _flatten_outputs(out))
    _, ju, _ = run_grad(first, us, {}, tuple(range(len(us))), (), tuple(vs))
    value = _detach(box.get("value", out))
    if isinstance(out, Tensor):
        return value, ju[0]
    return value, tuple(ju)


def jvp(fn, inputs, v, has_aux: bool = False):
    """``ops.jvp``: ``(fn(*inputs), J·v)``, the Jacobian-vector product (forward-mode derivative).

    Examples:
        >>> import mindjax as ms
        >>> out, jv = ms.ops.jvp(lambda x: x ** 3, ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 1.0]))
        >>> print(jv)
        [ 3. 12.]
    """
    _check_has_aux(has_aux)
    if not isinstance(inputs, (Tensor, tuple, list)) or not isinstance(v, (Tensor, tuple, list)):
        raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")
    n_in = 1 if isinstance(inputs, Tensor) else len(inputs)
    n_v = 1 if isinstance(v, Tensor) else len(v)
    if n_in != n_v:
        raise ValueError(f"v has invalid length: should be {n_in}, but got {n_v}")
    xs, vs = _as_seq("jvp", inputs), _as_seq("jvp", v)
    for x, d in zip(xs, vs):
        if x.shape != d.shape:
            raise ValueError(f"For 'jvp', each vector in 'v' must have the shape of its input {list(x.shape)}, "
                             f"but got {list(d.shape)}.")
    if not has_aux:
        return _jvp_core(fn, xs, vs)
    main = _main_fn("jvp", fn, True)
    value, jv = _jvp_core(main, xs, vs)
    _, aux = _split_aux(fn(*xs))
    return value, jv, _detach(aux)


def linearize(fn, inputs):
    """``ops.linearize``: ``(fn(*inputs), jvp_fn)``; ``jvp_fn(v)`` is ``J·v`` at ``inputs``.

    Examples:
        >>> import mindjax as ms
        >>> out, jvp_fn = ms.ops.linearize(lambda x: x ** 3, ms.Tensor([1.0, 2.0]))
        >>> print(jvp_fn(ms.Tensor([1.0, 0.5])))
        [3. 6.]
    """
    if not isinstance(inputs, (Tensor, tuple, list)):
        raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")
    xs = _as_seq("linearize", inputs)
    output = fn(*xs)

    def jvp_fn(v):
        vs = _as_seq("linearize", list(v) if isinstance(v, list) else v)
        if len(vs) != len(xs):
            raise ValueError(f"v has invalid length: should be {len(xs)}, but got {len(vs)}")
        return _jvp_core(fn, xs, vs)[1]
    return output, jvp_fn


# ---- Taylor mode: jet and derivative ----------------------------------------------------------
_TAYLOR_DTYPES = (mstype.int32, mstype.int64, mstype.float32, mstype.float64)


def _taylor_input(name: str, x: Tensor, s: Tensor | None = None):
    if not isinstance(x, Tensor) or x.dtype not in _TAYLOR_DTYPES or (s is not None and s.dtype != x.dtype):
        if name == "jet":
            raise TypeError("For `F.jet`, the elements' types of primals and series must be the same and belong to "
                            "`mstype.int32, mstype.int64, mstype.float32, mstype.float64`, but got other dtype.")
        raise TypeError("For `F.derivative`, the elements of primals must belong to `mstype.int32, mstype.int64, "
                        "mstype.float32, mstype.float64`, but got other dtype.")
    if x.dtype.kind == "i":
        x = x.astype(mstype.float32)
        s = s.astype(mstype.float32) if s is not None else None
    return x, s


def _taylor(fn, primals: tuple, series: tuple):
    """jax.experimental.jet over ``fn`` traced as a jit program; series[i] has shape (n, *primal.shape)."""
    from .._jit.transforms import _traced_call

    def pure(*xs):
        return _traced_call(fn, xs)

    p = tuple(x._data for x in primals)
    s = tuple(tuple(ser._data[k] for k in range(ser.shape[0])) for ser in series)
    out, out_series = _jax_jet.jet(pure, p, s)
    if isinstance(out, (tuple, list)):
        return [Tensor._make(o) for o in out], [Tensor._make(jnp.stack(list(t))) for t in out_series]
    return Tensor._make(out), Tensor._make(jnp.stack(list(out_series)))


def jet(fn, primals, series):
    """``ops.jet``: the output of ``fn`` and its 1st..n-th derivatives along the input series.

    ``series[i]`` is the (i+1)-th derivative of the inputs (shape ``(n, *primals.shape)``).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> out, s = ms.ops.jet(ms.ops.exp, ms.Tensor([0.0, 1.0]), ms.Tensor(np.ones((1, 2)), ms.float32))
        >>> print(s.shape)
        (1, 2)
    """
    if isinstance(primals, Tensor) and isinstance(series, Tensor):
        if primals.shape == series.shape:
            series = series.expand_dims(0)
        elif primals.shape != series.shape[1:]:
            raise ValueError("In series, the shape of each element must be the same as the primals.")
        p, s = _taylor_input("jet", primals, series)
        return _taylor(fn, (p,), (s,))
    if not (isinstance(primals, tuple) and isinstance(series, tuple)):
        raise TypeError("For 'F.jet', the 'primals' and `series` must be both Tensor or tuple.")
    if len(primals) != len(series):
        raise ValueError("The lengths of primals and series must be the same.")
    pairs = [_taylor_input("jet", x, s) for x, s in zip(primals, series)]
    return _taylor(fn, tuple(p for p, _ in pairs), tuple(s for _, s in pairs))


def derivative(fn, primals, order: int):
    """``ops.derivative``: the output of ``fn`` and its ``order``-th derivative (input series 1, 0, 0...).

    Examples:
        >>> import mindjax as ms
        >>> out, d3 = ms.ops.derivative(ms.ops.sin, ms.Tensor([0.0]), 3)
        >>> print(d3)
        [-1.]
    """
    if not isinstance(order, int) or isinstance(order, bool):
        raise TypeError("For `F.derivative`, the type of order must be int.")
    if order < 1:
        raise ValueError(f"For `F.derivative`, value of order should not be less than 1, but got {order}.")
    xs = primals if isinstance(primals, tuple) else (primals,)
    xs = tuple(_taylor_input("derivative", x)[0] for x in xs)
    series = tuple(Tensor._make(jnp.concatenate([jnp.ones((1,) + x.shape, x._data.dtype),
                                                 jnp.zeros((order - 1,) + x.shape, x._data.dtype)]))
                   for x in xs)
    out, out_series = _taylor(fn, xs, series)
    if isinstance(out, list):
        return out, [s[-1] for s in out_series]
    return out, out_series[-1]


def get_grad(gradients, identifier):
    """``ops.get_grad``: from ``grad(..., return_ids=True)``'s result, the gradient of the input at
    position ``identifier`` (an int) or of the Parameter ``identifier``.

    Examples:
        >>> import mindjax as ms
        >>> g = ((0, ms.Tensor([2.0])), (1, ms.Tensor([3.0])))
        >>> print(ms.ops.get_grad(g, 1))
        [3.]
    """
    from ..common.parameter import Parameter
    if isinstance(identifier, Parameter):
        key = identifier.name
    elif isinstance(identifier, int) and not isinstance(identifier, bool):
        key = identifier
    else:
        raise TypeError(f"For 'get_grad', the 'identifier' must be an int or a Parameter, but got "
                        f"{type(identifier).__name__}.")
    if not isinstance(gradients, tuple):
        raise TypeError(f"For 'get_grad', the 'gradients' must be the tuple that grad(..., return_ids=True) "
                        f"returns, but got {type(gradients).__name__}.")

    def find(g):
        if isinstance(g, tuple) and len(g) == 2 and isinstance(g[0], (int, str)) and not isinstance(g[0], bool) \
                and isinstance(g[1], Tensor):
            return g[1] if g[0] == key and type(g[0]) is type(key) else None
        if isinstance(g, tuple):
            for item in g:
                r = find(item)
                if r is not None:
                    return r
        return None

    res = find(gradients)
    if res is None:
        raise RuntimeError(f"Can not find the gradient for position or Parameter {identifier}")
    return res


__all__ = ["vjp", "jvp", "linearize", "jet", "derivative", "get_grad"]
