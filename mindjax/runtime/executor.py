"""``mindspore.runtime`` executor settings: launch_blocking, dispatch_threads_num, set_cpu_affinity."""
from __future__ import annotations

import json
import logging
import os
import re

from .._state import state
from ._check import check_type, check_positive_int

logger = logging.getLogger("mindjax.runtime")

_configured: set = set()
_settings: dict = {"launch_blocking": False, "dispatch_threads_num": None, "cpu_affinity": None}
_MODULES = ("main", "runtime", "pynative", "minddata")


def launch_blocking() -> None:
    """Run every operator synchronously, so that an error is raised at the line that caused it.

    The same switch as ``set_context(pynative_synchronize=True)``: after each op mindjax waits
    for its result. It cannot be turned off again, as in MindSpore.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.launch_blocking()
    """
    _settings["launch_blocking"] = True
    state.sync = True


def dispatch_threads_num(threads_num: int) -> None:
    """Set the number of runtime dispatch threads (once per process).

    The argument is checked as MindSpore checks it and recorded. mindjax dispatches from the
    calling Python thread straight into XLA, which owns its thread pools, so there is no pool of
    dispatch threads for the number to size.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.dispatch_threads_num(6)
    """
    check_type(threads_num, int, "threads_num")
    if "dispatch_threads_num" in _configured:
        raise RuntimeError("The 'dispatch_threads_num' can not be set repeatedly.")
    check_positive_int(threads_num, "threads_num")
    _configured.add("dispatch_threads_num")
    _settings["dispatch_threads_num"] = threads_num


def _validate_affinity_cpu_list(affinity_cpu_list) -> None:
    if affinity_cpu_list is None:
        return
    if not isinstance(affinity_cpu_list, list):
        raise TypeError(f"The parameter '{affinity_cpu_list}' must be list, but got {type(affinity_cpu_list)}")
    pattern = re.compile(r'^(\d+-\d+|\d+)(,(\d+-\d+|\d+))*$')
    for cpu_range in affinity_cpu_list:
        if not isinstance(cpu_range, str):
            raise ValueError(f"CPU range '{cpu_range}' in '{affinity_cpu_list}' should be a string.")
        if not pattern.match(cpu_range):
            raise ValueError(f"CPU range '{cpu_range}' in '{affinity_cpu_list}' should be in format "
                             "'cpuidX-cpuidY' or 'cpuidX,cpuidY,cpuidZ'.")


def _validate_module_cpu_index(module_to_cpu_dict) -> None:
    if module_to_cpu_dict is None:
        return
    if not isinstance(module_to_cpu_dict, dict):
        raise TypeError(f"The parameter '{module_to_cpu_dict}' must be dict, but got {type(module_to_cpu_dict)}")
    for module_name, cpu_indices in module_to_cpu_dict.items():
        if not isinstance(cpu_indices, list):
            raise ValueError(f"The value of module_to_cpu_dict: {cpu_indices} should be a list.")
        for cpu_index in cpu_indices:
            if not isinstance(cpu_index, int) or cpu_index < 0:
                raise ValueError(f"CPU index '{cpu_index}' for module '{module_name}' in '{cpu_indices}' "
                                 "should be a non-negative integer.")


def _expand(ranges) -> list:
    """``"0-3,6"`` or ``5`` -> sorted cpu ids."""
    if isinstance(ranges, int):
        return [ranges]
    if not isinstance(ranges, str):
        raise TypeError(f"The parameter '{ranges}' must be str/int, but got {type(ranges)}")
    ids = set()
    for seg in (s.strip() for s in ranges.split(",")):
        if not seg:
            raise ValueError(f"CPU range '{ranges}' is invalid due to empty segment.")
        if "-" in seg:
            start, _, end = seg.partition("-")
            if int(start) > int(end):
                raise ValueError(f"CPU range '{seg}' start should not exceed end.")
            ids.update(range(int(start), int(end) + 1))
        else:
            ids.add(int(seg))
    return sorted(ids)


