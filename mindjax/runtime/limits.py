"""Ascend resource settings that MindSpore 2.10 takes on every device: AI Core limits per
device and per stream, and kernel-launch grouping and capture.

They are accepted with MindSpore's argument checks and remembered (``get_device_limit`` and
``get_stream_limit`` return what was set), but they change nothing: an XLA program on a CPU
or an NVIDIA GPU has no cube/vector cores to limit, and XLA launches whole compiled programs
itself, so there is no per-kernel launch to group or capture. MindSpore's CPU build behaves
the same way (it accepts and ignores them).
"""
from __future__ import annotations

from .stream import Stream

_device_limits: dict = {}
_stream_limits: dict = {}
_launch: dict = {"group": None, "capture": None}


def _int_arg(fn: str, name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{fn}(): incompatible function arguments: '{name}' must be int, but got "
                        f"{type(value).__name__}.")
    return value


def set_device_limit(device, cube_num: int = -1, vector_num: int = -1) -> None:
    """Limit the cube and vector cores ops on ``device`` (an int id) may use (-1: no limit).

    Examples:
        >>> import mindjax as ms
        >>> ms.set_device_limit(0, 4, 8)
        >>> ms.get_device_limit(0)
        {'cube_core_num': 4, 'vector_core_num': 8}
    """
    _int_arg("set_device_limit", "device", device)
    _device_limits[device] = {"cube_core_num": _int_arg("set_device_limit", "cube_num", cube_num),
                              "vector_core_num": _int_arg("set_device_limit", "vector_num", vector_num)}


def get_device_limit(device) -> dict:
    """The limits set for ``device`` (-1 where none was set)."""
    _int_arg("get_device_limit", "device", device)
    return dict(_device_limits.get(device, {"cube_core_num": -1, "vector_core_num": -1}))


def _check_stream(fn: str, stream) -> None:
    if not isinstance(stream, Stream):
        raise TypeError(f"For '{fn}', the argument 'stream' should be Stream, but got {type(stream)}.")


def set_stream_limit(stream, cube_num: int = -1, vector_num: int = -1) -> None:
    """Limit the cores that ops launched on ``stream`` may use (recorded; see the module docstring)."""
    _check_stream("set_stream_limit", stream)
    _stream_limits[id(stream)] = {"cube_core_num": _int_arg("set_stream_limit", "cube_num", cube_num),
                                  "vector_core_num": _int_arg("set_stream_limit", "vector_num", vector_num)}


def get_stream_limit(stream) -> dict:
    """The limits set for ``stream`` (-1 where none was set)."""
    _check_stream("get_stream_limit", stream)
    return dict(_stream_limits.get(id(stream), {"cube_core_num": -1, "vector_core_num": -1}))


def reset_stream_limit(stream) -> None:
    """Remove the limits of ``stream``."""
    _check_stream("set_stream_limit", stream)
    _stream_limits.pop(id(stream), None)


class StreamLimitCtx:
    """``with StreamLimitCtx(stream, cube_num, vector_num):`` sets the stream's limits for the block
    and restores the previous ones after it.

    Examples:
        >>> import mindjax as ms
        >>> s = ms.current_stream()
        >>> with ms.StreamLimitCtx(s, 2, 4):
        ...     ms.get_stream_limit(s)["cube_core_num"]
        2
    """

    def __init__(self, stream, cube_num: int = -1, vector_num: int = -1) -> None:
        _check_stream("StreamLimitCtx", stream)
        self.stream, self.cube_num, self.vector_num = stream, cube_num, vector_num
        self._saved = None

    def __enter__(self):
        self._saved = _stream_limits.get(id(self.stream))
        set_stream_limit(self.stream, self.cube_num, self.vector_num)
        return self

    def __exit__(self, *exc) -> None:
        if self._saved is None:
            _stream_limits.pop(id(self.stream), None)
        else:
            _stream_limits[id(self.stream)] = self._saved


def _typed(name: str, value, cls):
    if not isinstance(value, cls) or (cls is int and isinstance(value, bool)):
        raise TypeError(f"The parameter '{name}' must be {cls}, but got {type(value)}")
    return value


def set_kernel_launch_group(thread_num: int = 2, kernel_group_num: int = 8) -> None:
    """Launch kernels in ``kernel_group_num`` groups from ``thread_num`` threads (recorded; XLA
    launches whole programs)."""
    _typed("thread_num", thread_num, int)
    _typed("kernel_group_num", kernel_group_num, int)
    if thread_num < 1:
        raise ValueError(f"The value of thread_num should be at least 1, but got {thread_num}")
    if kernel_group_num < 1:
        raise ValueError(f"The value of kernel_group_num should be at least 1, but got {kernel_group_num}")
    if kernel_group_num % thread_num:
        raise ValueError(f"Invalid parameter value, kernel_group_num: {kernel_group_num} cannot be evenly divisible "
                         f"by thread_num: {thread_num}")
    if _launch["capture"]:
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    _launch["group"] = (thread_num, kernel_group_num)


def set_kernel_launch_capture(enable_capture_graph: bool, op_capture_skip=None) -> None:
    """Capture kernel launches into a replayable graph (recorded; an XLA program is already one
    compiled launch)."""
    _typed("enable_capture_graph", enable_capture_graph, bool)
    if op_capture_skip is not None and not isinstance(op_capture_skip, (list, tuple)):
        raise TypeError(f"The parameter 'op_capture_skip' must be {list}, but got {type(op_capture_skip)}")
    if enable_capture_graph and _launch["group"] is not None:
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    _launch["capture"] = (enable_capture_graph, list(op_capture_skip or []))
