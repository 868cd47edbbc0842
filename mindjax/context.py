"""``mindspore.context``: set_context / get_context, modes, device, synchronous execution."""
from __future__ import annotations

import warnings

from ._state import state

GRAPH_MODE = 0
PYNATIVE_MODE = 1

_ctx = {
    "mode": PYNATIVE_MODE,
    "device_target": None,
    "device_id": 0,
    "pynative_synchronize": False,
    "save_graphs": False,
    "save_graphs_path": ".",
    "max_call_depth": 1000,
    "jit_level": "O0",
    "check_nan": False,
}
_warned = set()
_VALID = {"mode", "device_target", "device_id", "pynative_synchronize", "save_graphs", "save_graphs_path",
          "max_call_depth", "enable_graph_kernel", "jit_config", "memory_optimize_level", "max_device_memory",
          "enable_reduce_precision", "variable_memory_max_size", "enable_compile_cache", "compile_cache_path",
          "runtime_num_threads", "inter_op_parallel_num", "deterministic", "jit_syntax_level", "ascend_config",
          "gpu_config", "print_file_path", "env_config_path", "precompile_only", "reserve_class_name_in_scope",
          "graph_kernel_flags", "enable_dump", "save_dump_path", "mempool_block_size", "op_timeout",
          "support_binary", "memory_offload", "disable_format_transform", "aoe_tune_mode", "check_nan",
          "jit_level", "debug_level", "pynative_check_nan", "jit_cache_size", "pynative_capture"}


def _check_type(key, value, types):
    if isinstance(value, bool) and bool not in types:
        ok = False
    else:
        ok = isinstance(value, types)
    if not ok:
        names = " or ".join(t.__name__ for t in types)
        raise TypeError(f"For 'set_context', the parameter '{key}' must be {names}, but got "
                        f"{type(value).__name__}.")


def _jax_platform() -> str:
    import jax
    try:
        return jax.default_backend()
    except RuntimeError:
        return "cpu"


def _set_device(target: str) -> None:
    if not isinstance(target, str):
        raise TypeError(f"For 'set_context', the 'device_target' must be a str, but got {type(target).__name__}.")
    if target not in ("CPU", "GPU", "Ascend", "Davinci"):  # case-sensitive, as MindSpore
        raise ValueError(f"For 'context.set_context', the argument 'device_target' must be one of ['CPU', 'GPU', "
                         f"'Ascend', 'Davinci'], but got {target}.")
    t = "Ascend" if target == "Davinci" else target
    have_gpu = _jax_platform() == "gpu"
    if t in ("GPU", "Ascend") and not (t == "GPU" and have_gpu):
        if t not in _warned:
            _warned.add(t)
            warnings.warn(f"device_target '{t}' is not available on this machine (JAX sees: {_jax_platform()}); "
                          f"running on CPU.", RuntimeWarning, stacklevel=3)
        t = "GPU" if have_gpu else "CPU"
    _ctx["device_target"] = t


def set_context(**kwargs) -> None:
    """``mindspore.set_context``: mode, device_target, pynative_synchronize, ...

    Examples:
        >>> import mindjax as ms
        >>> ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
        >>> ms.get_context("mode") == ms.PYNATIVE_MODE
        True
    """
    for key, value in kwargs.items():
        if key not in _VALID:
            raise ValueError(f"For 'set_context', the keyword argument {key!r} is not recognized; valid ones are "
                             f"{sorted(_VALID)}.")
        if key == "mode":
            if not isinstance(value, int):
                raise TypeError(f"For 'set_context', the parameter 'mode' must be int, but got "
                                f"{type(value).__name__}.")
            if value not in (GRAPH_MODE, PYNATIVE_MODE):
                raise ValueError(f"For 'set_context', the 'mode' must be GRAPH_MODE (0) or PYNATIVE_MODE (1), but "
                                 f"got {value!r}.")
            _ctx["mode"] = value
        elif key == "device_target":
            _set_device(value)
        elif key == "pynative_synchronize":
            if not isinstance(value, bool):
                raise TypeError(f"For 'set_context', the parameter 'pynative_synchronize' must be bool, but got "
                                f"{type(value).__name__}.")
            _ctx[key] = value
            from .runtime.executor import _settings as _runtime_settings
            from . import _capture
            _capture.flush_all()  # the ops captured so far run before synchronous execution starts
            state.sync = value or _runtime_settings["launch_blocking"]
        elif key in ("check_nan", "pynative_check_nan"):
            _check_type(key, value, (bool,))
            _ctx["check_nan"] = value
            state.check_nan = value
            if not value:
                state.cell_stack.clear()
        elif key == "device_id":
            _check_type(key, value, (int,))
            if not 0 <= value <= 4095:
                raise ValueError(f"For 'set_context', the argument 'device_id' must be in range [0, 4095], but got "
                                 f"{value}.")
            _ctx[key] = value
        elif key == "max_call_depth":
            _check_type(key, value, (int,))
            if value <= 0:
                raise ValueError(f"For 'set_context', the argument 'max_call_depth' must be greater than 0, but got "
                                 f"{value}.")
            _ctx[key] = value
        elif key == "pynative_capture":  # mindjax's: the captured-sequence mode of PyNative (_capture.py)
            _check_type(key, value, (bool,))
            from . import _capture
            _capture.set_enabled(value)
        elif key == "jit_cache_size":  # mindjax's: programs kept per jit function (an LRU)
            _check_type(key, value, (int,))
            if value <= 0:
                raise ValueError(f"For 'set_context', the argument 'jit_cache_size' must be greater than 0, but got "
                                 f"{value}.")
            _ctx[key] = value
        elif key == "enable_compile_cache":
            _check_type(key, value, (bool,))
            _ctx[key] = value
        elif key == "compile_cache_path":
            _check_type(key, value, (str,))
            _ctx[key] = value
        elif key == "save_graphs":
            _check_type(key, value, (bool, int))
            _ctx[key] = value
        elif key == "save_graphs_path":
            _check_type(key, value, (str,))
            _ctx[key] = value
        else:
            _ctx[key] = value
    if "enable_compile_cache" in kwargs or ("compile_cache_path" in kwargs and _ctx.get("enable_compile_cache")):
        from ._compile_cache import configure
        configure(bool(_ctx.get("enable_compile_cache")), _ctx.get("compile_cache_path", "."))


