"""GradOperation, grad and value_and_grad over the tape."""
from __future__ import annotations

import functools

from .._state import state
from .._tensor import Tensor
from . import tape
from .no_grad import check_grad_allowed


def _ones_like(t: Tensor) -> Tensor:
    d = t._raw  # its shape and dtype (a captured value is not computed for that)
    return Tensor._make(tape.const_array(d.shape, d.dtype, 1))


def _flatten_outputs(out):
    """The Tensors of a (nested tuple/list/dict) output, in order."""
    if isinstance(out, Tensor):
        return [out]
    if isinstance(out, dict):
        out = list(out.values())
    if isinstance(out, (tuple, list)):
        res = []
        for o in out:
            res.extend(_flatten_outputs(o))
        return res
    return []


def _zeros_for(t: Tensor) -> Tensor:
    d = t._raw
    return Tensor._make(tape.const_array(d.shape, d.dtype, 0))


def _param_leaf(p):
    return p._leaf_node()


def run_grad(fn, args, kwargs, positions, weights, sens=None, has_aux=False, return_value=False):
    """Run ``fn`` recording a tape, then walk it back.

    positions: tuple of argument indices to differentiate (may be empty).
    weights: sequence of Parameters (may be empty).
    Returns (value, input_grads tuple, weight_grads tuple).
    """
    rec = record(fn, args, kwargs, positions)
    return backward_of(rec, positions, weights, sens, has_aux)


def record(fn, args, kwargs, positions):
    """Run ``fn`` once with leaves for the arguments at ``positions``, recording the tape:
    ``(out, orig_args, leaves, leaf_nodes)``, whose backward ``backward_of`` walks (as often as
    asked: ``vjp``'s function reuses one forward)."""
    check_grad_allowed()
    orig_args = args
    args = list(args)
    leaves = []
    groups = {}  # position -> its leaf's index, or the structure of a mutable container's leaves
    for i in positions:
        if i >= len(args):
            # as MindSpore: an IndexError from the graph compiler, a RuntimeError from PyNative
            from .. import context
            graph = state.jit_depth or context._ctx["mode"] == context.GRAPH_MODE
            raise (IndexError if graph else RuntimeError)(f"Position index {i} is exceed input size.")
        a = args[i]
        if hasattr(type(a), "_mj_flatten"):  # a sparse tensor: its gradient is its values' (as in MindSpore)
            parts, aux = a._mj_flatten()
            leaf = tape.make_leaf(a.values, f"input{i}")
            args[i] = type(a)._mj_unflatten(aux, [leaf if p is a.values else p for p in parts])
            leaves.append(leaf)
            groups[i] = len(leaves) - 1
            continue
        if not isinstance(a, Tensor):
            from ..common.mutable import is_mutable
            # a mutable container (graph mode): a gradient for each Tensor in it, returned in its structure
            if isinstance(a, (tuple, list, dict)) and is_mutable(a) and _graph():
                args[i], groups[i] = _container_leaves(a, leaves, f"input{i}")
                continue
            raise TypeError(f"For 'grad', the argument at position {i} must be a Tensor to take its gradient, "
                            f"but got {type(a).__name__}.")
        leaf = tape.make_leaf(a, f"input{i}")
        args[i] = leaf
        leaves.append(leaf)
        groups[i] = len(leaves) - 1
    # the leaves' nodes as they are now: an in-place op in fn (index_add, Tensor.add_) may rebind an
    # input's history, and the gradient asked for is still the one w.r.t. the value passed in
    leaf_nodes = [(l._node, 0) for l in leaves]
    state.grad_depth += 1
    try:
        out = fn(*args, **kwargs)
    finally:
        state.grad_depth -= 1
    return out, orig_args, leaves, leaf_nodes, groups


def _graph() -> bool:
    from .. import context
    return bool(state.jit_depth) or context._ctx["mode"] == context.GRAPH_MODE


