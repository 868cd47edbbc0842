"""``mindspore.communication.comm_func``: the collectives as functions, in PyNative and under jit.

Each is the collective ``Op`` of ``ops.operations.comm_ops`` (same kernels, same gradients).
As in MindSpore 2.10, ``all_reduce``, ``all_gather_into_tensor``, ``reduce_scatter_tensor`` and the
``all_to_all_*`` functions return ``(output, handle)``: ``handle`` is None, or with
``async_op=True`` a :class:`CommHandle` whose ``wait()`` blocks until the output is computed
(JAX runs collectives asynchronously already).
"""
from __future__ import annotations

from .._tensor import Tensor
from ..ops.operations.comm_ops import ReduceOp, collective, send_recv
from . import _world as W
from .management import GlobalComm, get_group_rank_from_world_rank, get_rank

__all__ = ["all_reduce", "all_gather_into_tensor", "reduce_scatter_tensor", "reduce", "broadcast", "barrier",
           "send", "recv", "all_to_all_with_output_shape", "all_to_all_single_with_output_shape",
           "gather_into_tensor", "scatter_tensor", "CommHandle", "ReduceOp"]


class CommHandle:
    """The handle of a collective started with ``async_op=True``; ``wait()`` blocks until its
    output is ready."""

    def __init__(self, output=None):
        self._output = output

    def wait(self) -> None:
        for t in (self._output if isinstance(self._output, tuple) else (self._output,)):
            if isinstance(t, Tensor):
                t._data.block_until_ready()


def _check_tensor(api, tensor):
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For {api}, the input tensor must be tensor")


def _check_str_group(group):
    if not isinstance(group, str):
        raise TypeError(f"group must be type of string, but got {type(group)}")


def _ranks(group):
    return tuple(W.group_ranks(group)) if GlobalComm.INITED else (0,)


def _out(output, async_op):
    return (output, CommHandle(output) if async_op else None)


def _check_op(api, op):
    if not isinstance(op, str):
        raise TypeError(f"For {api}, the input op type must be str")
    if op not in ("sum", "prod", "min", "max"):
        raise TypeError(f"For {api}, the input op value must be one of sum, prod, min, max")


def all_reduce(tensor: Tensor, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP,
               async_op: bool = False):
    """``(output, handle)``: ``tensor`` reduced with ``op`` over the ranks of ``group``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.communication.comm_func import all_reduce
        >>> out, _ = all_reduce(ms.Tensor([1.0, 2.0]))  # a world of one
        >>> print(out)
        [1. 2.]
    """
    _check_tensor("all_reduce", tensor)
    _check_op("all_reduce", op)
    _check_str_group(group)
    return _out(collective("AllReduce", "all_reduce", tensor, group, op=op), async_op)


def all_gather_into_tensor(tensor: Tensor, group: str = GlobalComm.WORLD_COMM_GROUP, async_op: bool = False):
    """``(output, handle)``: the ranks' ``tensor`` concatenated on axis 0 in rank order."""
    _check_tensor("all_gather_into_tensor", tensor)
    _check_str_group(group)
    return _out(collective("AllGather", "all_gather", tensor, group, mean_flag=False), async_op)


def reduce_scatter_tensor(tensor: Tensor, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP,
                          async_op: bool = False):
    """``(output, handle)``: ``tensor`` reduced over the ranks and cut on axis 0; rank ``i`` of the
    group receives block ``i``."""
    _check_tensor("reduce_scatter_tensor", tensor)
    _check_op("reduce_scatter_tensor", op)
    n = len(_ranks(group))
    if tensor.ndim < 1 or tensor.shape[0] % n:
        raise ValueError(f"For 'reduce_scatter_tensor', the first dimension of the input must be divisible by the "
                         f"group size {n}, but got shape {list(tensor.shape)}.")
    return _out(collective("ReduceScatter", "reduce_scatter", tensor, group, op=op), async_op)


def reduce(tensor: Tensor, dst: int, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP) -> Tensor:
    """The reduction of ``tensor`` over the group on the world rank ``dst``; the other ranks get a
    Tensor of shape [1] holding 0, as in MindSpore."""
    _check_tensor("reduce", tensor)
    if GlobalComm.INITED:
        get_group_rank_from_world_rank(dst, group)  # raises when dst is not in the group
    out = collective("AllReduce", "all_reduce", tensor, group, op=op)
    if get_rank() == dst:
        return out
    from .. import ops
    return ops.zeros((1,), tensor.dtype)


