"""``mindspore._no_grad``: a context manager and decorator under which nothing is recorded for gradients.

Recording happens only while ``state.grad_depth > 0``; the context sets it to 0 and puts it back on
exit, so the ops inside leave constants behind: gradients through them are zeros. Starting a
gradient computation inside it raises, as in MindSpore.
"""
from __future__ import annotations

import contextlib

from .._state import state

_enabled = [True]   # MindSpore's `_pynative_executor.enable_grad()`
_depths = []        # the recording depth to restore when recording is enabled again


def grad_enabled() -> bool:
    """False inside ``_no_grad``."""
    return _enabled[0]


def set_grad_enabled(flag: bool) -> None:
    """Switch gradient recording off (keeping the current recording depth) or back on (restoring it)."""
    flag = bool(flag)
    if flag == _enabled[0]:
        return
    if flag:
        state.grad_depth = _depths.pop() if _depths else state.grad_depth
    else:
        _depths.append(state.grad_depth)
        state.grad_depth = 0
    _enabled[0] = flag


def check_grad_allowed() -> None:
    """Raise as MindSpore does when a gradient is requested inside ``_no_grad`` (PyNative only)."""
    if not _enabled[0] and not state.jit_depth:
        from .. import context
        if context.get_context("mode") != context.GRAPH_MODE:
            raise RuntimeError("In no_grad context, you can not calculate gradient")


class _no_grad(contextlib.ContextDecorator):
    """Disable gradient recording (PyNative): ops run inside record nothing, so no gradient flows
    through what they compute. On exit the previous state comes back. Works as a decorator too.

    Examples:
        >>> import mindjax as ms
        >>> def f(x):
        ...     with ms._no_grad():
        ...         y = x * x
        ...     return x + y
        >>> print(ms.grad(f)(ms.Tensor([1.0, 2.0])))
        [1. 1.]
    """

    def __init__(self) -> None:
        self.prev_state = False
        self._stack = []   # one entry per active `with` (a decorated function may recurse)

    def __enter__(self) -> None:
        self.prev_state = _enabled[0]
        self._stack.append(_enabled[0])
        set_grad_enabled(False)

    def __exit__(self, exc_type, exc_val, exc_tb) -> bool:
        set_grad_enabled(self._stack.pop())
        return False
