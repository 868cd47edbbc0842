"""CTCLoss, TripletMarginLoss, SoftMarginLoss and MultilabelMarginLoss (``mindspore.nn.loss``)."""
from __future__ import annotations

from ..._tensor import Tensor
from ... import ops
from ..loss.loss import LossBase

__all__ = ["CTCLoss", "TripletMarginLoss", "SoftMarginLoss", "MultilabelMarginLoss"]


class SoftMarginLoss(LossBase):
    """``nn.SoftMarginLoss(reduction='mean')``: mean(log(1 + exp(-y * x))).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x, y = ms.Tensor(np.zeros(2), ms.float32), ms.Tensor(np.ones(2), ms.float32)
        >>> round(float(ms.nn.SoftMarginLoss()(x, y)), 4)
        0.6931
    """

    def __init__(self, reduction: str = "mean"):
        super().__init__(reduction)

    def construct(self, logits, labels):
        return ops.soft_margin_loss(logits, labels, self.reduction)


class MultilabelMarginLoss(LossBase):
    """``nn.MultilabelMarginLoss(reduction='mean')``: ``construct(x, target)``, target holding class
    indices padded with -1.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x = ms.Tensor(np.array([[0.1, 0.2, 0.4, 0.8]]), ms.float32)
        >>> t = ms.Tensor(np.array([[3, 0, -1, 1]]), ms.int32)
        >>> round(float(ms.nn.MultilabelMarginLoss()(x, t)), 4)
        0.85
    """

    def __init__(self, reduction: str = "mean"):
        super().__init__(reduction)

    def construct(self, x, target):
        return ops.multilabel_margin_loss(x, target, self.reduction)


class TripletMarginLoss(LossBase):
    """``nn.TripletMarginLoss(p=2, swap=False, eps=1e-6, reduction='mean', margin=1.0)``:
    ``construct(x, positive, negative, margin=1.0)``; a ``margin`` given to the constructor other than
    1.0 wins over the call's, as in MindSpore.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> a = ms.Tensor(np.zeros((2, 3)), ms.float32)
        >>> ms.nn.TripletMarginLoss()(a, a, a).shape
        ()
    """

    def __init__(self, p: int = 2, swap: bool = False, eps: float = 1e-6, reduction: str = "mean",
                 margin: float = 1.0):
        super().__init__(reduction)
        self.p, self.swap, self.eps, self.margin = p, swap, eps, margin

    def construct(self, x, positive, negative, margin=1.0):
        if self.margin != 1.0:
            margin = self.margin
        return ops.triplet_margin_loss(x, positive, negative, margin=margin, p=self.p, eps=self.eps,
                                       swap=self.swap, reduction=self.reduction)


class CTCLoss(LossBase):
    """``nn.CTCLoss(blank=0, reduction='mean', zero_infinity=False)``:
    ``construct(log_probs, targets, input_lengths, target_lengths)`` with log_probs (T, N, C) or (T, C).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> lp = ms.ops.log_softmax(ms.Tensor(np.zeros((4, 1, 3)), ms.float32), 2)
        >>> t = ms.Tensor(np.array([[1, 2]]), ms.int32)
        >>> n = ms.Tensor(np.array([4]), ms.int32); m = ms.Tensor(np.array([2]), ms.int32)
        >>> ms.nn.CTCLoss()(lp, t, n, m).shape
        ()
    """

    def __init__(self, blank: int = 0, reduction: str = "mean", zero_infinity: bool = False):
        super().__init__(reduction)
        self.blank, self.zero_infinity = blank, zero_infinity

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        for arg, v in (("log_probs", log_probs), ("targets", targets)):
            if not isinstance(v, Tensor):
                raise TypeError(f"For 'CTCLoss', the '{arg}' must be a Tensor, but got {type(v).__name__}.")
        if log_probs.ndim == 2:
            if targets.ndim > 1:
                raise ValueError(f"For CTCLoss, when the shape of log_probs is (T, C), the dims of targets should "
                                 f"be 1, but got {targets.ndim}.")
            if targets.ndim == 1:
                targets = ops.expand_dims(targets, 0)
            out = ops.ctc_loss(ops.expand_dims(log_probs, -2), targets, input_lengths, target_lengths, self.blank,
                               self.reduction, self.zero_infinity)
            out = out[0] if isinstance(out, tuple) else out
            return ops.squeeze(out, 0) if out.ndim else out
        out = ops.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank, self.reduction,
                           self.zero_infinity)
        return out[0] if isinstance(out, tuple) else out
