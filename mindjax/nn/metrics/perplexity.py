"""Perplexity: exp of the mean negative log-probability of the labels."""
from __future__ import annotations

import math

import numpy as np

from ._validate import check_value_type
from .metric import Metric, rearrange_inputs


class Perplexity(Metric):
    """exp(-mean(log p[label])) over every position seen, positions whose label is
    ``ignore_label`` left out. Probabilities are clipped below at 1e-10.

    Example:
        >>> import numpy as np
        >>> from mindspore.train import Perplexity
        >>> metric = Perplexity(ignore_label=None)
        >>> metric.update(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), np.array([1, 0, 1]))
        >>> print(round(metric.eval(), 4))
        2.2314
    """

    def __init__(self, ignore_label: int | None = None):
        super().__init__()
        self.ignore_label = ignore_label if ignore_label is None else check_value_type("ignore_label", ignore_label,
                                                                                        [int])
        self.clear()

    def clear(self):
        """Reset the sums."""
        self._sum_metric = 0.0
        self._num_inst = 0

    @rearrange_inputs
    def update(self, *inputs):
        """``update(preds, labels)``: probabilities (..., C) and labels (...)."""
        if len(inputs) != 2:
            raise ValueError("For 'Perplexity.update', it needs 2 inputs (predicted value, label), but got {}."
                             .format(len(inputs)))
        pred = self._convert_data(inputs[0])
        label = self._convert_data(inputs[1])
        if label.size != pred.size / pred.shape[-1]:
            raise RuntimeError("For 'Perplexity.update', predicted value (input[0]) and label (input[1]) should "
                               "have the same shape, but got predicted value shape {}, label shape {}."
                               .format(pred.shape, label.shape))
        label = label.reshape((label.size,))
        rows = np.arange(label.size)[:, None]
        pred = np.squeeze(pred[rows, np.expand_dims(label.astype(int), axis=1)])
        num = 0
        if self.ignore_label is not None:
            ignore = (label == self.ignore_label).astype(pred.dtype)
            num -= np.sum(ignore)
            pred = pred * (1 - ignore) + ignore  # log(1) = 0 for ignored positions
        self._sum_metric -= np.sum(np.log(np.maximum(1e-10, pred)))
        self._num_inst += num + pred.size

    def eval(self):
        """The perplexity (a float)."""
        if self._num_inst == 0:
            raise RuntimeError("The 'Perplexity' can not be calculated, because the number of samples is 0, please "
                               "check whether the update method has been called before calling eval method.")
        return math.exp(self._sum_metric / self._num_inst)
