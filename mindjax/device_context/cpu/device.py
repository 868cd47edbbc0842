"""CPU device queries."""


def is_available() -> bool:
    """Whether the CPU backend is available: always ``True`` (XLA's CPU client is part of jaxlib).

    Examples:
        >>> import mindjax as ms
        >>> ms.device_context.cpu.is_available()
        True
    """
    return True


def device_count() -> int:
    """Number of CPU devices: 1, as in MindSpore.

    Examples:
        >>> import mindjax as ms
        >>> ms.device_context.cpu.device_count()
        1
    """
    return 1
