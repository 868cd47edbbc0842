"""``mindspore.nn.layer.math``."""
from .basic import MatMul  # noqa: F401

__all__ = ["MatMul"]