def get_context(attr_key: str):
    """``mindspore.get_context``: the value of one context key."""
    if not isinstance(attr_key, str):
        raise TypeError(f"For 'get_context', the 'attr_key' must be a str, but got {type(attr_key).__name__}.")
    if attr_key == "device_target" and _ctx["device_target"] is None:
        return "GPU" if _jax_platform() == "gpu" else "CPU"
    if attr_key == "pynative_capture":
        return state.capture
    if attr_key not in _ctx and attr_key not in _VALID:
        raise ValueError(f"For 'get_context', the key {attr_key!r} is not recognized.")
    return _ctx.get(attr_key)


def set_device(device_target: str, device_id: int | None = None) -> None:
    """``mindspore.set_device``."""
    _set_device(device_target)
    if device_id is not None:
        _ctx["device_id"] = device_id


def is_graph_mode() -> bool:
    return _ctx["mode"] == GRAPH_MODE


class ParallelMode:
    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"


_AP_DEFAULTS = {"parallel_mode": ParallelMode.STAND_ALONE, "device_num": 1, "global_rank": 0,
                "gradients_mean": False, "gradient_fp32_sync": True, "parameter_broadcast": False,
                "full_batch": False, "dataset_strategy": "data_parallel", "search_mode": "recursive_programming",
                "strategy_ckpt_config": {}, "strategy_ckpt_load_file": "", "strategy_ckpt_save_file": "",
                "group_ckpt_save_file": "", "pipeline_stages": 1, "enable_parallel_optimizer": False,
                "all_reduce_fusion_config": [], "auto_parallel_search_mode": "recursive_programming",
                "loss_repeated_mean": True, "comm_fusion": {}}
_AP_TYPES = {"device_num": int, "global_rank": int, "gradients_mean": bool, "gradient_fp32_sync": bool,
             "parameter_broadcast": bool, "full_batch": bool, "pipeline_stages": int,
             "enable_parallel_optimizer": bool, "loss_repeated_mean": bool, "strategy_ckpt_config": dict,
             "strategy_ckpt_load_file": str, "strategy_ckpt_save_file": str, "group_ckpt_save_file": str}
_auto_parallel = dict(_AP_DEFAULTS)
_auto_parallel_set = set()  # the keys the user set (device_num unset means the world's size)


def set_auto_parallel_context(**kwargs) -> None:
    """``mindspore.set_auto_parallel_context``: the parallel mode and its options, checked as
    MindSpore checks them. ``semi_auto_parallel``/``auto_parallel`` lay out what ``shard``
    marks over JAX's devices (``mindjax.parallel``); ``device_num`` 1 means all of them."""
    for key, value in kwargs.items():
        if key not in _AP_DEFAULTS:
            raise ValueError(f"Set context keyword {key} is not recognized!")
        cls = _AP_TYPES.get(key)
        if cls is not None and (not isinstance(value, cls) or (cls is int and isinstance(value, bool))):
            raise TypeError(f"The parameter '{key}' must be {cls}, but got {type(value)}")
        if key == "parallel_mode" and value not in ("stand_alone", "data_parallel", "hybrid_parallel",
                                                    "semi_auto_parallel", "auto_parallel"):
            raise ValueError(f"The context configuration parameter 'parallel_mode' only support 'stand_alone', "
                             f"'data_parallel', 'hybrid_parallel', 'semi_auto_parallel' and 'auto_parallel', but "
                             f"got the value : {value}.")
        if key in ("device_num", "pipeline_stages") and value <= 0:
            raise ValueError(f"The context configuration parameter '{key}' must be a positive integer, but got the "
                             f"value of {key} : {value}.")
    _auto_parallel.update(kwargs)
    _auto_parallel_set.update(kwargs)


