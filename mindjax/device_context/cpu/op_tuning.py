"""``mindspore.device_context.cpu.op_tuning``."""
from __future__ import annotations

from ...runtime._check import check_type, check_positive_int

_settings: dict = {"threads_num": None}


def threads_num(num: int) -> None:
    """Set the number of threads of the CPU kernels (once per process).

    The argument is checked as MindSpore checks it and recorded (``_settings``). XLA's CPU client
    sizes its thread pool from the CPUs the process may run on and has no setting for the count:
    to limit it, restrict the CPUs with :func:`mindjax.runtime.set_cpu_affinity` before the first op.

    Examples:
        >>> import mindjax as ms
        >>> ms.device_context.cpu.op_tuning.threads_num(10)
    """
    check_type(num, int, "num")
    if _settings["threads_num"] is not None:
        raise RuntimeError("The 'threads_num' can not be set repeatedly.")
    _settings["threads_num"] = check_positive_int(num, "num")
