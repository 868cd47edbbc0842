"""``mindspore.set_dump``: mark a Cell or Primitive for MindSpore's data dump."""
from __future__ import annotations

import warnings


def set_dump(target, enabled: bool = True) -> None:
    """Mark ``target`` (a Cell or Primitive) for MindSpore's kernel data dump.

    The dump itself (configured by ``MINDSPORE_DUMP_CONFIG``) exists only on Ascend. As
    MindSpore does on CPU and GPU, the arguments are checked and a warning says that nothing
    will be dumped; the mark is kept on the target (``target._dump``).

    Examples:
        >>> import warnings
        >>> import mindjax as ms
        >>> net = ms.nn.Dense(2, 2)
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     ms.set_dump(net)
        >>> net._dump
        True
    """
    from .nn.cell import Cell
    from .ops._primitive import Primitive
    if not isinstance(target, (Cell, Primitive)):
        raise ValueError(f'The "target" parameter must be an instance of Cell or Primitive, but got an instance of '
                         f'{type(target)}.')
    if not isinstance(enabled, bool):
        raise ValueError('The "enabled" parameter must be bool.')
    from .context import get_context
    warnings.warn(f"Current device_target is {get_context('device_target')}, which is not supported by set_dump: "
                  f"the data dump exists only on Ascend, so nothing will be dumped.", UserWarning, stacklevel=2)
    target.__dict__["_dump"] = enabled
