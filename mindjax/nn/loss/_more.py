"""More loss Cells of ``mindspore.nn``: CosineEmbeddingLoss, HingeEmbeddingLoss,
MarginRankingLoss, MultiMarginLoss, MultiLabelSoftMarginLoss, HuberLoss, GaussianNLLLoss,
PoissonNLLLoss, RMSELoss, MAELoss, DiceLoss, MultiClassDiceLoss, FocalLoss.

The arguments are checked where MindSpore checks them (some in ``__init__``, some only at the
call, in the functional op), with the same exception classes and messages."""
from __future__ import annotations

import math
import numbers

from ... import ops
from ..._tensor import Tensor
from ... import _dtype as mstype
from ...ops import _loss_more_ops as L
from .loss import LossBase, MSELoss

__all__ = ["CosineEmbeddingLoss", "HingeEmbeddingLoss", "MarginRankingLoss", "MultiMarginLoss",
           "MultiLabelSoftMarginLoss", "HuberLoss", "GaussianNLLLoss", "PoissonNLLLoss", "RMSELoss", "MAELoss", "DiceLoss", "MultiClassDiceLoss", "FocalLoss"]


def _is_tensor(cls: str, arg: str, v):
    if v is not None and not isinstance(v, Tensor):
        raise TypeError(f"For '{cls}', the '{arg}' must be 'Tensor', but got '{type(v).__name__}'")


class _Loss(LossBase):
    """LossBase with MindSpore's own reduction message (``must be in [...]``)."""

    def __init__(self, reduction: str = "mean"):
        L.check_reduction(type(self).__name__, reduction)
        super().__init__(reduction)


class CosineEmbeddingLoss(_Loss):
    """``nn.CosineEmbeddingLoss(margin=0.0, reduction='mean')``: 1 - cos(x1, x2) for label 1,
    max(0, cos(x1, x2) - margin) for label -1; cosine along axis 1.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[1., 0.], [0., 1.]], np.float32))
        >>> print(ms.nn.CosineEmbeddingLoss()(x, x, ms.Tensor(np.array([1, -1], np.int32))))
        0.5
    """

    def __init__(self, margin: float = 0.0, reduction: str = "mean"):
        super().__init__(reduction)
        if not isinstance(margin, float):
            raise TypeError(f"For 'CosineEmbeddingLoss', the type of 'margin' should be 'float', but got type "
                            f"'{type(margin).__name__}'.")
        if not -1.0 <= margin <= 1.0:
            raise ValueError(f"For 'CosineEmbeddingLoss', the 'margin' must be in range of [-1.0, 1.0], but got "
                             f"{margin} with type 'float'.")
        self.margin = margin

    def construct(self, logits_x1, logits_x2, labels):
        return L.cosine_embedding_loss(logits_x1, logits_x2, labels, self.margin, self.reduction)


class HingeEmbeddingLoss(LossBase):
    """``nn.HingeEmbeddingLoss(margin=1.0, reduction='mean')``: x for target 1, max(0, margin - x)
    for target -1.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([0.3, 0.2], np.float32))
        >>> print(ms.nn.HingeEmbeddingLoss(reduction='sum')(x, ms.Tensor(np.array([1., -1.], np.float32))))
        1.1
    """

    def __init__(self, margin=1.0, reduction: str = "mean"):
        super().__init__()
        if not L._is_real(margin):
            raise L._type_error("HingeEmbeddingLoss", "margin", margin, ("float", "int"))
        self.reduction = L.check_string("HingeEmbeddingLoss", "reduction", reduction, ("none", "sum", "mean"))
        self.margin = margin

    def construct(self, logits, labels):
        return L.hinge_embedding_loss(logits, labels, self.margin, self.reduction)


