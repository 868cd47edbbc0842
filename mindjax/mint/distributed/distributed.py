"""``mindspore.mint.distributed.distributed`` (re-exported by ``mindspore.mint.distributed``) for one process (rank 0 of a world of 1), as
``mindspore.communication`` in mindjax: collectives leave or copy the local data, which is
what they compute when the world has one member.

The collectives write their result into the output Tensors given (as PyTorch's), and return
None, or a handle with ``wait()`` when ``async_op=True``.

Example:
    >>> import mindjax as ms
    >>> from mindjax.mint import distributed as dist
    >>> dist.init_process_group()
    >>> dist.get_rank(), dist.get_world_size()
    (0, 1)
"""
from __future__ import annotations

import copy

from ... import communication as _comm
from ..._tensor import Tensor

_WORLD = "hccl_world_group"


class _Handle:
    """What an ``async_op=True`` collective returns: already complete."""

    def wait(self) -> bool:
        return True

    def is_completed(self) -> bool:
        return True


def _done(async_op: bool):
    return _Handle() if async_op else None


def _write(dst: Tensor, src: Tensor) -> None:
    """Copy ``src`` into the Tensor ``dst`` (same path as ``Tensor.__setitem__``)."""
    from ...common.parameter import Parameter
    from ... import ops as _ops
    if isinstance(dst, Parameter):
        _ops.assign(dst, src)
        return
    value = _ops.cast(_ops.reshape(src, tuple(dst.shape)), dst.dtype)
    dst._data = value._data
    dst._node, dst._idx = value._node, value._idx


def _check_group(name: str, group) -> None:
    if group not in (None, _WORLD) and group not in _groups:
        raise ValueError(f"For '{name}', the group '{group}' does not exist.")


_groups: dict = {}


def is_available() -> bool:
    """Whether distributed support is there (always: a world of one).

    Example:
        >>> dist.is_available()
        True
    """
    return True


def init_process_group(backend: str = "hccl", init_method=None, timeout=None, world_size: int = -1, rank: int = -1,
                       store=None, pg_options=None, device_id=None) -> None:
    """Initialise the (one-process) world.

    Example:
        >>> dist.init_process_group()
    """
    if world_size not in (-1, 1) or rank not in (-1, 0):
        raise ValueError(f"For 'init_process_group', mindjax runs one process: world_size must be 1 and rank 0, "
                         f"but got {world_size} and {rank}.")
    _comm.management._init_or_single()  # a world of one without a launcher, as before


def destroy_process_group(group: str | None = None) -> None:
    """Release the world (or forget one group).

    Example:
        >>> dist.destroy_process_group()
    """
    if group in (None, _WORLD):
        _groups.clear()
        _comm.release()
    else:
        _groups.pop(group, None)


def is_initialized() -> bool:
    """Whether :func:`init_process_group` was called.

    Example:
        >>> isinstance(dist.is_initialized(), bool)
        True
    """
    return bool(_comm.GlobalComm.INITED)


def get_rank(group: str | None = None) -> int:
    """This process's rank: 0.

    Example:
        >>> dist.get_rank()
        0
    """
    _check_group("get_rank", group)
    return 0


def get_world_size(group: str | None = None) -> int:
    """The number of processes: 1.

    Example:
        >>> dist.get_world_size()
        1
    """
    _check_group("get_world_size", group)
    return 1


def get_backend(group: str | None = None) -> str:
    """The communication backend's name.

    Example:
        >>> isinstance(dist.get_backend(), str)
        True
    """
    return "hccl"


def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None) -> str:
    """A group of ``ranks`` (only [0] exists); returns its name.

    Example:
        >>> dist.new_group([0])
        '0'
    """
    ranks = [0] if ranks is None else list(ranks)
    if ranks != [0]:
        raise ValueError(f"For 'new_group', this single-process run has only rank 0, but got ranks {ranks}.")
    name = group_desc or "0"
    _groups[name] = ranks
    return name


def get_global_rank(group, group_rank: int) -> int:
    """The world rank of ``group_rank`` in ``group`` (0).

    Example:
        >>> dist.get_global_rank(None, 0)
        0
    """
    if group_rank != 0:
        raise ValueError(f"For 'get_global_rank', the 'group_rank' must be 0, but got {group_rank}.")
    return 0


def get_group_rank(group, global_rank: int) -> int:
    """The rank in ``group`` of world rank ``global_rank`` (0).

    Example:
        >>> dist.get_group_rank(None, 0)
        0
    """
    if global_rank != 0:
        raise ValueError(f"For 'get_group_rank', the 'global_rank' must be 0, but got {global_rank}.")
    return 0


def get_process_group_ranks(group=None) -> list:
    """The world ranks in ``group``: [0].

    Example:
        >>> dist.get_process_group_ranks()
        [0]
    """
    return [0]


def barrier(group=None, async_op: bool = False, device_ids=None):
    """Wait for every process (there is one).

    Example:
        >>> dist.barrier()
    """
    return _done(async_op)


def all_reduce(tensor: Tensor, op="sum", group=None, async_op: bool = False):
    """Reduce ``tensor`` over the world in place: with one process it is unchanged.

    Example:
        >>> t = ms.Tensor([1.]); dist.all_reduce(t); t.asnumpy().tolist()
        [1.0]
    """
    return _done(async_op)


def reduce(tensor: Tensor, dst: int, op="sum", group=None, async_op: bool = False):
    """Reduce ``tensor`` to rank ``dst`` (0): unchanged.

    Example:
        >>> dist.reduce(ms.Tensor([1.]), 0)
    """
    if dst != 0:
        raise ValueError(f"For 'reduce', the 'dst' must be 0, but got {dst}.")
    return _done(async_op)


