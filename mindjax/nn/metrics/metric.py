"""Metric base classes (``mindspore.train.metrics.metric``): pure numpy on the host."""
from __future__ import annotations

import functools
from abc import ABCMeta, abstractmethod

import numpy as np

_eval_types = {"classification", "multilabel"}


def rearrange_inputs(func):
    """Decorator for ``update``: picks the inputs named by ``set_indexes``."""
    @functools.wraps(func)
    def wrapper(self, *inputs):
        indexes = self.indexes
        inputs = inputs if not indexes else [inputs[i] for i in indexes]
        return func(self, *inputs)
    return wrapper


class Metric(metaclass=ABCMeta):
    """Base class of metrics: ``clear()``, ``update(*inputs)``, ``eval()``."""

    def __init__(self):
        self._indexes = None

    def _convert_data(self, data):
        from ..._tensor import Tensor
        if isinstance(data, Tensor):
            data = data.asnumpy()
        elif isinstance(data, list):
            data = np.array(data)
        elif isinstance(data, np.ndarray):
            pass
        else:
            raise TypeError(f"For 'Metric' and its derived classes, the input data type must be tensor, list or "
                            f"numpy.ndarray, but got {type(data)}.")
        return data

    @property
    def indexes(self):
        return getattr(self, "_indexes", None)

    def set_indexes(self, indexes):
        if not isinstance(indexes, list) or not all(isinstance(i, int) for i in indexes):
            raise ValueError("For 'set_indexes', the argument 'indexes' must be a list and all its elements must "
                             "be int, please check whether it is correct.")
        self._indexes = indexes
        return self

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()

    @abstractmethod
    def clear(self):
        raise NotImplementedError("Must define clear function to use this base class")

    @abstractmethod
    def eval(self):
        raise NotImplementedError("Must define eval function to use this base class")

    @abstractmethod
    def update(self, *inputs):
        raise NotImplementedError("Must define update function to use this base class")


class EvaluationBase(Metric):
    """Base of classification/multilabel metrics (shape and value checks)."""

    def __init__(self, eval_type):
        super().__init__()
        if eval_type not in _eval_types:
            raise TypeError("The argument 'eval_type' must be in {}, but got {}".format(_eval_types, eval_type))
        self._type = eval_type

    def _check_shape(self, y_pred, y):
        if self._type == "classification":
            if y_pred.ndim != y.ndim + 1:
                raise ValueError("In classification case, the dimension of y_pred (predicted value) should equal to "
                                 "the dimension of y (true value) add 1, but got y_pred dimension: {} and y "
                                 "dimension: {}.".format(y_pred.ndim, y.ndim))
            if y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError("In classification case, y_pred (predicted value) shape and y (true value) shape "
                                 "can not match, y shape should be equal to y_pred shape that the value at index 1 "
                                 "is deleted. Such as y_pred shape (1, 2, 3), then y shape should be (1, 3). But got "
                                 "y_pred shape {} and y shape {}".format(y_pred.shape, y.shape))
        else:
            if y_pred.ndim != y.ndim:
                raise ValueError("In {} case, the dimension of y_pred (predicted value) should equal to the dimension"
                                 " of y (true value), but got y_pred dimension: {} and y dimension: {}."
                                 .format(self._type, y_pred.ndim, y.ndim))
            if y_pred.shape != y.shape:
                raise ValueError("In {} case, the shape of y_pred (predicted value) should equal to the shape of y "
                                 "(true value), but got y_pred shape: {} and y shape: {}."
                                 .format(self._type, y_pred.shape, y.shape))

    def _check_value(self, y_pred, y):
        if self._type != "classification" and not (np.equal(y_pred ** 2, y_pred).all() and np.equal(y ** 2, y).all()):
            raise ValueError("In multilabel case, all elements in y_pred (predicted value) and y (true value) should "
                             "be 0 or 1.Please check whether your inputs y_pred and y are correct.")

    def clear(self):
        raise NotImplementedError

    def update(self, *inputs):
        raise NotImplementedError

    def eval(self):
        raise NotImplementedError


def _check_onehot_data(data):
    if data.ndim > 1 and np.equal(data ** 2, data).all():
        shp = (data.shape[0],) + data.shape[2:]
        if np.equal(np.ones(shp), data.sum(axis=1)).all():
            return True
    return False


def _binary_clf_curve(preds, target, sample_weights=None, pos_label=1):
    """False and true positive counts at each distinct score, highest score first, and the
    scores themselves (the thresholds)."""
    if sample_weights is not None and not isinstance(sample_weights, np.ndarray):
        sample_weights = np.array(sample_weights)
    if preds.ndim > target.ndim:
        preds = preds[:, 0]
    order = np.argsort(-preds)
    preds, target = preds[order], target[order]
    weight = sample_weights[order] if sample_weights is not None else 1.0
    # the last index of each run of equal scores, and the very last sample
    distinct = np.where(preds[1:] - preds[:-1])[0]
    threshold_idxs = np.pad(distinct, (0, 1), constant_values=target.shape[0] - 1)
    target = np.array(target == pos_label).astype(np.int64)
    tps = np.cumsum(target * weight, axis=0)[threshold_idxs]
    if sample_weights is not None:
        fps = np.cumsum((1 - target) * weight, axis=0)[threshold_idxs]
    else:
        fps = 1 + threshold_idxs - tps
    return fps, tps, preds[threshold_idxs]