def _container_leaves(obj, leaves, name):
    """``obj`` (nested tuples/lists/dicts) with a fresh leaf for each Tensor, and its structure
    (leaf indices in place of the Tensors; other items stay as they are)."""
    from ..common.mutable import mutable, is_mutable
    if isinstance(obj, Tensor):
        leaf = tape.make_leaf(obj, name)
        leaves.append(leaf)
        return leaf, len(leaves) - 1
    if isinstance(obj, dict):
        parts = {k: _container_leaves(v, leaves, name) for k, v in obj.items()}
        new, spec = {k: p[0] for k, p in parts.items()}, ("dict", {k: p[1] for k, p in parts.items()})
    elif isinstance(obj, (tuple, list)):
        parts = [_container_leaves(v, leaves, name) for v in obj]
        kind = list if isinstance(obj, list) else tuple
        new, spec = kind(p[0] for p in parts), (kind.__name__, [p[1] for p in parts])
    else:
        return obj, ("const", obj)
    return (mutable(new) if is_mutable(obj) else new), spec


def _container_grads(spec, grads):
    if isinstance(spec, int):
        return grads[spec]
    kind, items = spec
    if kind == "dict":
        return {k: _container_grads(v, grads) for k, v in items.items()}
    if kind == "const":
        return 0 if isinstance(items, (int, float)) else items
    seq = [_container_grads(v, grads) for v in items]
    return seq if kind == "list" else tuple(seq)


def backward_of(rec, positions, weights, sens=None, has_aux=False, once=True):
    """The gradients of a recorded forward (``record``). ``once``: no other walk of this tape
    follows, so each node frees what it saved as the walk passes it (``vjp``'s function, which
    walks one forward as often as it is called, passes False)."""
    from ..common.parameter import Parameter
    out, orig_args, leaves, leaf_nodes, groups = rec
    value = out
    if has_aux and not (isinstance(out, tuple) and len(out) > 1):
        raise ValueError("When has_aux is True, origin fn requires more than one outputs.")
    if has_aux:
        main = out[0]
    else:
        main = out
    roots = _flatten_outputs(main)
    if sens is not None:
        sens_list = _flatten_outputs(sens)
        if len(sens_list) != len(roots):
            raise ValueError(f"For 'GradOperation', the sens_param must match the outputs of the function: "
                             f"{len(roots)} Tensors, but got {len(sens_list)}.")
        for s, r in zip(sens_list, roots):
            if s.shape != r.shape:
                raise ValueError(f"For 'GradOperation', the sens must have the shape of the output {list(r.shape)}, "
                                 f"but got {list(s.shape)}.")
        sens_list = [s if s.dtype == r.dtype else s.astype(r.dtype) for s, r in zip(sens_list, roots)]
    else:
        sens_list = [_ones_like(r) for r in roots]
    targets = list(leaf_nodes)
    wlist = list(weights)
    for w in wlist:
        if not isinstance(w, Parameter):
            raise TypeError(f"For 'grad', the 'weights' must be Parameters, but got {type(w).__name__}.")
        targets.append((w._leaf_node(), 0))
    nested = state.grad_depth > 0
    grads = tape.backward(roots, sens_list, targets, create_graph=nested, release=once and not nested)
    from .hooks import run_tensor_hooks
    in_grads = []
    if any(not isinstance(v, int) for v in groups.values()):
        flat = [run_tensor_hooks(leaf, g if g is not None else _zeros_for(leaf))
                for leaf, g in zip(leaves, grads[:len(leaves)])]
        for i in positions:
            spec = groups[i]
            in_grads.append(run_tensor_hooks(orig_args[i], flat[spec]) if isinstance(spec, int)
                            else _container_grads(spec, flat))
    else:
        for i, leaf, g in zip(positions, leaves, grads[:len(leaves)]):
            g = g if g is not None else _zeros_for(leaf)
            in_grads.append(run_tensor_hooks(orig_args[i], run_tensor_hooks(leaf, g)))
    w_grads = []
    for w, g in zip(wlist, grads[len(leaves):]):
        w_grads.append(run_tensor_hooks(w, g if g is not None else _zeros_for(w)))
    return value, tuple(in_grads), tuple(w_grads)


