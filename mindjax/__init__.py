"""mindjax: MindSpore's programming model on JAX/XLA.

``import mindjax as ms`` gives MindSpore's API; ``python -m mindjax script.py`` runs a
script written for ``import mindspore`` unchanged.

The core (Tensor, dtypes, context, Parameter, ops, nn, grad, jit) loads with the package;
the rest of MindSpore 2.10's top-level names (``Model``, callbacks, metrics, checkpoint
functions, ...) load on first use from the module that defines them (``_LAZY`` below).

Examples:
    >>> import numpy as np
    >>> import mindjax as ms
    >>> x = ms.Tensor(np.ones([2, 2]), ms.float32)
    >>> print(ms.ops.add(x, x))
    [[2. 2.]
     [2. 2.]]
"""


def _xla_cpu_exact_math() -> None:
    """XLA:CPU (jaxlib 0.10) evaluates rsqrt, and the x / sqrt(y) it rewrites into x * rsqrt(y), with a
    platform-dependent approximation: 1 float32 input in 9 comes out 1 ulp from 1 / sqrt(x), which is
    what MindSpore's CPU kernels compute (BatchNorm's gradient, LayerNorm, Adam). The flag restores the
    division by a correctly rounded sqrt: measured on 100,001 inputs in [0.5, 4], 0 differ, at the same
    speed. jaxlib releases before 0.9 do not know the flag (an unknown flag aborts the process)."""
    import os
    from importlib import metadata
    try:
        major, minor = (int(p) for p in metadata.version("jaxlib").split(".")[:2])
    except (metadata.PackageNotFoundError, ValueError):
        return
    flags = os.environ.get("XLA_FLAGS", "")
    if (major, minor) >= (0, 9) and "xla_cpu_enable_platform_dependent_math" not in flags:
        # first: XLA stops reading flags at a token without "--" (e.g. a stray "threads=1")
        os.environ["XLA_FLAGS"] = ("--xla_cpu_enable_platform_dependent_math=false " + flags).strip()


_xla_cpu_exact_math()

import jax as _jax  # noqa: E402

# MindSpore's Python ints are Int64 and its float64 tensors are real float64.
_jax.config.update("jax_enable_x64", True)

from . import _dtype  # noqa: E402
from ._dtype import *  # noqa: E402,F401,F403
from ._dtype import bool_, Type, TensorType, Int  # noqa: E402,F401
from ._tensor import Tensor  # noqa: E402
from . import context  # noqa: E402
from .context import (GRAPH_MODE, PYNATIVE_MODE, STRICT, COMPATIBLE, LAX, set_context, get_context,  # noqa: E402
                      set_device, set_auto_parallel_context, get_auto_parallel_context,
                      reset_auto_parallel_context, ParallelMode, set_deterministic, set_recursion_limit,
                      set_ps_context, get_ps_context)
from . import common  # noqa: E402
from .common import dtype  # noqa: E402
from .common import Parameter, ParameterTuple, set_seed, get_seed  # noqa: E402
from .common import initializer as _initializer_mod  # noqa: E402,F401
from .common.tensor import tensor, swap_tensors, from_numpy, frombuffer  # noqa: E402
from .common.generator import (Generator, default_generator, manual_seed, seed, initial_seed,  # noqa: E402
                               get_rng_state, set_rng_state)
from .common.jit_config import JitConfig  # noqa: E402
from .common.mutable import mutable  # noqa: E402
from .common.lazy_inline import lazy_inline, no_inline  # noqa: E402
from .common._quant_dtype import QuantDtype  # noqa: E402
from .common.api import ms_memory_recycle  # noqa: E402
from . import ops  # noqa: E402
from ._autograd.grad import grad, value_and_grad  # noqa: E402
from ._autograd.no_grad import _no_grad  # noqa: E402,F401
from .common._grad_function import _Function  # noqa: E402,F401
from . import nn  # noqa: E402
from ._jit.api import jit, ms_function, jit_class, ms_class  # noqa: E402
from .log import get_level, get_log_config  # noqa: E402
from ._run_check import run_check  # noqa: E402
from ._set_dump import set_dump  # noqa: E402


def _seed_from_env() -> None:
    """``MINDJAX_SEED=N`` seeds the run as ``set_seed(N)`` would, without editing the script."""
    import os
    value = os.environ.get("MINDJAX_SEED")
    if value:
        set_seed(int(value))


_seed_from_env()

from ._compile_cache import from_env as _cache_from_env  # noqa: E402

_cache_from_env()  # MS_COMPILER_CACHE_ENABLE=1 turns the persistent compile cache on

float_ = _dtype.float32
version = __version__ = "2.10.0"


def is_tensor(obj) -> bool:
    """Whether ``obj`` is a Tensor (a Parameter is one).

    Examples:
        >>> import mindjax as ms
        >>> ms.is_tensor(ms.Tensor(1.0)), ms.is_tensor(1.0)
        (True, False)
    """
    return isinstance(obj, Tensor)


