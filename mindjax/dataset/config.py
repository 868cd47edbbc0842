"""``mindspore.dataset.config``: process-wide settings of the data pipeline.

Examples:
    >>> import mindjax.dataset as ds
    >>> ds.config.set_seed(7)
    >>> ds.config.get_seed()
    7
"""
import os
import threading

__all__ = [
    "set_seed", "get_seed", "set_prefetch_size", "get_prefetch_size", "set_num_parallel_workers",
    "get_num_parallel_workers", "set_monitor_sampling_interval", "get_monitor_sampling_interval",
    "set_callback_timeout", "get_callback_timeout", "set_enable_shared_mem", "get_enable_shared_mem",
]

_UINT32_MAX = 4294967295
_INT32_MAX = 2147483647
_DEFAULT_SEED = 5489  # what MindSpore's get_seed() answers before any set_seed

_lock = threading.Lock()
_state = {
    "seed": None,  # None: not set, shuffles differ from run to run
    "prefetch_size": 16,
    # MindSpore: 8, capped at the machine's hardware threads
    "num_parallel_workers": min(8, os.cpu_count() or 1),
    "monitor_sampling_interval": 1000,
    "callback_timeout": 60,
    "enable_shared_mem": False,
}


def _check_int(name, value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} isn't of type int.")


def set_seed(seed):
    """Seed every random choice of the pipeline (shuffles, random transforms).

    Raises:
        TypeError: ``seed`` is not an int.
        ValueError: ``seed`` is outside [0, 4294967295].
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed isn't of type int.")
    if seed < 0 or seed > _UINT32_MAX:
        raise ValueError("seed given is not within the required range [0, UINT32_MAX(4294967295)].")
    with _lock:
        _state["seed"] = int(seed)
    from . import _random
    _random._reseed_global(int(seed))


def get_seed():
    """The seed set by :func:`set_seed` (5489 if none was set, as in MindSpore)."""
    s = _state["seed"]
    return _DEFAULT_SEED if s is None else s


def _seed_or_none():
    return _state["seed"]


def set_prefetch_size(size):
    """Number of rows (batches, after ``batch``) prepared ahead by the pipeline thread."""
    _check_int("size", size)
    if size <= 0 or size > _INT32_MAX:
        raise ValueError("size is not within the required range (0, INT32_MAX(2147483647)].")
    _state["prefetch_size"] = int(size)


def get_prefetch_size():
    return _state["prefetch_size"]


def set_num_parallel_workers(num):
    """Default number of workers of every node.

    Raises:
        TypeError: ``num`` is not an int.
        ValueError: ``num`` <= 0.
        RuntimeError: ``num`` is larger than the number of CPUs (as MindSpore's C++ check).
    """
    from multiprocessing import cpu_count
    _check_int("num", num)
    if num <= 0 or num > _INT32_MAX:
        raise ValueError("Number of parallel workers given is not within the required range (0, "
                         "INT32_MAX(2147483647)].")
    if num > cpu_count():
        raise RuntimeError(f"Syntax error. \n\n{'-' * 66}\n- Dataset Pipeline Error Message: \n{'-' * 66}\n"
                           f"[ERROR] Invalid Parameter, num_parallel_workers exceeds the boundary between 1 and "
                           f"{cpu_count()}, as got {num}.\n")
    _state["num_parallel_workers"] = int(num)


def get_num_parallel_workers():
    return _state["num_parallel_workers"]


def set_monitor_sampling_interval(interval):
    _check_int("interval", interval)
    _state["monitor_sampling_interval"] = int(interval)


def get_monitor_sampling_interval():
    return _state["monitor_sampling_interval"]


def set_callback_timeout(timeout):
    _check_int("timeout", timeout)
    _state["callback_timeout"] = int(timeout)


def get_callback_timeout():
    return _state["callback_timeout"]


def set_enable_shared_mem(enable):
    if not isinstance(enable, bool):
        raise TypeError("enable isn't of type bool.")
    _state["enable_shared_mem"] = enable


def get_enable_shared_mem():
    return _state["enable_shared_mem"]