class GradOperation:
    """``ops.GradOperation(get_all=False, get_by_list=False, sens_param=False)``.

    ``GradOperation(...)(fn)`` (or ``(fn, weights)`` with ``get_by_list``) returns a
    function computing gradients of ``fn``: of its first input by default, of all
    inputs with ``get_all``, of ``weights`` with ``get_by_list`` (both: a pair).
    With ``sens_param`` the last argument is the output's sensitivity.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import ops
        >>> def f(x, y):
        ...     return x * y
        >>> print(ops.GradOperation(get_all=True)(f)(ms.Tensor(2.0), ms.Tensor(3.0)))
        (Tensor(shape=[], dtype=Float32, value= 3), Tensor(shape=[], dtype=Float32, value= 2))
    """

    def __init__(self, get_all: bool = False, get_by_list: bool = False, sens_param: bool = False):
        _check_flags("GradOperation", get_all=get_all, get_by_list=get_by_list, sens_param=sens_param)
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param

    def __call__(self, fn, weights=None):
        check_grad_allowed()
        get_all, get_by_list, sens_param = self.get_all, self.get_by_list, self.sens_param

        @functools.wraps(fn)
        def grad_fn(*args, **kwargs):
            sens = None
            if sens_param:
                if kwargs.get("sens") is not None:
                    sens = kwargs.pop("sens")
                else:
                    args, sens = args[:-1], args[-1]
            if get_all:
                from ..common.mutable import is_mutable
                positions = tuple(i for i, a in enumerate(args)
                                  if isinstance(a, Tensor) or hasattr(type(a), "_mj_flatten")
                                  or (isinstance(a, (tuple, list, dict)) and is_mutable(a) and _graph()))
            elif get_by_list:
                positions = ()
            else:
                # with no argument left (sens_param taking the only one) the call itself reports the
                # missing argument, as in MindSpore
                positions = (0,) if args else ()
                pyn_container = bool(args) and isinstance(args[0], (tuple, list, dict)) and not _graph()
                if (not args or pyn_container) and not sens_param:
                    # nothing to differentiate (PyNative does not differentiate containers): MindSpore gives ()
                    run_grad(fn, args, kwargs, (), [], None)
                    return ()
            wl = _weights_list(weights) if get_by_list else []
            if get_by_list and weights is None and hasattr(fn, "trainable_params"):
                # no weights: PyNative takes the Cell's trainable Parameters, graph mode none (MindSpore 2.10)
                from .. import context
                if not state.jit_depth and context._ctx["mode"] != context.GRAPH_MODE:
                    wl = list(fn.trainable_params())
            _, gi, gw = run_grad(fn, args, kwargs, positions, wl, sens)
            if get_by_list and _is_parameter(weights):
                gw = gw[0]  # one Parameter (not a list): its gradient bare, as MindSpore
            if get_by_list:
                if get_all:
                    return gi, gw
                return gw
            if get_all:
                return gi
            return gi[0]
        return grad_fn


def _is_parameter(obj) -> bool:
    from ..common.parameter import Parameter
    return isinstance(obj, Parameter)


def _weights_list(weights):
    from ..common.parameter import Parameter
    if weights is None:
        return []
    if isinstance(weights, Parameter):
        return [weights]
    return list(weights)


def _positions(grad_position, nargs):
    if grad_position is None:
        return ()
    if isinstance(grad_position, int) and not isinstance(grad_position, bool):
        return (grad_position,)
    if isinstance(grad_position, (tuple, list)) and all(isinstance(p, int) and not isinstance(p, bool)
                                                        for p in grad_position):
        return tuple(grad_position)
    raise TypeError(f"For 'grad', the 'grad_position' must be int or tuple of int, but got {grad_position!r}.")


