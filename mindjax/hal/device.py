"""``mindspore.hal`` device queries, answered from ``jax.devices()``.

``"CPU"`` is always available and counts as one device (as in MindSpore). ``"GPU"`` is available
when JAX has a CUDA/ROCm backend; its name, capability and properties come from the jax device
and, for the numbers JAX does not expose (total memory, board flags, warp size), from the CUDA
driver (``libcuda``). ``"Ascend"`` is never available.
"""
from __future__ import annotations

import ctypes
import functools
import inspect
import logging

logger = logging.getLogger("mindjax.hal")
valid_targets = ["CPU", "GPU", "Ascend"]


def _gpu_devices() -> list:
    import jax
    try:
        return jax.local_devices(backend="gpu")
    except RuntimeError:
        return []


def _available(target: str) -> bool:
    return target == "CPU" or (target == "GPU" and bool(_gpu_devices()))


def _check_inputs_validation(fn):
    """Resolve ``device_target=None`` to the current target and check it, with MindSpore's messages."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def deco(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        params = bound.arguments
        if "device_target" in params:
            target = params["device_target"]
            if target is None:
                from ..context import get_context
                target = params["device_target"] = get_context("device_target")
            if not isinstance(target, str):
                raise TypeError(f"The argument 'device_target' must be str, but got {target}, type is {type(target)}.")
            if target not in valid_targets:
                raise ValueError(f"The argument 'device_target' must be one of {valid_targets}, but got {target}.")
            if not _available(target):
                raise ValueError(f"{target} backend is not available for this MindSpore package."
                                 "You can call hal.is_available to check the reason.")
        return fn(*bound.args, **bound.kwargs)
    return deco


def _check_device_id(fn):
    """Check ``device_id`` against the device count, with MindSpore's messages."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def deco(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        params = bound.arguments
        count = device_count(params.get("device_target"))
        device_id = params["device_id"]
        if not isinstance(device_id, int):
            raise TypeError(f"The argument 'device_id' must be int, but got {device_id}, type is {type(device_id)}.")
        if device_id < 0:
            raise ValueError(f"The argument 'device_id' should not be negative, but got {device_id}.")
        if device_id >= count:
            raise ValueError(f"The argument 'device_id' must be less than device count: {count}, but got {device_id}.")
        return fn(*args, **kwargs)
    return deco


def is_initialized(device_target: str) -> bool:
    """Whether the backend of ``device_target`` has started (JAX starts it at the first op).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> _ = ms.ops.add(ms.Tensor(np.ones(2)), ms.Tensor(np.ones(2))).asnumpy()
        >>> ms.hal.is_initialized("CPU")
        True
    """
    if device_target not in valid_targets:
        raise ValueError(f"For 'hal.is_initialized', the argument 'device_target' must be one of {valid_targets}, "
                         f"but got {device_target}.")
    from jax._src import xla_bridge
    if device_target == "Ascend" or not xla_bridge.backends_are_initialized():
        return False
    platforms = {b.platform for b in xla_bridge.backends().values()}
    return ("gpu" in platforms or "cuda" in platforms or "rocm" in platforms) if device_target == "GPU" \
        else "cpu" in platforms


def is_available(device_target: str) -> bool:
    """Whether ``device_target`` can be used by this installation.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.is_available("CPU")
        True
    """
    if device_target not in valid_targets:
        raise ValueError(f"For 'hal.is_available', the argument 'device_target' must be one of {valid_targets}, "
                         f"but got {device_target}.")
    if not _available(device_target):
        logger.warning("Backend %s is not available.", device_target)
        return False
    return True


@_check_inputs_validation
def device_count(device_target: str | None = None) -> int:
    """Number of devices of ``device_target`` (default: the current target); 1 for the CPU.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.device_count("CPU")
        1
    """
    return 1 if device_target == "CPU" else len(_gpu_devices())


