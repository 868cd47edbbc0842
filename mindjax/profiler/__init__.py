"""``mindspore.profiler``: Profiler, profile, schedule and tensorboard_trace_handler on ``jax.profiler``.

Absent: ``EnvProfiler`` and ``DynamicProfilerMonitor`` (driven by MindSpore's environment variables
and Ascend's msprof), ``mstx`` (Ascend's MSTX markers).
"""
from .constant import ProfilerLevel, ProfilerActivity, AicoreMetrics, ExportType, HostSystem
from .schedule import Schedule as schedule, ProfilerAction
from .profiler import Profiler, profile, tensorboard_trace_handler

__all__ = ["tensorboard_trace_handler", "schedule", "Profiler", "ProfilerLevel", "ProfilerActivity",
           "AicoreMetrics", "ExportType", "HostSystem", "profile"]
