"""The collective world of this program, on JAX's devices and distributed runtime.

Three shapes of world, one API:

* ``single``: no ``init()`` (or a launcher with one worker): rank 0 of 1; collectives return the
  local data, as they compute it when the world has one member.
* ``local``: ``init()`` in one process that sees several JAX devices (GPUs, or CPU devices made
  with ``XLA_FLAGS=--xla_force_host_platform_device_count=N``): the process drives every rank at
  once. A data-parallel step runs as one SPMD program over the devices (``shard_map``) with the
  global batch split on axis 0; collectives run inside it as XLA collectives.
* ``multi``: ``init()`` in a process started by the launcher (``python -m mindjax --worker_num=N``,
  or ``msrun``'s environment variables): ``jax.distributed.initialize`` joins the N processes
  (NCCL on GPUs, gloo on CPUs) and each process is one rank, as under MindSpore's msrun.

Ranks of the world are the positions of ``devices`` (ordered by process, then device id).
"""
from __future__ import annotations

import contextlib
import os
import threading

AXIS = "mj_world"  # the mesh axis name of the world inside SPMD programs
_WORLD_NAMES = ("hccl_world_group", "nccl_world_group", "mccl_world_group")


class _World:
    def __init__(self):
        self.mode = "single"
        self.size = 1
        self.rank = 0
        self.local_rank = 0
        self.local_size = 1
        self.devices = None  # the JAX devices of the ranks, rank order
        self.mesh = None
        self.groups = {}  # group name -> sorted list of world ranks
        self.distributed = False  # jax.distributed.initialize was called by us


world = _World()
_tls = threading.local()


def bound_axis():
    """The mesh axis of the SPMD program being traced now (None outside of one)."""
    return getattr(_tls, "axis", None)


@contextlib.contextmanager
def spmd_axis(name=AXIS):
    prev = getattr(_tls, "axis", None)
    _tls.axis = name
    try:
        yield
    finally:
        _tls.axis = prev


def launcher_env() -> dict | None:
    """The coordinator settings the launcher (or msrun) exported, or None when there are none."""
    role = os.environ.get("MS_ROLE")
    if role is None or "MS_WORKER_NUM" not in os.environ:
        return None
    n = int(os.environ["MS_WORKER_NUM"])
    node_id = os.environ.get("MS_NODE_ID", os.environ.get("RANK_ID", "0"))
    return {"worker_num": n, "rank": int(node_id), "host": os.environ.get("MS_SCHED_HOST", "127.0.0.1"),
            "port": int(os.environ.get("MS_SCHED_PORT", "8118")),
            "local_rank": int(os.environ.get("MINDJAX_LOCAL_RANK", node_id)),
            "local_size": int(os.environ.get("MINDJAX_LOCAL_WORKER_NUM", n)),
            "timeout": int(os.environ.get("MS_TOPO_TIMEOUT", "60"))}


def _make_mesh(devices):
    import numpy as np
    from jax.sharding import Mesh
    return Mesh(np.array(devices, dtype=object), (AXIS,))


def start_multi(env: dict) -> None:
    """Join the launcher's processes with ``jax.distributed.initialize`` (gloo on CPUs)."""
    import jax
    from jax._src import distributed as jdist
    if jdist.global_state.client is not None:  # the launcher's worker joined before importing mindjax
        world.distributed = True
    if env["worker_num"] > 1 and not world.distributed:
        jax.config.update("jax_cpu_collectives_implementation", "gloo")
        heartbeat = int(os.environ.get("MINDJAX_HEARTBEAT_TIMEOUT", "100"))
        try:
            jax.distributed.initialize(coordinator_address=f"{env['host']}:{env['port']}",
                                       num_processes=env["worker_num"], process_id=env["rank"],
                                       initialization_timeout=env["timeout"], heartbeat_timeout_seconds=heartbeat,
                                       shutdown_timeout_seconds=heartbeat)
        except RuntimeError as e:
            if "before any JAX" in str(e) or "backend" in str(e).lower():
                raise RuntimeError("For 'init', JAX was already used before init() joined the other processes: "
                                   "call mindspore.communication.init() before creating any Tensor.") from e
            raise
        world.distributed = True
    devices = sorted(jax.devices(), key=lambda d: (d.process_index, d.id))
    if len(devices) != env["worker_num"] and env["worker_num"] > 1:
        # one device per process, as msrun binds one device per worker
        devices = [min((d for d in devices if d.process_index == p), key=lambda d: d.id)
                   for p in range(env["worker_num"])]
    world.mode = "multi" if env["worker_num"] > 1 else "single"
    world.devices = devices
    world.size = env["worker_num"]
    world.rank = env["rank"]
    world.local_rank, world.local_size = env["local_rank"], env["local_size"]
    world.mesh = _make_mesh(devices) if world.size > 1 else None


def start_local() -> bool:
    """A world of this process's devices when it sees more than one; False when it sees one."""
    import jax
    devices = jax.local_devices()
    if len(devices) < 2:
        return False
    world.mode, world.devices, world.size = "local", list(devices), len(devices)
    world.rank = world.local_rank = 0
    world.local_size = len(devices)
    world.mesh = _make_mesh(devices)
    return True


def reset() -> None:
    world.mode, world.size, world.rank, world.local_rank, world.local_size = "single", 1, 0, 0, 1
    world.devices = world.mesh = None
    world.groups.clear()


def is_world(group: str) -> bool:
    return group in _WORLD_NAMES


def group_ranks(group: str) -> list:
    """The sorted world ranks of ``group`` (the whole world for the world group names)."""
    if is_world(group):
        return list(range(world.size))
    try:
        return world.groups[group]
    except KeyError:
        raise ValueError(f"The group '{group}' does not exist: create it with create_group first.") from None
