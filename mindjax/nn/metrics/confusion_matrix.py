"""ConfusionMatrix and ConfusionMatrixMetric (sensitivity, precision, F1, MCC, ... from
the per-channel true/false positive/negative counts)."""
from __future__ import annotations

import numpy as np

from ._validate import check_equal, check_string, check_value_type
from .metric import Metric, rearrange_inputs


class ConfusionMatrix(Metric):
    """``num_classes`` x ``num_classes`` counts, row = true class, column = predicted
    class; ``normalize`` divides by the row (``"target"``), column (``"prediction"``) or
    grand (``"all"``) total. Float predictions of the labels' shape are thresholded.

    Example:
        >>> import numpy as np
        >>> from mindspore import Tensor
        >>> from mindspore.train import ConfusionMatrix
        >>> metric = ConfusionMatrix(num_classes=2, normalize='no_norm', threshold=0.5)
        >>> metric.update(Tensor(np.array([1, 0, 1, 0])), Tensor(np.array([1, 0, 0, 1])))
        >>> print(metric.eval())
        [[1. 1.]
         [1. 1.]]
    """

    def __init__(self, num_classes: int, normalize: str = "no_norm", threshold: float = 0.5):
        super().__init__()
        self.num_classes = check_value_type("num_classes", num_classes, [int])
        if normalize not in ["target", "prediction", "all", "no_norm"]:
            raise ValueError("For 'ConfusionMatrix', the argument 'normalize' must be in ['all', 'prediction', "
                             "'label', 'no_norm'(None)], but got {}.".format(normalize))
        self.normalize = normalize
        self.threshold = check_value_type("threshold", threshold, [float])
        self.clear()

    def clear(self):
        """Zero the counts."""
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """``update(y_pred, y)``: class scores (N, C, ...) or labels/probabilities of y's shape."""
        if len(inputs) != 2:
            raise ValueError("For 'ConfusionMatrix.update', it needs 2 inputs (predicted value, true value), "
                             "but got {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if not (y_pred.ndim == y.ndim or y_pred.ndim == y.ndim + 1):
            raise ValueError(f"For 'ConfusionMatrix.update', predicted value (input[0]) and true value (input[1]) "
                             f"should have same dimensions, or the dimension of predicted value equals the "
                             f"dimension of true value add 1, but got predicted value ndim: {y_pred.ndim}, true "
                             f"value ndim: {y.ndim}.")
        if y_pred.ndim == y.ndim + 1:
            y_pred = np.argmax(y_pred, axis=1)
        if y_pred.ndim == y.ndim and y_pred.dtype in (np.float16, np.float32, np.float64):
            y_pred = (y_pred >= self.threshold).astype(int)
        cells = (y.reshape(-1) * self.num_classes + y_pred.reshape(-1)).astype(int)
        counts = np.bincount(cells, minlength=self.num_classes ** 2)
        self.confusion_matrix += counts.reshape(self.num_classes, self.num_classes)
        self._is_update = True

    def eval(self):
        """The (normalized) matrix; 0 where a normalizing total is 0."""
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        matrix = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return matrix
        with np.errstate(divide="ignore", invalid="ignore"):
            if self.normalize == "target":
                matrix = matrix / matrix.sum(axis=1, keepdims=True)
            elif self.normalize == "prediction":
                matrix = matrix / matrix.sum(axis=0, keepdims=True)
            else:
                matrix = matrix / matrix.sum()
        matrix[np.isnan(matrix)] = 0
        return matrix


class ConfusionMatrixMetric(Metric):
    """A metric of the confusion counts of one-hot (binarized) predictions and labels
    shaped (N, C, ...): ``metric_name`` is one of MindSpore's names ("sensitivity",
    "precision", "f1 score", "matthews correlation coefficient", ...).  With
    ``calculation_method=False`` the counts of all batches are summed and the metric
    computed at ``eval``; with True the metric of each batch is reduced by ``decrease``
    and those values averaged.

    Example:
        >>> import numpy as np
        >>> from mindspore import Tensor
        >>> from mindspore.train import ConfusionMatrixMetric
        >>> metric = ConfusionMatrixMetric(skip_channel=True, metric_name="tpr", calculation_method=False)
        >>> metric.update(Tensor(np.array([[[0], [1]], [[1], [0]]])), Tensor(np.array([[[0], [1]], [[0], [1]]])))
        >>> print(metric.eval())
        [0.5]
    """

    def __init__(self, skip_channel: bool = True, metric_name: str = "sensitivity", calculation_method: bool = False,
                 decrease: str = "mean"):
        super().__init__()
        self.confusion_matrix = _ConfusionMatrix(skip_channel=skip_channel, metric_name=metric_name,
                                                 calculation_method=calculation_method, decrease=decrease)
        self.skip_channel = check_value_type("skip_channel", skip_channel, [bool])
        self.calculation_method = check_value_type("calculation_method", calculation_method, [bool])
        self.metric_name = check_value_type("metric_name", metric_name, [str])
        decrease = check_value_type("decrease", decrease, [str])
        self.decrease = check_string(decrease, ["none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel",
                                                "sum_channel"], "decrease")
        self.clear()

    def clear(self):
        """Reset the sums."""
        self._total_num = 0
        self._class_num = 0
        self._total_tp = 0.0
        self._total_fp = 0.0
        self._total_tn = 0.0
        self._total_fn = 0.0

    @rearrange_inputs
    def update(self, *inputs):
        """``update(y_pred, y)``: binarized arrays of one shape (N, C, ...)."""
        if len(inputs) != 2:
            raise ValueError("For 'ConfusionMatrixMetric.update', it needs 2 inputs (predicted value, true value), "
                             "but got {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if self.calculation_method:
            score, not_nans = self.confusion_matrix(y_pred, y)
            not_nans = int(not_nans.item())
            self._total_num += score.item() * not_nans
            self._class_num += not_nans
        else:
            counts, _ = _decrease_metric(self.confusion_matrix(y_pred, y), "sum")
            self._total_tp += counts[0].item()
            self._total_fp += counts[1].item()
            self._total_tn += counts[2].item()
            self._total_fn += counts[3].item()

    def eval(self):
        """The metric (an array of one value, or a float with ``calculation_method``)."""
        if self.calculation_method:
            if self._class_num == 0:
                raise RuntimeError("The 'ConfusionMatrixMetric' can not be calculated, because the number of samples "
                                   "is 0, please check whether your inputs(predicted value, true value) are empty, or "
                                   "has called update method before calling eval method.")
            return self._total_num / self._class_num
        counts = np.array([self._total_tp, self._total_fp, self._total_tn, self._total_fn])
        return _compute_metric(self.metric_name, counts)


class _ConfusionMatrix:
    """Per-batch counts (and, with ``calculation_method``, the reduced metric)."""

    def __init__(self, skip_channel=True, metric_name="hit_rate", calculation_method=False, decrease="mean"):
        self.skip_channel = skip_channel
        self.metric_name = metric_name
        self.calculation_method = calculation_method
        self.decrease = decrease

    def __call__(self, y_pred, y):
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("For 'ConfusionMatrix.update', the true value (input[1]) must be a binarized ndarray.")
        dims = y_pred.ndim
        if dims < 2:
            raise ValueError(f"For 'ConfusionMatrix.update', the predicted value (input[0]) must have at least 2 "
                             f"dimensions, but got {dims}.")
        if dims == 2 or (dims == 3 and y_pred.shape[-1] == 1):
            # no spatial dimensions: one value per channel, nothing to reduce per batch
            self.calculation_method = False
        counts = _get_confusion_matrix(y_pred, y, self.skip_channel)
        if not self.calculation_method:
            return counts
        names = [self.metric_name] if isinstance(self.metric_name, str) else self.metric_name
        if not names:
            raise ValueError("For 'ConfusionMatrix', the argument 'metric_name' cannot be None.")
        results = []
        for name in names:
            results += list(_decrease_metric(_compute_metric(name, counts), self.decrease))
        return results


def _get_confusion_matrix(y_pred, y, skip_channel=True):
    """(batch, channel, 4) counts: tp, fp, tn, fn."""
    if not skip_channel:
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    y = y.astype(float)
    y_pred = y_pred.astype(float)
    check_equal("y_shape", y.shape, "y_pred_shape", y_pred.shape)
    batch_size, n_class = y_pred.shape[:2]
    y_pred = y_pred.reshape(batch_size, n_class, -1)
    y = y.reshape(batch_size, n_class, -1)
    tp = (y_pred + y == 2).astype(float).sum(axis=2)
    tn = (y_pred + y == 0).astype(float).sum(axis=2)
    p = y.sum(axis=2)
    n = y.shape[-1] - p
    return np.stack([tp, n - tn, tn, p - tp], axis=-1)


def _safe_mean(total, count):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(count > 0, total / count, np.zeros(1, dtype=float))


def _decrease_metric(chart, decrease="mean"):
    """``(reduced chart, number of non-NaN entries)``; NaNs count as 0 in sums."""
    nans = np.isnan(chart)
    not_nans = (~nans).astype(float)
    chart[nans] = 0
    if decrease == "mean":
        per_batch = not_nans.sum(axis=1)
        chart = _safe_mean(chart.sum(axis=1), per_batch)
        not_nans = (per_batch > 0).astype(float).sum(axis=0)
        chart = _safe_mean(chart.sum(axis=0), not_nans)
    elif decrease == "sum":
        not_nans, chart = not_nans.sum(axis=(0, 1)), np.sum(chart, axis=(0, 1))
    elif decrease == "mean_batch":
        not_nans = not_nans.sum(axis=0)
        chart = _safe_mean(chart.sum(axis=0), not_nans)
    elif decrease == "sum_batch":
        not_nans, chart = not_nans.sum(axis=0), chart.sum(axis=0)
    elif decrease == "mean_channel":
        not_nans = not_nans.sum(axis=1)
        chart = _safe_mean(chart.sum(axis=1), not_nans)
    elif decrease == "sum_channel":
        not_nans, chart = not_nans.sum(axis=1), chart.sum(axis=1)
    return chart, not_nans


_METRIC_ALIASES = {
    "tpr": ("sensitivity", "recall", "hit_rate", "true_positive_rate", "tpr"),
    "tnr": ("specificity", "selectivity", "true_negative_rate", "tnr"),
    "ppv": ("precision", "positive_predictive_value", "ppv"),
    "npv": ("negative_predictive_value", "npv"),
    "fnr": ("miss_rate", "false_negative_rate", "fnr"),
    "fpr": ("fall_out", "false_positive_rate", "fpr"),
    "fdr": ("false_discovery_rate", "fdr"),
    "for": ("false_omission_rate", "for"),
    "pt": ("prevalence_threshold", "pt"),
    "ts": ("threat_score", "critical_success_index", "ts", "csi"),
    "acc": ("accuracy", "acc"),
    "ba": ("balanced_accuracy", "ba"),
    "f1": ("f1_score", "f1"),
    "mcc": ("matthews_correlation_coefficient", "mcc"),
    "fm": ("fowlkes_mallows_index", "fm"),
    "bm": ("informedness", "bookmaker_informedness", "bm"),
    "mk": ("markedness", "deltap", "mk"),
}
_METRIC_NAMES = {alias: key for key, aliases in _METRIC_ALIASES.items() for alias in aliases}


def _check_metric_name(metric_name):
    key = _METRIC_NAMES.get(metric_name.replace(" ", "_").lower())
    if key is None:
        raise NotImplementedError("The metric is not implemented.")
    return key


def _rate(num, den):
    return np.where(den > 0, num / den, np.array(float("nan")))


def _numerator_denominator(key, tp, fp, tn, fn):
    p, n = tp + fn, fp + tn
    simple = {"tpr": (tp, p), "tnr": (tn, n), "ppv": (tp, tp + fp), "npv": (tn, tn + fn), "fnr": (fn, p),
              "fpr": (fp, n), "fdr": (fp, fp + tp), "for": (fn, fn + tn), "ts": (tp, tp + fn + fp),
              "acc": (tp + tn, p + n), "f1": (tp * 2.0, tp * 2.0 + fn + fp)}
    if key in simple:
        return simple[key]
    if key == "pt":
        tpr, tnr = _rate(tp, p), _rate(tn, n)
        return np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0
    if key == "ba":
        return _rate(tp, p) + _rate(tn, n), 2.0
    if key == "mcc":
        return tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    if key == "fm":
        return np.sqrt(_rate(tp, tp + fp) * _rate(tp, p)), 1.0
    if key == "bm":
        return _rate(tp, p) + _rate(tn, n) - 1.0, 1.0
    # "mk": MindSpore divides tn / (tn + fn) without the zero guard (NaN when both are 0)
    return _rate(tp, tp + fp) + tn / (tn + fn) - 1.0, 1.0


def _compute_metric(metric_name, confusion_matrix):
    key = _check_metric_name(metric_name)
    if confusion_matrix.ndim == 1:
        confusion_matrix = np.expand_dims(confusion_matrix, 0)
    if confusion_matrix.shape[-1] != 4:
        raise ValueError(f"For 'ConfusionMatrix', the size of the last dimension of confusion_matrix must be 4, but "
                         f"got {confusion_matrix.shape[-1]}.")
    tp, fp, tn, fn = (confusion_matrix[..., i] for i in range(4))
    with np.errstate(divide="ignore", invalid="ignore"):
        numerator, denominator = _numerator_denominator(key, tp, fp, tn, fn)
        if isinstance(denominator, np.ndarray):
            return np.where(denominator != 0, numerator / denominator, np.array(float("nan")))
        return numerator / denominator