def broadcast(tensor: Tensor, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> Tensor:
    """The ``tensor`` of the world rank ``src``, on every rank of the group.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.communication.comm_func import broadcast
        >>> print(broadcast(ms.Tensor([3.0])))  # a world of one
        [3.]
    """
    _check_tensor("broadcast", tensor)
    if not isinstance(src, int):
        raise TypeError("For broadcast, the src must be int")
    ranks = _ranks(group)
    if src not in ranks:
        raise ValueError(f"For broadcast, the src {src} is not a rank of the group {list(ranks)}.")
    return collective("Broadcast", "broadcast", tensor, group, root=ranks.index(src))


def gather_into_tensor(tensor: Tensor, dst: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> Tensor:
    """The ranks' ``tensor`` concatenated on axis 0 on the world rank ``dst``; the others get a
    Tensor of shape [1] holding 0."""
    _check_tensor("gather_into_tensor", tensor)
    if not isinstance(dst, int):
        raise TypeError("For gather_into_tensor, the dst must be int")
    out = collective("AllGather", "all_gather", tensor, group, mean_flag=False)
    if get_rank() == dst:
        return out
    from .. import ops
    return ops.zeros((1,), tensor.dtype)


def scatter_tensor(tensor: Tensor, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> Tensor:
    """The ``i``-th block on axis 0 of the ``tensor`` of world rank ``src``, on group rank ``i``."""
    _check_tensor("scatter_tensor", tensor)
    if not isinstance(src, int):
        raise TypeError("For scatter_tensor, the src must be int")
    ranks = _ranks(group)
    if src not in ranks:
        raise ValueError(f"For scatter_tensor, the src {src} is not a rank of the group {list(ranks)}.")
    n = len(ranks)
    if tensor.ndim < 1 or tensor.shape[0] % n:
        raise ValueError(f"For scatter_tensor, the first dimension of the input must be divisible by the group "
                         f"size {n}, but got shape {list(tensor.shape)}.")
    full = collective("Broadcast", "broadcast", tensor, group, root=ranks.index(src))
    k = tensor.shape[0] // n
    me = ranks.index(get_rank()) if GlobalComm.INITED and W.world.mode == "multi" else 0
    return full[me * k:(me + 1) * k]


def barrier(group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
    """Wait until every rank of ``group`` reaches this call."""
    _check_str_group(group)
    from .. import ops, _dtype as mstype
    out = collective("AllReduce", "all_reduce", ops.ones((1,), mstype.float32), group, op="sum")
    out._data.block_until_ready()


def send(tensor: Tensor, dst: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP, tag: int = 0) -> None:
    """Send ``tensor`` to the world rank ``dst``, which calls :func:`recv` with a Tensor of the same
    shape and dtype."""
    _check_tensor("send", tensor)
    send_recv("send", tensor, get_rank(), dst, group)


def recv(tensor: Tensor, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP, tag: int = 0) -> Tensor:
    """The Tensor that the world rank ``src`` sends with :func:`send`; ``tensor`` gives its shape
    and dtype."""
    _check_tensor("recv", tensor)
    if not isinstance(src, int):
        raise TypeError("For recv, the src must be int")
    from .. import ops
    return send_recv("recv", ops.zeros(tensor.shape, tensor.dtype), src, get_rank(), group)


def all_to_all_single_with_output_shape(output_shape, tensor: Tensor, output_split_sizes=None,
                                        input_split_sizes=None, group=None, async_op: bool = False):
    """``(output, handle)``: ``tensor`` cut in equal blocks on axis 0, block ``j`` sent to group
    rank ``j``, the blocks received concatenated on axis 0. Unequal split sizes are not supported
    (ValueError)."""
    _check_tensor("all_to_all_single_with_output_shape", tensor)
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    n = len(_ranks(group))
    for sizes in (output_split_sizes, input_split_sizes):
        if sizes and len(set(sizes)) > 1:
            raise ValueError("For all_to_all_single_with_output_shape, mindjax supports equal split sizes only, but "
                             f"got {sizes}.")
    if tensor.shape[0] % n:
        raise ValueError(f"For all_to_all_single_with_output_shape, the first dimension of the input must be "
                         f"divisible by the group size {n}, but got shape {list(tensor.shape)}.")
    out = collective("AlltoAll", "all_to_all", tensor, group, split_axis=0, concat_axis=0)
    if output_shape is not None and tuple(output_shape if not isinstance(output_shape, Tensor)
                                          else output_shape.shape) != tuple(out.shape):
        raise ValueError(f"For all_to_all_single_with_output_shape, the output shape is {list(out.shape)}, but "
                         f"got output_shape {output_shape}.")
    return _out(out, async_op)


def all_to_all_with_output_shape(output_shape_list, input_tensor_list, group=None, async_op: bool = False):
    """``(outputs, handle)``: ``input_tensor_list[j]`` goes to group rank ``j``; ``outputs[j]`` is
    what rank ``j`` sent here. Every input must have the same shape."""
    if not isinstance(input_tensor_list, (list, tuple)) or not input_tensor_list:
        raise TypeError(f"Expected list or tuple, but got {type(input_tensor_list)}.")
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    n = len(_ranks(group))
    if len(input_tensor_list) != n:
        raise ValueError(f"For all_to_all_with_output_shape, the input list must have one Tensor per rank ({n}), "
                         f"but got {len(input_tensor_list)}.")
    from .. import ops
    stacked = ops.stack([t for t in input_tensor_list])
    out = collective("AlltoAll", "all_to_all", stacked, group, split_axis=0, concat_axis=0)
    return _out(tuple(out[i] for i in range(n)), async_op)
