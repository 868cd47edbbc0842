"""Device selection: ``get_current_device`` and ``DeviceCtx``.

MindSpore keeps these in ``mindspore.device_manager`` and ``mindspore.common.device`` and
re-exports them at the top level.
"""
from __future__ import annotations


class DeviceInfo(tuple):
    """``(device_target, device_id)`` with both as named properties."""

    def __new__(cls, device_target: str, device_id: int):
        return super().__new__(cls, (device_target, device_id))

    @property
    def device_target(self) -> str:
        return self[0]

    @property
    def device_id(self) -> int:
        return self[1]


def get_current_device() -> DeviceInfo:
    """The device target and device id in use.

    Examples:
        >>> import mindjax as ms
        >>> ms.set_device("CPU")
        >>> ms.get_current_device()
        ('CPU', 0)
        >>> ms.get_current_device().device_target
        'CPU'
    """
    from ..context import get_context
    return DeviceInfo(get_context("device_target"), get_context("device_id"))


class DeviceCtx:
    """Run the ``with`` block on another device: the device target and id become ``name`` and
    ``device_id``, and the tensors created inside are placed on that device (``jax.default_device``).

    ``"Ascend"``, or ``"GPU"`` on a machine without one, falls back to the CPU with a warning, as
    ``set_device`` does. MindSpore's ``"meta"`` device (tensors without storage) is not supported.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> with ms.DeviceCtx("CPU"):
        ...     x = ms.Tensor(np.ones(3), ms.float32)
        ...     print(ms.get_current_device())
        ('CPU', 0)
    """

    def __init__(self, name: str, device_id: int | None = None) -> None:
        self.name = name
        self.device_id = device_id
        self._stack = []

    def __enter__(self) -> "DeviceCtx":
        import jax
        from .. import context
        valid = ["CPU", "GPU", "Ascend"]
        if self.name == "meta":
            raise ValueError("For DeviceCtx, the 'meta' device (tensors without storage) is not supported by "
                             "mindjax; the name must be one of ['CPU', 'GPU', 'Ascend'].")
        if self.name not in valid:
            raise ValueError(f"For DeviceCtx, the name must be one of {valid}, but got {self.name}.")
        if self.device_id is not None and self.device_id < 0:
            raise ValueError("For DeviceCtx, the device_id must be greater than or equal to 0.")
        device_id = 0 if self.device_id is None else self.device_id
        previous = get_current_device()
        context.set_device(self.name, device_id)
        target = context.get_context("device_target")  # after the CPU fallback
        devices = jax.local_devices(backend="gpu" if target == "GPU" else "cpu")
        if target == "GPU" and device_id >= len(devices):
            context.set_device(previous.device_target, previous.device_id)
            raise ValueError(f"For DeviceCtx, the device_id must be less than the device count {len(devices)}, "
                             f"but got {device_id}.")
        placement = jax.default_device(devices[device_id if target == "GPU" else 0])
        placement.__enter__()
        self._stack.append((previous, placement))
        return self

    def __exit__(self, exc_type, exc_val, exc_tb) -> None:
        from .. import context
        previous, placement = self._stack.pop()
        try:
            placement.__exit__(exc_type, exc_val, exc_tb)
        finally:
            context.set_device(previous.device_target, previous.device_id)

