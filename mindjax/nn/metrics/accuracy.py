"""Accuracy, Loss, TopKCategoricalAccuracy, MAE, MSE."""
from __future__ import annotations

import numpy as np

from .metric import EvaluationBase, Metric, rearrange_inputs, _check_onehot_data


def _scalar(v):
    """MindSpore returns numpy scalars; a Python float prints the same way under numpy 2
    (``{'acc': 0.9}``, not ``{'acc': np.float64(0.9)}``) and is still a float."""
    return float(v) if np.ndim(v) == 0 else v


def _empty(name, inputs=True):
    what = ("your inputs(predicted value, true value) are empty, or has called update method"
            if inputs else "has called update method")
    return RuntimeError(f"The '{name}' can not be calculated, because the number of samples is 0, please check "
                        f"whether {what} before calling eval method.")


class Accuracy(EvaluationBase):
    """Share of samples whose arg-max prediction (or multilabel row) matches the label."""

    def __init__(self, eval_type="classification"):
        super().__init__(eval_type)
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._total_num = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'Accuracy.update', it needs 2 inputs (predicted value, true value), "
                             "but got {}".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if self._type == "classification" and y_pred.ndim == y.ndim and _check_onehot_data(y):
            y = y.argmax(axis=1)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError("For 'Accuracy.update', class number not match, last input predicted data contain {} "
                             "classes, but current predicted data contain {} classes, please check your predicted "
                             "value(inputs[0]).".format(self._class_num, y_pred.shape[1]))
        if self._type == "classification":
            indices = y_pred.argmax(axis=1)
            result = (np.equal(indices, y) * 1).reshape(-1)
        else:
            dimension_index = y_pred.ndim - 1
            y_pred = y_pred.swapaxes(1, dimension_index).reshape(-1, self._class_num)
            y = y.swapaxes(1, dimension_index).reshape(-1, self._class_num)
            result = np.equal(y_pred, y).all(axis=1) * 1
        self._correct_num += result.sum()
        self._total_num += result.shape[0]

    def eval(self):
        if self._total_num == 0:
            raise _empty("Accuracy")
        return _scalar(self._correct_num / self._total_num)


class Loss(Metric):
    """Mean of the losses passed to ``update``."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._sum_loss = 0
        self._total_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 1:
            raise ValueError("For 'Loss.update', it needs 1 input (loss), but got {}".format(len(inputs)))
        loss = self._convert_data(inputs[0])
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError("For 'Loss.update', the dimension of your input (loss) must be 1, "
                             "but got {}.".format(loss.ndim))
        self._sum_loss += loss.mean(-1)
        self._total_num += 1

    def eval(self):
        if self._total_num == 0:
            raise _empty("Loss", inputs=False)
        return _scalar(self._sum_loss / self._total_num)


class TopKCategoricalAccuracy(Metric):
    """Share of samples whose label is among the k highest predictions."""

    def __init__(self, k):
        super().__init__()
        if not isinstance(k, int):
            raise TypeError("For 'TopKCategoricalAccuracy', the type of the argument 'k' should be int, but got 'k' "
                            "type: {}.".format(type(k)))
        if k < 1:
            raise ValueError("For 'TopKCategoricalAccuracy', the argument 'k' must be at least 1, but got 'k' "
                             "value: {}.".format(k))
        self.k = k
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'TopKCategoricalAccuracy.update', it needs 2 inputs (predicted value, true value),"
                             " but got 'inputs' size: {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and _check_onehot_data(y):
            y = y.argmax(axis=1)
        indices = np.argsort(-y_pred, axis=1)[:, :self.k]
        repeated_y = y.reshape(-1, 1).repeat(self.k, axis=1)
        correct = np.equal(indices, repeated_y).sum(axis=1)
        self._correct_num += correct.sum()
        self._samples_num += repeated_y.shape[0]

    def eval(self):
        if self._samples_num == 0:
            raise RuntimeError("The 'TopKCategoricalAccuracy' can not be calculated, because the number of samples "
                               "is 0, please check whether your inputs (predicted value, true value) are empty, or "
                               "has called update method before calling eval method.")
        return _scalar(self._correct_num / self._samples_num)


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    def __init__(self):
        super().__init__(5)


class _ErrorMetric(Metric):
    _name = ""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._error_sum = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError(f"For '{self._name}.update', it needs 2 inputs (predicted value, true value), "
                             f"but got {len(inputs)}.")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self._error_sum += self._err(y.reshape(y_pred.shape) - y_pred).sum()
        self._samples_num += y.shape[0]

    def eval(self):
        if self._samples_num == 0:
            raise _empty(self._name)
        return _scalar(self._error_sum / self._samples_num)


class MAE(_ErrorMetric):
    """Mean absolute error per sample."""
    _name = "MAE"
    _err = staticmethod(np.abs)


class MSE(_ErrorMetric):
    """Mean squared error per sample."""
    _name = "MSE"
    _err = staticmethod(lambda d: np.power(d, 2))
