"""``mindspore.runtime`` memory interfaces, read from JAX's device memory statistics.

Where the numbers come from:

* **GPU** (and any backend whose ``jax.Device.memory_stats()`` answers): XLA's allocator.
  ``total_allocated_memory`` is ``bytes_in_use``, ``total_reserved_memory`` is ``pool_bytes``
  (what the allocator took from the device; with JAX's default pre-allocation, most of the
  card), ``max_*`` are the allocator's peaks.
* **CPU**: XLA's CPU client keeps no statistics (``memory_stats()`` is ``None``), so the
  allocated bytes are the sum of the buffers of ``jax.live_arrays()`` on the device, and
  reserved equals allocated (XLA:CPU allocates with ``malloc``; there is no pool). MindSpore
  itself reports 0 for every number on CPU; mindjax reports the real usage.

Peaks: XLA's peaks cannot be reset, and the CPU has none, so mindjax keeps its own peak per
device, updated each time it samples the usage: at every call of these functions, at
``synchronize()``, at ``Event.record()`` and at each profiler step. A buffer that is created
and freed between two samples is only counted in the peak where XLA tracks peaks (GPU).
``reset_max_memory_*`` set the peak to the usage at the time of the call.
"""
from __future__ import annotations

import gc
import logging

from ._check import check_type, check_str_by_regular, check_once

logger = logging.getLogger("mindjax.runtime")

_MEMORY_PATTERN = r'[1-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB'
_RESERVE_PATTERN = r'[0-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB'
_configured: set = set()
_memory_conf: dict = {}
# per device: our peaks, and XLA's own peaks when they were last reset
_track: dict = {}


def _platform(device_target: str | None = None) -> str:
    if device_target is None:
        from ..context import get_context
        device_target = get_context("device_target")
    return "gpu" if device_target == "GPU" else "cpu"


def _device(device_target: str | None = None):
    """The jax device that MindSpore's current device (or ``device_target``) stands for."""
    import jax
    return jax.local_devices(backend=_platform(device_target))[0]


def _live_bytes(dev) -> int:
    """Bytes of the live jax buffers on ``dev`` (each shard on that device counted once)."""
    import jax
    from .. import _capture
    _capture.flush_all()  # the values of recorded ops count once they exist: run them first
    total = 0
    for arr in jax.live_arrays():
        try:
            devices = arr.devices()
            if len(devices) == 1:
                if dev in devices:
                    total += arr.nbytes
            else:
                total += sum(s.data.nbytes for s in arr.addressable_shards if s.device == dev)
        except RuntimeError:  # deleted or donated between listing and reading
            continue
    return total


def _sample(device_target: str | None = None) -> dict:
    """Read the current usage of a device and update the peaks mindjax keeps for it."""
    dev = _device(device_target)
    stats = dev.memory_stats()
    if stats:
        allocated = int(stats.get("bytes_in_use", 0))
        reserved = int(stats.get("pool_bytes", max(allocated, stats.get("bytes_reserved", 0))))
        xla_peak_alloc = int(stats.get("peak_bytes_in_use", allocated))
        xla_peak_res = int(stats.get("peak_pool_bytes", reserved))
    else:
        allocated = reserved = _live_bytes(dev)
        xla_peak_alloc = xla_peak_res = None
    key = (dev.platform, dev.id)
    rec = _track.get(key)
    if rec is None:
        # before any reset, XLA's peaks (since the process began) are the peaks
        rec = _track[key] = {"alloc": 0, "res": 0, "xla_alloc_at_reset": -1, "xla_res_at_reset": -1}
    rec["alloc"] = max(rec["alloc"], allocated)
    rec["res"] = max(rec["res"], reserved)
    # XLA's peak is since process start: it only counts if it rose after the last reset
    if xla_peak_alloc is not None and xla_peak_alloc > rec["xla_alloc_at_reset"]:
        rec["alloc"] = max(rec["alloc"], xla_peak_alloc)
    if xla_peak_res is not None and xla_peak_res > rec["xla_res_at_reset"]:
        rec["res"] = max(rec["res"], xla_peak_res)
    return {"allocated": allocated, "reserved": reserved, "rec": rec,
            "xla_peak_alloc": xla_peak_alloc, "xla_peak_res": xla_peak_res}


def _stats(device_target: str | None = None) -> dict:
    s = _sample(device_target)
    return {
        "total_reserved_memory": s["reserved"],
        "total_allocated_memory": s["allocated"],
        "total_idle_memory": max(s["reserved"] - s["allocated"], 0),
        # XLA frees at once: there is no memory waiting to be freed eagerly
        "total_eager_free_memory": 0,
        "max_reserved_memory": s["rec"]["res"],
        "max_allocated_memory": s["rec"]["alloc"],
        # XLA does not expose the blocks of its pool
        "common_mem_pool_stats": {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}},
        "persistent_mem_pool_stats": {"block_counts": 0, "block_unit_size": 0, "blocks_info": {}},
    }


def _reset(device_target: str | None, allocated: bool, reserved: bool) -> None:
    s = _sample(device_target)
    rec = s["rec"]
    if allocated:
        rec["alloc"] = s["allocated"]
        rec["xla_alloc_at_reset"] = s["xla_peak_alloc"] if s["xla_peak_alloc"] is not None else -1
    if reserved:
        rec["res"] = s["reserved"]
        rec["xla_res_at_reset"] = s["xla_peak_res"] if s["xla_peak_res"] is not None else -1


