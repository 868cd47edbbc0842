"""``mindspore.communication.management``: the process-group functions (defined in
``mindjax.communication``)."""
from . import (GlobalComm, HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, init, release, get_rank,  # noqa: F401
               get_local_rank, get_group_size, get_local_rank_size, create_group)
