"""``mindspore.hal`` memory functions: ``mindspore.runtime``'s, for a chosen ``device_target``.

The numbers are those of :mod:`mindjax.runtime.memory` (XLA's allocator on GPU, the live
arrays on CPU, peaks kept by mindjax).
"""
from __future__ import annotations

import logging

from ..runtime import memory as _rt
from .device import _check_inputs_validation, is_initialized

logger = logging.getLogger("mindjax.hal")


@_check_inputs_validation
def memory_stats(device_target: str | None = None) -> dict:
    """Memory statistics with MindSpore's keys; ``{}`` before the backend has started.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> x = ms.Tensor(np.ones(4), ms.float32) + 1
        >>> ms.hal.memory_stats("CPU")["total_allocated_memory"] >= 16
        True
    """
    if not is_initialized(device_target):
        logger.warning("Backend %s is not initialized yet. Return empty dict.", device_target)
        return {}
    return _rt._stats(device_target)


@_check_inputs_validation
def memory_reserved(device_target: str | None = None) -> int:
    """Bytes held by the allocator of ``device_target``.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.memory_reserved("CPU") >= 0
        True
    """
    return _rt._stats(device_target)["total_reserved_memory"]


@_check_inputs_validation
def max_memory_reserved(device_target: str | None = None) -> int:
    """Peak of ``memory_reserved`` since the start or the last reset.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.max_memory_reserved("CPU") >= ms.hal.memory_reserved("CPU")
        True
    """
    return _rt._stats(device_target)["max_reserved_memory"]


@_check_inputs_validation
def memory_allocated(device_target: str | None = None) -> int:
    """Bytes occupied by tensors on ``device_target``.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.memory_allocated("CPU") >= 0
        True
    """
    return _rt._stats(device_target)["total_allocated_memory"]


@_check_inputs_validation
def max_memory_allocated(device_target: str | None = None) -> int:
    """Peak of ``memory_allocated`` since the start or the last reset.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.max_memory_allocated("CPU") >= ms.hal.memory_allocated("CPU")
        True
    """
    return _rt._stats(device_target)["max_allocated_memory"]


@_check_inputs_validation
def reset_peak_memory_stats(device_target: str | None = None) -> None:
    """Reset both peaks of ``device_target`` to its current usage.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.reset_peak_memory_stats("CPU")
    """
    _rt._reset(device_target, True, True)


@_check_inputs_validation
def reset_max_memory_reserved(device_target: str | None = None) -> None:
    """Reset the reserved-memory peak of ``device_target``.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.reset_max_memory_reserved("CPU")
    """
    _rt._reset(device_target, False, True)


@_check_inputs_validation
def reset_max_memory_allocated(device_target: str | None = None) -> None:
    """Reset the allocated-memory peak of ``device_target``.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.reset_max_memory_allocated("CPU")
    """
    _rt._reset(device_target, True, False)


@_check_inputs_validation
def memory_summary(device_target: str | None = None) -> str:
    """The memory statistics of ``device_target`` as MindSpore's table.

    Examples:
        >>> import mindjax as ms
        >>> "Allocated memory" in ms.hal.memory_summary("CPU")
        True
    """
    return _rt._summary(_rt._stats(device_target))


def empty_cache() -> None:
    """Same as :func:`mindjax.runtime.empty_cache`.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.empty_cache()
    """
    _rt.empty_cache()
