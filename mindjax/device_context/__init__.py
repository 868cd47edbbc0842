"""``mindspore.device_context``: per-backend device settings (``cpu``, ``gpu``).

``mindspore.device_context.ascend`` configures Ascend's CANN stack and is absent.
"""
from . import cpu, gpu

__all__ = ["cpu", "gpu"]
