"""GPU device queries, from JAX's GPU backend."""
import logging

logger = logging.getLogger("mindjax.device_context")


def _gpus() -> list:
    import jax
    try:
        return jax.local_devices(backend="gpu")
    except RuntimeError:
        return []


def is_available() -> bool:
    """Whether JAX has a GPU backend with at least one device.

    Examples:
        >>> import mindjax as ms
        >>> isinstance(ms.device_context.gpu.is_available(), bool)
        True
    """
    if not _gpus():
        logger.warning("Device GPU is not available.")
        return False
    return True


def device_count() -> int:
    """Number of GPUs JAX sees; ``RuntimeError`` where there is none.

    Examples:
        >>> import mindjax as ms
        >>> if ms.device_context.gpu.is_available():
        ...     print(ms.device_context.gpu.device_count() > 0)
    """
    gpus = _gpus()
    if not gpus:
        raise RuntimeError("Device_target GPU not exist.")
    return len(gpus)