class _GpuDeviceProperties:
    """The fields of MindSpore's ``cudaDeviceProp`` for one GPU."""
    __slots__ = ("name", "major", "minor", "is_multi_gpu_board", "is_integrated", "multi_processor_count",
                 "total_memory", "warp_size")

    def __init__(self, **fields):
        for k in self.__slots__:
            setattr(self, k, fields[k])

    def __repr__(self) -> str:
        return (f"_GpuDeviceProperties(name='{self.name}', major={self.major}, minor={self.minor}, "
                f"is_multi_gpu_board={self.is_multi_gpu_board}, is_integrated={self.is_integrated}, "
                f"multi_processor_count={self.multi_processor_count}, "
                f"total_memory={self.total_memory // (1024 * 1024)}MB, warp_size={self.warp_size})")


def _capability(dev) -> tuple:
    major, _, minor = str(dev.compute_capability).partition(".")
    return int(major), int(minor or 0)


def _cuda_attributes(ordinal: int) -> dict:
    """Total memory and board attributes of CUDA device ``ordinal`` from the driver API."""
    cuda = ctypes.CDLL("libcuda.so.1")
    if cuda.cuInit(0) != 0:
        raise RuntimeError("For 'get_device_properties', the CUDA driver failed to initialize.")
    dev = ctypes.c_int()
    if cuda.cuDeviceGet(ctypes.byref(dev), ordinal) != 0:
        raise RuntimeError(f"For 'get_device_properties', CUDA device {ordinal} was not found.")
    total = ctypes.c_size_t()
    cuda.cuDeviceTotalMem_v2(ctypes.byref(total), dev)

    def attr(code: int) -> int:
        out = ctypes.c_int()
        cuda.cuDeviceGetAttribute(ctypes.byref(out), code, dev)
        return out.value
    # CUdevice_attribute codes from cuda.h
    return {"total_memory": total.value, "warp_size": attr(10), "multi_processor_count": attr(16),
            "is_integrated": attr(18), "is_multi_gpu_board": attr(84)}


@_check_device_id
@_check_inputs_validation
def get_device_capability(device_id: int, device_target: str | None = None):
    """``(major, minor)`` CUDA compute capability of a GPU; ``None`` for the CPU.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.hal.get_device_capability(0, "CPU"))
        None
    """
    if device_target == "CPU":
        logger.warning("'get_device_capability' for CPU is not implemented. Return None.")
        return None
    return _capability(_gpu_devices()[device_id])


@_check_device_id
@_check_inputs_validation
def get_device_properties(device_id: int, device_target: str | None = None):
    """Properties of a GPU (name, capability, SM count, total memory, ...); ``None`` for the CPU.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.hal.get_device_properties(0, "CPU"))
        None
    """
    if device_target == "CPU":
        logger.warning("'get_device_properties' for CPU is not implemented. Return None.")
        return None
    dev = _gpu_devices()[device_id]
    major, minor = _capability(dev)
    return _GpuDeviceProperties(name=dev.device_kind, major=major, minor=minor,
                                **_cuda_attributes(dev.local_hardware_id))


@_check_device_id
@_check_inputs_validation
def get_device_name(device_id: int, device_target: str | None = None) -> str:
    """The device's name: ``"CPU"`` for the CPU, the model for a GPU.

    Examples:
        >>> import mindjax as ms
        >>> ms.hal.get_device_name(0, "CPU")
        'CPU'
    """
    return "CPU" if device_target == "CPU" else _gpu_devices()[device_id].device_kind


@_check_inputs_validation
def get_arch_list(device_target: str | None = None):
    """GPU architectures code is built for: XLA compiles for the GPUs present, so this is their
    ``sm_XY`` list (a string); ``None`` for the CPU.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.hal.get_arch_list("CPU"))
        None
    """
    if device_target == "CPU":
        logger.warning("'get_arch_list' for CPU is not implemented. Return None.")
        return None
    return " ".join(sorted({"sm_%d%d" % _capability(d) for d in _gpu_devices()}))
