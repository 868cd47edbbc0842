"""``mindspore.runtime`` streams on JAX.

JAX hands each computation to XLA, which runs dispatched work in order and schedules its own
device streams; a program cannot put kernels on a stream of its choosing. mindjax's streams are
therefore handles with MindSpore's interface over that one in-order queue:

* ``Stream.synchronize()`` and ``synchronize()`` block until all dispatched work has finished
  (``jax.effects_barrier()`` plus waiting on every live array);
* ``Stream.query()`` tells, without blocking, whether every live array is ready;
* ``wait_event`` / ``wait_stream`` are satisfied at once, because nothing runs out of order;
* ``StreamCtx`` / ``set_cur_stream`` / ``current_stream`` keep track of the selected handle.

So code written for several MindSpore streams runs unchanged and gives the same results; it just
does not overlap kernels the way separate device streams could.
"""
from __future__ import annotations

import itertools

from .event import Event

_DEFAULT_ID = 0
_COMM_ID = 1
_ids = itertools.count(2)
_known_ids = {_DEFAULT_ID, _COMM_ID}
_current_id = _DEFAULT_ID


def _device_info() -> tuple:
    from ..context import get_context
    target = get_context("device_target")
    return target, 0


def _synchronize_all() -> None:
    """Block until every computation dispatched so far has finished."""
    import jax
    from .. import _capture
    _capture.flush_all()  # ops recorded by the captured mode are dispatched work too
    jax.effects_barrier()
    jax.block_until_ready(jax.live_arrays())
    from .memory import _sample
    _sample()  # a point where the memory peak is observed


class Stream:
    """A device stream handle (see the module docstring for how it maps onto XLA).

    Args:
        priority (int, optional): priority of the stream, kept for compatibility. Default ``0``.
        kwargs: ``stream`` (an existing Stream to wrap) or ``stream_id`` (the id of an existing stream).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> s1 = ms.runtime.Stream()
        >>> with ms.runtime.StreamCtx(s1):
        ...     c = ms.Tensor(np.ones([2, 2]), ms.float32) * 2
        >>> s1.synchronize()
        >>> s1.query()
        True
    """

    def __init__(self, priority: int = 0, **kwargs) -> None:
        self.init_finished = False
        other = kwargs.get("stream")
        if other is not None:
            if not isinstance(other, Stream):
                raise TypeError(f"For 'Stream', the argument 'stream' should be Stream, but got {type(other)}.")
            self._id, self._priority = other._id, other._priority
            self.init_finished = True
            return
        if isinstance(priority, bool) or not isinstance(priority, int):
            raise TypeError(f"For 'Stream', the type of 'priority' must be 'int', but got '{type(priority).__name__}'.")
        if "stream_id" in kwargs:
            sid = kwargs["stream_id"]
            if isinstance(sid, bool) or not isinstance(sid, int):
                raise TypeError(f"For 'Stream', the type of 'stream_id' must be 'int', but got '{type(sid).__name__}'.")
            if sid not in _known_ids:
                raise ValueError(f"stream_id:{sid} is not exist")
            self._id = sid
        else:
            self._id = next(_ids)
            _known_ids.add(self._id)
        self._priority = priority
        self.init_finished = True

    @property
    def id(self) -> int:
        return self._id

    @property
    def device_id(self) -> int:
        return _device_info()[1]

    @property
    def device_name(self) -> str:
        return _device_info()[0]

    def stream_id(self) -> int:
        """The id of this stream."""
        return self._id

    def record_event(self, event: Event | None = None) -> Event:
        """Record ``event`` (a new one if None) on this stream and return it."""
        if event is None:
            event = Event()
        if not isinstance(event, Event):
            raise TypeError(f"For 'record_event', the argument 'event' should be Event, but got {type(event)}.")
        event.record(self)
        return event

    def wait_event(self, event: Event) -> None:
        """Make future work on this stream wait for ``event``: satisfied at once (in-order execution)."""
        if not isinstance(event, Event):
            raise TypeError(f"For 'wait_event', the argument 'event' should be Event, but got {type(event)}.")
        event.wait(self)

    def wait_stream(self, stream: "Stream") -> None:
        """Make future work on this stream wait for the work queued on ``stream``: satisfied at once."""
        if not isinstance(stream, Stream):
            raise TypeError(f"For 'wait_stream', the argument 'stream' should be Stream, but got {type(stream)}.")

    def synchronize(self) -> None:
        """Block until all dispatched work has finished."""
        _synchronize_all()

    def query(self) -> bool:
        """Whether all dispatched work has finished (does not block)."""
        import jax
        from .. import _capture
        return not _capture.pending() and all(a.is_ready() for a in jax.live_arrays())

    def __eq__(self, other) -> bool:
        if not isinstance(other, Stream):
            raise TypeError(f"For '__eq__', the argument 'other' should be Stream, but got {type(other)}.")
        return self._id == other._id

    def __hash__(self) -> int:
        return hash((self._id, self.device_id))

    def __repr__(self) -> str:
        if not self.init_finished:
            return ""
        name, dev = _device_info()
        return f"Stream(device_name={name}, device_id:{dev}, stream id:{self._id})"


