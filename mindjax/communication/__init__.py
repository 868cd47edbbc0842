"""``mindspore.communication``: collective communication on JAX's devices and distributed runtime.

* ``python -m mindjax --worker_num=N script.py`` starts N processes (as MindSpore's ``msrun``);
  ``init()`` in each joins them with ``jax.distributed.initialize`` (NCCL on GPUs, gloo on CPUs)
  and each process is one rank.
* One process that sees several JAX devices: ``init()`` makes a world of those devices, and a
  data-parallel step runs on all of them at once (see ``_world``).
* Without ``init()``: rank 0 of a world of 1, collectives return their input.

Examples:
    >>> from mindjax.communication import get_rank, get_group_size
    >>> get_rank(), get_group_size()
    (0, 1)
"""
from __future__ import annotations

from .management import (GlobalComm, HCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP,
                         create_group, destroy_group, get_comm_name, get_group_rank_from_world_rank, get_group_size,
                         get_local_rank, get_local_rank_size, get_process_group_ranks, get_rank,
                         get_world_rank_from_group_rank, init, release)

__all__ = ["GlobalComm", "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP", "init", "release",
           "get_rank", "get_local_rank", "get_group_size", "get_local_rank_size", "get_world_rank_from_group_rank",
           "get_group_rank_from_world_rank", "create_group", "destroy_group", "get_comm_name",
           "get_process_group_ranks", "comm_func"]


def __getattr__(name):
    # comm_func imports ops, which import this package: load it on first use
    if name == "comm_func":
        import importlib
        return importlib.import_module(".comm_func", __name__)
    raise AttributeError(f"module 'mindjax.communication' has no attribute '{name}'")
