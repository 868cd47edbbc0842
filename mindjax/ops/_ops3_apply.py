"""The remaining optimizer apply-ops with CPU kernels in MindSpore 2.10 (issue #11): the fused sparse
Adam / LazyAdam / FTRL / ProximalAdagrad, SparseApplyRMSProp, AdamNoUpdateParam and
FusedCastAdamWeightDecay. As in ``_apply_ops``, one jax forward computes the new state, which is
written back through the Parameter write path; the ops are not differentiable.

The fused sparse kernels first sum the gradients of repeated indices (MindSpore's
BucketReduceSparseGradient), so here the gradient rows are scattered-added into a dense gradient
and the update is applied to the touched rows; SparseApplyRMSProp applies the rows one after the
other, as its kernel does.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from ._apply_ops import _check_inputs, _check_sparse, _op, _run

__all__: list = []


def _dense(var, grad, idx):
    """The gradient rows summed per index into var's shape, and which rows were touched."""
    g = jnp.zeros_like(var).at[idx].add(grad.astype(var.dtype), mode="drop")
    touched = jnp.zeros((var.shape[0],), bool).at[idx].set(True, mode="drop")
    return g, touched.reshape((-1,) + (1,) * (var.ndim - 1))


def _fused_adam(var, m, v, b1p, b2p, lr, b1, b2, eps, grad, idx, *, nesterov):
    g, hit = _dense(var, grad, idx)
    m = m * b1 + jnp.where(hit, (1 - b1) * g, 0)  # every row of m and v decays (not lazy)
    v = v * b2 + jnp.where(hit, (1 - b2) * g * g, 0)
    lr_t = lr * jnp.sqrt(1 - b2p) / (1 - b1p)
    # the nesterov moment with a zero gradient on the untouched rows (MindSpore's kernel leaves them to an
    # uninitialised workspace there)
    upd = m * b1 + (1 - b1) * g if nesterov else m
    return var - lr_t * upd / (jnp.sqrt(v) + eps), m, v


def _lazy_adam(var, m, v, b1p, b2p, lr, b1, b2, eps, grad, idx, *, nesterov):
    g, hit = _dense(var, grad, idx)
    m_new = b1 * m + (1 - b1) * g
    v_new = b2 * v + (1 - b2) * g * g
    lr_t = lr * jnp.sqrt(1 - b2p) / (1 - b1p)
    upd = (m_new * b1 + (1 - b1) * g) if nesterov else m_new
    var_new = var - lr_t * upd / (jnp.sqrt(v_new) + eps)
    return jnp.where(hit, var_new, var), jnp.where(hit, m_new, m), jnp.where(hit, v_new, v)


def _fused_ftrl(var, accum, linear, grad, idx, *, lr, l1, l2, lr_power):
    g, hit = _dense(var, grad, idx)
    accum_new = accum + g * g
    linear_new = linear + g - (accum_new ** -lr_power - accum ** -lr_power) / lr * var
    quad = accum_new ** -lr_power / lr + 2 * l2
    var_new = jnp.where(jnp.abs(linear_new) > l1, (jnp.sign(linear_new) * l1 - linear_new) / quad, 0)
    return (jnp.where(hit, var_new, var), jnp.where(hit, accum_new, accum), jnp.where(hit, linear_new, linear))


def _fused_prox_adagrad(var, accum, lr, l1, l2, grad, idx):
    g, hit = _dense(var, grad, idx)
    accum_new = accum + g * g
    rate = lr / jnp.sqrt(accum_new)
    prox = var - g * rate
    var_new = jnp.where(l1 > 0, jnp.sign(prox) * jnp.maximum(jnp.abs(prox) - rate * l1, 0), prox) / (1 + l2 * rate)
    return jnp.where(hit, var_new, var), jnp.where(hit, accum_new, accum)


def _sparse_rms(var, ms, mom, lr, grad, idx, *, rho, momentum, eps):
    def row(state, k):
        var, ms, mom = state
        i, g = idx[k], grad[k].astype(var.dtype)
        ms_i = jnp.where(jnp.abs(g) > jnp.finfo(jnp.float32).eps, ms[i] * rho + g * g * (1 - rho), ms[i])
        mom_i = mom[i] * momentum + lr * g / jnp.sqrt(ms_i + eps)
        return (var.at[i].add(-mom_i), ms.at[i].set(ms_i), mom.at[i].set(mom_i)), None
    (var, ms, mom), _ = jax.lax.scan(row, (var, ms, mom), jnp.arange(idx.shape[0]))
    return var, ms, mom


def _adam_delta(m, v, b1p, b2p, lr, b1, b2, eps, grad, *, nesterov):
    m = m * b1 + (1 - b1) * grad
    v = v * b2 + (1 - b2) * grad * grad
    lr_t = lr * jnp.sqrt(1 - b2p) / (1 - b1p)
    upd = (m * b1 + (1 - b1) * grad) if nesterov else m
    return m, v, -lr_t * upd / (jnp.sqrt(v) + eps)


def _cast_adam_wd(var, m, v, lr, b1, b2, eps, decay, grad, norm):
    norm = jnp.where(norm < 1e-10, 1.0, norm)  # MindSpore's kernel treats a ~0 global norm as 1
    g = grad.astype(jnp.float32) / norm
    m = m + (g - m) * (1 - b1)
    v = v + (g * g - v) * (1 - b2)
    upd = m / (jnp.sqrt(v) + eps) + decay * var.astype(jnp.float32)
    return (var.astype(jnp.float32) - lr * upd).astype(var.dtype), m, v


def _keep_grad(fn):
    """A forward whose gradient input keeps its own dtype (the ``_f`` wrapper casts floats to var's)."""
    def fwd(*xs, dtype, **attrs):
        return fn(*xs, **attrs)
    return fwd