def synchronize() -> None:
    """Block until all work dispatched on the current device has finished.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> c = ms.ops.matmul(ms.Tensor(np.ones([64, 64]), ms.float32), ms.Tensor(np.ones([64, 64]), ms.float32))
        >>> ms.runtime.synchronize()
        >>> ms.runtime.current_stream().query()
        True
    """
    _synchronize_all()


def set_cur_stream(stream: Stream | None) -> None:
    """Select ``stream`` as the current stream (no-op for ``None``).

    Examples:
        >>> import mindjax as ms
        >>> s1 = ms.runtime.Stream()
        >>> ms.runtime.set_cur_stream(s1)
        >>> ms.runtime.current_stream() == s1
        True
        >>> ms.runtime.set_cur_stream(ms.runtime.default_stream())
    """
    global _current_id
    if stream is None:
        return
    if not isinstance(stream, Stream):
        raise TypeError(f"For 'set_cur_stream', the argument 'stream' should be Stream, but got {type(stream)}.")
    _current_id = stream._id


def current_stream() -> Stream:
    """The stream selected now (the default stream unless changed).

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.current_stream() == ms.runtime.default_stream()
        True
    """
    return Stream(stream_id=_current_id)


def default_stream() -> Stream:
    """The default stream (id 0).

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.default_stream().id
        0
    """
    return Stream(stream_id=_DEFAULT_ID)


def communication_stream() -> Stream:
    """The stream MindSpore uses for collective communication (id 1; XLA orders collectives itself).

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.communication_stream().id
        1
    """
    return Stream(stream_id=_COMM_ID)


class StreamCtx:
    """Context manager that makes ``ctx_stream`` the current stream (no-op for ``None``).

    Examples:
        >>> import mindjax as ms
        >>> s1 = ms.runtime.Stream()
        >>> with ms.runtime.StreamCtx(s1):
        ...     print(ms.runtime.current_stream() == s1)
        True
    """
    ctx_attr = True

    def __init__(self, ctx_stream: Stream | None) -> None:
        if ctx_stream is not None and not isinstance(ctx_stream, Stream):
            raise TypeError(f"For 'StreamCtx', the argument 'ctx_stream' should be Stream, but got "
                            f"{type(ctx_stream)}.")
        self.stream = ctx_stream
        self.prev_stream = None

    def __enter__(self) -> None:
        if self.stream is None:
            return
        self.prev_stream = current_stream()
        set_cur_stream(self.stream)

    def __exit__(self, exc_type, exc_val, exc_tb) -> None:
        if self.stream is None:
            return
        set_cur_stream(self.prev_stream)
