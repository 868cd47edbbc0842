"""``auc(x, y, reorder=False)``: area under a curve by the trapezoidal rule."""
from __future__ import annotations

import numpy as np


def auc(x: np.ndarray, y: np.ndarray, reorder: bool = False):
    """Area under the curve through the points ``(x, y)`` (e.g. the ``fpr``, ``tpr`` of
    :class:`ROC`). ``x`` must be monotonic unless ``reorder`` sorts the points first.

    Example:
        >>> import numpy as np
        >>> from mindspore.train import ROC, auc
        >>> metric = ROC(pos_label=1)
        >>> metric.update(np.array([0.1, 0.4, 0.35, 0.8]), np.array([0, 0, 1, 1]))
        >>> fpr, tpr, _ = metric.eval()
        >>> float(auc(fpr, tpr))
        0.75
    """
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError("For 'auc', the argument 'x' and 'y' must all be np.ndarray, but got {}, {}"
                        .format(type(x), type(y)))
    _check_consistent_length(x, y)
    x = _column_or_1d(x)
    y = _column_or_1d(y)
    if x.shape[0] < 2:
        raise ValueError("For 'auc', the shape of the argument 'x' in axis 0 must be greater than 2, but got {}."
                         .format(x.shape[0]))
    direction = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if np.any(dx < 0):
            if np.all(dx <= 0):
                direction = -1
            else:
                raise ValueError("For 'auc', if the argument is False, the argument 'x' array must be increasing or "
                                 "decreasing, but got 'x': {}".format(x))
    trapezoid = getattr(np, "trapezoid", None) or np.trapz
    area = direction * trapezoid(y, x)
    if isinstance(area, np.memmap):
        area = area.dtype.type(area)
    return area


def _column_or_1d(y):
    shape = np.shape(y)
    if len(shape) == 1 or (len(shape) == 2 and shape[1] == 1):
        return np.ravel(y)
    raise ValueError("For 'auc', the input must be a 1-dimensional array, or a 2-dimensional array with the second "
                     "dimension of 1, but got shape {}.".format(shape))


def _num_samples(x):
    if x.ndim == 0:
        raise TypeError("Singleton array {} cannot be considered as a valid collection.".format(x))
    return x.shape[0]


def _check_consistent_length(*arrays):
    lengths = [_num_samples(a) for a in arrays if a is not None]
    if len(np.unique(lengths)) > 1:
        raise ValueError("Found input variables with inconsistent numbers of samples: {}."
                         .format([int(n) for n in lengths]))
