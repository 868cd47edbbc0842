"""HausdorffDistance, MeanSurfaceDistance and RootMeanSquareDistance: distances between
the borders of a predicted and a true segmentation (scipy.ndimage distance transforms)."""
from __future__ import annotations

from collections import abc

import numpy as np

from ._validate import check_string, check_value_type
from .metric import Metric, rearrange_inputs

_DISTANCES = ["euclidean", "chessboard", "taxicab"]


def _ndimage():
    import scipy.ndimage
    return scipy.ndimage


def _edges(mask):
    """The border of a boolean mask: the mask minus its erosion."""
    return _ndimage().binary_erosion(mask) ^ mask


def _distances(from_edges, to_edges, metric, name):
    """Distance from each border pixel of ``from_edges`` to the nearest of ``to_edges``
    (inf when ``to_edges`` is empty; an empty array when ``from_edges`` is)."""
    if not np.any(from_edges):
        return np.array([])
    if not np.any(to_edges):
        dis = np.full(to_edges.shape, np.inf)
    elif metric == "euclidean":
        dis = _ndimage().distance_transform_edt(~to_edges)
    elif metric in _DISTANCES[1:]:
        dis = _ndimage().distance_transform_cdt(~to_edges, metric=metric)
    else:
        raise ValueError(f"For '{name}', the distance_metric '{metric}' is not supported.")
    return dis[from_edges]


def _is_iterable_sequence(inputs):
    from ..._tensor import Tensor
    if isinstance(inputs, Tensor):
        return inputs.ndim > 0
    return isinstance(inputs, abc.Iterable) and not isinstance(inputs, str)