def _check_not_empty(grad_position):
    if isinstance(grad_position, (tuple, list)) and not grad_position:
        from .. import context
        end = "." if state.jit_depth or context._ctx["mode"] == context.GRAPH_MODE else "!"
        raise RuntimeError("grad_position should not be empty when grad by position" + end)


def _check_flags(name, **flags):
    for k, v in flags.items():
        if not isinstance(v, bool):
            raise TypeError(f"For '{name}', the '{k}' must be a bool, but got {type(v).__name__}.")


def _differentiable(positions, args) -> tuple:
    """The positions whose arguments are Tensors (or sparse tensors): MindSpore gives Python
    scalars no gradient and leaves them out of the result (out-of-range positions stay, to be
    reported)."""
    return tuple(i for i in positions if i >= len(args) or isinstance(args[i], Tensor)
                 or hasattr(type(args[i]), "_mj_flatten"))


def _arrange(gi, gw, positions, wl, grad_position, weights, return_ids):
    """The gradients as ``grad`` returns them: one position (an int or a one-element tuple) gives
    its gradient bare, several a tuple; a single Parameter as ``weights`` gives its gradient bare, a
    list of them a tuple. With ``return_ids`` each gradient is paired with what it is the gradient
    of, ``(position, grad)`` or ``(parameter name, grad)`` (``ops.get_grad`` picks one out)."""
    from ..common.parameter import Parameter
    if return_ids:
        gi = tuple(zip(positions, gi))
        gw = tuple((w.name, g) for w, g in zip(wl, gw))
    g_in = gi[0] if len(gi) == 1 else gi  # one gradient bare; none (all positions scalars) is ()
    if weights is None:
        return g_in
    if isinstance(weights, Parameter):
        gw = gw[0]
    return gw if grad_position is None else (g_in, gw)


def grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False):
    """``mindspore.grad``: the gradient function of ``fn``.

    ``grad_position`` an int gives one gradient, a tuple a tuple of them, None none;
    with ``weights`` the result is ``(input_grads, weight_grads)`` (only the weight
    gradients when ``grad_position`` is None).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.grad(lambda x: x * x * x)(ms.Tensor(2.0)))
        12.0
    """
    if grad_position is None and weights is None:
        raise ValueError("`grad_position` and `weight` can not be None at the same time.")
    _check_flags("grad", has_aux=has_aux, return_ids=return_ids)
    check_grad_allowed()

    def grad_fn(*args, **kwargs):
        _check_not_empty(grad_position)
        positions = _differentiable(_positions(grad_position, len(args)), args)
        wl = _weights_list(weights)
        value, gi, gw = run_grad(fn, args, kwargs, positions, wl, None, has_aux)
        res = _arrange(gi, gw, positions, wl, grad_position, weights, return_ids)
        if has_aux:
            aux = value[1:] if isinstance(value, tuple) else ()
            return res, aux
        return res
    return grad_fn


def value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False):
    """``mindspore.value_and_grad``: ``(fn(*args), gradients)`` in one pass."""
    if grad_position is None and weights is None:
        raise ValueError("`grad_position` and `weight` can not be None at the same time.")
    _check_flags("value_and_grad", has_aux=has_aux, return_ids=return_ids)
    check_grad_allowed()

    def vg_fn(*args, **kwargs):
        _check_not_empty(grad_position)
        positions = _differentiable(_positions(grad_position, len(args)), args)
        wl = _weights_list(weights)
        value, gi, gw = run_grad(fn, args, kwargs, positions, wl, None, has_aux)
        res = _arrange(gi, gw, positions, wl, grad_position, weights, return_ids)
        return _detach(value), res
    return vg_fn


def _detach(v):
    if isinstance(v, Tensor):
        return Tensor._make(v._raw if type(v) is Tensor else v._data) if v._node is not None else v
    if isinstance(v, tuple):
        return tuple(_detach(x) for x in v)
    if isinstance(v, list):
        return [_detach(x) for x in v]
    return v
