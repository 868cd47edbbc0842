"""The compile cache of ``set_context(enable_compile_cache=True, compile_cache_path=...)``.

MindSpore saves compiled graphs under ``compile_cache_path/rank_<id>/`` and loads them on the
next run of the same program (also switched on by the environment variables
``MS_COMPILER_CACHE_ENABLE=1`` and ``MS_COMPILER_CACHE_PATH``). mindjax's compiled programs are
XLA executables, so the same switches turn on JAX's persistent compilation cache in that folder:
every program is kept, down to PyNative's one-op kernels, because on CPU a first PyNative step
is mostly kernel compiles (ResNet-18: ~190 of them) and a cache hit costs a file read instead.
The cache is keyed by the program, the XLA options and the JAX version, so a stale entry is
never used for a different program.
"""
from __future__ import annotations

import os

_active = {"dir": None}


def _rank() -> int:
    for var in ("RANK_ID", "RANK"):
        v = os.environ.get(var)
        if v is not None and v.isdigit():
            return int(v)
    return 0


def configure(enable: bool, path: str | None) -> str | None:
    """Switch the persistent cache on (in ``path/rank_<id>``) or off; returns the folder in use."""
    import jax
    if not enable:
        if _active["dir"] is not None:
            jax.config.update("jax_compilation_cache_dir", None)
            _active["dir"] = None
        return None
    folder = os.path.join(os.path.abspath(path or "."), f"rank_{_rank()}")
    os.makedirs(folder, exist_ok=True)
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
    jax.config.update("jax_compilation_cache_dir", folder)
    _active["dir"] = folder
    return folder


def from_env() -> None:
    """Honour ``MS_COMPILER_CACHE_ENABLE=1`` / ``MS_COMPILER_CACHE_PATH`` at import."""
    if os.environ.get("MS_COMPILER_CACHE_ENABLE", "0").strip() == "1":
        configure(True, os.environ.get("MS_COMPILER_CACHE_PATH") or ".")