def broadcast(tensor: Tensor, src: int, group=None, async_op: bool = False):
    """Broadcast ``tensor`` from rank ``src`` (0): unchanged.

    Example:
        >>> dist.broadcast(ms.Tensor([1.]), 0)
    """
    if src != 0:
        raise ValueError(f"For 'broadcast', the 'src' must be 0, but got {src}.")
    return _done(async_op)


def all_gather(tensor_list: list, tensor: Tensor, group=None, async_op: bool = False):
    """``tensor_list[r]`` takes rank r's ``tensor``: the one entry is this tensor.

    Example:
        >>> out = [ms.Tensor([0.])]; dist.all_gather(out, ms.Tensor([2.])); out[0].asnumpy().tolist()
        [2.0]
    """
    if len(tensor_list) != 1:
        raise ValueError(f"For 'all_gather', the 'tensor_list' must have 1 Tensor, but got {len(tensor_list)}.")
    _write(tensor_list[0], tensor)
    return _done(async_op)


def all_gather_into_tensor(output_tensor: Tensor, input_tensor: Tensor, group=None, async_op: bool = False):
    """The ranks' inputs concatenated on dim 0 into ``output_tensor``: the input.

    Example:
        >>> out = ms.Tensor([0., 0.]); dist.all_gather_into_tensor(out, ms.Tensor([1., 2.]))
    """
    _write(output_tensor, input_tensor)
    return _done(async_op)


def reduce_scatter_tensor(output: Tensor, input: Tensor, op="sum", group=None, async_op: bool = False):
    """Reduce over ranks and scatter dim 0: with one rank ``output`` takes ``input``.

    Example:
        >>> out = ms.Tensor([0., 0.]); dist.reduce_scatter_tensor(out, ms.Tensor([1., 2.]))
    """
    _write(output, input)
    return _done(async_op)


def reduce_scatter(output: Tensor, input_list: list, op="sum", group=None, async_op: bool = False):
    """``output`` takes the reduction of the ranks' ``input_list[rank]``: ``input_list[0]``.

    Example:
        >>> out = ms.Tensor([0.]); dist.reduce_scatter(out, [ms.Tensor([3.])])
    """
    _write(output, input_list[0])
    return _done(async_op)


def all_to_all_single(output: Tensor, input: Tensor, output_split_sizes=None, input_split_sizes=None, group=None,
                      async_op: bool = False):
    """Exchange dim-0 splits between ranks: with one rank ``output`` takes ``input``.

    Example:
        >>> out = ms.Tensor([0., 0.]); dist.all_to_all_single(out, ms.Tensor([1., 2.]))
    """
    _write(output, input)
    return _done(async_op)


def all_to_all(output_tensor_list: list, input_tensor_list: list, group=None, async_op: bool = False):
    """``output_tensor_list[r]`` takes rank r's ``input_tensor_list[rank]``: the one entry.

    Example:
        >>> out = [ms.Tensor([0.])]; dist.all_to_all(out, [ms.Tensor([5.])])
    """
    _write(output_tensor_list[0], input_tensor_list[0])
    return _done(async_op)


def gather(tensor: Tensor, gather_list=None, dst: int = 0, group=None, async_op: bool = False):
    """Rank ``dst`` (0) collects every rank's ``tensor`` into ``gather_list``.

    Example:
        >>> out = [ms.Tensor([0.])]; dist.gather(ms.Tensor([4.]), out)
    """
    if gather_list is not None:
        _write(gather_list[0], tensor)
    return _done(async_op)


def scatter(tensor: Tensor, scatter_list=None, src: int = 0, group=None, async_op: bool = False):
    """Rank r takes ``scatter_list[r]`` from rank ``src`` (0).

    Example:
        >>> t = ms.Tensor([0.]); dist.scatter(t, [ms.Tensor([6.])])
    """
    if scatter_list is not None:
        _write(tensor, scatter_list[0])
    return _done(async_op)


def all_gather_object(object_list: list, obj, group=None) -> None:
    """``object_list[r]`` takes rank r's ``obj``.

    Example:
        >>> out = [None]; dist.all_gather_object(out, {"a": 1}); out
        [{'a': 1}]
    """
    object_list[0] = copy.deepcopy(obj)


def broadcast_object_list(object_list: list, src: int = 0, group=None, device=None) -> None:
    """Broadcast the objects of rank ``src`` (0): unchanged.

    Example:
        >>> dist.broadcast_object_list([1, 2])
    """


def gather_object(obj, object_gather_list=None, dst: int = 0, group=None) -> None:
    """Rank ``dst`` (0) collects every rank's ``obj``.

    Example:
        >>> out = [None]; dist.gather_object(3, out); out
        [3]
    """
    if object_gather_list is not None:
        object_gather_list[0] = copy.deepcopy(obj)


def scatter_object_list(scatter_object_output_list: list, scatter_object_input_list=None, src: int = 0,
                        group=None) -> None:
    """Rank r takes ``scatter_object_input_list[r]``.

    Example:
        >>> out = [None]; dist.scatter_object_list(out, ["x"]); out
        ['x']
    """
    if scatter_object_input_list is not None:
        scatter_object_output_list[0] = copy.deepcopy(scatter_object_input_list[0])


__all__ = [n for n in dir() if not n.startswith("_") and n not in ("annotations", "copy", "Tensor")]
