"""``mindspore.nn.utils``: ``no_init_parameters``."""
from __future__ import annotations

from contextlib import contextmanager

from ...common.parameter import Parameter

__all__ = ["no_init_parameters"]


@contextmanager
def no_init_parameters():
    """Context manager under which a network is built to be filled from a checkpoint. As in MindSpore,
    ``Parameter.init_param`` is False inside the scope and True after it.

    MindSpore uses the flag to defer the initializers' work (``has_init`` stays True until
    ``init_parameters_data`` or ``load_checkpoint``), saving host memory. mindjax's initializers write
    device arrays directly, so values are drawn at creation (``has_init`` is False) and
    ``load_checkpoint`` replaces them: the network ends with the checkpoint's values either way.

    Example:
        >>> from mindjax import nn
        >>> with nn.no_init_parameters():
        ...     net = nn.Dense(3, 2)
        ...     inside = net.weight.init_param
        >>> inside, net.weight.init_param
        (False, True)
    """
    Parameter.init_param = False
    try:
        yield
    finally:
        Parameter.init_param = True
