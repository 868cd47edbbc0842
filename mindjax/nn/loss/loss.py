"""SoftmaxCrossEntropyWithLogits, CrossEntropyLoss, MSELoss, L1Loss, ..."""
from __future__ import annotations

from ... import ops
from ..cell import Cell
from ..._tensor import Tensor
from ..layer._check import one_of, check_bool

__all__ = ["LossBase", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss", "MSELoss", "L1Loss", "SmoothL1Loss",
           "BCEWithLogitsLoss", "BCELoss", "NLLLoss", "KLDivLoss"]


class LossBase(Cell):
    """Base of the losses: ``get_loss(x, weights)`` applies the reduction."""

    def __init__(self, reduction: str = "mean"):
        super().__init__()
        if not isinstance(reduction, str) or reduction not in ("mean", "sum", "none"):
            raise ValueError(f"For '{type(self).__name__}', the 'reduction' must be in ['mean', 'sum', 'none'], "
                             f"but got {reduction}.")
        self.reduction = reduction

    def get_loss(self, x, weights=1.0):
        if not (isinstance(weights, float) and weights == 1.0):
            x = ops.mul(x, weights)
        if self.reduction == "mean":
            return ops.mean(x)
        if self.reduction == "sum":
            return ops.sum(x)
        return x

    def _check_inputs(self, logits, labels):
        for arg, v in (("logits", logits), ("labels", labels)):
            if not isinstance(v, Tensor):
                raise TypeError(f"For '{type(self).__name__}', the '{arg}' must be a Tensor, but got "
                                f"{type(v).__name__}.")


class SoftmaxCrossEntropyWithLogits(LossBase):
    """``nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none')``."""

    def __init__(self, sparse: bool = False, reduction: str = "none"):
        super().__init__(reduction)
        self.sparse = check_bool("SoftmaxCrossEntropyWithLogits", "sparse", sparse)

    def construct(self, logits, labels):
        self._check_inputs(logits, labels)
        if self.sparse:
            loss = ops.sparse_softmax_cross_entropy(logits, labels)
        else:
            loss = ops.softmax_cross_entropy_with_logits(logits, ops.cast(labels, logits.dtype))
        return self.get_loss(loss)


class CrossEntropyLoss(LossBase):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        self.weight, self.ignore_index, self.label_smoothing = weight, ignore_index, label_smoothing

    def construct(self, logits, labels):
        return ops.cross_entropy(logits, labels, self.weight, self.ignore_index, self.reduction, self.label_smoothing)


class NLLLoss(CrossEntropyLoss):
    def construct(self, logits, labels):
        return ops.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class MSELoss(LossBase):
    def construct(self, logits, labels):
        self._check_inputs(logits, labels)
        return self.get_loss(ops.square(ops.sub(logits, labels)))


class L1Loss(LossBase):
    def construct(self, logits, labels):
        self._check_inputs(logits, labels)
        return self.get_loss(ops.abs(ops.sub(logits, labels)))


class SmoothL1Loss(LossBase):
    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        self.beta = beta

    def construct(self, logits, labels):
        return ops.smooth_l1_loss(logits, labels, self.beta, self.reduction)


class BCEWithLogitsLoss(LossBase):
    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__(reduction)
        self.weight, self.pos_weight = weight, pos_weight

    def construct(self, logits, labels):
        return ops.binary_cross_entropy_with_logits(logits, labels, self.weight, self.pos_weight, self.reduction)


class BCELoss(LossBase):
    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, logits, labels):
        return ops.binary_cross_entropy(logits, labels, self.weight, self.reduction)


class KLDivLoss(Cell):
    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = one_of("KLDivLoss", "reduction", reduction, ("none", "mean", "batchmean", "sum"))

    def construct(self, logits, labels):
        return ops.kl_div(logits, labels, self.reduction)