def set_memory(init_size: str = "2GB", increase_size: str = "2GB", max_size: str = "1024GB",
               optimize_level: str = "O0", huge_page_reserve_size: str = "0GB") -> None:
    """Set the memory pool parameters (``mindspore.runtime.set_memory``); once per process.

    The arguments are checked as MindSpore checks them. XLA manages its own allocator, so on
    mindjax the values are recorded (``mindjax.runtime.memory._memory_conf``) but do not size a
    pool: on GPU, set ``XLA_PYTHON_CLIENT_MEM_FRACTION`` / ``XLA_PYTHON_CLIENT_PREALLOCATE``
    before the first op to limit what XLA takes.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.set_memory("10GB", "2GB", "60GB", "O1", "0GB")
    """
    for name, value in (("init_size", init_size), ("increase_size", increase_size), ("max_size", max_size),
                        ("optimize_level", optimize_level), ("huge_page_reserve_size", huge_page_reserve_size)):
        check_type(value, str, name)
    if "set_memory" in _configured:
        raise RuntimeError("The 'set_memory' can not be set repeatedly.")
    for size in (init_size, increase_size, max_size):
        check_str_by_regular(size, _MEMORY_PATTERN)
        if size in ("0GB", "0.0GB"):
            raise ValueError("The memory value should not be \"0GB\".")
    check_str_by_regular(huge_page_reserve_size, _RESERVE_PATTERN)
    if optimize_level not in ("O0", "O1"):
        raise ValueError(f"The optimize_level must be one of ['O0', 'O1'], but got {optimize_level}.")
    check_once(_configured, "set_memory", "The 'set_memory' can not be set repeatedly.")
    _memory_conf.update(init_size=float(init_size[:-2]), increase_size=float(increase_size[:-2]),
                        max_size=float(max_size[:-2]), optimize_level=int(optimize_level[1]),
                        huge_page_reserve_size=float(huge_page_reserve_size[:-2]))


def memory_stats() -> dict:
    """Memory statistics of the current device, with MindSpore's keys (``mindspore.runtime.memory_stats``).

    See the module docstring for where each number comes from (XLA's allocator on GPU, the live
    arrays on CPU).

    Examples:
        >>> import mindjax as ms
        >>> sorted(ms.runtime.memory_stats())[:2]
        ['common_mem_pool_stats', 'max_allocated_memory']
    """
    return _stats()


def memory_reserved() -> int:
    """Bytes held by the device allocator now (CPU: the bytes of the live arrays).

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.memory_reserved() >= ms.runtime.memory_allocated()
        True
    """
    return _stats()["total_reserved_memory"]


def max_memory_reserved() -> int:
    """Peak of ``memory_reserved()`` since the start or the last reset.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.max_memory_reserved() >= ms.runtime.memory_reserved()
        True
    """
    return _stats()["max_reserved_memory"]


def memory_allocated() -> int:
    """Bytes occupied by tensors on the current device now.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> before = ms.runtime.memory_allocated()
        >>> x = ms.Tensor(np.zeros(1024, np.float32))
        >>> ms.runtime.memory_allocated() - before
        4096
    """
    return _stats()["total_allocated_memory"]


def max_memory_allocated() -> int:
    """Peak of ``memory_allocated()`` since the start or the last reset (sampled, see the module doc).

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.max_memory_allocated() >= ms.runtime.memory_allocated()
        True
    """
    return _stats()["max_allocated_memory"]


def reset_peak_memory_stats() -> None:
    """Reset both peaks to the current usage.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.reset_peak_memory_stats()
        >>> ms.runtime.max_memory_allocated() == ms.runtime.memory_allocated()
        True
    """
    _reset(None, True, True)


def reset_max_memory_reserved() -> None:
    """Reset the reserved-memory peak to the current reserved bytes.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.reset_max_memory_reserved()
    """
    _reset(None, False, True)


def reset_max_memory_allocated() -> None:
    """Reset the allocated-memory peak to the current allocated bytes.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.reset_max_memory_allocated()
    """
    _reset(None, True, False)


def empty_cache() -> None:
    """Free what can be freed: runs Python's garbage collector so that tensors kept alive only by
    reference cycles release their device buffers.

    XLA's GPU allocator keeps the memory it took from the device in its pool for reuse and JAX
    has no call that returns it (set ``XLA_PYTHON_CLIENT_ALLOCATOR=platform`` before the first
    op to free each buffer to the device at once); compiled programs are not touched.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.empty_cache()
    """
    before = _sample()["allocated"]
    gc.collect()
    logger.info("The empty_cache operation is executed successfully, release size: %d.",
                before - _sample()["allocated"])


def _format_size(sz: int, pref_sz: float) -> str:
    prefixes = ["B  ", "KB", "MB", "GB", "TB", "PB"]
    prefix = prefixes[0]
    for new_prefix in prefixes[1:]:
        if pref_sz < 768 * 1024:
            break
        prefix = new_prefix
        sz //= 1024
        pref_sz /= 1024
    return f"{sz:6d} {prefix}"


def _summary(stats: dict) -> str:
    rows = [("total_reserved_memory", "Reserved memory"), ("total_allocated_memory", "Allocated memory"),
            ("total_idle_memory", "Idle memory"), ("total_eager_free_memory", "Eager free memory"),
            ("max_reserved_memory", "Max reserved memory"), ("max_allocated_memory", "Max allocated memory")]
    lines = ["=" * 45, " {:^43} ".format("Memory summary"), "=" * 45, " {:<20} | {:<20} ".format("Metric", "Data")]
    for key, title in rows:
        lines.append("-" * 45)
        lines.append(" {:<20} | {:<20} ".format(title, _format_size(stats[key], stats[key])))
    lines.append("=" * 45)
    return "|" + "|\n|".join(lines) + "|\n"


def memory_summary() -> str:
    """The memory statistics as MindSpore's table (a string).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.runtime.memory_summary().splitlines()[1])
        |               Memory summary                |
    """
    return _summary(_stats())