class MarginRankingLoss(_Loss):
    """``nn.MarginRankingLoss(margin=0.0, reduction='mean')``: max(0, -target * (x1 - x2) + margin).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x1, x2 = ms.Tensor(np.array([1., 2.], np.float32)), ms.Tensor(np.array([2., 1.], np.float32))
        >>> print(ms.nn.MarginRankingLoss()(x1, x2, ms.Tensor(np.array([1., 1.], np.float32))))
        0.5
    """

    def __init__(self, margin: float = 0.0, reduction: str = "mean"):
        super().__init__(reduction)
        self.margin = margin  # MindSpore checks its type only at the call

    def construct(self, input1, input2, target):
        return L.margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class MultiMarginLoss(LossBase):
    """``nn.MultiMarginLoss(p=1, margin=1.0, reduction='mean', weight=None)``: the multi-class hinge
    loss of 2-D ``x`` against integer ``target``; ``weight`` (per class) may also be passed at the call.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[0.1, 0.2, 0.4]], np.float32))
        >>> print(ms.nn.MultiMarginLoss()(x, ms.Tensor(np.array([2], np.int64))))
        0.5
    """

    def __init__(self, p: int = 1, margin: float = 1.0, reduction: str = "mean", weight=None):
        super().__init__()
        L.check_multi_margin(p, margin, reduction)
        self.p, self.margin, self.reduction, self.weight = p, margin, reduction, weight

    def construct(self, x, target, weight=None):
        _is_tensor("MultiMarginLoss", "x", x)
        _is_tensor("MultiMarginLoss", "target", target)
        if self.weight is not None:
            weight = self.weight
        _is_tensor("MultiMarginLoss", "weight", weight)
        return L.multi_margin_loss(x, target, self.p, self.margin, weight, self.reduction)


