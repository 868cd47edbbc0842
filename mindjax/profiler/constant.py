"""Profiler enums, with MindSpore 2.10's members and values."""
from enum import Enum


class ProfilerLevel(Enum):
    """How much the profiler collects: mapped onto JAX's host tracer level (Level2 is the most verbose)."""
    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class ProfilerActivity(Enum):
    """What to trace: ``CPU`` the host (framework) side, ``GPU``/``NPU`` the device side."""
    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class AicoreMetrics(Enum):
    """Ascend AI Core metrics; accepted by the Profiler and, as in MindSpore off Ascend, not collected."""
    PipeUtilization = "PipeUtilization"
    ArithmeticUtilization = "ArithmeticUtilization"
    Memory = "Memory"
    MemoryL0 = "MemoryL0"
    MemoryUB = "MemoryUB"
    ResourceConflictRatio = "ResourceConflictRatio"
    L2Cache = "L2Cache"
    MemoryAccess = "MemoryAccess"
    AiCoreNone = "None"


class ExportType(Enum):
    """Export formats; mindjax writes the ``text`` (json/csv) deliverables."""
    Db = "db"
    Text = "text"


class HostSystem(Enum):
    """Ascend host-system samplers; accepted and, as in MindSpore off Ascend, not collected."""
    CPU = "cpu"
    MEM = "mem"
    DISK = "disk"
    NETWORK = "network"
    OSRT = "osrt"
