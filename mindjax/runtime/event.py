"""``mindspore.runtime.Event`` on JAX.

XLA runs the work that JAX dispatches in order and chooses its own device streams, so an event
cannot be enqueued between two kernels. mindjax's ``Event.record()`` therefore waits until all
work dispatched so far has finished and then takes the time: what it marks is exactly "all
work before the record is done", and ``elapsed_time`` is real wall time between two such
points. ``wait`` has nothing to order (execution is already in order) and returns at once.
"""
from __future__ import annotations

import time


class Event:
    """A synchronization marker that can measure time between two points of a program.

    Args:
        enable_timing (bool, optional): whether the event records a time. Default ``False``.
        blocking (bool, optional): kept for MindSpore compatibility; ``synchronize`` always blocks.

    Examples:
        >>> import time
        >>> import mindjax as ms
        >>> start, end = ms.runtime.Event(enable_timing=True), ms.runtime.Event(enable_timing=True)
        >>> start.record()
        >>> time.sleep(0.01)
        >>> end.record()
        >>> end.synchronize()
        >>> start.elapsed_time(end) >= 10.0
        True
    """

    def __init__(self, enable_timing: bool = False, blocking: bool = False) -> None:
        if not isinstance(enable_timing, bool):
            raise TypeError(f"For 'Event', the 'enable_timing' must be a bool, but got {type(enable_timing).__name__}.")
        if not isinstance(blocking, bool):
            raise TypeError(f"For 'Event', the 'blocking' must be a bool, but got {type(blocking).__name__}.")
        self._enable_timing = enable_timing
        self._blocking = blocking
        self._time = None   # perf_counter() when the recorded work had finished

    def record(self, stream=None) -> None:
        """Record the event on ``stream`` (default: the current stream): waits for the work dispatched
        so far, then notes the time."""
        from .stream import Stream, _synchronize_all
        if stream is not None and not isinstance(stream, Stream):
            raise TypeError(f"For 'record', the argument 'stream' should be Stream, but got {type(stream)}.")
        _synchronize_all()
        self._time = time.perf_counter()

    def wait(self, stream=None) -> None:
        """Make future work on ``stream`` wait for this event: satisfied at once, since work runs in order
        and the recorded work is already complete."""
        from .stream import Stream
        if stream is not None and not isinstance(stream, Stream):
            raise TypeError(f"For 'wait', the argument 'stream' should be Stream, but got {type(stream)}.")

    def synchronize(self) -> None:
        """Wait for the work captured by the event: it finished when the event was recorded."""

    def query(self) -> bool:
        """Whether the captured work has completed: always ``True`` (recording waited for it)."""
        return True

    def elapsed_time(self, end_event: "Event") -> float:
        """Milliseconds between the record of this event and the record of ``end_event``."""
        if not isinstance(end_event, Event):
            raise TypeError(f"For 'elapsed_time', the argument 'end_event' should be Event, but got "
                            f"{type(end_event)}.")
        if self._time is None or end_event._time is None:
            raise RuntimeError(f"event_ or other_event has not been recorded yet, event is created:"
                               f"{int(self._time is not None)}other_event is created:"
                               f"{int(end_event._time is not None)}")
        if not (self._enable_timing and end_event._enable_timing):
            raise RuntimeError("For 'elapsed_time', both events must be created with 'enable_timing=True'.")
        return (end_event._time - self._time) * 1000.0

    def __repr__(self) -> str:
        return (f"Event(enable_timing={int(self._enable_timing)}, blocking:{int(self._blocking)}, "
                f"is_created:{int(self._time is not None)}, event:0)")
