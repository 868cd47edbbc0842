"""``nn.SampledSoftmaxLoss``: the softmax cross-entropy over the true classes and a sample of the others."""
from __future__ import annotations

from ... import _dtype as mstype
from ... import ops
from ..._tensor import Tensor
from .loss import LossBase

__all__ = ["SampledSoftmaxLoss"]


class SampledSoftmaxLoss(LossBase):
    """``nn.SampledSoftmaxLoss(num_sampled, num_classes, num_true=1, sampled_values=None,
    remove_accidental_hits=True, seed=0, reduction='none')(weights, biases, labels, logits)``:
    the cross-entropy of the logits of the ``num_true`` true classes against ``num_sampled`` sampled ones
    (``weights`` [num_classes, dim], ``biases`` [num_classes], ``labels`` [batch, num_true], ``logits``
    [batch, dim]), each logit less log of its expected count. ``sampled_values`` (sampled ids, true
    expected counts, sampled expected counts) fixes the sample; otherwise ``ops.UniformCandidateSampler``
    draws it. As in MindSpore 2.10 the result is per example: ``reduction`` is checked but not applied.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> loss = nn.SampledSoftmaxLoss(num_sampled=2, num_classes=4, sampled_values=(
        ...     ms.Tensor([0, 3], ms.int32), ms.Tensor([[0.5], [0.5]]), ms.Tensor([0.5, 0.5])))
        >>> loss(ms.ops.ones((4, 3)), ms.ops.zeros(4), ms.Tensor([[1], [2]], ms.int32), ms.ops.ones((2, 3))).shape
        (2,)
    """

    def __init__(self, num_sampled: int, num_classes: int, num_true: int = 1, sampled_values=None,
                 remove_accidental_hits: bool = True, seed: int = 0, reduction: str = "none"):
        if reduction not in ("mean", "sum", "none"):  # MindSpore's LossBase message
            raise ValueError(f"For '{type(self).__name__}', the 'reduction' must be in ['mean', 'sum', 'none'], "
                             f"but got {reduction}.")
        super().__init__(reduction)
        name = type(self).__name__
        if num_true < 1:
            raise ValueError(f"For '{name}', the 'num_true' must be greater than or equal to 1, but got {num_true}.")
        if seed < 0:
            raise ValueError(f"For '{name}', the 'seed' must be greater than or equal to 0, but got {seed}.")
        if num_sampled > num_classes:
            raise ValueError(f"For '{name}', the 'num_sampled' must be smaller than or equal to 'num_classes', but got "
                             f"'num_sampled': {num_sampled} and 'num_classes': {num_classes}.")
        if num_true > num_classes:
            raise ValueError(f"For '{name}', the 'num_true' must be smaller than or equal to 'num_classes', but got "
                             f"'num_true': {num_true} amd 'num_classes': {num_classes}.")
        if sampled_values is not None:
            if not isinstance(sampled_values, (list, tuple)):
                raise TypeError(f"For '{name}', the type of 'sampled_values' must be a list or tuple, but got "
                                f"{type(sampled_values).__name__}.")
            if len(sampled_values) != 3:
                raise ValueError(f"For '{name}', the length of 'sampled_values' must be equal to 3,but got "
                                 f"{len(sampled_values)}.")
        self.num_sampled, self.num_classes, self.num_true = num_sampled, num_classes, num_true
        self.sampled_values, self.remove_accidental_hits, self.seed = sampled_values, remove_accidental_hits, seed
        self.sampler = ops.UniformCandidateSampler(num_true, num_sampled, True, num_classes, seed,
                                                   remove_accidental_hits)

    def construct(self, weights, biases, labels, logits):
        for arg, t in (("weights", weights), ("biases", biases), ("labels", labels), ("logits", logits)):
            if not isinstance(t, Tensor):
                raise TypeError(f"For '{self.cls_name}', the '{arg}' must be Tensor, but got {type(t).__name__}.")
        if labels.dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{self.cls_name}', the 'labels' must be int32 or int64, but got {labels.dtype}.")
        out_logits, out_labels = self._compute_sampled_logits(weights, biases, labels, logits)
        stable = ops.exp(out_logits - ops.amax(out_logits, 1, True))
        pred = stable / ops.sum(stable, 1, True)
        return -1 * ops.sum(out_labels * ops.log(pred + 1.0e-20), 1)

    def _compute_sampled_logits(self, weights, biases, labels, logits):
        n_true_cls = self.num_true
        labels = ops.reshape(ops.cast(labels, mstype.int32), (-1, n_true_cls))
        labels_flat = ops.reshape(labels, (-1,))
        sampled, true_count, sampled_count = self.sampled_values if self.sampled_values is not None \
            else self.sampler(labels)
        sampled = ops.cast(sampled, mstype.int32)
        n_true = labels_flat.shape[0]
        all_ids = ops.concat((labels_flat, sampled), 0)
        all_w = ops.gather(weights, all_ids, 0)
        true_w, sampled_w = all_w[:n_true], all_w[n_true:]
        sampled_logits = ops.matmul(logits, ops.transpose(sampled_w, (1, 0)))
        all_b = ops.gather(biases, all_ids, 0)
        true_b, sampled_b = all_b[:n_true], all_b[n_true:]
        dim = all_w.shape[1]
        dots = ops.expand_dims(logits, 1) * ops.reshape(true_w, (-1, n_true_cls, dim))
        true_logits = ops.reshape(ops.sum(ops.reshape(dots, (-1, dim)), 1), (-1, n_true_cls))
        true_logits = true_logits + ops.reshape(true_b, (-1, n_true_cls)) - ops.log(true_count)
        sampled_logits = sampled_logits + sampled_b - ops.log(sampled_count)
        out_logits = ops.concat((true_logits, sampled_logits), 1)
        out_labels = ops.concat((ops.ones_like(true_logits) / n_true_cls, ops.zeros_like(sampled_logits)), 1)
        return out_logits, out_labels
