"""Precision, Recall, Fbeta/F1 (per class, or averaged)."""
from __future__ import annotations

import sys

import numpy as np

from .metric import EvaluationBase, Metric, rearrange_inputs, _check_onehot_data


class _PRBase(EvaluationBase):
    _name = ""
    _denom_attr = ""  # "_positives" (precision) or "_actual_positives" (recall)

    def __init__(self, eval_type="classification"):
        super().__init__(eval_type)
        self.eps = sys.float_info.min
        self.clear()

    def clear(self):
        self._class_num = 0
        if self._type == "multilabel":
            self._true_positives = np.empty(0)
            self._denom = np.empty(0)
            self._true_positives_average = 0
            self._denom_average = 0
        else:
            self._true_positives = 0
            self._denom = 0

    @rearrange_inputs
    def update(self, *inputs):
        name = self._name
        if len(inputs) != 2:
            raise ValueError(f"For '{name}.update', it needs 2 inputs (predicted value, true value), "
                             f"but got {len(inputs)}.")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if self._type == "classification" and y_pred.ndim == y.ndim and _check_onehot_data(y):
            y = y.argmax(axis=1)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            tail = "" if name == "Precision" else "."
            raise ValueError(f"For '{name}.update', class number not match, last input predicted data contain "
                             f"{self._class_num} classes, but current predicted data contain {y_pred.shape[1]} "
                             f"classes, please check your predicted value(inputs[0]){tail}")
        class_num = self._class_num
        if self._type == "classification":
            if y.max() + 1 > class_num:
                raise ValueError(f"For '{name}.update', predicted value (input[0]) should have the same classes "
                                 f"number as true value (input[1]), but got predicted value classes {class_num}, "
                                 f"true value classes {y.max() + 1}.")
            y = np.eye(class_num)[y.reshape(-1)]
            y_pred = np.eye(class_num)[y_pred.argmax(axis=1).reshape(-1)]
        else:
            y_pred = y_pred.swapaxes(1, 0).reshape(class_num, -1)
            y = y.swapaxes(1, 0).reshape(class_num, -1)
        denom = (y_pred if name == "Precision" else y).sum(axis=0)
        true_positives = (y * y_pred).sum(axis=0)
        if self._type == "multilabel":
            self._true_positives_average += np.sum(true_positives / (denom + self.eps))
            self._denom_average += len(denom)
            self._true_positives = np.concatenate((self._true_positives, true_positives), axis=0)
            self._denom = np.concatenate((self._denom, denom), axis=0)
        else:
            self._true_positives += true_positives
            self._denom += denom

    def eval(self, average=False):
        if self._class_num == 0:
            raise RuntimeError(f"The '{self._name}' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs (predicted value, true value) are empty, or has "
                               "called update method before calling eval method.")
        if not isinstance(average, bool):
            raise TypeError(f"For '{self._name}', the type of 'average' should be 'bool', "
                            f"but got '{type(average).__name__}'.")
        result = self._true_positives / (self._denom + self.eps)
        if average:
            if self._type == "multilabel":
                result = self._true_positives_average / (self._denom_average + self.eps)
            return result.mean()
        return result


class Precision(_PRBase):
    """Per-class precision TP / (TP + FP); ``eval(average=True)`` gives the mean."""
    _name = "Precision"


class Recall(_PRBase):
    """Per-class recall TP / (TP + FN); ``eval(average=True)`` gives the mean."""
    _name = "Recall"


class Fbeta(Metric):
    """Per-class F-beta score."""

    def __init__(self, beta):
        super().__init__()
        self.eps = sys.float_info.min
        if not isinstance(beta, (int, float)) or isinstance(beta, bool) or beta <= 0:
            raise ValueError(f"For 'Fbeta', the argument 'beta' must be greater than 0, but got {beta}.")
        self.beta = beta
        self.clear()

    def clear(self):
        self._true_positives = 0
        self._actual_positives = 0
        self._positives = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError(f"For 'Fbeta.update', it needs 2 inputs (predicted value, true value), "
                             f"but got {len(inputs)}.")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and _check_onehot_data(y):
            y = y.argmax(axis=1)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(f"For 'Fbeta.update', class number not match, last input predicted data contain "
                             f"{self._class_num} classes, but current predicted data contain {y_pred.shape[1]} "
                             f"classes, please check your predicted value(inputs[0]).")
        class_num = self._class_num
        if y.max() + 1 > class_num:
            raise ValueError(f"For 'Fbeta.update', predicted value (input[0]) should have the same classes number "
                             f"as true value (input[1]), but got predicted value classes {class_num}, true value "
                             f"classes {y.max() + 1}.")
        y = np.eye(class_num)[y.reshape(-1)]
        y_pred = np.eye(class_num)[y_pred.argmax(axis=1).reshape(-1)]
        self._true_positives += (y * y_pred).sum(axis=0)
        self._positives += y_pred.sum(axis=0)
        self._actual_positives += y.sum(axis=0)

    def eval(self, average=False):
        if self._class_num == 0:
            raise RuntimeError("The 'Fbeta' can not be calculated, because the number of samples is 0, please check"
                               " whether your inputs (predicted value, true value) are empty, or has called update "
                               "method before calling eval method.")
        b2 = self.beta ** 2
        fbeta = (1.0 + b2) * self._true_positives / (b2 * self._actual_positives + self._positives + self.eps)
        return fbeta.mean() if average else fbeta


class F1(Fbeta):
    """F1 score: Fbeta with beta 1."""

    def __init__(self):
        super().__init__(1.0)