def _from_bind_file(bind_file: str, device_id: int):
    """(affinity_cpu_list, module_to_cpu_dict) for this device from a bind JSON file, or (None, None)."""
    if not isinstance(bind_file, str):
        raise TypeError(f"The parameter 'bind_file' must be a string path, but got {type(bind_file)}")
    if not os.path.isfile(bind_file):
        raise ValueError(f"The bind file '{bind_file}' does not exist.")
    with open(bind_file, "r", encoding="utf-8") as fp:
        try:
            content = json.load(fp)
        except json.JSONDecodeError as e:
            raise ValueError(f"Failed to parse bind file '{bind_file}' as JSON.") from e
    if not isinstance(content, dict):
        raise ValueError(f"The bind file '{bind_file}' content must be a JSON object.")
    config = content.get("bind_config", {})
    if not isinstance(config, dict):
        raise ValueError(f"The 'bind_config' field in bind file '{bind_file}' must be an object.")
    if str(config.get("bind_cpu_mode", "none")).lower() != "cpu":
        logger.warning("bind_file '%s' is provided but 'bind_cpu_mode' is not 'cpu'. Skip enabling "
                       "set_cpu_affinity based on bind_file.", bind_file)
        return None, None
    bind_cpu = content.get("bind_cpu", {})
    if not isinstance(bind_cpu, dict):
        raise ValueError(f"The 'bind_cpu' field in bind file '{bind_file}' must be a dict.")
    entry = {re.sub(r"^device_(\d+)$", r"device\1", k): v for k, v in bind_cpu.items()}.get(f"device{device_id}")
    if not isinstance(entry, dict):
        logger.warning("bind_file '%s' has no usable 'bind_cpu' config for device%d. Skip enabling "
                       "set_cpu_affinity.", bind_file, device_id)
        return None, None
    modules = {}
    for module, ranges in entry.items():
        if not isinstance(ranges, (str, int)):
            raise ValueError(f"The 'bind_cpu' entry for {module}, type of {ranges} should be string/int, "
                             f"but got {type(ranges)}.")
        modules[module] = _expand(ranges)
    all_cpus = sorted({c for cpus in modules.values() for c in cpus})
    if not all_cpus:
        return None, None
    index = {c: i for i, c in enumerate(all_cpus)}
    return [",".join(map(str, all_cpus))], {m: [index[c] for c in cpus] for m, cpus in modules.items()}


def _strategy(affinity_cpu_list, module_to_cpu_dict) -> dict:
    """MindSpore's bind-core strategy: {module: [cpu ids]}, from the list given or from the CPUs available."""
    available = sorted(os.sched_getaffinity(0))
    if affinity_cpu_list:
        cpus = []
        for cid in (c for r in affinity_cpu_list for c in _expand(r)):
            if cid not in available:
                raise RuntimeError(f"CPU id:{cid} set in affinity_cpu_list:{affinity_cpu_list} is not available.")
            cpus.append(cid)
    else:
        # one process per device: all the CPUs this process may use
        cpus = available
    if not cpus:
        return {}
    if module_to_cpu_dict:
        return {m: [cpus[i] for i in idx if 0 <= i < len(cpus)] for m, idx in module_to_cpu_dict.items()
                if m in _MODULES}
    return {"main": cpus}


def set_cpu_affinity(enable_affinity: bool, affinity_cpu_list: list | dict | None = None,
                     module_to_cpu_dict: dict | None = None, bind_file: str | None = None) -> None:
    """Bind MindSpore's threads to CPU cores (once per process).

    The arguments and the strategy are MindSpore's: ``affinity_cpu_list`` (``["0-3", "8-11"]``, or a
    dict keyed ``"deviceN"``), ``module_to_cpu_dict`` (indices into that list per module ``main``,
    ``runtime``, ``pynative``, ``minddata``), or ``bind_file`` (the msrun JSON). Without a list,
    the process uses all the CPUs it may run on.

    In mindjax the ``main`` cores are applied to the calling thread (``os.sched_setaffinity``);
    XLA's worker threads, started with the backend by that thread, inherit its affinity when the
    call comes before the first op. ``runtime``, ``pynative`` and ``minddata`` name MindSpore's own
    thread pools, which mindjax does not have: their cores are recorded
    (``mindjax.runtime.executor._settings["cpu_affinity"]``) but bind nothing.

    Examples:
        >>> import mindjax as ms
        >>> ms.runtime.set_cpu_affinity(True, ["0-0"])
    """
    from ..context import get_context
    if isinstance(affinity_cpu_list, dict):
        affinity_cpu_list = affinity_cpu_list.get(f"device{get_context('device_id')}", False)
        if affinity_cpu_list is False:
            logger.warning("'mindspore.runtime.set_cpu_affinity' is not enabled as wrong dict passed in to "
                           "affinity_cpu_list.")
            return
    if "cpu_affinity" in _configured:
        raise RuntimeError("The 'mindspore.runtime.set_cpu_affinity' cannot be set repeatedly.")
    if not enable_affinity:
        _configured.add("cpu_affinity")
        return
    if bind_file is not None:
        affinity_cpu_list, module_to_cpu_dict = _from_bind_file(os.path.abspath(bind_file), get_context("device_id"))
        if affinity_cpu_list is None:
            _configured.add("cpu_affinity")
            return
    _validate_affinity_cpu_list(affinity_cpu_list)
    _validate_module_cpu_index(module_to_cpu_dict)
    strategy = _strategy(affinity_cpu_list, module_to_cpu_dict)
    _configured.add("cpu_affinity")
    if not strategy:
        logger.warning("set_cpu_affinity is not enabled because the environment does not meet the basic "
                       "conditions for binding core.")
        return
    logger.warning("Module bind core policy generated: %s.", strategy)
    if strategy.get("main"):
        os.sched_setaffinity(0, strategy["main"])
    _settings["cpu_affinity"] = strategy
