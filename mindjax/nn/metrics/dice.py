"""Dice: mean Dice coefficient of the batches passed to ``update``."""
from __future__ import annotations

import numpy as np

from ._validate import check_positive_float
from .metric import Metric, rearrange_inputs


class Dice(Metric):
    """2·|X∩Y| / (|X|² + |Y|² + smooth) per ``update``, summed and divided by the number
    of samples seen.

    Example:
        >>> import numpy as np
        >>> from mindspore.train import Dice
        >>> metric = Dice(smooth=1e-5)
        >>> metric.update(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), np.array([[0, 1], [1, 0], [0, 1]]))
        >>> print(round(metric.eval(), 6))
        0.204678
    """

    def __init__(self, smooth: float = 1e-5):
        super().__init__()
        self.smooth = check_positive_float(smooth, "smooth")
        self.clear()

    def clear(self):
        """Reset the sums."""
        self._dice_coeff_sum = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        """``update(y_pred, y)`` of the same shape."""
        if len(inputs) != 2:
            raise ValueError("For 'Dice.update', it needs 2 inputs (predicted value, true value), but got {}."
                             .format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self._samples_num += y.shape[0]
        if y_pred.shape != y.shape:
            raise ValueError(f"For 'Dice.update', predicted value (input[0]) and true value (input[1]) should have "
                             f"same shape, but got predicted value shape: {y_pred.shape}, true value shape: "
                             f"{y.shape}.")
        p, t = y_pred.flatten(), y.flatten()
        intersection = np.dot(p, t)
        union = np.dot(p, p) + np.dot(t, t)
        self._dice_coeff_sum += 2 * float(intersection) / float(union + self.smooth)

    def eval(self):
        """The mean Dice coefficient (a float)."""
        if self._samples_num == 0:
            raise RuntimeError("The 'Dice coefficient' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, or has "
                               "called update method before calling eval method.")
        return self._dice_coeff_sum / float(self._samples_num)
