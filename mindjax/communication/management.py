"""``mindspore.communication.management``: init/release, ranks, sizes and groups.

``init()`` joins the processes that ``python -m mindjax --worker_num=N script.py`` (or
``msrun``) started, through ``jax.distributed.initialize``; in one process that sees several
JAX devices it makes a world of those devices. In one process on one device with no launcher
it raises RuntimeError, as MindSpore 2.10 does on CPU without msrun; ``get_rank()`` and
``get_group_size()`` still answer 0 and 1 before ``init()``, as MindSpore's do.
"""
from __future__ import annotations

from . import _world as W
from ._world import world

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"


class GlobalComm:
    """The communication state: ``BACKEND`` (the backend name), ``WORLD_COMM_GROUP`` (the name of
    the world group) and ``INITED``."""
    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True


_BACKEND_GROUP = {"hccl": HCCL_WORLD_COMM_GROUP, "nccl": NCCL_WORLD_COMM_GROUP, "mccl": MCCL_WORLD_COMM_GROUP}
_NOT_LAUNCHED = ("Maybe you are trying to call 'mindspore.communication.init()' without using a launcher, which sets the "
                 "environment variables that tell this process its rank and where the other processes are. "
                 "Launch the script with 'python -m mindjax --worker_num=N script.py' (MindSpore's 'msrun' "
                 "variables MS_WORKER_NUM, MS_SCHED_HOST, MS_SCHED_PORT, MS_NODE_ID are read as well), or run it "
                 "in one process that sees several devices (on CPU: "
                 "XLA_FLAGS=--xla_force_host_platform_device_count=N).")


def _check_group(api: str, group) -> str:
    if not isinstance(group, str):
        raise TypeError(f"For '{api}', the argument 'group' must be type of string, but got 'group' type : "
                        f"{type(group)}.")
    return group


def _check_inited() -> None:
    if not GlobalComm.INITED:
        raise RuntimeError("Distributed Communication has not been inited.You can't invoke this interface yet. "
                           "Please call `init()` method first.")


def init(backend_name: str | None = None) -> None:
    """Initialise the collective world: ``"hccl"``, ``"nccl"`` and ``"mccl"`` are all accepted
    (JAX uses NCCL on GPUs and gloo on CPUs whatever the name); the name chooses
    ``GlobalComm.WORLD_COMM_GROUP``. Without a launcher in a process with one device, raises
    RuntimeError saying how to launch.

    Examples:
        >>> from mindjax.communication import init, get_rank, get_group_size
        >>> init()  # doctest: +SKIP  (under python -m mindjax --worker_num=2 script.py)
        >>> get_rank(), get_group_size()  # doctest: +SKIP
        (0, 2)
    """
    if backend_name is None:
        backend_name = _default_backend()
    if not isinstance(backend_name, str):
        raise TypeError(f"For 'init', the argument 'backend_name' must be a string, but got the type : "
                        f"{type(backend_name)}")
    if backend_name not in _BACKEND_GROUP:
        raise RuntimeError(f"For 'init', the argument 'backend_name' must be one of 'hccl', 'nccl' and 'mccl', but "
                           f"got 'backend_name' : {backend_name}")
    if GlobalComm.INITED:
        return
    env = W.launcher_env()
    if env is not None:
        W.start_multi(env)
    elif not W.start_local():
        raise RuntimeError(_NOT_LAUNCHED)
    GlobalComm.BACKEND = backend_name
    GlobalComm.WORLD_COMM_GROUP = _BACKEND_GROUP[backend_name]
    GlobalComm.INITED = True
    import os
    os.environ["RANK_ID"] = str(world.rank)
    os.environ.setdefault("RANK_SIZE", str(world.size))


def _default_backend() -> str:
    """MindSpore's choice by device target, found without starting JAX's backend (which
    ``jax.distributed.initialize`` must precede): the target set, else GPU when JAX's CUDA plugin
    is installed."""
    import importlib.util
    from .. import context
    target = context._ctx.get("device_target")
    if target is None:
        cuda = any(importlib.util.find_spec(m) is not None for m in ("jax_cuda12_plugin", "jax_cuda13_plugin"))
        target = "GPU" if cuda else "CPU"
    return {"GPU": "nccl", "Ascend": "hccl"}.get(target, "mccl")


def _init_or_single() -> None:
    """``init()``, except that one process on one device without a launcher becomes a world of one
    (what ``mint.distributed.init_process_group`` keeps for single-process programs)."""
    import jax
    if W.launcher_env() is None and jax.local_device_count() == 1:
        _init_single()
    else:
        init()


def _init_single() -> None:
    """A world of one without a launcher (for APIs such as ``mint.distributed.init_process_group``
    whose single-process use mindjax keeps)."""
    if not GlobalComm.INITED:
        W.reset()
        GlobalComm.INITED = True


def release() -> None:
    """Release the world: groups are dropped and ``GlobalComm.INITED`` is False again (the
    processes stay joined to JAX's distributed runtime until they exit)."""
    W.reset()
    GlobalComm.INITED = False


