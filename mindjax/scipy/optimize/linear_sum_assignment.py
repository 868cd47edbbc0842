"""``linear_sum_assignment``: the optimal assignment of a cost matrix (scipy's Hungarian solver, on host)."""
from __future__ import annotations

import numpy as onp
import scipy.optimize as sopt

from ..._tensor import Tensor


def linear_sum_assignment(cost_matrix, maximize, dimension_limit=None) -> tuple:
    """Row and column indices (int64) of the minimum (or maximum) cost assignment.

    ``dimension_limit`` (a Tensor or int) keeps only the first columns of ``cost_matrix``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.scipy.optimize import linear_sum_assignment
        >>> print(linear_sum_assignment(ms.Tensor([[4., 1.], [2., 0.]]), False)[1])
        [1 0]
    """
    if not isinstance(cost_matrix, Tensor) or cost_matrix.ndim != 2:
        raise TypeError("For 'linear_sum_assignment', 'cost_matrix' must be a 2-D Tensor.")
    if not isinstance(maximize, bool):
        raise TypeError(f"For 'linear_sum_assignment', 'maximize' must be bool, but got {type(maximize).__name__}.")
    cost = cost_matrix.asnumpy()
    if dimension_limit is not None:
        lim = int(dimension_limit.item() if isinstance(dimension_limit, Tensor) else dimension_limit)
        cost = cost[:, :lim]
    rows, cols = sopt.linear_sum_assignment(cost, maximize=maximize)
    n = cost_matrix.shape[0]  # MindSpore pads both results to the number of rows with -1
    pad = lambda v: onp.concatenate([v, -onp.ones(n - len(v), onp.int64)]).astype(onp.int64)  # noqa: E731
    return Tensor(pad(rows)), Tensor(pad(cols))
