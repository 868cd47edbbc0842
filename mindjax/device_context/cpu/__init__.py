"""``mindspore.device_context.cpu``: CPU availability, count and kernel threads."""
from .device import is_available, device_count
from . import op_tuning
from .op_tuning import threads_num

__all__ = sorted(["threads_num", "is_available", "device_count"])
