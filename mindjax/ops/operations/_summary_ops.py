"""The summary Primitives: ScalarSummary, ImageSummary, TensorSummary, HistogramSummary.

``op(tag, value)`` hands ``value`` to the open :class:`mindspore.train.SummaryRecord`,
which writes it at its next ``record(step)`` (TensorBoard format in mindjax). Inside a
compiled network the value is sent to the host each time the program runs. The values
are checked when recorded, as in MindSpore (a non-scalar for ScalarSummary raises
ValueError in ``record``).
"""
from __future__ import annotations

from .._primitive import Primitive


class _SummaryOp(Primitive):
    _channel = ""

    def __init__(self):
        super().__init__(type(self).__name__)
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("channel_name", self._channel)

    def __call__(self, *args):
        from ...train.summary._cache import cache_summary_data
        cache_summary_data(self.name, args[0], args[1])


class ScalarSummary(_SummaryOp):
    """``ScalarSummary()(tag, value)``: record a one-element Tensor as a scalar.

    Example:
        >>> import numpy as np
        >>> from mindspore import nn, ops, Tensor
        >>> from mindspore.train import SummaryRecord
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.summary = ops.ScalarSummary()
        ...     def construct(self, x, y):
        ...         z = x + y
        ...         self.summary("z", z.sum())
        ...         return z
        >>> with SummaryRecord("./summary_dir") as record:
        ...     out = Net()(Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32)))
        ...     record.record(1)
        True
    """
    _channel = "ms_scalar_summary"


class ImageSummary(_SummaryOp):
    """``ImageSummary()(tag, value)``: record an NCHW Tensor (1 or 3 channels) as an image."""
    _channel = "ms_image_summary"


class TensorSummary(_SummaryOp):
    """``TensorSummary()(tag, value)``: record a Tensor (at least 1-D) as it is."""
    _channel = "ms_tensor_summary"


class HistogramSummary(_SummaryOp):
    """``HistogramSummary()(tag, value)``: record the distribution of a Tensor's values."""
    _channel = "ms_histogram_summary"
