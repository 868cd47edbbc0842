"""The optimizer apply-ops (ApplyGradientDescent, ApplyMomentum, Adam...): one jax forward per
update rule computes the new values of the state tensors; they are written back through the
one Parameter write path (``state_ops.assign``, which ``jit`` functionalises), and the op
returns what MindSpore returns (copies of the updated tensors).

These ops are not differentiable in MindSpore, and have no bprop here.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply

__all__: list = []


def _write(name: str, var: Tensor, value: Tensor) -> None:
    """``var`` takes ``value`` in place: a Parameter through ``assign``, a plain Tensor directly
    (MindSpore's apply kernels write into any Tensor they are given)."""
    from ..common.parameter import Parameter
    from .state_ops import assign
    if isinstance(var, Parameter):
        assign(var, value)
    else:
        var._data = value._data


def _check_inputs(name: str, names: tuple, values: tuple, n_state: int, same_shape: tuple) -> list:
    """Tensors of the inputs; the state inputs (the first ``n_state``) must be float Tensors and the
    inputs named in ``same_shape`` must have the first one's shape (MindSpore's errors)."""
    out = []
    for i, (arg, x) in enumerate(zip(names, values)):
        if i < n_state and not isinstance(x, Tensor):
            raise TypeError(f"For '{name}', the '{arg}' must be a Tensor, but got {type(x).__name__}.")
        t = tensor_of(x, name)
        if t.dtype.kind not in "f" and arg not in ("global_step", "indices"):
            raise TypeError(f"For '{name}', the '{arg}' must be a float16 or float32 Tensor, but got {t.dtype}.")
        out.append(t)
    shape = out[0].shape
    for arg in same_shape:
        t = out[names.index(arg)]
        if t.shape != shape:
            raise ValueError(f"For '{name}', the shape of '{arg}' must be the same as the shape of '{names[0]}' "
                             f"{list(shape)}, but got {list(t.shape)}.")
    return out


def _run(op: Op, name: str, names: tuple, values: tuple, n_tensors: int, same_shape: tuple, writes: tuple,
         returns: tuple, **attrs):
    """Apply ``op`` (which returns the new values of the inputs in ``writes``), write them back and
    return the outputs at ``returns`` (positions in ``writes``)."""
    ts = _check_inputs(name, names, values, n_tensors, same_shape)
    new = apply(op, ts, {"dtype": ts[0]._raw.dtype, **attrs})
    new = new if isinstance(new, tuple) else (new,)
    for w, value in zip(writes, new):
        _write(name, values[w], value)
    outs = tuple(Tensor._make(new[r]._data) for r in returns)
    return outs[0] if len(outs) == 1 else outs


def _f(fn):
    """A forward over arrays that first casts every float input to the variable's dtype."""
    def fwd(*xs, dtype, **attrs):
        xs = [x.astype(dtype) if jnp.issubdtype(x.dtype, jnp.floating) else x for x in xs]
        out = fn(*xs, **attrs)
        return tuple(o.astype(dtype) for o in out) if isinstance(out, tuple) else out.astype(dtype)
    return fwd


def _op(name, fn, n_out):
    return Op(name, _f(fn), None, n_out=n_out)


_gd = _op("ApplyGradientDescent", lambda var, alpha, delta: var - alpha * delta, 1)
_prox_gd = _op("ApplyProximalGradientDescent",
               lambda var, alpha, l1, l2, delta: _prox(var - alpha * delta, alpha, l1, l2), 1)


def _prox(v, lr, l1, l2):
    return jnp.sign(v) / (1 + lr * l2) * jnp.maximum(jnp.abs(v) - lr * l1, 0)


def _momentum(var, accum, lr, grad, momentum, *, nesterov):
    accum = accum * momentum + grad
    var = var - (grad * lr + accum * momentum * lr if nesterov else lr * accum)
    return var, accum


_mom = _op("ApplyMomentum", _momentum, 2)


def _adam(var, m, v, b1p, b2p, lr, b1, b2, eps, grad, *, nesterov):
    m = m + (grad - m) * (1 - b1)
    v = v + (grad * grad - v) * (1 - b2)
    alpha = lr * jnp.sqrt(1 - b2p) / (1 - b1p)
    upd = (m * b1 + (1 - b1) * grad) if nesterov else m
    return var - alpha * upd / (jnp.sqrt(v) + eps), m, v


_adam_op = _op("Adam", _adam, 3)


def _adam_wd(var, m, v, lr, b1, b2, eps, decay, grad):
    m = b1 * m + (1 - b1) * grad
    v = b2 * v + (1 - b2) * grad * grad
    upd = m / (jnp.sqrt(v) + eps) + decay * var
    return var - lr * upd, m, v


_adam_wd_op = _op("AdamWeightDecay", _adam_wd, 3)


def _adamax(var, m, v, b1p, lr, b1, b2, eps, grad):
    m = b1 * m + (1 - b1) * grad
    v = jnp.maximum(b2 * v, jnp.abs(grad))
    return var - lr / (1 - b1p) * m / (v + eps), m, v


_adamax_op = _op("ApplyAdaMax", _adamax, 3)


def _adadelta(var, accum, accum_update, lr, rho, eps, grad):
    accum = rho * accum + (1 - rho) * grad * grad
    upd = jnp.sqrt(accum_update + eps) / jnp.sqrt(accum + eps) * grad
    accum_update = rho * accum_update + (1 - rho) * upd * upd
    return var - lr * upd, accum, accum_update


_adadelta_op = _op("ApplyAdadelta", _adadelta, 3)


def _adagrad(var, accum, lr, grad, *, update_slots, eps):
    if update_slots:
        accum = accum + grad * grad
    den = jnp.sqrt(accum) if eps is None else jnp.sqrt(accum) + eps
    return var - lr * grad / den, accum


_adagrad_op = _op("ApplyAdagrad", _adagrad, 2)


def _adagrad_da(var, ga, gsa, grad, lr, l1, l2, step):
    ga = ga + grad
    gsa = gsa + grad * grad
    step = step.astype(var.dtype)
    tmp = jnp.where(l1 > 0, jnp.sign(ga) * jnp.maximum(jnp.abs(ga) - l1 * step, 0), ga)
    return -lr * tmp / (l2 * step * lr + jnp.sqrt(gsa)), ga, gsa


_adagrad_da_op = _op("ApplyAdagradDA", _adagrad_da, 3)


def _amsgrad(var, m, v, vhat, b1p, b2p, lr, b1, b2, eps, grad):
    m = b1 * m + (1 - b1) * grad
    v = b2 * v + (1 - b2) * grad * grad
    vhat = jnp.maximum(vhat, v)
    alpha = lr * jnp.sqrt(1 - b2p) / (1 - b1p)
    return var - alpha * m / (jnp.sqrt(vhat) + eps), m, v, vhat


_amsgrad_op = _op("ApplyAdamWithAmsgrad", _amsgrad, 4)


def _sign_update(var, m, lr, a, sign_decay, beta, grad, *, power):
    m = beta * m + (1 - beta) * grad
    s = sign_decay * jnp.sign(grad) * jnp.sign(m)
    upd = (jnp.exp(a * s) if power else a + s) * grad
    return var - lr * upd, m


_sign_op = _op("ApplyAddSign", _sign_update, 2)


def _centered_rms(var, mg, ms, mom, grad, lr, decay, momentum, eps):
    mg = decay * mg + (1 - decay) * grad
    ms = decay * ms + (1 - decay) * grad * grad
    mom = momentum * mom + lr * grad / jnp.sqrt(ms - mg * mg + eps)
    return var - mom, mg, ms, mom


_centered_rms_op = _op("ApplyCenteredRMSProp", _centered_rms, 4)


def _rms(var, ms, mom, lr, grad, decay, momentum, eps):
    ms = decay * ms + (1 - decay) * grad * grad
    mom = momentum * mom + lr * grad / jnp.sqrt(ms + eps)
    return var - mom, ms, mom


_rms_op = _op("ApplyRMSProp", _rms, 3)


def _ftrl(var, accum, linear, grad, lr, l1, l2, lr_power, shrink=0.0):
    g_shr = grad + 2 * shrink * var
    accum_new = accum + grad * grad
    linear = linear + g_shr - ((accum_new ** -lr_power) - (accum ** -lr_power)) / lr * var
    quad = (accum_new ** -lr_power) / lr + 2 * l2
    var = jnp.where(jnp.abs(linear) > l1, (jnp.sign(linear) * l1 - linear) / quad, jnp.zeros_like(var))
    return var, accum_new, linear


_ftrl_op = _op("ApplyFtrl", _ftrl, 3)


def _prox_adagrad(var, accum, lr, l1, l2, grad):
    accum = accum + grad * grad
    lr_t = lr / jnp.sqrt(accum)  # the adaptive rate scales the shrinkage too
    return _prox(var - lr_t * grad, lr_t, jnp.maximum(l1, 0), l2), accum


_prox_adagrad_op = _op("ApplyProximalAdagrad", _prox_adagrad, 2)


def _sgd(param, grad, lr, accum, momentum, stat, *, dampening, weight_decay, nesterov):
    if weight_decay:
        grad = grad + weight_decay * param
    # MindSpore's CPU kernel leaves accum and stat as they are when momentum is 0 (plain SGD)
    use = momentum > 0
    first = stat > 0
    new_accum = jnp.where(first, grad, momentum * accum + (1 - dampening) * grad)
    step = grad + momentum * new_accum if nesterov else new_accum
    return (param - lr * jnp.where(use, step, grad), jnp.where(use, new_accum, accum),
            jnp.where(use, jnp.zeros_like(stat), stat))


_sgd_op = _op("SGD", _sgd, 3)


# ---- sparse variants: the rows ``indices`` of the state tensors are updated ----------------------------
def _sparse(fn):
    def fwd(*xs, n_state, **attrs):
        *xs, indices = xs
        state = xs[:n_state]
        rows = [s[indices] for s in state]
        new = fn(*rows, *xs[n_state:], **attrs)
        return tuple(s.at[indices].set(r) for s, r in zip(state, new))
    return fwd


_sp_adagrad_op = _op("SparseApplyAdagrad",
                     _sparse(lambda var, accum, grad, *, lr, eps, update_slots:
                             _adagrad(var, accum, lr, grad, update_slots=update_slots, eps=eps)), 2)
_sp_ftrl_op = _op("SparseApplyFtrl", _sparse(lambda var, accum, linear, grad, *, lr, l1, l2, lr_power:
                                             _ftrl(var, accum, linear, grad, lr, l1, l2, lr_power)), 3)


# ---- the functional forms, called by the Primitive classes in operations/nn_ops.py -----------------------
def apply_gradient_descent(var, alpha, delta):
    """``ops.ApplyGradientDescent()``: var -= alpha * delta; returns var."""
    return _run(_gd, "ApplyGradientDescent", ("var", "alpha", "delta"), (var, alpha, delta), 1, ("delta",),
                (0,), (0,))


def apply_proximal_gradient_descent(var, alpha, l1, l2, delta):
    """``ops.ApplyProximalGradientDescent()``: the FOBOS step with l1/l2 shrinkage; returns var."""
    return _run(_prox_gd, "ApplyProximalGradientDescent", ("var", "alpha", "l1", "l2", "delta"),
                (var, alpha, l1, l2, delta), 1, ("delta",), (0,), (0,))


def apply_momentum(variable, accumulation, learning_rate, gradient, momentum, use_nesterov=False):
    """``ops.ApplyMomentum()``: accum = accum * momentum + grad, var -= lr * accum (Nesterov:
    var -= lr * (grad + momentum * accum)); returns variable."""
    return _run(_mom, "ApplyMomentum", ("variable", "accumulation", "learning_rate", "gradient", "momentum"),
                (variable, accumulation, learning_rate, gradient, momentum), 2, ("accumulation", "gradient"),
                (0, 1), (0,), nesterov=bool(use_nesterov))


def adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient, use_nesterov=False):
    """``ops.Adam()``: the Adam step with bias correction; returns (var, m, v)."""
    return _run(_adam_op, "Adam", ("var", "m", "v", "beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon",
                                   "gradient"),
                (var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient), 3,
                ("m", "v", "gradient"), (0, 1, 2), (0, 1, 2), nesterov=bool(use_nesterov))


def adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
    """``ops.AdamWeightDecay()``: Adam without bias correction plus decoupled weight decay."""
    return _run(_adam_wd_op, "AdamWeightDecay", ("var", "m", "v", "lr", "beta1", "beta2", "epsilon", "decay",
                                                 "gradient"),
                (var, m, v, lr, beta1, beta2, epsilon, decay, gradient), 3, ("m", "v", "gradient"), (0, 1, 2),
                (0, 1, 2))


def apply_ada_max(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
    """``ops.ApplyAdaMax()``: the AdaMax step; returns (var, m, v)."""
    return _run(_adamax_op, "ApplyAdaMax", ("var", "m", "v", "beta1_power", "lr", "beta1", "beta2", "epsilon",
                                            "grad"),
                (var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad), 3, ("m", "v", "grad"), (0, 1, 2),
                (0, 1, 2))


def apply_adadelta(var, accum, accum_update, lr, rho, epsilon, grad):
    """``ops.ApplyAdadelta()``: the Adadelta step; returns (var, accum, accum_update)."""
    return _run(_adadelta_op, "ApplyAdadelta", ("var", "accum", "accum_update", "lr", "rho", "epsilon", "grad"),
                (var, accum, accum_update, lr, rho, epsilon, grad), 3, ("accum", "accum_update", "grad"),
                (0, 1, 2), (0, 1, 2))


def apply_adagrad(var, accum, lr, grad, update_slots=True, epsilon=None):
    """``ops.ApplyAdagrad()`` (``ApplyAdagradV2`` with ``epsilon``): accum += grad ** 2,
    var -= lr * grad / (sqrt(accum) [+ epsilon]); returns (var, accum)."""
    name = "ApplyAdagrad" if epsilon is None else "ApplyAdagradV2"
    return _run(_adagrad_op, name, ("var", "accum", "lr", "grad"), (var, accum, lr, grad), 2, ("accum", "grad"),
                (0, 1), (0, 1), update_slots=bool(update_slots), eps=None if epsilon is None else float(epsilon))


def apply_adagrad_da(var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, global_step):
    """``ops.ApplyAdagradDA()``: the dual-averaging Adagrad step; returns var."""
    return _run(_adagrad_da_op, "ApplyAdagradDA",
                ("var", "gradient_accumulator", "gradient_squared_accumulator", "grad", "lr", "l1", "l2",
                 "global_step"),
                (var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, global_step), 3,
                ("gradient_accumulator", "gradient_squared_accumulator", "grad"), (0, 1, 2), (0,))


def apply_adam_with_amsgrad(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad,
                            name="ApplyAdamWithAmsgradV2"):
    """``ops.ApplyAdamWithAmsgrad``/``V2``: Adam with vhat = max(vhat, v); returns (var, m, v, vhat)."""
    return _run(_amsgrad_op, name, ("var", "m", "v", "vhat", "beta1_power", "beta2_power", "lr", "beta1", "beta2",
                                    "epsilon", "grad"),
                (var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad), 4,
                ("m", "v", "vhat", "grad"), (0, 1, 2, 3), (0, 1, 2, 3))


def apply_add_sign(var, m, lr, alpha, sign_decay, beta, grad, power=False):
    """``ops.ApplyAddSign()`` (``ApplyPowerSign`` with ``power``): the AddSign/PowerSign step; returns (var, m)."""
    name = "ApplyPowerSign" if power else "ApplyAddSign"
    return _run(_sign_op, name, ("var", "m", "lr", "logbase" if power else "alpha", "sign_decay", "beta", "grad"),
                (var, m, lr, alpha, sign_decay, beta, grad), 2, ("m", "grad"), (0, 1), (0, 1), power=bool(power))


def apply_centered_rms_prop(var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum, epsilon):
    """``ops.ApplyCenteredRMSProp()``: the centered RMSProp step; returns var."""
    return _run(_centered_rms_op, "ApplyCenteredRMSProp",
                ("var", "mean_gradient", "mean_square", "moment", "grad", "learning_rate", "decay", "momentum",
                 "epsilon"),
                (var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum, epsilon), 4,
                ("mean_gradient", "mean_square", "moment", "grad"), (0, 1, 2, 3), (0,))


def apply_rms_prop(var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon):
    """``ops.ApplyRMSProp()``: the RMSProp step; returns var."""
    return _run(_rms_op, "ApplyRMSProp", ("var", "mean_square", "moment", "learning_rate", "grad", "decay",
                                          "momentum", "epsilon"),
                (var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon), 3,
                ("mean_square", "moment", "grad"), (0, 1, 2), (0,))


def apply_ftrl(var, accum, linear, grad, lr, l1, l2, lr_power):
    """``ops.ApplyFtrl()``: the FTRL-proximal step; returns var."""
    return _run(_ftrl_op, "ApplyFtrl", ("var", "accum", "linear", "grad", "lr", "l1", "l2", "lr_power"),
                (var, accum, linear, grad, lr, l1, l2, lr_power), 3, ("accum", "linear", "grad"), (0, 1, 2), (0,))


def apply_proximal_adagrad(var, accum, lr, l1, l2, grad):
    """``ops.ApplyProximalAdagrad()``: Adagrad with the FOBOS l1/l2 step; returns (var, accum)."""
    return _run(_prox_adagrad_op, "ApplyProximalAdagrad", ("var", "accum", "lr", "l1", "l2", "grad"),
                (var, accum, lr, l1, l2, grad), 2, ("accum", "grad"), (0, 1), (0, 1))


def sgd(parameters, gradient, learning_rate, accum, momentum, stat, dampening=0.0, weight_decay=0.0,
        nesterov=False):
    """``ops.SGD()``: SGD with momentum, dampening, weight decay and Nesterov; ``stat`` > 0 marks the first
    step (accum = grad) and is cleared; returns parameters."""
    return _run(_sgd_op, "SGD", ("parameters", "gradient", "learning_rate", "accum", "momentum", "stat"),
                (parameters, gradient, learning_rate, accum, momentum, stat), 1, ("gradient", "accum", "stat"),
                (0, 3, 5), (0,), dampening=float(dampening), weight_decay=float(weight_decay),
                nesterov=bool(nesterov))


def _check_sparse(name, var, grad, indices):
    indices = tensor_of(indices, name)
    if indices.dtype.kind not in "iu" or indices.ndim != 1:
        raise TypeError(f"For '{name}', the 'indices' must be a 1-D int32 or int64 Tensor, but got "
                        f"{indices.dtype} with shape {list(indices.shape)}.")
    g = tensor_of(grad, name)
    if g.shape[:1] != indices.shape or g.shape[1:] != var.shape[1:]:
        raise ValueError(f"For '{name}', the shape of 'grad' must be [len(indices)] + var.shape[1:] "
                         f"({[indices.shape[0]] + list(var.shape[1:])}), but got {list(g.shape)}.")
    return indices


def sparse_apply_adagrad(var, accum, grad, indices, lr, epsilon=None, update_slots=True):
    """``ops.SparseApplyAdagrad(lr)`` (``V2`` with ``epsilon``): Adagrad on the rows ``indices``;
    returns (var, accum)."""
    name = "SparseApplyAdagrad" if epsilon is None else "SparseApplyAdagradV2"
    _check_inputs(name, ("var", "accum"), (var, accum), 2, ("accum",))
    idx = _check_sparse(name, var, grad, indices)
    return _run(_sp_adagrad_op, name, ("var", "accum", "grad", "indices"), (var, accum, grad, idx), 2,
                ("accum",), (0, 1), (0, 1), n_state=2, lr=float(lr),
                eps=None if epsilon is None else float(epsilon), update_slots=bool(update_slots))


def sparse_apply_ftrl(var, accum, linear, grad, indices, lr, l1, l2, lr_power):
    """``ops.SparseApplyFtrl(lr, l1, l2, lr_power)``: FTRL on the rows ``indices``; returns (var, accum, linear)."""
    _check_inputs("SparseApplyFtrl", ("var", "accum", "linear"), (var, accum, linear), 3, ("accum", "linear"))
    idx = _check_sparse("SparseApplyFtrl", var, grad, indices)
    return _run(_sp_ftrl_op, "SparseApplyFtrl", ("var", "accum", "linear", "grad", "indices"),
                (var, accum, linear, grad, idx), 3, ("accum", "linear"), (0, 1, 2), (0, 1, 2), n_state=3,
                lr=float(lr), l1=float(l1), l2=float(l2), lr_power=float(lr_power))


del jax
