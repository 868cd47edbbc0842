"""``mindspore.hal``: device queries, streams, events and memory statistics, on JAX.

MindSpore 2.10 deprecates ``hal`` in favour of ``mindspore.runtime`` and ``mindspore.device_context``;
the stream and event classes here are ``mindjax.runtime``'s (see there for how they map onto XLA).
"""
from .device import (is_initialized, is_available, device_count, get_device_capability, get_device_properties,
                     get_device_name, get_arch_list)
from ..runtime.stream import (Stream, synchronize, set_cur_stream, current_stream, default_stream,
                              communication_stream, StreamCtx)
from ..runtime.event import Event
from .memory import (memory_stats, memory_reserved, max_memory_reserved, empty_cache, reset_peak_memory_stats,
                     memory_summary, memory_allocated, max_memory_allocated, reset_max_memory_reserved,
                     reset_max_memory_allocated)

__all__ = sorted([
    "is_initialized", "is_available", "device_count", "get_device_capability",
    "get_device_properties", "get_device_name", "get_arch_list",
    "Event", "communication_stream", "Stream", "synchronize", "set_cur_stream", "current_stream", "default_stream",
    "StreamCtx", "memory_stats", "memory_reserved", "max_memory_reserved", "empty_cache", "reset_peak_memory_stats",
    "memory_summary", "memory_allocated", "max_memory_allocated", "reset_max_memory_reserved",
    "reset_max_memory_allocated",
])
