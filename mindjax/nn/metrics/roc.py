"""ROC: false and true positive rates over the distinct score thresholds."""
from __future__ import annotations

import numpy as np

from ._validate import check_value_type
from .metric import Metric, rearrange_inputs, _binary_clf_curve


class ROC(Metric):
    """Receiver operating characteristic of a binary (``pos_label``) or multiclass
    (``class_num`` columns of scores) classifier. ``eval()`` returns ``(fpr, tpr,
    thresholds)``: arrays, or lists of arrays (one per class) in the multiclass case.
    Only the last ``update`` counts.

    Example:
        >>> import numpy as np
        >>> from mindspore import Tensor
        >>> from mindspore.train import ROC
        >>> metric = ROC(pos_label=2)
        >>> metric.update(Tensor(np.array([0.28, 0.55, 0.15, 0.05])), Tensor(np.array([0, 1, 2, 3])))
        >>> fpr, tpr, thresholds = metric.eval()
        >>> print(tpr)
        [0. 0. 0. 1. 1.]
    """

    def __init__(self, class_num: int | None = None, pos_label: int | None = None):
        super().__init__()
        self.class_num = class_num if class_num is None else check_value_type("class_num", class_num, [int])
        self.pos_label = pos_label if pos_label is None else check_value_type("pos_label", pos_label, [int])
        self.clear()

    def clear(self):
        """Forget the scores and labels."""
        self.y_pred = 0
        self.y = 0
        self.sample_weights = None
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """``update(y_pred, y)``: scores (N,) or (N, C) and labels (N,)."""
        if len(inputs) != 2:
            raise ValueError("For 'ROC.update', it needs 2 inputs (predicted value, true value), but got {}"
                             .format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self.y_pred, self.y, self.class_num, self.pos_label = _curve_inputs(y_pred, y, self.class_num,
                                                                             self.pos_label)
        self._is_update = True

    def _roc_eval(self, y_pred, y, class_num, pos_label, sample_weights=None):
        if class_num == 1:
            fps, tps, thresholds = _binary_clf_curve(y_pred, y, sample_weights=sample_weights, pos_label=pos_label)
            tps = np.squeeze(np.hstack([np.zeros(1, dtype=tps.dtype), tps]))
            fps = np.squeeze(np.hstack([np.zeros(1, dtype=fps.dtype), fps]))
            # the curve starts at (0, 0): a threshold above every score
            thresholds = np.hstack([thresholds[0][None] + 1, thresholds])
            if fps[-1] <= 0:
                raise ValueError("For 'ROC.eval', there is no negative samples in true value, false positive value "
                                 "is meaningless.")
            fpr = fps / fps[-1]
            if tps[-1] <= 0:
                raise ValueError("For 'ROC.eval', there is no positive samples in true value, true positive value "
                                 "is meaningless.")
            return fpr, tps / tps[-1], thresholds
        fpr, tpr, thresholds = [], [], []
        for c in range(class_num):
            pred_c, y_c, n_c, label_c = _curve_inputs(y_pred[:, c], y, 1, c)
            res = self._roc_eval(pred_c, y_c, n_c, label_c, sample_weights)
            fpr.append(res[0])
            tpr.append(res[1])
            thresholds.append(res[2])
        return fpr, tpr, thresholds

    def eval(self):
        """``(fpr, tpr, thresholds)``."""
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._roc_eval(np.squeeze(self.y_pred), np.squeeze(self.y), self.class_num, self.pos_label)


def _curve_inputs(y_pred, y, class_num, pos_label):
    """Flattened scores and labels with the class count and positive label they imply."""
    if not (y_pred.ndim == y.ndim or y_pred.ndim == y.ndim + 1):
        raise ValueError(f"For 'ROC', predicted value (input[0]) and true value (input[1]) must have same "
                         f"dimensions, or the dimension of predicted value equal the dimension of true value add 1, "
                         f"but got predicted value ndim: {y_pred.ndim}, true value ndim: {y.ndim}.")
    if y_pred.ndim == y.ndim:
        if class_num is not None and class_num != 1:
            raise ValueError(f"For 'ROC', when predicted value (input[0]) and true value (input[1]) have the same "
                             f"shape, the 'class_num' must be 1, but got {class_num}.")
        return y_pred.flatten(), y.flatten(), 1, 1 if pos_label is None else pos_label
    if pos_label is not None:
        raise ValueError(f"For 'ROC', when the dimension of predicted value (input[0]) equals the dimension of true "
                         f"value (input[1]) add 1, the 'pos_label' must be None, but got {pos_label}.")
    if class_num != y_pred.shape[1]:
        raise ValueError("For 'ROC', the 'class_num' must equal the number of classes from predicted value "
                         "(input[0]), but got 'class_num' {}, the number of classes from predicted value {}."
                         .format(class_num, y_pred.shape[1]))
    y_pred = y_pred.transpose(0, 1).reshape(class_num, -1).transpose(0, 1)
    return y_pred, y.flatten(), class_num, pos_label
