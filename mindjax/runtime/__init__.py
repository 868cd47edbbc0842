"""``mindspore.runtime``: memory statistics, streams and events, executor settings, on JAX.

Names of MindSpore 2.10's ``mindspore.runtime`` that mean nothing off Ascend (kernel launch
groups and capture, device and stream limits, memory replay, pluggable allocators) are absent.
"""
from .executor import launch_blocking, dispatch_threads_num, set_cpu_affinity
from .memory import (set_memory, memory_stats, memory_reserved, max_memory_reserved, empty_cache,
                     reset_peak_memory_stats, memory_summary, memory_allocated, max_memory_allocated,
                     reset_max_memory_reserved, reset_max_memory_allocated)
from .stream import (Stream, synchronize, set_cur_stream, current_stream, default_stream,
                     communication_stream, StreamCtx)
from .event import Event

__all__ = sorted([
    "launch_blocking", "dispatch_threads_num", "set_cpu_affinity",
    "Stream", "communication_stream", "synchronize", "set_cur_stream", "current_stream", "default_stream",
    "StreamCtx", "set_memory", "memory_stats", "memory_reserved", "max_memory_reserved", "empty_cache",
    "reset_peak_memory_stats", "memory_summary", "memory_allocated", "max_memory_allocated",
    "reset_max_memory_reserved", "reset_max_memory_allocated", "Event",
])