_fused_adam_op = _op("FusedSparseAdam", _fused_adam, 3)
_lazy_adam_op = _op("FusedSparseLazyAdam", _lazy_adam, 3)
_fused_ftrl_op = _op("FusedSparseFtrl", _fused_ftrl, 3)
_fused_prox_op = _op("FusedSparseProximalAdagrad", _fused_prox_adagrad, 2)
_sparse_rms_op = _op("SparseApplyRMSProp", _sparse_rms, 3)
_adam_delta_op = _op("AdamNoUpdateParam", _adam_delta, 3)
_cast_adam_op = _op("FusedCastAdamWeightDecay", lambda *a: a, 3)
_cast_adam_op.forward = _keep_grad(_cast_adam_wd)

_ADAM_ARGS = ("var", "m", "v", "beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "grad", "indices")


def _check_beta1_power(name, b1p):
    import numpy as np
    from .._tensor import Tensor
    if isinstance(b1p, Tensor) and isinstance(b1p._data, jax.core.Tracer):
        return  # the value is not known while compiling
    val = b1p.asnumpy() if isinstance(b1p, Tensor) else b1p
    if abs(float(np.asarray(val).reshape(-1)[0]) - 1) < 1.2e-7:
        raise RuntimeError(f"For '{name}', the 'beta1_power' can not be 1.")


def fused_sparse_adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, indices,
                      use_nesterov=False, lazy=False):
    """``ops.FusedSparseAdam`` / ``ops.FusedSparseLazyAdam``: Adam with the gradient rows ``grad`` at ``indices``
    (repeats summed); the lazy form updates only those rows. Returns (var, m, v)."""
    name = "FusedSparseLazyAdam" if lazy else "FusedSparseAdam"
    _check_inputs(name, ("var", "m", "v"), (var, m, v), 3, ("m", "v"))
    idx = _check_sparse(name, var, grad, indices)
    _check_beta1_power(name, beta1_power)
    return _run(_lazy_adam_op if lazy else _fused_adam_op, name, _ADAM_ARGS,
                (var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, idx), 3, ("m", "v"),
                (0, 1, 2), (0, 1, 2), nesterov=bool(use_nesterov))


def fused_sparse_ftrl(var, accum, linear, grad, indices, lr, l1, l2, lr_power):
    """``ops.FusedSparseFtrl(lr, l1, l2, lr_power)``: FTRL on the rows ``indices`` (repeats summed); returns
    (var, accum, linear)."""
    name = "FusedSparseFtrl"
    _check_inputs(name, ("var", "accum", "linear"), (var, accum, linear), 3, ("accum", "linear"))
    idx = _check_sparse(name, var, grad, indices)
    return _run(_fused_ftrl_op, name, ("var", "accum", "linear", "grad", "indices"),
                (var, accum, linear, grad, idx), 3, ("accum", "linear"), (0, 1, 2), (0, 1, 2),
                lr=float(lr), l1=float(l1), l2=float(l2), lr_power=float(lr_power))


def fused_sparse_proximal_adagrad(var, accum, lr, l1, l2, grad, indices):
    """``ops.FusedSparseProximalAdagrad()``: proximal Adagrad on the rows ``indices`` (repeats summed); returns
    (var, accum)."""
    name = "FusedSparseProximalAdagrad"
    _check_inputs(name, ("var", "accum"), (var, accum), 2, ("accum",))
    idx = _check_sparse(name, var, grad, indices)
    return _run(_fused_prox_op, name, ("var", "accum", "lr", "l1", "l2", "grad", "indices"),
                (var, accum, lr, l1, l2, grad, idx), 2, ("accum",), (0, 1), (0, 1))


def sparse_apply_rms_prop(var, ms, mom, lr, grad, indices, rho, momentum, epsilon):
    """``ops.SparseApplyRMSProp(rho, momentum, epsilon)``: RMSProp on the rows ``indices``, one after the other;
    returns (var, ms, mom)."""
    name = "SparseApplyRMSProp"
    _check_inputs(name, ("var", "ms", "mom"), (var, ms, mom), 3, ("ms", "mom"))
    idx = _check_sparse(name, var, grad, indices)
    return _run(_sparse_rms_op, name, ("var", "ms", "mom", "lr", "grad", "indices"), (var, ms, mom, lr, grad, idx),
                3, ("ms", "mom"), (0, 1, 2), (0, 1, 2), rho=float(rho), momentum=float(momentum),
                eps=float(epsilon))


def adam_no_update_param(m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient, use_nesterov=False):
    """``ops.AdamNoUpdateParam()``: updates ``m`` and ``v`` in place and returns the Adam step for the
    parameter (``-lr_t * m / (sqrt(v) + eps)``) without applying it."""
    name = "AdamNoUpdateParam"
    _check_beta1_power(name, beta1_power)
    names = ("m", "v", "beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon", "grad")
    return _run(_adam_delta_op, name, names, (m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient),
                2, ("v", "grad"), (0, 1), (2,), nesterov=bool(use_nesterov))


def fused_cast_adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient, global_norm):
    """``ops.FusedCastAdamWeightDecay()``: AdamWeightDecay whose float16 or float32 gradient is divided by
    ``global_norm`` first; var may be float16 or float32, m and v float32. Returns (var, m, v)."""
    name = "FusedCastAdamWeightDecay"
    names = ("var", "m", "v", "lr", "beta1", "beta2", "epsilon", "decay", "gradient", "global_norm")
    return _run(_cast_adam_op, name, names, (var, m, v, lr, beta1, beta2, epsilon, decay, gradient, global_norm),
                3, ("m", "v", "gradient"), (0, 1, 2), (0, 1, 2))
