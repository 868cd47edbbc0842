"""``mindspore.nn.layer.rnn_cells``."""
from .rnns import RNNCell, LSTMCell, GRUCell  # noqa: F401

__all__ = ["RNNCell", "LSTMCell", "GRUCell"]
