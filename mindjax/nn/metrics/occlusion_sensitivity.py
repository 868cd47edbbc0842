"""OcclusionSensitivity: how much a model's score for the label drops when each region of
the input is occluded."""
from __future__ import annotations

import numpy as np

from ._validate import check_value_type
from .metric import Metric, rearrange_inputs


class OcclusionSensitivity(Metric):
    """For every position of the (one-sample) input, the input is copied with a
    ``2 * margin`` wide cube around the position set to ``pad_val``, run through the
    model (``n_batch`` copies per call), and the model's score for ``label`` is
    subtracted from the unoccluded score. ``b_box`` ([min0, max0, min1, max1, ...],
    without the batch dimension) limits the positions.

    Example:
        >>> import numpy as np
        >>> from mindspore import nn, Tensor
        >>> from mindspore.train import OcclusionSensitivity
        >>> w = np.array([[0.1, 0.8, 0.1, 0.1], [1, 1, 1, 1]]).astype(np.float32)
        >>> b = np.array([0.3, 0.6]).astype(np.float32)
        >>> model = nn.Dense(4, 2, weight_init=Tensor(w), bias_init=Tensor(b))
        >>> metric = OcclusionSensitivity()
        >>> metric.update(model, np.array([[0.1, 0.2, 0.3, 0.4]]).astype(np.float32), np.array(1).astype(np.int32))
        >>> print(metric.eval())
        [0.29999995 0.6        1.         0.9       ]
    """

    def __init__(self, pad_val: float = 0.0, margin: int | list = 2, n_batch: int = 128, b_box: list | None = None):
        super().__init__()
        self.pad_val = check_value_type("pad_val", pad_val, [float])
        self.margin = check_value_type("margin", margin, [int, list])
        self.n_batch = check_value_type("n_batch", n_batch, [int])
        self.b_box = b_box if b_box is None else check_value_type("b_box", b_box, [list])
        self.clear()

    def clear(self):
        """Forget the sensitivity map."""
        self._baseline = 0
        self._sensitivity_im = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """``update(model, y_pred, label)``: a Cell, its input (1, ...) and the class whose score to watch."""
        from ..._tensor import Tensor
        from ..cell import Cell
        if len(inputs) != 3:
            raise ValueError("For 'OcclusionSensitivity.update', it needs 3 inputs (classification model, predicted "
                             "value, label), but got {}.".format(len(inputs)))
        model = inputs[0]
        y_pred = self._convert_data(inputs[1])
        label = self._convert_data(inputs[2])
        model = check_value_type("model", model, [Cell])
        if y_pred.shape[0] > 1:
            raise RuntimeError(f"For 'OcclusionSensitivity.update', the shape at index 0 of the predicted value "
                               f"(input[1]) must be 1, but got {y_pred.shape[0]}.")
        if np.prod(label.shape) != y_pred.shape[0]:
            raise RuntimeError(f"For 'OcclusionSensitivity.update', the number of the label (input[2]) must be same "
                               f"as the batches, but got the label number {np.prod(label.shape)}, and batches "
                               f"{y_pred.shape[0]}.")
        image_shape = np.array(y_pred.shape[1:])
        b_box_min, b_box_max = _check_input_bounding_box(self.b_box, image_shape)
        self._baseline = model(Tensor(y_pred)).asnumpy()[0, label].item()
        out_shape = image_shape if self.b_box is None else b_box_max - b_box_min + 1
        total = int(np.prod(out_shape))
        images, ids = [], []
        sensitivity = np.empty(0, dtype=float)
        for i in range(total):
            idx = np.unravel_index(i, out_shape)
            if b_box_min is not None:
                idx += b_box_min
            lo = [max(0, k - self.margin) for k in idx]
            hi = [min(j, k + self.margin) for k, j in zip(idx, image_shape)]
            occluded = y_pred.copy()
            occluded[(...,) + tuple(slice(a, b) for a, b in zip(lo, hi))] = self.pad_val
            images.append(occluded)
            ids.append(label)
            if len(images) == self.n_batch or i == total - 1:
                sensitivity = _append_scores(model, images, ids, sensitivity)
                images, ids = [], []
        self._sensitivity_im = sensitivity.reshape(out_shape)
        self._is_update = True

    def eval(self):
        """The baseline score minus the occluded scores, shaped like the (boxed) input."""
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._baseline - np.squeeze(self._sensitivity_im)


def _append_scores(model, images, ids, sensitivity):
    """``sensitivity`` with the model's label scores of ``images`` stacked below."""
    from ..._tensor import Tensor
    out = model(Tensor(np.vstack(images))).asnumpy()
    ids = np.expand_dims(ids, 1)
    scores = out[np.arange(ids.shape[0])[:, None], ids]
    return np.vstack(scores) if sensitivity.size == 0 else np.vstack((sensitivity, scores))


def _check_input_bounding_box(b_box, im_shape):
    if b_box is None:
        return None, None
    if len(b_box) != 2 * len(im_shape):
        raise ValueError(f"For 'OcclusionSensitivity', the bounding box must contain upper and lower for all "
                         f"dimensions (except batch number), and the length of 'b_box' must be twice as long as "
                         f"predicted value's (except batch number), but got 'b_box' length {len(b_box)}, predicted "
                         f"value length (except batch number) {len(im_shape)}.")
    b_min = np.array(b_box[::2])
    b_max = np.array(b_box[1::2])
    b_min[b_min < 0] = 0
    b_max[b_max < 0] = im_shape[b_max < 0] - 1
    if np.any(b_max >= im_shape):
        raise ValueError("For 'OcclusionSensitivity', maximum bounding box must be smaller than image size for all "
                         "values.")
    if np.any(b_min > b_max):
        raise ValueError("For 'OcclusionSensitivity', minimum bounding box must be smaller than maximum bounding box "
                         "for all values.")
    return b_min, b_max