class MultiLabelSoftMarginLoss(_Loss):
    """``nn.MultiLabelSoftMarginLoss(weight=None, reduction='mean')``: per sample, the mean over
    classes of y * log(1 + exp(-x)) + (1 - y) * log(1 + exp(x)).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[0., 0.]], np.float32))
        >>> print(ms.nn.MultiLabelSoftMarginLoss()(x, ms.Tensor(np.array([[1., 0.]], np.float32))))
        0.6931472
    """

    def __init__(self, weight=None, reduction: str = "mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, x, target):
        return L.multilabel_soft_margin_loss(x, target, self.weight, self.reduction)


class HuberLoss(_Loss):
    """``nn.HuberLoss(reduction='mean', delta=1.0)``: quadratic below ``delta``, linear above.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([0., 3.], np.float32))
        >>> print(ms.nn.HuberLoss('sum')(x, ms.Tensor(np.array([0.5, 0.], np.float32))))
        2.625
    """

    def __init__(self, reduction: str = "mean", delta=1.0):
        super().__init__(reduction)
        self.delta = delta  # MindSpore checks it only at the call

    def construct(self, logits, labels):
        return L.huber_loss(logits, labels, self.reduction, self.delta)


class GaussianNLLLoss(LossBase):
    """``nn.GaussianNLLLoss(*, full=False, eps=1e-6, reduction='mean')``: the negative log-likelihood
    of ``labels`` under N(logits, var); ``var`` may lack the last axis of ``logits``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> one = ms.Tensor(np.ones(2, np.float32))
        >>> print(ms.nn.GaussianNLLLoss()(one, one, one))
        0.0
    """

    def __init__(self, *, full: bool = False, eps: float = 1e-6, reduction: str = "mean"):
        super().__init__()
        if isinstance(eps, bool) or not isinstance(eps, numbers.Real):
            raise L._type_error("GaussianNLLLoss", "eps", eps, ("float",))
        if not 0 < eps < math.inf:
            raise ValueError(f"For 'GaussianNLLLoss', the 'eps' must be in range of (0, inf), but got {eps} with "
                             f"type '{type(eps).__name__}'.")
        if not isinstance(full, bool):
            raise L._type_error("GaussianNLLLoss", "full", full, ("bool",))
        self.reduction = L.check_string("gaussian_nll_loss", "reduction", reduction, ("none", "mean", "sum"))
        self.full, self.eps = full, eps

    def construct(self, logits, labels, var):
        for arg, v in (("logits", logits), ("labels", labels), ("var", var)):
            _is_tensor("GaussianNLLLoss", arg, v)
        return L.gaussian_nll_loss(logits, labels, var, self.full, float(self.eps), self.reduction)


class PoissonNLLLoss(_Loss):
    """``nn.PoissonNLLLoss(log_input=True, full=False, eps=1e-08, reduction='mean')``: exp(x) - y * x
    (or x - y * log(x + eps)), plus Stirling's term for y > 1 when ``full``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([0., 0.], np.float32))
        >>> print(ms.nn.PoissonNLLLoss()(x, ms.Tensor(np.array([1., 2.], np.float32))))
        1.0
    """

    def __init__(self, log_input: bool = True, full: bool = False, eps: float = 1e-08, reduction: str = "mean"):
        super().__init__(reduction)
        self.log_input, self.full, self.eps = log_input, full, eps

    def construct(self, input, target):
        _is_tensor("PoissonNLLLoss", "input", input)
        _is_tensor("PoissonNLLLoss", "target", target)
        target = ops.cast(target, input.dtype)
        if self.log_input:
            loss = ops.sub(ops.exp(input), ops.mul(target, input))
        else:
            loss = ops.sub(input, ops.mul(target, ops.log(ops.add(input, self.eps))))
        if self.full:
            t = ops.maximum(target, self.eps)
            stirling = ops.add(ops.sub(ops.mul(ops.add(t, 0.5), ops.log(t)), t), 0.5 * math.log(2 * math.pi))
            loss = ops.add(loss, ops.select(ops.greater(t, 1), stirling, ops.zeros_like(stirling)))
        return L.reduce_loss(loss, self.reduction, "PoissonNLLLoss")


class RMSELoss(LossBase):
    """``nn.RMSELoss()``: sqrt(mean((logits - label)^2)).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([1., 3.], np.float32))
        >>> print(ms.nn.RMSELoss()(x, ms.Tensor(np.array([0., 2.], np.float32))))
        1.0
    """

    def __init__(self):
        super().__init__()
        self.MSELoss = MSELoss()

    def construct(self, logits, label):
        bad = [mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64]
        for v in (logits, label):
            if v.dtype in bad:
                raise TypeError(f"For 'RMSELoss', the parameters data type must not be in "
                                f"[{', '.join('mindspore.' + str(b).lower() for b in bad)}], but got "
                                f"mindspore.{str(v.dtype).lower()}.")
        return ops.sqrt(self.MSELoss(logits, label))


class MAELoss(_Loss):
    """``nn.MAELoss(reduction='mean')``: |logits - label|, reduced.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([1., 3.], np.float32))
        >>> print(ms.nn.MAELoss()(x, ms.Tensor(np.array([0., 1.], np.float32))))
        1.5
    """

    def construct(self, logits, label):
        _is_tensor("MAELoss", "logits", logits)
        _is_tensor("MAELoss", "labels", label)
        return L.reduce_loss(ops.abs(ops.sub(logits, label)), self.reduction, "MAELoss")


class DiceLoss(LossBase):
    """``nn.DiceLoss(smooth=1e-5)``: 1 - 2 * sum(x * y) / (sum(x^2) + sum(y^2) + smooth).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[1., 0.]], np.float32))
        >>> print(ms.nn.DiceLoss(smooth=1.0)(x, x))
        0.3333333
    """

    def __init__(self, smooth: float = 1e-5):
        super().__init__()
        if not isinstance(smooth, float) or smooth <= 0:
            raise ValueError(f"The 'smooth' must be float and must > 0, but got '{smooth}' with type "
                             f"'{type(smooth).__name__}'.")
        self.smooth = smooth

    def construct(self, logits, label):
        cls = type(self).__name__ if type(self) is DiceLoss else "DiceLoss"
        _is_tensor(cls, "logits", logits)
        _is_tensor(cls, "labels", label)
        if tuple(logits.shape) != tuple(label.shape):
            raise ValueError(f"For '{cls}', the 'logits_shape' should be = label_shape: {tuple(label.shape)}, but got "
                             f"{tuple(logits.shape)}.")
        for arg, v in (("logits", logits), ("labels", label)):
            if v.dtype == mstype.uint8:
                raise TypeError(f"For '{cls}', the dtype of '{arg}' can not be uint8.")
        x, y = ops.reshape(logits, (-1,)), ops.reshape(label, (-1,))
        inter = ops.sum(ops.mul(x, y))
        union = ops.add(ops.sum(ops.mul(x, x)), ops.sum(ops.mul(y, y)))
        return ops.sub(1, ops.div(ops.mul(2, inter), ops.add(union, self.smooth)))


_DICE_ACTIVATIONS = ["softmax", "logsoftmax", "relu", "relu6", "tanh", "sigmoid"]


class MultiClassDiceLoss(LossBase):
    """``nn.MultiClassDiceLoss(weights=None, ignore_indiex=None, activation='softmax')``: the mean over
    the classes (axis 1) of the DiceLoss of each class, after ``activation``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[0., 0.]], np.float32))
        >>> print(ms.nn.MultiClassDiceLoss()(x, ms.Tensor(np.array([[1., 0.]], np.float32))))
        0.60000324
    """

    def __init__(self, weights=None, ignore_indiex=None, activation="softmax"):
        super().__init__()
        from ..cell import Cell
        from ..layer.activation import get_activation
        cls = "MultiClassDiceLoss"
        if weights is not None and not isinstance(weights, Tensor):
            raise L._type_error(cls, "weights", weights, ("Tensor",))
        if isinstance(weights, Tensor) and weights.ndim != 2:
            raise ValueError(f"For '{cls}', the dimension of 'weights' must be 2, but got {weights.ndim}.")
        if ignore_indiex is not None and (isinstance(ignore_indiex, bool) or not isinstance(ignore_indiex, int)):
            raise L._type_error(cls, "ignore_indiex", ignore_indiex, ("int",))
        if isinstance(activation, str) and activation not in _DICE_ACTIVATIONS:
            raise ValueError(f"For '{cls}', the 'activation' must be in {_DICE_ACTIVATIONS}, but got {activation}.")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if self.activation is not None and not isinstance(self.activation, Cell):
            raise TypeError(f"For '{cls}', the 'activation' must be str or Cell, but got {type(self.activation)}.")
        self.weights, self.ignore_indiex = weights, ignore_indiex
        self.binarydiceloss = DiceLoss(smooth=1e-5)

    def construct(self, logits, label):
        cls = "MultiClassDiceLoss"
        _is_tensor(cls, "logits", logits)
        _is_tensor(cls, "labels", label)
        if tuple(logits.shape) != tuple(label.shape):
            raise ValueError(f"For '{cls}', the 'logits_shape' should be = label_shape: {tuple(label.shape)}, but got "
                             f"{tuple(logits.shape)}.")
        for arg, v in (("logits", logits), ("labels", label)):
            if v.ndim < 2:
                raise ValueError(f"For '{cls}', the '{arg}' dimension must be greater than 1, but got {v.ndim}.")
        if self.activation is not None:
            logits = self.activation(logits)
        total = 0
        for i in range(label.shape[1]):
            if i == self.ignore_indiex:
                continue
            loss = self.binarydiceloss(logits[:, i], label[:, i])
            if self.weights is not None:
                if self.weights.shape[0] != label.shape[1]:
                    raise ValueError(f"For '{cls}', the weight_shape[0] must be equal to label_shape[1], but got "
                                     f"weight_shape[0]: {self.weights.shape[0]} and label_shape[1]: "
                                     f"{label.shape[1]}.")
                loss = ops.mul(loss, self.weights[i])
            total = ops.add(total, loss)
        return ops.div(total, label.shape[1])


class FocalLoss(_Loss):
    """``nn.FocalLoss(weight=None, gamma=2.0, reduction='mean')``: -(1 - p)^gamma * log(p), p the
    softmax probability (axis 1) of the label; ``labels`` one-hot, or class indices with axis 1 of size 1.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[0., 0.]], np.float32))
        >>> print(ms.nn.FocalLoss(reduction='sum')(x, ms.Tensor(np.array([[1., 0.]], np.float32))))
        0.1732868
    """

    def __init__(self, weight=None, gamma: float = 2.0, reduction: str = "mean"):
        super().__init__(reduction)
        if not isinstance(gamma, float):
            raise TypeError(f"The type of 'gamma' should be 'float', but got type '{type(gamma).__name__}'.")
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError(f"For 'FocalLoss', the type of 'weight' must be a Tensor, but got {type(weight).__name__}.")
        if isinstance(weight, Tensor) and weight.ndim != 1:
            raise ValueError(f"For 'FocalLoss', the dimension of 'weight' must be 1, but got {weight.ndim}.")
        self.gamma, self.weight = gamma, weight

    def construct(self, logits, labels):
        cls = "FocalLoss"
        _is_tensor(cls, "logits", logits)
        _is_tensor(cls, "labels", labels)
        for arg, v in (("logits", logits), ("labels", labels)):
            if not 2 <= v.ndim <= 4:
                raise ValueError(f"For '{cls}', the dimensions of '{arg}' must be in [2, 4], but got dimension of "
                                 f"'{arg}' {v.ndim}.")
        if logits.ndim != labels.ndim:
            raise ValueError(f"For '{cls}', the dimensions of 'logits' and 'labels' must be equal, but got dimension "
                             f"of 'logits' {logits.ndim} and dimension of 'labels' {labels.ndim}.")
        c, lc = logits.shape[1], labels.shape[1]
        if c == 1:
            raise ValueError(f"For '{cls}', the 'logits'.shape[1] cannot be one, but got {c}.")
        if lc not in (1, c):
            raise ValueError(f"For '{cls}', the 'labels'.shape[1] must be one or equal to 'logits'.shape[1]: {c}, "
                             f"but got {lc}.")
        if labels.dtype not in (mstype.int32, mstype.int64, mstype.float16, mstype.float32):
            raise TypeError(f"For '{cls}', the 'labels' must be one of [Int32, Int64, Float16, Float32], but got "
                            f"{labels.dtype}.")
        n = logits.shape[0]
        if logits.ndim > 2:
            logits, labels = ops.reshape(logits, (n, c, -1)), ops.reshape(labels, (n, lc, -1))
        else:
            logits, labels = ops.expand_dims(logits, 2), ops.expand_dims(labels, 2)
        logp = ops.log_softmax(logits, 1)
        index = ops.cast(labels, mstype.int32) if lc == 1 else None
        if lc == 1:
            logp = ops.squeeze(ops.gather_elements(logp, 1, index), 1)
        prob = ops.exp(logp)
        if self.weight is not None:
            w = ops.tile(ops.reshape(self.weight, (1, c, 1)), (n, 1, labels.shape[2]))
            if lc == 1:
                w = ops.squeeze(ops.gather_elements(w, 1, index), 1)
            logp = ops.mul(logp, w)
        focus = ops.pow(ops.sub(1.0, prob), self.gamma)
        if lc == 1:
            loss = ops.mean(ops.neg(ops.mul(focus, logp)), 1)
        else:
            loss = ops.mean(ops.neg(ops.mul(ops.mul(focus, labels), logp)), -1)
        return self.get_loss(loss)
