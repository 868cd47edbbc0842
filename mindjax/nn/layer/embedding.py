"""``mindspore.nn.layer.embedding``."""
from .rnns import Embedding  # noqa: F401

__all__ = ["Embedding"]
