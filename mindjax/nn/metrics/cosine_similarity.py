"""CosineSimilarity: the pairwise similarity matrix of the rows of one input."""
from __future__ import annotations

import numpy as np

from ._validate import check_string, check_value_type
from .metric import Metric, rearrange_inputs


class CosineSimilarity(Metric):
    """Cosine (or ``"dot"``) similarity of every pair of rows of the last ``update``'s
    input, with the diagonal zeroed (``zero_diagonal``) and rows reduced by ``reduction``
    (``"none"``, ``"sum"`` or ``"mean"``).

    Example:
        >>> import numpy as np
        >>> from mindspore.train import CosineSimilarity
        >>> metric = CosineSimilarity()
        >>> metric.update(np.array([[1.0, 0.0], [1.0, 1.0]]))
        >>> print(np.round(metric.eval(), 4))
        [[0.     0.7071]
         [0.7071 0.    ]]
    """

    def __init__(self, similarity: str = "cosine", reduction: str = "none", zero_diagonal: bool = True):
        super().__init__()
        similarity = check_value_type("similarity", similarity, [str])
        self.similarity = check_string(similarity, ["dot", "cosine"], "similarity")
        reduction = check_value_type("reduction", reduction, [str])
        self.reduction = check_string(reduction, ["none", "sum", "mean"], "reduction")
        self.zero_diagonal = check_value_type("zero_diagonal", zero_diagonal, [bool])
        self.clear()

    def clear(self):
        """Forget the matrix."""
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, inputs):
        """``update(x)``: an (N, D) Tensor, list or array."""
        data = self._convert_data(inputs)
        if self.similarity == "cosine":
            data = data / np.expand_dims(np.linalg.norm(data, ord=2, axis=1), 1)
        self.sqr_mtx_res = np.dot(data, data.transpose(1, 0))
        self._is_update = True

    def eval(self):
        """The (N, N) matrix, or its row sums or means."""
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if self.zero_diagonal:
            np.fill_diagonal(self.sqr_mtx_res, 0)
        if self.reduction == "mean":
            self.sqr_mtx_res = np.mean(self.sqr_mtx_res, axis=-1)
        if self.reduction == "sum":
            self.sqr_mtx_res = np.sum(self.sqr_mtx_res, axis=-1)
        return self.sqr_mtx_res
