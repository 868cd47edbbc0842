"""``mindspore.communication`` for one process on one device.

mindjax runs a program on a single device, so the collective world has one member:
``init()`` succeeds, ``get_rank()`` is 0 and ``get_group_size()`` is 1. Programs written
for data parallelism therefore run unchanged as one worker.
"""
from __future__ import annotations

GlobalComm = type("GlobalComm", (), {"BACKEND": "jax", "WORLD_COMM_GROUP": "hccl_world_group", "INITED": False})
HCCL_WORLD_COMM_GROUP = NCCL_WORLD_COMM_GROUP = "hccl_world_group"


def init(backend_name: str | None = None) -> None:
    GlobalComm.INITED = True


def release() -> None:
    GlobalComm.INITED = False


def get_rank(group: str = HCCL_WORLD_COMM_GROUP) -> int:
    return 0


def get_local_rank(group: str = HCCL_WORLD_COMM_GROUP) -> int:
    return 0


def get_group_size(group: str = HCCL_WORLD_COMM_GROUP) -> int:
    return 1


def get_local_rank_size(group: str = HCCL_WORLD_COMM_GROUP) -> int:
    return 1


def create_group(group: str, rank_ids) -> None:
    if list(rank_ids) != [0]:
        raise ValueError(f"For 'create_group', this single-device run has only rank 0, but got rank_ids {rank_ids}.")
