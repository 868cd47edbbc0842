"""``mindspore.runtime``: memory statistics, streams and events, executor settings, on JAX.

Ascend's core limits and kernel-launch settings are accepted and recorded (``limits``: they
change nothing under XLA); memory replay and pluggable allocators are absent.
"""
from .executor import launch_blocking, dispatch_threads_num, set_cpu_affinity
from .memory import (set_memory, memory_stats, memory_reserved, max_memory_reserved, empty_cache,
                     reset_peak_memory_stats, memory_summary, memory_allocated, max_memory_allocated,
                     reset_max_memory_reserved, reset_max_memory_allocated)
from .stream import (Stream, synchronize, set_cur_stream, current_stream, default_stream,
                     communication_stream, StreamCtx)
from .event import Event
from .limits import (set_device_limit, get_device_limit, set_stream_limit, get_stream_limit, reset_stream_limit,
                     StreamLimitCtx, set_kernel_launch_group, set_kernel_launch_capture)

__all__ = sorted([
    "launch_blocking", "dispatch_threads_num", "set_cpu_affinity",
    "Stream", "communication_stream", "synchronize", "set_cur_stream", "current_stream", "default_stream",
    "StreamCtx", "set_memory", "memory_stats", "memory_reserved", "max_memory_reserved", "empty_cache",
    "reset_peak_memory_stats", "memory_summary", "memory_allocated", "max_memory_allocated",
    "reset_max_memory_reserved", "reset_max_memory_allocated", "Event", "set_device_limit", "get_device_limit",
    "set_stream_limit", "get_stream_limit", "reset_stream_limit", "StreamLimitCtx", "set_kernel_launch_group",
    "set_kernel_launch_capture",
])