class HausdorffDistance(Metric):
    """The (``percentile``-th, else maximal) distance between the borders of the pixels
    equal to ``label_idx`` in the prediction and in the label; the larger of both
    directions unless ``directed``. ``crop`` restricts the images to the masks'
    bounding box first.

    Example:
        >>> import numpy as np
        >>> from mindspore import Tensor
        >>> from mindspore.train import HausdorffDistance
        >>> metric = HausdorffDistance()
        >>> metric.update(Tensor(np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]])),
        ...               Tensor(np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]])), 0)
        >>> print(metric.eval())
        1.4142135623730951
    """

    def __init__(self, distance_metric: str = "euclidean", percentile: float | None = None, directed: bool = False,
                 crop: bool = True):
        super().__init__()
        distance_metric = check_value_type("distance_metric", distance_metric, [str])
        self.distance_metric = check_string(distance_metric, _DISTANCES, "distance_metric")
        self.percentile = percentile if percentile is None else check_value_type("percentile", percentile, [float])
        self.directed = directed if directed is None else check_value_type("directed", directed, [bool])
        self.crop = crop if crop is None else check_value_type("crop", crop, [bool])
        self.clear()

    def clear(self):
        """Forget the borders."""
        self.y_pred_edges = 0
        self.y_edges = 0
        self._is_update = False

    @staticmethod
    def _bounding_box(mask):
        """Start (inclusive) and end (exclusive) of the nonzero region of ``mask`` (1, ...)."""
        data = np.any(mask > 0, axis=0)
        nonzero = np.nonzero(data)
        start, end = [], []
        for i in range(data.ndim):
            if nonzero[i].size <= 0:
                raise ValueError("Did not find nonzero index at the spatial dim {}".format(i))
            start.append(max(0, np.min(nonzero[i])))
            end.append(min(data.shape[i], np.max(nonzero[i]) + 1))
        return start, end

    def _mask_edges(self, y_pred, y):
        if self.crop:
            if not np.any(y_pred | y):
                return np.zeros_like(y_pred), np.zeros_like(y)
            y_pred, y = np.expand_dims(y_pred, 0), np.expand_dims(y, 0)
            start, end = self._bounding_box(y_pred | y)
            start = np.maximum(np.asarray(start, dtype=np.int16), 0)
            end = np.maximum(np.asarray(end, dtype=np.int16), start)
            sd = min(len(start), len(end), len(y_pred.shape[1:]))
            crop = tuple([slice(None)] + [slice(s, e) for s, e in zip(start[:sd], end[:sd])])
            # as in MindSpore, squeeze also drops spatial dimensions of size 1
            y_pred, y = np.squeeze(y_pred[crop]), np.squeeze(y[crop])
        return _edges(y_pred), _edges(y)

    def _directed_distance(self, from_edges, to_edges):
        dist = _distances(from_edges, to_edges, self.distance_metric, "HausdorffDistance")
        if dist.shape == (0,):
            return np.inf
        if not self.percentile:
            return dist.max()
        if 0 <= self.percentile <= 100:
            return np.percentile(dist, self.percentile)
        raise ValueError(f"For 'HausdorffDistance', the value of the argument 'percentile' must be [0, 100], but got "
                         f"{self.percentile}.")

    @rearrange_inputs
    def update(self, *inputs):
        """``update(y_pred, y, label_idx)``: two label maps of one shape and the label to measure."""
        self._is_update = True
        if len(inputs) != 3:
            raise ValueError("For 'HausdorffDistance.update', it needs 3 inputs (predicted value, true value, label "
                             "index), but got {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        label_idx = inputs[2]
        if not isinstance(label_idx, (int, float)):
            raise ValueError(f"For 'HausdorffDistance.update', the label index (input[2]) must be int or float, but "
                             f"got {type(label_idx)}.")
        if label_idx not in y_pred and label_idx not in y:
            raise ValueError("For 'HausdorffDistance.update', the label index (input[2]) must be in predicted value "
                             "(input[0]) or true value (input[1]), but {} is not.".format(label_idx))
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(f"For 'HausdorffDistance.update', the size of predicted value (input[0]) and true value "
                             f"(input[1]) must be greater than 0, in addition to that, predicted value and true value "
                             f"should have the same shape, but got predicted value size: {y_pred.size}, shape: "
                             f"{y_pred.shape}, true value size: {y.size}, shape: {y.shape}.")
        self.y_pred_edges, self.y_edges = self._mask_edges(y_pred == label_idx, y == label_idx)

    def eval(self):
        """The distance (a float; inf when the prediction has no border)."""
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        hd = self._directed_distance(self.y_pred_edges, self.y_edges)
        if self.directed:
            return hd
        return max(hd, self._directed_distance(self.y_edges, self.y_pred_edges))


class _SurfaceBase(Metric):
    _name = ""

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        self.distance_metric_list = list(_DISTANCES)
        distance_metric = check_value_type("distance_metric", distance_metric, [str])
        self.distance_metric = check_string(distance_metric, self.distance_metric_list, "distance_metric")
        self.symmetric = check_value_type("symmetric", symmetric, [bool])
        self.clear()

    def clear(self):
        """Forget the borders."""
        self._y_pred_edges = 0
        self._y_edges = 0
        self._is_update = False

    def _check_inputs(self, inputs):
        raise NotImplementedError

    @rearrange_inputs
    def update(self, *inputs):
        """``update(y_pred, y, label_idx)``: two label maps of one shape and the label to measure."""
        y_pred, y, label_idx = self._check_inputs(inputs)
        if y_pred.dtype != bool:
            y_pred = y_pred == label_idx
        if y.dtype != bool:
            y = y == label_idx
        self._y_pred_edges = _edges(y_pred)
        self._y_edges = _edges(y)
        self._is_update = True

    def _reduce(self, dist):
        raise NotImplementedError

    def eval(self):
        """The distance (a float; inf when a border is empty)."""
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        dist = _distances(self._y_pred_edges, self._y_edges, self.distance_metric, self._name)
        if dist.shape == (0,):
            return np.inf
        forward = self._reduce(dist)
        if not self.symmetric:
            return forward
        back = _distances(self._y_edges, self._y_pred_edges, self.distance_metric, self._name)
        if back.shape == (0,):
            return np.inf
        return self._combine(forward, self._reduce(back))


class MeanSurfaceDistance(_SurfaceBase):
    """Mean distance from the predicted border to the true border (the mean of both
    directions when ``symmetric``).

    Example:
        >>> import numpy as np
        >>> from mindspore import Tensor
        >>> from mindspore.train import MeanSurfaceDistance
        >>> metric = MeanSurfaceDistance(symmetric=False, distance_metric="euclidean")
        >>> metric.update(Tensor(np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]])),
        ...               Tensor(np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]])), 0)
        >>> print(metric.eval())
        0.8047378541243649
    """
    _name = "MeanSurfaceDistance"

    def __init__(self, symmetric: bool = False, distance_metric: str = "euclidean"):
        super().__init__(symmetric, distance_metric)

    def _check_inputs(self, inputs):
        name = self._name
        if len(inputs) != 3:
            raise ValueError(f"For '{name}.update', it needs 3 inputs (predicted value, true value, label index), "
                             f"but got {len(inputs)}")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        label_idx = inputs[2]
        if not isinstance(label_idx, (int, float)):
            raise ValueError(f"For '{name}.update', the label index (input[2]) must be int or float, but got "
                             f"{type(label_idx)}.")
        if label_idx not in y_pred and label_idx not in y:
            raise ValueError(f"For '{name}.update', the label index (input[2]) must be in predicted value (input[0]) "
                             f"or true value (input[1]), but {label_idx} is not.")
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(f"For '{name}.update', the size of predicted value (input[0]) and true value (input[1]) "
                             f"must be greater than 0, in addition to that, predicted value and true value must have "
                             f"the same shape, but got predicted value size: {y_pred.size}, shape: {y_pred.shape}, "
                             f"true value size: {y.size}, shape: {y.shape}.")
        return y_pred, y, label_idx

    @staticmethod
    def _reduce(dist):
        return dist.mean()

    @staticmethod
    def _combine(a, b):
        return np.mean((a, b))


class RootMeanSquareDistance(_SurfaceBase):
    """Root mean square distance between the borders. Note: without ``symmetric`` the
    value is MindSpore's, the mean of the squared distances (no square root).

    Example:
        >>> import numpy as np
        >>> from mindspore import Tensor
        >>> from mindspore.train import RootMeanSquareDistance
        >>> metric = RootMeanSquareDistance(symmetric=False, distance_metric="euclidean")
        >>> metric.update(Tensor(np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]])),
        ...               Tensor(np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]])), 0)
        >>> print(metric.eval())
        1.0000000000000002
    """
    _name = "RootMeanSquareDistance"

    def __init__(self, symmetric: bool = False, distance_metric: str = "euclidean"):
        super().__init__(symmetric, distance_metric)

    def _check_inputs(self, inputs):
        name = self._name
        if len(inputs) != 3:
            raise ValueError(f"For '{name}.update', it needs 3 inputs(predicted value, true value, label index), "
                             f"but got {len(inputs)}.")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        label_idx = inputs[2]
        if not isinstance(label_idx, (int, float)):
            raise TypeError(f"For '{name}.update', the label index (input[2]) must be int or float, but got label "
                            f"index type: {type(label_idx)}.")
        if label_idx not in y_pred and label_idx not in y:
            raise ValueError(f"For '{name}.update', the label index (input[2]) should be in predicted value "
                             f"(input[0]) or true value (input[1]), but {label_idx} is not.")
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(f"For '{name}.update', the size of predicted value (input[0]) and true value (input[1]) "
                             f"should be greater than 0, in addition to that, predicted value and true value should "
                             f"have the same shape, but got predicted value size: {y_pred.size}, shape: "
                             f"{y_pred.shape}, true value size: {y.size}, shape: {y.shape}. ")
        return y_pred, y, label_idx

    @staticmethod
    def _reduce(dist):
        return (dist ** 2).mean()

    @staticmethod
    def _combine(a, b):
        return np.sqrt(np.mean((a, b)))