# name -> module that defines it, imported on first use
_LAZY = {}
for _mod, _names in {
    "train": ("Model", "Callback", "CheckpointConfig", "DynamicLossScaleManager", "EarlyStopping",
              "FixedLossScaleManager", "History", "LambdaCallback", "LossMonitor", "LossScaleManager",
              "ModelCheckpoint", "ReduceLROnPlateau", "RunContext", "TimeMonitor", "save_checkpoint",
              "load_checkpoint", "load_param_into_net", "Accuracy", "F1", "Fbeta", "Loss", "MAE", "MSE", "Metric",
              "Precision", "Recall", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy",
              "TopKCategoricalAccuracy", "get_metric_fn", "names", "rearrange_inputs", "DatasetHelper",
              "connect_network_with_dataset", "data_sink", "ckpt_to_safetensors", "safetensors_to_ckpt",
              "load_checkpoint_async", "async_ckpt_thread_status", "merge_sliced_parameter", "BleuScore",
              "ConfusionMatrix", "ConfusionMatrixMetric", "CosineSimilarity", "Dice", "HausdorffDistance",
              "MeanSurfaceDistance", "OcclusionSensitivity", "Perplexity", "ROC", "RootMeanSquareDistance", "auc",
              "BackupAndRestore", "LearningRateScheduler", "OnRequestExit", "SummaryCollector", "SummaryRecord",
              "FlopsUtilizationCollector", "SummaryLandscape"),
    # names MindSpore's top level has outside its __all__ (`from mindspore import vmap` is common)
    "ops": ("vmap", "vjp", "jvp", "jacfwd", "jacrev", "get_grad", "constexpr"),
    "mindrecord": ("FileWriter", "FileReader", "ImageNetToMR", "SUCCESS", "FAILED"),
    "common.sparse_tensor": ("COOTensor", "CSRTensor", "RowTensor", "SparseTensor"),
    "train.serialization": ("load_segmented_checkpoints",),
    "common.symbol": ("Symbol",),
    "common.dynamic_shape": ("enable_dynamic",),
    "_autograd.recompute": ("recompute",),
    "runtime": ("Stream", "Event", "StreamCtx", "current_stream", "default_stream", "communication_stream",
                "set_cur_stream", "synchronize", "launch_blocking", "dispatch_threads_num", "set_cpu_affinity",
                "set_memory", "empty_cache", "max_memory_allocated", "max_memory_reserved", "memory_allocated",
                "memory_reserved", "memory_stats", "memory_summary", "reset_max_memory_allocated",
                "reset_max_memory_reserved", "reset_peak_memory_stats", "set_device_limit", "get_device_limit",
                "set_stream_limit", "get_stream_limit", "reset_stream_limit", "StreamLimitCtx",
                "set_kernel_launch_group", "set_kernel_launch_capture"),
    "runtime.device": ("get_current_device", "DeviceCtx"),
    "profiler": ("Profiler",),
    "safeguard": ("obfuscate_ckpt", "load_obf_params_into_net"),
    "train.amp": ("build_train_network",),
    "rewrite": ("SymbolTree", "Node", "NodeType", "ScopedValue"),
    "parallel": ("Layout", "shard", "set_algo_parameters", "get_algo_parameters", "reset_algo_parameters",
                 "build_searched_strategy", "merge_pipeline_strategys", "rank_list_for_transform",
                 "transform_checkpoint_by_rank", "transform_checkpoints", "load_distributed_checkpoint",
                 "restore_group_info_list", "sync_pipeline_shared_parameters", "parameter_broadcast",
                 "get_ckpt_path_with_strategy"),
}.items():
    for _n in _names:
        _LAZY[_n] = _mod
del _mod, _names, _n
_LAZY.update(export="train.export", load="train.export")  # mindspore.export / load (MindIR and StableHLO)

# sub-packages loaded on first use
_SUBPACKAGES = ("train", "dataset", "communication", "amp", "hal", "runtime", "device_context", "profiler",
                "parallel", "safeguard", "rewrite", "mint", "numpy", "scipy")
_SUBPACKAGES += ("experimental", "boost", "multiprocessing", "mindrecord")  # mindspore.experimental (optim, lr_scheduler), loaded on first use

__all__ = sorted(
    set(_dtype.__all__) | set(_LAZY) | {
        "Tensor", "tensor", "Parameter", "ParameterTuple", "Type", "TensorType", "Int", "dtype", "context",
        "GRAPH_MODE", "PYNATIVE_MODE", "STRICT", "COMPATIBLE", "LAX", "set_context", "get_context", "set_device",
        "set_auto_parallel_context", "get_auto_parallel_context", "reset_auto_parallel_context", "ParallelMode",
        "set_deterministic", "set_recursion_limit", "set_ps_context", "get_ps_context", "set_dump", "set_seed",
        "get_seed", "swap_tensors", "from_numpy", "frombuffer", "Generator", "default_generator", "manual_seed",
        "seed", "initial_seed", "get_rng_state", "set_rng_state", "JitConfig", "mutable", "lazy_inline",
        "no_inline", "QuantDtype", "ms_memory_recycle", "ops", "nn",
        "grad", "value_and_grad", "jit", "jit_class", "get_level", "get_log_config", "run_check", "is_tensor",
        "float_", "version"})


def __getattr__(name):
    import importlib
    if name in _SUBPACKAGES:
        return importlib.import_module(f"{__name__}.{name}")
    mod = _LAZY.get(name)
    if mod is not None:
        value = getattr(importlib.import_module(f"{__name__}.{mod}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'mindspore' has no attribute '{name}'")


# MindSpore's top level also names three dtypes after Python's builtins (mindspore.int is Int32).
# Assigned last, so that nothing in this module calls them in place of the builtins; not in __all__,
# so `from mindspore import *` leaves the user's int/float/bool alone, as MindSpore's does.
globals().update({"bool": _dtype.bool_, "int": _dtype.int32, "float": _dtype.float32})


def __dir__():
    return sorted(set(globals()) | set(__all__))