def get_auto_parallel_context(attr_key: str):
    if attr_key not in _auto_parallel:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _auto_parallel[attr_key]


def reset_auto_parallel_context() -> None:
    _auto_parallel.clear()
    _auto_parallel.update(_AP_DEFAULTS)
    _auto_parallel_set.clear()


# jit_syntax_level values
STRICT, COMPATIBLE, LAX = 0, 1, 2


def set_deterministic(deterministic: bool) -> None:
    """Ask for bit-reproducible kernels. On CPU, XLA's kernels already are. On GPU, XLA reads
    ``--xla_gpu_deterministic_ops`` when its backend starts, so call this before the first op.

    Examples:
        >>> import mindjax as ms
        >>> ms.set_deterministic(True); ms.get_context("deterministic")
        'ON'
    """
    if not isinstance(deterministic, bool):
        raise TypeError(f"The parameter 'deterministic' must be {bool}, but got {type(deterministic)}")
    if "deterministic" in _ctx:
        raise RuntimeError("The 'mindspore.set_deterministic' can not be set repeatedly.")
    import os
    flag = "--xla_gpu_deterministic_ops=true"
    flags = os.environ.get("XLA_FLAGS", "").split()
    flags = [f for f in flags if not f.startswith("--xla_gpu_deterministic_ops")]
    if deterministic:
        flags.append(flag)
    os.environ["XLA_FLAGS"] = " ".join(flags)
    _ctx["deterministic"] = "ON" if deterministic else "OFF"


def set_recursion_limit(recursion_limit: int = 1000) -> None:
    """The depth of nested calls a compiled program may trace. mindjax traces Python code, so this
    raises Python's recursion limit to at least ``recursion_limit``."""
    import sys
    if isinstance(recursion_limit, bool) or not isinstance(recursion_limit, int):
        raise TypeError(f"The input value must be int, but got '{type(recursion_limit).__name__}'")
    if recursion_limit <= 0:
        raise ValueError(f"The input value must be int and must > 0, but got '{recursion_limit}' with type 'int'.")
    _ctx["max_call_depth"] = recursion_limit
    sys.setrecursionlimit(max(sys.getrecursionlimit(), recursion_limit + 100))


# Parameter-server training (deprecated in MindSpore 2.10): its settings, with MindSpore's defaults.
_ps = {"server_mode": "", "ms_role": "MS_NOT_PS", "enable_ps": False, "worker_num": 0, "server_num": 0,
       "scheduler_ip": "127.0.0.1", "scheduler_port": 6667, "enable_ssl": False, "config_file_path": ""}
_PS_SET_ONLY = ("client_password", "server_password")
_PS_TYPES = {"server_mode": str, "ms_role": str, "worker_num": int, "server_num": int, "scheduler_ip": str,
             "scheduler_port": int, "config_file_path": str}


def set_ps_context(**kwargs) -> None:
    """Parameter-server settings. mindjax has no parameter-server training mode, so
    ``enable_ps=True`` raises RuntimeError; the other keys are checked and kept for
    ``get_ps_context``.

    Examples:
        >>> import mindjax as ms
        >>> ms.set_ps_context(config_file_path="/tmp/ps.json"); ms.get_ps_context("config_file_path")
        '/tmp/ps.json'
    """
    for key, value in kwargs.items():
        if key not in _ps and key not in _PS_SET_ONLY:
            raise ValueError(f"Set PS context keyword {key} is not recognized!")
        if key == "enable_ps":
            if not isinstance(value, bool):
                raise TypeError(f"The parameter 'enable_ps' must be {bool}, but got {type(value)}")
            if value:
                raise RuntimeError("mindjax has no parameter-server training mode: 'enable_ps' can only be False. "
                                   "Data-parallel training uses mindspore.communication instead.")
        cls = _PS_TYPES.get(key)
        if cls is not None and (not isinstance(value, cls) or isinstance(value, bool)):
            raise TypeError(f"For 'set_ps_context', the '{key}' must be {cls.__name__}, but got "
                            f"{type(value).__name__}.")
        if key in _ps:
            _ps[key] = bool(value) if key == "enable_ssl" else value


def get_ps_context(attr_key: str):
    """The value of one parameter-server setting (``enable_ps`` is always False here)."""
    if attr_key not in _ps:
        raise ValueError(f"Get PS context keyword {attr_key} is not recognized!")
    return _ps[attr_key]
