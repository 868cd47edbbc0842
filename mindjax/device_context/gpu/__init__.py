"""``mindspore.device_context.gpu``: GPU availability and count.

MindSpore's ``op_precision`` (TF32 switches) and ``op_tuning`` (cuDNN algorithm choices) are absent:
XLA decides both itself (one global matmul/conv precision, its own autotuner).
"""
from .device import device_count, is_available

__all__ = ["device_count", "is_available"]
