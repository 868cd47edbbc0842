"""Loss functions: cross-entropy (dense, sparse, with weights, ignore_index and label
smoothing), NLL, MSE, L1, smooth L1, binary cross-entropy (with logits), KL divergence."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from .. import _dtype as mstype
from .._state import state
from .._tensor import Tensor
from ._base import cast, tensor_of
from ._primitive import Op, apply
from ._checks import check_range
from . import math as M
from . import reduction as R
from . import array as A
from .nn_ops import _float, log_softmax, relu


def _reduce(loss, reduction, name):
    if reduction == "mean":
        return R.mean(loss)
    if reduction == "sum":
        return R.sum(loss)
    if reduction == "none":
        return loss
    raise ValueError(f"For '{name}', the 'reduction' must be one of ['mean', 'sum', 'none'], but got {reduction!r}.")


def softmax_cross_entropy_with_logits(logits, labels):
    """Per-sample cross-entropy of ``logits`` with dense ``labels`` (last axis)."""
    return M.neg(R.sum(M.mul(labels, log_softmax(logits, -1)), -1))


def sparse_softmax_cross_entropy(logits, labels):
    """Per-sample cross-entropy with integer class labels."""
    lbl = tensor_of(labels, "SparseSoftmaxCrossEntropyWithLogits")
    if lbl.dtype.kind not in "iu":
        raise TypeError(f"For 'SparseSoftmaxCrossEntropyWithLogits', the 'labels' must be an int Tensor, but got "
                        f"{lbl.dtype}.")
    if lbl.shape != logits.shape[:-1]:
        raise ValueError(f"For 'SparseSoftmaxCrossEntropyWithLogits', the 'labels' shape {list(lbl.shape)} must be "
                         f"the 'logits' shape without its last axis {list(logits.shape[:-1])}.")
    n = logits.shape[-1]
    # the labels as given are checked (computed already, and the same array each step: no wait for
    # the forward pass, and no boundary of a captured segment), then gathered without a second check
    check_range(lbl._data, -n, n, lambda v: RuntimeError(
        f"For 'GatherD', the value of 'index' must be in [{-n}, {n}), but got: {v}"))
    if state.amp is None and isinstance(logits, Tensor) and logits.dtype.is_floating and logits.ndim >= 1:
        # one kernel forward and one backward (softmax - onehot); composed, the loss launched
        # LogSoftmax, GatherD, Neg and a reshape, and their gradients a scatter into zeros, the
        # log-softmax gradient's Exp/Sub/Mul: each a pass over the (batch, classes) logits
        return apply(_sparse_ce, (logits, lbl), {})
    lsm = log_softmax(logits, -1)
    picked = A.gather_elements_in_range(lsm, -1, A.expand_dims(cast(lbl, mstype.int64), -1))
    return M.neg(A.squeeze(picked, -1))


def _sparse_ce_fwd(logits, labels):
    """-log_softmax(logits)[..., label]: the composed form's values (labels checked in [-n, n))."""
    lsm = jax.nn.log_softmax(logits, axis=-1)
    idx = jnp.expand_dims(labels.astype(jnp.int32), -1)
    return -jnp.squeeze(jnp.take_along_axis(lsm, idx, axis=-1, mode="fill", fill_value=0), -1)


_sparse_ce = Op("SparseSoftmaxCrossEntropy", _sparse_ce_fwd, "vjp")


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    x = _float(input, "cross_entropy")
    c = x.shape[1] if x.ndim > 1 else x.shape[0]
    lsm = log_softmax(x, 1 if x.ndim > 1 else 0)
    if target.dtype.kind in "iu":
        onehot = A.one_hot(target, c, 1.0, 0.0, 1 if x.ndim > 1 else -1)
        onehot = cast(onehot, x.dtype)
        valid = cast(M.not_equal(target, ignore_index), x.dtype)
    else:
        onehot, valid = target, None
    if label_smoothing:
        onehot = M.add(M.mul(onehot, 1 - label_smoothing), label_smoothing / c)
    if weight is not None:
        wshape = (1, c) + (1,) * (x.ndim - 2) if x.ndim > 1 else (c,)
        onehot = M.mul(onehot, A.reshape(weight, wshape))
    loss = M.neg(R.sum(M.mul(onehot, lsm), 1 if x.ndim > 1 else 0))
    if valid is not None:
        loss = M.mul(loss, valid)
        if reduction == "mean":
            if weight is not None:
                wsum = R.sum(M.mul(A.gather(weight, M.maximum(target, 0), 0), valid))
            else:
                wsum = R.sum(valid)
            return M.div(R.sum(loss), wsum)
    return _reduce(loss, reduction, "cross_entropy")


def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    c = inputs.shape[1]
    onehot = cast(A.one_hot(target, c, 1.0, 0.0, 1), inputs.dtype)
    if weight is not None:
        onehot = M.mul(onehot, A.reshape(weight, (1, c) + (1,) * (inputs.ndim - 2)))
    loss = M.neg(R.sum(M.mul(onehot, inputs), 1))
    valid = cast(M.not_equal(target, ignore_index), inputs.dtype)
    loss = M.mul(loss, valid)
    if reduction == "mean":
        wsum = R.sum(M.mul(A.gather(weight, M.maximum(target, 0), 0), valid)) if weight is not None else R.sum(valid)
        return M.div(R.sum(loss), wsum)
    return _reduce(loss, reduction, "nll_loss")


def mse_loss(input, target, reduction="mean"):
    return _reduce(M.square(M.sub(input, target)), reduction, "MSELoss")


def l1_loss(input, target, reduction="mean"):
    return _reduce(M.abs(M.sub(input, target)), reduction, "L1Loss")


def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    d = M.abs(M.sub(input, target))
    loss = M.select(M.less(d, beta), M.div(M.mul(M.mul(d, d), 0.5), beta), M.sub(d, 0.5 * beta))
    return _reduce(loss, reduction, "SmoothL1Loss")


def binary_cross_entropy_with_logits(logits, label, weight=None, pos_weight=None, reduction="mean"):
    # log(1 + exp(-|x|)) + max(x, 0) - x * y, with pos_weight scaling the positive term
    x, y = logits, label
    if pos_weight is not None:
        lw = M.add(M.mul(M.sub(pos_weight, 1), y), 1)
        loss = M.add(M.mul(M.sub(1, y), x), M.mul(lw, M.add(M.log1p(M.exp(M.neg(M.abs(x)))), relu(M.neg(x)))))
    else:
        loss = M.add(M.sub(relu(x), M.mul(x, y)), M.log1p(M.exp(M.neg(M.abs(x)))))
    if weight is not None:
        loss = M.mul(loss, weight)
    return _reduce(loss, reduction, "BCEWithLogitsLoss")


def binary_cross_entropy(logits, labels, weight=None, reduction="mean"):
    eps = 1e-12
    loss = M.neg(M.add(M.mul(labels, M.log(M.maximum(logits, eps))),
                       M.mul(M.sub(1, labels), M.log(M.maximum(M.sub(1, logits), eps)))))
    if weight is not None:
        loss = M.mul(loss, weight)
    return _reduce(loss, reduction, "BCELoss")


def kl_div(logits, labels, reduction="mean"):
    loss = M.mul(labels, M.sub(M.log(M.maximum(labels, 1e-12)), logits))
    # MindSpore's kernel: a target <= 0 contributes 0 (not target * (log(target) - x))
    loss = M.select(M.greater(labels, 0), loss, A.zeros_like(loss))
    if reduction == "batchmean":
        return M.div(R.sum(loss), logits.shape[0])
    return _reduce(loss, reduction, "KLDivLoss")