def get_rank(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    """The rank of this process in ``group`` (0 before ``init()``).

    Examples:
        >>> from mindjax.communication import get_rank
        >>> get_rank()
        0
    """
    _check_group("get_rank", group)
    if not GlobalComm.INITED:
        return 0
    return get_group_rank_from_world_rank(world.rank, group) if not W.is_world(group) else world.rank


def get_local_rank(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    """The rank of this process among the processes of its machine (0 before ``init()``)."""
    _check_group("get_local_rank", group)
    return world.local_rank if GlobalComm.INITED else 0


def get_group_size(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    """How many ranks ``group`` has (1 before ``init()``).

    Examples:
        >>> from mindjax.communication import get_group_size
        >>> get_group_size()
        1
    """
    _check_group("get_group_size", group)
    if not GlobalComm.INITED:
        return 1
    return len(W.group_ranks(group))


def get_local_rank_size(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    """How many ranks of the world run on this machine (1 before ``init()``)."""
    _check_group("get_local_rank_size", group)
    return world.local_size if GlobalComm.INITED else 1


def get_world_rank_from_group_rank(group: str, group_rank_id: int) -> int:
    """The world rank of the ``group_rank_id``-th rank of ``group`` (ranks in a group are the sorted
    world ranks)."""
    _check_group("get_world_rank_from_group_rank", group)
    if not isinstance(group_rank_id, int) or isinstance(group_rank_id, bool):
        raise TypeError(f"For 'get_world_rank_from_group_rank', the argument 'group_rank_id' must be type of int, "
                        f"but got 'group_rank_id' type : {type(group_rank_id)}.")
    _check_inited()
    if W.is_world(group):
        raise ValueError("For 'get_world_rank_from_group_rank', the group must be a user-created group, not the "
                         "world group.")
    ranks = W.group_ranks(group)
    if not 0 <= group_rank_id < len(ranks):
        raise ValueError(f"For 'get_world_rank_from_group_rank', the 'group_rank_id' must be in [0, {len(ranks)}), "
                         f"but got {group_rank_id}.")
    return ranks[group_rank_id]


def get_group_rank_from_world_rank(world_rank_id: int, group: str) -> int:
    """The rank in ``group`` of the world rank ``world_rank_id``."""
    _check_group("get_group_rank_from_world_rank", group)
    if not isinstance(world_rank_id, int) or isinstance(world_rank_id, bool):
        raise TypeError(f"For 'get_group_rank_from_world_rank', the argument 'world_rank_id' must be type of int, "
                        f"but got 'world_rank_id' type : {type(world_rank_id)}.")
    _check_inited()
    ranks = W.group_ranks(group)
    if world_rank_id not in ranks:
        raise ValueError(f"For 'get_group_rank_from_world_rank', the world rank {world_rank_id} is not in the group "
                         f"'{group}' (ranks {ranks}).")
    return ranks.index(world_rank_id)


def create_group(group: str, rank_ids: list, options=None) -> None:
    """Make the group ``group`` of the world ranks ``rank_ids``; its ranks are numbered in sorted
    order. Called by the member ranks, as in MindSpore.

    Examples:
        >>> from mindjax.communication import create_group  # doctest: +SKIP
        >>> create_group("group_0_1", [0, 1])  # doctest: +SKIP
    """
    _check_group("create_group", group)
    _check_inited()
    if group in world.groups:
        if sorted(rank_ids) != world.groups[group]:
            raise ValueError(f"The group {group} has been created, the rank_list is {world.groups[group]}, but "
                             f"current rank_list for the group is {rank_ids}")
        return
    if not isinstance(rank_ids, list):
        raise TypeError(f"For 'create_group', the argument 'rank_ids' must be type of list, but got 'rank_ids' type "
                        f": {type(rank_ids)}.")
    if len(rank_ids) < 1:
        raise ValueError(f"For 'create_group', the argument 'rank_ids' size should be greater than 1, but got "
                         f"'rank_ids' size : {len(rank_ids)}.")
    if len(set(rank_ids)) != len(rank_ids):
        raise ValueError(f"List rank_ids in Group {group} has duplicate data!")
    for r in rank_ids:
        if not isinstance(r, int) or not 0 <= r < world.size:
            raise ValueError(f"For 'create_group', each rank id must be an int in [0, {world.size}), but got "
                             f"{rank_ids}.")
    world.groups[group] = sorted(rank_ids)


def destroy_group(group: str) -> None:
    """Forget a group made by ``create_group`` (the world group cannot be destroyed)."""
    _check_group("destroy_group", group)
    _check_inited()
    if W.is_world(group):
        raise ValueError("The world_group does not support destruction.")
    W.group_ranks(group)
    del world.groups[group]


def get_comm_name(group: str = GlobalComm.WORLD_COMM_GROUP) -> str:
    """The name of the communicator behind ``group`` (mindjax: the group name and its ranks)."""
    _check_group("get_comm_name", group)
    _check_inited()
    ranks = W.group_ranks(group)
    return f"{group}:{'-'.join(str(r) for r in ranks)}"


def get_process_group_ranks(group: str = GlobalComm.WORLD_COMM_GROUP) -> list:
    """The world ranks of ``group``, as a list.

    Examples:
        >>> from mindjax.communication import get_process_group_ranks  # doctest: +SKIP
        >>> get_process_group_ranks()  # doctest: +SKIP
        [0, 1]
    """
    _check_group("get_process_group_ranks", group)
    _check_inited()
    return list(W.group_ranks(group))
